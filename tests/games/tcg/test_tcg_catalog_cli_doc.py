"""The catalog and board geometry, `companion rules TCG`, and the game's doc page."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from models.catalog import CatalogError
from models.engine import GameSetupError
from models.tags import parse_tag
from models.the_closest_ghost import TheClosestGhost
from models.the_closest_ghost.kit import load_board_spec
from tests.games.tcg.tcg_support import DOC, GAME, ROOT, SCRIPT, script


def test_the_catalog_holds_every_tagged_component():
    kinds = {k: [c.payload for c in GAME.catalog.of_kind(k)] for k in ("avatars", "ghosts", "candy", "boards")}
    assert kinds["ghosts"] == ["TCG:GHOST:1", "TCG:GHOST:2", "TCG:GHOST:3"]
    assert kinds["candy"] == [f"TCG:CANDY:{i:02d}" for i in range(1, 17)]
    assert kinds["boards"] == ["TCG:BOARD:A1", "TCG:BOARD:A2", "TCG:BOARD:B1", "TCG:BOARD:B2"]
    assert {"TCG:AVATAR:RED", "TCG:AVATAR:BLUE"} <= set(kinds["avatars"])
    for c in GAME.catalog:
        assert parse_tag(c.payload).game == "TCG" and len(c.payload) <= 20


def test_board_geometry_for_the_print_kit():
    b = GAME.board
    assert (b.square_mm, b.strip_mm) == (50.0, 40.0)
    assert b.outline() == (-75.0, -115.0, 75.0, 75.0)
    assert b.square_centre(1, 1) == (-50.0, 50.0) and b.dot == (1, 1)
    for board in "AB":
        for m in b.markers[board]:
            left, bottom, right, top = b.outline()
            # inside the outline, in the strip below the grid: never under a piece
            assert left + m.tag_mm / 2 <= m.x_mm <= right - m.tag_mm / 2
            assert bottom < m.y_mm - m.tag_mm / 2 and m.y_mm + m.tag_mm / 2 < -1.5 * b.square_mm


def test_a_user_can_correct_the_arrows_without_code(tmp_path, monkeypatch):
    (tmp_path / "TCG" / "board").mkdir(parents=True)
    rows = (ROOT / "models/the_closest_ghost/catalog/board/squares.csv").read_text()
    (tmp_path / "TCG" / "board" / "squares.csv").write_text(rows.replace("2,2,URD,no", "2,2,LR,no"))
    monkeypatch.setenv("COMPANION_CATALOGS", str(tmp_path))
    game = TheClosestGhost()
    assert game.area(game.setup(["RED", "BLUE"])).arrows("B2") == "RL"


@pytest.mark.parametrize("change, message", [
    (("2,2,URD,no", "2,2,UXD,no"), r"squares.csv:\d+: field 'arrows': use each of U, R, D, L"),
    (("2,2,URD,no", "2,2,URD,yes"), r"squares.csv:\d+: field 'dot': exactly one square has the corner dot"),
    (("3,3,LUR,no\n", ""), r"squares.csv:1: field 'row': squares missing: row 3 col 3"),
    (("1,2,LRD,no", "1,2,LRD"), r"squares.csv:\d+: has 3 fields, the header has 4"),
])
def test_a_broken_board_file_names_file_line_and_field(tmp_path, change, message):
    (tmp_path / "TCG" / "board").mkdir(parents=True)
    rows = (ROOT / "models/the_closest_ghost/catalog/board/squares.csv").read_text()
    (tmp_path / "TCG" / "board" / "squares.csv").write_text(rows.replace(*change))
    with pytest.raises(CatalogError, match=message):
        load_board_spec(override_dirs=[tmp_path])


def test_setup_refuses_what_it_cannot_play():
    with pytest.raises(GameSetupError, match="2-2 players"):
        GAME.setup(["RED", "BLUE", "GREEN"])
    with pytest.raises(GameSetupError, match=r"PINK is not a seat of The Closest Ghost "
                                             r"\(seats: RED, BLUE, GREEN, YELLOW, PURPLE, ORANGE\)"):
        GAME.setup(["RED", "PINK"])
    with pytest.raises(GameSetupError, match="rotation_b: must be one of 0, 90, 180, 270"):
        GAME.setup(["RED", "BLUE"], {"rotation_b": "45"})


def run_rules(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "rules", "TCG", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_the_example_game_through_companion_rules():
    done = run_rules("--players", "RED,BLUE", str(SCRIPT), "--json")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(l) for l in done.stdout.splitlines()]
    steps, final = lines[:-1], lines[-1]
    assert len(steps) == len(script()) and all(s["ok"] for s in steps)
    texts = [e["text"] for s in steps for e in s["events"]]
    assert "RED's avatar on A1 is trapped: RED passes." in texts
    assert final["final"] and final["score"]["winners"] == ["BLUE"]
    assert final["state"]["result"] == "BLUE wins: board B has no candy left (RED took the last piece, from E3)."
    assert final["state"]["rotations"] == {"A": 0, "B": 90}


def test_companion_rules_reports_an_illegal_move_and_goes_on(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps([
        {"type": "place_ghost", "player": "BLUE", "square": "F3"},
        {"type": "move_avatar", "player": "RED", "to": "A2"},
        {"type": "move_avatar", "player": "RED", "to": "C2"},
    ]))
    done = run_rules("--players", "RED,BLUE", "--option", "wrap=off", str(path), "--json")
    lines = [json.loads(l) for l in done.stdout.splitlines()]
    assert lines[1] == {"i": 1, "ok": False, "error": (
        "move_avatar: RED's avatar cannot go left from B2 to A2: that is against "
        "the arrows (B2's arrows point up, right and down)")}
    assert lines[2]["ok"] and lines[2]["prompts"][-1]["text"].startswith("RED: move the ghost on")


def test_the_doc_page_lists_every_action_and_option_with_examples():
    text = DOC.read_text()
    examples = [json.loads(m) for m in re.findall(r"^(\{\"type\": .*\})$", text, re.M)]
    shown = {e["type"] for e in examples}
    assert shown == {a.type for a in GAME.actions}
    for e in examples:
        GAME.parse_action(e)
    for option in GAME.options:
        assert f"`{option}`" in text, option
    assert "the-closest-ghost.script.json" in text
