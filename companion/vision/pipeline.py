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
   patches while the decode lasts (:meth:`.recovery.Recovery.begin`);
3. **recover** (:mod:`.recovery`, :mod:`.crop_ladder`, :mod:`.later_patches`): those
   patches, the tags the tracker expects where nothing read, and the patches
   left from earlier frames, decoded from upscaled crops, on ``workers``
   threads, until the frame has cost ``frame_budget`` (1.5) whole-frame decodes (a camera's frames: frames
   that wait to be read have no time budget), and within ``budget`` x the
   frame's pixels of crop pixels (``update.budget``); the rest waits for the
   next frames;
4. **calibrate** (:mod:`.calibration`): from the corner markers, again when
   they moved (``update.recalibrated``);
5. **place** (:mod:`.reading`): the grammar, positions on the table, duplicates;
6. **track** (:mod:`.tag_holding`, :mod:`.tracker`): decoded tags are seen, tags in unchanged regions
   carried, a missing tag under something moving, or under a still patch of
   change at least ``hold_area_mm2`` big (a hand resting there), held; a
   missing tag whose spot a lamp's reflection burns out (:mod:`.glare`, on
   the change detector's small copy) held by glare, for as long as the
   reflection lasts, without keeping the table from settling
   (``update.glare``, ``Snapshot.glare``); when the tracker says the table
   is settled, a :class:`~models.table.Snapshot` (``update.changed`` tells
   when it differs from the previous one).

Beside the line, once a full pass is done, or a frame read codes finer than
the last lens was learned from, the camera's blur (:mod:`.lens`) is learned (:mod:`.lens_learning`)
from the codes the frame read on the shared worker thread (:mod:`.workers`);
the next frames' crops are restored with it (:meth:`Pipeline.join` waits for it).

:func:`scan_image` runs stages 2-5 on one still image; :func:`scan_photo` (``companion
scan``, ``companion score``) adds upscaled decodes and :mod:`.stills`' ladder
(both in :mod:`.still_scan`).

This module runs the line (:meth:`Pipeline.process`); the pipeline's other
parts each have a module: :mod:`.pipeline_config` (:class:`PipelineConfig`),
:mod:`.frame_report` (:class:`Update`, :data:`STAGES`, the stages' clock),
:mod:`.pipeline_state` (what is kept between frames, a frame's time budget),
:mod:`.tag_holding` (stage 6), :mod:`.later_patches` (the patches spread over
later frames, the candidate filter beside the decode), :mod:`.lens_learning`.
"""
from __future__ import annotations

import math

import numpy as np

from hardware.frames import Frame
from models.table import Snapshot

from . import crop_ladder, recovery
from .calibration import CORNERS, calibrate
from .changes import box_area
from .decoders import merge
from .frame_report import STAGES, Clock, Update, recovery_budget
from .later_patches import BESIDE_MIN_PX, LaterPatches
from .lens_learning import LensLearning
from .pipeline_config import TABLE_FIXED_MARKERS, PipelineConfig, fixed_marker_prefixes
from .pipeline_state import HEADROOM, LATER_GUESS
from .reading import build
from .search import Found, search, tag_side_px
from .still_scan import PHOTO_UPSCALED_MAX_PX, scan_image, scan_photo
from .tag_holding import TagHolding

__all__ = ["BESIDE_MIN_PX", "HEADROOM", "LATER_GUESS", "PHOTO_UPSCALED_MAX_PX", "ROUNDS", "STAGES",
           "TABLE_FIXED_MARKERS", "Pipeline", "PipelineConfig", "Update", "fixed_marker_prefixes", "scan_image",
           "scan_photo"]

#: turns a frame's patches get in the recover stage, while its budget lasts: the
#: ones that failed their first step go round again for the next
ROUNDS = len(crop_ladder.LADDER) + 1


class Pipeline(TagHolding, LaterPatches, LensLearning):
    """The vision pipeline: ``process(frame) -> Update`` (see the module doc)."""

    # ------------------------------------------------------------------ the loop

    def process(self, frame: Frame) -> Update:
        clock = Clock()
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
        elif cal is None or not had_ref or sum(box_area(r.box) for r in still) > cfg.full_fraction * w * h or \
                not moving and (self.last_full_t is None or t - self.last_full_t >= cfg.full_every_s):
            mode = "full"
        scanned = still if mode == "regions" else []
        clock.lap("changes")

        # 2. search: the whole frame or the still changed regions; on the whole
        # frame, 3. recover begins beside its decode (the candidate filter and
        # the first crops on a worker thread), and goes on after it
        self._take_lens(clock)
        # a region is small: its new patches get the whole ladder at once
        run = recovery.Recovery(None, self.decoder, int(cfg.budget * w * h), {"new": crop_ladder.ALL} if scanned
                                 else None, cfg.retry_frames, self.lens, self._lens_pending, ROUNDS)
        with run:
            late = self._late_patches(mode, moving, clock)
            guessed = side is None          # the filter beside the decode guesses the tags' size
            if mode == "full":
                big = cfg.small_tags and w * h >= BESIDE_MIN_PX    # a small frame filters after it (below)
                found = search(img, self.whole, None, side, cfg.table_mm, cfg.tag_mm, big,
                               self._beside(run, side, (h, w)) if big else None)
                if big:
                    self._claim_filter(run)
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
        # a table settles once the candidate filter's patches came; a settled one stays so while
        # nothing moves (a later full pass's filter, still running, does not unsettle it)
        was = self.last is not None and self.last.settled
        settled = cal is not None and self.tracker.settled(t) and (was or not self._patches_to_come())
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
        reading.stages, reading.budget = clock.laps, recovery_budget(rec, found)
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

    def join(self) -> None:
        """Wait for the work started between frames (the lens being learned,
        a candidate filter that outlasted its frame) to end: what a benchmark
        does before it times something else."""
        if self._lens_pending is not None:
            self._lens_pending.result()
        if self._filtering is not None:
            self._filtering.result()
        self._take_lens()

    # ------------------------------------------------------------------ drawing

    def overlay(self, frame: Frame) -> np.ndarray:
        """The frame with the calibration, the tracked tags, this frame's
        rejected payloads and the decoded regions drawn over it (BGR)."""
        from .overlay import draw
        return draw(frame.image, self)
