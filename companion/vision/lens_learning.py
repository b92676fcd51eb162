"""The camera's blur (:mod:`.lens`) learned beside the frames: on the worker
thread (:mod:`.workers`) once a frame is done, from the codes it read, and
taken up by a later frame once it is learned (the next frame, when the
frames wait to be read), so that the next frames' crops start restored
(:meth:`.pipeline.Pipeline.join` waits for it)."""
from __future__ import annotations

import time
from dataclasses import replace

import numpy as np

from . import lens
from .decoders import Detection
from .frame_report import Clock
from .pipeline_state import PipelineState
from .workers import beside


class LensLearning(PipelineState):
    """The pipeline's lens: learned again when it is due, taken up when learned."""

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

    def _take_lens(self, clock: Clock | None = None) -> None:
        """Take up the lens being learned once it is (the one before stays when
        no code qualified); a new lens gives the patches left their full-size
        restored crop again (:data:`.crop_ladder.RESTORE_PLAIN`: with a lens
        learned from codes as fine as theirs it reads the most). Frames that
        wait to be read (not :attr:`paced`: a replay) wait for it, so that a
        replay reads the same on a busy machine as on an idle one."""
        if self._lens_pending is not None and (self._lens_pending.done() or not self.paced):
            begun = time.perf_counter()
            new = self._lens_pending.result()
            if clock is not None:
                clock.waited(begun)
            if new is not None and new is not self.lens:
                self.later = [replace(j, plain=False) if j.plain else j for j in self.later]
            self.lens, self._lens_pending = new or self.lens, None
