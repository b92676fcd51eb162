"""A video of the simulated table, for Chromium's fake camera.

Chromium plays a ``.y4m`` file as its camera with ``--use-fake-device-for-media-stream
--use-file-for-fake-video-capture=FILE`` (and grants the page the camera with
``--use-fake-ui-for-media-stream``), so the phone's camera page can be tested
for real: getUserMedia, the canvas, the JPEGs posted to the companion::

    write_y4m(path, [(0.0, scene_a), (4.0, scene_b)], seconds=30, fps=2)
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2

from hardware.simtable import CameraModel, Scene, SimulatedTable


def write_y4m(path: Path, steps: Sequence[tuple[float, Scene]], seconds: float, fps: int = 2,
              camera: CameraModel | None = None) -> Path:
    """``steps`` (``(t, Scene)``, each held from its ``t``) drawn by the simulated
    camera for ``seconds`` at ``fps``, written as a YUV4MPEG2 (I420) file."""
    cam = camera or CameraModel(resolution=(1600, 900))
    w, h = cam.resolution
    src = SimulatedTable(list(steps), cam, fps=float(fps), hold_s=seconds)
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{w} H{h} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(int(seconds * fps)):
            frame = src.read()
            if frame is None:
                break
            out.write(b"FRAME\n")
            out.write(cv2.cvtColor(frame.image, cv2.COLOR_BGR2YUV_I420).tobytes())
    return path
