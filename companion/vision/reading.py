"""One image, read once: every tag in it, checked against the grammar, placed
on the table when the corner markers are there.

:func:`scan_image` is what ``companion scan`` does to each still image, and what
the pipeline does on a full pass: the decoder over the whole frame, then the
small-tag recovery (:mod:`.smalltags`) for tag-like patches it missed::

    >>> r = scan_image(image, get_decoder("zxing"), table_mm=(900, 600))   # doctest: +SKIP
    >>> r.calibrated, [s.payload for s in r.sightings]                        # doctest: +SKIP
    (True, ['GLC:KID:02', 'TC:CORNER:1', ...])
"""
from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, field

import cv2
import numpy as np

from models.table import Sighting
from models.tags import TagError, parse_tag

from . import smalltags
from .calibration import Calibration
from .decoders import Decoder, Detection

NAN = float("nan")


@dataclass
class Reading:
    """What one image (or part of one) showed.

    ``sightings`` are the valid tags (x_mm, y_mm, angle_deg are NaN when not
    calibrated; ``px`` is always the symbol's centre in pixels), ``detections``
    the matching raw detections, ``rejected`` the payloads that break the tag
    grammar (``{"payload", "px", "reason"}``), ``duplicates`` the payloads seen
    twice or more at once, ``candidates`` tag-like patches nothing could read."""

    width: int
    height: int
    calibration: Calibration | None
    sightings: list[Sighting] = field(default_factory=list)
    detections: list[Detection] = field(default_factory=list)
    rejected: list[dict] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    candidates: list[smalltags.Candidate] = field(default_factory=list)
    decode_ms: float = 0.0

    @property
    def calibrated(self) -> bool:
        return self.calibration is not None


def grey_of(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def tag_side_px(calibration: Calibration | None, found: list[Detection], shape: tuple[int, int],
                tag_mm: tuple[float, float]) -> tuple[float, float]:
    """The range of symbol sides (px) worth looking for: from the calibration's
    scale when there is one, else from the codes already decoded."""
    if calibration is not None:
        w, h = calibration.table_mm
        scales = [calibration.px_per_mm(tuple(p)) for p in calibration.corners_px]
        return tag_mm[0] * min(scales), tag_mm[1] * max(scales)
    if found:
        side = statistics.median(d.side_px for d in found)
        return side * 0.5, side * 2.0
    return 16.0, max(32.0, 0.08 * min(shape))


def detect(grey: np.ndarray, decoder: Decoder, side_px: tuple[float, float] | None,
           small_tags: bool = True, steps=smalltags.FIRST_STEPS) -> tuple[list[Detection], list[smalltags.Candidate]]:
    """Decode ``grey`` whole, then recover the tag-like patches it missed
    (with the recovery ladder's first ``steps``; the pipeline retries the
    failures with the other steps on later frames)."""
    found = decoder.decode(grey)
    failed: list[smalltags.Candidate] = []
    if small_tags and side_px is not None:
        cands = smalltags.candidates(grey, side_px, found)
        more, failed = smalltags.recover(grey, cands, decoder, steps)
        found = merge(found, more)
    return found, failed


def merge(a: list[Detection], b: list[Detection]) -> list[Detection]:
    """Detections of ``a`` and ``b``, the same symbol found twice counted once
    (same payload, centres closer than half a side)."""
    out = list(a)
    for d in b:
        if not any(o.payload == d.payload and math.dist(o.centre, d.centre) < 0.5 * o.side_px for o in out):
            out.append(d)
    return out


def build(detections: list[Detection], calibration: Calibration | None, width: int, height: int
          ) -> Reading:
    """Check every detection against the grammar, place it, find duplicates."""
    r = Reading(width, height, calibration)
    counts: dict[str, int] = {}
    for d in detections:
        cx, cy = d.centre
        px = (round(cx, 1), round(cy, 1))
        try:
            parse_tag(d.payload)
        except TagError as e:
            r.rejected.append({"payload": d.payload, "px": list(px), "reason": _reason(d.payload, e)})
            continue
        counts[d.payload] = counts.get(d.payload, 0) + 1
        if calibration is not None:
            x, y, a = calibration.pose(d)
            s = Sighting(d.payload, round(x, 1), round(y, 1), round(a, 1) % 360.0, px)
        else:
            s = Sighting(d.payload, NAN, NAN, NAN, px)
        r.sightings.append(s)
        r.detections.append(d)
    r.duplicates = sorted(p for p, n in counts.items() if n > 1)
    return r


def _reason(payload: str, e: TagError) -> str:
    """The grammar's reason without the quoted payload in front:
    ``not a GAME:KIND:ID tag: needs exactly three parts``."""
    msg = str(e)
    shown = payload if len(payload) <= 40 else payload[:37] + "..."
    lead = repr(shown)
    if msg.startswith(lead):
        rest = msg[len(lead):]
        for sep in (" is ", ": "):
            if rest.startswith(sep):
                return rest[len(sep):]
    return msg


def scan_image(image: np.ndarray, decoder: Decoder, table_mm: tuple[float, float] = (900.0, 600.0),
               calibration: Calibration | None = None, small_tags: bool = True,
               tag_mm: tuple[float, float] = (15.0, 45.0)) -> Reading:
    """Read one still image: every tag, placed on the table when the four
    corner markers are in it (or with the ``calibration`` given)."""
    t0 = time.perf_counter()
    grey = grey_of(image)
    h, w = grey.shape[:2]
    found = decoder.decode(grey)
    cal = calibration or Calibration.find(found, table_mm)
    failed: list[smalltags.Candidate] = []
    if small_tags:
        side = tag_side_px(cal, found, (h, w), tag_mm)
        cands = smalltags.candidates(grey, side, found)
        more, failed = smalltags.recover(grey, cands, decoder)
        found = merge(found, more)
        if cal is None:
            cal = Calibration.find(found, table_mm)
    r = build(found, cal, w, h)
    r.candidates = failed
    r.decode_ms = (time.perf_counter() - t0) * 1000.0
    return r
