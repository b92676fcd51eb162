"""The service heals itself: systemd's watchdog is pinged only while the camera
loop turns, so a loop that hangs gets the service restarted (and the game
resumes from the journal, see test_journal_*). A real notification socket
(AF_UNIX datagrams, as systemd makes), a real session loop, a real process."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from companion.config import load_config
from companion.live.session import Session
from companion.service.sd_notify import LoopWatchdog, Notifier
from hardware.frames import Frame, FrameSource
from tests.support.referee import PIN

ROOT = Path(__file__).resolve().parents[2]


class NotifySocket:
    """What systemd listens on: a datagram socket whose messages we collect."""

    def __init__(self, path: Path):
        self.path = str(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.settimeout(0.1)

    def drain(self, seconds: float) -> list[str]:
        """Every message received in the next ``seconds``."""
        out: list[str] = []
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                out.append(self.sock.recv(4096).decode())
            except TimeoutError:
                pass
        return out

    def wait_for(self, text: str, timeout: float = 60.0) -> list[str]:
        seen: list[str] = []
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            seen += self.drain(0.2)
            if any(text in m for m in seen):
                return seen
        raise AssertionError(f"no {text!r} from the service; got {seen}")

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def notify_socket(tmp_path):
    s = NotifySocket(tmp_path / "notify.sock")
    yield s
    s.close()


class SteadyCamera(FrameSource):
    name = "steady-camera"

    def __init__(self):
        self.index = 0

    def read(self) -> Frame:
        time.sleep(0.02)
        self.index += 1
        return Frame(np.zeros((60, 80, 3), np.uint8), self.index / 50, self.index)


class HangingPipeline:
    """A vision pass that hangs for good after ``k`` frames (a bug, a driver
    deadlock inside the loop): nothing raises, the loop simply stops turning."""

    def __init__(self, k: int):
        self.k = k
        self.seen = 0
        self.release = threading.Event()

    def process(self, frame):
        self.seen += 1
        if self.seen > self.k:
            self.release.wait()
        return _Update()

    def overlay(self, frame):
        return frame.image


class _Update:
    calibrated = False
    recalibrated = False
    settled = True
    changed = False
    snapshot = None
    rejected: list = []
    duplicates: list = []
    t = 0.0


def test_notifier_sends_to_a_socket_path_and_is_silent_without_one(notify_socket):
    assert Notifier.from_environment({}).send("READY=1") is False
    n = Notifier.from_environment({"NOTIFY_SOCKET": notify_socket.path, "WATCHDOG_USEC": "3000000"})
    assert n.watchdog_s == 3.0
    assert n.send("READY=1", "STATUS=serving") is True
    assert notify_socket.drain(0.3) == ["READY=1\nSTATUS=serving"]
    # a watchdog meant for another process (WATCHDOG_PID) is not ours to ping
    other = Notifier.from_environment({"NOTIFY_SOCKET": notify_socket.path, "WATCHDOG_USEC": "3000000",
                                       "WATCHDOG_PID": "1"})
    assert other.watchdog_s is None


def test_a_hung_camera_loop_stops_the_watchdog_pings(tmp_path, notify_socket):
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite")})
    pipeline = HangingPipeline(k=20)
    session = Session(cfg, indicators=False, pipeline=pipeline)
    watchdog = LoopWatchdog(session, Notifier(notify_socket.path, watchdog_s=0.6))
    try:
        session.start(SteadyCamera())
        watchdog.start()
        turning = notify_socket.drain(0.6)
        assert turning.count("WATCHDOG=1") >= 1, turning          # pinged while frames flow
        end = time.monotonic() + 30
        while pipeline.seen <= pipeline.k or (session.loop_age() or 0) < 0.6:
            assert time.monotonic() < end, "the pipeline never hung"
            time.sleep(0.05)
        notify_socket.drain(0.3)                                   # pings sent before it noticed
        assert notify_socket.drain(1.5) == []                      # hung: no ping, systemd restarts us
        assert not watchdog.alive()
    finally:
        pipeline.release.set()
        watchdog.stop()
        session.close()


def test_a_loop_that_ended_by_itself_is_not_a_hang(tmp_path, notify_socket):
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite")})
    session = Session(cfg, indicators=False)
    watchdog = LoopWatchdog(session, Notifier(notify_socket.path, watchdog_s=0.6))
    try:
        assert session.loop_age() is None        # no loop meant to run: the page alone is alive
        assert watchdog.alive()
    finally:
        session.close()


def test_companion_run_says_ready_pings_while_refereeing_and_says_stopping(tmp_path, notify_socket):
    scene = tmp_path / "table.json"          # an empty table, watched for as long as the test runs
    scene.write_text('{"items": [], "camera": {"resolution": [640, 360]}}')
    env = {**os.environ, "NOTIFY_SOCKET": notify_socket.path, "WATCHDOG_USEC": "600000",
           "COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"), "COMPANION_REFEREE_PIN": PIN}
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--camera", f"sim:{scene}", "--realtime",
                             "--port", "0", "--game", "GLC", "--players", "RED,BLUE,GREEN"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        seen = notify_socket.wait_for("READY=1")
        seen += notify_socket.drain(1.5)
        assert sum(m == "WATCHDOG=1" for m in seen) >= 2, seen
        proc.send_signal(signal.SIGTERM)
        notify_socket.wait_for("STOPPING=1", timeout=30)
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
