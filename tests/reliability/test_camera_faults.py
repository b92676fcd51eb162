"""A camera that stalls, is missing or delivers broken frames is reported, never
hidden: the view, the status LED (gpiozero's mock pins) and the log say so, the
companion keeps retrying, and it picks up again when frames come back."""
from __future__ import annotations

import json
import logging
import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import cv2
import numpy as np
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import ConfigError, load_config
from companion.live.session import Session
from companion.service.network import free_ports
from hardware.frames import Frame, FrameSource
from hardware.indicators import IndicatorPins, Indicators
from hardware.sources.replay import ReplaySource

ROOT = Path(__file__).resolve().parents[2]
PINS = IndicatorPins(seats={"RED": 17, "BLUE": 27, "GREEN": 22}, status_red=5, status_green=6, status_blue=13,
                     buzzer=19, confirm_button=20, undo_button=21)
RED = (1, 0, 0)


class StallingCamera(FrameSource):
    """A camera whose read() blocks (a driver stuck waiting for a buffer, no
    error) after ``k`` frames, until ``resume`` is set; then frames come again."""

    name = "stalling-camera"

    def __init__(self, k: int):
        self.k = k
        self.resume = threading.Event()
        self.index = 0
        self.opens = 0
        self.image = np.full((90, 160, 3), 255, np.uint8)

    def open(self) -> None:
        self.opens += 1

    def read(self) -> Frame | None:
        if self.index >= self.k:
            self.resume.wait()
        time.sleep(0.02)
        self.index += 1
        return Frame(self.image, self.index / 50, self.index)


def make_session(tmp_path, indicators, stall_s="0.4"):
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"),
                                 "COMPANION_CAMERA_STALL_S": stall_s})
    return Session(cfg, indicators=indicators, backoff=(0.05, 0.2))


def wait_for(cond, timeout=30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.02)
    return cond()


def status_rgb(factory):
    return tuple(factory.pin(n).state for n in (5, 6, 13))


def test_a_camera_whose_read_blocks_is_reported_lost_and_comes_back(tmp_path, caplog):
    factory = MockFactory(pin_class=MockPWMPin)
    ind = Indicators(PINS, factory=factory)
    s = make_session(tmp_path, ind)
    cam = StallingCamera(k=5)
    try:
        with caplog.at_level(logging.WARNING, logger="companion.live.session"):
            s.start(cam)
            assert wait_for(lambda: s.view()["camera"]["frames"] >= 5)
            assert wait_for(lambda: s.view()["status"] == "camera_lost"), s.view()["camera"]
            v = s.view()
            assert v["camera"]["ok"] is False
            assert v["camera"]["fps"] == 0                   # not the old figure
            assert v["camera"]["missing"] is False              # it did deliver: lost, not missing
            assert v["indicators"]["status"] == "red" and status_rgb(factory) == pytest.approx(RED)
            assert [e["text"] for e in v["events"] if e["type"] == "camera_lost"] == \
                ["Camera lost: no frame for 0.4 s"]
            assert "camera stalling-camera: no frame for 0.4 s" in caplog.text
            # the stuck read was given up: the loop closed and reopened the camera
            assert wait_for(lambda: cam.opens >= 2)

            cam.resume.set()
            assert wait_for(lambda: s.view()["camera"]["ok"] and s.view()["camera"]["frames"] > 5)
            v = s.view()
            assert v["status"] != "camera_lost"
            assert any(e["type"] == "camera_back" for e in v["events"])
            assert v["indicators"]["status"] != "red" and status_rgb(factory) != pytest.approx(RED)
    finally:
        cam.resume.set()
        s.close()
        ind.close()


def test_stop_returns_while_a_read_is_stuck(tmp_path):
    s = make_session(tmp_path, False, stall_s="30")
    cam = StallingCamera(k=2)
    try:
        s.start(cam)
        assert wait_for(lambda: cam.index >= 2)
        s.stop()
        assert not s.running
        assert s.wait(10), "the loop is still stuck in read()"
    finally:
        cam.resume.set()
        s.close()


def test_a_camera_missing_at_start_is_retried_not_fatal(tmp_path):
    class Missing(FrameSource):
        name = "missing-camera"

        def __init__(self):
            self.opens = 0

        def open(self):
            self.opens += 1
            if self.opens < 3:
                raise RuntimeError("no camera on the bus")

        def read(self):
            time.sleep(0.02)
            return Frame(np.full((90, 160, 3), 255, np.uint8), 0.0, 0)

    s = make_session(tmp_path, False)
    cam = Missing()
    try:
        s.start(cam)
        assert wait_for(lambda: s.view()["camera"]["ok"])
        assert cam.opens >= 3
        assert any(e["type"] == "camera_back" for e in s.view()["events"])
    finally:
        s.close()


@pytest.mark.parametrize("camera", ["opencv:9", "picamera2"])
def test_run_with_a_missing_camera_serves_the_page_and_keeps_retrying(tmp_path, camera):
    port, = free_ports()
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COMPANION_PINS_FACTORY": "mock", "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "run", "--port", str(port), "--bind", "127.0.0.1",
                             "--pin", "4321", "--journal", str(tmp_path / "j.sqlite"), "--camera", camera],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        state = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=5) as resp:
                    state = json.loads(resp.read())
                if state["camera"].get("errors", 0) >= 2:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            time.sleep(0.2)
        assert proc.poll() is None, f"companion run exited {proc.returncode}: {proc.stderr.read()}"
        assert state is not None, "/api/state never answered"
        cam = state["camera"]
        assert state["status"] == "camera_lost"
        assert cam["missing"] is True and cam["ok"] is False
        assert cam["errors"] >= 2                              # it keeps trying
        assert cam["retry_s"] > 0 and cam["last_error"]
        assert state["indicators"]["status"] == "red"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate(timeout=5)
    assert re.search(r"WARNING companion.live.camera_loop: camera \S+ missing, retrying in [\d.]+ s: \S", err), err
    assert "Traceback" not in err


def test_run_with_an_unknown_camera_kind_still_exits_2(tmp_path):
    r = subprocess.run([sys.executable, "-m", "companion", "run", "--journal", str(tmp_path / "j.sqlite"),
                        "--camera", "telepathy:1", "--no-web"], cwd=ROOT, capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 2 and "unknown frame source" in r.stderr


def test_replayed_files_that_cannot_be_read_are_counted_in_the_camera_status(tmp_path):
    folder = tmp_path / "rec"
    folder.mkdir()
    for i in (0, 2, 3):
        cv2.imwrite(str(folder / f"{i:06d}.png"), np.full((90, 160, 3), 200, np.uint8))
    (folder / "000001.png").write_bytes(b"not a png at all")
    s = make_session(tmp_path, False)
    try:
        s.start(ReplaySource(folder))
        assert s.wait(60)
        cam = s.view()["camera"]
        assert cam["skipped"] == 1
        assert cam["frames"] == 3 and cam["ended"] is True
    finally:
        s.close()


def test_the_stall_limit_is_a_positive_number_of_seconds():
    assert load_config(None, env={}).camera.stall_s == 2.0
    with pytest.raises(ConfigError, match=r"\[camera\] stall_s must be positive"):
        load_config(None, env={"COMPANION_CAMERA_STALL_S": "0"})
