"""The simulated camera: where it looks from and what its picture suffers.

:class:`CameraModel` is a pinhole camera looking at the centre of the table from
``distance_mm`` away. With ``tilt_deg`` 0 it looks straight down, table x along
image x and table +y toward the top of the image (corner 4 top-left, corner 1
bottom-left), so a tag at angle 0 appears upright. ``tilt_deg`` swings it back
over the corner-1 edge (y=0), so the far edge looks narrower, as from a camera
on a stand at one side; ``rotate_deg`` turns the picture counter-clockwise. The
focal length is chosen so the table plus ``margin_mm`` all round fills the frame.

The picture then gets, in this order: print dot gain (``dot_gain``: how far
the ink of dark print spreads, in pixels, 0-1), coloured light
(``light_colour``: gains for blue, green and red, a warm lamp is about
(0.7, 0.9, 1.0)), uneven light (``light_gradient``: a ramp and a vignette,
0-1), a specular ``glare`` blob (0-1, its peak brightness), a soft-edged
``shadow`` across the table (0-1, how much light it takes: someone standing
by the lamp), lens blur (Gaussian, ``blur_sigma`` px; a defocused lens's disk,
``defocus_px`` its radius; camera shake, ``motion_px`` long at
``motion_deg``), sensor noise (``noise_sigma``, in 0-255 grey levels) and JPEG
artefacts (``jpeg_quality``). Everything random is drawn
from ``seed`` (noise also from the frame index), so renders are repeatable::

    >>> cam = CameraModel(resolution=(1600, 900), tilt_deg=15, noise_sigma=3)
    >>> x, y = cam.table_to_image((900, 600))[0]      # corner 3: right, toward the top
    >>> bool(x > 1200 and y < 200)
    True
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Any

import numpy as np

from .errors import SceneError


@dataclass(frozen=True)
class CameraModel:
    """A camera above the table (see the module docstring)."""

    resolution: tuple[int, int] = (1600, 900)
    margin_mm: float = 70.0
    tilt_deg: float = 0.0
    rotate_deg: float = 0.0
    blur_sigma: float = 0.0
    noise_sigma: float = 0.0
    light_gradient: float = 0.0
    glare: float = 0.0
    jpeg_quality: int | None = None
    dot_gain: float = 0.0
    light_colour: tuple[float, float, float] = (1.0, 1.0, 1.0)
    shadow: float = 0.0
    defocus_px: float = 0.0
    motion_px: float = 0.0
    motion_deg: float = 0.0
    seed: int = 0
    distance_mm: float = 1000.0
    table_mm: tuple[float, float] = (900.0, 600.0)   # set by the renderer from the scene

    def __post_init__(self) -> None:
        w, h = self.resolution
        object.__setattr__(self, "resolution", (int(w), int(h)))
        object.__setattr__(self, "table_mm", (float(self.table_mm[0]), float(self.table_mm[1])))
        if self.resolution[0] < 16 or self.resolution[1] < 16:
            raise ValueError(f"camera resolution {self.resolution} is too small")
        if not -80.0 < self.tilt_deg < 80.0:
            raise ValueError(f"tilt_deg must be within (-80, 80), not {self.tilt_deg}")
        if self.jpeg_quality is not None and not 1 <= int(self.jpeg_quality) <= 100:
            raise ValueError(f"jpeg_quality must be 1-100 or None, not {self.jpeg_quality}")
        object.__setattr__(self, "light_colour", tuple(float(c) for c in self.light_colour))
        if len(self.light_colour) != 3 or not all(0.0 <= c <= 2.0 for c in self.light_colour):
            raise ValueError(f"light_colour must be three gains 0-2 (blue, green, red), not {self.light_colour}")
        for name in ("dot_gain", "shadow"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be within 0-1, not {getattr(self, name)}")
        for name in ("defocus_px", "motion_px"):
            if not 0.0 <= getattr(self, name) <= 50.0:
                raise ValueError(f"{name} must be within 0-50 px, not {getattr(self, name)}")

    def for_table(self, table_mm: tuple[float, float]) -> CameraModel:
        """The same camera over a table of another size."""
        from dataclasses import replace
        table_mm = (float(table_mm[0]), float(table_mm[1]))
        return self if table_mm == self.table_mm else replace(self, table_mm=table_mm)

    @classmethod
    def from_json(cls, d: Any) -> CameraModel:
        """A camera from a JSON object of its fields (``resolution`` as [w, h])."""
        if not isinstance(d, dict):
            raise SceneError(f"camera: expected an object, got {type(d).__name__}")
        allowed = {f.name for f in fields(cls)} - {"table_mm"}
        unknown = sorted(set(d) - allowed)
        if unknown:
            raise SceneError(f"camera: unknown key(s) {unknown}; allowed: {sorted(allowed)}")
        kw = dict(d)
        if "resolution" in kw:
            r = kw["resolution"]
            if not isinstance(r, (list, tuple)) or len(r) != 2:
                raise SceneError(f"camera.resolution: expected [width, height], got {r!r}")
            kw["resolution"] = (int(r[0]), int(r[1]))
        try:
            return cls(**kw)
        except (TypeError, ValueError) as exc:
            raise SceneError(f"camera: {exc}") from None

    # -- geometry ----------------------------------------------------------

    @cached_property
    def homography(self) -> np.ndarray:
        """3x3 matrix from table mm (x, y, 1) to image pixels (pixel centres at
        integer coordinates, as OpenCV counts them)."""
        tw, th = self.table_mm
        t = math.radians(self.tilt_deg)
        r = math.radians(self.rotate_deg)
        # camera axes in table coordinates (rows): x right, y down the image, z forward
        x_c = np.array([1.0, 0.0, 0.0])
        z_c = np.array([0.0, math.sin(t), -math.cos(t)])
        y_c = np.cross(z_c, x_c)
        rot = np.array([[math.cos(r), math.sin(r), 0.0], [-math.sin(r), math.cos(r), 0.0], [0.0, 0.0, 1.0]])
        R = rot @ np.vstack([x_c, y_c, z_c])
        target = np.array([tw / 2.0, th / 2.0, 0.0])
        centre = target - self.distance_mm * z_c
        tvec = -R @ centre
        P = np.column_stack([R[:, 0], R[:, 1], tvec])      # plane z=0 -> camera rays
        m = self.margin_mm
        pts = np.array([[-m, -m, 1], [tw + m, -m, 1], [tw + m, th + m, 1], [-m, th + m, 1]], float).T
        cam = P @ pts
        if np.any(cam[2] <= 1e-6):
            raise ValueError("the table is behind the camera: lower tilt_deg or raise distance_mm")
        uv = cam[:2] / cam[2]
        (u0, v0), (u1, v1) = uv.min(axis=1), uv.max(axis=1)
        W, H = self.resolution
        f = min(W / (u1 - u0), H / (v1 - v0))
        cx = (W - 1) / 2.0 - f * (u0 + u1) / 2.0
        cy = (H - 1) / 2.0 - f * (v0 + v1) / 2.0
        K = np.array([[f, 0.0, cx], [0.0, f, cy], [0.0, 0.0, 1.0]])
        Hm = K @ P
        return Hm / Hm[2, 2]

    @cached_property
    def inverse(self) -> np.ndarray:
        """3x3 matrix from image pixels back to table mm."""
        return np.linalg.inv(self.homography)

    def table_to_image(self, pts: Any) -> np.ndarray:
        """Table mm points (N x 2, or one (x, y)) to image pixels (N x 2)."""
        return _apply(self.homography, pts)

    def image_to_table(self, pts: Any) -> np.ndarray:
        """Image pixels (N x 2) to table mm (N x 2)."""
        return _apply(self.inverse, pts)

    def px_per_mm(self, x_mm: float, y_mm: float) -> float:
        """The local scale at a table point (geometric mean of both directions)."""
        p = self.table_to_image([(x_mm - 0.5, y_mm - 0.5), (x_mm + 0.5, y_mm - 0.5),
                                 (x_mm + 0.5, y_mm + 0.5), (x_mm - 0.5, y_mm + 0.5)])
        return math.sqrt(abs(_area(p)))


def _apply(H: np.ndarray, pts: Any) -> np.ndarray:
    a = np.asarray(pts, dtype=float).reshape(-1, 2)
    h = np.column_stack([a, np.ones(len(a))]) @ H.T
    return h[:, :2] / h[:, 2:3]


def _area(p: np.ndarray) -> float:
    """Signed area of a polygon (N x 2)."""
    x, y = p[:, 0], p[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))
