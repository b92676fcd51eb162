"""The contract every game keeps, checked after every step of random legal games.

A *driver* plays one whole random game of one game and yields each step as
``(state_before, actions, state_after)`` (see ``tests/contract/drivers.py``: one
driver for every game, each move picked from the game's ``legal_actions``).
:func:`check_game` follows the steps and checks, after every one:

* the engine is deterministic and never changes the state it is given: applying
  the step again to a copy gives the same state, and the copy is unchanged;
* every action survives a JSON round trip (``parse_action(to_json())``), and so
  does the state;
* an illegal action changes nothing, and its refusal reads ``"<type>: <reason>"``
  (the step's own actions, tried again on the state after it, are the illegal
  actions: a card cannot be played twice);
* nothing is in two places and nothing exists that the catalog does not hold
  (the game's :meth:`~models.engine.Game.whereabouts`);
* every score is the sum of its explained lines;
* no public output (``public_view`` and the prompts) names a secret component
  that is not lying face up on the table;
* on every ``read_every``-th state, the table drawn by ``arrange`` reads back as
  the expected table;

and once per game, that undo is exact: replaying the game's actions up to a
random step from ``setup`` gives the state recorded at that step.

Example::

    report = check_game(get_game("TCG"), ["RED", "BLUE"], seed=3, driver=drivers["TCG"])
    report.over, report.steps
"""
from __future__ import annotations

import functools
import html
import json
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from models.engine import Action, Game, IllegalAction, copy_state
from models.table import seen_from_above

Step = tuple[dict[str, Any], list[Action], dict[str, Any]]
#: plays one random game: (game, players, seed) -> its steps
Driver = Callable[[Game, list[str], int], Iterator[Step]]


@dataclass
class Report:
    """What one checked game did: how many steps, whether it reached the end."""

    steps: int
    over: bool


class ContractBroken(AssertionError):
    """An invariant failed; the message names the game, the seed and the step."""


def check_game(game: Game, players: Sequence[str], seed: int, driver: Driver, read_every: int = 0) -> Report:
    """Play one random game with ``driver`` and check the contract after every step."""
    players = list(players)
    where = f"{game.code} {','.join(players)} seed {seed}"
    first = game.setup(players, {})
    states: list[dict[str, Any]] = [first]
    actions: list[Action] = []
    sizes: list[int] = []
    _check_state(game, first, f"{where}, after setup")
    n = 0
    for n, (before, step, after) in enumerate(driver(game, players, seed), 1):
        at = f"{where}, step {n} ({', '.join(a.type for a in step)})"
        _check_step(game, before, step, after, at)
        _check_state(game, after, at)
        if read_every and n % read_every == 0:
            _check_reading(game, after, at)
        states.append(after)
        actions.extend(step)
        sizes.append(len(step))
    _check_replay(game, players, states, sizes, actions, random.Random(seed), where)
    return Report(n, game.is_over(states[-1]))


def _fail(at: str, what: str) -> ContractBroken:
    return ContractBroken(f"{at}: {what}")


def _check_step(game: Game, before: dict[str, Any], step: list[Action], after: dict[str, Any], at: str) -> None:
    given = copy_state(before)
    again, _ = game.apply_all(given, step)
    if given != before:
        raise _fail(at, "apply changed the state it was given")
    if again != after:
        raise _fail(at, "the same step applied again gave another state")
    for a in step:
        if game.parse_action(json.loads(json.dumps(a.to_json()))) != a:
            raise _fail(at, f"{a.type} does not survive a JSON round trip: {a.to_json()}")
    for a in step:          # played again: illegal (or legal, in which case nothing to check)
        kept = copy_state(after)
        try:
            game.apply(kept, a)
        except IllegalAction as e:
            if kept != after:
                raise _fail(at, f"a refused {a.type} changed the state") from None
            if not str(e).startswith(f"{a.type}: "):
                raise _fail(at, f"a refusal does not read '{a.type}: <reason>': {e}") from None


