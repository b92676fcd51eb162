"""The still-only ladder: a photo read again through other binarizations and
scales, for what the whole-image decode and the small-tag crops missed
(``companion scan``, ``companion score``; never on the live path).

zxing-cpp's own binarizer (a local average over fixed 8 px blocks) loses codes
under a lamp's reflection, in a bright spot, through glass, on a worn or
bent label. Each :class:`Attempt` makes one other picture of the photo (an
adaptive threshold at a window size, a global histogram threshold, CLAHE, a
sharpened copy, a dilated or eroded copy for ink spread or thinned modules,
light divided out, saturated pixels inpainted) at one scale and hands it to
zxing-cpp, as a binary image (``BoolCast``) when it is one::

    >>> extra = read_harder(grey, known=reading.detections, unread=reading.candidates)   # doctest: +SKIP

The attempts run in :data:`LADDER`'s order: codes gained per millisecond on
BoofCV's QR benchmark (``make bench``, the ``boofcv`` section), most first. The
ladder stops as soon as something was read and no tag-like patch the search
stage found is left unread (an easy photo costs nothing more), when, something
read, :data:`PATIENCE` attempts in a row read nothing new, or when its time is
spent (``budget_ms``). Then the codes no binarization reads because a finder
pattern is worn, broken or touched by something dark (or the code is bent
enough that zxing-cpp's own sampling misses it) are read by completing their
finder patterns on a sampled module grid (:mod:`.finders`), from the finder
patterns no read code covers: for at most ``completion_ms`` while nothing is
read or a patch is left unread, :data:`SETTLED_COMPLETION_MS` otherwise (a
photo whose finder patterns all lie in read codes only pays for finding them).

Nothing read here can put a wrong payload in: zxing-cpp's Reed-Solomon check
decides every payload, the tag grammar checks it afterwards as for any other
detection (:func:`.reading.build`), and a payload read where an earlier attempt
read another one (centres within half a symbol) is dropped: the earlier read,
the whole-image decode's first, wins.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from . import finders
from .decoders import Detection, ZxingDecoder
from .search import Candidate, code_box

#: how long the ladder may take by default, at most (ms); a 12 MP photo's ladder
#: takes about a second when nothing stops it early
BUDGET_MS = 4000.0
#: once something is read, the ladder stops after this many attempts in a row
#: read nothing new: a patch the search took for a tag may be a card's picture,
#: and must not cost an easy photo the whole ladder (on BoofCV's hard categories,
#: run by the benchmark's labels, 8 lost 5 codes of 269 and 6 lost 7)
PATIENCE = 8


#: how long finder-pattern completion may take (ms) on a photo whose tag-like
#: patches all read (a finder pattern no read code covers may be a bent
#: label's code the search did not take for one: curved 020 of BoofCV's set);
#: an easy photo whose finder patterns all lie in read codes only pays for
#: finding them, 20-190 ms on a 12 MP photo
SETTLED_COMPLETION_MS = 300.0


@dataclass(frozen=True)
class Attempt:
    """One other picture of the photo for zxing-cpp: ``scale`` (a fraction of
    the photo's size, or, when ``long_px`` is set, the scale that makes its
    longest side that many pixels, at most 2x), ``make`` the picture from the
    scaled grey copy, ``binary``: the picture is already black and white (read
    with ``BoolCast``, no downscaled copies); ``downscale``: zxing-cpp may
    also look at its own half-size copies; ``up_to_px``: only for photos
    that small (see :meth:`fits`)."""

    name: str
    make: Callable[[np.ndarray], np.ndarray]
    scale: float = 1.0
    long_px: int = 0
    binary: bool = False
    downscale: bool = True
    up_to_px: int = 0

    def fits(self, shape: tuple[int, ...]) -> bool:
        """Whether the attempt is for a photo this size (``up_to_px``: only
        for photos whose longest side is at most that many pixels)."""
        return not self.up_to_px or max(shape[:2]) <= self.up_to_px

    def factor(self, shape: tuple[int, ...]) -> float:
        if self.long_px:
            return min(2.0, self.long_px / max(shape[:2]))
        return self.scale


def _same(g: np.ndarray) -> np.ndarray:
    return g


def adaptive(block: int | float) -> Callable[[np.ndarray], np.ndarray]:
    """A local mean threshold over ``block`` px (an int), or over that
    fraction of the picture's longest side (a float below 1)."""
    def make(g: np.ndarray) -> np.ndarray:
        b = block if isinstance(block, int) else int(block * max(g.shape))
        b = max(3, b | 1)
        out: np.ndarray = cv2.adaptiveThreshold(g, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, b, 2)
        return out
    return make


