"""How one tag-like patch is decoded from an upscaled crop: the ladder of
ways to try (a :class:`Step` each), and a patch's place on it (a :class:`Job`).

At about 2 pixels per QR module, or with some blur, zxing-cpp's full-frame pass
misses most codes that it reads at once from an upscaled crop. Upscaling the
whole frame costs four times the decode, so instead each patch (a :class:`Job`)
is decoded from a crop upscaled (cubic) to about 6 px per module, walking down
its ladder (:data:`LADDER`; below about 2.2 px per module :data:`SMALL_LADDER`,
whose every step sharpens: other scales, an unsharp mask, a global binarizer).
How many px per module a patch holds is judged by :func:`module_px`. Once the
camera's blur is learned from the codes a full pass read (:mod:`.lens`), a
patch's first try on each frame is a crop restored with it (:data:`RESTORE`).
What a frame may spend on these crops, and in which order, is
:mod:`.recovery`'s business.

Crops are cut with a margin of 0.3 of the patch (:data:`MARGIN`): what the
quiet zone needs (0.25 loses a tag on Debian's OpenCV 4.6), and more crops fit
the budget than with a wider one. A patch that went round its whole ladder
without a read gets one crop twice as wide (:data:`WIDE_MARGIN`): among clutter
a symbol's blob breaks up, and a crop round one piece cuts off the rest (twice
as wide on every other retry instead cost another renderer's blurred 2.1
px/module table 23 of the 62 tags it knew after 6 frames).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from .decoders import Decoder, Detection, ZxingDecoder
from .lens import Lens
from .search import Box


@dataclass(frozen=True)
class Job:
    """One patch to decode: ``kind`` is ``expected`` (a tracked tag not read
    where it lies), ``new`` (found by this frame's search), ``waiting`` (found
    by an earlier frame's, not tried yet: the budget ran out) or ``retry``
    (tried on an earlier frame); ``step`` the ladder step it tries next;
    ``tries`` the frames it was tried on; ``restored`` whether a crop restored
    with the lens (:data:`RESTORE`) was tried on this frame (each frame's
    noise is new: the next frame tries one again); ``plain`` whether
    :data:`RESTORE_PLAIN` was (on any frame: it is tried once, and the later
    frames go on down the ladder); ``payload`` the tracked tag an
    ``expected`` job looks for; ``module`` the symbol's px per module."""

    box: Box
    kind: str = "new"
    score: float = 0.0
    step: int = 0
    tries: int = 0
    restored: bool = False
    plain: bool = False
    payload: str | None = None
    module: float | None = None     # px per module (None: judged from the box, :func:`module_px`)

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


SHARPEN_SIGMA_PX = 0.7      # the unsharp mask's blur, in the camera's pixels (the blur it undoes is the lens's)


def _sharpen(img: np.ndarray, amount: float, sigma: float = SHARPEN_SIGMA_PX) -> np.ndarray:
    """An unsharp mask: ``img`` plus ``amount`` times what a Gaussian blur of ``sigma`` px takes away."""
    out: np.ndarray = cv2.addWeighted(img, 1.0 + amount, cv2.GaussianBlur(img, (0, 0), sigma), -amount, 0)
    return out


class Step(NamedTuple):
    """One way of decoding a crop: upscaled ``scale`` times the first step's
    factor, unsharp-masked by ``sharpen`` (0: not), with zxing-cpp's
    ``binarizer``; ``restore``: the frame's learned restoration filter
    (:mod:`.lens`) first; ``linear``: upscaled linearly, not cubically (a
    third cheaper; a cubic upscale's overshoot sharpens, a linear one reads
    as much once the crop is sharpened or restored)."""

    scale: float
    sharpen: float
    binarizer: str
    restore: bool = False
    linear: bool = False


# The recovery ladder, cheapest first. The first step upscales the crop
# to about 6 px per module (judged by :func:`module_px`; at least x1.5),
# sharpened hard and linearly: on the candidate filter's patches (two frames
# each, 2.5 px/module unless said) it reads as much as a plain cubic upscale
# for 0.17-0.2 ms a crop against 0.18-0.21, and what shake and dot gain
# smeared (shake 78 of 178 patches against 12, dot gain 131 of 168 against
# 114, a defocused lens 120 of 165 against 114, 2.1 px/module 105 of 171
# against 106). The second, bigger and cubic, reads more of what shake
# smeared; the plain cubic step comes third.
LADDER = (Step(1.0, 2.5, "local", linear=True), Step(1.33, 2.5, "local"), Step(1.0, 0.0, "local"),
          Step(0.67, 0.0, "local"), Step(1.0, 0.8, "global"))
# Below SMALL_MODULE_PX px per module (as judged; about 2.2 true) a plain
# upscale reads almost nothing (at 1.8 px/module 2 % of the patches), so every
# step sharpens: the first as :data:`LADDER`'s (at 1.8 px/module with blur
# σ 1 px it reads 100 of 166 patches at 0.135 ms a crop; the cubic one with a
# milder mask it replaced read 111 at 0.214 ms: a third more reads per
# millisecond, what a first frame's budget buys), the second 77 %; the third
# reads the most blurred (another renderer's 2.1 px/module, σ 1.2 px).
# (Patches are the candidate filter's: labels and card edges too.)
SMALL_MODULE_PX = 2.6
SMALL_LADDER = (Step(1.0, 2.5, "local", linear=True), Step(1.33, 2.5, "local"), Step(1.0, 5.0, "local"),
                Step(1.0, 1.5, "local"), Step(1.0, 0.8, "global"))
# Once the camera's lens is known (learned from the codes read, the crops'
# too, :mod:`.lens`), a patch's first try on each frame is a restored crop: at 2.5 px per module it
# reads what the ladder's steps read only in part, or over several frames
# (defocus, dot gain, camera shake; see :mod:`.lens`), and at 1.8 px per
# module every patch the sharpened first step reads and more. It is restored,
# then sharpened, and upscaled to about 4 px per module (two thirds of the
# ladder's first factor, cubically): a lens learned from codes coarser than
# the crop's (a frame whose decode read only the corner markers), or from a
# renderer whose edges it does not model, undoes too little of the smear, and
# a crop under half as big lets a frame's budget decode twice as many. One crop
# each on the candidate filter's patches, against a restored crop at the
# full factor with no mask (:data:`RESTORE_PLAIN`): another renderer's 1.8
# px/module tables 165 of 180 tags against 128-133, in 45 % of the pixels;
# the simulated table at 1.8 px/module 58 of 59 against 59, under shake 36
# against 44 (issue 43). So the frames after the first, each within its
# budget, read more of a table's tags: within three frames, with a pixel
# budget a third of the default's (a busy machine's), 83-85 % of another
# renderer's 1.8 px/module tags instead of 55-57 %, 98 % of the simulated
# table's instead of 71 % (six and three tables; tests/vision/test_small_tags_held.py).
RESTORE = Step(0.67, 2.0, "local", True)
# ... and a patch whose restored crop did not read gets, on its next turn, the
# restored crop at the full factor, unsharpened (what read the most under
# camera shake and dot gain), once, before its ladder's next step.
RESTORE_PLAIN = Step(1.0, 0.0, "local", True, linear=True)
ALL = 99                      # "every step of the ladder", as a number of steps
FIRST_STEPS = (0,)            # on the frame a patch is found; later frames try the others
MODULE_PX = 6.0
MARGIN = 0.3                  # a crop's margin round its patch, as a fraction of the patch's side
WIDE_MARGIN = 0.6             # ... once it went round its ladder without a read

_ZX: dict[str, ZxingDecoder] = {}


def _crop_decoder(decoder: Decoder, binarizer: str) -> Decoder | None:
    """zxing without its own downscaling (pointless on an upscaled crop); other
    backends as they are, and only for the local-binarizer steps."""
    if isinstance(decoder, ZxingDecoder):
        if binarizer not in _ZX:
            _ZX[binarizer] = ZxingDecoder(try_downscale=False, binarizer=binarizer)
        return _ZX[binarizer]
    return decoder if binarizer == "local" else None


def _geometry(shape: tuple[int, int], box: Box, margin: float, module: float) -> tuple[Box, float] | None:
    """The crop around ``box`` (with ``margin``) and its first upscale factor
    for a symbol of ``module`` px per module."""
    h, w = shape[:2]
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0)
    m = int(margin * side) + 4
    x0, y0, x1, y1 = max(0, x0 - m), max(0, y0 - m), min(w, x1 + m), min(h, y1 + m)
    if y1 - y0 < 8 or x1 - x0 < 8:
        return None
    return (x0, y0, x1, y1), min(4.0, max(1.5, MODULE_PX / max(module, 0.5)))


