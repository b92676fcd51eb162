"""``companion run`` as a real process: kill -9 mid-game, resume exactly; export."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.config import load_config
from companion.demo.timeline import build_timeline, timeline_json
from companion.live.session import Session

from .tables import PLAYERS, short_game

ROOT = Path(__file__).resolve().parents[2]


def companion(*args, **kw):
    # a busy machine may take seconds to render the simulated table's first frame: not a lost camera here
    env = {**os.environ, "COMPANION_CAMERA_FPS": "5", "COMPANION_CAMERA_STALL_S": "20", "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "companion", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def scene_file(path, start, beats):
    steps, _ = build_timeline(start, beats, every_s=2.5, first_s=2.0)
    path.write_text(json.dumps(timeline_json(steps)))
    return f"sim:{path}"


def applied_entries(view):
    return {e["entry"] for e in view["events"] if e.get("kind") == "action"}


def test_kill_9_mid_game_then_resume_exactly(tmp_path):
    game = short_game()
    g = game.engine
    journal = tmp_path / "journal.sqlite"
    args = ["run", "--game", "GLC", "--players", ",".join(PLAYERS), "--journal", str(journal), "--no-web", "--json"]

    # 1. the first process watches kids being dealt, in real time; killed after the third
    first = companion(*args, "--realtime", "--camera", scene_file(tmp_path / "a.json", g.arrange(game.start),
                                                                   game.beats[:6]))
    before = None
    deadline = time.monotonic() + 60
    try:
        for line in first.stdout:
            view = json.loads(line)
            if len(applied_entries(view)) >= 3:
                first.send_signal(signal.SIGKILL)
                before = view
                break
            assert time.monotonic() < deadline, "no third deal within 60 s"
    finally:
        first.kill()
        first.wait(10)
    assert first.returncode == -signal.SIGKILL
    assert before is not None and before["status"] == "applied"

    # 2. the journal holds what was shown (and, when the kill lands a moment late on a busy machine, the
    #    deal journalled meanwhile): resuming rebuilds exactly the journalled state and its prompts
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(journal)})
    s = Session(cfg, indicators=False)
    assert s.resume()
    done = next(k for k, st in enumerate(game.states) if st == s.state)
    assert done >= 2
    assert s.view()["state"] == g.public_view(game.states[done])
    if done == 2:
        assert s.view()["state"] == before["state"] and s.view()["prompts"] == before["prompts"]
    shown = s.view()
    s.close()

    # 3. a new process resumes, sees the same table in sync, and plays on to the candy
    second = companion(*args, "--camera", scene_file(tmp_path / "b.json", g.arrange(game.states[done]),
                                                     game.beats[done + 1:7]))
    out, err = second.communicate(timeout=90)
    assert second.returncode == 0, err
    views = [json.loads(l) for l in out.splitlines()]
    assert any(e["type"] == "resumed" for e in views[0]["events"])
    synced = next(v for v in views if v["status"] != "starting")
    assert synced["status"] == "in_sync", (synced["status"], [p["text"] for p in synced["prompts"]], synced["camera"])
    assert synced["state"] == shown["state"] and synced["prompts"] == shown["prompts"]
    assert views[-1]["state"]["phase"] == "choose"
    assert views[-1]["state"] == g.public_view(game.states[6])

    # 4. export: the whole record, one game, seven applied changes
    exp = subprocess.run([sys.executable, "-m", "companion", "export", "--journal", str(journal), "--last",
                          "--out", str(tmp_path / "game.json")], cwd=ROOT, capture_output=True, text=True)
    assert exp.returncode == 0, exp.stderr
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["game"] == "GLC" and record["players"] == PLAYERS and record["ended"] is None
    assert [e["kind"] for e in record["entries"]] == ["action"] * 7
    assert [a for e in record["entries"] for a in e["actions"]] == game.actions(7)


def test_export_and_run_refuse_bad_input(tmp_path):
    r = subprocess.run([sys.executable, "-m", "companion", "export", "--journal", str(tmp_path / "none.sqlite")],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "no journal at" in r.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text("[web]\nport = 'x'\n")
    r = subprocess.run([sys.executable, "-m", "companion", "run", "--config", str(bad), "--no-web"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "bad.toml: [web] port" in r.stderr
    r = subprocess.run([sys.executable, "-m", "companion", "run", "--journal", str(tmp_path / "j.sqlite"),
                        "--game", "GLC", "--players", "RED,BLUE,GREEN", "--camera", "telepathy:1", "--no-web"],
                       cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 2 and "unknown frame source" in r.stderr
