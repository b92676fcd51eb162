"""Reading the table and refereeing changes, on snapshots built from sightings
(the real-pipeline versions are in test_tcg_simtable.py)."""
from __future__ import annotations

import json
import math

import pytest

from models.table import Placement, Sighting, Snapshot
from tests.games.tcg.tcg_support import GAME, act, script, snap_of_state, snapshot, square_xy, tag_on


def started(third: str = "C3", **options):
    s = GAME.setup(["RED", "BLUE"], options)
    s, _ = act(s, {"type": "place_ghost", "player": "BLUE", "square": third})
    return s


def moved_rigidly(placements: list[Placement], turn_deg: float, dx: float, dy: float) -> list[Placement]:
    """The same arrangement picked up, turned about (450, 300) and put down elsewhere."""
    a = math.radians(turn_deg)
    out = []
    for p in placements:
        x, y = p.x_mm - 450, p.y_mm - 300
        out.append(Placement(p.payload, 450 + dx + x * math.cos(a) - y * math.sin(a),
                             300 + dy + x * math.sin(a) + y * math.cos(a), (p.angle_deg + turn_deg) % 360))
    return out


@pytest.mark.parametrize("layout", ["3x6", "6x3"])
@pytest.mark.parametrize("rotation_a", [0, 90, 180, 270])
@pytest.mark.parametrize("rotation_b", [0, 90, 180, 270])
def test_reading_the_arrangement_gives_the_expected_table(layout, rotation_a, rotation_b):
    s = started("B1", layout=layout, rotation_a=rotation_a, rotation_b=rotation_b)
    reading = GAME.read(s, snap_of_state(s))
    assert reading == GAME.expected_table(s)
    assert reading["boards"] == {"A": rotation_a, "B": rotation_b}
    assert GAME.referee(s, snap_of_state(s)).status == "in_sync"


@pytest.mark.parametrize("turn_deg", [17.0, 90.0, 200.0])
def test_boards_may_sit_anywhere_and_at_any_angle(turn_deg):
    s = started(rotation_b=90)
    placements = moved_rigidly(GAME.arrange(s), turn_deg, -60.0, 25.0)
    assert GAME.read(s, snapshot(placements)) == GAME.expected_table(s)


def test_one_marker_per_board_is_enough():
    s = started("B1", rotation_a=180, rotation_b=270)
    placements = moved_rigidly(GAME.arrange(s), 33.0, 10.0, -5.0)
    snap = snapshot(placements, drop=("TCG:BOARD:A2", "TCG:BOARD:B1"))
    assert GAME.read(s, snap) == GAME.expected_table(s)


def test_a_board_out_of_sight_is_named_with_its_markers():
    s = started()
    verdict = GAME.referee(s, snap_of_state(s, drop=("TCG:BOARD:B1", "TCG:BOARD:B2")))
    assert verdict.status == "out_of_sync" and verdict.state == s
    assert verdict.prompts[0].text == ("Cannot see board B: none of its markers (TCG:BOARD:B1 or TCG:BOARD:B2) "
                                       "is in view. Uncover at least one of them.")


# ----------------------------------------------------------------------------- the referee


def table_after(state: dict, actions: list[dict]) -> Snapshot:
    new = state
    for a in actions:
        new, _ = act(new, a)
    return snap_of_state(new)


def test_a_legal_avatar_move_is_applied_and_the_ghost_prompt_lights_up():
    s = started()
    verdict = GAME.referee(s, table_after(s, [{"type": "move_avatar", "player": "RED", "to": "C2"}]))
    assert verdict.status == "applied"
    assert [a.to_json() for a in verdict.actions] == [{"type": "move_avatar", "player": "RED", "to": "C2"}]
    assert verdict.prompts[-1].text == ("RED: move the ghost on C3, the closest to your avatar on C2 "
                                        "(1 square away), one square: to B3 or D3.")
    assert verdict.prompts[-1].to == "RED"


def test_avatar_and_ghost_moved_between_two_settles_are_both_applied():
    s = started()
    seq = [{"type": "move_avatar", "player": "RED", "to": "C2"},
           {"type": "move_ghost", "player": "RED", "square": "C3", "to": "B3"}]
    verdict = GAME.referee(s, table_after(s, seq))
    assert verdict.status == "applied" and [a.to_json() for a in verdict.actions] == seq
    assert verdict.state["turn"] == "BLUE"


def test_the_taken_candy_still_on_the_board_is_a_chore_not_an_error():
    s = started()
    new, _ = act(s, {"type": "move_avatar", "player": "RED", "to": "C2"})
    candy = tag_on(s, "C2", "CANDY")
    placements = GAME.arrange(new) + [Placement(candy, *[v + 14 for v in square_xy(s, "C2")])]
    verdict = GAME.referee(s, snapshot(placements))
    assert verdict.status == "waiting" and verdict.state == s
    assert [p.text for p in verdict.prompts] == ["RED took the candy on C2: lift it off the board."]
    # lifted (laid off the boards): the move applies
    off = GAME.arrange(new) + [Placement(candy, 60.0, 300.0)]
    assert GAME.referee(s, snapshot(off)).status == "applied"


