"""Scoring with "?" tiles, the favourites rows, the second round's setup and the winner."""
import copy

import pytest

from models.candy_crave.rules import sets_in_play
from models.candy_crave.values import explain_row, resolve_row, type_value
from models.engine import IllegalAction
from tests.games.ccr.driver import CODES, play, ready, run

P3 = ["RED", "BLUE", "GREEN"]


def illegal(game, state, action, match):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=match):
        game.apply(state, game.parse_action(action))
    assert state == before


# --------------------------------------------------------------------------- the "?" rule


def test_question_mark_takes_the_next_tiles_value():
    assert resolve_row(["?", "+3", "-1"]) == [3, 3, -1]
    assert explain_row(["?", "+3"]) == ["? = +3 (next valued tile)", "+3"]


def test_question_mark_last_takes_the_previous_tiles_value():
    assert resolve_row(["+2", "-1", "?"]) == [2, -1, -1]
    assert explain_row(["+2", "?"])[1] == "? = +2 (previous valued tile)"


def test_a_run_of_question_marks_takes_the_next_valued_tile():
    assert resolve_row(["?", "?", "-2", "+3"]) == [-2, -2, -2, 3]
    assert resolve_row(["+3", "?", "?", "?", "-1"]) == [3, -1, -1, -1, -1]
    # a run at the end has no next valued tile: the previous one, as for a single last "?"
    assert resolve_row(["+3", "-2", "?", "?"]) == [3, -2, -2, -2]


def test_only_question_marks_are_worth_nothing_and_never_the_base_value():
    assert resolve_row(["?", "?", "?"]) == [0, 0, 0]
    assert type_value(8, ["?", "?"]) == 8
    assert explain_row(["?"]) == ["? = 0 (only ? tiles)"]


def test_the_rulebooks_lollipop_example():
    # base 4; the "?" before the -1 is worth -1: each lollipop is worth 6
    assert type_value(4, ["+2", "?", "-1", "+2"]) == 6
    # the same "?" last in the row, behind the +2, is worth +2: 9
    assert type_value(4, ["+2", "-1", "+2", "?"]) == 9


def test_lollipop_example_through_the_engine():
    # 3 players: three player tiles and the extra set's face-up tile (here its +2)
    game, s = _withdrawn_round(P3, takes=[("RED", ["L01"]), ("BLUE", ["L02", "L03"])], up={"L": "4P2"})
    s6, ev = game.apply(s, game.parse_action({"type": "reveal", "sweet": "L", "tiles": ["1P2", "2Q", "3M1", "4P2"]}))
    assert ev[0].text == "The lollipops row: +2 ? -1 +2: each lollipop is worth 6"
    # the stack laid from the other end: the face-up +2 first, the "?" last behind a +2
    s9, ev = game.apply(s, game.parse_action({"type": "reveal", "sweet": "L", "tiles": ["4P2", "3M1", "1P2", "2Q"]}))
    assert ev[0].text == "The lollipops row: +2 -1 +2 ?: each lollipop is worth 9"
    for t, tiles in (("H", ["1P3", "2P3", "3Q", "4P3"]), ("K", ["1M1", "2M2", "3P2", "4Q"]),
                     ("B", ["1Q", "2P2", "3M2", "4M1"]), ("C", ["1M2", "2M1", "3P3", "4M2"])):
        s6 = run(game, s6, [{"type": "reveal", "sweet": t, "tiles": tiles}])
    assert game.score(s6).entries["BLUE"].breakdown[0].what == \
        "Round 1: 2 lollipops x 6 = 12 (base 4, +2, ? = -1 (next valued tile), -1, +2)"
    assert game.public_view(s6)["values"]["L"] == 6


# --------------------------------------------------------------------------- helpers


def _withdrawn_round(players, takes, up=None):
    """A round where the listed takes happen, then everyone withdraws: straight to scoring.
    ``up`` overrides face-up tiles (type -> tile id)."""
    game, s = ready(players)
    if up:
        for t, tile in up.items():
            other = next((k for k, v in s["faceup"].items() if v == tile), None)
            if other:
                s["faceup"][other] = s["faceup"][t]
            s["faceup"][t] = tile
    for p, sweets in takes:
        if s["areas"][s["turn"]]["play"]:
            s = run(game, s, [{"type": "lock", "player": s["owner"][s["turn"]]}])
        assert s["owner"][s["turn"]] == p
        s = run(game, s, [{"type": "take", "player": p, "sweets": sweets}])
    while s["phase"] == "distribute":
        p = s["owner"][s["turn"]]
        if s["areas"][s["turn"]]["play"]:
            s = run(game, s, [{"type": "lock", "player": p}])
        s = run(game, s, [{"type": "withdraw", "player": p}])
    return game, s


