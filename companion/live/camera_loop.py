"""The camera's own thread: open, read, and reopen a lost camera with back-off;
and the camera's health as the page shows it.

Every camera call goes through a :class:`~companion.live.frame_reader.FrameReader`,
so a read that hangs (no frame for ``stall_s``) counts as a lost camera like a
raised error does: that reader is abandoned, the source closed and reopened
after ``backoff[0]``, doubling up to ``backoff[1]`` seconds. A camera that fails
before its first frame is *missing* (the page says "camera missing, retrying").

The loop knows nothing of games: each frame goes to ``on_frame``; a change of
health to ``on_change``; what a person should read in the event list to
``on_event``. ``health`` is changed under ``lock`` (the session's)::

    loop = CameraLoop(stall_s=2.0, backoff=(0.25, 8.0), lock=threading.RLock(),
                      on_frame=print, on_change=lambda: None, on_event=print)
    loop.start(open_source("sim:scene.json"))
    loop.wait(10); loop.stop()
"""
from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from hardware.frames import Frame, FrameSource, FrameSourceError
from models.text import tr

from ..config import Config
from .frame_reader import CameraStalled, FrameReader, ReaderStopped

log = logging.getLogger(__name__)

CAMERA_HEARTBEAT_S = 2.0  # the health (fps, frames) is published at least this often
OPEN_TIMEOUT_S = 15.0     # opening a camera (libcamera's start-up) may take this long before it counts as hung
CLOSE_TIMEOUT_S = 2.0     # closing one, likewise


def camera_source(spec: str, config: Config, realtime: bool = False) -> FrameSource:
    """A frame source by spec (``picamera2``, ``opencv:0``, ``replay:DIR``,
    ``sim:SCENE.json``, ``browser``) with the size and rate of the config's
    [camera] section, as far as that kind of source takes them; not opened. A
    spec that names nothing raises SourceSpecError; a missing device is left for
    the camera loop, which keeps retrying it."""
    from hardware.sources import make_source
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    size = (config.camera.width, config.camera.height)
    kw: dict[str, Any] = {}
    if kind == "picamera2" and not arg or kind == "opencv" and arg.isdigit():
        kw = {"resolution": size}
    elif kind in ("replay", "sim"):
        kw = {"fps": config.camera.fps, "realtime": realtime}
    elif kind == "browser":     # lost before the camera loop would call the wait a stall
        kw = {"lost_after_s": 0.8 * float(config.camera.stall_s)}
    return make_source(spec, **kw)


def new_health() -> dict[str, Any]:
    """The camera's health as the page shows it (``view()["camera"]``)."""
    return {"ok": False, "fps": 0.0, "frames": 0, "errors": 0, "bad_frames": 0, "rejected": 0,
            "skipped": 0, "calibrated": False, "source": None, "ended": False, "missing": False,
            "retry_s": None, "last_error": ""}


