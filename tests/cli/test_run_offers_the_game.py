"""`companion run` with no --game and no open game, as a real process: the
simulated camera sees a table laid out for Ghost at Home, and the views it
prints (--json) carry the offer as a prompt with the seats read from the table
(issue 44)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.demo.timeline import build_timeline, timeline_json
from models.registry import get_game

ROOT = Path(__file__).resolve().parents[2]


def test_run_with_no_game_offers_the_game_its_table_is_laid_out_for(tmp_path):
    game = get_game("GAH")
    table = game.arrange(game.setup(["RED", "BLUE", "GREEN"], {}))
    steps, _ = build_timeline(table, [], every_s=2.5, first_s=3.0)
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(timeline_json(steps)))
    env = {**os.environ, "COMPANION_CAMERA_FPS": "5", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "companion", "run", "--no-web", "--json", "--camera", f"sim:{scene}",
                           "--journal", str(tmp_path / "j.sqlite")], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    views = [json.loads(line) for line in done.stdout.splitlines()]
    offered = [v for v in views if v.get("offer")]
    assert offered, "no view carried the table's offer"
    last = offered[-1]
    assert last["status"] == "no_game" and last["game"] is None
    assert last["offer"] == {"game": "GAH", "players": ["RED", "BLUE", "GREEN"], "fresh": True, "ready": True,
                             "text": "Ghost at Home for RED, BLUE and GREEN: press the button to start"}
    assert last["prompts"][0]["text"] == last["offer"]["text"]
