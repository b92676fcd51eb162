"""``companion record`` (the camera's frames into a folder, for a bug report or a
replay) and ``companion history`` (the games in the journal), as a user runs them."""
from __future__ import annotations

import json
import os
import subprocess

from companion.config import load_config
from companion.examples import ROOT
from companion.live.session import Session
from hardware.sources import open_source
from tests.support.cli import COMPANION


def companion(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    return subprocess.run([*COMPANION, *args], capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**base, **(env or {})})


def test_record_writes_frames_that_replay(tmp_path):
    out = tmp_path / "take1"
    run = companion("record", str(out), "--camera", "sim:hardware/simtable/scenes/example.json", "--frames", "4",
                    "--jpeg")
    assert run.returncode == 0, run.stderr
    assert "recorded 4 frames" in run.stderr and f"replay:{out}" in run.stderr
    assert sorted(p.name for p in out.glob("*.jpg")) == [f"{i:06d}.jpg" for i in range(4)]
    with open_source(f"replay:{out}") as src:
        frames = list(src)
    assert len(frames) == 4 and frames[0].width > 0
    bad = companion("record", str(tmp_path / "x"), "--camera", "nosuch:thing")
    assert bad.returncode == 2 and "unknown frame source" in bad.stderr
    # a camera that cannot be opened: one line, and no empty folder left behind to puzzle over
    lost = companion("record", str(tmp_path / "y"), "--camera", f"replay:{tmp_path / 'none'}")
    assert lost.returncode == 2 and "neither a folder of images nor a video file" in lost.stderr
    assert not (tmp_path / "y").exists()


def test_history_lists_every_game_newest_first_with_how_it_ended(tmp_path):
    journal = tmp_path / "journal.sqlite"
    env = {"COMPANION_JOURNAL_PATH": str(journal), "COMPANION_PINS_FACTORY": "mock"}
    s = Session(load_config(None, env=env), indicators=False)
    try:
        s.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "Ana"})
        s.end_game()
        s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
        s.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    finally:
        s.close()
    run = companion("history", env=env)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split()[0] == "2" and lines[0].endswith("open, 1 entries")
    assert lines[1].split()[0] == "1" and "RED (Ana)" in lines[1] and "ended" in lines[1]
    rows = [json.loads(line) for line in companion("history", "--json", env=env).stdout.splitlines()]
    assert [r["id"] for r in rows] == [2, 1] and rows[1]["names"] == {"RED": "Ana"}
    missing = companion("history", "--journal", str(tmp_path / "none.sqlite"))
    assert missing.returncode == 2 and "no journal" in missing.stderr
