"""Stage 2 of a frame, **search**: decode what is plainly readable, and list the
tag-like patches that did not read, most promising first.

:func:`search` runs the whole-frame decoder (zxing-cpp with its own default
options, so nothing a raw zxing-cpp decode reads is ever lost: light-on-dark
codes included) over the whole frame, or over the changed regions only, then
the cheap candidate filter (:func:`candidates`) around what it read; on a
pipeline's full pass the filter runs beside the decode instead, on another
thread (``beside``, :class:`.smalltags.Recovery`)::

    >>> found = search(image, raw_zxing(), None, None, (900, 600), (15, 45))   # doctest: +SKIP
    >>> [d.payload for d in found.detections], len(found.candidates)           # doctest: +SKIP
    (['TC:CORNER:1', ...], 12)

The filter's cost is bounded whatever the picture holds: it works on a grey
copy shrunk so that the smallest tag stays about 12 px wide there, and never
bigger than :data:`WORK_PX` (a 12 MP frame is shrunk at least 3x; a smaller
cap, 1 MP, shrank a 1600x900 frame's 15 mm tags to 9 px and lost them),
with a handful of whole-image operations (an edge map, a box filter, an
erosion, contours). What the candidates cost to decode is the next stage's
business (:mod:`.smalltags`), within its budget.
"""
from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import cv2
import numpy as np

from models.tags import corner

from .decoders import Decoder, Detection, merge

Box = tuple[int, int, int, int]   # x0, y0, x1, y1 in full-frame pixels

WORK_PX = 2_000_000        # the candidate filter never looks at more pixels than this
COVERED = 0.2              # a patch this much over a code read (its :func:`code_box`) is that code, or its label
_CORNERS = {corner(n): n for n in (1, 2, 3, 4)}
SHADE_GAIN = 3.0           # the most the filter brightens a shaded part of the picture (:func:`_unshaded`)


@dataclass(frozen=True)
class Candidate:
    """A patch that looks like a QR symbol nobody decoded yet; ``score``: how
    much it looks like one (edge density times squareness, 0-1)."""

    box: Box
    score: float = 0.0

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


@dataclass
class Found:
    """What the search stage hands on: the detections, the candidates (best
    first), the symbol sides worth looking for (px), the boxes searched (None:
    the whole frame) and the whole frame's grey copy when it made one."""

    detections: list[Detection] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    side_px: tuple[float, float] | None = None
    areas: list[Box] | None = None
    grey: np.ndarray | None = None
    decode_ms: float = 0.0          # the whole-frame (or regions') decode alone, grey conversion included