def move_token(state: dict, payload: str, square: str) -> Snapshot:
    return snap_of_state(state, move={payload: square_xy(state, square)})


@pytest.mark.parametrize("to, reason", [
    ("A2", "RED's avatar cannot go left from B2 to A2: that is against the arrows (B2's arrows point "
           "up, right and down)"),
    ("B3", "RED's avatar cannot enter B3: a ghost stands there"),
    ("D2", "RED's avatar cannot jump from B2 to D2 (2 squares away): an avatar moves exactly one square"),
])
def test_an_illegal_avatar_move_is_out_of_sync_with_the_reason(to, reason):
    s = started()
    s = json.loads(json.dumps(s))
    s["ghosts"] = sorted(["A1", "D1", "B3"])
    verdict = GAME.referee(s, move_token(s, "TCG:AVATAR:RED", to))
    assert verdict.status == "out_of_sync" and verdict.state == s
    assert verdict.prompts[0].text == f"Out of sync: {reason}. Put it back on B2."
    assert verdict.prompts[0].level == "error"


def test_the_wrong_players_avatar_moved():
    s = started()
    verdict = GAME.referee(s, move_token(s, "TCG:AVATAR:BLUE", "E1"))
    assert verdict.status == "out_of_sync"
    assert verdict.prompts[0].text == ("BLUE's avatar moved from E2 to E1, but it is RED's turn to move "
                                       "their avatar: put it back on E2.")


def test_a_ghost_that_is_not_the_closest_moved():
    s, _ = act(started(), {"type": "move_avatar", "player": "RED", "to": "C2"})
    verdict = GAME.referee(s, move_token(s, tag_on(s, "A1", "GHOST"), "A2"))
    assert verdict.status == "out_of_sync"
    assert verdict.prompts[0].text == ("Out of sync: the ghost moved from A1 to A2, but the ghost on A1 is 3 "
                                       "squares from RED's avatar on C2; only the ghost on C3 (1 square away) "
                                       "may move. Put it back on A1.")


def test_setup_is_read_from_the_table_turned_board_and_third_ghost():
    s = GAME.setup(["RED", "BLUE"])
    target, _ = act(s, {"type": "turn_board", "board": "B", "rotation": 270})
    target, _ = act(target, {"type": "place_ghost", "player": "BLUE", "square": "F3"})
    verdict = GAME.referee(s, snap_of_state(target))
    assert verdict.status == "applied"
    assert [a.to_json() for a in verdict.actions] == [
        {"type": "turn_board", "board": "B", "rotation": 270},
        {"type": "place_ghost", "player": "BLUE", "square": "F3"}]
    assert verdict.state == target


def test_a_board_turned_during_play_is_out_of_sync():
    s = started()
    turned = json.loads(json.dumps(s))
    turned["phase"] = "place_ghost"
    turned, _ = act(turned, {"type": "turn_board", "board": "A", "rotation": 90})
    verdict = GAME.referee(s, snap_of_state(turned))
    assert verdict.status == "out_of_sync" and verdict.state == s
    assert verdict.prompts[0].text.startswith("Board A (RED's) is turned 90 degrees, but the game has it at 0")


def test_a_stray_candy_and_a_missing_ghost_are_named():
    s = started()
    snap = snap_of_state(s, drop=(tag_on(s, "C3", "GHOST"),))
    extra = Snapshot(0.0, snap.sightings + (Sighting("TCG:CANDY:16", *square_xy(s, "C3")),))
    # C3's candy shows again once its ghost is gone, so only the ghost is missing
    verdict = GAME.referee(s, extra)
    assert [p.text for p in verdict.prompts] == ["The ghost on C3 is missing: put it back on C3."]
    s2 = json.loads(json.dumps(s))
    s2["candy"].remove("F1")
    verdict = GAME.referee(s2, snap_of_state(s))
    assert [p.text for p in verdict.prompts] == [
        "A candy lies on F1, but the game has none there: take it off the board."]


def test_the_whole_example_game_is_refereed_from_table_snapshots():
    s = GAME.setup(["RED", "BLUE"])
    for i, data in enumerate(script()):
        expected, _ = act(s, data)
        verdict = GAME.referee(s, snap_of_state(expected))
        assert verdict.status == "applied", (i, [p.text for p in verdict.prompts])
        assert verdict.state == expected, i
        s = verdict.state
    assert GAME.score(s).winners == ["BLUE"]
