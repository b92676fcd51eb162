"""What stays on the table: tags over time, from one frame's sightings.

The :class:`Tracker` turns each frame's evidence into a steady list of tags:

* a tag **appears** once it was seen in ``appear_frames`` frames;
* it **vanishes** once it was missed for ``vanish_s`` seconds;
* it is **held** (kept, not missed) while something covers it: the pipeline
  says which tags are covered (their part of the image is moving, or changed a
  lot, like a hand resting over them);
* it is **held by glare** (kept where it was, not missed) while a lamp's
  reflection burns out its spot (:mod:`.glare`): unlike a hand, a reflection
  can stay all evening, so a glare-held tag does not keep the table from
  settling; the settled snapshot names it (``Snapshot.glare``), so whoever
  referees it knows that what lies there now is not seen, only remembered;
* it is **carried** (counts as seen) while its part of the image has not
  changed since it was last decoded: a settled table is not decoded again;
* it is **pending** (neither seen nor missed) while its part of the image
  changed and no decode has looked for it yet (a small tag only a crop reads,
  on a frame with no time left for its crop);
* a **fixed** marker (a seat or zone marker, a bowl's sticker: ``fixed(payload)``)
  is fixed to the table: once it has appeared it is **remembered** where it was
  last seen while a pile or a bowl's own sweets cover it, and takes its new place
  when it is seen again. It never vanishes and never keeps the table from settling.
  :meth:`Tracker.recall` seeds them from an earlier run (the session keeps them
  beside the journal), so a pile already on its marker at a restart is no problem;
* the table is **settled** when nothing appeared, vanished, moved or stirred
  for ``settle_s`` seconds and nothing is covered (but by glare) or half-seen.

Positions are the median of the last few sightings; a jump of more than
``move_mm`` (or a turn of more than ``turn_deg``) is a move::

    >>> tr = Tracker(appear_frames=2, vanish_s=1.5, settle_s=0.6)
    >>> for i in range(10):
    ...     _ = tr.update(i * 0.1, {"GLC:KID:02": Sighting("GLC:KID:02", 100.0, 50.0)})
    >>> tr.settled(0.9), [s.payload for s in tr.present()]
    (True, ['GLC:KID:02'])
"""
from __future__ import annotations

import math
import statistics
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from models.table import Sighting

EPS = 1e-6          # frame times are sums of 1/fps: 0.7 - 0.2 < 0.5 in floating point


@dataclass
class Track:
    """One tag the tracker knows about (``present`` once it has appeared)."""

    payload: str
    sighting: Sighting
    first_t: float
    last_seen_t: float
    hits: int = 0
    misses: int = 0
    present: bool = False
    held: bool = False
    pending: bool = False       # its spot changed and no decode has looked there yet
    poses: deque = field(default_factory=lambda: deque(maxlen=5))
    remembered: bool = False    # a fixed marker not seen now, kept where it was last seen
    glare: bool = False         # held because a reflection hides it (the reason, beside ``held``)

    def add(self, s: Sighting) -> None:
        self.poses.append(s)
        xs = [p.x_mm for p in self.poses]
        ys = [p.y_mm for p in self.poses]
        a0 = self.poses[0].angle_deg
        # median of angles unwrapped around the first one
        da = [((p.angle_deg - a0 + 180.0) % 360.0) - 180.0 for p in self.poses]
        ang = (a0 + statistics.median(da)) % 360.0
        self.sighting = Sighting(self.payload, round(statistics.median(xs), 1),
                                 round(statistics.median(ys), 1), round(ang, 1) % 360.0, s.px)


@dataclass
class Changes:
    """What one update changed: payloads that appeared, vanished or moved."""

    appeared: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.appeared or self.vanished or self.moved)