class CameraLoop:
    """One camera, read on its own thread (see the module doc)."""

    def __init__(self, *, stall_s: float, backoff: tuple[float, float], lock: Any,
                 on_frame: Callable[[Frame], None], on_change: Callable[[], None],
                 on_event: Callable[[dict[str, Any]], None]):
        self.stall_s = float(stall_s)
        self.backoff = backoff
        self.lock = lock
        self.on_frame, self.on_change, self.on_event = on_frame, on_change, on_event
        self.health = new_health()
        self.source: FrameSource | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._done = threading.Event()
        self._done.set()
        self._beat = time.monotonic()

    # ------------------------------------------------------------------ control

    def start(self, source: FrameSource) -> None:
        if self._thread is not None and self._thread.is_alive():
            raise RuntimeError("the session is already running; stop() it first")
        self.source = source
        self.health.update(source=getattr(source, "name", type(source).__name__), ended=False, missing=False)
        self._stop.clear()
        self._done.clear()
        self._beat = time.monotonic()
        self._thread = threading.Thread(target=self._run, name="companion-session", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread and release the camera."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self._thread = None
        if self.source is not None:
            closer = FrameReader(f"{self.health['source']} (stopping)")
            try:           # a driver stuck in read() may hang close() too: give up after a while
                closer.call(self.source.close, CLOSE_TIMEOUT_S, late="the camera did not close")
            except Exception as e:
                log.warning("closing %s: %s", self.health["source"], e)
            finally:
                closer.finish(CLOSE_TIMEOUT_S)
            with self.lock:
                self.health["ok"] = False
            self.on_change()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the thread to end (a finite source ran out, or stop()); True if it did."""
        return self._done.wait(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def age(self) -> float | None:
        """Seconds since the loop last turned (at every frame and every retry),
        or None when no loop is meant to run: a growing age means a hung loop."""
        if not self.running:
            return None
        return time.monotonic() - self._beat

    @property
    def lost(self) -> bool:
        """The camera failed and has not delivered a frame since."""
        h = self.health
        return h["source"] is not None and not h["ok"] and not h["ended"] and h["errors"] > 0

    # ------------------------------------------------------------------ the thread

    def _run(self) -> None:
        src = self.source
        assert src is not None
        failures = 0
        opened = False
        delivered = False                  # a frame since start(): failing before one means a missing camera
        reader: FrameReader | None = None
        last_beat = time.monotonic()
        fps_t: collections.deque[float] = collections.deque(maxlen=30)
        try:
            while not self._stop.is_set():
                self._beat = time.monotonic()
                try:
                    if reader is None:
                        reader = FrameReader.create(str(self.health["source"]))
                    if not opened:
                        reader.call(src.open, max(OPEN_TIMEOUT_S, self.stall_s), self._stop,
                                    late="the camera did not open")
                        opened = True
                    frame = reader.call(src.read, self.stall_s, self._stop)
                except ReaderStopped:
                    break
                except Exception as e:  # FrameSourceError, a driver's own error, a stall: the camera is lost
                    failures += 1
                    delay = min(self.backoff[1], self.backoff[0] * 2 ** (failures - 1))
                    reason = str(e) if isinstance(e, (FrameSourceError, CameraStalled)) else f"{type(e).__name__}: {e}"
                    if isinstance(e, CameraStalled) and reader is not None:
                        reader.abandon()            # it may stay blocked in the driver; go on without it
                        reader = None
                    fps_t.clear()
                    self._lost(reason, delay, missing=not delivered)
                    reader = self._release(src, reader)
                    opened = False
                    self._stop.wait(delay)
                    continue
                self._note_skipped(src)
                if frame is None:
                    with self.lock:
                        self.health.update(ended=True, ok=False)
                    self.on_change()
                    return
                delivered = True
                if failures or not self.health["ok"]:
                    failures = 0
                    self._back()
                fps_t.append(time.monotonic())
                self.on_frame(frame)
                now = time.monotonic()
                h = self.health
                h["frames"] += 1
                if len(fps_t) > 1:
                    h["fps"] = round((len(fps_t) - 1) / max(1e-6, fps_t[-1] - fps_t[0]), 1)
                if now - last_beat > CAMERA_HEARTBEAT_S:
                    last_beat = now
                    self.on_change()
        except Exception:
            log.exception("the session loop failed")
            with self.lock:
                self.health.update(ok=False, last_error=tr("the session loop failed; see the log"))
            self.on_change()
        finally:
            if reader is not None:       # a frame still being read finishes before the loop ends
                reader.finish(CLOSE_TIMEOUT_S)
            self._done.set()

    def _release(self, src: FrameSource, reader: FrameReader | None) -> FrameReader | None:
        """Close ``src`` after a failure, through ``reader`` (or a new one); the
        reader to go on with, or None when close() hung too (then abandoned)."""
        try:
            reader = reader or FrameReader.create(str(self.health["source"]))
            reader.call(src.close, CLOSE_TIMEOUT_S, late="the camera did not close")
        except CameraStalled as e:
            log.warning("camera %s: %s", self.health["source"], e)
            if reader is not None:
                reader.abandon()
            return None
        except Exception:   # closing a lost camera may fail; it is reopened anyway
            pass
        return reader

    def _note_skipped(self, src: FrameSource) -> None:
        """Copy the source's count of frames it skipped (unreadable files of a
        replay) into the health."""
        skipped = getattr(src, "errors", 0)
        if isinstance(skipped, int) and skipped != self.health["skipped"]:
            with self.lock:
                self.health["skipped"] = skipped
            self.on_change()

    def _lost(self, reason: str, delay: float, missing: bool = False) -> None:
        """The camera raised, hung or could not be opened (``missing``: it has
        not delivered a frame since start): say so on the page, the status LED
        and in the log; the loop retries in ``delay`` seconds."""
        with self.lock:
            was_ok = self.health["ok"]
            self.health["errors"] += 1
            self.health.update(ok=False, last_error=reason, retry_s=round(delay, 2), missing=missing, fps=0.0)
        if missing:
            log.warning("camera %s missing, retrying in %.1f s: %s", self.health["source"], delay, reason)
        else:
            log.warning("camera %s: %s (trying again in %.1f s)", self.health["source"], reason, delay)
        if was_ok or self.health["errors"] == 1:
            text = (tr("Camera missing, retrying: {reason}", reason=reason) if missing else
                    tr("Camera lost: {reason}", reason=reason))
            self.on_event({"type": "camera_lost", "text": text})
        self.on_change()

    def _back(self) -> None:
        with self.lock:
            was_lost = self.health["errors"] > 0
            self.health.update(ok=True, retry_s=None, missing=False)
        if was_lost:
            self.on_event({"type": "camera_back", "text": tr("Camera back: frames are coming in again.")})
        self.on_change()
