"""Whole Candy Crave games as scripts: the documented example, and games for 2, 3
and 5 players through the engine and through ``companion rules CCR``."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from models.registry import get_game
from tests.games.ccr.driver import features, play

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "games" / "candy-crave.script.json"


def companion_rules(players, script_path, *options):
    cmd = [sys.executable, "-m", "companion", "rules", "CCR", "--players", ",".join(players), str(script_path),
           "--json", *[x for o in options for x in ("--option", o)]]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def test_documented_example_plays_through_the_engine():
    game = get_game("CCR")
    actions = [game.parse_action(a) for a in json.loads(EXAMPLE.read_text())]
    state = game.setup(["RED", "BLUE", "GREEN"])
    texts = []
    for a in actions:
        state, events = game.apply(state, a)
        texts += [e.text for e in events]
    assert game.is_over(state)
    # the claims docs/games/candy-crave.md makes about this game
    assert "The lollipops row: +2 ? -1 +2: each lollipop is worth 6" in texts
    assert "Round 1 scores: RED 51, BLUE 36, GREEN 60" in texts
    assert "BLUE starts round 2: put every sweet back in its bowl and clear the tiles away" in texts
    assert any(t.startswith("GREEN steals") for t in texts)
    assert "BLUE pockets H04 from RED's play area" in texts
    assert "RED withdraws from round 2" in texts
    board = game.score(state)
    assert board.winners == ["GREEN"] and board.entries["GREEN"].total == 174
    assert features(game, ["RED", "BLUE", "GREEN"], actions) >= {
        "take", "short_take", "steal", "withdraw_distribute", "withdraw_endphase", "pocket_own", "pocket_other"}


def test_documented_example_through_companion_rules():
    lines = companion_rules(["RED", "BLUE", "GREEN"], EXAMPLE)
    steps, final = lines[:-1], lines[-1]
    assert all(step["ok"] for step in steps) and len(steps) == len(json.loads(EXAMPLE.read_text()))
    assert final["final"] and final["state"]["phase"] == "over"
    assert final["score"]["winners"] == ["GREEN"] and final["score"]["final"]


@pytest.mark.parametrize("players,seed", [(["RED", "BLUE"], 0), (["RED", "BLUE", "GREEN"], 1),
                                          (["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"], 2)])
def test_whole_games_through_companion_rules(tmp_path, players, seed):
    state, actions = play(players, seed, withdraw_rate=0.08)
    script = tmp_path / "game.json"
    script.write_text(json.dumps([a.to_json() for a in actions]))
    lines = companion_rules(players, script)
    assert all(step["ok"] for step in lines[:-1])
    final = lines[-1]
    game = get_game("CCR")
    assert final["state"] == json.loads(json.dumps(game.public_view(state)))
    assert final["score"] == game.score(state).to_json()
    for p in players:
        assert final["score"]["entries"][p]["total"] == \
            sum(line["points"] for line in final["score"]["entries"][p]["breakdown"])


def test_companion_rules_reports_an_illegal_take_and_goes_on(tmp_path):
    script = tmp_path / "bad.json"
    base = [{"type": "base", "sweet": t, "tile": x} for t, x in zip("LHKBC", ["1", "2", "3", "4A", "5A"])]
    up = [{"type": "turn_up", "sweet": t, "tile": f"4{c}"} for t, c in zip("LHKBC", ["P3", "P2", "Q", "M1", "M2"])]
    script.write_text(json.dumps(base + up + [
        {"type": "take", "player": "RED", "sweets": ["L01", "L02"]},
        {"type": "take", "player": "RED", "sweets": ["L01"]}]))
    lines = companion_rules(["RED", "BLUE", "GREEN"], script)
    assert lines[10]["ok"] is False and "first turn of a round takes exactly 1 sweet, not 2" in lines[10]["error"]
    assert lines[11]["ok"] is True
    bad = subprocess.run([sys.executable, "-m", "companion", "rules", "CCR", "--players", "RED,BLUE,GREEN",
                          str(script), "--option", "zero_take=maybe"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode == 2 and "option zero_take: expected true or false" in bad.stderr