def module_px(box: Box) -> float:
    """Pixels per module of the symbol a patch holds, judged from its size (the
    patch's blob is about the symbol's diagonal at 45 degrees, its side square;
    a version-1 symbol is 21 modules wide). On a tag on a white card this errs
    large by a quarter; where a code's quiet zone stands out from its ground
    (a sticker on a dark piece) by 1.7x, and the ladder's second, bigger and
    sharpened step reads it. (Judging the module from the symbol's texture as
    well was tried: it cost a fifth of a crop and read fewer tags per frame.)"""
    return max(box[2] - box[0], box[3] - box[1]) / 1.2 / 21.0


def ladder_for(module: float) -> tuple[Step, ...]:
    """The recovery ladder for a symbol of ``module`` px per module:
    :data:`SMALL_LADDER` below :data:`SMALL_MODULE_PX`, :data:`LADDER` above."""
    return SMALL_LADDER if module < SMALL_MODULE_PX else LADDER


def next_steps(job: Job, n: int, lens: Lens | None) -> list[Step]:
    """The ``n`` steps ``job`` tries next: when there is a lens, :data:`RESTORE`
    unless tried on this frame and :data:`RESTORE_PLAIN` unless ever tried,
    then its ladder's, from ``job.step`` on (round again when it comes to the end)."""
    ladder = ladder_for(module_px(job.box) if job.module is None else job.module)
    todo = [] if lens is None else [RESTORE] * (not job.restored) + [RESTORE_PLAIN] * (not job.plain)
    todo += [ladder[(job.step + k) % len(ladder)] for k in range(len(ladder))]
    return todo[:n]


