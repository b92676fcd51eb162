"""The closest ghost: ties, blocked ghosts, how ghosts step, candy under ghosts, and winning."""
from __future__ import annotations

import json

import pytest

from models.engine import IllegalAction
from tests.games.tcg.tcg_support import GAME, act, script, state_with


def ghost_prompt(state) -> str:
    return [p.text for p in GAME.prompts(state) if p.to == state["turn"]][-1]


def test_after_an_avatar_move_the_closest_ghost_must_move():
    s = state_with({"RED": "B2", "BLUE": "E2"}, ["A1", "D1", "F3"])
    s, events = act(s, {"type": "move_avatar", "player": "RED", "to": "C2"})    # B2 printed URD: right
    assert (s["phase"], s["turn"]) == ("ghost", "RED")
    assert ghost_prompt(s) == ("RED: move the ghost on D1, the closest to your avatar on C2 "
                               "(2 squares away), one square: to C1, E1 or D2.")
    assert GAME.public_view(s)["movable_ghosts"] == ["D1"]
    before = json.dumps(s)
    with pytest.raises(IllegalAction, match=r"A1 is 3 squares from RED's avatar on C2; only the ghost on D1"):
        act(s, {"type": "move_ghost", "player": "RED", "square": "A1", "to": "A2"})
    with pytest.raises(IllegalAction, match="RED cannot move their avatar now: RED must move the closest ghost"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "C1"})
    assert json.dumps(s) == before
    s, _ = act(s, {"type": "move_ghost", "player": "RED", "square": "D1", "to": "D2"})
    assert s["ghosts"] == ["A1", "D2", "F3"] and (s["phase"], s["turn"]) == ("move", "BLUE")


def test_tied_ghosts_the_mover_chooses_only_among_them():
    s = state_with({"RED": "C1", "BLUE": "E2"}, ["B2", "C3", "F3"], phase="ghost")
    assert ghost_prompt(s) == ("RED: move the ghost on B2 or C3: both are 2 squares away "
                               "from your avatar on C1. You choose which.")
    assert GAME.public_view(s)["movable_ghosts"] == ["B2", "C3"]
    with pytest.raises(IllegalAction, match=r"only the ghost on B2 or C3 \(each 2 squares away\) may move"):
        act(s, {"type": "move_ghost", "player": "RED", "square": "F3", "to": "F2"})
    for ghost, to in (("B2", "A2"), ("C3", "D3")):
        new, _ = act(s, {"type": "move_ghost", "player": "RED", "square": ghost, "to": to})
        assert to in new["ghosts"] and ghost not in new["ghosts"]


def test_a_tied_ghost_that_is_blocked_is_not_a_choice():
    # RED on A2: A1 and A3 are both 1 away; A3 is hemmed in by RED (A2) and the ghost on B3
    s = state_with({"RED": "A2", "BLUE": "E2"}, ["A1", "A3", "B3"], phase="ghost", wrap=False)
    assert GAME.public_view(s)["movable_ghosts"] == ["A1"]
    assert ghost_prompt(s).endswith("(The ghost on A3 is as close but blocked on every side.)")
    with pytest.raises(IllegalAction, match="only the ghost on A1"):
        act(s, {"type": "move_ghost", "player": "RED", "square": "A3", "to": "A2"})


def test_a_ghost_blocked_on_all_sides_does_not_move_and_the_turn_passes():
    # RED steps B1 -> A1; the closest ghost, A2, touches RED (A1) and ghosts on A3 and B2
    s = state_with({"RED": "B1", "BLUE": "E2"}, ["A2", "A3", "B2"])
    new, events = act(s, {"type": "move_avatar", "player": "RED", "to": "A1"})
    assert [e.type for e in events] == ["avatar_moved", "candy_taken", "ghost_blocked"]
    assert events[-1].text == "No ghost moves: the closest ghost to RED's avatar (A2) is blocked on every side."
    assert (new["phase"], new["turn"], new["ghosts"]) == ("move", "BLUE", ["A2", "A3", "B2"])
    assert GAME.prompts(new)[0].text == events[-1].text
    # ruling as an option: the next closest ghosts that can move are the choice instead
    s = state_with({"RED": "B1", "BLUE": "E2"}, ["A2", "A3", "B2"], blocked_ghost="next")
    new, _ = act(s, {"type": "move_avatar", "player": "RED", "to": "A1"})
    assert (new["phase"], GAME.public_view(new)["movable_ghosts"]) == ("ghost", ["A3", "B2"])
    assert "(The ghost on A2 is closer but blocked on every side.)" in ghost_prompt(new)


