"""A camera or a video file through OpenCV's VideoCapture.

``OpenCVSource(0)`` opens camera device 0 (a USB webcam); ``OpenCVSource("game.mp4")``
plays a video file. A device that fails to deliver a frame raises
:class:`FrameSourceError` (the session reopens it with back-off); a file that
ends returns None.
"""
from __future__ import annotations

import logging
import time
from pathlib import Path

import cv2

from ..frames import Frame, FrameSource, FrameSourceError

log = logging.getLogger(__name__)


class OpenCVSource(FrameSource):
    """Frames from ``cv2.VideoCapture``: ``device`` is a camera index or a video
    file path. ``resolution`` asks a camera for a frame size (it may refuse).
    Timestamps: a file's own (frame n at n / its fps), a camera's seconds since open."""

    errors = 0          # frames skipped; a failed read raises instead

    def __init__(self, device: int | str | Path, *, resolution: tuple[int, int] | None = None) -> None:
        self.is_file = not isinstance(device, int)
        self.device = str(device) if self.is_file else device
        self.resolution = resolution
        self.name = f"opencv:{self.device}"
        self._cap: cv2.VideoCapture | None = None
        self._index = 0
        self._t0 = 0.0
        self._fps = 0.0

    def open(self) -> None:
        if self._cap is not None:
            return
        if self.is_file and not Path(str(self.device)).is_file():
            raise FrameSourceError(f"video file {self.device} does not exist")
        cap = cv2.VideoCapture(self.device)
        if not cap.isOpened():
            cap.release()
            what = f"video file {self.device}" if self.is_file else f"camera device {self.device}"
            raise FrameSourceError(f"OpenCV cannot open {what}"
                                   + ("" if self.is_file else ": is it plugged in and not used by another program?"))
        if self.resolution and not self.is_file:
            cap.set(cv2.CAP_PROP_FRAME_WIDTH, self.resolution[0])
            cap.set(cv2.CAP_PROP_FRAME_HEIGHT, self.resolution[1])
        self._fps = cap.get(cv2.CAP_PROP_FPS) or 0.0
        self._cap = cap
        self._index = 0
        self._t0 = time.monotonic()

    def read(self) -> Frame | None:
        self.open()
        assert self._cap is not None
        ok, image = self._cap.read()
        if not ok or image is None:
            if self.is_file:
                return None
            self.close()
            raise FrameSourceError(f"camera device {self.device} returned no frame (unplugged?)")
        if self.is_file:
            t = self._index / self._fps if self._fps > 0 else self._index / 10.0
        else:
            t = time.monotonic() - self._t0
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        frame = Frame(image, t, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        cap, self._cap = self._cap, None
        if cap is not None:
            cap.release()
