"""What the vision side hands the games: sightings of tags and settled snapshots.

A :class:`Sighting` is one tag seen on the table, in table millimetres (x from
corner 1 toward corner 2, y from corner 1 toward corner 4) with the tag's angle
(0 = upright as seen from corner 1's edge, counter-clockwise positive, 0-360).
A :class:`Snapshot` is a settled table: every tag the tracker holds, plus the
markers that divide the table into areas::

    >>> snap = Snapshot(t=1.0, sightings=(
    ...     Sighting("TC:SEAT:RED", 100, 20), Sighting("TC:SEAT:BLUE", 800, 20),
    ...     Sighting("GLC:CANDY:C3", 120, 90)))
    >>> snap.seat_of(snap.find("GLC:CANDY:C3"))
    'RED'
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any

from .tags import Tag, parse_tag


@dataclass(frozen=True, slots=True)
class Sighting:
    """One tag seen on the table."""

    payload: str
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    px: tuple[float, float] = (0.0, 0.0)

    @property
    def tag(self) -> Tag:
        return parse_tag(self.payload)

    @property
    def game(self) -> str:
        return self.payload.split(":", 1)[0]

    @property
    def kind(self) -> str:
        return self.payload.split(":")[1]

    @property
    def id(self) -> str:
        return self.payload.split(":")[2]

    def distance_to(self, x_mm: float, y_mm: float) -> float:
        return math.hypot(self.x_mm - x_mm, self.y_mm - y_mm)

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["px"] = list(self.px)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Sighting:
        return cls(d["payload"], float(d["x_mm"]), float(d["y_mm"]),
                   float(d.get("angle_deg", 0.0)), tuple(d.get("px", (0.0, 0.0))))


@dataclass(frozen=True)
class Snapshot:
    """A settled view of the table: every tag held by the tracker at time ``t``.

    ``sightings`` holds table markers (``TC:...``) and game components alike;
    payloads are unique (the tracker reports duplicates as faults, not here).
    ``glare``: the payloads among them that a lamp's reflection hides at ``t``:
    kept where they were last seen, not seen now (a card changed under the
    reflection is not in the snapshot until the reflection goes).
    """

    t: float
    sightings: tuple[Sighting, ...] = ()
    calibrated: bool = True
    table_mm: tuple[float, float] = (900.0, 600.0)
    glare: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_payload", {s.payload: s for s in self.sightings})

    @property
    def by_payload(self) -> dict[str, Sighting]:
        """Each sighting by its payload (built once, in ``__post_init__``)."""
        found: dict[str, Sighting] = self.__dict__["_by_payload"]
        return found

    def __iter__(self) -> Iterator[Sighting]:
        return iter(self.sightings)

    def __len__(self) -> int:
        return len(self.sightings)

    def __contains__(self, payload: str) -> bool:
        return payload in self.by_payload

    def find(self, payload: str) -> Sighting | None:
        return self.by_payload.get(payload)

    def of(self, game: str, kind: str | None = None) -> list[Sighting]:
        """Every sighting of ``game`` (and ``kind``), sorted by x then y."""
        out = [s for s in self.sightings if s.game == game and (kind is None or s.kind == kind)]
        return sorted(out, key=lambda s: (s.x_mm, s.y_mm))

    def markers(self, kind: str) -> dict[str, Sighting]:
        """Table markers of one kind (``SEAT``, ``ZONE``, ``CORNER``) by id."""
        return {s.id: s for s in self.sightings if s.game == "TC" and s.kind == kind}

    def seats(self) -> dict[str, Sighting]:
        return self.markers("SEAT")

    def zones(self) -> dict[str, Sighting]:
        return self.markers("ZONE")

    def area_of(self, s: Sighting) -> tuple[str, str] | None:
        """The nearest seat or zone marker to a sighting: ``("SEAT", "RED")``,
        ``("ZONE", "DISCARD")``, or None when the table has no such markers."""
        best: tuple[float, tuple[str, str]] | None = None
        for m in self.sightings:
            if m.game == "TC" and m.kind in ("SEAT", "ZONE"):
                d = m.distance_to(s.x_mm, s.y_mm)
                if best is None or d < best[0]:
                    best = (d, (m.kind, m.id))
        return best[1] if best else None

    def seat_of(self, s: Sighting) -> str | None:
        """The player colour whose area holds the sighting, if it is a seat area."""
        area = self.area_of(s)
        return area[1] if area and area[0] == "SEAT" else None

    def to_json(self) -> dict[str, Any]:
        out = {"t": self.t, "calibrated": self.calibrated, "table_mm": list(self.table_mm),
               "sightings": [s.to_json() for s in self.sightings]}
        if self.glare:
            out["glare"] = list(self.glare)
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Snapshot:
        return cls(float(d.get("t", 0.0)), tuple(Sighting.from_json(s) for s in d["sightings"]),
                   bool(d.get("calibrated", True)), tuple(d.get("table_mm", (900.0, 600.0))),
                   tuple(str(p) for p in d.get("glare", ())))


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a tagged component lies in a canonical arrangement of a game's table
    (used to draw the simulated table for the demo and the tests).

    ``face_up`` False means the tag is hidden (a face-down card shows only its
    back): the simulated table draws the component without its tag, or with
    ``back`` (a generic back payload) when the game prints one."""

    payload: str
    x_mm: float
    y_mm: float
    angle_deg: float = 0.0
    face_up: bool = True
    back: str | None = None
    size_mm: tuple[float, float] | None = None
    label: str = ""


def seen_from_above(placements: Any, table_mm: tuple[float, float] = (900.0, 600.0)) -> Snapshot:
    """What a perfect camera settles on for a table laid out as ``placements``:
    every face-up tag whose centre no later card covers, where it lies, and the
    four corners (the contract tests and the referee's benchmark use it; the
    simulated table and the real pipeline are the imperfect one)::

        snapshot = seen_from_above(game.arrange(state))
    """
    w, h = table_mm
    out = [Sighting(f"TC:CORNER:{i}", x, y) for i, (x, y) in enumerate([(0, 0), (w, 0), (w, h), (0, h)], 1)]
    items = list(placements)
    for i, p in enumerate(items):
        if not p.face_up:
            continue
        covered = any(q.size_mm and abs(q.x_mm - p.x_mm) < q.size_mm[0] / 2 and abs(q.y_mm - p.y_mm) < q.size_mm[1] / 2
                      for q in items[i + 1:])
        if not covered:
            out.append(Sighting(p.payload, p.x_mm, p.y_mm, p.angle_deg))
    return Snapshot(0.0, tuple(out), True, table_mm)