@pytest.mark.parametrize("to, reason", [
    ("C1", "not diagonally"),
    ("D2", "exactly one square"),
    ("C2", "an avatar stands there"),
    ("B1", "another ghost stands there"),
])
def test_ghost_steps_that_are_illegal(to, reason):
    s = state_with({"RED": "A2", "BLUE": "C2"}, ["B2", "B1", "F3"], phase="ghost")
    with pytest.raises(IllegalAction, match=reason):
        act(s, {"type": "move_ghost", "player": "RED", "square": "B2", "to": to})


def test_ghost_step_and_ghost_wrap_options():
    s = state_with({"RED": "A2", "BLUE": "E2"}, ["B2", "F1", "F3"], phase="ghost", ghost_step="king")
    new, _ = act(s, {"type": "move_ghost", "player": "RED", "square": "B2", "to": "C1"})
    assert "C1" in new["ghosts"]
    s = state_with({"RED": "A2", "BLUE": "E2"}, ["A1", "D2", "F3"], phase="ghost")
    with pytest.raises(IllegalAction, match="never wraps"):
        act(s, {"type": "move_ghost", "player": "RED", "square": "A1", "to": "A3"})
    s = state_with({"RED": "A2", "BLUE": "E2"}, ["A1", "D2", "F3"], phase="ghost", ghost_wrap=True)
    new, _ = act(s, {"type": "move_ghost", "player": "RED", "square": "A1", "to": "A3"})
    assert "A3" in new["ghosts"]


def test_a_candy_under_a_ghost_is_remembered():
    s = GAME.setup(["RED", "BLUE"])
    assert "A1" in s["candy"] and "A1" not in GAME.expected_table(s)["candy"]   # under the dot ghost
    s, _ = act(s, {"type": "place_ghost", "player": "BLUE", "square": "C3"})
    s, _ = act(s, {"type": "move_avatar", "player": "RED", "to": "B1"})          # B2 printed URD: up
    s, _ = act(s, {"type": "move_ghost", "player": "RED", "square": "A1", "to": "A2"})
    assert "A1" in GAME.expected_table(s)["candy"]          # the ghost stepped off: candy seen again
    assert "A2" in s["candy"] and "A2" not in GAME.expected_table(s)["candy"]
    assert GAME.public_view(s)["candy_left"] == {"A": 7, "B": 8}


def test_a_win_by_the_opponents_move():
    # BLUE's board B has one candy left, on D1; RED's move takes it, so BLUE wins
    s = state_with({"RED": "C1", "BLUE": "E2"}, ["A3", "B3", "F3"], candy=["A1", "A2", "D1"])
    s, events = act(s, {"type": "move_avatar", "player": "RED", "to": "D1"})      # C1 printed LUR: right
    assert [e.type for e in events] == ["avatar_moved", "candy_taken", "win"]
    assert events[-1].text == "BLUE wins: board B has no candy left (RED took the last piece, from D1)."
    board = GAME.score(s)
    assert board.final and board.winners == ["BLUE"] and not board.tie
    assert GAME.is_over(s) and GAME.prompts(s)[-1].text == events[-1].text
    with pytest.raises(IllegalAction, match="the game is over"):
        act(s, {"type": "move_avatar", "player": "BLUE", "to": "E1"})


def test_a_win_by_your_own_move():
    s = state_with({"RED": "B2", "BLUE": "E2"}, ["A3", "D3", "F3"], candy=["B1", "D1"])
    s, events = act(s, {"type": "move_avatar", "player": "RED", "to": "B1"})
    assert events[-1].data == {"winner": "RED", "board": "A"}
    assert GAME.score(s).winners == ["RED"]


def test_the_example_game_plays_through_the_engine():
    s = GAME.setup(["RED", "BLUE"])
    seen = set()
    for i, data in enumerate(script()):
        s, events = act(s, data)
        seen.update(e.type for e in events)
        assert json.loads(json.dumps(s)) == s, i
    assert {"board_turned", "pass", "ghost_blocked", "win"} <= seen
    board = GAME.score(s)
    assert board.winners == ["BLUE"] and board.final
    lines = {l.what: l.points for l in board.entries["BLUE"].breakdown}
    assert lines == {"candy BLUE took from BLUE's board B": 7, "candy RED took from BLUE's board B": 1}
    assert board.entries["BLUE"].total == 8
