"""``legal_actions`` (models/ghost_at_home/moves.py) lists exactly what ``apply``
accepts, over the states of random driver games of every player count:

(a) every listed action is accepted (all of a short list, a sample of a long one);
(b) every action the driver plays is listed;
(c) an independent probe: random actions built from the console's field choices
    (``describe`` in models/action_form.py, as the console builds its forms) that
    ``apply`` accepts are all listed;
(d) no action is listed twice.

Actions are compared by a canonical spelling (full payloads, rooms in floor
order, a light's cards sorted): ``apply`` accepts ``ROOM:1A`` for ``Floor 1 room A``
and the rooms of a play in any order, with the same result."""
from __future__ import annotations

import json
import random
import statistics
from typing import Any

import pytest

from models.action_form import describe
from models.engine import IllegalAction, MalformedAction
from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.gah.driver import table_steps

GAME = get_game("GAH")
KIT = GAME.kit
SEEDS = (1, 7)
EVERY = 5          # every fifth state of a game is checked
SAMPLE = 25        # listed actions applied per state, when the list is longer
PROBES = 40        # random console-built actions tried per state


def card(v: Any) -> Any:
    return v if v in KIT.cards or not isinstance(v, str) else KIT.card(v) or v


def canonical(action: Any) -> tuple[Any, ...]:
    """The test's own canonical spelling of an action (see the module doc)."""
    out: list[Any] = [action.type]
    for f, v in sorted(action.__dict__.items()):
        if f in ("card", "cat", "ghost"):
            v = card(v)
        elif f in ("player", "target") and isinstance(v, str):
            v = v.strip().upper()
        elif f == "cards":
            v = tuple(sorted(card(c) for c in v))
        elif f == "rooms":
            v = tuple(sorted((r["floor"], str(r["side"]).strip().upper(), card(r["card"])) for r in v))
        out.append((f, v))
    return tuple(out)


def games() -> list[tuple[str, list[tuple[dict, list]]]]:
    out = []
    for players in PLAYERS["GAH"]:
        for seed in SEEDS:
            steps = [(s, acts) for s, acts, _ in table_steps(GAME, players, seed)]
            out.append((f"{len(players)}p-seed{seed}", steps))
    return out


GAMES = games()


def random_action(state: dict, rng: random.Random) -> dict[str, Any]:
    """An action the console could build: a random type, each field from its choices."""
    cls = rng.choice(GAME.actions)
    _, fields = describe(GAME, state, cls.type)
    acting = state["pending"]["player"] if state["pending"] else (
        rng.choice(state["escape"]["waiting"] or [state["turn"]]) if state["escape"] else state["turn"])
    data: dict[str, Any] = {"type": cls.type}
    for f in fields:
        values = [c["value"] for c in f["choices"]]
        if not values and f["control"] != "rows":
            return data             # nothing to choose (no light waits for its payment): the console offers none
        if f["control"] == "rows":
            cols = {c["name"]: [x["value"] for x in c["choices"]] for c in f["columns"]}
            data[f["name"]] = [{k: rng.choice(v) for k, v in cols.items()} for _ in range(rng.randint(1, 3))]
        elif f["control"] == "multi":
            data[f["name"]] = rng.sample(values, rng.randint(2, 3))
        elif not f["required"] and rng.random() < 0.5:
            continue
        elif f["name"] == "player" and rng.random() < 0.8:
            data["player"] = acting
        else:
            data[f["name"]] = rng.choice(values)
    return data


@pytest.mark.parametrize("name,steps", GAMES, ids=[n for n, _ in GAMES])
def test_legal_actions_are_what_apply_accepts(name, steps):
    rng = random.Random(name)
    sizes, probed = [], 0
    for i, (state, played) in enumerate(steps):
        if i % EVERY and not state["pending"] and state["phase"] != "escape":
            continue        # every fifth state, and every answer to a ghost or an escape (short lists)
        listed = GAME.legal_actions(state)
        keys = [canonical(a) for a in listed]
        assert len(set(keys)) == len(keys), f"{name} step {i}: an action is listed twice"          # (d)
        known = set(keys)
        for a in played:                                                                         # (b)
            assert canonical(a) in known, f"{name} step {i}: the driver's {a} is not listed"
        sizes.append(len(listed))
        for a in listed if len(listed) <= SAMPLE else rng.sample(listed, SAMPLE):                # (a)
            try:
                GAME.apply(state, a)
            except IllegalAction as e:
                raise AssertionError(f"{name} step {i}: {a} is listed but refused: {e.reason}") from None
        for _ in range(PROBES):                                                                  # (c)
            data = random_action(state, rng)
            try:
                action = GAME.parse_action(data)
                GAME.apply(state, action)
            except (IllegalAction, MalformedAction):
                continue
            probed += 1
            assert canonical(action) in known, f"{name} step {i}: {data} is accepted but not listed"
    assert probed >= 10, f"{name}: the probe found only {probed} accepted actions"
    assert statistics.median(sizes) > 1


def plays(state) -> list[dict]:
    """The legal actions but the console's corrections (the deck counted), which are always listed."""
    return [a.to_json() for a in GAME.legal_actions(state) if a.type != "deck_counted"]


def test_a_waiting_ghost_lists_its_answers_and_nothing_else():
    state = GAME.setup(["RED", "BLUE"])
    state, _ = GAME.apply(state, GAME.parse_action(
        {"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:1A", "floor": 1, "side": "L"}]}))
    state, _ = GAME.apply(state, GAME.parse_action(
        {"type": "ghost", "player": "BLUE", "card": "GHOST:1", "target": "RED"}))
    listed = plays(state)
    assert listed[0] == {"type": "pass", "player": "RED"}
    assert listed[1] == {"type": "cat_defence", "player": "RED", "card": None}     # as the table tells it
    assert sorted(a["card"] for a in listed[2:]) == [f"GAH:CAT:{n}" for n in range(1, 7)]


def test_no_cat_is_listed_when_every_cat_is_accounted_for():
    """The case of test_cat_defence_case: the unnamed defence is not listed."""
    script = json.loads((__import__("pathlib").Path(__file__).with_name("gah-cat-defence.script.json")).read_text())
    state = GAME.setup(["BLUE", "RED", "GREEN", "YELLOW"], {"hole_onto_ghost": True, "lightning_ghost": "discard"})
    for data in script[:-1]:
        state, _ = GAME.apply(state, GAME.parse_action(data))
    assert plays(state) == [{"type": "pass", "player": "GREEN"}]
