"""A table drawn another way than the simulated table (:mod:`hardware.simtable`),
so that the vision benchmark is not measured only on its own renderer: each code
is segno's own PNG (10 px per module), warped straight into the frame by one
bilinear perspective warp (no supersampling, no card, no label), on a mottled
background, with a keystone (the far edge narrower), then Gaussian blur and
noise. The four corner markers are 30 mm codes at the table's corners::

    image, centres = draw_table(15.0, (4608, 2592))
    len(centres)     # 64: 60 cards' codes and the 4 corners, payload -> pixel centre
    images, centres = camera_frames(15.0, (4608, 2592), 3)   # the same table, each frame's noise new
"""
from __future__ import annotations

import io
import math

import cv2
import numpy as np

TABLE_MM = (900.0, 600.0)
MARGIN_MM = 70.0


def draw_table(tag_mm: float, resolution: tuple[int, int], n: int = 60, seed: int = 7, blur: float = 1.2,
               noise: float = 4.0, keystone: float = 0.08) -> tuple[np.ndarray, dict[str, tuple[float, float]]]:
    """A BGR picture of ``n`` codes of ``tag_mm`` at random angles in a 10 x 6
    grid over a 900 x 600 mm table, and where each code's centre lies (px)."""
    import segno
    rng = np.random.default_rng(seed)
    w, h = resolution
    tw, th = TABLE_MM[0] + 2 * MARGIN_MM, TABLE_MM[1] + 2 * MARGIN_MM
    seen = np.array([[w * keystone / 2, 0], [w * (1 - keystone / 2), 0], [w, h], [0, h]], np.float32)
    to_px = cv2.getPerspectiveTransform(np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32), seen)
    mottle = cv2.resize((rng.random((max(2, h // 16), max(2, w // 16))) * 60 + 90).astype(np.float32), (w, h),
                        interpolation=cv2.INTER_CUBIC)
    image = np.dstack([mottle * 0.8, mottle * 0.9, mottle]).clip(0, 255).astype(np.uint8)
    centres: dict[str, tuple[float, float]] = {}

    def put(payload: str, x_mm: float, y_mm: float, side_mm: float, angle_deg: float) -> None:
        code = segno.make_qr(payload, error="m")
        buf = io.BytesIO()
        code.save(buf, kind="png", scale=10, border=4)
        sym = cv2.imdecode(np.frombuffer(buf.getvalue(), np.uint8), cv2.IMREAD_COLOR)
        modules = code.symbol_size(scale=1, border=0)[0]
        full = side_mm * (modules + 8) / modules          # the quiet zone printed too
        a = math.radians(angle_deg)
        corners = [(MARGIN_MM + x_mm + math.cos(a) * u - math.sin(a) * v,
                    MARGIN_MM + y_mm + math.sin(a) * u + math.cos(a) * v)
                   for u, v in ((-full / 2, -full / 2), (full / 2, -full / 2), (full / 2, full / 2),
                                (-full / 2, full / 2))]
        quad = cv2.perspectiveTransform(np.array([corners], np.float32), to_px)[0]
        x0, y0 = np.floor(quad.min(axis=0)).astype(int)
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 1
        s = sym.shape[0]
        square = np.array([[0, 0], [s, 0], [s, s], [0, s]], np.float32)
        warp = cv2.getPerspectiveTransform(square, (quad - np.array([x0, y0], np.float32)).astype(np.float32))
        size = (int(x1 - x0), int(y1 - y0))
        drawn = cv2.warpPerspective(sym, warp, size, flags=cv2.INTER_LINEAR)
        cover = cv2.warpPerspective(np.full((s, s), 255, np.uint8), warp, size, flags=cv2.INTER_LINEAR)
        m = cover.astype(np.float32)[..., None] / 255.0
        region = image[y0:y1, x0:x1]
        image[y0:y1, x0:x1] = (region * (1 - m) + drawn * m).astype(np.uint8)
        c = cv2.perspectiveTransform(np.array([[[MARGIN_MM + x_mm, MARGIN_MM + y_mm]]], np.float32), to_px)[0][0]
        centres[payload] = (float(c[0]), float(c[1]))

    for number, (x, y) in zip((4, 3, 2, 1), ((20, 20), (880, 20), (880, 580), (20, 580))):
        put(f"TC:CORNER:{number}", x, y, 30.0, 0.0)
    for i in range(n):
        r, c = divmod(i, 10)
        put(f"GLC:KID:{i:02d}", 70 + c * 84 + float(rng.uniform(-8, 8)), 65 + r * 94 + float(rng.uniform(-8, 8)),
            tag_mm, float(rng.uniform(0, 360)))
    if blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), blur)
    grain = rng.normal(0, noise, image.shape) if noise > 0 else 0.0
    return np.clip(image + grain, 0, 255).astype(np.uint8), centres


def camera_frames(tag_mm: float, resolution: tuple[int, int], n: int, seed: int = 7, blur: float = 1.2,
                  noise: float = 4.0, keystone: float = 0.08
                  ) -> tuple[list[np.ndarray], dict[str, tuple[float, float]]]:
    """``n`` frames of one still table (:func:`draw_table`), as a camera gives
    them: the same picture, each frame with its own sensor noise."""
    clean, centres = draw_table(tag_mm, resolution, seed=seed, blur=blur, noise=0.0, keystone=keystone)
    rng = np.random.default_rng(seed + 1000)
    return [np.clip(clean + rng.normal(0, noise, clean.shape), 0, 255).astype(np.uint8) for _ in range(n)], centres
