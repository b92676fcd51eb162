"""Tables over time for the simulated camera: each change made by a hand.

A *beat* is one change at the table: the table before, the table after (both as
``models.table.Placement`` lists, usually a game's ``arrange(state)``), and what
a narrator would say. :func:`build_timeline` turns beats into the
``(t_seconds, Scene)`` steps a :class:`~hardware.simtable.SimulatedTable` plays:
the hand reaches in over what changes, the change happens under it, the hand
leaves, and the table rests until the next beat::

    beats = [Beat("RED reveals a 7", arrange(s1)), Beat("RED haunts slot 2", arrange(s2))]
    steps, marks = build_timeline(arrange(s0), beats, every_s=3.0)
    source = SimulatedTable(steps, CameraModel(resolution=(1600, 900)), fps=5)
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hardware.simtable import Hand, Item, Scene


@dataclass
class Beat:
    """One change at the table. ``placements``: the table after it. ``expect``:
    what the referee should make of it (``applied``, ``out_of_sync``,
    ``waiting``, ``in_sync``), for tests and the demo's narration.
    ``linger_s``: how much longer than the pace the table stays so before the
    next change (a round's Tricks left face up while the players read them)."""

    say: str
    placements: list[Any]
    expect: str = "applied"
    actions: list[dict[str, Any]] = field(default_factory=list)
    linger_s: float = 0.0


def _key(p: Any) -> tuple:
    return (round(float(p.x_mm), 1), round(float(p.y_mm), 1), round(float(p.angle_deg), 1),
            bool(getattr(p, "face_up", True)))


def _ident(p: Any) -> Any:
    return p.payload if p.payload else ("untagged", getattr(p, "label", ""), _key(p))


def changed_points(before: Sequence[Any], after: Sequence[Any]) -> list[tuple[float, float]]:
    """Where the table changed: positions of components that appeared, vanished,
    moved or turned over (old and new positions)."""
    old = {_ident(p): p for p in before}
    new = {_ident(p): p for p in after}
    pts = []
    for k in set(old) | set(new):
        a, b = old.get(k), new.get(k)
        if a is None or b is None or _key(a) != _key(b):
            for p in (a, b):
                if p is not None:
                    pts.append((float(p.x_mm), float(p.y_mm)))
    return pts


def hands_over(points: list[tuple[float, float]], table_mm: tuple[float, float],
               radius_mm: float = 75.0, most: int = 2) -> list[Hand]:
    """One or two hands covering the changed points (two when they lie far apart)."""
    if not points:
        return []
    if len(points) == 1 or most == 1:
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        return [Hand(cx, cy, radius_mm)]
    # split around the two points furthest apart
    a, b = max(((p, q) for p in points for q in points), key=lambda pq: math.dist(*pq))
    if math.dist(a, b) <= 2 * radius_mm:
        return hands_over(points, table_mm, radius_mm, 1)
    ga = [p for p in points if math.dist(p, a) <= math.dist(p, b)]
    gb = [p for p in points if math.dist(p, a) > math.dist(p, b)]
    return hands_over(ga, table_mm, radius_mm, 1) + hands_over(gb, table_mm, radius_mm, 1)


def scene(placements: Sequence[Any], table_mm: tuple[float, float], hands: Sequence[Hand] = ()) -> Scene:
    return Scene(table_mm=table_mm, items=[Item.from_placement(p) for p in placements], hands=list(hands))


def build_timeline(start: Sequence[Any], beats: Sequence[Beat], *, table_mm: tuple[float, float] = (900.0, 600.0),
                   every_s: float = 3.0, first_s: float = 2.0, hand_s: float = 1.0,
                   t0: float = 0.0) -> tuple[list[tuple[float, Scene]], list[float]]:
    """Steps for a SimulatedTable, and the time each beat's change happens.

    The table starts as ``start``; beat ``i`` changes at ``t0 + first_s + i *
    every_s``, later by the ``linger_s`` of the beats before it: a hand covers
    the change ``hand_s / 2`` before and after."""
    steps: list[tuple[float, Scene]] = [(t0, scene(start, table_mm))]
    marks: list[float] = []
    before = list(start)
    half = hand_s / 2.0
    lingered = 0.0
    for i, beat in enumerate(beats):
        t = t0 + first_s + i * every_s + lingered
        lingered += beat.linger_s
        hands = hands_over(changed_points(before, beat.placements), table_mm)
        if hands:
            steps.append((t - half, scene(before, table_mm, hands)))
            steps.append((t, scene(beat.placements, table_mm, hands)))
            steps.append((t + half, scene(beat.placements, table_mm)))
        else:
            steps.append((t, scene(beat.placements, table_mm)))
        marks.append(t)
        before = list(beat.placements)
    return steps, marks


def hidden_tags(placements: Sequence[Any]) -> list[str]:
    """Payloads whose printed tag is partly covered by a component drawn after it
    (later in the list lies on top): a camera cannot read those."""
    items = [Item.from_placement(p) for p in placements]
    hidden = []
    for i, it in enumerate(items):
        if not it.shown_payload:
            continue
        half = it.tag_mm / 2.0
        a = math.radians(it.angle_deg)
        pts = []
        for du in (-half, 0.0, half):
            for dv in (-half, 0.0, half):
                pts.append((it.x_mm + du * math.cos(a) - dv * math.sin(a),
                            it.y_mm + du * math.sin(a) + dv * math.cos(a)))
        if any(other.contains(x, y) for other in items[i + 1:] for x, y in pts):
            hidden.append(it.shown_payload)
    return hidden


def timeline_json(steps: Sequence[tuple[float, Scene]], table_mm: tuple[float, float] = (900.0, 600.0)) -> dict:
    """A timeline as scene JSON (what ``sim:FILE.json`` plays): each step holds
    its whole table and its hands."""
    from dataclasses import asdict

    def item(i: Item) -> dict:
        d = asdict(i)
        if d["size_mm"] is not None:
            d["size_mm"] = list(d["size_mm"])
        return d
    return {"table_mm": list(table_mm), "items": [],
            "timeline": [{"t": t, "items": [item(i) for i in sc.items], "hands": [asdict(h) for h in sc.hands]}
                         for t, sc in steps]}
