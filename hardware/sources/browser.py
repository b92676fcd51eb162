"""A phone's camera as the frame source (``companion run --camera browser``).

The phone holds the page ``/camera/phone`` open on a stand above the table; the
page takes pictures from the rear camera (getUserMedia) and posts them as JPEG
a few times a second. The web layer hands each one to :meth:`BrowserSource.push`;
the session reads them with :meth:`read` like frames from any other camera::

    src = BrowserSource()
    src.push(jpeg_bytes)        # the web route, once per picture the phone sends
    frame = src.read()          # the session's camera loop

Only the newest picture waits: a phone faster than the referee loses the older
ones, never the newest. A phone that stops sending (page closed, phone asleep,
Wi-Fi gone) is a lost camera: :meth:`read` raises :class:`FrameSourceError`
after ``lost_after_s`` without a picture, and the session shows "Camera lost"
until pictures come again.
"""
from __future__ import annotations

import threading
import time
from typing import Any

from ..frames import Frame, FrameSource, FrameSourceError
from ..imagesize import ImageError, decode_image

#: the largest picture a phone may send (pixels): 4K, a phone camera's best video mode
MAX_PHONE_PIXELS = 3840 * 2160 + 1


class PictureError(ValueError):
    """A picture the phone sent that is not a readable image (or too large)."""


class BrowserSource(FrameSource):
    """Frames posted by a browser (see the module docstring)."""

    name = "browser"

    def __init__(self, lost_after_s: float = 5.0, max_pixels: int = MAX_PHONE_PIXELS):
        self.lost_after_s = float(lost_after_s)
        self.max_pixels = int(max_pixels)
        self._cond = threading.Condition()
        self._latest: Any = None
        self._index = 0
        self._last_push = 0.0
        self._closed = False
        self.received = 0               # pictures pushed since start
        self.dropped = 0                # pictures replaced before the session read them

    def push(self, jpeg: bytes) -> tuple[int, int]:
        """Hand over one picture from the phone; its (width, height). Raises
        :class:`PictureError` for one that cannot be read (nothing else changes)."""
        try:
            image = decode_image(jpeg, self.max_pixels)
        except ImageError as e:
            raise PictureError(str(e)) from None
        with self._cond:
            if self._latest is not None:
                self.dropped += 1
            self._latest = image
            self._last_push = time.monotonic()
            self.received += 1
            self._cond.notify_all()
        return int(image.shape[1]), int(image.shape[0])

    @property
    def sending(self) -> bool:
        """Whether a picture came within ``lost_after_s``."""
        return self._last_push > 0 and time.monotonic() - self._last_push < self.lost_after_s

    def open(self) -> None:
        self._closed = False

    def read(self) -> Frame | None:
        deadline = time.monotonic() + self.lost_after_s
        with self._cond:
            while self._latest is None:
                left = deadline - time.monotonic()
                if self._closed:
                    return None
                if left <= 0:
                    raise FrameSourceError(
                        "no picture from the phone for "
                        f"{self.lost_after_s:g} s: open /camera/phone on the phone above the table "
                        "(over https), keep the screen on and the page in front")
                self._cond.wait(left)
            image, self._latest = self._latest, None
            self._index += 1
            return Frame(image, time.monotonic(), self._index)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
