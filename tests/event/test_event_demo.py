"""`companion demo --tables N`, the README's event demo, as a real process: a
Mosquitto on free ports, simulated tables through the real pipeline and
referee, the event page; Ctrl-C (SIGTERM) stops it all, the broker included."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from tests.support.mqtt import wait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_event_demo_serves_live_tables_and_stops_cleanly():
    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--tables", "2", "--port", "0"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        url = re.search(r"open (http://\S+/)", line)
        assert url, line + proc.stderr.read() if proc.poll() is not None else line

        def tables():
            with urllib.request.urlopen(url.group(1) + "api/event", timeout=5) as r:
                data = json.load(r)
            live = [t for t in data["tables"] if t["online"] and t["view"] and t["view"]["game"]]
            return data if len(live) == 2 and all(t["view"]["camera"]["frames"] > 5 for t in live) else None
        data = wait(tables, 60, "two tables playing")
        assert {t["view"]["game"]["code"] for t in data["tables"]} == {"GLC", "TCG"}
        assert all(t["view"]["names"] for t in data["tables"])
        with urllib.request.urlopen(url.group(1), timeout=5) as r:
            assert "standings" in r.read().decode().lower()
        broker = [p for p in os.listdir("/proc") if p.isdigit() and _child_of(int(p), proc.pid, "mosquitto")]
        assert len(broker) == 1
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        time.sleep(0.2)
        assert not os.path.exists(f"/proc/{broker[0]}") or _zombie(int(broker[0]))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _child_of(pid: int, parent: int, name: str) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open(f"/proc/{pid}/comm") as f:
            comm = f.read().strip()
    except OSError:
        return False
    return int(fields[1]) == parent and comm == name


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_every_registered_game_has_a_table_in_the_event_demo():
    """The event demo's tables play the shipped games' rotation and then every
    other registered game: a new game is played there with no edit."""
    from companion.demo.event import GAMES, ROTATION
    from models.registry import game_classes
    assert set(GAMES) == {cls.code for cls in game_classes()}
    assert GAMES[:len(ROTATION)] == ROTATION
