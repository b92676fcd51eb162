"""Frames in, settled table snapshots out.

    >>> pipe = Pipeline(PipelineConfig(table_mm=(900, 600)))
    >>> for frame in source:                                  # doctest: +SKIP
    ...     update = pipe.process(frame)
    ...     if update.changed:
    ...         referee(update.snapshot)

Each frame:

1. a small grey copy is compared with the previous frame (motion) and with the
   reference picture (what the tracker's knowledge was decoded from)
   (:mod:`.changes`);
2. decoding: a **full pass** (whole frame, then the small-tag recovery) until
   the table is calibrated, when most of the picture changed (the camera was
   bumped), and every ``full_every_s``; otherwise only the **regions** that
   changed and are still now, plus a few retries of tag-like patches that did
   not read yet. A settled, unchanged table costs only the small copy;
3. calibration from the corner markers, re-calibrated when they moved
   (``update.recalibrated``) (:mod:`.calibration`);
4. tracking: decoded tags are seen, tags in unchanged regions are carried, a
   missing tag under something moving, or under a still patch of change at least
   ``hold_area_mm2`` big (a hand resting there), is held (:mod:`.tracker`);
5. when the tracker says the table is settled, a :class:`~models.table.Snapshot`;
   ``update.changed`` tells when it differs from the previous one.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from hardware.frames import Frame
from models.table import Sighting, Snapshot

from . import smalltags
from .calibration import Calibration
from .changes import Box, ChangeDetector, Region
from .decoders import Decoder, Detection, ZxingDecoder, get_decoder
from .reading import build, detect, grey_of, merge, tag_side_px
from .tracker import Changes, Tracker


@dataclass
class PipelineConfig:
    """How the pipeline reads the table.

    ``table_mm``: the corner markers' rectangle; ``decoder``: ``zxing`` or
    ``zbar``; ``appear_frames``, ``vanish_s``, ``settle_s``, ``move_mm``,
    ``turn_deg``: the tracker's rules; ``tag_mm``: the smallest and largest
    printed symbol to expect; ``full_every_s``: a full pass at least this often
    (0: every frame); ``hold_area_mm2``: a still change this big over a missing
    tag is a hand, and the tag is held (for at most ``hold_still_s`` while that
    patch is still: then it is something laid over the tag); ``recalibrate_px``: how far the corners
    must move to recalibrate (None: 0.3 % of the frame's diagonal, at least 3 px);
    ``retry_frames``: how many later frames retry a tag-like patch that did not
    read (each with another step of the recovery ladder); ``zxing_downscale``:
    let zxing also scan a half-size copy (off: ~35 % faster on 12 MP frames, and
    the small-tag recovery reads what it would have found)."""

    table_mm: tuple[float, float] = (900.0, 600.0)
    decoder: str = "zxing"
    appear_frames: int = 2
    vanish_s: float = 1.5
    settle_s: float = 0.6
    move_mm: float = 4.0
    turn_deg: float = 12.0
    small_tags: bool = True
    tag_mm: tuple[float, float] = (15.0, 45.0)
    full_every_s: float = 5.0
    hold_area_mm2: float = 9000.0
    full_fraction: float = 0.4
    recalibrate_px: float | None = None
    retry_frames: int = 5
    zxing_downscale: bool = False
    hold_still_s: float = 10.0
    change_width: int = 480
    change_threshold: int = 22


@dataclass
class Update:
    """What one frame changed (see the module doc).

    ``snapshot``: the latest settled table (None before the first settle);
    ``sightings``: tags decoded in this frame (on a settled table, only in the
    regions that changed); ``present``: every tag the tracker holds now, settled
    or not; ``rejected``: payloads breaking the grammar; ``duplicates``: payloads
    seen twice at once; ``decode_ms``: this frame's processing time."""

    t: float
    snapshot: Snapshot | None
    settled: bool
    changed: bool
    calibrated: bool
    recalibrated: bool
    sightings: list[Sighting] = field(default_factory=list)
    rejected: list[dict] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    decode_ms: float = 0.0
    present: list[Sighting] = field(default_factory=list)
    mode: str = "regions"            # full | regions | wait (too much motion to decode)
    regions: list[Box] = field(default_factory=list)
    appeared: list[str] = field(default_factory=list)
    vanished: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)


