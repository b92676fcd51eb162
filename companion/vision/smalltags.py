"""Stage 3 of a frame, **recover**: decode the tag-like patches the search
stage listed, from upscaled crops, within a hard per-frame budget. It is in
two parts, and this module names what either holds (every name that was
imported from here still is):

- :mod:`.crop_ladder`: how one patch is decoded: a :class:`Job` (a patch and
  its place on its ladder), the ladder's :class:`Step` s (:data:`LADDER`,
  :data:`SMALL_LADDER`, :data:`RESTORE`, :data:`RESTORE_PLAIN`), the crop's
  margins and :func:`decode_crop`;
- :mod:`.recovery`: one frame's stage: the queue of jobs, best first, on two
  threads within the frame's budget (:class:`Recovery`, :func:`recover`), and
  what it hands on (:class:`Recovered`).

Measured with ``make bench`` (60 tags, blur σ 1, noise, uneven light): at 2.5
px/module and above a fresh pipeline's first frame reads all of them; at 2.1
and 1.8 px/module the first frame has time for the whole-frame decode and
some crops (two thirds and a quarter of the tags), and the next frames, each
within its budget, read the rest (see docs/performance.md for
the frames it takes).
"""
from __future__ import annotations

from .crop_ladder import (
                          ALL,
                          FIRST_STEPS,
                          LADDER,
                          MARGIN,
                          MODULE_PX,
                          RESTORE,
                          RESTORE_PLAIN,
                          SHARPEN_SIGMA_PX,
                          SMALL_LADDER,
                          SMALL_MODULE_PX,
                          WIDE_MARGIN,
                          Job,
                          Step,
                          decode_crop,
                          ladder_for,
                          module_px,
                          next_steps,
                          step_cost,
)
from .recovery import AGAIN, BEHIND, KIND_ORDER, LATER_ROUNDS, MAX_LATER, Recovered, Recovery, recover

__all__ = ["AGAIN", "ALL", "BEHIND", "FIRST_STEPS", "KIND_ORDER", "LADDER", "LATER_ROUNDS", "MARGIN", "MAX_LATER",
           "MODULE_PX", "RESTORE", "RESTORE_PLAIN", "SHARPEN_SIGMA_PX", "SMALL_LADDER", "SMALL_MODULE_PX",
           "WIDE_MARGIN", "Job", "Recovered", "Recovery", "Step", "decode_crop", "ladder_for", "module_px",
           "next_steps", "recover", "step_cost"]
