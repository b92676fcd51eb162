"""How big a printed tag must be for a camera to read it.

A tag is a version 1 QR code: 21 x 21 modules, with a quiet zone of 4 modules
all round. The camera looks straight down at the table plus ``margin_mm`` on
every side (the simulated table's camera frames it the same way), so one table
millimetre spans ``min(W / (table_w + 2 margin), H / (table_h + 2 margin))``
pixels. A tag reads reliably with at least 3 pixels per module. That is
measured, not a rule of thumb (``make bench``, "What a real camera varies"): at
3.0 px per module the pipeline's first frame read every tag under a defocused
lens, print dot gain, camera shake, a warm lamp, a shadow, glare and JPEG, and
with all of them at once all but one (and within 5 frames); at 2.5 each
condition alone still reads 98 % or more within 5 frames, but all of them at
once four fifths, and at 1.8 (the binned mode) nothing::

    >>> s = size_for((4608, 2592), (900, 600))
    >>> round(s.px_per_mm, 2), s.tag_mm
    (3.5, 18.0)
    >>> size_for((2304, 1296), (900, 600)).tag_mm
    36.0

A phone held at an angle (a photo to score, ``companion score``) sees the far
edge of the table smaller than the near one, and a module there shrinks most
across the line of sight. With ``tilt_deg`` the scale is the smallest one at the
far edge, in its most foreshortened direction, for a camera about a metre from
the table's centre that frames the table plus the margin (the simulated
table's camera, :class:`hardware.simtable.CameraModel`)::

    >>> size_for((4032, 3024), (900, 600), tilt_deg=25).tag_mm
    28.0
"""
from __future__ import annotations

import math
from dataclasses import dataclass

QR_MODULES = 21            # version 1
QUIET_MODULES = 4          # the quiet zone the QR standard asks for
MIN_PX_PER_MODULE = 3.0    # measured: 98-100 % within 5 frames under what a camera varies, at once too (module doc)
DEFAULT_MARGIN_MM = 70.0   # table edge to picture edge (the simulated camera's default)
MIN_TAG_MM = 12.0          # a module of 0.57 mm: smaller prints smear on an office printer
STEP_MM = 0.5              # recommended sizes are rounded up to this


class SizeError(ValueError):
    """A size that cannot be used; the message says why and what would do."""


@dataclass(frozen=True)
class Sizing:
    """The recommended tag for one camera over one table."""

    resolution: tuple[int, int]
    table_mm: tuple[float, float]
    margin_mm: float
    px_per_mm: float
    tag_mm: float
    tilt_deg: float = 0.0

    @property
    def module_mm(self) -> float:
        return self.tag_mm / QR_MODULES

    @property
    def px_per_module(self) -> float:
        return self.module_mm * self.px_per_mm

    def describe(self) -> str:
        """The recommendation and the arithmetic behind it, in words."""
        w, h = self.resolution
        tw, th = self.table_mm
        view = (tw + 2 * self.margin_mm, th + 2 * self.margin_mm)
        where = (f"{self.px_per_mm:.2f} px per mm" if not self.tilt_deg else
                 f"tilted {self.tilt_deg:g} degrees, {self.px_per_mm:.2f} px per mm at the far edge across the "
                 "line of sight")
        return (f"{self.tag_mm:g} mm tags (QR symbol side, quiet zone extra) for a {w}x{h} camera over a "
                f"{tw:g}x{th:g} mm table.\n"
                f"The camera sees {view[0]:g}x{view[1]:g} mm (the table plus {self.margin_mm:g} mm all round), "
                f"{where}, so a {self.module_mm:.2f} mm module is "
                f"{self.px_per_module:.2f} px (at least {MIN_PX_PER_MODULE:g} needed).\n"
                f"Print with: companion tags GAME --tag-mm {self.tag_mm:g}")


def parse_wxh(text: str, what: str = "size", integer: bool = False) -> tuple[float, float]:
    """``'4608x2592'`` -> (4608, 2592); a clear ValueError for anything else."""
    try:
        parts = [p.strip() for p in str(text).lower().replace("×", "x").split("x")]
        if len(parts) != 2:
            raise ValueError
        w, h = (int(p) if integer else float(p) for p in parts)
    except ValueError:
        example = "4608x2592" if integer else "900x600"
        raise SizeError(f"{what} must look like {example}, not {text!r}") from None
    if not (w > 0 and h > 0 and math.isfinite(w) and math.isfinite(h)):
        raise SizeError(f"{what} must be positive, not {text!r}")
    return (w, h)


