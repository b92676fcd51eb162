"""Stage 3 of a frame, **recover**: decode the tag-like patches the search
stage listed, from upscaled crops, within a hard per-frame budget.

At about 2 pixels per QR module, or with some blur, zxing-cpp's full-frame pass
misses most codes that it reads at once from an upscaled crop. Upscaling the
whole frame costs four times the decode, so instead each patch (a :class:`Job`)
is decoded from a crop upscaled (cubic) to about 6 px per module, walking down
its ladder (:data:`LADDER`; below about 2.2 px per module :data:`SMALL_LADDER`,
whose every step sharpens: other scales, an unsharp mask, a global binarizer).
How many px per module a patch holds is judged by :func:`module_px`. Once the
camera's blur is learned from the codes a full pass read (:mod:`.lens`), a
patch's next try is a crop restored with it (:data:`RESTORE`), once.

**The budget** (:func:`recover`): a frame may decode at most ``budget_px``
upscaled crop pixels in all (the pipeline's default is 1.5x the frame's
pixels, what one full pass needs to read 60 tags at 2.1 px per module; a crop
costs what zxing-cpp pays for its pixels, so the cost is bounded whatever the
picture holds), and it stops at ``budget_ms``: the pipeline gives each frame
1.5 whole-frame decodes in all (``PipelineConfig.frame_budget``), measured on
the same frame, so the bound holds on any machine and any picture; the
crops get what the decode, the change detection and the candidate filter left.
Jobs go in order: tags the tracker expects where nothing read (the whole
ladder; those it had no time for are not ``checked``, and the pipeline does
not count them missed), then new patches by score (the ladder's first step,
:data:`FIRST_STEPS`), then patches that failed before (one more step each);
when all had their turn and time is left, the failed ones go round again for
their next step. A patch over a code read already (by the decode, or by a
crop this frame: two boxes on one tag, a tag and its label) is skipped.
What does not fit is handed back, untried, for the next frames; four times the
clutter is not more work per frame, only more left for later. The crops are
decoded on two threads (this one and :mod:`.workers`'), from one budget.

Measured with ``make bench`` (60 tags, blur σ 1, noise, uneven light): at 2.5
px/module and above a fresh pipeline's first frame reads all of them; at 2.1
and 1.8 px/module the first frame has time for the whole-frame decode and a
few crops, and the next frames, each within its budget, read the rest (see the
README's Performance section for the frames it takes). Crops are cut with a
margin of 0.3 of the patch: what the quiet zone needs (0.25 loses a tag on
Debian's OpenCV 4.6), and more crops fit the budget than with a wider one.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import cv2
import numpy as np

from .decoders import Decoder, Detection, ZxingDecoder
from .lens import Lens
from .search import COVERED, Box, Candidate, code_box, code_boxes, covered
from .workers import opencv_alone, pool, settle


@dataclass(frozen=True)
class Job:
    """One patch to decode: ``kind`` is ``expected`` (a tracked tag not read
    where it lies), ``new`` (found by this frame's search), ``waiting`` (found
    by an earlier frame's, not tried yet: the budget ran out) or ``retry``
    (tried on an earlier frame); ``step`` the ladder step it tries next;
    ``tries`` the frames it was tried on; ``restored`` whether a crop restored
    with the lens (:data:`RESTORE`) was tried; ``payload`` the tracked tag an
    ``expected`` job looks for; ``module`` the symbol's px per module."""

    box: Box
    kind: str = "new"
    score: float = 0.0
    step: int = 0
    tries: int = 0
    restored: bool = False
    payload: str | None = None
    module: float | None = None     # px per module (None: judged from the box, :func:`module_px`)

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


@dataclass
class Recovered:
    """What the recover stage hands on: the detections (full-frame pixels),
    the jobs left for later frames (untried or failed, best first), the
    tracked tags it looked for (``checked``: an ``expected`` job's crop was
    decoded; of the others this frame says nothing), and the budget's
    figures (``px`` allowed, ``used_px``, ``tried`` crops decoded)."""

    detections: list[Detection] = field(default_factory=list)
    later: list[Job] = field(default_factory=list)
    checked: set[str] = field(default_factory=set)
    px: int = 0
    used_px: int = 0
    tried: int = 0

    @property
    def failed(self) -> list[Candidate]:
        """The patches tried and not read (as candidates)."""
        return [Candidate(j.box, j.score) for j in self.later if j.tries > 0]


KIND_ORDER = {"expected": 0, "new": 1, "waiting": 1, "retry": 2}
MAX_LATER = 256            # patches kept for later frames, at most


SHARPEN_SIGMA_PX = 0.7      # the unsharp mask's blur, in the camera's pixels (the blur it undoes is the lens's)


def _sharpen(img: np.ndarray, amount: float, sigma: float = SHARPEN_SIGMA_PX) -> np.ndarray:
    """An unsharp mask: ``img`` plus ``amount`` times what a Gaussian blur of ``sigma`` px takes away."""
    return cv2.addWeighted(img, 1.0 + amount, cv2.GaussianBlur(img, (0, 0), sigma), -amount, 0)


class Step(NamedTuple):
    """One way of decoding a crop: upscaled ``scale`` times the first step's
    factor, unsharp-masked by ``sharpen`` (0: not), with zxing-cpp's
    ``binarizer``; ``restore``: the frame's learned restoration filter
    (:mod:`.lens`) first."""

    scale: float
    sharpen: float
    binarizer: str
    restore: bool = False


# The recovery ladder, cheapest first. The first step upscales the crop
# to about 6 px per module (judged by :func:`module_px`; at least x1.5). The
# second, bigger and sharpened hard, reads what camera shake smeared: at 2.5
# px/module with 4 px of shake the plain step reads 9 % of the patches, this
# one 69 %; a sharpened first step would cost a third more per crop (noise
# sharpened is more for zxing-cpp to look at) for no more reads elsewhere.
LADDER = (Step(1.0, 0.0, "local"), Step(1.33, 2.5, "local"), Step(0.67, 0.0, "local"),
          Step(1.0, 0.8, "local"), Step(1.0, 0.8, "global"))
# Below SMALL_MODULE_PX px per module (as judged; about 2.2 true) a plain
# upscale reads almost nothing (at 1.8 px/module 2 % of the patches), so every
# step sharpens, harder as it goes: at 1.8 px/module with blur σ 1 px the first
# step reads 65 % of the patches (the mild mask it replaced, 48 %), the second
# 77 %; the third reads the most blurred (another renderer's 2.1 px/module,
# σ 1.2 px). (Patches are the candidate filter's: labels and card edges too.)
SMALL_MODULE_PX = 2.6
SMALL_LADDER = (Step(1.0, 1.5, "local"), Step(1.33, 2.5, "local"), Step(1.0, 5.0, "local"),
                Step(1.0, 0.0, "local"), Step(1.0, 0.8, "global"))
# Once the camera's lens is known (learned from the codes a whole-frame decode
# read, :mod:`.lens`), a patch's next try is a restored crop, once: at 2.5 px per module it
# reads what the ladder's steps read only in part, or over several frames
# (defocus, dot gain, camera shake; see :mod:`.lens`), and at 1.8 px per
# module every patch the sharpened first step reads and more.
RESTORE = Step(1.0, 0.0, "local", True)
ALL = 99                      # "every step of the ladder", as a number of steps
FIRST_STEPS = (0,)            # on the frame a patch is found; later frames try the others
MODULE_PX = 6.0

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
    """The ``n`` steps ``job`` tries next: :data:`RESTORE` first when there
    is a lens and it was not tried yet, then its ladder's, from ``job.step`` on
    (round again when it comes to the end)."""
    ladder = ladder_for(module_px(job.box) if job.module is None else job.module)
    todo = [RESTORE] if lens is not None and not job.restored else []
    todo += [ladder[(job.step + k) % len(ladder)] for k in range(len(ladder))]
    return todo[:n]


def step_cost(shape: tuple[int, int], box: Box, step: Step, module: float, margin: float = 0.3) -> int:
    """Upscaled crop pixels that ladder step ``step`` decodes for ``box``."""
    g = _geometry(shape, box, margin, module)
    if g is None:
        return 0
    (x0, y0, x1, y1), base = g
    scale = max(1.0, base * step.scale)
    return int((x1 - x0) * (y1 - y0) * scale * scale)


def decode_crop(image: np.ndarray, box: Box, decoder: Decoder, margin: float = 0.3,
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
        # a restored crop is sharp already: a linear upscale reads as much as a
        # cubic one (whose overshoot sharpens) and costs a third less
        interpolation = cv2.INTER_LINEAR if step.restore else cv2.INTER_CUBIC
        big = cv2.resize(src, None, fx=scale, fy=scale, interpolation=interpolation)
        got = [d.shifted(x0, y0, scale) for d in dec.decode(big)]
        if got:
            return got
    return []


def recover(image: np.ndarray, jobs: Sequence[Job], decoder: Decoder, budget_px: int,
            steps: dict[str, int] | None = None, retry_frames: int = 5, budget_ms: float | None = None,
            first_crop: bool = True, lens: Lens | None = None, workers: int = 1, rounds: int = 1,
            known: Sequence[Detection] = (), lens_later: Future[Lens | None] | None = None) -> Recovered:
    """Decode the ``jobs`` (``image`` grey or BGR) in order (expected, new by
    score, retries) within ``budget_px`` upscaled crop pixels; ``steps`` says
    how many ladder steps a job of each kind gets this frame. Jobs that do not
    fit are handed back untried; failed ones come back as retries until they
    were tried on ``retry_frames`` frames (expected tags are not kept: the
    tracker asks again; those tried are ``checked``). ``budget_ms``: also
    stop once that long has passed: no crop is started after it but the
    first (``first_crop``), so that the queue moves on even when the search
    took the whole budget; a frame that has just run the candidate filter has
    moved it on already, and passes False. ``lens``: the camera's restoration
    filter (:mod:`.lens`), when one was learned: a job's next step is then a
    restored crop (:data:`RESTORE`), once, before the rest of its ladder;
    ``lens_later``: one being learned beside (:mod:`.workers`), taken up by
    the jobs that start after it is done.

    ``workers``: how many threads decode crops side by side (this one and
    ``workers - 1`` of :mod:`.workers`'; zxing-cpp and OpenCV let go of
    Python's lock while they work), taking the jobs in the same order.
    ``rounds``: when every job has had its turn and the budget is not spent,
    the ones that failed go round again for their next step, up to ``rounds``
    turns in all. A patch over a code read already (``known``, or by a crop
    of this call) is skipped: it was that code, or its label."""
    run = _Run(image, decoder, lens, lens_later, Recovered(px=int(budget_px)), retry_frames, first_crop,
               None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0,
               {"expected": ALL, "new": len(FIRST_STEPS), "waiting": len(FIRST_STEPS), "retry": 1,
                **(steps or {})})
    queue = sorted(jobs, key=lambda j: (KIND_ORDER.get(j.kind, 3), -j.score))
    if known and queue:
        # patches over the codes read already, all at once (the patches this
        # call's crops read over are skipped as they come, :meth:`_Run.work`)
        over = covered(np.array([j.box for j in queue], np.int64), code_boxes(known))
        queue = [j for j, o in zip(queue, over) if j.kind == "expected" or not o]
    with opencv_alone(min(workers, len(queue))):
        for _ in range(rounds):
            tried = run.out.tried
            run.go(queue, workers)
            queue, run.failed = sorted(run.failed, key=lambda j: -j.score), []
            if not queue or run.out.tried == tried:
                break
    out = run.out
    out.detections = list(run.found.values())
    out.later = (run.untried + queue)[:MAX_LATER]
    return out


def _covered(box: Box, known: Sequence[Box]) -> bool:
    """:func:`.search.covered` for one box, against the few codes this call's
    crops read so far (a loop of them costs less than numpy's call for one box)."""
    area = max(1, (box[2] - box[0]) * (box[3] - box[1]))
    for k in known:
        w = min(k[2], box[2]) - max(k[0], box[0])
        h = min(k[3], box[3]) - max(k[1], box[1])
        if w > 0 and h > 0 and w * h > COVERED * area:
            return True
    return False


@dataclass
class _Run:
    """One :func:`recover` call's jobs and what became of them, shared by
    the threads that take the jobs in turn (``lock`` guards the queue and
    the budget's figures; the crops themselves are decoded outside it)."""

    image: np.ndarray
    decoder: Decoder
    lens: Lens | None
    lens_later: Future[Lens | None] | None
    out: Recovered
    retry_frames: int
    first_crop: bool
    deadline: float | None
    steps: dict[str, int]
    read: list[Box] = field(default_factory=list)      # the codes this call's crops read (their code_box)
    found: dict[str, Detection] = field(default_factory=dict)
    untried: list[Job] = field(default_factory=list)   # no budget left for them: the next frames'
    failed: list[Job] = field(default_factory=list)    # tried and not read: another round's, or the next frames'
    queue: list[Job] = field(default_factory=list)
    taken: int = 0                 # jobs of the queue taken so far
    started: int = 0               # jobs begun (the first may begin past the deadline)
    ms_per_px: float = 0.0         # what the crops decoded so far cost, per crop pixel
    lock: threading.Lock = field(default_factory=threading.Lock)

    def go(self, queue: list[Job], workers: int) -> None:
        """Decode ``queue`` in order, on ``workers`` threads."""
        self.queue, self.taken = queue, 0
        helpers = [pool().submit(self.work) for _ in range(min(workers, len(queue)) - 1)]
        self.work()
        settle(helpers)

    def work(self) -> None:
        """Take the next job and decode it, until none is left."""
        while True:
            with self.lock:
                if self.taken >= len(self.queue):
                    return
                job = self.queue[self.taken]
                self.taken += 1
                if self.lens_later is not None and self.lens_later.done():
                    self.lens, self.lens_later = self.lens_later.result() or self.lens, None
                if job.kind != "expected" and _covered(job.box, self.read):
                    continue                               # a code read already, or its label
                if self._late(0, self.started > 0):
                    if job.kind != "expected":
                        self.untried.append(job)           # no time left: next frame
                    continue
                self.started += 1
            self._decode(job)

    def _late(self, cost: int, begun: bool) -> bool:
        """Whether a crop of ``cost`` px would end past the deadline, judged
        from what the crops before it cost; past it, only the first crop
        starts (``begun``: one did), when ``first_crop`` (call with the lock held)."""
        return self.deadline is not None and (begun or not self.first_crop) and \
            time.perf_counter() + self.ms_per_px * cost / 1000.0 >= self.deadline

    def _decode(self, job: Job) -> None:
        """Walk ``job`` down this turn's steps of its ladder until one reads."""
        out = self.out
        module = module_px(job.box) if job.module is None else job.module
        job = replace(job, module=module)
        tried, climbed, restored, got = 0, 0, job.restored, []
        lens = self.lens
        for step in next_steps(job, self.steps.get(job.kind, 1), lens):
            cost = step_cost(self.image.shape, job.box, step, module)
            with self.lock:
                if out.used_px + cost > out.px or self._late(cost, out.tried > 0):
                    break
                out.used_px += cost                         # taken before the crop: the others see it
                out.tried += 1
            t0 = time.perf_counter()
            got = decode_crop(self.image, job.box, self.decoder, steps=(step,), module=module, lens=lens)
            spent = (time.perf_counter() - t0) * 1000.0
            with self.lock:
                done = out.used_px - cost
                self.ms_per_px = (self.ms_per_px * done + spent) / out.used_px if out.used_px else self.ms_per_px
            tried += 1
            restored |= step.restore
            climbed += not step.restore
            if got:
                break
        with self.lock:
            for d in got:
                if d.payload not in self.found:
                    self.found[d.payload] = d
                    self.read.append(code_box(d))
            if job.kind == "expected" and tried and job.payload is not None:
                out.checked.add(job.payload)
            if got or job.kind == "expected":
                return
            if tried == 0:
                self.untried.append(job)                       # did not fit: next frame
            elif job.tries + 1 < self.retry_frames:
                self.failed.append(replace(job, kind="retry", step=job.step + climbed, tries=job.tries + 1,
                                           restored=restored))