def grey_of(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def search(image: np.ndarray, decoder: Decoder, areas: list[Box] | None, side_px: tuple[float, float] | None,
           table_mm: tuple[float, float], tag_mm: tuple[float, float], small_tags: bool = True,
           beside: Callable[[np.ndarray], object] | None = None) -> Found:
    """Decode ``image`` (whole when ``areas`` is None, else each box) and find
    the candidates; ``side_px`` None (not calibrated): judged from what was read.
    ``beside``: on the whole image, called with its grey copy just before the
    decode, to start the small tags' work on another thread (the pipeline's
    candidate filter and first crops, :class:`.smalltags.Recovery`); the
    candidate filter is then not run here."""
    if areas is None:
        t0 = time.perf_counter()
        grey = grey_of(image)
        if beside is not None:
            t1 = time.perf_counter()
            beside(grey)
            t0 += time.perf_counter() - t1       # the decode's time is the budget's unit: not the handing over
        dets = decoder.decode(grey)
        ms = (time.perf_counter() - t0) * 1000.0
        side = side_px or tag_side_px(None, dets, grey.shape[:2], tag_mm, table_mm)
        cands = candidates(grey, side, dets) if small_tags and beside is None else []
        cands.sort(key=lambda c: -c.score)
        return Found(dets, cands, side, None, grey, ms)
    dets, cands, ms = [], [], 0.0
    for x0, y0, x1, y1 in areas:
        t0 = time.perf_counter()
        crop = grey_of(image[y0:y1, x0:x1])
        got = decoder.decode(crop)
        ms += (time.perf_counter() - t0) * 1000.0
        # changed regions may overlap: a tag in two of them is one tag
        dets = merge(dets, [d.shifted(x0, y0) for d in got])
        if small_tags and side_px is not None:
            cands += [Candidate(_shift(c.box, x0, y0), c.score) for c in candidates(crop, side_px, got)]
    cands.sort(key=lambda c: -c.score)
    return Found(dets, cands, side_px, list(areas), None, ms)


def _work_factor(h: int, w: int, side_px: tuple[float, float]) -> int:
    """How much the candidate filter shrinks the picture: a code stays >= 12 px
    wide (below 24 px, 1.1 px per module, nothing reads it anyway), and the
    work stays at most WORK_PX pixels."""
    f = 4 if min(side_px) >= 48 else 2 if min(side_px) >= 24 else 1
    return max(f, math.ceil(math.sqrt(h * w / WORK_PX)))


def tag_side_px(calibration, found: list[Detection], shape: tuple[int, int], tag_mm: tuple[float, float],
                table_mm: tuple[float, float] = (900.0, 600.0)) -> tuple[float, float]:
    """The range of symbol sides (px) worth looking for: from the calibration's
    scale when there is one, else from the corner markers read (their distances
    are the table's size), else from the codes read, else a wide guess."""
    if calibration is not None:
        scales = [calibration.px_per_mm(tuple(p)) for p in calibration.corners_px]
        return tag_mm[0] * min(scales), tag_mm[1] * max(scales)
    ppm = _scale_from_corners(found, table_mm)
    if ppm:
        return tag_mm[0] * ppm[0], tag_mm[1] * ppm[1]
    if found:
        side = statistics.median(d.side_px for d in found)
        return side * 0.5, side * 2.0
    return 16.0, max(32.0, 0.08 * min(shape))


#: the table's rectangle spans at least this much of the frame's width or height
#: (the README: mount the camera so the whole table plus a few centimetres is in view)
FRAMED = 0.75


def framed_side_px(shape: tuple[int, int], table_mm: tuple[float, float], tag_mm: tuple[float, float]
                   ) -> tuple[float, float]:
    """The range of symbol sides (px) worth looking for before anything is
    read or calibrated: the table fits in the frame, and fills at least
    :data:`FRAMED` of it (a first frame's candidate filter runs beside its
    decode, before any code tells the scale).

        >>> framed_side_px((2592, 4608), (900, 600), (15, 45))
        (48.6, 194.4)
    """
    h, w = shape[:2]
    ppm = min(w / table_mm[0], h / table_mm[1])
    return round(tag_mm[0] * FRAMED * ppm, 2), round(tag_mm[1] * ppm, 2)


def _scale_from_corners(found: Iterable[Detection], table_mm: tuple[float, float]
                        ) -> tuple[float, float] | None:
    """The smallest and largest px per mm from the distances between the corner
    markers read (None: fewer than two). As tight as the calibration's own range:
    a wider one makes the candidate filter's window and erosion too small for the
    smallest tags, and their blobs merge with their neighbours'."""
    at: dict[int, list] = {}
    for d in found:
        if d.payload in _CORNERS:
            at.setdefault(_CORNERS[d.payload], []).append(d.centre)
    pts = {n: c[0] for n, c in at.items() if len(c) == 1}
    w, h = table_mm
    mm = {(1, 2): w, (3, 4): w, (2, 3): h, (1, 4): h, (1, 3): math.hypot(w, h), (2, 4): math.hypot(w, h)}
    ratios = [math.dist(pts[a], pts[b]) / d for (a, b), d in mm.items() if a in pts and b in pts and d > 0]
    return (min(ratios), max(ratios)) if ratios else None


def candidates(grey: np.ndarray, side_px: tuple[float, float], known: Iterable[Detection] = (),
               density: float = 0.3) -> list[Candidate]:
    """Tag-like patches in ``grey`` whose side is within ``side_px`` (min, max),
    not overlapping a known detection.

    On a (linearly) downscaled copy, the morphological gradient marks the edges
    between dark and light modules (on the light made even,
    :func:`_unshaded`); a QR symbol is a dense square of such
    edges, so a box filter of the edge map, thresholded and eroded by half a
    tag (text lines and card edges are thin and vanish), leaves blobs where the
    codes are. Roughly square blobs of a tag's size are the candidates."""
    h, w = grey.shape[:2]
    f = _work_factor(h, w, side_px)
    # linear (not area) downscaling: ~6x cheaper on 12 MP, and aliasing only adds texture
    g = cv2.resize(grey, (max(1, w // f), max(1, h // f)), interpolation=cv2.INTER_LINEAR) if f > 1 else grey
    lo, hi = side_px[0] / f, side_px[1] / f
    e = _edges(_unshaded(g, hi))
    win = max(3, int(lo * 0.5) | 1)
    dens = cv2.boxFilter(e, cv2.CV_8U, (win, win), normalize=True)
    _, mask = cv2.threshold(dens, int(255 * density), 1, cv2.THRESH_BINARY)
    # erode by about 0.6 of a small tag: text lines and card edges (thin) vanish,
    # the core of a QR symbol (thick) stays, even when a label touches it, and
    # the specks of texture go too (at 0.45 hundreds of them were left, which
    # cost more to outline than the rest of the filter)
    k = max(1, int(lo * 0.6))
    core = cv2.erode(mask, np.ones((k, k), np.uint8))
    contours, _ = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    st = np.array([cv2.boundingRect(c) for c in contours] or np.zeros((0, 4)), np.int64).reshape(-1, 4)
    x, y, bw, bh = st[:, 0] - k // 2, st[:, 1] - k // 2, st[:, 2] + k, st[:, 3] + k
    side, short = np.maximum(bw, bh), np.minimum(bw, bh)
    # a QR symbol's blob is about square whatever its angle, and of a tag's size
    ok = sized(side, (lo, hi)) & (side <= 1.5 * short)
    x, y, bw, bh, side, short = x[ok], y[ok], bw[ok], bh[ok], side[ok], short[ok]
    boxes = np.stack([x * f, y * f, (x + bw) * f, (y + bh) * f], axis=1)
    # a patch mostly over a decoded symbol is that symbol (or its label)
    keep = ~covered(boxes, code_boxes(known))
    boxes, x, y, bw, bh, side, short = boxes[keep], x[keep], y[keep], bw[keep], bh[keep], side[keep], short[keep]
    # score: the mean edge density over the blob, times its squareness (a
    # mean per box: 0.1 ms for ~90 boxes, where an integral image of the
    # whole picture cost 0.7 ms at 1152x648)
    H, W = dens.shape
    x0, y0 = np.clip(x, 0, W), np.clip(y, 0, H)
    x1, y1 = np.clip(x + bw, 0, W), np.clip(y + bh, 0, H)
    mean = np.array([cv2.mean(dens[b:d, a:c])[0] if c > a and d > b else 0.0
                     for a, b, c, d in zip(x0.tolist(), y0.tolist(), x1.tolist(), y1.tolist())])
    score = mean / 255.0 * short / np.maximum(side, 1)
    return [Candidate((int(b[0]), int(b[1]), int(b[2]), int(b[3])), round(float(sc), 4)) for b, sc in zip(boxes, score)]


def _edges(g: np.ndarray) -> np.ndarray:
    """Where ``g`` has edges: its morphological gradient (the lightest less
    the darkest pixel of each 3 x 3) over one threshold for the picture (Otsu's)."""
    edges = cv2.morphologyEx(g, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    return cv2.threshold(edges, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)[1]


def _unshaded(g: np.ndarray, reach: float) -> np.ndarray:
    """``g`` with its light made even: each pixel divided by the lightest
    near it (within about ``reach`` px: a tag's white border is in reach),
    brightened at most :data:`SHADE_GAIN` times. A shadow over a code dims
    its edges with it, and the edge map has one threshold for the whole
    picture, set by the edges in full light: under a 60 % shadow band, at
    1.8 px per module (where the decode reads none of the codes) up to 17
    of 64 tags had no patch, and the table stopped at 50-54 known (64 now;
    0.35 ms more a filter at 2304x1296, 3.45 ms). In full light this
    changes nothing: a blurred code among high-contrast print, or two tags
    side by side, is found as before (an edge map that also counted every
    edge strong for its own light merged those two into one blob; a
    brightness curve lost that code)."""
    h, w = g.shape[:2]
    s = max(1, int(reach / 2))
    small = cv2.resize(g, (max(1, w // s), max(1, h // s)), interpolation=cv2.INTER_LINEAR)
    white = cv2.blur(cv2.dilate(small, np.ones((3, 3), np.uint8)), (3, 3))
    white = np.maximum(white, np.uint8(min(255, int(white.max() / SHADE_GAIN) + 1)))
    return cv2.divide(g, cv2.resize(white, (w, h), interpolation=cv2.INTER_LINEAR), scale=255)


def sized(side: np.ndarray, side_px: tuple[float, float]) -> np.ndarray:
    """Which patches of ``side`` px (their boxes' longer side) may hold a
    symbol of ``side_px`` (min, max): at least 0.8 of the smallest, at most
    1.6 times the largest (a blob grows with the symbol's angle)."""
    return (side >= side_px[0] * 0.8) & (side <= side_px[1] * 1.6)


def covered(boxes: np.ndarray, kb: np.ndarray) -> np.ndarray:
    """Which of ``boxes`` (n x 4: x0, y0, x1, y1) lie more than :data:`COVERED`
    over one of the codes read ``kb`` (their :func:`code_boxes`): that code, or its label."""
    ow = np.minimum(kb[None, :, 2], boxes[:, None, 2]) - np.maximum(kb[None, :, 0], boxes[:, None, 0])
    oh = np.minimum(kb[None, :, 3], boxes[:, None, 3]) - np.maximum(kb[None, :, 1], boxes[:, None, 1])
    cover = (np.clip(ow, 0, None) * np.clip(oh, 0, None)).max(axis=1, initial=0)
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    return cover > COVERED * area


def code_boxes(codes: Iterable[Detection]) -> np.ndarray:
    """The :func:`code_box` of each of ``codes`` (n x 4; one empty box when there is none)."""
    return np.array([code_box(d) for d in codes] or [(0, 0, 0, 0)], np.int64)


def code_box(d: Detection, grow: float = 0.25) -> Box:
    """Where a code read lies: the box of its corners grown by ``grow`` of its
    side each way (its quiet zone, and a little more)."""
    xs, ys = zip(*d.corners)
    m = grow * d.side_px
    return (int(min(xs) - m), int(min(ys) - m), int(max(xs) + m), int(max(ys) + m))


def _shift(b: Box, dx: int, dy: int) -> Box:
    return (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