def rows_for(game, state):
    """Consistent rows: set s lays CODES[(i + s) % 5] at bowl i, plus each stack's face-up tile."""
    k = sets_in_play(len(state["players"]))
    out = {}
    for i, t in enumerate(game.kit.types):
        out[t] = [f"{s}{CODES[(i + s) % 5]}" for s in range(1, k)] + [state["faceup"][t]]
    return out


def reveal_all(game, state):
    for t, row in rows_for(game, state).items():
        state = run(game, state, [{"type": "reveal", "sweet": t, "tiles": row}])
    return state


# --------------------------------------------------------------------------- rows at scoring


def test_rows_are_checked_against_the_stacks():
    game, s = ready(P3)
    illegal(game, s, {"type": "reveal", "sweet": "L", "tiles": ["1P2", "2Q", "3M1", "4P3"]},
            "favourites rows are laid out once the round is over")
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"])])
    assert s["phase"] == "scoring"
    rows = rows_for(game, s)
    illegal(game, s, {"type": "reveal", "sweet": "L", "tiles": rows["L"][:3]},
            "each stack holds 4 tiles with 3 players, the row shows 3")
    illegal(game, s, {"type": "reveal", "sweet": "L", "tiles": rows["L"][:3] + ["5M2"]},
            r"face-up tile 4P3 \(\+3\) is missing from the row")
    illegal(game, s, {"type": "reveal", "sweet": "L", "tiles": rows["L"][:3] + rows["L"][:1]}, "named twice")
    s = run(game, s, [{"type": "reveal", "sweet": "L", "tiles": rows["L"]}])
    illegal(game, s, {"type": "reveal", "sweet": "L", "tiles": rows["L"]}, "already laid out")
    illegal(game, s, {"type": "reveal", "sweet": "H", "tiles": [rows["L"][0]] + rows["H"][1:]},
            "already lies in the lollipops row")
    # four sets hold four "+3": a fifth cannot appear
    s = run(game, s, [{"type": "reveal", "sweet": "H", "tiles": ["5P3", "2M2", "3Q", "4P2"]}])
    s = run(game, s, [{"type": "reveal", "sweet": "K", "tiles": ["1P3", "2P3", "3M2", "4Q"]}])
    illegal(game, s, {"type": "reveal", "sweet": "B", "tiles": ["3P3", "2M1", "1M2", "4M1"]},
            r"would hold 5 tiles showing \+3, but the 4 sets in play have only 4")


def test_round_points_are_explained_line_by_line():
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"]), ("BLUE", ["L01", "L02"])])
    s = reveal_all(game, s)
    board = game.score(s)
    # lollipops: base 4, +2 ? -1 +3 -> ? = -1 -> 7; cookies: base 6, -1 -2 +3 ? -> ? = +3 -> 9
    assert board.entries["BLUE"].total == 14
    assert board.entries["BLUE"].breakdown[0].what == \
        "Round 1: 2 lollipops x 7 = 14 (base 4, +2, ? = -1 (next valued tile), -1, +3)"
    assert board.entries["RED"].breakdown[0].what == \
        "Round 1: 1 cookie x 9 = 9 (base 6, -1, -2, +3, ? = +3 (previous valued tile))"
    assert board.entries["GREEN"].total == 0 and board.entries["GREEN"].breakdown[0].what == \
        "Round 1: no locked sweets"
    assert not board.final and "1 of 2 rounds scored" in board.notes[-1]
    assert any("sweet(s) left in the bowls score nothing" in n for n in board.notes)


# --------------------------------------------------------------------------- second round


