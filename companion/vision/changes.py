"""Where the picture changed, from small grey copies of the frames.

A settled table is not decoded again: :class:`ChangeDetector` keeps a small
(``width`` px wide), slightly blurred grey copy of each frame and compares it

* with the previous frame: **motion** (something is moving now);
* with the **reference**: the picture the tracker's knowledge was decoded from.
  Regions that differ from the reference and are still are decoded again; the
  pipeline then copies them into the reference (:meth:`accept`).

Masks are ``uint8`` 0/1 arrays on the small grid; boxes are returned in full-
frame pixels. On a 4608x2592 frame the small copy costs a few milliseconds,
against hundreds for a full decode.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

Box = tuple[int, int, int, int]


def box_area(b: Box) -> int:
    """The box's area in pixels (0 when it is empty)."""
    return max(0, b[2] - b[0]) * max(0, b[3] - b[1])


def in_box(b: Box, x: float, y: float) -> bool:
    """Whether the point lies inside the box (its right and bottom edges excluded)."""
    return b[0] <= x < b[2] and b[1] <= y < b[3]


@dataclass
class Region:
    """One connected patch of change: its box on the small grid and in the
    full frame, its area in small pixels, and whether it is moving now."""

    small_box: Box
    box: Box
    area: int
    moving: bool


class ChangeDetector:
    """Motion and change against a reference, on downscaled frames."""

    def __init__(self, width: int = 480, threshold: int = 22):
        self.width = width
        self.threshold = threshold
        self.ref: np.ndarray | None = None
        self.prev: np.ndarray | None = None
        self.scale = 1.0            # small px per full px
        self.full_shape: tuple[int, int] = (0, 0)

    def _size(self, shape: tuple[int, ...]) -> tuple[int, int]:
        """The small copy's width and height for a frame of ``shape`` (also sets the scale)."""
        h, w = shape[:2]
        sw = min(self.width, w)
        self.scale = sw / w
        self.full_shape = (h, w)
        return sw, max(1, round(h * sw / w))

    def unknown(self, shape: tuple[int, ...]) -> np.ndarray:
        """The mask of a frame with nothing to compare with: everything
        changed (what :meth:`step` says of a first frame, without its copy)."""
        sw, sh = self._size(shape)
        return np.ones((sh, sw), np.uint8)

    def prepare(self, image: np.ndarray) -> np.ndarray:
        """The small grey copy of a frame, BGR or grey (also sets the scale)."""
        sw, sh = self._size(image.shape)
        # linear, not area: on 12 MP it costs 0.4 ms instead of 27; the blur
        # below does the averaging that matters for noise
        small = cv2.resize(image, (sw, sh), interpolation=cv2.INTER_LINEAR)
        if small.ndim == 3:
            small = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
        return cv2.GaussianBlur(small, (3, 3), 0)

    def _mask(self, a: np.ndarray, b: np.ndarray | None) -> np.ndarray:
        if b is None or b.shape != a.shape:
            return np.ones_like(a, dtype=np.uint8)
        m = (cv2.absdiff(a, b) > self.threshold).astype(np.uint8)
        return cv2.morphologyEx(m, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))

    def step(self, small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(motion mask vs the previous frame, change mask vs the reference);
        then this frame becomes the previous one."""
        motion = self._mask(small, self.prev)
        changed = self._mask(small, self.ref)
        self.prev = small
        return motion, changed

    def regions(self, changed: np.ndarray, motion: np.ndarray, grow_px: float) -> list[Region]:
        """Connected patches of change, each box grown by ``grow_px`` full-frame
        pixels (so that a tag at its edge is wholly inside)."""
        if not cv2.countNonZero(changed):
            return []                   # a settled table's frame, most of the day: 2 µs, not 0.5 ms
        k = np.ones((3, 3), np.uint8)
        m = cv2.dilate(changed, k)
        # Grana's labelling by name: OpenCV's default picks a parallel one that,
        # on the one thread the vision package keeps OpenCV to, took 0.45 ms
        # on the 480x270 grid against 0.15 (pip's OpenCV 4.10; Debian's 4.6, 0.1 either way)
        n, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(m, 8, cv2.CV_32S, cv2.CCL_GRANA)
        out = []
        sh, sw = changed.shape
        g = int(grow_px * self.scale) + 1
        for i in range(1, n):
            x, y, w, h, area = stats[i]
            sb = (max(0, x - g), max(0, y - g), min(sw, x + w + g), min(sh, y + h + g))
            moving = bool(motion[y:y + h, x:x + w][labels[y:y + h, x:x + w] == i].any())
            out.append(Region(sb, self.to_full(sb), int(area), moving))
        return out

    def to_full(self, sb: Box) -> Box:
        s = self.scale
        h, w = self.full_shape
        return (max(0, int(sb[0] / s)), max(0, int(sb[1] / s)),
                min(w, int(np.ceil(sb[2] / s))), min(h, int(np.ceil(sb[3] / s))))

    def to_small(self, box: Box) -> Box:
        s = self.scale
        return (int(box[0] * s), int(box[1] * s), int(np.ceil(box[2] * s)), int(np.ceil(box[3] * s)))

    def accept(self, small: np.ndarray, boxes: list[Box] | None, keep: Sequence[Box] = ()) -> None:
        """Copy ``small`` into the reference inside ``boxes`` (small grid; all of
        it when None), except inside ``keep`` (still to be explained)."""
        if self.ref is None or self.ref.shape != small.shape or boxes is None:
            old = self.ref if self.ref is not None and self.ref.shape == small.shape else None
            self.ref = small.copy()
        else:
            old = self.ref.copy()
            for x0, y0, x1, y1 in boxes:
                self.ref[y0:y1, x0:x1] = small[y0:y1, x0:x1]
        if old is not None:
            for x0, y0, x1, y1 in keep:
                self.ref[y0:y1, x0:x1] = old[y0:y1, x0:x1]
        elif keep:
            # no earlier picture to keep: mark those boxes as never seen
            for x0, y0, x1, y1 in keep:
                self.ref[y0:y1, x0:x1] = 0
