"""The tag-like patches a frame could not read, spread over the frames after
it: the recover stage's work (:meth:`LaterPatches._jobs`: tracked tags not
read where they lie, this frame's patches, those left from earlier frames,
each keeping its place on :mod:`.crop_ladder`'s ladder), and the candidate
filter that a full pass runs beside its decode on the worker thread
(:meth:`LaterPatches._beside`), or after a small frame (:data:`BESIDE_MIN_PX`),
whose patches a filter that outlasts its frame hands to the next frames
(:meth:`LaterPatches._late_patches`)."""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import wait
from dataclasses import replace

import cv2
import numpy as np

from . import recovery
from .changes import Region, in_box
from .crop_ladder import Job
from .frame_report import Clock
from .pipeline_state import PipelineState
from .search import Candidate, Found, candidates, code_boxes, covered, framed_side_px
from .workers import beside

#: frames with fewer pixels run the candidate filter once the frame is done, not
#: beside its decode: handing it to the worker thread costs 0.1-0.2 ms (Python's
#: lock changing hands as the thread starts), a tenth of a 0.8 MP photo's decode
#: (BoofCV's "perspective": 1.5x raw became 1.7x); the camera's modes have 3 MP and up
BESIDE_MIN_PX = 1_000_000


class LaterPatches(PipelineState):
    """The pipeline's patches left for later frames, and the candidate filter that finds them."""

    def _beside(self, run: recovery.Recovery, side: tuple[float, float] | None, shape: tuple[int, int]
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
            self._filter_here = None
            self._filtering = run.begin(grey, self._finder(grey, sides, self.later), behind, crops=cfg.workers > 1)
        return start

    @staticmethod
    def _finder(grey: np.ndarray, sides: tuple[float, float], later: list[Job]) -> Callable[[], list[Job]]:
        """The candidate filter over ``grey`` for symbols of ``sides`` px, its
        patches as jobs (:func:`renew`: a patch of ``later`` found again keeps
        its place on the ladder)."""

        def find() -> list[Job]:
            return renew(later, sorted(candidates(grey, sides), key=lambda c: -c.score), keep=lambda j: False)
        return find

    def _filter_after(self, found: Found, later: list[Job]) -> None:
        """A small frame's candidate filter, started once the frame is done
        (see :data:`BESIDE_MIN_PX`): the next frames take its patches."""
        if found.grey is not None and found.side_px is not None:
            find = self._finder(found.grey, found.side_px, later)
            self._filtering, self._filter_here = beside(lambda: (find(), False)), find

    def _patches_to_come(self) -> bool:
        """Whether a candidate filter's patches are still to come: it is still
        running, or it ended after its frame and no frame has taken its
        patches yet. A tag may lie unread in one of them, so the table is not
        settled yet: on a loaded machine the filter outlasts a frame, and a
        table settled on the tags the decode reads alone."""
        f = self._filtering
        return f is not None and not f.cancelled() and (not f.done() or not f.result()[1])

    def _claim_filter(self, run: recovery.Recovery) -> None:
        """The filter begun beside this frame's decode, run on this thread when
        no thread has started it (:meth:`.recovery.Recovery.claim`)."""
        if self._filtering is not None and run.claim():
            self._filtering = None

    def _late_patches(self, mode: str, moving: bool, clock: Clock) -> list[Job]:
        """The patches of a full pass's candidate filter that ended after its
        frame: this frame's, when nothing moves (a full pass replaces them).
        A filter still running is waited for within what is left of this
        frame's budget (all of it without a time budget, or when the frames
        wait to be read: :attr:`paced`), so that frames that come faster than
        the filter ends get its patches too, and a replay read on a busy
        machine settles on the frames it settles on when idle."""
        f = self._filtering
        if f is None or mode == "full" or moving:
            return []
        find, self._filter_here = self._filter_here, None
        if find is not None and f.cancel():      # no thread started it (the shared threads busy): here, now
            self._filtering = None
            jobs, taken = find(), False
        else:
            left = self._time_left(clock)
            if self.config.frame_budget is None or not self.paced:
                begun = time.perf_counter()
                wait([f])
                clock.waited(begun)
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
            if mode == "full" or any(in_box(g.box, x, y) for g in scanned):
                # the size it was read at, when known, rather than the largest tag's
                d = self.detections.get(p)
                rr, module = (0.6 * d.side_px, d.side_px / 21.0) if d is not None else (r, None)
                jobs.append(Job((int(x - rr), int(y - rr), int(x + rr), int(y + rr)), "expected", payload=p,
                                module=module))
        if mode == "full":
            return jobs                # the patches come from the filter beside the decode (_beside)
        return jobs + renew(self.later, found.candidates, lambda j: not any(in_box(g.box, *j.centre) for g in scanned))


def renew(later: list[Job], found: list[Candidate], keep: Callable[[Job], bool]) -> list[Job]:
    """The patches ``found`` now as jobs, and the earlier ones (``later``): a
    patch found again keeps its place on the ladder (when it was tried); an
    earlier patch not found again stays when ``keep`` says so (it lies outside
    what was searched), as ``waiting`` when it was never tried."""
    fresh = [Job(c.box, "new", c.score) for c in found]
    kept: list[Job] = []
    for old in later:
        cx, cy = old.centre
        same = next((i for i, j in enumerate(fresh) if in_box(j.box, cx, cy)), None)
        if same is not None:
            if old.tries:
                fresh[same] = replace(old, box=fresh[same].box, kind="retry", score=fresh[same].score)
        elif keep(old):
            kept.append(old if old.tries or old.kind != "new" else replace(old, kind="waiting"))
    return kept + fresh