class Pipeline:
    """The vision pipeline: ``process(frame) -> Update`` (see the module doc)."""

    def __init__(self, config: PipelineConfig | None = None, decoder: Decoder | None = None):
        self.config = cfg = config or PipelineConfig()
        if decoder is None:
            decoder = get_decoder(cfg.decoder)
            if isinstance(decoder, ZxingDecoder):
                decoder.try_downscale = cfg.zxing_downscale
        self.decoder = decoder
        self.tracker = Tracker(cfg.appear_frames, cfg.vanish_s, cfg.settle_s, cfg.move_mm, cfg.turn_deg)
        self.changes = ChangeDetector(cfg.change_width, cfg.change_threshold)
        self.calibration: Calibration | None = None
        self.snapshot: Snapshot | None = None
        self.last_full_t: float | None = None
        self.retries: list[list] = []          # [Candidate, tries]
        self.detections: dict[str, Detection] = {}   # latest detection of each tracked payload
        self.last: Update | None = None
        self.frames = 0
        self._held_still: dict[str, float] = {}     # payload -> since when a still patch covers it

    # ------------------------------------------------------------------ the loop

    def process(self, frame: Frame) -> Update:
        t0 = time.perf_counter()
        cfg = self.config
        img, t = frame.image, float(frame.t)
        h, w = img.shape[:2]
        ch = self.changes
        small = ch.prepare(img)
        had_ref = ch.ref is not None
        motion, changed = ch.step(small)
        moving = int(motion.sum()) >= 6 if had_ref else False
        cal = self.calibration
        side = tag_side_px(cal, [], (h, w), cfg.tag_mm) if cal else None
        grow = side[1] if side else 0.06 * min(h, w)
        regions = ch.regions(changed, motion, grow) if had_ref else []
        still = [r for r in regions if not r.moving]

        mode = "regions"
        if had_ref and motion.mean() > cfg.full_fraction:
            mode = "wait"
        elif cal is None or not had_ref:
            mode = "full"
        elif sum(_area(r.box) for r in still) > cfg.full_fraction * w * h:
            mode = "full"
        elif not moving and (self.last_full_t is None or t - self.last_full_t >= cfg.full_every_s):
            mode = "full"

        dets: list[Detection] = []
        failed: list[smalltags.Candidate] = []
        scanned: list[Region] = []
        grey = None
        if mode == "full":
            grey = grey_of(img)
            if side is None:
                # not calibrated yet: decode first, and judge the tag sizes from
                # the corners if they are in this frame, else from the codes read
                dets = self.decoder.decode(grey)
                probe = Calibration.find(dets, cfg.table_mm)
                side = tag_side_px(probe, dets, (h, w), cfg.tag_mm)
                grow = side[1]
                if cfg.small_tags:
                    cands = smalltags.candidates(grey, side, dets)
                    more, failed = smalltags.recover(grey, cands, self.decoder, smalltags.FIRST_STEPS)
                    dets = merge(dets, more)
            else:
                dets, failed = detect(grey, self.decoder, side, cfg.small_tags)
            self.last_full_t = t
            self.retries = []
        elif mode == "regions" and still:
            for r in still:
                x0, y0, x1, y1 = r.box
                crop = grey_of(img[y0:y1, x0:x1])
                # a region is small: the whole recovery ladder is affordable
                found, bad = detect(crop, self.decoder, side, cfg.small_tags, steps=None)
                dets = merge(dets, [d.shifted(x0, y0) for d in found])
                failed += [smalltags.Candidate(_shift(c.box, x0, y0)) for c in bad]
                scanned.append(r)
        if mode != "full":
            dets = merge(dets, self._retry(img, scanned))
        self._add_retries(failed)

        recal = False
        if cal is None:
            cal = Calibration.find(dets, cfg.table_mm)
        else:
            tol = cfg.recalibrate_px or max(3.0, 0.003 * math.hypot(w, h))
            new = cal.updated(dets, tol)
            if new is not None:
                cal, recal = new, True
        self.calibration = cal
        reading = build(dets, cal, w, h)

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
            carried, held, missed = self._classify(t, seen, dup, mode, scanned, regions, motion, cal)
            missed = self._reread(img, missed, seen, reading, cal, grow)
            tchanges = self.tracker.update(t, seen, carried, held, motion=moving)
            if len(self.detections) > len(self.tracker.tracks):
                self.detections = {p: d for p, d in self.detections.items() if p in self.tracker.tracks}
            # keep unexplained spots out of the reference: they are decoded again
            half = grow * 0.75
            for p in missed:
                x, y = self.tracker.tracks[p].sighting.px if p in self.tracker.tracks else (0, 0)
                keep.append(ch.to_small((int(x - half), int(y - half), int(x + half), int(y + half))))
            for r in regions:
                if r.moving or (self._is_big(r, cal) and any(self._inside(p, r) for p in held)):
                    keep.append(r.small_box)
        if mode == "full" and cal is not None:
            ch.accept(small, None, keep)
        elif mode == "regions" and scanned:
            ch.accept(small, [r.small_box for r in scanned], keep)

        settled = cal is not None and self.tracker.settled(t)
        changed_flag = False
        if settled:
            snap = Snapshot(t, tuple(self.tracker.present()), True, cal.table_mm)
            if self.snapshot is None or self._differs(self.snapshot, snap):
                self.snapshot, changed_flag = snap, True
        self.frames += 1
        up = Update(t, self.snapshot, settled, changed_flag, cal is not None, recal,
                    reading.sightings, reading.rejected, reading.duplicates,
                    (time.perf_counter() - t0) * 1000.0, self.tracker.present(), mode,
                    [r.box for r in scanned] if mode == "regions" else ([(0, 0, w, h)] if mode == "full" else []),
                    tchanges.appeared, tchanges.vanished, tchanges.moved)
        self._reading = reading
        self.last = up
        return up

    # ------------------------------------------------------------------ helpers

    def _classify(self, t, seen, dup, mode, scanned, regions, motion, cal):
        """Split the tracks not seen into carried, held and missed. A tag under
        a still, hand-sized change is held for at most ``hold_still_s`` (a hand
        does not rest that long; a board laid over a token does)."""
        carried, held, missed = [], [], []
        still_since = {}
        ch = self.changes
        mh, mw = motion.shape
        for p, tr in self.tracker.tracks.items():
            if p in seen:
                continue
            if p in dup:
                carried.append(p)
                continue
            x, y = tr.sighting.px
            sx, sy = min(mw - 1, max(0, int(x * ch.scale))), min(mh - 1, max(0, int(y * ch.scale)))
            around = [r for r in regions if _in(r.small_box, sx, sy)]
            if any(r.moving for r in around) or motion[max(0, sy - 2):sy + 3, max(0, sx - 2):sx + 3].any():
                held.append(p)
            elif mode == "full" or any(_in(r.small_box, sx, sy) for r in scanned):
                if any(self._is_big(r, cal) for r in around):
                    since = still_since[p] = self._held_still.get(p, t)
                    (held if t - since < self.config.hold_still_s else missed).append(p)
                else:
                    missed.append(p)
            elif mode == "wait" and around:
                held.append(p)
            else:
                carried.append(p)
        self._held_still = still_since
        return carried, held, missed

    def _reread(self, img, missed, seen, reading, cal, side_px, limit: int = 24):
        """Before calling a tag missing, look hard where it was: the whole
        recovery ladder on a crop around its last position. Tags found are
        added to ``seen`` (and the frame's reading); returns the still missing."""
        still = []
        h, w = img.shape[:2]
        for i, p in enumerate(missed):
            tr = self.tracker.tracks.get(p)
            if tr is None or i >= limit:
                still.append(p)
                continue
            x, y = tr.sighting.px
            r = side_px * 0.6
            X0, Y0, X1, Y1 = max(0, int(x - 2 * r)), max(0, int(y - 2 * r)), min(w, int(x + 2 * r)), min(h, int(y + 2 * r))
            crop = grey_of(img[Y0:Y1, X0:X1])
            box = (int(x - r) - X0, int(y - r) - Y0, int(x + r) - X0, int(y + r) - Y0)
            got = [d.shifted(X0, Y0) for d in smalltags.decode_crop(crop, box, self.decoder) if d.payload == p]
            if not got:
                still.append(p)
                continue
            d = got[0]
            extra = build([d], cal, w, h)
            if extra.sightings:
                seen[p] = extra.sightings[0]
                reading.sightings.append(extra.sightings[0])
                reading.detections.append(d)
                self.detections[p] = d
        return still

    def _inside(self, payload: str, r: Region) -> bool:
        tr = self.tracker.tracks.get(payload)
        if tr is None:
            return False
        x, y = tr.sighting.px
        s = self.changes.scale
        return _in(r.small_box, x * s, y * s)

    def _is_big(self, r: Region, cal: Calibration) -> bool:
        x0, y0, x1, y1 = r.box
        ppm = cal.px_per_mm(((x0 + x1) / 2, (y0 + y1) / 2))
        mm2 = r.area / (self.changes.scale ** 2) / (ppm ** 2)
        return mm2 >= self.config.hold_area_mm2

    def _add_retries(self, failed: list[smalltags.Candidate]) -> None:
        for c in failed:
            cx, cy = c.centre
            if not any(_in(o[0].box, cx, cy) for o in self.retries):
                self.retries.append([c, 0])

    def _retry(self, img: np.ndarray, scanned: list[Region]) -> list[Detection]:
        """Try the tag-like patches that did not read again (new frame, new noise)."""
        out: list[Detection] = []
        keep = []
        for entry in self.retries:
            c, n = entry
            cx, cy = c.centre
            if any(_in(r.box, cx, cy) for r in scanned):
                continue                      # its region was just decoded
            x0, y0, x1, y1 = c.box
            m = max(x1 - x0, y1 - y0)
            X0, Y0 = max(0, x0 - m), max(0, y0 - m)
            crop = grey_of(img[Y0:y1 + m, X0:x1 + m])
            # each later frame tries the next step of the recovery ladder
            step = (len(smalltags.FIRST_STEPS) + n) % len(smalltags.LADDER)
            got = smalltags.decode_crop(crop, (x0 - X0, y0 - Y0, x1 - X0, y1 - Y0), self.decoder, steps=(step,))
            if got:
                out += [d.shifted(X0, Y0) for d in got]
            elif n + 1 < self.config.retry_frames:
                keep.append([c, n + 1])
        self.retries = keep
        return out

    def _differs(self, a: Snapshot, b: Snapshot) -> bool:
        if {s.payload for s in a} != {s.payload for s in b}:
            return True
        for s in b:
            o = a.find(s.payload)
            turn = abs(((o.angle_deg - s.angle_deg + 180.0) % 360.0) - 180.0)
            if o.distance_to(s.x_mm, s.y_mm) > self.config.move_mm or turn > self.config.turn_deg:
                return True
        return False

    # ------------------------------------------------------------------ drawing

    def overlay(self, frame: Frame) -> np.ndarray:
        """The frame with the calibration, the tracked tags, this frame's
        rejected payloads and the decoded regions drawn over it (BGR)."""
        from .overlay import draw
        return draw(frame.image, self)


def _area(b: Box) -> int:
    return max(0, b[2] - b[0]) * max(0, b[3] - b[1])


def _in(b: Box, x: float, y: float) -> bool:
    return b[0] <= x < b[2] and b[1] <= y < b[3]


def _shift(b: Box, dx: int, dy: int) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
