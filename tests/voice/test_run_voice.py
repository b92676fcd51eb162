"""``companion run --voice-out DIR --lang es``: a real process refereeing the
simulated table says its turns in Spanish, as numbered WAV files that sox hears."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.demo.timeline import build_timeline, timeline_json
from tests.live.tables import PLAYERS, short_game
from tests.voice.conftest import sox_stat

ROOT = Path(__file__).resolve().parents[2]


def test_run_says_the_turns_in_the_tables_language(tmp_path: Path) -> None:
    game = short_game()
    steps, _ = build_timeline(game.engine.arrange(game.start), game.beats, every_s=2.5, first_s=2.0)
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(timeline_json(steps)))
    out = tmp_path / "said"
    env = {**os.environ, "COMPANION_CAMERA_FPS": "5", "COMPANION_CAMERA_STALL_S": "20", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "companion", "run", "--game", "GLC", "--players", ",".join(PLAYERS),
                          "--journal", str(tmp_path / "journal.sqlite"), "--camera", f"sim:{scene}", "--no-web",
                          "--lang", "es", "--voice-out", str(out)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    said = [line.removeprefix("voice: ") for line in run.stdout.splitlines() if line.startswith("voice: ")]
    assert "turn: RED: es tu turno" in said            # RED haunts last, after everyone's ghost is revealed
    files = sorted(out.glob("*.wav"))
    assert len(files) == len(said) and files[0].name.startswith("0001-")
    assert all(sox_stat(f)["RMS     amplitude"] > 0.01 for f in files)


def test_a_bad_language_is_refused(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "companion", "run", "--lang", "fr", "--no-web"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2 and "--lang" in run.stderr and "en|de|es" in run.stderr
