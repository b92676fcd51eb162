"""The Raspberry Pi camera through Picamera2 (libcamera).

picamera2 comes from apt on Raspberry Pi OS (``sudo apt install
python3-picamera2``), and the project's venv must be made with
``--system-site-packages`` to see it; it is imported only when the source opens,
so everything else runs on any machine. The main stream is configured as
'RGB888', which numpy sees as BGR, as OpenCV wants::

    src = Picamera2Source(resolution=(2304, 1296))   # Camera Module 3: 56 fps
    with src:
        frame = src.read()
"""
from __future__ import annotations

import logging
import time
from typing import Any

from ..frames import Frame, FrameSource, FrameSourceError

log = logging.getLogger(__name__)

INSTALL_HINT = ("picamera2 is not installed in this Python: on Raspberry Pi OS install it with "
                "`sudo apt install python3-picamera2` and make the venv with "
                "`python3 -m venv --system-site-packages .venv` so the venv can see it "
                "(pip cannot install a working picamera2)")


class Picamera2Source(FrameSource):
    """Frames from a Pi camera. ``resolution`` of the main stream: 4608x2592
    (Camera Module 3 full sensor, 14 fps) or 2304x1296 (binned, 56 fps);
    ``controls`` are passed to ``set_controls`` (e.g. ``{"AfMode": 2}`` for
    continuous autofocus); ``camera_num`` picks the camera."""

    name = "picamera2"
    errors = 0          # frames skipped; a failed capture raises instead

    def __init__(self, resolution: tuple[int, int] = (4608, 2592), *, camera_num: int = 0,
                 controls: dict[str, Any] | None = None, buffer_count: int = 2) -> None:
        self.resolution = (int(resolution[0]), int(resolution[1]))
        self.camera_num = camera_num
        self.controls = dict(controls or {})
        self.buffer_count = buffer_count
        self._cam: Any = None
        self._t0 = 0.0
        self._index = 0

    def open(self) -> None:
        if self._cam is not None:
            return
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise FrameSourceError(f"{INSTALL_HINT} ({exc})") from None
        try:
            cam = Picamera2(self.camera_num)
            config = cam.create_video_configuration(
                main={"size": self.resolution, "format": "RGB888"}, buffer_count=self.buffer_count)
            cam.configure(config)
            if self.controls:
                cam.set_controls(self.controls)
            cam.start()
        except Exception as exc:  # libcamera raises RuntimeError, IndexError (no camera), ...
            raise FrameSourceError(f"cannot start Pi camera {self.camera_num} at "
                                   f"{self.resolution[0]}x{self.resolution[1]}: {exc}") from exc
        self._cam = cam
        self._t0 = time.monotonic()
        log.info("picamera2: camera %d started at %dx%d", self.camera_num, *self.resolution)

    def read(self) -> Frame | None:
        self.open()
        try:
            image = self._cam.capture_array("main")
        except Exception as exc:
            self.close()
            raise FrameSourceError(f"Pi camera {self.camera_num} stopped delivering frames: {exc}") from exc
        if image.ndim == 3 and image.shape[2] == 4:          # XRGB8888 configured elsewhere
            image = image[:, :, :3]
        frame = Frame(image, time.monotonic() - self._t0, self._index)
        self._index += 1
        return frame

    def close(self) -> None:
        cam, self._cam = self._cam, None
        if cam is not None:
            try:
                cam.stop()
                cam.close()
            except Exception as exc:  # closing a lost camera must not raise
                log.warning("picamera2: error while closing: %s", exc)
