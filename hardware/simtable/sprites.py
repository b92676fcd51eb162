"""Pictures of single components, drawn flat and sharp before the camera sees them.

A sprite is a premultiplied BGRA image of one item in its own frame (the tag's
right along +columns, its up along -rows), drawn so that every QR module is a
whole number of pixels. :class:`Sprite` says where the tag's centre falls and
how many pixels make a millimetre, so the renderer can map it onto the table.
"""
from __future__ import annotations

import math
import zlib
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import segno

QR_MODULES = 21
QUIET_MODULES = 4

_FACE_COLOURS = [(236, 240, 244), (214, 232, 246), (222, 244, 226), (246, 228, 220),
                 (226, 226, 248), (238, 238, 210), (246, 222, 238), (218, 238, 242)]
_BACK_COLOURS = [(120, 50, 40), (40, 40, 120), (50, 100, 40), (90, 40, 90)]


@dataclass(frozen=True)
class Sprite:
    """A drawn item: ``image`` premultiplied BGRA uint8; the tag centre at pixel
    ``(cx, cy)``; ``px_per_mm`` sprite pixels per table millimetre."""

    image: np.ndarray
    cx: float
    cy: float
    px_per_mm: float


@lru_cache(maxsize=512)
def qr_matrix(payload: str) -> np.ndarray:
    """The 21x21 modules (True = dark) of ``payload`` as a version 1 QR code.
    Raises ValueError when the payload does not fit version 1."""
    try:
        qr = segno.make_qr(payload, version=1)
    except segno.DataOverflowError as exc:
        raise ValueError(f"payload {payload!r} does not fit a version 1 QR code: {exc}") from None
    m = np.array([list(row) for row in qr.matrix], dtype=bool)
    assert m.shape == (QR_MODULES, QR_MODULES)
    return m


def _colour(key: str, palette: list[tuple[int, int, int]]) -> tuple[int, int, int]:
    return palette[zlib.crc32(key.encode()) % len(palette)]


def _put_label(img: np.ndarray, text: str, box: tuple[float, float, float, float], colour) -> None:
    """Write ``text`` centred in box (x0, y0, x1, y1), as large as fits."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    if bw < 8 or bh < 6 or not text:
        return
    font = cv2.FONT_HERSHEY_SIMPLEX
    (tw, th), base = cv2.getTextSize(text, font, 1.0, 2)
    scale = min(0.92 * bw / tw, 0.7 * bh / (th + base))
    thick = max(1, int(round(scale * 2.2)))
    (tw, th), base = cv2.getTextSize(text, font, scale, thick)
    org = (int(round(x0 + (bw - tw) / 2)), int(round(y0 + (bh + th) / 2)))
    cv2.putText(img, text, org, font, scale, colour, thick, cv2.LINE_AA)


def draw_item(payload: str | None, face_up: bool, back: str | None, label: str,
              tag_mm: float, body_mm: tuple[float, float], shape: str, module_px: int) -> Sprite:
    """Draw one item with ``module_px`` pixels per QR module (see :class:`Sprite`)."""
    shown = payload if face_up else back
    mm = tag_mm / QR_MODULES                  # one module in mm
    s = module_px / mm                        # sprite px per mm
    quiet_mm = tag_mm * (QR_MODULES + 2 * QUIET_MODULES) / QR_MODULES
    bw, bh = body_mm
    half_w = max(bw, quiet_mm if shown else 0.0) / 2.0 * s
    half_h = max(bh, quiet_mm if shown else 0.0) / 2.0 * s
    half_qr = QR_MODULES * module_px / 2.0
    c0 = int(math.ceil(half_w - half_qr)) + 2          # first QR column
    r0 = int(math.ceil(half_h - half_qr)) + 2          # first QR row
    W = 2 * c0 + QR_MODULES * module_px
    H = 2 * r0 + QR_MODULES * module_px
    cx = c0 - 0.5 + half_qr
    cy = r0 - 0.5 + half_qr

    key = (payload or "") + "|" + (label or "")
    body_colour = _colour(key, _FACE_COLOURS) if face_up else _colour(back or "back", _BACK_COLOURS)
    img = np.empty((H, W, 3), np.uint8)
    img[:] = body_colour                   # colour everywhere; alpha says where the body is
    alpha = np.zeros((H, W), np.uint8)
    edge = tuple(int(c * 0.8) for c in body_colour)
    shift = 4
    S = 1 << shift
    if shape == "round":
        radius = min(bw, bh) / 2.0 * s
        centre = (int(round(cx * S)), int(round(cy * S)))
        cv2.circle(alpha, centre, int(round(radius * S)), 255, -1, cv2.LINE_AA, shift)
        cv2.circle(img, centre, int(round(radius * S)), edge, max(1, int(0.5 * s)), cv2.LINE_AA, shift)
    else:
        x0, x1 = cx - bw / 2.0 * s, cx + bw / 2.0 * s
        y0, y1 = cy - bh / 2.0 * s, cy + bh / 2.0 * s
        pts = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]) * S
        pts = np.round(pts).astype(np.int32)
        cv2.fillPoly(alpha, [pts], 255, cv2.LINE_AA, shift)
        cv2.polylines(img, [pts], True, edge, max(1, int(0.5 * s)), cv2.LINE_AA, shift)
    if not face_up:
        _back_pattern(img, alpha, s, body_colour)
    if shown:
        q = QUIET_MODULES * module_px
        img[r0 - q:r0 + QR_MODULES * module_px + q, c0 - q:c0 + QR_MODULES * module_px + q] = 255
        alpha[r0 - q:r0 + QR_MODULES * module_px + q, c0 - q:c0 + QR_MODULES * module_px + q] = 255
        modules = np.kron(qr_matrix(shown), np.ones((module_px, module_px), bool))
        block = img[r0:r0 + QR_MODULES * module_px, c0:c0 + QR_MODULES * module_px]
        block[modules] = (24, 24, 24)
        if face_up:
            text = label or payload or ""
            top = r0 + QR_MODULES * module_px + q
            bottom = cy + bh / 2.0 * s
            width = bw * s * (0.62 if shape == "round" else 0.9)
            _put_label(img, text, (cx - width / 2, top, cx + width / 2, bottom - 0.04 * bh * s), (40, 40, 40))
    elif face_up and label:
        _put_label(img, label, (cx - bw * s * 0.4, cy - bh * s * 0.15, cx + bw * s * 0.4, cy + bh * s * 0.15),
                   (40, 40, 40))
    # premultiply: nothing outside the body
    b, g, r = cv2.split(cv2.multiply(img, cv2.merge([alpha] * 3), scale=1.0 / 255.0))
    return Sprite(cv2.merge([b, g, r, alpha]), cx, cy, s)


def _back_pattern(img: np.ndarray, alpha: np.ndarray, s: float, colour) -> None:
    """Diagonal stripes over a face-down body."""
    H, W = alpha.shape
    yy, xx = np.mgrid[0:H, 0:W]
    period = max(4.0, 6.0 * s)
    stripes = ((xx + yy) % period) < period * 0.35
    light = tuple(min(255, int(c * 1.5) + 30) for c in colour)
    img[stripes] = light
