"""The camera view's picture: the latest frame (with the overlay) as JPEG, made on
ONE thread, once per new frame, only while someone is watching.

Every web request thread used to draw the overlay and encode the 12 MP frame
itself, and glibc kept each such thread's ~7 MB malloc arena for good. Here a
request only registers that it watches ``(width, overlay)`` and gets the bytes
the renderer thread made; all viewers of one picture share the same bytes. The
thread renders each wanted picture when a new frame arrives, forgets a picture
nobody asked for in ``watch_s`` seconds, and ends after ``idle_exit_s`` without
viewers (the next request starts it again).

Example::

    view = CameraView(lambda: session_frame, overlay=pipeline.overlay)
    jpeg = view.jpeg(width=640, overlay=True)     # bytes, or None before a frame
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

#: the widths a browser may ask for (a request is rounded down to one of them)
ALLOWED_WIDTHS = (320, 480, 640, 800, 1024, 1280, 1600, 1920)
#: the width when the browser does not say: a screen, never the camera's 12 MP
DEFAULT_WIDTH = 1280


def snap_width(width: int | None) -> int:
    """The allowed width for a request: the largest allowed one not above
    ``width`` (at least the smallest); :data:`DEFAULT_WIDTH` when None."""
    if width is None:
        return DEFAULT_WIDTH
    fitting = [w for w in ALLOWED_WIDTHS if w <= int(width)]
    return fitting[-1] if fitting else ALLOWED_WIDTHS[0]


class CameraView:
    """The shared JPEG pictures of the latest frame (see the module doc).

    ``latest``: returns the newest frame (with ``.index`` and ``.image``) or None;
    ``overlay``: draws the tags over a frame (returns an image), or None."""

    def __init__(self, latest: Callable[[], Any], overlay: Callable[[Any], Any] | None = None, *,
                 quality: int = 80, watch_s: float = 5.0, idle_exit_s: float = 30.0,
                 poll_s: float = 0.05):
        self._latest = latest
        self._overlay = overlay
        self.quality = int(quality)
        self.watch_s = watch_s
        self.idle_exit_s = idle_exit_s
        self.poll_s = poll_s
        self._cond = threading.Condition()
        self._wanted: dict[tuple[int, bool], float] = {}            # key -> last asked (monotonic)
        self._cache: dict[tuple[int, bool], tuple[int, bytes, float]] = {}   # key -> frame index, jpeg, made at
        self._thread: threading.Thread | None = None
        self._closed = False
        self.renders = 0                                             # pictures made (for tests and the bench)

    def jpeg(self, width: int | None = None, overlay: bool = True, wait_s: float = 2.0) -> bytes | None:
        """The latest picture at ``width`` (snapped, see :func:`snap_width`; never
        wider than the frame), or None before the first frame (or if the renderer
        could not make it within ``wait_s``). Never encodes in the caller."""
        frame = self._latest()
        if frame is None:
            return None
        frame_w = int(frame.image.shape[1])
        key = (min(snap_width(width), frame_w), bool(overlay))
        now = time.monotonic()
        with self._cond:
            self._wanted[key] = now
            self._start()
            entry = self._cache.get(key)
            if entry is not None and (entry[0] == frame.index or now - entry[2] < 1.0):
                if entry[0] != frame.index:
                    self._cond.notify_all()
                return entry[1]                      # the newest made, at most a frame old
            self._cond.notify_all()
            end = now + wait_s
            while not self._closed:
                entry = self._cache.get(key)
                if entry is not None and (entry[0] >= frame.index or time.monotonic() >= end):
                    return entry[1]
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self._cond.wait(left)
        return None

    def _start(self) -> None:
        if self._thread is None and not self._closed:
            self._thread = threading.Thread(target=self._run, name="camera-view", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        idle_since = time.monotonic()
        while True:
            with self._cond:
                if self._closed:
                    self._thread = None
                    return
                now = time.monotonic()
                for key, asked in list(self._wanted.items()):
                    if now - asked > self.watch_s:           # nobody watches this one any more
                        del self._wanted[key]
                        self._cache.pop(key, None)
                if not self._wanted:
                    if now - idle_since > self.idle_exit_s:
                        self._thread = None
                        return
                    self._cond.wait(1.0)
                    continue
                idle_since = now
                frame = self._latest()
                todo = [k for k in self._wanted
                        if frame is not None and (k not in self._cache or self._cache[k][0] != frame.index)]
                if not todo:
                    self._cond.wait(self.poll_s)             # watch for the next frame
                    continue
            made = self._render(frame, todo)
            with self._cond:
                at = time.monotonic()
                for key, data in made.items():
                    if key in self._wanted and data is not None:
                        self._cache[key] = (frame.index, data, at)
                self._cond.notify_all()

    def _render(self, frame: Any, keys: list[tuple[int, bool]]) -> dict[tuple[int, bool], bytes | None]:
        """The pictures for ``keys`` from one frame (the overlay drawn once)."""
        import cv2
        bases: dict[bool, Any] = {}
        out: dict[tuple[int, bool], bytes | None] = {}
        for width, overlay in keys:
            if overlay not in bases:
                image = frame.image
                if overlay and self._overlay is not None:
                    try:
                        image = self._overlay(frame)
                    except Exception as e:
                        log.warning("overlay: %s", e)
                bases[overlay] = image
            image = bases[overlay]
            h, w = image.shape[:2]
            if width < w:
                image = cv2.resize(image, (width, max(1, round(h * width / w))), interpolation=cv2.INTER_AREA)
            try:
                ok, buf = cv2.imencode(".jpg", image, [int(cv2.IMWRITE_JPEG_QUALITY), self.quality])
            except cv2.error as e:
                log.warning("camera view: frame %s not encoded: %s", frame.index, e)
                ok = False
            out[(width, overlay)] = buf.tobytes() if ok else None
            self.renders += 1
        return out

    def close(self, timeout: float = 2.0) -> None:
        """Stop the renderer thread (a later request does not restart it), waiting
        up to ``timeout`` seconds for a picture being made (OpenCV's native code
        must not be running when the process exits)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
