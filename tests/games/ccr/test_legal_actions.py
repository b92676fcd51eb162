"""``legal_actions``: the one list of Candy Crave's moves, held equal to what
``apply`` accepts over the states of random driver games.

Actions are listed exactly while there are few enough (models/candy_crave/
moves.py); beyond, a take by its mix of sweet types, a row by its faces. So
"listed" means: the action's listed form (``canonical``: the action itself
where the list is exact) is in the list, and applying the action or its listed
form gives the same game up to which token of a type (or tile of a face) it was.
"""
from __future__ import annotations

import dataclasses
import json
import random
import statistics
import typing
from typing import Any

import pytest

from models.candy_crave.moves import canonical
from models.engine import IllegalAction, MalformedAction
from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.ccr.driver import table_steps

GAME = get_game("CCR")
KIT = GAME.kit
#: the contract's player sets (2 and 5), plus 3 (one extra set turned up: no face twice) and 4
GAMES = [(list(p), 0) for p in PLAYERS["CCR"]] + [(["RED", "BLUE", "GREEN"], 1),
                                                   (["RED", "BLUE", "GREEN", "YELLOW"], 2)]
APPLY_AT_MOST = 15     # listed actions applied per state (all, or a seeded sample of a long scoring list)
PROBES = 8             # random console-built actions tried per state


def key(action: Any) -> str:
    return json.dumps(action.to_json(), sort_keys=True)


def shape(state: dict[str, Any]) -> str:
    """The state with each sweet named by its type and each favourites tile by its
    face: what the rules can tell apart."""
    def sweets(ids: list[str]) -> list[str]:
        return sorted(KIT.type_of(s) for s in ids)
    s = json.loads(json.dumps(state))
    s["bowls"], s["box"] = sweets(s["bowls"]), sweets(s["box"])
    s["removed"] = {p: sweets(v) for p, v in s["removed"].items()}
    for ar in s["areas"].values():
        ar["play"], ar["locked"] = sweets(ar["play"]), sweets(ar["locked"])
    s["rows"] = {t: [KIT.face(x) for x in r] for t, r in s["rows"].items()}
    for r in s["rounds"]:
        r["rows"] = {t: [KIT.face(x) for x in row] for t, row in r["rows"].items()}
        r["locked"] = {a: sweets(v) for a, v in r["locked"].items()}
    return json.dumps(s, sort_keys=True)


def games() -> list[tuple[list[str], int, list[tuple[dict[str, Any], list[Any], dict[str, Any]]]]]:
    return [(players, seed, list(table_steps(GAME, players, seed))) for players, seed in GAMES]


@pytest.fixture(scope="module")
def played():
    return games()


def probe(state: dict[str, Any], rng: random.Random) -> Any:
    """A random action as the console builds one: each field from
    ``field_choices`` (multi fields a random handful of the choices)."""
    choices = GAME.field_choices(state)
    allowed = GAME.phases[state["phase"]]
    cls = rng.choice(allowed if allowed and rng.random() < 0.9 else GAME.actions)
    hints = typing.get_type_hints(cls)
    data: dict[str, Any] = {"type": cls.type}
    for f in dataclasses.fields(cls):
        pool = [v for v, _ in choices.get(f"{cls.type}.{f.name}", choices.get(f.name, []))]
        if typing.get_origin(hints[f.name]) is tuple:
            if f.name == "sweets":          # mostly from the bowls, of a size the rules may take
                near = [s for s in pool if s in state["bowls"]] if rng.random() < 0.8 else pool
                k = rng.choice([0, 1, 2, 3, 4, len(state["bowls"])])
            else:                            # a row: mostly with the stack's face-up tile at one end
                near = [x for x in pool if x not in state["faceup"].values()]
                k = len(state["players"]) + (1 if len(state["players"]) <= 3 else 0) - 1
            picked = rng.sample(near, min(k, len(near)))
            if f.name == "tiles" and rng.random() < 0.8 and "sweet" in data and data["sweet"] in state["faceup"]:
                up = state["faceup"][data["sweet"]]
                picked = [up, *picked] if rng.random() < 0.5 else [*picked, up]
            data[f.name] = picked
        elif f.default is not dataclasses.MISSING and (not pool or rng.random() < 0.5):
            continue
        else:
            data[f.name] = rng.choice(pool) if pool else "?"
    if cls.type in ("take", "steal", "withdraw", "pocket", "lock") and state["turn"] and rng.random() < 0.8:
        data["player"] = state["owner"][state["turn"]]          # the player whose turn it is, mostly
    if cls.type == "steal" and rng.random() < 0.8:
        victims = [a for a in state["areas"] if len(state["areas"][a]["play"]) >= 2]
        if victims:
            data["victim"] = rng.choice(victims)
            data["pocket"] = rng.choice(state["areas"][data["victim"]]["play"])
    return GAME.parse_action(data)


def test_listed_actions_are_accepted_and_cover_every_move(played):
    sizes: list[int] = []
    probed = accepted = 0
    for players, seed, steps in played:
        rng = random.Random(seed)
        for n, (before, actions, after) in enumerate(steps):
            where = f"{len(players)} players seed {seed} step {n} ({before['phase']})"
            listed = GAME.legal_actions(before)
            # actions are frozen dataclasses: equal exactly when their to_json() is (same type, same fields),
            # and far cheaper to compare over a list of thousands
            keys = set(listed)
            sizes.append(len(listed))
            assert len(keys) == len(listed), f"{where}: a move listed twice"          # (d)
            # (a) every listed action is accepted (a long list: a seeded sample)
            tried = listed if len(listed) <= APPLY_AT_MOST else rng.sample(listed, APPLY_AT_MOST)
            for a in tried:
                GAME.apply(before, a)
            # (b) the driver's move is listed, and its listed form plays the same
            played_form = canonical(KIT, before, actions[0])
            assert played_form in keys, f"{where}: {actions[0]} (as {played_form}) not listed"
            assert key(played_form) == key(next(a for a in listed if a == played_form))
            assert shape(GAME.apply(before, played_form)[0]) == shape(after), where
            # (c) whatever the console can build and apply accepts is listed
            for _ in range(PROBES):
                probed += 1
                try:
                    a = probe(before, rng)
                    new, _ = GAME.apply(before, a)
                except (IllegalAction, MalformedAction):
                    continue
                accepted += 1
                form = canonical(KIT, before, a)
                assert form in keys, f"{where}: probe {a} (as {form}) accepted but not listed"
                assert shape(GAME.apply(before, form)[0]) == shape(new), f"{where}: {a} and {form} differ"
    # measured over these games: median 22 actions a state, at most 9389 (every take of 3 of the 40
    # sweets, token by token); about 1 in 4 probes is accepted
    assert statistics.median(sizes) <= 40 and max(sizes) <= 12_000, (statistics.median(sizes), max(sizes))
    assert accepted >= probed // 10, (accepted, probed)        # the probe is no blind guess


def test_a_finished_game_lists_nothing(played):
    _, _, steps = played[0]
    assert GAME.legal_actions(steps[-1][2]) == []
