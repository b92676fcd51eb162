"""Helpers for the Ghosts Love Candy tests: build a game state by playing actions.

Kids used in the scenarios (shipped catalog): 2 WEREWOLF (courage 15), 6 ZOMBIE
(15), 9 NINJA (15), 12 SKELETON (10), 17 BLACK CAT (10), 19 VAMPIRE (14), 20
PIRATE (10), 1 ANGEL (18, moves scared kids), 23 CHEERLEADER (12), 14 PUMPKIN
(11, ability not transcribed: resolved by hand), 5 ROBOT (12), 7 PRINCESS (11),
11 CLOWN (12), 13 ALIEN (14), 16 FAIRY (13), 18 ASTRONAUT (14).
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from models.engine import IllegalAction
from models.registry import get_game
from tests.support.components import assert_components_add_up

GAME = get_game("GLC")
THREE = ["RED", "BLUE", "GREEN"]
FIVE = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]
PLAIN = [5, 7, 11, 13, 16, 18]          # kids whose abilities never interfere


def courage(kid: int) -> int:
    return GAME.cards.kid(kid).courage


def act(state: dict, *actions: dict) -> dict:
    """Apply action JSON in order (each must be legal); returns the new state."""
    for a in actions:
        state, _ = GAME.apply(state, GAME.parse_action(a))
    return state


def events_of(state: dict, action: dict) -> tuple[dict, list[str]]:
    new, events = GAME.apply(state, GAME.parse_action(action))
    return new, [e.text for e in events]


def rejected(state: dict, action: dict) -> str:
    """Assert the action is illegal and changes nothing; returns the reason."""
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, GAME.parse_action(action))
    assert json.dumps(state, sort_keys=True) == before
    return err.value.reason


def dealt(kids: Iterable[int] = PLAIN, players: list[str] = THREE, options: dict | None = None) -> dict:
    """A game with ``kids`` dealt into slots 1.. (Place Candy of round 1 next)."""
    state = GAME.setup(players, options or {})
    for i, k in enumerate(kids, 1):
        state = act(state, {"type": "reveal_kid", "slot": i, "kid": k})
    assert state["phase"] == "candy"
    return state


def candy_round(state: dict) -> dict:
    """One candy from the deck onto every kid that needs one (lowest ids first)."""
    while state["phase"] == "candy":
        slot = next(i for i, s in enumerate(state["slots"], 1)
                    if s["kid"] is not None and i not in state["candied"])
        state = act(state, {"type": "place_candy", "slot": slot, "candy": sorted(state["candy_deck"])[0]})
    return state


def revealed(state: dict, values: dict[str, int]) -> dict:
    """Everyone reveals the given ghost values (turn order follows, if no tie)."""
    for p, v in values.items():
        state = act(state, {"type": "reveal", "player": p, "ghost": v})
    return state


def round_to_turns(state: dict, values: dict[str, int]) -> dict:
    return revealed(candy_round(state), values)


def haunt(state: dict, player: str, slot: int, **kw: Any) -> dict:
    return act(state, {"type": "haunt", "player": player, "slot": slot, **kw})


def stage(kids: Iterable[int], piles: dict[int, list[str]], players: list[str] = THREE,
          options: dict | None = None) -> dict:
    """A state in round 1's turns with ghosts already under kids (``{slot: ["R7", ...]}``)
    — built through the rules' own moves would take rounds, so the piles are set
    directly in the JSON state (and removed from the hands), which is plain data."""
    state = dealt(kids, players, options)
    for slot, ghosts in piles.items():
        for g in ghosts:
            owner = next(p for p, l in state["colours"].items() if g.startswith(l))
            state["hands"][owner].remove(g)
            state["slots"][slot - 1]["ghosts"].append(g)
    return state


def check_invariants(state: dict) -> None:
    """Every card is in exactly one place; the state is plain JSON."""
    assert_components_add_up(GAME, state)
    assert json.loads(json.dumps(state)) == state
    kids = list(state["kid_deck"]) + state["discard"]["kids"]
    kids += [s["kid"] for s in state["slots"] if s["kid"] is not None]
    for st in state["stashes"].values():
        kids += st["kids"]
    if state["tie"]:
        kids += list(state["tie"]["draws"].values())
    assert sorted(kids) == sorted(GAME.cards.kids), "every kid exactly once"
    candy = list(state["candy_deck"]) + state["discard"]["candy"]
    for s in state["slots"]:
        candy += s["candy"]
        if s["kid"] is None:
            assert not s["candy"] and not s["ghosts"]
    for st in state["stashes"].values():
        candy += st["candy"]
    assert sorted(candy) == sorted(GAME.cards.candy), "every candy exactly once"
    ghosts = list(state["box"]) + state["discard"]["ghosts"] + list(state["revealed"].values())
    for s in state["slots"]:
        ghosts += s["ghosts"]
    for h in state["hands"].values():
        ghosts += h
    letters = set(state["colours"].values())
    assert sorted(ghosts) == sorted(g for g in GAME.cards.ghosts if g[0] in letters), "every ghost exactly once"
    assert len(set(state["love_shown"].values())) == len(state["love_shown"])
    assert state["phase"] in ("setup", "candy", "choose", "tiebreak", "turns", "love", "over")