def otsu(g: np.ndarray) -> np.ndarray:
    out: np.ndarray = cv2.threshold(g, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]
    return out


def clahe(clip: float, tiles: int) -> Callable[[np.ndarray], np.ndarray]:
    """Contrast normalised tile by tile (CLAHE)."""
    def make(g: np.ndarray) -> np.ndarray:
        out: np.ndarray = cv2.createCLAHE(clip, (tiles, tiles)).apply(g)
        return out
    return make


def sharpened(sigma: float, amount: float) -> Callable[[np.ndarray], np.ndarray]:
    """An unsharp mask: ``1 + amount`` times the picture less ``amount`` times its blur."""
    def make(g: np.ndarray) -> np.ndarray:
        out: np.ndarray = cv2.addWeighted(g, 1.0 + amount, cv2.GaussianBlur(g, (0, 0), sigma), -amount, 0)
        return out
    return make


def median(size: int) -> Callable[[np.ndarray], np.ndarray]:
    """A median filter: specks, scratches and JPEG noise on worn codes gone, edges kept."""
    def make(g: np.ndarray) -> np.ndarray:
        out: np.ndarray = cv2.medianBlur(g, size)
        return out
    return make


def median_adaptive(g: np.ndarray) -> np.ndarray:
    """A median filter, then a local mean threshold over 31 px."""
    return adaptive(31)(median(5)(g))


def blurred(sigma: float) -> Callable[[np.ndarray], np.ndarray]:
    """A Gaussian blur: a reflection's glitter and a print's halftone smoothed over."""
    def make(g: np.ndarray) -> np.ndarray:
        out: np.ndarray = cv2.GaussianBlur(g, (0, 0), sigma)
        return out
    return make


def dilated(g: np.ndarray) -> np.ndarray:
    """Light grown by a pixel: dark modules that ink spread or blur merged come apart."""
    out: np.ndarray = cv2.dilate(g, np.ones((3, 3), np.uint8))
    return out


def eroded(g: np.ndarray) -> np.ndarray:
    """Dark grown by a pixel: thin or washed-out modules (a reflection's edge) close up."""
    out: np.ndarray = cv2.erode(g, np.ones((3, 3), np.uint8))
    return out


def unlit(g: np.ndarray) -> np.ndarray:
    """The light divided out: the picture over its own blur at a thirtieth of
    its size (a sheen, a lamp's fall-off, a bright spot flattened)."""
    small = cv2.GaussianBlur(cv2.resize(g, (64, 64), interpolation=cv2.INTER_AREA), (0, 0), 2.0)
    light = cv2.resize(small, (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR).astype(np.float32)
    out: np.ndarray = np.clip(g.astype(np.float32) / (light + 1.0) * 160.0, 0, 255).astype(np.uint8)
    return out


def deglared(g: np.ndarray, level: int = 235) -> np.ndarray:
    """Saturated pixels (a reflection) and a pixel round them inpainted from
    their surroundings, so that no threshold takes them for paper."""
    mask = cv2.dilate((g >= level).astype(np.uint8) * 255, np.ones((5, 5), np.uint8))
    if not mask.any():
        return g
    out: np.ndarray = cv2.inpaint(g, mask, 3, cv2.INPAINT_TELEA)
    return out


#: the attempts, most codes gained per millisecond first (measured on BoofCV's
#: QR benchmark, 7 hard categories, greedily: each step the one that added most
#: codes not read yet per ms; ``make bench`` reports what the ladder reads)
LADDER: tuple[Attempt, ...] = (
    Attempt("adaptive 31 px, half size", adaptive(31), 0.5, binary=True),
    Attempt("global histogram", _same, 1.0),
    Attempt("adaptive 15 px, half size", adaptive(15), 0.5, binary=True),
    Attempt("adaptive 61 px, half size", adaptive(61), 0.5, binary=True),
    Attempt("twice the size", _same, 2.0, up_to_px=1000),
    Attempt("CLAHE", clahe(2.0, 8), 1.0),
    Attempt("sharpened, half size", sharpened(2.0, 1.0), 0.5),
    Attempt("dilated, 800 px", dilated, long_px=800, downscale=False),
    Attempt("adaptive 2 %, 800 px", adaptive(0.02), long_px=800, binary=True),
    Attempt("eroded, 800 px", eroded, long_px=800, downscale=False),
    Attempt("reflection inpainted, half size", deglared, 0.5),
    Attempt("light divided out, 800 px", unlit, long_px=800, downscale=False),
    Attempt("adaptive 5 %, 800 px", adaptive(0.05), long_px=800, binary=True),
    Attempt("median 5 px", median(5), 1.0, up_to_px=2100),
    Attempt("median 5 px, adaptive 31 px", median_adaptive, 1.0, binary=True, up_to_px=2100),
    Attempt("blurred 3 px", blurred(3.0), 1.0, up_to_px=2100),
    Attempt("CLAHE, 800 px", clahe(2.0, 8), long_px=800, downscale=False),
    Attempt("Otsu", otsu, 1.0, binary=True),
    Attempt("quarter size", _same, 0.25),
    Attempt("eroded, 1600 px", eroded, long_px=1600, downscale=False),
    Attempt("sharpened, 800 px", sharpened(1.5, 1.5), long_px=800, downscale=False),
    Attempt("1600 px", _same, long_px=1600, downscale=False),
    Attempt("adaptive 5 %, 1600 px", adaptive(0.05), long_px=1600, binary=True),
    Attempt("CLAHE 4, 1600 px", clahe(4.0, 16), long_px=1600, downscale=False),
    Attempt("light divided out, 1600 px", unlit, long_px=1600, downscale=False),
    Attempt("blurred 3 px, half size", blurred(3.0), 0.5),
)
#: which attempt uses zxing-cpp's global histogram binarizer on the picture as it is
_GLOBAL = "global histogram"


def _scaled(grey: np.ndarray, f: float) -> np.ndarray:
    if abs(f - 1.0) < 0.05:
        return grey
    out: np.ndarray = cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC)
    return out