def _check_state(game: Game, state: dict[str, Any], at: str) -> None:
    if json.loads(json.dumps(state)) != state:
        raise _fail(at, "the state does not survive a JSON round trip")
    places = game.whereabouts(state)
    if places is not None:
        dups = places.duplicates()
        if dups:
            raise _fail(at, f"in two places at once: {dups}")
        short = {k: v for k, v in places.unaccounted(game._kind_counts()).items() if v < 0}
        if short:
            raise _fail(at, f"more components on record than the catalog holds: {short}")
    board = game.score(state)
    for who, entry in board.entries.items():
        if entry.total != sum(line.points for line in entry.breakdown):
            raise _fail(at, f"{who}'s total {entry.total} is not the sum of its lines")
    _check_secrets(game, state, at)


def leaves_no_trace(game: Game, before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Whether a step left the table as it was, by the game's own comparison of
    the tables the two states expect (a card chosen face down, a Peek, a hand
    discarded): no camera can catch such a move up, the console tells it. Read
    from the game itself, so a new game's untraceable moves need no list."""
    return bool(game.same_table(game.expected_table(before), game.expected_table(after)))


def words(text: str) -> set[str]:
    """Every whole word of ``text``: runs of letters and digits, and whole payloads."""
    text = html.unescape(text)
    return set(re.findall(r"[A-Za-z0-9]+", text)) | set(re.findall(r"[A-Za-z0-9]+(?::[A-Za-z0-9]+)+", text))


def secret_names(game: Game, state: dict[str, Any]) -> set[str]:
    """The payloads and ids of secret components that do not lie face up on the
    table (``expected_table``) and that the game does not hold public where they
    are (``Whereabouts.shown``: Old Witch's Witch, the one card left once every
    pair is laid): no public output may name them."""
    if not game.secret_kinds:
        return set()
    shown = words(json.dumps(game.expected_table(state)))
    places = game.whereabouts(state)
    return {name for payload, names in _secret_components(game) for name in names
            if name not in shown and not (places is not None and places.shown(payload))}


@functools.cache
def _secret_components(game: Game) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each secret component's payload and the names that give it away: its
    payload and id, not an id that only restates one of the card's own public
    values (Girls vs Ghouls' ``GVG:ID:REPORTER`` is the one card of team
    ``REPORTER``, a word the scores say from the start)."""
    return tuple((c.payload, tuple(n for n in (c.payload, c.id) if n not in {str(v) for v in c.values.values()}))
                 for c in game.catalog if game.count_kind(c.payload) in game.secret_kinds)


def _check_secrets(game: Game, state: dict[str, Any], at: str) -> None:
    every = {name for _, names in _secret_components(game) for name in names}
    if not every:
        return
    public = html.unescape(json.dumps(game.public_view(state)) + json.dumps([p.to_json() for p in game.prompts(state)]))
    named = {name for name in every if name in public}     # a whole word is in the text first of all
    if not named:
        return
    found = sorted(named & secret_names(game, state) & words(public))
    if found:
        raise _fail(at, f"a public output names secret {found}")


#: a perfect camera (see :func:`models.table.seen_from_above`)
camera_of = seen_from_above


def _check_reading(game: Game, state: dict[str, Any], at: str) -> None:
    table = game.table_mm(len(state["players"]))     # the table the game's page asks for
    reading = game.read(state, camera_of(game.arrange(state, table), table))
    if not game.same_table(game.expected_table(state), reading):
        raise _fail(at, "the drawn table does not read back as the expected table")


def _check_replay(game: Game, players: list[str], states: list[dict[str, Any]], sizes: list[int],
                  actions: list[Action], rng: random.Random, where: str) -> None:
    """Undo is a replay of the journal minus the last steps: it must land exactly
    on the state recorded after step ``k`` (a random step of the game)."""
    if len(states) < 2:
        return
    k = rng.randrange(1, len(states))
    state, _ = game.apply_all(game.setup(players, {}), actions[:sum(sizes[:k])])
    if state != states[k]:
        raise _fail(where, f"replaying the first {k} steps does not give the state recorded there")
