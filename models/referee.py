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
* :func:`explore`: a bounded search over sequences of legal steps for a jump
  the camera did not see step by step (a hand over the table, a slow frame
  rate, a camera lost for a minute): every distinct explanation within
  :data:`MAX_DEPTH` steps and :data:`MAX_NODES` states, so that the referee
  applies one only when it is the only one;
* :func:`read_on`: a table read on from explanations still waiting for the
  referee's pick (the players played on);
* :func:`put_back`: the "put X back ..." lines that say how to restore the
  expected table.

Example::

    fit = first_fitting(game, state, reading)
    if fit is not None:
        actions, new_state, events = fit
"""
from __future__ import annotations

import hashlib
import heapq
import json
import pickle
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from .errors import IllegalAction
from .text import trn

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


#: The search's bound: explanations of at most this many steps ...
MAX_DEPTH = 12
#: ... found by trying at most this many steps from the state before the jump
#: (a step is one :meth:`Game.apply_all`; worst cases per game are in ``make bench``)
MAX_NODES = 2000
#: A game taken over as it lies ("the companion was started late") is followed
#: from its setup: up to this many moves ...
LATE_DEPTH = 200
#: ... and this many moves tried (a few seconds at most, once)
LATE_NODES = 30000
#: More distinct explanations than this are not told apart: the console lists these
MAX_FITS = 4
#: Once an explanation of n steps is found, longer ones are looked for up to
#: n + SLACK steps (an unseen detour through the same table is that much less
#: likely); an explanation is applied when it is the only one within that
SLACK = 2


@dataclass
class Search:
    """The outcome of :func:`explore`: the distinct explanations found (``fits``,
    in the order found, shortest first among equals), how many steps were tried
    (``nodes``), how many steps deep the search went (``depth``), and whether
    it tried every sequence within the bound (``complete``): up to
    :data:`SLACK` steps longer than the shortest explanation, or
    :data:`MAX_DEPTH` steps when none was found. False when :data:`MAX_NODES`
    ran out first, or when more than :data:`MAX_FITS` explanations fit."""

    fits: list[Fit]
    nodes: int
    complete: bool
    depth: int = 0

    @property
    def only(self) -> Fit | None:
        """The explanation to apply without asking: the only one, in a search that
        tried everything within the bound; otherwise None."""
        return self.fits[0] if len(self.fits) == 1 and self.complete else None


def state_key(state: State) -> str:
    """A state as one canonical string: two explanations are one when their end
    states' keys are equal."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def successors(game: Any, state: State, reading: Any) -> list[Sequence[Action]]:
    """The steps the search tries from ``state``: the game's :meth:`steps`
    toward the reading (its legal actions narrowed by what the table shows:
    the shipped games' tests hold every legal step to :meth:`legal_actions`),
    or, for a game that proposes no steps of its own, every one of its
    :meth:`legal_actions`, the one legal-move source. A game has steps of its
    own when it names a ``search`` module (:class:`models.engine.Modules`) or
    overrides :meth:`steps`."""
    own = getattr(type(game), "steps", None)
    if game.modules.search is not None or (own is not None and own is not _base_steps(game)):
        steps: list[Sequence[Action]] = game.steps(state, reading)
        return steps
    return [(a,) for a in game.legal_actions(state)]


def _base_steps(game: Any) -> Any:
    """``Game.steps`` itself (the engine imports this module, not the reverse)."""
    for cls in type(game).__mro__:
        if cls.__name__ == "Game" and cls.__module__ == "models.engine":
            return getattr(cls, "steps", None)
    return None


