"""Frames in, settled table snapshots out.

    >>> pipe = Pipeline(PipelineConfig(table_mm=(900, 600)))
    >>> for frame in source:                                  # doctest: +SKIP
    ...     update = pipe.process(frame)
    ...     if update.changed:
    ...         referee(update.snapshot)

Each frame goes down one line of stages, each one module, entered once, taking
the previous stage's output (``update.stages`` has the milliseconds of each):

1. **changes** (:mod:`.changes`): a small grey copy compared with the previous
   frame (motion) and with the reference picture (what the tracker's knowledge
   was decoded from) decides what to look at: the whole frame (``full``: until
   calibrated, when most of the picture changed, every ``full_every_s``), only
   the still regions that changed (``regions``), or nothing (``wait``: too much
   motion). A settled, unchanged table costs only the small copy;
2. **search** (:mod:`.search`): zxing-cpp with its own defaults over what is
   looked at (never less than a raw zxing-cpp decode), timed, and the cheap
   candidate filter for tag-like patches it missed, best first: on a full
   pass on the worker thread beside the decode, where stage 3 begins on its
   patches while the decode lasts (:meth:`.smalltags.Recovery.begin`);
3. **recover** (:mod:`.smalltags`): those patches, the tags the tracker expects
   where nothing read, and the patches left from earlier frames, decoded from
   upscaled crops, on ``workers`` threads, until the frame has cost
   ``frame_budget`` (1.5) whole-frame decodes, and within ``budget`` x the
   frame's pixels of crop pixels (``update.budget``); the rest waits for the
   next frames;
4. **calibrate** (:mod:`.calibration`): from the corner markers, again when
   they moved (``update.recalibrated``);
5. **place** (:mod:`.reading`): the grammar, positions on the table, duplicates;
6. **track** (:mod:`.tracker`): decoded tags are seen, tags in unchanged regions
   carried, a missing tag under something moving, or under a still patch of
   change at least ``hold_area_mm2`` big (a hand resting there), held; a
   missing tag whose spot a lamp's reflection burns out (:mod:`.glare`, on
   the change detector's small copy) held by glare, for as long as the
   reflection lasts, without keeping the table from settling
   (``update.glare``, ``Snapshot.glare``); when the tracker says the table
   is settled, a :class:`~models.table.Snapshot` (``update.changed`` tells
   when it differs from the previous one).

Beside the line, once a full pass is done, or a frame read codes finer than
the last lens was learned from, the camera's blur (:mod:`.lens`) is learned
from the codes the frame read on the shared worker thread (:mod:`.workers`);
the next frames' crops are restored with it (:meth:`Pipeline.join` waits for it).

:func:`scan_image` runs stages 2-5 on one still image; :func:`scan_photo` (``companion
scan``, ``companion score``) adds upscaled decodes and :mod:`.stills`' ladder.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import Future, wait
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from hardware.frames import Frame
from models.table import Sighting, Snapshot

from . import lens, smalltags, stills
from .calibration import CORNERS, Calibration, calibrate
from .changes import Box, ChangeDetector, Region
from .decoders import Decoder, Detection, ZxingDecoder, get_decoder, whole_frame
from .glare import Glare, find_glare
from .reading import Reading, build, merge
from .search import Candidate, Found, candidates, code_boxes, covered, framed_side_px, grey_of, search, tag_side_px
from .smalltags import Job, Recovered
from .tracker import Changes, Tracker
from .workers import beside

#: before a frame has measured its later stages (calibrate, place, track), they are
#: taken to cost this much of a whole-frame decode (a first frame of 64 tags: 1.5 ms
#: of a 24 ms decode at 4608x2592, 0.5 ms of a 5 ms one at 2304x1296)
LATER_GUESS = 0.1

#: what a frame leaves of its budget, as a fraction of a whole-frame decode, for
#: its own noise: the crops end within 0.2 ms of their deadline either way, and
#: the stages after them vary by half a millisecond from the last frame's; a
#: frame that aimed at the bound itself ended past it half the time (first
#: frames at 1.8 px/module: 1.47-1.58 decodes, 1.50 on average)
HEADROOM = 0.08

#: frames with fewer pixels run the candidate filter once the frame is done, not
#: beside its decode: handing it to the worker thread costs 0.1-0.2 ms (Python's
#: lock changing hands as the thread starts), a tenth of a 0.8 MP photo's decode
#: (BoofCV's "perspective": 1.5x raw became 1.7x); the camera's modes have 3 MP and up
BESIDE_MIN_PX = 1_000_000

#: turns a frame's patches get in the recover stage, while its budget lasts: the
#: ones that failed their first step go round again for the next
ROUNDS = len(smalltags.LADDER) + 1

#: the table's own markers that never move during a game
TABLE_FIXED_MARKERS = ("TC:SEAT:", "TC:ZONE:")


def fixed_marker_prefixes() -> tuple[str, ...]:
    """The seat and zone markers plus every registered game's fixed markers."""
    from models.registry import game_classes
    return TABLE_FIXED_MARKERS + tuple(p for cls in game_classes() for p in cls.fixed_markers)

