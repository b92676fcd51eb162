"""One frame's recover stage: the tag-like patches the search stage listed
(:class:`.crop_ladder.Job`), decoded best first on two threads, within a hard
per-frame budget (:class:`Recovery`; :func:`recover` gives it every job at
once), and what it hands on (:class:`Recovered`). How one crop is decoded is
:mod:`.crop_ladder`'s.

**The budget**: a frame may decode at most ``budget_px`` upscaled crop
pixels in all (the pipeline's default is 1.5x the frame's pixels; a crop
costs what zxing-cpp pays for its pixels, so the cost is bounded whatever
the picture holds), and it stops at ``budget_ms``: the pipeline gives each frame 1.5
whole-frame decodes in all (``PipelineConfig.frame_budget``), measured on the
same frame, so the bound holds on any machine and any picture. On a full pass
the stage begins beside the decode: the candidate filter runs on a worker
thread, which then decodes its patches while this one decodes the frame
(:meth:`Recovery.begin`), and the deadline is set once the decode's time is
known (:meth:`Recovery.finish`).
Jobs go in order: tags the tracker expects where nothing read (the whole
ladder; those it had no time for are not ``checked``, and the pipeline does
not count them missed), then new patches by score (the ladder's first step,
:data:`FIRST_STEPS`), then patches that failed before (a restored crop and
one more step each, :data:`LATER_ROUNDS`, on each of the next frames until
it was tried on ``retry_frames``); a patch that failed goes round again for
its next step, queued by its score worth :data:`AGAIN` less for each round
it failed. A patch over a code read
already (by the decode, or by a crop this frame: two boxes on one tag, a tag
and its label) is skipped. What does not fit is handed back, untried, for the
next frames; four times the clutter is not more work per frame, only more
left for later. The crops are decoded on two threads (this one and
:mod:`.workers`'), from one budget.
"""
from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace

import numpy as np

from .crop_ladder import (
    ALL,
    FIRST_STEPS,
    MARGIN,
    RESTORE,
    RESTORE_PLAIN,
    WIDE_MARGIN,
    Job,
    decode_crop,
    ladder_for,
    module_px,
    next_steps,
    step_cost,
)
from .decoders import Decoder, Detection
from .lens import Lens
from .search import COVERED, Box, Candidate, code_box, code_boxes, covered, sized
from .workers import beside, settle


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
    candidates: int = 0         # patches a candidate filter gave this frame (beside its decode, or late from the last)

    @property
    def failed(self) -> list[Candidate]:
        """The patches tried and not read (as candidates)."""
        return [Candidate(j.box, j.score) for j in self.later if j.tries > 0]


KIND_ORDER = {"expected": 0, "new": 1, "waiting": 1, "retry": 2}
BEHIND = 3                 # added to the rank of a new patch over a code read on an earlier frame
AGAIN = 0.75               # a patch's priority in each round after the one it failed, as a fraction
MAX_LATER = 256            # patches kept for later frames, at most
#: the turns a patch gets on each frame after the first it was tried on (the
#: first gets the frame's ``rounds``): the restored crop, when a lens was
#: learned (each frame's noise is new: under camera shake at 2.5 px/module it
#: reads most of what the first frame left, and a patch whose one restored
#: crop failed was lost), and its ladder's next step (one turn a frame, not
#: two, left the shaken table at 48 of 64 after its second frame, not 62, in
#: one run each); on the first frame a patch is restored on, the second turn
#: is :data:`RESTORE_PLAIN`, and its ladder's step comes a frame later
LATER_ROUNDS = 2


def recover(image: np.ndarray, jobs: Sequence[Job], decoder: Decoder, budget_px: int,
            steps: dict[str, int] | None = None, retry_frames: int = 5, budget_ms: float | None = None,
            lens: Lens | None = None, workers: int = 1, rounds: int = 1, known: Sequence[Detection] = (),
            lens_later: Future[Lens | None] | None = None) -> Recovered:
    """Decode the ``jobs`` (``image`` grey or BGR) in order within
    ``budget_px`` upscaled crop pixels and ``budget_ms`` (None: no time
    budget), on ``workers`` threads, skipping patches over the codes ``known``:
    a :class:`Recovery` given every job at once::

        >>> rec = recover(grey, jobs, raw_zxing(), 10 ** 7, workers=2)   # doctest: +SKIP
        >>> [d.payload for d in rec.detections], len(rec.later)         # doctest: +SKIP
        (['GLC:KID:07', ...], 3)
    """
    with Recovery(image, decoder, budget_px, steps, retry_frames, lens, lens_later, rounds) as run:
        run.knew(known)
        run.offer(jobs)
        return run.finish(budget_ms, workers)


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


