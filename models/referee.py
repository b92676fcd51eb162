"""The referee's mechanisms every game shares, written once.

A game's ``referee.py`` knows what its table shows (which actions a difference
between the expected table and the reading could be); the searching is here:

* :func:`outcomes`, :func:`first_legal`, :func:`fitting`, :func:`first_fitting`:
  try candidate action sequences on a copy of the state and keep the legal ones,
  or those whose expected table equals the reading (:meth:`Game.referee`, the
  console's "confirm");
* :func:`first_refusal` and :func:`follow`: find the rule a table breaks, either
  as the first candidate the rules refuse or by following the table step by
  step until a rule refuses (a take of the wrong size, a haunt out of turn);
* :func:`put_back`: the "put X back ..." lines that say how to restore the
  expected table.

Example::

    fit = first_fitting(game, state, reading)
    if fit is not None:
        actions, new_state, events = fit
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from .errors import IllegalAction

# models.engine's Action and Event, named here without importing the engine
# (the engine imports this module)
Action = Any
Event = Any
State = dict[str, Any]

K = TypeVar("K", bound=Hashable)
P = TypeVar("P")


class Fit(NamedTuple):
    """A legal candidate: its actions, the state after them, and what happened."""

    actions: list[Action]
    state: State
    events: list[Event]


def outcomes(game: Any, state: State, proposals: Iterable[Sequence[Action]]) -> Iterator[Fit]:
    """Each proposal the rules accept from ``state``, applied on a copy, in order
    (lazily: stop iterating and the rest are never tried)."""
    for seq in proposals:
        try:
            new, events = game.apply_all(state, seq)
        except IllegalAction:
            continue
        yield Fit(list(seq), new, events)


def first_legal(game: Any, state: State, proposals: Iterable[Sequence[Action]]) -> Fit | None:
    """The first proposal the rules accept, or None."""
    return next(outcomes(game, state, proposals), None)


def fitting(game: Any, state: State, reading: Any,
            proposals: Iterable[Sequence[Action]] | None = None) -> Iterator[Fit]:
    """The legal proposals whose expected table equals the reading (by the game's
    ``same_table``), in order; ``proposals`` defaults to the game's own
    ``candidates(state, reading)``."""
    if proposals is None:
        proposals = game.candidates(state, reading)
    for fit in outcomes(game, state, proposals):
        if game.same_table(game.expected_table(fit.state), reading):
            yield fit


def first_fitting(game: Any, state: State, reading: Any,
                  proposals: Iterable[Sequence[Action]] | None = None) -> Fit | None:
    """The first legal proposal that ends at the table seen, or None."""
    return next(fitting(game, state, reading, proposals), None)


def is_legal(game: Any, state: State, actions: Sequence[Action]) -> bool:
    """Whether the rules accept the whole sequence from ``state``."""
    return first_legal(game, state, [actions]) is not None


def first_refusal(game: Any, state: State, proposals: Iterable[Sequence[Action]]) -> str | None:
    """The reason of the first proposal the rules refuse (legal ones are passed
    over), or None when every proposal is legal."""
    for seq in proposals:
        try:
            game.apply_all(state, seq)
        except IllegalAction as e:
            return e.reason
    return None


@dataclass
class Walk:
    """One way of following the table step by step: the legal ``chain`` of
    actions, the ``state`` after it and every state along the way (``trail``,
    the first included); when a rule refused the next step, ``error`` is the
    refusal and ``refused`` the step's actions (not in ``chain``)."""

    chain: list[Action]
    state: State
    error: IllegalAction | None = None
    refused: list[Action] = field(default_factory=list)
    trail: list[State] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.trail:
            self.trail = [self.state]

    @property
    def refusal(self) -> str | None:
        """Why the rules refused the next step, or None."""
        return self.error.reason if self.error is not None else None


def follow(game: Any, state: State, next_step: Callable[[State], Sequence[Action]],
           reading: Any = None, max_steps: int = 16) -> Walk:
    """Follow the table as the rules would: ``next_step(state)`` gives the
    actions of the next step the table shows (applied together; empty: nothing
    more is shown). Stops at the first step the rules refuse, when nothing more
    is shown, after ``max_steps`` steps, or (with ``reading``) as soon as the
    expected table equals the reading."""
    walk = Walk([], state)
    for _ in range(max_steps):
        if reading is not None and game.same_table(game.expected_table(walk.state), reading):
            break
        step = list(next_step(walk.state))
        if not step:
            break
        try:
            walk.state, _ = game.apply_all(walk.state, step)
        except IllegalAction as e:
            walk.error, walk.refused = e, step
            break
        walk.chain.extend(step)
        walk.trail.append(walk.state)
    return walk


def put_back(expected: Mapping[K, P], seen: Mapping[K, P], line: Callable[[K, P | None, P | None], str],
             limit: int | None = None, order: Callable[[K], Any] | None = None) -> list[str]:
    """One line per component whose place differs between the expected table
    and the reading, ``line(component, expected_place, seen_place)`` (None: not
    there), in ``order`` (default: sorted); beyond ``limit`` lines, the rest is
    counted as "and N more"."""
    # keys are names or (kind, id) tuples: comparable, which a Hashable bound cannot say
    by: Callable[[K], Any] = order or (lambda k: k)
    keys: list[K] = sorted(set(expected) | set(seen), key=by)
    lines = [line(k, expected.get(k), seen.get(k)) for k in keys if expected.get(k) != seen.get(k)]
    if limit is not None and len(lines) > limit:
        lines = lines[:limit] + [f"and {len(lines) - limit} more"]
    return lines
