"""The camera view must not cost memory per request thread.

A real `companion demo` (1600x900 frames, the real overlay and JPEG encoder)
serves ``/camera/frame.jpg``; 60 threads fetch it at once, several rounds. The
picture is made once per frame on one thread and shared, so the server's
resident memory stays about where it was (each thread that once ran the
overlay and the encoder used to keep ~7 MB of malloc arena for good: ~400 MB).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = "1234"                      # the demo's referee PIN
THREADS = 60
ROUNDS = 4


def _rss_mb(pid: int) -> float:
    text = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", text).group(1)) / 1024


def _fetch(url: str) -> tuple[int, bytes]:
    req = urllib.request.Request(url, headers={"X-Referee-Pin": PIN})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def _start_demo(tmp: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "TMPDIR": str(tmp), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion", "demo", "--port", "0"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        m = re.search(r"open (http://[\d.]+:\d+)/", line)
        if m:
            threading.Thread(target=proc.stdout.read, daemon=True).start()    # keep the pipe drained
            return proc, m.group(1)
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"the demo did not start (exit {proc.poll()})")


def test_sixty_threads_fetching_the_camera_frame_do_not_grow_memory(tmp_path: Path) -> None:
    proc, base = _start_demo(tmp_path)
    try:
        url = base + "/camera/frame.jpg"
        deadline = time.monotonic() + 30
        while _fetch(url)[0] != 200:
            assert time.monotonic() < deadline, "the camera view never showed a frame"
            time.sleep(0.2)
        for _ in range(3):                           # warm up: the encoder, the page's caches
            _fetch(url)
        time.sleep(0.5)
        before = _rss_mb(proc.pid)
        statuses: list[int] = []
        sizes: list[int] = []
        lock = threading.Lock()
        barrier = threading.Barrier(THREADS)

        def viewer(i: int) -> None:
            barrier.wait()
            for r in range(ROUNDS):
                overlay = (i + r) % 2
                status, body = _fetch(f"{url}?overlay={overlay}&w=1600&t={i}-{r}")
                with lock:
                    statuses.append(status)
                    if status == 200:
                        sizes.append(len(body))
                time.sleep(0.25)                     # a new frame arrives every 0.2 s

        threads = [threading.Thread(target=viewer, args=(i,)) for i in range(THREADS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        after = _rss_mb(proc.pid)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    assert statuses.count(200) == THREADS * ROUNDS, f"some fetches failed: {sorted(set(statuses))}"
    assert min(sizes) > 10_000                       # real pictures, not an error page
    assert after - before < 100, f"serving the camera view grew memory by {after - before:.0f} MB"


# ---------------------------------------------------------------- one picture per frame, shared


class _Frame:
    def __init__(self, index: int, width: int = 1600, height: int = 900):
        import numpy as np
        self.index = index
        self.image = np.full((height, width, 3), (index * 40) % 255, dtype=np.uint8)


def test_sixty_callers_share_one_picture_made_once_per_frame() -> None:
    import cv2
    import numpy as np

    from companion.live.camera_view import CameraView

    frame = {"now": _Frame(1)}
    view = CameraView(lambda: frame["now"])
    try:
        got: list[bytes | None] = []
        barrier = threading.Barrier(60)

        def ask() -> None:
            barrier.wait()
            got.append(view.jpeg(640, overlay=False))

        threads = [threading.Thread(target=ask) for _ in range(60)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert len(got) == 60 and all(g is got[0] for g in got)     # the same bytes object for all
        assert view.renders == 1
        image = cv2.imdecode(np.frombuffer(got[0], np.uint8), cv2.IMREAD_COLOR)
        assert image.shape[1] == 640
        frame["now"] = _Frame(2)
        deadline = time.monotonic() + 10
        while view.jpeg(640, overlay=False) is got[0]:
            assert time.monotonic() < deadline, "a new frame never made a new picture"
            time.sleep(0.05)
        assert view.renders == 2
    finally:
        view.close()


def test_widths_are_snapped_never_wider_than_the_frame_and_default_to_a_screen() -> None:
    import cv2
    import numpy as np

    from companion.live.camera_view import DEFAULT_WIDTH, CameraView

    view = CameraView(lambda: _Frame(1, 4056, 3040))                # a 12 MP camera
    small = CameraView(lambda: _Frame(1, 800, 450))
    try:
        def width(v: CameraView, w: int | None) -> int:
            data = v.jpeg(w, overlay=False)
            return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR).shape[1]
        assert width(view, None) == DEFAULT_WIDTH
        assert width(view, 700) == 640
        assert width(view, 99999) <= 1920
        assert width(view, 10) == 320
        assert width(small, 1920) == 800
    finally:
        view.close()
        small.close()


def test_the_page_asks_for_a_width_and_a_bad_one_is_a_plain_400(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    from companion.live.session import Session
    from hardware.simtable import CameraModel, Scene, SimulatedTable
    from tests.web.conftest import make_config
    from web import create_app

    s = Session(make_config(tmp_path, COMPANION_REFEREE_PIN=PIN), indicators=False)
    s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    client = create_app(s).test_client()
    s.start(SimulatedTable(Scene.from_placements(s.engine.arrange(s.state)), CameraModel(resolution=(1600, 900)),
                           fps=5.0, realtime=True))
    try:
        headers = {"X-Referee-Pin": PIN}
        deadline = time.monotonic() + 20
        while (r := client.get("/camera/frame.jpg?w=640", headers=headers)).status_code != 200:
            assert time.monotonic() < deadline, "no camera picture"
            time.sleep(0.1)
        assert cv2.imdecode(np.frombuffer(r.data, np.uint8), cv2.IMREAD_COLOR).shape[1] == 640
        bad = client.get("/camera/frame.jpg?w=big", headers=headers)
        assert bad.status_code == 400 and "w=640" in bad.get_json()["error"]
    finally:
        s.close()