class Recovery:
    """One frame's recover stage: jobs go in (:meth:`offer`), threads take
    them best first (:meth:`work`) and decode them, and :meth:`finish` ends it
    within the frame's budget and hands on what became of them (a
    :class:`Recovered`).

    It may begin before the frame's whole-frame decode ends: on a full pass
    the candidate filter runs on a worker thread beside the decode and offers
    its patches here, and that thread decodes them while this one decodes the
    frame (:meth:`.later_patches.LaterPatches._beside`). Until :meth:`finish` there is no
    deadline, since the decode's time, the budget's unit, is not known yet;
    the crops beside it cost the frame no time. Once the decode is done, the
    codes it read are given (:meth:`knew`): the patches over them are dropped.

    Jobs are taken by kind: expected tags first (the whole ladder), then new
    patches (the ladder's first step, :data:`FIRST_STEPS`), retries from
    earlier frames (one more step), and patches over codes ``behind`` (read
    on earlier frames, likely read by the decode now) last; within a kind by
    score. A job that failed goes round again for its next step, its score
    worth :data:`AGAIN` less for each round it failed (so a tag's patch that
    failed one step goes before a label's first try), up to ``rounds`` on
    the first frame it is tried on and :data:`LATER_ROUNDS` on each later
    one, and after that to the next frames (until it was tried on
    ``retry_frames`` frames). ``steps`` overrides how many steps a job of each kind
    gets per round. A patch over a code read already (by the decode, or by a
    crop of this frame: two boxes on one tag, a tag and its label) is skipped.
    ``lens``: the camera's restoration filter (:mod:`.lens`), when one was
    learned: a job's first step on each frame is then a restored crop
    (:data:`RESTORE`); ``lens_later``: one being learned beside, taken up by the jobs that
    start after it is done.

    The lock guards the queue and the budget's figures; the crops themselves
    are decoded outside it (zxing-cpp and OpenCV let go of Python's lock)."""

    def __init__(self, image: np.ndarray | None, decoder: Decoder, budget_px: int,
                 steps: dict[str, int] | None = None, retry_frames: int = 5, lens: Lens | None = None,
                 lens_later: Future[Lens | None] | None = None, rounds: int = 1):
        self.image = image                     # None until the search has made its grey copy
        self.decoder = decoder
        self.lens, self.lens_later = lens, lens_later
        self.out = Recovered(px=int(budget_px))
        self.retry_frames, self.rounds = retry_frames, rounds
        self.steps = {"expected": ALL, "new": len(FIRST_STEPS), "waiting": len(FIRST_STEPS), "retry": 1,
                      **(steps or {})}
        self.deadline: float | None = None     # set by finish(): the frame's end
        self.heap: list[tuple[int, float, int, int, Job]] = []   # (rank, -priority, order, round, job)
        self.order = 0
        self.known = code_boxes(())            # the codes read already (their code_box)
        self.read: list[Box] = []              # the codes this frame's crops read (their code_box)
        self.found: dict[str, Detection] = {}
        self.untried: list[Job] = []           # no budget left for them: the next frames'
        self.failed: list[Job] = []            # tried in every round and not read: the next frames'
        self.started = 0                       # jobs begun (the first may begin past the deadline)
        self.busy = 0                          # crops being decoded now
        self.coming = 0                        # threads that will still offer jobs (the filter beside)
        # the filter :meth:`begin` handed on: its future, the filter, the codes behind
        self._begun: tuple[Future[tuple[list[Job], bool]], Callable[[], Sequence[Job]],
                           Sequence[Detection]] | None = None
        self.closed = False
        self.spent = False                     # a crop did not fit in the time left
        self.ms_per_px = 0.0                   # what the crops decoded so far cost, per crop pixel
        self.cond = threading.Condition()

    def __enter__(self) -> Recovery:
        return self

    def __exit__(self, *exc: object) -> None:
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def begin(self, image: np.ndarray, find: Callable[[], Sequence[Job]], behind: Sequence[Detection] = (),
              crops: bool = True) -> Future[tuple[list[Job], bool]]:
        """Begin now, on a worker thread beside this one (busy with the frame's
        decode): ``find`` (the candidate filter) gives the jobs, offered with
        ``behind`` (:meth:`offer`), and that thread decodes them (``crops``;
        False: the crops are left to :meth:`finish`'s threads). The future's
        result: the jobs, and whether they were taken (False: the frame ended
        before the filter did; its caller keeps them for the next frame)."""
        self.image = image
        with self.cond:
            self.coming += 1
        future = beside(self._beside, find, behind, crops)
        self._begun = (future, find, behind)
        return future

    def claim(self) -> bool:
        """Run here, on this thread, the candidate filter :meth:`begin` handed
        to a thread beside, if no thread has started it: the shared threads
        (:mod:`.workers`) are busy with another table's frame, or a lens being
        learned. A busy pool then makes the frame slower; it never leaves the
        frame's small tags unlooked-for (they would be missing from a table
        that settles meanwhile). True if it ran here (its future is cancelled)."""
        if self._begun is None or not self._begun[0].cancel():
            return False
        _, find, behind = self._begun
        self._begun = None
        self._beside(find, behind, crops=False)
        return True

    def _beside(self, find: Callable[[], Sequence[Job]], behind: Sequence[Detection], crops: bool
                ) -> tuple[list[Job], bool]:
        jobs: list[Job] = []
        try:
            jobs = list(find())
        finally:
            taken = self.offer(jobs, behind, came=True)
        if taken and crops:
            self.work()
        return jobs, taken

    def offer(self, jobs: Sequence[Job], behind: Sequence[Detection] = (), came: bool = False) -> bool:
        """Queue ``jobs`` (those over a code read already are dropped; new
        patches over one of the codes ``behind`` go last); False when the
        frame has ended (:meth:`finish`) and they were not taken. ``came``:
        these are what a thread beside was to offer (:meth:`begin`)."""
        jobs = list(jobs)
        boxes = np.array([j.box for j in jobs], np.int64).reshape(-1, 4)
        over = covered(boxes, self.known)
        last = covered(boxes, code_boxes(behind)) if behind else np.zeros(len(jobs), bool)
        with self.cond:
            self.coming -= came
            self.cond.notify_all()
            if self.closed:
                return False
            self.out.candidates += len(jobs) if came else 0
            for job, o, b in zip(jobs, over, last):
                if job.kind == "expected" or not o:
                    self._push(job, 0, KIND_ORDER.get(job.kind, 3) + (BEHIND if b else 0))
        return True

    def knew(self, codes: Sequence[Detection], side_px: tuple[float, float] | None = None) -> None:
        """``codes`` were read (by the whole-frame decode): the patches over
        them are that code, or its label, and are not decoded; ``side_px``:
        the symbol sides the codes read tell (a first frame's filter ran on a
        guess, :func:`.search.framed_side_px`): patches of no such size are
        dropped too (a label's digits, a card's corner)."""
        boxes = code_boxes(codes)
        with self.cond:
            self.known = np.concatenate([self.known, boxes])
            if self.heap:
                b = np.array([e[4].box for e in self.heap], np.int64)
                drop = covered(b, boxes)
                if side_px is not None:
                    drop |= ~sized(np.maximum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]), side_px)
                self.heap = [e for e, d in zip(self.heap, drop) if e[4].kind == "expected" or not d]
                heapq.heapify(self.heap)

    def finish(self, budget_ms: float | None, workers: int) -> Recovered:
        """Decode what is queued until the budget is spent, ``budget_ms`` from
        now (None: the pixel budget only), on ``workers`` threads in all (this
        one, a thread still working beside, and more of :mod:`.workers`'), and
        hand on what became of the jobs; what a thread still filtering beside
        offers after this is refused (its caller keeps it for the next frame)."""
        with self.cond:
            self.deadline = None if budget_ms is None else time.perf_counter() + budget_ms / 1000.0
            self.cond.notify_all()
            # the threads still working beside (decoding, or filtering) are of the ``workers``
            n = min(workers, len(self.heap) + self.coming) - 1 - self.busy - self.coming
        helpers = [beside(self.work) for _ in range(max(0, n))]
        self.work()
        settle(helpers)
        with self.cond:
            while self.busy:
                self.cond.wait()
            self.closed = True
            left = [e[4] for e in sorted(self.heap)]
            self.heap = []
        out = self.out
        out.detections = list(self.found.values())
        # a restored crop is tried again on the next frame: its noise is new
        out.later = [replace(j, restored=False) if j.restored else j
                     for j in (self.untried + [j for j in left if j.kind != "expected"] + self.failed)[:MAX_LATER]]
        return out

    def work(self) -> None:
        """Take the next job and decode it, until none is left, the frame's
        time is spent, or the frame has ended."""
        while True:
            with self.cond:
                taken = self._take()
                if taken is None:
                    return
                self.busy += 1
            try:
                self._decode(*taken)
            finally:
                with self.cond:
                    self.busy -= 1
                    self.cond.notify_all()

    def _push(self, job: Job, turn: int, rank: int) -> None:
        """Queue ``job`` for its round ``turn``: by rank, then by its score,
        worth :data:`AGAIN` less for each round it failed (a tag's patch that
        failed one step is still likelier to read than a label's first try)."""
        self.order += 1
        heapq.heappush(self.heap, (rank, -job.score * AGAIN ** turn, self.order, turn, job))

    def _take(self) -> tuple[Job, int, int] | None:
        """The next job to decode, its round and rank (call with the lock held); None: none now."""
        while not self.closed:
            if self.lens_later is not None and self.lens_later.done():
                self.lens, self.lens_later = self.lens_later.result() or self.lens, None
            if self.spent or self._late(0, self.started > 0):
                # no time left: the rest waits for the next frames
                self.untried += [e[4] for e in sorted(self.heap) if e[4].kind != "expected"]
                self.heap = []
                return None
            if not self.heap:
                if not self.coming:
                    return None
                # the filter beside has patches to come: wait for them, not past the frame's end
                wait = None if self.deadline is None else self.deadline - time.perf_counter()
                if wait is not None and wait <= 0:
                    return None
                self.cond.wait(wait)
                continue
            rank, _, _, turn, job = heapq.heappop(self.heap)
            if job.kind != "expected" and _covered(job.box, self.read):
                continue                               # a code a crop read already, or its label
            self.started += 1
            return job, turn, rank
        return None

    def _late(self, cost: int, begun: bool) -> bool:
        """Whether a crop of ``cost`` px would end past the deadline, judged
        from what the crops before it cost; past it, only the first crop
        starts (``begun``: one did), so that the queue moves on even when the
        frame's earlier stages took its whole budget (call with the lock held)."""
        return self.deadline is not None and begun and \
            time.perf_counter() + self.ms_per_px * cost / 1000.0 >= self.deadline

    def _decode(self, job: Job, turn: int, rank: int) -> None:
        """Walk ``job`` down this round's steps of its ladder until one reads."""
        out, image = self.out, self.image
        assert image is not None, "a job was offered before the image"
        module = module_px(job.box) if job.module is None else job.module
        job = replace(job, module=module)
        tried, climbed, restored, plain, got = 0, 0, job.restored, job.plain, []
        lens = self.lens
        wide = len(ladder_for(module))
        for step in next_steps(job, self.steps.get(job.kind, 1), lens):
            # a patch that went round its whole ladder without a read gets one try
            # with a crop twice as wide: its box may be a piece of its symbol (a
            # code among clutter breaks up), and a crop round the piece cuts off the rest
            margin = WIDE_MARGIN if job.step + climbed == wide and not step.restore else MARGIN
            cost = step_cost(image.shape, job.box, step, module, margin)
            with self.cond:
                if out.used_px + cost > out.px:
                    break
                if self._late(cost, out.tried > 0):
                    self.spent = True                       # the rest wait for the next frames
                    break
                out.used_px += cost                         # taken before the crop: the others see it
                out.tried += 1
            t0 = time.perf_counter()
            got = decode_crop(image, job.box, self.decoder, margin, (step,), module, lens)
            spent = (time.perf_counter() - t0) * 1000.0
            with self.cond:
                done = out.used_px - cost
                self.ms_per_px = (self.ms_per_px * done + spent) / out.used_px if out.used_px else self.ms_per_px
            tried += 1
            restored |= step is RESTORE
            plain |= step is RESTORE_PLAIN
            climbed += not step.restore
            if got:
                break
        with self.cond:
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
            elif job.tries + (turn == 0) < self.retry_frames:
                # ``tries`` counts the frames it was tried on: its first round in a frame counts
                again = replace(job, kind="retry", step=job.step + climbed, tries=job.tries + (turn == 0),
                                restored=restored, plain=plain)
                if turn + 1 < (self.rounds if again.tries == 1 else min(self.rounds, LATER_ROUNDS)):
                    self._push(again, turn + 1, rank)
                else:
                    self.failed.append(again)
