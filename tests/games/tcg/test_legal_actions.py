"""``legal_actions`` is exactly what ``apply`` accepts, over the states of random games.

(a) every listed action is accepted; (b) every action the random games play is
listed (they draw from this same list, so for The Closest Ghost (b) only guards
the wiring; (c) is the real check); (c) an independent probe: EVERY
combination of the console's field choices (``field_choices`` as
:func:`models.action_form.describe` gives them, about 190 actions a state) is
tried on ``apply``, and each one accepted is listed; (d) no action is listed twice. The driver's games
use the default options; the others vary every option (king ghosts, wrapping
ghosts, trapped players moving a ghost, blocked ghosts passing to the next,
avatars blocking, the 6x3 layout, turned boards).
"""
from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from models.action_form import describe
from models.engine import IllegalAction, MalformedAction
from tests.contract.drivers import PLAYERS
from tests.games.tcg.tcg_support import GAME, table_steps

VARIANTS: list[dict[str, Any]] = [
    {"ghost_step": "king", "ghost_wrap": True, "trapped": "ghost", "blocked_ghost": "next"},
    {"layout": "6x3", "rotation_a": 90, "rotation_b": 180, "wrap": False, "avatars_block": True},
]


def key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def driver_games() -> Iterator[tuple[str, list[tuple[dict[str, Any], list[Any]]]]]:
    for players in PLAYERS["TCG"]:
        for seed in (0, 1):
            yield f"driver {players} seed {seed}", [(s, a) for s, a, _ in table_steps(GAME, list(players), seed)]


def variant_game(options: dict[str, Any], seed: int) -> list[tuple[dict[str, Any], list[Any]]]:
    rng = random.Random(seed)
    state = GAME.setup(["RED", "BLUE"], options)
    out = []
    while not GAME.is_over(state) and len(out) < 150:
        action = rng.choice(GAME.legal_actions(state))
        out.append((state, [action]))
        state, _ = GAME.apply(state, action)
    out.append((state, []))
    return out


def combinations(fields: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every combination of the select fields' choices (an optional one may also
    be left out): the probe's own enumeration, independent of ``legal_actions``."""
    pools = [[(f["name"], c["value"]) for c in f["choices"]] + ([] if f["required"] else [(f["name"], None)])
             for f in fields if f["control"] == "select"]
    for combo in itertools.product(*pools):
        yield {k: v for k, v in combo if v is not None}


def accepted_by_probe(state: dict[str, Any]) -> set[str]:
    """Every action built from the console's field choices that ``apply`` accepts."""
    out = set()
    for cls in GAME.actions:
        _, fields = describe(GAME, state, cls.type)
        for values in combinations(fields):
            try:
                action = GAME.parse_action({"type": cls.type, **values})
                GAME.apply(state, action)
            except (IllegalAction, MalformedAction):
                continue
            out.add(key(action))
    return out


def check(state: dict[str, Any], played: list[Any], probe: bool) -> int:
    legal = GAME.legal_actions(state)
    listed = [key(a) for a in legal]
    assert len(set(listed)) == len(listed), f"listed twice: {listed}"                     # (d)
    for a in legal:                                                                         # (a)
        GAME.apply(state, a)
    for a in played:                                                                        # (b)
        assert key(a) in listed, f"the driver played {a}, not listed"
    if probe:                                                                               # (c)
        missing = accepted_by_probe(state) - set(listed)
        assert not missing, f"apply accepts these, legal_actions does not list them: {sorted(missing)}"
    if GAME.is_over(state):
        assert legal == []
    return len(legal)


def test_legal_actions_are_what_apply_accepts_in_the_drivers_games():
    sizes = []
    for i, (name, steps) in enumerate(driver_games()):
        assert steps, name
        for state, played in steps:
            sizes.append(check(state, played, probe=i == 0))
    assert max(sizes) == 20            # the setup: 6 board turns and 14 open squares


@pytest.mark.parametrize("options", VARIANTS, ids=["king-wrap-trapped-ghost-next", "6x3-turned-nowrap-block"])
def test_legal_actions_are_what_apply_accepts_under_every_option(options):
    steps = variant_game(options, seed=7)
    rng = random.Random(3)
    for state, played in steps:
        check(state, played, probe=rng.random() < 0.5)
    assert GAME.is_over(steps[-1][0]) or len(steps) > 150
