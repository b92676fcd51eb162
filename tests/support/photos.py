"""Phone-like photos of a finished table, for the tests of ``companion score``.

A phone is not a Pi camera: it is held at an angle (the far edge of the table
smaller), its photo is a 12 MP JPEG, often stored sideways with an EXIF
orientation tag, sometimes downscaled by the browser that uploads it.
:func:`phone_photo` draws a game's arrangement that way with the simulated
table's camera (real QR codes, read later by the real decoder)::

    path = phone_photo(game.arrange(final_state), tmp_path / "table.jpg", tilt_deg=22)
"""
from __future__ import annotations

import struct
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from hardware.simtable import CameraModel, Item, Scene, render_scene

PHONE = (4032, 3024)            # a 12 MP phone camera, landscape
EXIF_ORIENTATION = 0x0112


def phone_image(placements: Iterable[Any], *, tilt_deg: float = 22.0, resolution: tuple[int, int] = PHONE,
                tag_mm: float = 25.0, table_mm: tuple[float, float] = (900.0, 600.0), seed: int = 1) -> np.ndarray:
    """The table laid out as ``placements``, photographed by a phone held ``tilt_deg``
    from straight down: slight blur, sensor noise, uneven light, JPEG."""
    items = []
    for p in placements:
        item = Item.from_placement(p)
        items.append(Item(item.payload, item.x_mm, item.y_mm, item.angle_deg, tag_mm, item.size_mm,
                          item.face_up, item.back, item.label, item.shape))
    cam = CameraModel(resolution=resolution, tilt_deg=tilt_deg, blur_sigma=0.8, noise_sigma=2.0,
                      light_gradient=0.25, jpeg_quality=85, seed=seed)
    image, _ = render_scene(Scene(table_mm=table_mm, items=items), cam)
    return image


def exif_app1(orientation: int) -> bytes:
    """A JPEG APP1 segment holding only an EXIF orientation tag (little-endian TIFF)."""
    tiff = (b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1)
            + struct.pack("<HHIHH", EXIF_ORIENTATION, 3, 1, orientation, 0) + struct.pack("<I", 0))
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def save_jpeg(image: np.ndarray, path: Path, *, exif_orientation: int | None = None, quality: int = 88) -> Path:
    """``image`` as a JPEG at ``path``. With ``exif_orientation`` 6 the pixels are
    stored turned a quarter turn counter-clockwise and the tag says "turn them
    clockwise to show": how phones store a photo taken in portrait."""
    if exif_orientation == 6:
        image = cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)     # the sensor's way up
    elif exif_orientation is not None:
        raise ValueError("only orientation 6 (or none) is drawn here")
    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    data = jpeg.tobytes()
    if exif_orientation is not None:
        data = data[:2] + exif_app1(exif_orientation) + data[2:]      # right after SOI
    path.write_bytes(data)
    return path


def phone_photo(placements: Iterable[Any], path: Path, *, exif_orientation: int | None = None,
                width: int | None = None, **kw: Any) -> Path:
    """:func:`phone_image` saved as a phone would (``width``: downscaled to it, as
    a browser may do before uploading)."""
    image = phone_image(placements, **kw)
    if width is not None:
        h, w = image.shape[:2]
        image = cv2.resize(image, (width, round(h * width / w)), interpolation=cv2.INTER_AREA)
    return save_jpeg(image, path, exif_orientation=exif_orientation)