def test_second_round_setup_fewest_points_start():
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"]), ("BLUE", ["L01", "L02"])])
    s = reveal_all(game, s)
    assert s["phase"] == "remove"
    illegal(game, s, {"type": "remove", "player": "RED", "sweet": "L01"}, "L01 is locked by BLUE")
    illegal(game, s, {"type": "take", "player": "RED", "sweets": ["H01"]}, "take is played while")
    s = run(game, s, [{"type": "remove", "player": "BLUE", "sweet": "L02"}])
    illegal(game, s, {"type": "remove", "player": "BLUE", "sweet": "L01"}, "already removed 1")
    s, ev = game.apply(s, game.parse_action({"type": "remove", "player": "RED", "sweet": "K01"}))
    # GREEN holds nothing, so removes nothing; GREEN has the fewest points and starts
    assert s["phase"] == "return" and "GREEN starts round 2" in ev[-1].text
    s = run(game, s, [{"type": "next_round"}])
    assert s["round"] == 2 and s["phase"] == "base"
    assert len(s["bowls"]) == 38 and s["box"] == ["K01", "L02"] and "L01" in s["bowls"]
    assert all(a == {"play": [], "locked": [], "withdrawn": False} for a in s["areas"].values())
    # new base values come from the five tiles set aside: round 1's are in the box
    illegal(game, s, {"type": "base", "sweet": "L", "tile": "4A"}, "was used in round 1")
    s = run(game, s, [{"type": "base", "sweet": t, "tile": x} for t, x in zip("LHKBC", ["1", "2", "3", "4B", "5B"])])
    s = run(game, s, [{"type": "turn_up", "sweet": t, "tile": f"4{c}"} for t, c in zip("LHKBC", CODES)])
    assert s["turn"] == "GREEN" and s["turns"] == 0
    illegal(game, s, {"type": "take", "player": "GREEN", "sweets": ["K01"]}, "was removed from the game")


def test_second_round_tie_for_fewest_points_is_chosen():
    game, s = _withdrawn_round(P3, takes=[("RED", ["K01"])])
    s = reveal_all(game, s)
    s = run(game, s, [{"type": "remove", "player": "RED", "sweet": "K01"}])
    assert s["phase"] == "start" and s["tied"] == ["BLUE", "GREEN"]
    assert "BLUE and GREEN tie with the fewest points" in game.prompts(s)[0].text
    illegal(game, s, {"type": "choose_start", "player": "RED"}, "only a player tied for the fewest points")
    illegal(game, s, {"type": "next_round"}, "round 2 begins after the removals")
    s = run(game, s, [{"type": "choose_start", "player": "GREEN"}, {"type": "next_round"}])
    assert s["start"] == "GREEN"


def test_two_players_remove_two_each_and_the_starter_plays_a_and_d():
    game, s = _withdrawn_round(["RED", "BLUE"], takes=[("RED", ["L01"]), ("BLUE", ["K01", "K02"])])
    s = reveal_all(game, s)
    board = game.score(s)
    # lollipops (2 players: 2 player tiles + the extra set) +2 ? +3: 4+2+3+3 = 12; cookies -1 -2 ? = 1
    assert board.entries["RED"].total == 12 and board.entries["BLUE"].total == 2
    assert "[party B: 2]" in board.entries["BLUE"].breakdown[0].what
    s = run(game, s, [{"type": "remove", "player": "BLUE", "sweet": "K01"}])
    assert s["phase"] == "remove"                     # BLUE removes two
    s = run(game, s, [{"type": "remove", "player": "BLUE", "sweet": "K02"},
                      {"type": "remove", "player": "RED", "sweet": "L01"}])
    s = run(game, s, [{"type": "next_round"}])
    assert s["owner"] == {"A": "BLUE", "B": "RED", "C": "RED", "D": "BLUE"} and s["start"] == "A"


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_winner_has_the_highest_total_of_both_rounds(n):
    players = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"][:n]
    game = ready(players)[0]
    for seed in range(3):
        s, _ = play(players, seed)
        board = game.score(s)
        assert board.final and game.is_over(s) and len(s["rounds"]) == 2
        for e in board.entries.values():
            assert e.total == sum(l.points for l in e.breakdown)
            rounds = [sum(l.points for l in e.breakdown if l.what.startswith(f"Round {r}:")) for r in (1, 2)]
            assert sum(rounds) == e.total
        top = max(e.total for e in board.entries.values())
        assert board.winners == [p for p in players if board.entries[p].total == top]
        assert "wins with" in game.prompts(s)[0].text or " win with " in game.prompts(s)[0].text
        illegal(game, s, {"type": "next_round"}, "the game is over")
