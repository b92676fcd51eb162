"""``legal_actions`` (models/ghosts_love_candy/moves.py) is exactly what ``apply``
accepts, over the states of random driver games of every player count: each
listed action is accepted, each action the driver plays is listed, a random
probe built from the console's field choices finds no accepted action that is
not listed, and nothing is listed twice."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from models.action_form import describe
from models.engine import Action, IllegalAction, MalformedAction
from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.glc.bot import table_steps

GAME = get_game("GLC")


def key(a: Action) -> str:
    return json.dumps(a.to_json(), sort_keys=True)


def steps_of(players: list[str], seed: int) -> list[tuple[dict[str, Any], list[Action], dict[str, Any]]]:
    return list(table_steps(GAME, list(players), seed))


def probe(state: dict[str, Any], rng: random.Random, tries: int) -> list[Action]:
    """Random actions the console's forms could build now (every field a random
    choice of ``field_choices``, an optional one sometimes left out) that ``apply``
    accepts."""
    types = [a.type for a in GAME.phases.get(state["phase"], ())]
    found = []
    for _ in range(tries):
        t = rng.choice(types)
        _, fields = describe(GAME, state, t)
        data: dict[str, Any] = {"type": t}
        for f in fields:
            if f["control"] != "select" or not f["choices"]:
                continue
            if not f["required"] and rng.random() < 0.3:
                continue
            data[f["name"]] = rng.choice(f["choices"])["value"]
        try:
            action = GAME.parse_action(data)
            GAME.apply(state, action)
        except (IllegalAction, MalformedAction):
            continue
        found.append(action)
    return found


@pytest.mark.parametrize("players", PLAYERS["GLC"], ids=len)
def test_legal_actions_are_exactly_what_apply_accepts(players):
    rng = random.Random(len(players))
    sizes, probed = [], 0
    for seed in (0, 1):
        for i, (state, played, _) in enumerate(steps_of(players, seed)):
            listed = GAME.legal_actions(state)
            keys = [key(a) for a in listed]
            sizes.append(len(listed))
            assert len(set(keys)) == len(keys), f"seed {seed} step {i}: listed twice"
            for a in played:                                            # (b) the driver's move is listed
                assert key(a) in keys, f"seed {seed} step {i}: {a} not listed"
            if i % 7 == seed:                                           # (a) every listed action is accepted
                for a in listed:
                    try:
                        GAME.apply(state, a)
                    except IllegalAction as e:
                        raise AssertionError(f"seed {seed} step {i}: {a} listed, refused: {e}") from e
            if i % 5 == 0:                                              # (c) an independent probe
                for a in probe(state, rng, 12):
                    probed += 1
                    assert key(a) in keys, f"seed {seed} step {i}: {a} accepted, not listed"
    assert probed > 20, "the probe found accepted actions"
    assert max(sizes) <= 500 and sorted(sizes)[len(sizes) // 2] < 100


def test_pending_choices_and_the_end_are_listed_in_full():
    """An ability waiting for its choice lists only its answers (and a Love card
    noted late); the game over lists nothing."""
    from tests.games.glc.glc_support import THREE, haunt, round_to_turns, stage
    state = round_to_turns(stage([9, 5, 7, 11, 13, 16], {2: ["B1"]}), {"RED": 9, "BLUE": 5, "GREEN": 3})
    state = haunt(state, "RED", 1)                     # the NINJA: move a ghost
    listed = GAME.legal_actions(state)
    moves = [a for a in listed if a.type == "ninja_move"]
    assert {a.type for a in listed} == {"ninja_move", "deal_love"}
    assert {(a.ghost, a.to_slot) for a in moves} == {("R9", s) for s in (2, 3, 4, 5, 6)} | \
        {("B1", s) for s in (1, 3, 4, 5, 6)}
    assert len([a for a in listed if a.type == "deal_love"]) == len(THREE) * 6
    *_, (_, _, end) = steps_of(THREE, 0)
    assert GAME.is_over(end) and GAME.legal_actions(end) == []


def test_a_love_card_dealt_to_another_player_is_not_offered_to_reveal():
    """Love cards told as dealt (``deal_love``, secret) are each revealed by their
    holder only: at the end the list offers RED L2 no more than ``apply``
    accepts it (found by an independent engine: it was listed, then refused as
    "already dealt")."""
    steps = steps_of(PLAYERS["GLC"][0], 0)
    state = GAME.apply_all(steps[0][0], [GAME.parse_action({"type": "deal_love", "player": "BLUE", "love": "L2"}),
                                         GAME.parse_action({"type": "deal_love", "player": "GREEN", "love": "L5"})])[0]
    for _, played, _ in steps:
        if state["phase"] == "love":
            break
        state = GAME.apply_all(state, played)[0]
    assert state["phase"] == "love" and not state["love_shown"]
    listed = GAME.legal_actions(state)
    for a in listed:
        GAME.apply(state, a)                    # each listed reveal is accepted
    offered = {(a.player, a.love) for a in listed}
    assert ("RED", "L2") not in offered and ("RED", "L5") not in offered and ("RED", "L1") in offered
    assert {lid for p, lid in offered if p == "BLUE"} == {"L2"}
