"""`companion run` at an event, as a real process: the table referees what the
(simulated) camera sees and publishes it; a missing table name is refused."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.demo.timeline import build_timeline, timeline_json
from tests.live.tables import PLAYERS, short_game

from .conftest import EVENT

ROOT = Path(__file__).resolve().parents[2]


def companion(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COMPANION_CAMERA_FPS": "5", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=120)


def test_a_table_referees_and_publishes_what_its_camera_sees(setup, hub, tmp_path):
    game = short_game()
    steps, _ = build_timeline(game.engine.arrange(game.start), game.beats[:3], every_s=2.5, first_s=2.0)
    scene = tmp_path / "scene.json"
    scene.write_text(json.dumps(timeline_json(steps)))
    done = companion("run", "--no-web", "--json", "--camera", f"sim:{scene}", "--journal", str(tmp_path / "j.sqlite"),
                     "--game", "GLC", "--players", ",".join(PLAYERS), "--name", "RED=Ana",
                     "--event", EVENT, "--table", "t2", "--broker", setup.url("t2"))
    assert done.returncode == 0, done.stderr
    assert f"table 't2' of '{EVENT}' publishes to mqtt://t2@127.0.0.1:{setup.port}" in done.stderr
    assert setup.passwords["t2"] not in done.stderr + done.stdout           # the password is never printed
    last = json.loads(done.stdout.splitlines()[-1])
    # the camera's last view is published before the table says goodbye (only its seq may differ: the
    # session's close publishes once more, unchanged, after the publisher has closed)
    assert hub.wait_for(lambda h: "t2" in h.tables and h.tables["t2"]["view"] and
                        h.tables["t2"]["view"]["seq"] >= last["seq"] - 1, 10)
    view = hub.tables["t2"]["view"]
    assert view["names"] == {"RED": "Ana"} and view["state"] == last["state"]
    assert view["camera"]["frames"] > 10
    assert hub.wait_for(lambda h: h.table_summary("t2")["online"] is False, 10)   # it said goodbye


def test_event_mode_without_a_table_name_is_refused(setup, tmp_path):
    done = companion("run", "--no-web", "--camera", "replay:" + str(tmp_path), "--journal", str(tmp_path / "j.sqlite"),
                     "--broker", setup.url("t1"), "--event", EVENT)
    assert done.returncode == 2
    assert "event mode needs the event's name and this table's" in done.stderr


def test_companion_event_serves_the_page_and_stops_on_sigterm(setup, broker, tables):
    import re
    import signal
    import urllib.request

    from tests.support.mqtt import wait
    s, _ = tables.table("t3")
    s.new_game("TCG", ["RED", "BLUE"], names={"RED": "Ana"})
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_EVENT_PASSWORD": setup.passwords["hub"]}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "event", "--event", EVENT, "--port", "0",
                             "--bind", "127.0.0.1", "--broker", f"mqtt://hub@127.0.0.1:{setup.port}"],
                            cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = proc.stderr.readline()
        url = re.search(r"serving (http://\S+/)", line)
        assert url, line

        def shown():
            with urllib.request.urlopen(url.group(1) + "api/event", timeout=5) as r:
                data = json.load(r)
            return data if data["tables"] and (data["tables"][0]["view"] or {}).get("names") else None
        data = wait(shown, 15, "the table on the event page")
        assert data["connected"] and data["tables"][0]["name"] == "t3"
        assert data["tables"][0]["view"]["names"] == {"RED": "Ana"}
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