def px_per_mm(resolution: tuple[int, int], table_mm: tuple[float, float],
              margin_mm: float = DEFAULT_MARGIN_MM) -> float:
    """Pixels per table millimetre for a camera framing the table plus the margin."""
    (w, h), (tw, th) = resolution, table_mm
    return min(w / (tw + 2 * margin_mm), h / (th + 2 * margin_mm))


def px_per_module(tag_mm: float, resolution: tuple[int, int], table_mm: tuple[float, float],
                  margin_mm: float = DEFAULT_MARGIN_MM) -> float:
    """How many camera pixels one module of a ``tag_mm`` tag covers."""
    return tag_mm / QR_MODULES * px_per_mm(resolution, table_mm, margin_mm)


def tilted_px_per_mm(resolution: tuple[int, int], table_mm: tuple[float, float], margin_mm: float,
                     tilt_deg: float) -> float:
    """The smallest scale anywhere on the table (px per mm, in the direction a
    module shrinks most) for a camera tilted by ``tilt_deg``; see the module
    docstring."""
    import numpy as np

    from hardware.simtable import CameraModel
    if not 0 <= tilt_deg < 60:
        raise SizeError(f"the tilt must be 0-60 degrees from looking straight down, not {tilt_deg:g}")
    cam = CameraModel(resolution=resolution, margin_mm=margin_mm, tilt_deg=tilt_deg, table_mm=table_mm)
    tw, th = table_mm
    smallest = math.inf
    for x, y in ((0, 0), (tw, 0), (tw, th), (0, th), (tw / 2, th), (tw / 2, 0)):
        p = cam.table_to_image([(x, y), (x + 1.0, y), (x, y + 1.0)])
        jac = np.column_stack([p[1] - p[0], p[2] - p[0]])
        smallest = min(smallest, float(np.linalg.svd(jac, compute_uv=False)[-1]))
    return smallest


def size_for(resolution: tuple[int, int], table_mm: tuple[float, float] = (900.0, 600.0),
             margin_mm: float = DEFAULT_MARGIN_MM, min_px_per_module: float = MIN_PX_PER_MODULE,
             tilt_deg: float = 0.0) -> Sizing:
    """The smallest tag (rounded up to 0.5 mm, never below the printable minimum)
    keeping ``min_px_per_module`` pixels per module (at the far edge, across
    the line of sight, for a camera tilted by ``tilt_deg``)."""
    if margin_mm < 0:
        raise SizeError(f"the camera margin must be 0 mm or more, not {margin_mm:g}")
    ppm = (tilted_px_per_mm(resolution, table_mm, margin_mm, tilt_deg) if tilt_deg
           else px_per_mm(resolution, table_mm, margin_mm))
    exact = QR_MODULES * min_px_per_module / ppm
    tag = max(MIN_TAG_MM, math.ceil(exact / STEP_MM - 1e-9) * STEP_MM)
    return Sizing((int(resolution[0]), int(resolution[1])), (float(table_mm[0]), float(table_mm[1])),
                  float(margin_mm), ppm, tag, float(tilt_deg))


def check_printable(tag_mm: float) -> float:
    """``tag_mm`` if a printer can make it, else SizeError naming the minimum."""
    if not math.isfinite(tag_mm) or tag_mm < MIN_TAG_MM:
        raise SizeError(f"{tag_mm:g} mm tags are too small to print reliably: the minimum is {MIN_TAG_MM:g} mm "
                        f"(a {MIN_TAG_MM / QR_MODULES:.2f} mm module)")
    if tag_mm > 150:
        raise SizeError(f"{tag_mm:g} mm tags do not fit a sticker sheet: the maximum is 150 mm")
    return tag_mm


def quiet_side_mm(tag_mm: float, quiet_modules: float = QUIET_MODULES) -> float:
    """The side of the white square a tag needs: the symbol plus its quiet zone."""
    return tag_mm * (QR_MODULES + 2 * quiet_modules) / QR_MODULES
