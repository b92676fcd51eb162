"""The Closest Ghost read by the real pipeline (real QR codes, decoder, calibration and
tracker) from the simulated table."""
from __future__ import annotations

import math

from models.table import Placement
from tests.games.tcg.tcg_support import GAME, act, script, square_xy, tag_on
from tests.support.table import snapshot_of


def test_the_whole_example_game_is_refereed_from_the_simulated_table():
    # the script turns board B by 90 degrees before play: every reading includes a turned board
    s = GAME.setup(["RED", "BLUE"])
    for i, data in enumerate(script()):
        expected, _ = act(s, data)
        verdict = GAME.referee(s, snapshot_of(GAME.arrange(expected)))
        assert verdict.status == "applied", (i, data, [p.text for p in verdict.prompts])
        assert verdict.state == expected, i
        s = verdict.state
    assert GAME.score(s).winners == ["BLUE"]
    assert s["rotations"] == {"A": 0, "B": 90}


def test_turned_boards_read_anywhere_on_the_table():
    s = GAME.setup(["RED", "BLUE"], {"layout": "6x3", "rotation_a": 180, "rotation_b": 270})
    s, _ = act(s, {"type": "place_ghost", "player": "BLUE", "square": "B4"})
    turn = math.radians(25.0)
    moved = []
    for p in GAME.arrange(s):
        x, y = p.x_mm - 450, p.y_mm - 300
        moved.append(Placement(p.payload, 450 + x * math.cos(turn) - y * math.sin(turn),
                               300 + x * math.sin(turn) + y * math.cos(turn), (p.angle_deg + 25.0) % 360,
                               size_mm=p.size_mm))
    snap = snapshot_of(moved)
    assert GAME.read(s, snap) == GAME.expected_table(s)


def test_an_avatar_moved_against_the_arrows_is_out_of_sync_on_the_simulated_table():
    s = GAME.setup(["RED", "BLUE"])
    s, _ = act(s, {"type": "place_ghost", "player": "BLUE", "square": "F3"})
    placements = [Placement(p.payload, *square_xy(s, "A2"), p.angle_deg, size_mm=p.size_mm)
                  if p.payload == "TCG:AVATAR:RED" else p
                  for p in GAME.arrange(s) if p.payload != tag_on(s, "A2", "CANDY")]   # RED takes no candy
    verdict = GAME.referee(s, snapshot_of(placements))
    assert verdict.status == "out_of_sync" and verdict.state == s
    assert verdict.prompts[0].text == ("Out of sync: RED's avatar cannot go left from B2 to A2: that is against "
                                       "the arrows (B2's arrows point up, right and down). Put it back on B2.")