class Tracker:
    """Keeps the tags on the table over time (see the module doc)."""

    def __init__(self, appear_frames: int = 2, vanish_s: float = 1.5, settle_s: float = 0.6,
                 move_mm: float = 4.0, turn_deg: float = 12.0,
                 fixed: Callable[[str], bool] | None = None):
        self.fixed = fixed or (lambda payload: False)
        self.appear_frames = appear_frames
        self.vanish_s = vanish_s
        self.settle_s = settle_s
        self.move_mm = move_mm
        self.turn_deg = turn_deg
        self.tracks: dict[str, Track] = {}
        self.last_change_t: float | None = None

    def update(self, t: float, seen: Mapping[str, Sighting], carried: Iterable[str] = (),
               held: Iterable[str] = (), motion: bool = False, pending: Iterable[str] = (),
               glare: Iterable[str] = ()) -> Changes:
        """One frame's evidence at time ``t``: the tags decoded (``seen``), the
        tags whose image did not change (``carried``), the tags covered by
        something (``held``), whether anything in the frame is moving, the
        tags whose spot changed but that no decode looked for (``pending``:
        neither seen nor missed; the table is not settled while one is), and
        the present tags a reflection hides (``glare``: held where they were,
        without keeping the table from settling; a tag not yet present is
        not held by glare, it was never known to lie there)."""
        ch = Changes()
        if self.last_change_t is None or motion:
            self.last_change_t = t
        carried, held, pending, glare = set(carried), set(held), set(pending), set(glare)
        for p, s in seen.items():
            tr = self.tracks.get(p)
            if tr is None:
                tr = self.tracks[p] = Track(p, s, t, t)
            elif tr.present and self._far(tr.sighting, s):
                tr.poses.clear()
                ch.moved.append(p)
            tr.remembered = False
            tr.add(s)
            self._hit(tr, t, ch)
        for p, tr in list(self.tracks.items()):
            if p in seen:
                continue
            tr.pending = p in pending
            if p in carried:
                self._hit(tr, t, ch)
            elif tr.pending:
                tr.glare = False
                continue
            elif tr.present and self.fixed(p):
                tr.remembered, tr.held, tr.misses = True, False, 0
            elif tr.present and p in glare:
                tr.held, tr.glare = True, True
                tr.last_seen_t = t
                tr.misses = 0
            elif p in held:
                tr.held, tr.glare = True, False
                tr.last_seen_t = t
                tr.misses = 0
            else:
                tr.held = tr.glare = False
                tr.misses += 1
                if t - tr.last_seen_t >= self.vanish_s - EPS:
                    del self.tracks[p]
                    if tr.present:
                        ch.vanished.append(p)
        if ch:
            self.last_change_t = t
        return ch

    def _hit(self, tr: Track, t: float, ch: Changes) -> None:
        tr.hits += 1
        tr.misses = 0
        tr.held = tr.glare = False
        tr.last_seen_t = t
        if not tr.present and tr.hits >= self.appear_frames:
            tr.present = True
            ch.appeared.append(tr.payload)

    def _far(self, a: Sighting, b: Sighting) -> bool:
        turn = abs(((a.angle_deg - b.angle_deg + 180.0) % 360.0) - 180.0)
        return math.hypot(a.x_mm - b.x_mm, a.y_mm - b.y_mm) > self.move_mm or turn > self.turn_deg

    # ------------------------------------------------------------------ views

    def settled(self, t: float) -> bool:
        """Nothing moved for ``settle_s``, nothing covered (a tag held by glare
        does not count: see :meth:`glare`), nothing half-seen, nothing waiting
        to be looked at."""
        if self.last_change_t is None or t - self.last_change_t < self.settle_s - EPS:
            return False
        return all(tr.present and (tr.glare or not tr.held) and not tr.pending and tr.misses < 2
                   for tr in self.tracks.values())

    def glare(self) -> list[str]:
        """The present tags a reflection hides now, kept where they were last
        seen, sorted by payload."""
        return sorted(p for p, tr in self.tracks.items() if tr.glare)

    def recall(self, sightings: Iterable[Sighting]) -> list[str]:
        """Remember fixed markers where an earlier run last saw them (table mm),
        as if seen and then covered: present, remembered, never a change. Tags
        tracked already and tags that are not fixed markers are left alone.
        Returns the payloads recalled."""
        out = []
        for s in sightings:
            if s.payload in self.tracks or not self.fixed(s.payload):
                continue
            tr = Track(s.payload, s, 0.0, 0.0, hits=self.appear_frames, present=True, remembered=True)
            tr.poses.append(s)
            self.tracks[s.payload] = tr
            out.append(s.payload)
        return out

    def remembered(self) -> list[str]:
        """The fixed markers not seen now, kept where they were last seen."""
        return sorted(p for p, tr in self.tracks.items() if tr.remembered)

    def present(self) -> list[Sighting]:
        """Every tag on the table now, sorted by payload."""
        return [tr.sighting for p, tr in sorted(self.tracks.items()) if tr.present]

    def reproject(self, pose_of) -> None:
        """Recompute every track's pixel position after a recalibration;
        ``pose_of(sighting) -> (x_px, y_px)``."""
        for tr in self.tracks.values():
            s = tr.sighting
            tr.sighting = Sighting(s.payload, s.x_mm, s.y_mm, s.angle_deg, pose_of(s))
