"""Which tags the pipeline holds between frames: stage 6 (track) of
:class:`.pipeline.Pipeline`. Decoded tags are seen; tags in unchanged regions
carried; a missing tag under something moving, or under a still, hand-sized
patch of change, held; one whose spot a lamp's reflection burns out held by
glare (:mod:`.glare`); one another tag was read over since, missed (a card
swapped on the same spot). The tracker (:mod:`.tracker`) takes that evidence;
the change detector's reference is updated where the picture is explained."""
from __future__ import annotations

import math

import cv2
import numpy as np

from models.table import Sighting, Snapshot

from .calibration import Calibration
from .changes import Box, Region, in_box
from .glare import Glare, find_glare
from .pipeline_state import PipelineState
from .reading import Reading
from .tracker import Changes


class TagHolding(PipelineState):
    """The tracker's side of the pipeline: what each frame tells it, and the
    fixed markers it remembers across restarts."""

    def fixed_markers(self) -> list[Sighting]:
        """Where the fixed markers (seats, zones, bowl stickers) lie on the table
        now, seen or remembered: what :meth:`recall` takes after a restart."""
        return [s for s in self.tracker.present() if self.tracker.fixed(s.payload)]

    def recall(self, sightings: list[Sighting]) -> list[str]:
        """Remember fixed markers from an earlier run (see :meth:`Tracker.recall`)."""
        return self.tracker.recall(sightings)

    def _track(self, t: float, reading: Reading, cal: Calibration | None, recal: bool, mode: str,
               scanned: list[Region], regions: list[Region], motion: np.ndarray, moving: bool, small: np.ndarray,
               grow: float, checked: set[str], changed: np.ndarray | None) -> Changes:
        """Stage 6: the tracker's evidence from this frame, and the change
        detector's reference updated where the picture is explained."""
        ch = self.changes
        tchanges = Changes()
        keep: list[Box] = []
        if cal is not None:
            if recal:
                self.tracker.reproject(lambda s: tuple(round(v, 1) for v in cal.to_px([(s.x_mm, s.y_mm)])[0]))
            dup = set(reading.duplicates)
            seen = {s.payload: s for s in reading.sightings if s.payload not in dup}
            for d in reading.detections:
                if d.payload not in dup:
                    self.detections[d.payload] = d
            self._read_t.update(dict.fromkeys(seen, t))
            self.glare = self._glare(seen, mode, scanned, small, grow)
            carried, held, missed, recheck, glare = self._classify(t, seen, dup, mode, scanned, regions, motion,
                                                                   cal, checked, changed)
            tchanges = self.tracker.update(t, seen, carried, held, motion=moving, pending=recheck, glare=glare)
            # keep unexplained spots out of the reference: they are decoded again
            half = grow * 0.75
            for p in missed + recheck:
                x, y = self.tracker.tracks[p].sighting.px if p in self.tracker.tracks else (0, 0)
                keep.append(ch.to_small((int(x - half), int(y - half), int(x + half), int(y + half))))
            for r in regions:
                if r.moving or (self._is_big(r, cal) and any(self._inside(p, r) for p in held)):
                    keep.append(r.small_box)
        if mode == "full" and cal is not None:
            ch.accept(small, None, keep)
        elif mode == "regions" and scanned:
            ch.accept(small, [r.small_box for r in scanned], keep)
        return tchanges

    def _glare(self, seen: dict[str, Sighting], mode: str, scanned: list[Region], small: np.ndarray | None, side: float
               ) -> dict[str, Glare]:
        """The present tags not read this frame whose spot a reflection burns
        out (:func:`.glare.find_glare` on the small copy): those held by glare
        already, and those whose spot was looked at (a full pass, or a region
        searched); a fixed marker is remembered anyway, not held."""
        if small is None:
            return {}
        spots: dict[str, tuple[float, float, float]] = {}
        for p, tr in self.tracker.tracks.items():
            if p in seen or not tr.present or self.tracker.fixed(p):
                continue
            x, y = tr.sighting.px
            if tr.glare or mode == "full" or any(in_box(r.box, x, y) for r in scanned):
                d = self.detections.get(p)
                spots[p] = (x, y, d.side_px if d is not None else side)
        return find_glare(small, self.changes.scale, spots, image=self._image)

    def _classify(self, t: float, seen: dict[str, Sighting], dup: set[str], mode: str, scanned: list[Region],
                  regions: list[Region], motion: np.ndarray, cal: Calibration, checked: set[str],
                  changed: np.ndarray | None) -> tuple[list[str], list[str], list[str], list[str], list[str]]:
        """Split the tracks not seen into carried, held, missed, to recheck
        (pending: neither seen nor missed) and held by glare (``self.glare``
        found a reflection over them: their spot was looked at and not read,
        or they were held by glare already; one under something moving is a
        hand's, held; one swapped for another is missed). A tag under a still, hand-sized
        change is held for at most ``hold_still_s`` (a hand does not rest that
        long; a board laid over a token does). A tag the whole-frame decode
        read is missed when a decode that covered it did not read it. A small
        tag that only a crop reads is missed only when its own spot differs
        from the reference (``changed``; None: no reference yet, the picture
        has been still since it was read) and its crop was decoded
        (``checked``) and did not read; when the budget left no crop for it,
        it is pending and rechecked on the next frames; while its spot is as
        it was when it was read, it is carried whatever a crop says (a
        marginal tag does not vanish because one crop failed or the frame ran
        out of time). Any tag is missed when another was read where it lies
        since (a card swapped on the same spot)."""
        carried: list[str] = []
        held: list[str] = []
        missed: list[str] = []
        recheck: list[str] = []
        glare: list[str] = []
        still_since: dict[str, float] = {}
        ch = self.changes
        mh, mw = motion.shape
        taken = self._taken()
        # most frames nothing moves or changed: no tag's spot needs looking at
        motion_any = bool(cv2.countNonZero(motion))
        changed_any = changed is not None and bool(cv2.countNonZero(changed))
        for p, tr in self.tracker.tracks.items():
            if p in seen:
                continue
            if p in dup:
                carried.append(p)
                continue
            x, y = tr.sighting.px
            if p in taken:
                missed.append(p)            # another tag, read since, lies where it lay: swapped
                continue
            sx, sy = min(mw - 1, max(0, int(x * ch.scale))), min(mh - 1, max(0, int(y * ch.scale)))
            around = [r for r in regions if in_box(r.small_box, sx, sy)]
            if any(r.moving for r in around) or \
                    motion_any and motion[max(0, sy - 2):sy + 3, max(0, sx - 2):sx + 3].any():
                held.append(p)
            elif p in self.glare and (tr.glare or mode == "full" or any(in_box(r.small_box, sx, sy) for r in scanned)):
                glare.append(p)             # a reflection over it: kept where it was, not guessed at
            elif mode == "full" or any(in_box(r.small_box, sx, sy) for r in scanned):
                if any(self._is_big(r, cal) for r in around):
                    since = still_since[p] = self._held_still.get(p, t)
                    if t - since < self.config.hold_still_s:
                        held.append(p)
                        continue
                if p not in self._crop_read:
                    missed.append(p)
                elif not changed_any or changed is None or \
                        not changed[max(0, sy - 1):sy + 2, max(0, sx - 1):sx + 2].any():
                    carried.append(p)
                else:
                    (missed if p in checked else recheck).append(p)
            elif mode == "wait" and around:
                held.append(p)
            else:
                carried.append(p)
        self._held_still = still_since
        return carried, held, missed, recheck, glare

    def _forget_gone(self) -> None:
        """Drop what is kept per tag (its detection, when a crop last looked for
        it and read it, whether a crop read it) for tags the tracker dropped."""
        tracks = self.tracker.tracks
        for kept in (self.detections, self._checked_t, self._read_t):
            for p in [p for p in kept if p not in tracks]:
                del kept[p]
        self._crop_read &= tracks.keys()

    def _taken(self) -> set[str]:
        """The tracked tags on whose spot (within half their side) another tag
        was read since they last were: a card swapped for another on the same
        spot, which the change detector's small copy may not tell apart."""
        names = [p for p in self.tracker.tracks if p in self.detections]
        if len(names) < 2:
            return set()
        pos = np.array([self.tracker.tracks[p].sighting.px for p in names], float)
        side = np.array([self.detections[p].side_px for p in names])
        read = np.array([self._read_t.get(p, -math.inf) for p in names])
        near = ((pos[:, None, :] - pos[None, :, :]) ** 2).sum(axis=2) < (0.5 * side[:, None]) ** 2
        return {names[i] for i in np.flatnonzero((near & (read[None, :] > read[:, None])).any(axis=1))}

    def _inside(self, payload: str, r: Region) -> bool:
        tr = self.tracker.tracks.get(payload)
        if tr is None:
            return False
        x, y = tr.sighting.px
        s = self.changes.scale
        return in_box(r.small_box, x * s, y * s)

    def _is_big(self, r: Region, cal: Calibration) -> bool:
        x0, y0, x1, y1 = r.box
        ppm = cal.px_per_mm(((x0 + x1) / 2, (y0 + y1) / 2))
        mm2 = r.area / (self.changes.scale ** 2) / (ppm ** 2)
        return mm2 >= self.config.hold_area_mm2

    def _differs(self, a: Snapshot, b: Snapshot) -> bool:
        if {s.payload for s in a} != {s.payload for s in b}:
            return True
        for s in b:
            o = a.find(s.payload)
            if o is None:
                return True
            turn = abs(((o.angle_deg - s.angle_deg + 180.0) % 360.0) - 180.0)
            if o.distance_to(s.x_mm, s.y_mm) > self.config.move_mm or turn > self.config.turn_deg:
                return True
        return False
