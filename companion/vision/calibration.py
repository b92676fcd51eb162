"""From pixels to the table: a homography fixed by the four corner markers.

The centres of ``TC:CORNER:1`` .. ``TC:CORNER:4`` are the corners of a rectangle
of known size (``table_mm``, from the configuration): corner 1 is (0, 0), 2 is
(W, 0), 3 is (W, H) and 4 is (0, H). Every tag then gets a position in mm and an
angle: the direction of the tag's "up", 0 when it is upright for a person
sitting on corner 1's edge (y = 0) looking toward +y, counter-clockwise positive
as seen from above, in [0, 360)::

    >>> cal = Calibration.find(detections, (900, 600))     # doctest: +SKIP
    >>> cal.pose(detection)                                 # doctest: +SKIP
    (301.2, 88.4, 91.5)

"As seen from above" is what the camera sees: the image is a view from above,
so whether the corners run clockwise or counter-clockwise in the image decides
which way the table's x/y frame turns (``mirrored``).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from models.tags import corner

from .decoders import Detection, Point

CORNERS = tuple(corner(n) for n in (1, 2, 3, 4))


@dataclass(frozen=True, eq=False)
class Calibration:
    """A fixed camera: where the corner markers are in the image, and the
    homography ``H`` from image pixels to table millimetres."""

    table_mm: tuple[float, float]
    corners_px: tuple[Point, Point, Point, Point]
    H: np.ndarray
    mirrored: bool

    @classmethod
    def from_corners(cls, corners_px: Sequence[Point], table_mm: tuple[float, float]) -> Calibration:
        """Calibrate from the pixel centres of corners 1, 2, 3, 4 (in that order)."""
        w, h = float(table_mm[0]), float(table_mm[1])
        src = np.array(corners_px, np.float64)
        dst = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64)
        H = cv2.getPerspectiveTransform(src.astype(np.float32), dst.astype(np.float32)).astype(np.float64)
        # Image y points down, so corners 1 -> 2 -> 3 turning clockwise on screen
        # (positive cross product here) make the table frame left-handed from above.
        (x1, y1), (x2, y2), (x3, y3) = src[0], src[1], src[2]
        cross = (x2 - x1) * (y3 - y2) - (y2 - y1) * (x3 - x2)
        return cls((w, h), tuple(map(tuple, src.tolist())), H, cross > 0)  # type: ignore[arg-type]

    @classmethod
    def find(cls, detections: Iterable[Detection], table_mm: tuple[float, float]) -> Calibration | None:
        """Calibrate from a frame's detections; None unless all four corners are
        there, each exactly once, and they make a sensible quadrilateral."""
        found = corner_centres(detections)
        if len(found) < 4:
            return None
        pts = [found[p] for p in CORNERS]
        if not _convex(pts):
            return None
        return cls.from_corners(pts, table_mm)

    # ------------------------------------------------------------------ mapping

    def to_mm(self, pts_px: Sequence[Point]) -> np.ndarray:
        """N x 2 pixel points -> N x 2 table millimetres."""
        a = np.asarray(pts_px, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(a, self.H).reshape(-1, 2)

    def to_px(self, pts_mm: Sequence[Point]) -> np.ndarray:
        """N x 2 table millimetres -> N x 2 pixel points."""
        a = np.asarray(pts_mm, np.float64).reshape(-1, 1, 2)
        return cv2.perspectiveTransform(a, np.linalg.inv(self.H)).reshape(-1, 2)

    def px_per_mm(self, at_px: Point | None = None) -> float:
        """The image scale near a pixel (the table's centre by default)."""
        if at_px is None:
            at_px = tuple(self.to_px([(self.table_mm[0] / 2, self.table_mm[1] / 2)])[0])
        x, y = at_px
        mm = self.to_mm([(x, y), (x + 10, y), (x, y + 10)])
        (ax, ay), (bx, by) = mm[1] - mm[0], mm[2] - mm[0]
        return 10.0 / math.sqrt(abs(ax * by - ay * bx))

    def pose(self, det: Detection) -> tuple[float, float, float]:
        """A detection's centre in mm and its angle in degrees (see the module doc)."""
        c = self.to_mm(det.corners)
        cx, cy = c.mean(axis=0)
        # "up": from the middle of the bottom edge to the middle of the top edge.
        ux, uy = (c[0] + c[1]) / 2 - (c[3] + c[2]) / 2
        ang = math.degrees(math.atan2(-ux, uy))
        if self.mirrored:
            ang = -ang
        ang %= 360.0
        if ang >= 359.995:
            ang = 0.0
        return float(cx), float(cy), float(ang)

    # ------------------------------------------------------------------ bumps

    def corner_shift_px(self, detections: Iterable[Detection]) -> float:
        """How far (px, the largest) the visible corner markers are from where
        this calibration has them; 0 when none is visible."""
        found = corner_centres(detections)
        shifts = [math.dist(found[p], self.corners_px[i]) for i, p in enumerate(CORNERS) if p in found]
        return max(shifts, default=0.0)

    def updated(self, detections: Iterable[Detection], tolerance_px: float) -> Calibration | None:
        """A new calibration when the corners moved more than ``tolerance_px``
        (the camera was bumped), else None. Needs at least three corners: a
        missing fourth is carried along by the affine motion of the other three."""
        found = corner_centres(detections)
        seen = [i for i, p in enumerate(CORNERS) if p in found]
        if len(seen) < 3:
            return None
        if max(math.dist(found[CORNERS[i]], self.corners_px[i]) for i in seen) <= tolerance_px:
            return None
        if len(seen) == 4:
            new = [found[p] for p in CORNERS]
        else:
            old = np.array([self.corners_px[i] for i in seen], np.float32)
            now = np.array([found[CORNERS[i]] for i in seen], np.float32)
            A = cv2.getAffineTransform(old, now)
            missing = ({0, 1, 2, 3} - set(seen)).pop()
            ox, oy = self.corners_px[missing]
            guess = tuple((A @ np.array([ox, oy, 1.0])).tolist())
            new = [found.get(p, guess) for p in CORNERS]
        if not _convex(new):
            return None
        return Calibration.from_corners(new, self.table_mm)


def calibrate(current: Calibration | None, detections: Sequence[Detection], table_mm: tuple[float, float],
              tolerance_px: float) -> tuple[Calibration | None, bool]:
    """Stage 4 of a frame, **calibrate**: ``(calibration, recalibrated)`` after
    this frame's detections: found from the corners when there was none, else
    the current one, or a new one when the corners moved beyond ``tolerance_px``."""
    if current is None:
        return Calibration.find(detections, table_mm), False
    new = current.updated(detections, tolerance_px)
    return (new, True) if new is not None else (current, False)


def corner_centres(detections: Iterable[Detection]) -> dict[str, Point]:
    """Centres of the corner markers seen exactly once."""
    seen: dict[str, list[Point]] = {}
    for d in detections:
        if d.payload in CORNERS:
            seen.setdefault(d.payload, []).append(d.centre)
    return {p: c[0] for p, c in seen.items() if len(c) == 1}


def _convex(pts: Sequence[Point]) -> bool:
    """The four points, in order, make a convex quadrilateral of some size."""
    signs = []
    for i in range(4):
        (ax, ay), (bx, by), (cx, cy) = pts[i], pts[(i + 1) % 4], pts[(i + 2) % 4]
        signs.append((bx - ax) * (cy - by) - (by - ay) * (cx - bx))
    return all(s > 1.0 for s in signs) or all(s < -1.0 for s in signs)