def attempt(grey: np.ndarray, step: Attempt) -> list[Detection]:
    """The codes zxing-cpp reads in ``step``'s picture of ``grey``, in ``grey``'s pixels."""
    f = step.factor(grey.shape)
    picture = step.make(_scaled(grey, f))
    binarizer = "bool" if step.binary else "global" if step.name == _GLOBAL else "local"
    zx = ZxingDecoder(try_downscale=step.downscale and not step.binary, binarizer=binarizer, try_invert=True,
                      try_rotate=True)
    found = zx.decode(picture)
    return found if f == 1.0 or abs(f - 1.0) < 0.05 else [d.shifted(0.0, 0.0, f) for d in found]


def add_reads(known: list[Detection], new: Sequence[Detection]) -> list[Detection]:
    """``new``'s codes not in ``known`` yet: the same payload where ``known``
    has it is the same code; another payload where ``known`` read one (centres
    closer than half a symbol's side) is dropped, the earlier read wins."""
    out: list[Detection] = []
    for d in new:
        near = [o for o in known + out if math.dist(o.centre, d.centre) < 0.5 * max(o.side_px, d.side_px)]
        if not near:
            out.append(d)
    return out


def _unread(unread: Sequence[Candidate], known: Sequence[Detection]) -> list[Candidate]:
    """The tag-like patches no read code lies over."""
    boxes = [code_box(d) for d in known]
    return [c for c in unread if not any(b[0] <= c.centre[0] < b[2] and b[1] <= c.centre[1] < b[3] for b in boxes)]


def read_harder(grey: np.ndarray, known: Sequence[Detection] = (), unread: Sequence[Candidate] = (),
                budget_ms: float = BUDGET_MS, ladder: Sequence[Attempt] = LADDER,
                patience: int = PATIENCE, completion_ms: float = finders.BUDGET_MS) -> list[Detection]:
    """The codes :data:`LADDER`'s attempts read in ``grey`` beyond ``known``
    (what the still pass read), until something is read and every patch of
    ``unread`` (the tag-like patches the still pass could not read) lies under
    a read code, or, something read, ``patience`` attempts in a row read
    nothing new, or ``budget_ms`` is spent; then the codes whose finder
    patterns :func:`.finders.read_completed` completes, among the finder
    patterns no read code covers (for ``completion_ms`` at most while nothing
    is read or a patch is left unread, else :data:`SETTLED_COMPLETION_MS`;
    0: not tried)."""
    t0 = time.perf_counter()
    have, gained = list(known), []
    left = list(unread)
    idle = 0
    for step in ladder:
        if have and (not left or idle >= patience):
            break
        if (time.perf_counter() - t0) * 1000.0 > budget_ms:
            break
        if not step.fits(grey.shape):
            continue
        new = add_reads(have, attempt(grey, step))
        idle = 0 if new else idle + 1
        if new:
            have += new
            gained += new
            left = _unread(left, new)
    if completion_ms > 0:
        settled = bool(have) and not left
        spend = min(completion_ms, SETTLED_COMPLETION_MS) if settled else completion_ms
        gained += add_reads(have, finders.read_completed(grey, have, spend))
    return gained
