"""A watchdog between the session loop and a camera driver that may hang.

A :class:`FrameReader` is one thread that makes the frame source's calls
(``open``, ``read``, ``close``) for the loop. The loop waits for each call at
most a given time: a call that takes longer raises :class:`CameraStalled` and
the reader is *abandoned*: its thread stays blocked in the driver (a daemon
thread, it cannot be killed) and whatever the call returns later is dropped.
The loop then carries on with a new reader::

    reader = FrameReader(source)
    try:
        frame = reader.call(source.read, timeout=2.0, stop=stop_event)
    except CameraStalled:
        reader.abandon()          # and reopen the camera through a new reader

At most :data:`MAX_STUCK` abandoned readers may still be blocked at a time;
beyond that :meth:`FrameReader.create` raises CameraStalled instead of starting
yet another thread that a dead driver would swallow.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

MAX_STUCK = 3
_WAKE_S = 0.1          # how often a waiting loop looks at its stop event


class CameraStalled(TimeoutError):
    """A camera call did not return in time (the driver hangs, no error)."""


class ReaderStopped(Exception):
    """The loop was asked to stop while it waited for the camera."""


class FrameReader:
    """One worker thread making a frame source's calls (see the module doc)."""

    _stuck: list[FrameReader] = []
    _stuck_lock = threading.Lock()

    def __init__(self, name: str = "camera"):
        self._cond = threading.Condition()
        self._job: Callable[[], Any] | None = None
        self._done = False
        self._value: Any = None
        self._error: BaseException | None = None
        self._abandoned = False
        self._busy = False
        self._thread = threading.Thread(target=self._work, name=f"camera-reader {name}", daemon=True)
        self._thread.start()

    @classmethod
    def create(cls, name: str = "camera") -> FrameReader:
        """A new reader, unless :data:`MAX_STUCK` abandoned ones are still blocked."""
        with cls._stuck_lock:
            cls._stuck = [r for r in cls._stuck if r._busy]
            if len(cls._stuck) >= MAX_STUCK:
                raise CameraStalled(f"{len(cls._stuck)} camera calls never returned; the driver hangs "
                                    "(unplug and replug the camera, or restart the companion)")
        return cls(name)

    def _work(self) -> None:
        while True:
            with self._cond:
                while self._job is None and not self._abandoned:
                    self._cond.wait()
                if self._job is None:
                    return
                job, self._busy = self._job, True
            value, error = None, None
            try:
                value = job()
            except BaseException as e:  # handed to the loop, which decides
                error = e
            with self._cond:
                self._job, self._busy = None, False
                self._value, self._error, self._done = value, error, True
                self._cond.notify_all()
                if self._abandoned:
                    return

    def call(self, fn: Callable[[], Any], timeout: float, stop: threading.Event | None = None,
             late: str = "no frame") -> Any:
        """``fn()`` run in the reader's thread: its value, or its exception
        raised here. Raises CameraStalled ("``late`` for ``timeout`` s") after
        ``timeout`` seconds (then :meth:`abandon` this reader) and
        ReaderStopped once ``stop`` is set."""
        with self._cond:
            if self._abandoned:
                raise RuntimeError("this camera reader was abandoned; make a new one")
            self._job, self._done = fn, False
            self._cond.notify_all()
        deadline = time.monotonic() + timeout
        with self._cond:
            while not self._done:
                if stop is not None and stop.is_set():
                    raise ReaderStopped()
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CameraStalled(f"{late} for {timeout:g} s")
                self._cond.wait(min(_WAKE_S, left))
            value, error = self._value, self._error
            self._value = self._error = None
        if error is not None:
            raise error
        return value

    def finish(self, timeout: float) -> bool:
        """:meth:`abandon` this reader, then wait up to ``timeout`` seconds for a
        call still running to return, so that no camera call (native code: a
        driver, OpenCV) is still running when the process exits. True if the
        thread ended."""
        self.abandon()
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def abandon(self) -> None:
        """Give up on this reader: a call still running is left to return (or
        not) on its own, its result dropped; the thread then ends."""
        with self._cond:
            self._abandoned = True
            self._cond.notify_all()
        if self._busy:
            with FrameReader._stuck_lock:
                FrameReader._stuck.append(self)
