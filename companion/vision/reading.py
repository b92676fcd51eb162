"""Stage 5 of a frame, **place**: every detection checked against the tag
grammar, placed on the table when there is a calibration, duplicates found.

:func:`build` turns detections into a :class:`Reading`; ``companion scan``
prints one per still image (:func:`~companion.vision.still_scan.scan_image`
runs the stages for it)::

    >>> r = scan_image(image, get_decoder("zxing"), table_mm=(900, 600))   # doctest: +SKIP
    >>> r.calibrated, [s.payload for s in r.sightings]                        # doctest: +SKIP
    (True, ['GLC:KID:02', 'TC:CORNER:1', ...])
"""
from __future__ import annotations

from dataclasses import dataclass, field

from models.table import Sighting
from models.tags import TagError, parse_tag

from .calibration import Calibration
from .decoders import Detection, merge  # noqa: F401  (merge: kept importable from here)
from .search import Candidate

NAN = float("nan")


@dataclass
class Reading:
    """What one image (or part of one) showed.

    ``sightings`` are the valid tags (x_mm, y_mm, angle_deg are NaN when not
    calibrated; ``px`` is always the symbol's centre in pixels), ``detections``
    the matching raw detections, ``rejected`` the payloads that break the tag
    grammar (``{"payload", "px", "reason"}``), ``duplicates`` the payloads seen
    twice or more at once, ``candidates`` tag-like patches nothing could read;
    ``stages``: milliseconds spent in each stage, in order; ``budget``: the
    small-tag search's budget (``px`` allowed, ``used_px``, ``candidates``
    found, ``tried`` crops, ``deferred`` patches left for later)."""

    width: int
    height: int
    calibration: Calibration | None
    sightings: list[Sighting] = field(default_factory=list)
    detections: list[Detection] = field(default_factory=list)
    rejected: list[dict] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    decode_ms: float = 0.0
    stages: dict[str, float] = field(default_factory=dict)
    budget: dict[str, int] = field(default_factory=dict)

    @property
    def calibrated(self) -> bool:
        return self.calibration is not None


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
