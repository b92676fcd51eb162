"""One journal, one writer: real ``companion run`` processes on the same file.

A second ``companion run`` on a journal in use exits 2 naming the first one's
PID; once the first is killed with SIGKILL the lock goes with it and the next
run resumes the game. A game that does not replay never blocks a new one: it is
closed as unrecoverable, its entries kept, and the page and the log say why.
"""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from companion.demo.timeline import build_timeline, timeline_json
from companion.journal.store import Journal
from tests.live.tables import PLAYERS, short_game

from .journal_files import ROOT, companion


def scene(path: Path, start: dict, beats: list) -> str:
    steps, _ = build_timeline(start, beats, every_s=2.5, first_s=2.0)
    path.write_text(json.dumps(timeline_json(steps)))
    return f"sim:{path}"


def serve(journal: Path, camera: str) -> subprocess.Popen:
    """``companion run`` serving the page on a free port; returns once it serves."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CAMERA_FPS": "5", "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--game", "GLC", "--players", ",".join(PLAYERS),
                             "--journal", str(journal), "--camera", camera, "--realtime", "--port", "0",
                             "--bind", "127.0.0.1", "--pin", "1234"],
                            cwd=ROOT, env=env, text=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if "serving http://" in line:
            return proc
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"companion run did not start serving (exit {proc.poll()})")


def test_a_second_run_on_the_same_journal_exits_2_naming_the_first(tmp_path):
    game = short_game()
    g = game.engine
    journal = tmp_path / "journal.sqlite"
    first = serve(journal, scene(tmp_path / "a.json", g.arrange(game.start), game.beats[:3]))
    try:
        assert Path(str(journal) + ".lock").read_text().strip() == str(first.pid)
        second = companion("run", "--game", "GLC", "--players", ",".join(PLAYERS), "--journal", str(journal),
                           "--no-web", "--camera", scene(tmp_path / "b.json", g.arrange(game.start), game.beats[:1]))
        assert second.returncode == 2, second.stderr
        assert f"PID {first.pid}" in second.stderr and str(journal) in second.stderr
        assert "Traceback" not in second.stderr
        assert first.poll() is None                      # the first one goes on undisturbed
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(10)

    # killed: the lock went with it; the next run resumes its game
    out = companion("run", "--game", "GLC", "--players", ",".join(PLAYERS), "--journal", str(journal),
                    "--no-web", "--json", "--camera", scene(tmp_path / "c.json", g.arrange(game.start), []))
    assert out.returncode == 0, out.stderr
    views = [json.loads(line) for line in out.stdout.splitlines()]
    assert views[0]["game_id"] == 1 and any(e["type"] == "resumed" for e in views[0]["events"])


def test_a_game_that_does_not_replay_is_closed_and_a_new_one_starts(tmp_path):
    game = short_game()
    g = game.engine
    journal = tmp_path / "journal.sqlite"
    j = Journal(journal)
    gid = j.start_game("GLC", PLAYERS, g.resolve_options({}), game.start)
    for i, b in enumerate(game.beats[:4]):
        j.append(gid, "action", [g.parse_action(a).to_json() for a in b.actions], [], game.states[i])
    j.close()
    con = sqlite3.connect(journal)             # the rules changed under the journal: entry 3 is now illegal
    con.execute("UPDATE entries SET action = ? WHERE seq = 3", (json.dumps([{"type": "reveal_kid", "slot": 1,
                                                                               "kid": 99}]),))
    con.commit()
    con.close()

    out = companion("run", "--game", "GLC", "--players", ",".join(PLAYERS), "--journal", str(journal),
                    "--no-web", "--json", "--camera", scene(tmp_path / "s.json", g.arrange(game.start), []))
    assert out.returncode == 0, out.stderr
    views = [json.loads(line) for line in out.stdout.splitlines()]
    assert views[-1]["game_id"] == 2                                  # a new game started
    shown = [e["text"] for e in views[0]["events"]]
    assert any("game 1" in t.lower() and "unrecoverable" in t for t in shown), shown
    assert "unrecoverable" in out.stderr and "game 1" in out.stderr.lower()   # and logged
    j = Journal(journal)
    try:
        old = j.game(1)
        assert old.ended is not None and "entry 3" in old.result["unrecoverable"]
        assert len(j.entries(1)) == 4                                 # its entries are kept
    finally:
        j.close()