def explore(game: Any, state: State, reading: Any,
            steps: Callable[[State, Any], Iterable[Sequence[Action]]] | None = None,
            max_depth: int = MAX_DEPTH, max_nodes: int = MAX_NODES, max_fits: int = MAX_FITS,
            slack: int = SLACK) -> Search:
    """Every distinct way (up to ``max_fits``) of getting from ``state`` to a state
    whose expected table equals ``reading`` by a sequence of legal steps.

    ``steps(state, reading)`` (default: :func:`successors`, the game's legal
    actions) gives the steps that may come next. Each is applied on a copy; an
    illegal step is a dead end. Two explanations are the same when they end in
    the same state.

    The search has a goal: the game's :meth:`Game.distance` bounds from below
    the steps still needed to reach the table (a piece three squares away needs
    three moves), and the search always goes on from the state whose steps
    taken and steps still needed add up to the least (A*; the deeper first
    among equals), so the steps it tries go to the sequences that can reach the
    table soonest, never to a state that cannot reach it within the bound
    (:data:`MAX_DEPTH` steps). Once an explanation of *n* steps is found the
    bound becomes *n* + ``slack`` (:data:`SLACK`), and the search ends when
    nothing within the bound is left to try: every explanation up to that
    length is found, shortest first. A state reached again by a shorter
    sequence is searched again from there::

        found = explore(game, state, reading)
        if found.only is not None:
            state = found.only.state
    """
    next_steps: Callable[[State, Any], Iterable[Sequence[Action]]] = (
        steps if steps is not None else (lambda st, r: successors(game, st, r)))
    start = game.distance(state, reading)
    if start is None:
        return Search([], 0, True, 0)
    # memory stays small however wide the search: states are kept only while
    # waiting to be searched from, pickled (a tenth of a live dict's size);
    # every node tried keeps its parent, its step and its events (to spell out
    # an explanation), and a 16-byte digest marks the states reached, with the
    # fewest steps each was reached in
    tree: list[tuple[int, Sequence[Action], list[Event]]] = [(-1, (), [])]
    best = {_digest(state): 0}
    fits: dict[bytes, tuple[int, State, int]] = {}
    # (fewest steps through it, minus its depth, order pushed, its node, its digest, the state packed, actions
    # still needed); the order pushed is unique, so nothing after it is ever compared
    waiting: list[tuple[int, int, int, int, bytes, bytes, int]] = [(start, 0, 0, 0, _digest(state), _packed(state),
                                                                    start)]
    nodes = deepest = pushed = 0
    bound = max_depth
    cut = False
    widest = 1

    def result(complete: bool) -> Search:
        out = []
        for j, st, _ in sorted(fits.values(), key=lambda f: f[2])[:max_fits]:
            actions, events = _spelled(tree, j)
            out.append(Fit(actions, st, events))
        return Search(out, nodes, complete, deepest)

    def soonest(depth: int, left: int) -> int:
        """The fewest steps an explanation through this state can take: the
        actions still needed spread over steps as wide as the widest seen so
        far (a step may hold several actions, a move and its card)."""
        return depth + max(1, -(-left // widest))

    while waiting:
        _, minus_depth, _, here_at, here_key, packed, left = heapq.heappop(waiting)
        depth = -minus_depth
        if best[here_key] < depth:
            continue                            # reached since by fewer steps: searched from there
        st: State = pickle.loads(packed)
        here = list(next_steps(st, reading))
        widest = max([widest, *(len(step) for step in here)])
        if soonest(depth, left) > bound:        # too far for the bound (or it shrank since)
            cut = cut or not fits
            continue
        deepest = max(deepest, depth + 1)
        for step in here:
            if nodes >= max_nodes:
                return result(False)
            nodes += 1
            try:
                new, ev = game.apply_all(st, step)
            except IllegalAction:
                continue
            key = _digest(new)
            if best.get(key, bound + 1) <= depth + 1:
                continue
            best[key] = depth + 1
            if game.same_table(game.expected_table(new), reading):
                tree.append((here_at, tuple(step), ev))
                fits[key] = (len(tree) - 1, new, depth + 1)
                if len(fits) > max_fits:
                    return result(False)
                bound = min(bound, min(f[2] for f in fits.values()) + slack)
                continue
            far = game.distance(new, reading)
            if far is None:
                continue
            far = max(far, 1)
            if depth + 2 > bound:               # it may reach the table, past the bound
                cut = cut or not fits
                continue
            # judged against the bound when searched from, with the widest step seen by then: a
            # wider step found meanwhile may bring it within (its place in the queue only waits)
            tree.append((here_at, tuple(step), ev))
            pushed += 1
            heapq.heappush(waiting, (soonest(depth + 1, far), -(depth + 1), pushed, len(tree) - 1, key,
                                     _packed(new), far))
    return result(bool(fits) or not cut)


def read_on(game: Any, pending: Sequence[Fit], snapshot: Any, gap: bool) -> tuple[dict[str, Fit], bool]:
    """A settled table read on from each explanation still waiting for the
    referee's pick (:meth:`Game.referee_on`: the players played on): what each
    reading finds, as one change or as after a gap (``gap``), joined to the
    explanation it leads on from, by the state it ends in; readings more than
    :data:`SLACK` moves (a game's ``detour_slack`` after a gap) longer than
    the shortest dropped, as one search drops them. And whether every reading
    was sure: applied, in sync, or nothing within its bound."""
    onward: list[tuple[Fit, Fit]] = []      # (a pending explanation, a reading on from it)
    sure = True
    for before in pending:
        verdict = game.referee(before.state, snapshot, gap=gap)
        sure = sure and verdict.complete and verdict.status in ("in_sync", "applied", "out_of_sync")
        applied = [Fit(verdict.actions, verdict.state, verdict.events)] \
            if verdict.status in ("in_sync", "applied") else []
        onward += [(before, fit) for fit in verdict.choices or applied]
    slack = game.detour_slack if gap and game.detour_slack is not None else SLACK
    shortest = min((len(fit.actions) for _, fit in onward), default=0)
    found: dict[str, Fit] = {}
    for before, fit in onward:
        if len(fit.actions) <= shortest + slack:
            found.setdefault(state_key(fit.state), Fit([*before.actions, *fit.actions], fit.state,
                                                       [*before.events, *fit.events]))
    return found, sure


def _packed(state: State) -> bytes:
    return pickle.dumps(state, pickle.HIGHEST_PROTOCOL)


def _digest(state: State) -> bytes:
    return hashlib.blake2b(state_key(state).encode(), digest_size=16).digest()


def _spelled(tree: list[tuple[int, Sequence[Action], list[Event]]], j: int) -> tuple[list[Action], list[Event]]:
    """The actions and events from the root of the search to node ``j``."""
    steps: list[Sequence[Action]] = []
    events: list[list[Event]] = []
    while j > 0:
        parent, step, ev = tree[j]
        steps.append(step)
        events.append(ev)
        j = parent
    return [a for step in reversed(steps) for a in step], [e for ev in reversed(events) for e in ev]


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
        lines = lines[:limit] + [trn("and {n} more", "and {n} more", len(lines) - limit)]
    return lines