STAGES = ("changes", "search", "recover", "calibrate", "place", "track")


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
    ``retry_frames``: on how many frames in all a tag-like patch that did not
    read is tried (on each after the first, a restored crop once the lens is
    learned, and the next step of the recovery ladder: each frame's noise is
    new, so a crop that failed may read on a later frame; under 4 px of
    camera shake at 2.5 px/module every tag within 8 frames instead of 61 of
    64, and retries come last, so they use only what a frame left);
    ``budget``: upscaled crop pixels the small-tag recovery may decode per
    frame, as a fraction of the frame's pixels (what does not fit waits for
    later frames); ``frame_budget``:
    a frame's bound, in whole-frame decodes: the recovery stops when the
    frame has taken ``frame_budget`` less :data:`HEADROOM` times what a
    whole-frame decode costs (the fastest of the last five full passes'
    decodes, this frame's included), and what is left waits for the next frames. A ratio of the decode measured
    on the same frame, so it holds on a Pi as on a laptop, and on a picture
    zxing-cpp gives up on quickly as on one it reads slowly (None: the pixel
    budget only);
    ``uncalibrated_full_every_s``: before the corners are found, a full pass
    at least this often, and on every frame where the picture moves (the frames
    between decode the patches the last full pass left);
    ``fixed_markers``: payload prefixes of the markers fixed to the table (seats,
    zones, and each game's :attr:`~models.engine.Game.fixed_markers`): remembered
    where they were last seen while something covers them (see the tracker);
    ``lens_every_s``: how often a full pass learns the camera's blur again from
    the codes it read (:mod:`.lens`; 0: never learn, the recovery ladder
    without a restoration filter);
    ``workers``: how many threads decode the small tags' crops side by side
    (:class:`.smalltags.Recovery`; 1: this thread alone, after the decode;
    the candidate filter still runs beside the decode);
    ``zxing_downscale``: unused, kept for old configs (the whole-frame
    decode is zxing-cpp with its own defaults, so that nothing a raw decode
    reads is lost)."""

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
    retry_frames: int = 10
    zxing_downscale: bool = True
    budget: float = 1.5
    frame_budget: float | None = 1.5
    uncalibrated_full_every_s: float = 0.5
    hold_still_s: float = 10.0
    change_width: int = 480
    change_threshold: int = 22
    lens_every_s: float = 10.0
    workers: int = 2
    fixed_markers: tuple[str, ...] = field(default_factory=lambda: fixed_marker_prefixes())


@dataclass
class Update:
    """What one frame changed (see the module doc).

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
    rejected: list[dict] = field(default_factory=list)
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


class _Clock:
    """Milliseconds per stage, in the order the stages ran."""

    def __init__(self) -> None:
        self.t0 = self.t = time.perf_counter()
        self.laps: dict[str, float] = {}

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.laps[stage] = round(self.laps.get(stage, 0.0) + (now - self.t) * 1000.0, 2)
        self.t = now

    @property
    def total_ms(self) -> float:
        return (time.perf_counter() - self.t0) * 1000.0


def _budget(rec: Recovered, found: Found) -> dict[str, int]:
    return {"px": rec.px, "used_px": rec.used_px, "candidates": len(found.candidates) + rec.candidates,
            "tried": rec.tried,
            "read": len(rec.detections), "deferred": sum(1 for j in rec.later if j.tries == 0)}


class Pipeline:
    """The vision pipeline: ``process(frame) -> Update`` (see the module doc)."""

    def __init__(self, config: PipelineConfig | None = None, decoder: Decoder | None = None):
        self.config = cfg = config or PipelineConfig()
        if decoder is None:
            decoder = get_decoder(cfg.decoder)
        self.decoder = decoder
        self.whole = whole_frame(decoder)          # zxing-cpp's defaults: never less than a raw decode
        fixed = tuple(cfg.fixed_markers)
        self.tracker = Tracker(cfg.appear_frames, cfg.vanish_s, cfg.settle_s, cfg.move_mm, cfg.turn_deg,
                               fixed=lambda payload: payload.startswith(fixed))
        self.changes = ChangeDetector(cfg.change_width, cfg.change_threshold)
        self.calibration: Calibration | None = None
        self.snapshot: Snapshot | None = None
        self.last_full_t: float | None = None
        self.later: list[Job] = []             # patches left for the next frames
        self._full_decodes: list[float] = []       # the last full passes' whole-frame decodes (ms)
        self._corners_seen: dict[str, Detection] = {}   # corner markers read before the calibration
        # the candidate filter beside the last full pass's decode: its jobs, and whether that frame took them
        self._filtering: Future[tuple[list[Job], bool]] | None = None
        self._filtered_codes: list[Detection] = []     # what that pass's decode read
        self.after_recover_ms: float | None = None   # the last frame's calibrate, place and track
        self.detections: dict[str, Detection] = {}   # latest detection of each tracked payload
        self.last: Update | None = None
        self.frames = 0
        self._held_still: dict[str, float] = {}     # payload -> since when a still patch covers it
        self.glare: dict[str, Glare] = {}            # the tags a reflection hides now (:mod:`.glare`)
        self._image: np.ndarray | None = None       # this frame's picture, while it is processed
        self._crop_read: set[str] = set()          # tags last read from a crop, not by the whole-frame decode
        self._checked_t: dict[str, float] = {}      # when a crop last looked for each tracked tag
        self._read_t: dict[str, float] = {}         # when each tracked tag was last read (not carried)
        self.lens: lens.Lens | None = None          # the camera's blur, learned from codes read (:mod:`.lens`)
        self._lens_t: float | None = None           # when it was last learned (tried)
        self._lens_pending: Future[lens.Lens | None] | None = None   # being learned, beside the frames
        self._lens_module: float | None = None      # the finest code (px per module) it was last learned from

    @property
    def full_decode_ms(self) -> float | None:
        """What a whole-frame decode costs (ms), the frame budget's unit: the
        fastest of the last five full passes' (noise only ever slows one)."""
        return min(self._full_decodes) if self._full_decodes else None

    def fixed_markers(self) -> list[Sighting]:
        """Where the fixed markers (seats, zones, bowl stickers) lie on the table
        now, seen or remembered: what :meth:`recall` takes after a restart."""
        return [s for s in self.tracker.present() if self.tracker.fixed(s.payload)]

    def recall(self, sightings: list[Sighting]) -> list[str]:
        """Remember fixed markers from an earlier run (see :meth:`Tracker.recall`)."""
        return self.tracker.recall(sightings)

    # ------------------------------------------------------------------ the loop

    def process(self, frame: Frame) -> Update:
        clock = _Clock()
        cfg = self.config
        img, t = frame.image, float(frame.t)
        h, w = img.shape[:2]
        self._image = img

        # 1. changes: what to look at
        ch = self.changes
        had_ref, had_prev = ch.ref is not None, ch.prev is not None
        small: np.ndarray | None = None
        if had_ref or had_prev:
            small = ch.prepare(img)
            motion, changed = ch.step(small)
        else:
            # a first frame: a full pass whatever it shows; its small copy is made
            # from the search's grey copy, once there is one (a third of the
            # bytes to shrink: 0.1 ms instead of 0.4 at 1024x768)
            motion = changed = ch.unknown(img.shape)
        moving = int(motion.sum()) >= 6 if had_ref else False
        cal = self.calibration
        side = tag_side_px(cal, [], (h, w), cfg.tag_mm) if cal else None
        grow = side[1] if side else 0.06 * min(h, w)
        regions = ch.regions(changed, motion, grow) if had_ref else []
        still = [r for r in regions if not r.moving]
        mode = "regions"
        if had_ref and motion.mean() > cfg.full_fraction:
            mode = "wait"
        elif cal is None and had_prev and motion.mean() < 0.01 and self.last_full_t is not None and \
                t - self.last_full_t < cfg.uncalibrated_full_every_s:
            mode = "regions"            # no corners yet, nothing moved: the patches left over get the frame
        elif cal is None or not had_ref or sum(_area(r.box) for r in still) > cfg.full_fraction * w * h or \
                not moving and (self.last_full_t is None or t - self.last_full_t >= cfg.full_every_s):
            mode = "full"
        scanned = still if mode == "regions" else []
        clock.lap("changes")

        # 2. search: the whole frame or the still changed regions; on the whole
        # frame, 3. recover begins beside its decode (the candidate filter and
        # the first crops on a worker thread), and goes on after it
        self._take_lens()
        # a region is small: its new patches get the whole ladder at once
        run = smalltags.Recovery(None, self.decoder, int(cfg.budget * w * h), {"new": smalltags.ALL} if scanned
                                 else None, cfg.retry_frames, self.lens, self._lens_pending, ROUNDS)
        with run:
            late = self._late_patches(mode, moving, clock)
            guessed = side is None          # the filter beside the decode guesses the tags' size
            if mode == "full":
                big = cfg.small_tags and w * h >= BESIDE_MIN_PX    # a small frame filters after it (below)
                found = search(img, self.whole, None, side, cfg.table_mm, cfg.tag_mm, big,
                               self._beside(run, side, (h, w)) if big else None)
                side = found.side_px
                grow = side[1] if side is not None else grow
                self.last_full_t = t
                self._full_decodes = (self._full_decodes + [found.decode_ms])[-5:]
                self._filtered_codes = found.detections
            elif scanned:
                found = search(img, self.whole, [r.box for r in scanned], side, cfg.table_mm, cfg.tag_mm,
                               cfg.small_tags)
            else:
                found = Found()
            clock.lap("search")
            if small is None:
                small = ch.prepare(found.grey if found.grey is not None else img)
                ch.step(small)
                clock.lap("changes")

            run.image = found.grey if found.grey is not None else img
            # the symbols' sides from what the decode read, when the filter beside it had to guess them
            run.knew(found.detections, found.side_px if mode == "full" and guessed else None)
            run.offer(self._jobs(mode, found, scanned, motion, grow) + late)
            run.out.candidates += len(late)
            rec = run.finish(self._time_left(clock), cfg.workers)
        self._take_lens()
        earlier, self.later = self.later, rec.later
        dets = merge(found.detections, rec.detections)
        by_search = {d.payload for d in found.detections}
        self._checked_t.update(dict.fromkeys(rec.checked, t))
        self._crop_read = (self._crop_read | {d.payload for d in rec.detections}) - by_search
        clock.lap("recover")

        # 4. calibrate: until the corners are found, those read on the earlier frames
        # of a still picture count too (the recover stage may read them a frame apart)
        tol = cfg.recalibrate_px or max(3.0, 0.003 * math.hypot(w, h))
        if cal is None:
            if motion.mean() > 0.01:
                self._corners_seen = {}
            self._corners_seen.update({d.payload: d for d in dets if d.payload in CORNERS})
            cal, recal = calibrate(None, merge(dets, list(self._corners_seen.values())), cfg.table_mm, tol)
        else:
            self._corners_seen = {}
            cal, recal = calibrate(cal, dets, cfg.table_mm, tol)
        self.calibration = cal
        clock.lap("calibrate")

        # 5. place
        reading = build(dets, cal, w, h)
        clock.lap("place")

        # 6. track and settle
        tchanges = self._track(t, reading, cal, recal, mode, scanned, regions, motion, moving, small, grow,
                               rec.checked, changed if had_ref else None)
        self._forget_gone()
        settled = cal is not None and self.tracker.settled(t)
        changed_flag = False
        if settled and cal is not None:
            snap = Snapshot(t, tuple(self.tracker.present()), True, cal.table_mm, tuple(self.tracker.glare()))
            if self.snapshot is None or self._differs(self.snapshot, snap):
                self.snapshot, changed_flag = snap, True
            elif snap.glare != self.snapshot.glare:
                self.snapshot = snap        # the same reading, other tags burnt out: not a change to referee
        clock.lap("track")

        self.frames += 1
        self.after_recover_ms = sum(clock.laps[k] for k in ("calibrate", "place", "track"))
        reading.stages, reading.budget = clock.laps, _budget(rec, found)
        reading.candidates = rec.failed
        up = Update(t, self.snapshot, settled, changed_flag, cal is not None, recal,
                    reading.sightings, reading.rejected, reading.duplicates,
                    clock.total_ms, self.tracker.present(), mode,
                    [r.box for r in scanned] if mode == "regions" else ([(0, 0, w, h)] if mode == "full" else []),
                    tchanges.appeared, tchanges.vanished, tchanges.moved, clock.laps, reading.budget,
                    [self.glare[p] for p in self.tracker.glare() if p in self.glare])
        self.last = up
        self._image = None          # not kept beyond its frame (a 4608x2592 frame is 36 MB)
        # the camera's blur is learned from the codes a full pass read (again
        # every lens_every_s: a lens refocused, a shake that stopped), on the
        # worker thread once the frame is done: the next frames' crops start restored
        if mode == "full" and cfg.small_tags and w * h < BESIDE_MIN_PX:
            self._filter_after(found, earlier)
        self._learn_lens(t, mode, run.image, dets)
        return up

    def _learn_lens(self, t: float, mode: str, image: np.ndarray, dets: list[Detection]) -> None:
        """Learn the camera's blur (:mod:`.lens`) on the worker thread once
        the frame is done, from the codes this frame read (the decode's and
        the crops'), so that the next frames' crops start restored: on a full
        pass every ``lens_every_s`` (a lens refocused, a shake that stopped)
        when it read codes about as fine as the last lens was learned from,
        and on any frame that read codes finer than those (:func:`.lens.finer`).
        A lens fits the smear as much as the pictures it learns from need:
        one learned from a table's big corner tags, all a blurred frame's
        decode may read, sharpens the small tags too little (under
        everything a camera varies at 2.5 px per module, it restored 1 of 37
        tags the crops had not read; one learned from the small tags the
        crops read, 11-22); so a full pass that read only coarser codes (the
        small tags gone, or not read this time) keeps the lens."""
        cfg = self.config
        if not (cfg.small_tags and cfg.lens_every_s > 0 and dets) or self._lens_pending is not None:
            return
        finest = lens.finest(dets)
        if finest is None:
            return
        last = self._lens_module
        due = mode == "full" and (self._lens_t is None or t - self._lens_t >= cfg.lens_every_s) and \
            (last is None or not lens.finer(last, finest))
        if due or lens.finer(finest, last):
            self._lens_module = finest if last is None else min(last, finest)   # no drift to coarser codes
            self._lens_pending, self._lens_t = beside(lens.learn, image, dets), t

    def _beside(self, run: smalltags.Recovery, side: tuple[float, float] | None, shape: tuple[int, int]
                ) -> Callable[[np.ndarray], object]:
        """What a full pass starts beside its decode, given the grey copy: the
        candidate filter (for the calibration's tag sides, or before there is
        one, the sides a table framed as the README says would give), whose
        patches become jobs decoded on that thread while this one decodes the
        frame. Patches over the codes tracked go last: the decode will likely
        read them. A filter that ends after the frame hands its patches to the
        next frames (:meth:`_late_patches`)."""
        cfg = self.config
        sides = side or framed_side_px(shape, cfg.table_mm, cfg.tag_mm)
        behind = [self.detections[p] for p in self.tracker.tracks if p in self.detections]

        def start(grey: np.ndarray) -> None:
            self._filtering = run.begin(grey, self._finder(grey, sides, self.later), behind, crops=cfg.workers > 1)
        return start

    @staticmethod
    def _finder(grey: np.ndarray, sides: tuple[float, float], later: list[Job]) -> Callable[[], list[Job]]:
        """The candidate filter over ``grey`` for symbols of ``sides`` px, its
        patches as jobs (:func:`_renew`: a patch of ``later`` found again keeps
        its place on the ladder)."""

        def find() -> list[Job]:
            return _renew(later, sorted(candidates(grey, sides), key=lambda c: -c.score), keep=lambda j: False)
        return find

    def _filter_after(self, found: Found, later: list[Job]) -> None:
        """A small frame's candidate filter, started once the frame is done
        (see :data:`BESIDE_MIN_PX`): the next frames take its patches."""
        if found.grey is not None and found.side_px is not None:
            find = self._finder(found.grey, found.side_px, later)
            self._filtering = beside(lambda: (find(), False))

    def _late_patches(self, mode: str, moving: bool, clock: _Clock) -> list[Job]:
        """The patches of a full pass's candidate filter that ended after its
        frame: this frame's, when nothing moves (a full pass replaces them).
        A filter still running is waited for within what is left of this
        frame's budget (all of it without a time budget), so that frames that
        come faster than the filter ends get its patches too."""
        f = self._filtering
        if f is None or mode == "full" or moving:
            return []
        left = self._time_left(clock)
        if self.config.frame_budget is None:
            wait([f])
        elif left is not None and left > 0:
            wait([f], left / 1000.0)
        if not f.done():
            return []
        self._filtering = None
        jobs, taken = f.result()
        if taken or not jobs:
            return []
        # not those over a code that frame's decode read (that code, or its label)
        over = covered(np.array([j.box for j in jobs], np.int64), code_boxes(self._filtered_codes))
        return [j for j, o in zip(jobs, over) if not o]

    def _time_left(self, clock: _Clock) -> float | None:
        """What is left of this frame's budget (ms) for the recover stage's
        work, less what the stages after it took last frame and the
        :data:`HEADROOM`; None: no time budget."""
        cfg = self.config
        if cfg.frame_budget is None or self.full_decode_ms is None:
            return None
        after = self.after_recover_ms if self.after_recover_ms is not None else LATER_GUESS * self.full_decode_ms
        return (cfg.frame_budget - HEADROOM) * self.full_decode_ms - clock.total_ms - after

    def join(self) -> None:
        """Wait for the work started between frames (the lens being learned,
        a candidate filter that outlasted its frame) to end: what a benchmark
        does before it times something else."""
        if self._lens_pending is not None:
            self._lens_pending.result()
        if self._filtering is not None:
            self._filtering.result()
        self._take_lens()

    def _take_lens(self) -> None:
        """Take up the lens being learned once it is (the one before stays when
        no code qualified); a new lens gives the patches left their full-size
        restored crop again (:data:`.smalltags.RESTORE_PLAIN`: with a lens
        learned from codes as fine as theirs it reads the most)."""
        if self._lens_pending is not None and self._lens_pending.done():
            new = self._lens_pending.result()
            if new is not None and new is not self.lens:
                self.later = [replace(j, plain=False) if j.plain else j for j in self.later]
            self.lens, self._lens_pending = new or self.lens, None

    def _jobs(self, mode: str, found: Found, scanned: list[Region], motion: np.ndarray, side_px: float
              ) -> list[Job]:
        """The recover stage's work: tracked tags not read where they lie (in
        what was looked at, nothing moving over them), this frame's new
        patches, and the patches left from earlier frames (a patch the search
        just found again keeps its place on the ladder; one in a region just
        searched, or anywhere after a full pass that ran the candidate filter,
        is replaced by what was found)."""
        read = {d.payload for d in found.detections}
        jobs: list[Job] = []
        ch = self.changes
        mh, mw = motion.shape
        motion_any = bool(cv2.countNonZero(motion))
        r = side_px * 0.6
        # the tags looked for longest ago first, so that a budget that fits a few
        # crops a frame gets round to every one of them
        tracks = sorted(self.tracker.tracks.items(), key=lambda kv: self._checked_t.get(kv[0], -math.inf))
        for p, tr in tracks:
            if p in read or len(jobs) >= 24:
                continue
            x, y = tr.sighting.px
            sx, sy = min(mw - 1, max(0, int(x * ch.scale))), min(mh - 1, max(0, int(y * ch.scale)))
            if motion_any and motion[max(0, sy - 2):sy + 3, max(0, sx - 2):sx + 3].any():
                continue
            if mode == "full" or any(_in(g.box, x, y) for g in scanned):
                # the size it was read at, when known, rather than the largest tag's
                d = self.detections.get(p)
                rr, module = (0.6 * d.side_px, d.side_px / 21.0) if d is not None else (r, None)
                jobs.append(Job((int(x - rr), int(y - rr), int(x + rr), int(y + rr)), "expected", payload=p,
                                module=module))
        if mode == "full":
            return jobs                # the patches come from the filter beside the decode (_beside)
        return jobs + _renew(self.later, found.candidates, lambda j: not any(_in(g.box, *j.centre) for g in scanned))

    def _track(self, t, reading: Reading, cal, recal, mode, scanned, regions, motion, moving, small, grow,
               checked: set[str], changed: np.ndarray | None) -> Changes:
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

    # ------------------------------------------------------------------ helpers

    def _glare(self, seen, mode: str, scanned: list[Region], small: np.ndarray | None, side: float
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
            if tr.glare or mode == "full" or any(_in(r.box, x, y) for r in scanned):
                d = self.detections.get(p)
                spots[p] = (x, y, d.side_px if d is not None else side)
        return find_glare(small, self.changes.scale, spots, image=self._image)

    def _classify(self, t, seen, dup, mode, scanned, regions, motion, cal, checked, changed):
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
        still_since = {}
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
            around = [r for r in regions if _in(r.small_box, sx, sy)]
            if any(r.moving for r in around) or \
                    motion_any and motion[max(0, sy - 2):sy + 3, max(0, sx - 2):sx + 3].any():
                held.append(p)
            elif p in self.glare and (tr.glare or mode == "full" or any(_in(r.small_box, sx, sy) for r in scanned)):
                glare.append(p)             # a reflection over it: kept where it was, not guessed at
            elif mode == "full" or any(_in(r.small_box, sx, sy) for r in scanned):
                if any(self._is_big(r, cal) for r in around):
                    since = still_since[p] = self._held_still.get(p, t)
                    if t - since < self.config.hold_still_s:
                        held.append(p)
                        continue
                if p not in self._crop_read:
                    missed.append(p)
                elif not changed_any or not changed[max(0, sy - 1):sy + 2, max(0, sx - 1):sx + 2].any():
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
        return _in(r.small_box, x * s, y * s)

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

    # ------------------------------------------------------------------ drawing

    def overlay(self, frame: Frame) -> np.ndarray:
        """The frame with the calibration, the tracked tags, this frame's
        rejected payloads and the decoded regions drawn over it (BGR)."""
        from .overlay import draw
        return draw(frame.image, self)


def _renew(later: list[Job], found: list[Candidate], keep: Callable[[Job], bool]) -> list[Job]:
    """The patches ``found`` now as jobs, and the earlier ones (``later``): a
    patch found again keeps its place on the ladder (when it was tried); an
    earlier patch not found again stays when ``keep`` says so (it lies outside
    what was searched), as ``waiting`` when it was never tried."""
    fresh = [Job(c.box, "new", c.score) for c in found]
    kept: list[Job] = []
    for old in later:
        cx, cy = old.centre
        same = next((i for i, j in enumerate(fresh) if _in(j.box, cx, cy)), None)
        if same is not None:
            if old.tries:
                fresh[same] = replace(old, box=fresh[same].box, kind="retry", score=fresh[same].score)
        elif keep(old):
            kept.append(old if old.tries or old.kind != "new" else replace(old, kind="waiting"))
    return kept + fresh


def _area(b: Box) -> int:
    return max(0, b[2] - b[0]) * max(0, b[3] - b[1])


def _in(b: Box, x: float, y: float) -> bool:
    return b[0] <= x < b[2] and b[1] <= y < b[3]


def _shift(b: Box, dx: int, dy: int) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)


def scan_image(image: np.ndarray, decoder: Decoder, table_mm: tuple[float, float] = (900.0, 600.0),
               calibration: Calibration | None = None, small_tags: bool = True,
               tag_mm: tuple[float, float] = (15.0, 45.0), budget: float = 1.5,
               frame_budget: float | None = None, workers: int = 2) -> Reading:
    """Read one still image (``companion scan``): stages 2-5 of a frame, every
    tag placed on the table when the four corner markers are in it (or with
    the ``calibration`` given). A still has no later frames: the patches get
    the recovery ladder's first steps, then the others while the budget lasts
    (``budget``: upscaled crop pixels as a fraction of the image's, the
    pipeline's default: a fifth of it left a blurred, tilted table's corner
    marker unread, 1.0 a quarter of the tags at 2.1 px per module; ``frame_budget``:
    also stop when the read has taken that many times the whole-image decode's
    time, as the pipeline does; none by default: a still is read once, as well
    as the pixel budget allows). The crops are restored first with the blur
    learned from the codes the whole-image decode read (:mod:`.lens`), on
    ``workers`` threads; when they read codes finer than those, the lens is
    learned again from them and each patch left gets its two restored crops
    again (:data:`.smalltags.RESTORE`, then :data:`.smalltags.RESTORE_PLAIN`),
    restored with it (with a pixel budget of its own)."""
    clock = _Clock()
    h, w = image.shape[:2]
    side = tag_side_px(calibration, [], (h, w), tag_mm) if calibration else None
    found = search(image, whole_frame(decoder), None, side, table_mm, tag_mm, small_tags)
    clock.lap("search")
    budget_px = int(budget * w * h)
    jobs = [Job(c.box, "new", c.score) for c in found.candidates]
    grey = found.grey if found.grey is not None else grey_of(image)
    learned = lens.learn(grey, found.detections) if small_tags and found.detections else None
    ms = None if frame_budget is None else frame_budget * found.decode_ms - clock.total_ms
    n_steps = len(smalltags.LADDER) + 2 * (learned is not None)      # RESTORE and RESTORE_PLAIN
    rec = smalltags.recover(grey, jobs, decoder, budget_px, retry_frames=n_steps, budget_ms=ms, lens=learned,
                            workers=workers, rounds=n_steps, known=found.detections)
    found_all = merge(found.detections, rec.detections)
    # the crops read codes finer than the lens was learned from (a blurred
    # picture's decode may read only its big corner tags): learned again from
    # them, the patches left get a crop restored with it (within the budgets again)
    finest = lens.finest(rec.detections) if small_tags and rec.later else None
    if finest is not None and lens.finer(finest, learned.module_px if learned is not None else None):
        learned = lens.learn(grey, found_all)
        ms = None if frame_budget is None else frame_budget * found.decode_ms - clock.total_ms
        if learned is not None and (ms is None or ms > 0):
            left = [replace(j, plain=False) for j in rec.later]        # both restored crops, with the new lens
            again = smalltags.recover(grey, left, decoder, budget_px, steps={"retry": 2}, budget_ms=ms,
                                      lens=learned, workers=workers, known=found_all)
            found_all = merge(found_all, again.detections)
            rec.detections += again.detections
            rec.later, rec.tried = again.later, rec.tried + again.tried
            rec.px, rec.used_px = rec.px + again.px, rec.used_px + again.used_px
    clock.lap("recover")
    cal, _ = calibrate(calibration, found_all, table_mm, float("inf"))
    clock.lap("calibrate")
    r = build(found_all, cal, w, h)
    clock.lap("place")
    r.candidates = rec.failed
    r.stages, r.budget = clock.laps, _budget(rec, found)
    r.decode_ms = clock.total_ms
    return r


#: the most pixels an upscaled copy of a photo may have (a 12 MP photo gets 1.5x, 27 MP)
PHOTO_UPSCALED_MAX_PX = 32_000_000


def scan_photo(image: np.ndarray, decoder: Decoder, table_mm: tuple[float, float] = (900.0, 600.0),
               harder: bool = True) -> Reading:
    """Read one photo (``companion score``, ``companion scan``): :func:`scan_image`, then
    the whole image decoded again upscaled (1.5x and 2x, as far as
    :data:`PHOTO_UPSCALED_MAX_PX` allows), then, with ``harder`` and zxing-cpp,
    :mod:`.stills`' ladder of other binarizations and scales while a tag-like
    patch is left unread (or nothing was read), everything found merged. A photo has
    no later frames to find a small tag in, and is read once, not 15 times a
    second: a phone photo downscaled to 2560 px (2.1 px per module at its far
    edge) lost 4 of 109 tags to the still pass and none with the 1.5x one."""
    clock = _Clock()
    r = scan_image(image, decoder, table_mm=table_mm)
    clock.lap("still")
    grey = grey_of(image)
    h, w = grey.shape[:2]
    extra: list[Detection] = []
    for scale in (1.5, 2.0):
        if w * h * scale * scale > PHOTO_UPSCALED_MAX_PX:
            break
        up = cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        extra = merge(extra, [d.shifted(0.0, 0.0, scale) for d in decoder.decode(up)])
        del up
    clock.lap("upscaled")
    found = merge(r.detections, extra)
    if harder and isinstance(decoder, ZxingDecoder):
        found += stills.read_harder(grey, known=found, unread=r.candidates)
        clock.lap("harder")
    cal, _ = calibrate(None, found, table_mm, float("inf"))
    out = build(found, cal, w, h)
    seen = {x["payload"] for x in out.rejected}
    out.rejected += [x for x in r.rejected if x["payload"] not in seen]
    clock.lap("place")
    out.candidates, out.budget = r.candidates, r.budget
    # the stages in the order they ran: the still pass's, the upscaled decodes, the ladder, placing
    out.stages = {**{k: v for k, v in r.stages.items() if k != "place"},
                  **{k: v for k, v in clock.laps.items() if k != "still"}}
    out.stages["place"] = round(out.stages["place"] + r.stages.get("place", 0.0), 2)
    out.decode_ms = clock.total_ms
    return out