def step_cost(shape: tuple[int, int], box: Box, step: Step, module: float, margin: float = MARGIN) -> int:
    """Upscaled crop pixels that ladder step ``step`` decodes for ``box``."""
    g = _geometry(shape, box, margin, module)
    if g is None:
        return 0
    (x0, y0, x1, y1), base = g
    scale = max(1.0, base * step.scale)
    return int((x1 - x0) * (y1 - y0) * scale * scale)


def decode_crop(image: np.ndarray, box: Box, decoder: Decoder, margin: float = MARGIN,
                steps: Sequence[Step] | None = None, module: float | None = None,
                lens: Lens | None = None) -> list[Detection]:
    """Decode one region of ``image`` (grey or BGR) from an upscaled crop, trying
    ``steps`` (None: :data:`RESTORE` when there is a ``lens``, then the whole
    ladder) in that order until one reads something; detections in full-frame
    pixels. ``module``: the symbol's px per module (None: :func:`module_px`
    judges it); ``lens``: the camera's restoration filter, when one was learned."""
    module = module_px(box) if module is None else module
    g = _geometry(image.shape, box, margin, module)
    if g is None:
        return []
    (x0, y0, x1, y1), base = g
    crop = image[y0:y1, x0:x1]
    if crop.ndim == 3:
        crop = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    if steps is None:
        steps = next_steps(Job(box, module=module), ALL, lens)
    for step in steps:
        dec = _crop_decoder(decoder, step.binarizer)
        if dec is None:
            continue
        scale = max(1.0, base * step.scale)
        # the filters on the crop before it is upscaled: the camera's own
        # pixels, and a fraction of the pixels to filter
        src = lens.restore(crop) if step.restore and lens is not None else crop
        src = _sharpen(src, step.sharpen) if step.sharpen else src
        # a restored or sharpened crop: a linear upscale reads as much as a
        # cubic one (whose overshoot sharpens) and costs a third less
        interpolation = cv2.INTER_LINEAR if step.linear else cv2.INTER_CUBIC
        big = cv2.resize(src, None, fx=scale, fy=scale, interpolation=interpolation)
        got = [d.shifted(x0, y0, scale) for d in dec.decode(big)]
        if got:
            return got
    return []
