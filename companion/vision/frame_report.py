"""What one frame reports: :class:`Update` (what it changed), the milliseconds
of each of its stages (:data:`STAGES`, timed by :class:`Clock`), and what the
small-tag recovery did with its budget (:func:`recovery_budget`)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from models.table import Sighting, Snapshot

from .changes import Box
from .glare import Glare
from .recovery import Recovered
from .search import Found

STAGES = ("changes", "search", "recover", "calibrate", "place", "track")


@dataclass
class Update:
    """What one frame changed (see :mod:`.pipeline`).

    ``snapshot``: the latest settled table (None before the first settle);
    ``sightings``: tags decoded in this frame (on a settled table, only in the
    regions that changed); ``present``: every tag the tracker holds now, settled
    or not; ``rejected``: payloads breaking the grammar; ``duplicates``: payloads
    seen twice at once; ``decode_ms``: this frame's processing time;
    ``stages``: its milliseconds in each stage (:data:`STAGES`, in order);
    ``budget``: the small-tag recovery's budget (``px`` allowed, ``used_px``,
    ``candidates`` found, ``tried`` crops, ``deferred`` patches left for later);
    ``glare``: the tags a lamp's reflection hides now (held where they were),
    each with the highlight's box in frame pixels, sorted by payload."""

    t: float
    snapshot: Snapshot | None
    settled: bool
    changed: bool
    calibrated: bool
    recalibrated: bool
    sightings: list[Sighting] = field(default_factory=list)
    rejected: list[dict[str, Any]] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    decode_ms: float = 0.0
    present: list[Sighting] = field(default_factory=list)
    mode: str = "regions"            # full | regions | wait (too much motion to decode)
    regions: list[Box] = field(default_factory=list)
    appeared: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    stages: dict[str, float] = field(default_factory=dict)
    budget: dict[str, int] = field(default_factory=dict)
    glare: list[Glare] = field(default_factory=list)


class Clock:
    """Milliseconds per stage, in the order the stages ran."""

    def __init__(self) -> None:
        self.t0 = self.t = time.perf_counter()
        self.laps: dict[str, float] = {}
        #: time spent waiting for work an earlier frame began (frames that wait to be read wait for it):
        #: not this frame's own, so not taken from its budget
        self.waited_ms = 0.0

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps[stage] = round(self.laps.get(stage, 0.0) + (now - self.t) * 1000.0, 2)
        self.t = now

    @property
    def total_ms(self) -> float:
        return (time.perf_counter() - self.t0) * 1000.0

    def waited(self, since: float) -> None:
        """Count the time from ``since`` (``time.perf_counter()``) as waited for an earlier frame's work."""
        self.waited_ms += (time.perf_counter() - since) * 1000.0


def recovery_budget(rec: Recovered, found: Found) -> dict[str, int]:
    """What the small-tag recovery did with its budget (``Update.budget``: see there)."""
    return {"px": rec.px, "used_px": rec.used_px, "candidates": len(found.candidates) + rec.candidates,
            "tried": rec.tried,
            "read": len(rec.detections), "deferred": sum(1 for j in rec.later if j.tries == 0)}

