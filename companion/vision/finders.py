"""Finder-pattern completion, for the still-only ladder (:mod:`.stills`): a
worn code, a code with a finder pattern scratched, cut into or printed
broken, or one with a bar or a border touching it, read from its module grid.

zxing-cpp finds a code by its three finder patterns and their quiet zone;
when one of them is broken, or something dark touches them, it finds
nothing to sample. Here the finder patterns that are whole (:func:`marks`:
three nested dark and light rings, 1:1:3:1:1, found as contours inside
contours) propose where a code lies, alone, in pairs or three together
(:func:`layouts`: the corner a missing one would take is guessed, every way
it can lie); each proposal is sampled as a grid of N x N modules for every
size N its finders' module size allows, the three finder patterns and their
separators are drawn whole over the grid, and zxing-cpp reads the redrawn
code as a pure image (:func:`read_completed`)::

    >>> [d.payload for d in read_completed(grey)]   # doctest: +SKIP
    ['GLC:KID:02']

When the grids as guessed read nothing more, the few that best match a
code's fixed patterns get the corners no seen finder pattern anchors fitted
to those patterns (:mod:`.grid_fit`: a finder pattern under a reflection
leaves its corner a module or two off), and are read with narrower module
thresholds too (:func:`_read_fitted`).

The finder patterns carry no data: redrawing them changes no payload, and
every payload still passes zxing-cpp's Reed-Solomon check (a grid of the
wrong size or place reads nothing); :mod:`.stills` drops a payload read
where another was read, and the tag grammar checks it afterwards.
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from . import grid_fit
from .decoders import Detection

#: the versions tried (sizes 21 to 57 modules): what a phone or a table camera can sample
VERSIONS = range(1, 11)
#: how far a grid's module size may be from its finder patterns' (a fraction)
MODULE_SLACK = 0.3
#: the most finder patterns one picture is searched with (the best squared first)
MAX_MARKS = 24
#: how long one photo's completion may take, at most (ms): a 12 MP photo with
#: many finder-like marks (text, tiles) has over a hundred layouts to try
BUDGET_MS = 3000.0
#: the pixels of one redrawn module, and the quiet zone round the redrawn code (modules)
_MODULE_PX, _QUIET = 4, 4


@dataclass(frozen=True)
class Mark:
    """One finder pattern seen: its centre, its module size (px) and its
    outer ring's four corners (in the picture's pixels)."""

    centre: tuple[float, float]
    module: float
    corners: np.ndarray


def _finder() -> np.ndarray:
    """A finder pattern with its separator, 8 x 8 modules, as drawn at the top-left (255 light)."""
    f = np.full((8, 8), 255, np.uint8)
    f[0:7, 0:7] = 0
    f[1:6, 1:6] = 255
    f[2:5, 2:5] = 0
    return f


_FINDER = _finder()


def marks(grey: np.ndarray, long_px: int = 1600) -> list[Mark]:
    """The finder patterns in ``grey`` (found in a copy at most ``long_px``
    wide, under a local threshold): a dark ring holding a light ring holding a
    dark square, the three areas about 49:25:9."""
    f = min(1.0, long_px / max(grey.shape[:2]))
    g = cv2.resize(grey, None, fx=f, fy=f, interpolation=cv2.INTER_AREA) if f < 1.0 else grey
    found: list[tuple[float, Mark]] = []
    for block in (31, 61):
        bw = cv2.adaptiveThreshold(g, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 5)
        contours, tree = cv2.findContours(bw, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
        if tree is None:
            continue
        h = tree[0]
        for i, c in enumerate(contours):
            area = cv2.contourArea(c)
            if area < 25 or h[i][2] < 0:
                continue
            best = _nested(contours, h, i, area)
            grow = 1.0
            if best is None:
                # the light ring and the dark square in it alone: the dark
                # ring round them may be joined to a bar, a border, a smudge
                best, grow = _ringed(contours, h, i, area), 7.0 / 5.0
                if best is None:
                    continue
                best += 0.5
            quad = _quad(c)
            if quad is None:
                continue
            centre = quad.mean(axis=0)
            quad = centre + (quad - centre) * grow
            m = math.sqrt(area) * grow / 7.0
            found.append((best, Mark((float(centre[0]) / f, float(centre[1]) / f), m / f, quad / f)))
    found.sort(key=lambda t: t[0])
    out: list[Mark] = []
    for _, mk in found:
        if not any(math.dist(mk.centre, o.centre) < 2.0 * o.module for o in out):
            out.append(mk)
        if len(out) >= MAX_MARKS:
            break
    return out


def _nested(contours: tuple[np.ndarray, ...], h: np.ndarray, i: int, outer: float) -> float | None:
    """How far contour ``i``'s rings are from a finder pattern's (0 best), or
    None when it holds no light ring holding a dark square of about the right sizes."""
    best = None
    j = h[i][2]
    while j >= 0:
        mid = cv2.contourArea(contours[j])
        k = h[j][2]
        while k >= 0:
            inner = cv2.contourArea(contours[k])
            a, b = mid / outer, inner / outer
            if 0.3 < a < 0.75 and 0.08 < b < 0.35:
                err = abs(a - 25 / 49) + abs(b - 9 / 49)
                best = err if best is None else min(best, err)
            k = h[k][0]
        j = h[j][0]
    return best


def _ringed(contours: tuple[np.ndarray, ...], h: np.ndarray, i: int, ring: float) -> float | None:
    """How far contour ``i`` (a light ring's outer edge) and a dark square
    in it are from a finder pattern's 25:9 (0 best), or None."""
    best = None
    k = h[i][2]
    while k >= 0:
        b = cv2.contourArea(contours[k]) / ring
        if 0.2 < b < 0.55 and h[k][2] < 0:
            best = abs(b - 9 / 25) if best is None else min(best, abs(b - 9 / 25))
        k = h[k][0]
    return best


def _quad(c: np.ndarray) -> np.ndarray | None:
    """A contour's four corners, or None when it is not about square."""
    hull = cv2.convexHull(c)
    q: np.ndarray = cv2.approxPolyDP(hull, 0.1 * cv2.arcLength(hull, True), True).reshape(-1, 2).astype(np.float32)
    if len(q) != 4:
        q = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    sides = [float(np.linalg.norm(q[i] - q[(i + 1) % 4])) for i in range(4)]
    if min(sides) < 0.6 * max(sides) or cv2.contourArea(hull) < 0.7 * cv2.contourArea(q):
        return None
    return q


@dataclass(frozen=True)
class Layout:
    """Where a code may lie: the centres of its top-left, top-right and
    bottom-left finder patterns (some of them guessed) and its module size."""

    tl: tuple[float, float]
    tr: tuple[float, float]
    bl: tuple[float, float]
    module: float
    #: the finder patterns seen at the top-left, top-right and bottom-left (None: guessed)
    seen: tuple[Mark | None, Mark | None, Mark | None] = (None, None, None)

    def grids(self) -> Iterator[tuple[int, np.ndarray]]:
        """(N, the code's four corners TL, TR, BR, BL) for each size N of
        :data:`VERSIONS` whose module size is within :data:`MODULE_SLACK` of this one's."""
        for n, quad in self.square_grids():
            yield n, self.perspective(n, quad)

    def square_grids(self) -> Iterator[tuple[int, np.ndarray]]:
        """:meth:`grids` as the finder centres alone give them (a
        parallelogram), before :meth:`perspective` bends them."""
        tl, tr, bl = (np.array(p, np.float64) for p in (self.tl, self.tr, self.bl))
        for v in VERSIONS:
            n = 17 + 4 * v
            ex, ey = (tr - tl) / (n - 7), (bl - tl) / (n - 7)
            size = (np.linalg.norm(ex) + np.linalg.norm(ey)) / 2.0
            if abs(size - self.module) > MODULE_SLACK * self.module:
                continue
            o = tl - 3.5 * (ex + ey)
            yield n, np.array([o, o + n * ex, o + n * (ex + ey), o + n * ey], np.float32)

    def perspective(self, n: int, quad: np.ndarray) -> np.ndarray:
        """``quad`` (the affine guess from the finder centres) bent to the
        perspective the seen finder patterns' outer corners give (each matched
        to the nearest of its pattern's four corners in module coordinates),
        when at least two were seen."""
        seen = [(mk, c) for mk, c in zip(self.seen, ((3.5, 3.5), (n - 3.5, 3.5), (3.5, n - 3.5))) if mk is not None]
        if len(seen) < 2:
            return quad
        square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
        to_modules = cv2.getPerspectiveTransform(quad, square)
        src, dst = [], []
        for mk, (cx, cy) in seen:
            ideal = np.array([cx, cy], np.float32) + 3.5 * np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32)
            at = cv2.perspectiveTransform(mk.corners.reshape(-1, 1, 2).astype(np.float32), to_modules).reshape(-1, 2)
            for p, q in zip(at, mk.corners):
                j = int(np.argmin(np.linalg.norm(ideal - p, axis=1)))
                if np.linalg.norm(ideal[j] - p) < 2.0:
                    src.append(ideal[j])
                    dst.append(q)
        if len(src) < 6:
            return quad
        h, _ = cv2.findHomography(np.array(src, np.float32), np.array(dst, np.float32), 0)
        if h is None:
            return quad
        out: np.ndarray = cv2.perspectiveTransform(square.reshape(-1, 1, 2), h).reshape(4, 2).astype(np.float32)
        return out


def layouts(found: list[Mark]) -> list[Layout]:
    """Every way the finder patterns ``found`` can be a code's: three of
    about one module size at the corners of a right isosceles triangle; two
    side by side (the third on either side of them); two across a diagonal
    (the top-left on either side); the three-pattern ones first."""
    threes, twos = [], []
    for a, b in itertools.combinations(found, 2):
        if max(a.module, b.module) > 1.5 * min(a.module, b.module):
            continue
        m = (a.module + b.module) / 2.0
        d = math.dist(a.centre, b.centre)
        if d < 12 * m or d > 60 * m:
            continue
        pa, pb = np.array(a.centre), np.array(b.centre)
        w = np.array([-(pb - pa)[1], (pb - pa)[0]])
        for tl, tr, bl, seen in ((pa, pb, pa + w, (a, b, None)), (pb, pa, pb + w, (b, a, None)),
                                 (pa, pb, pa - w, (a, b, None)), (pb, pa, pb - w, (b, a, None))):
            twos.append(_layout(tl, tr, bl, m, seen))
        mid, half = (pa + pb) / 2.0, w / 2.0
        for corner in (mid + half, mid - half):
            twos.append(_layout(corner, pa, pb, m, (None, a, b)))
    for a, b, c in itertools.combinations(found, 3):
        ms = (a.module, b.module, c.module)
        if max(ms) > 1.5 * min(ms):
            continue
        for right, p, q in ((a, b, c), (b, a, c), (c, a, b)):
            u = np.array(p.centre) - np.array(right.centre)
            v = np.array(q.centre) - np.array(right.centre)
            lu, lv = float(np.linalg.norm(u)), float(np.linalg.norm(v))
            if min(lu, lv) < 0.7 * max(lu, lv) or abs(float(u @ v)) > 0.3 * lu * lv:
                continue
            threes.append(_layout(np.array(right.centre), np.array(p.centre), np.array(q.centre), sum(ms) / 3,
                                  (right, p, q)))
    return threes + twos


def _layout(tl: np.ndarray, tr: np.ndarray, bl: np.ndarray, m: float,
            seen: tuple[Mark | None, Mark | None, Mark | None]) -> Layout:
    """The layout with ``tl`` at the right angle, the other two swapped if
    need be so that the code is not read mirrored (top-right to the right of
    top-left as one looks from it towards bottom-left)."""
    u, v = tr - tl, bl - tl
    if float(u[0] * v[1] - u[1] * v[0]) < 0:
        tr, bl = bl, tr
        seen = (seen[0], seen[2], seen[1])
    return Layout((float(tl[0]), float(tl[1])), (float(tr[0]), float(tr[1])), (float(bl[0]), float(bl[1])), m, seen)


def redrawn(grey: np.ndarray, quad: np.ndarray, n: int, block: int = 0) -> np.ndarray:
    """The code at ``quad`` (TL, TR, BR, BL) sampled as n x n modules (each
    the blurred picture at its centre, dark or light against the mean of
    the ``block`` x ``block`` modules round it, 0: a third of the code's side:
    centres hold on better than cell means where the grid is a little off),
    the three finder patterns drawn whole, at :data:`_MODULE_PX` px a module
    in a quiet zone."""
    k = 8
    side = n * k
    target = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    warped = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(quad.astype(np.float32), target), (side, side),
                                 flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    centres = np.arange(n) * k + k // 2
    cells = np.ascontiguousarray(cv2.GaussianBlur(warped, (0, 0), k / 5.0)[np.ix_(centres, centres)])
    block = max(3, (block or n // 3) | 1)
    grid = cv2.adaptiveThreshold(cells, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, block, 0)
    grid[0:8, 0:8] = _FINDER
    grid[0:8, n - 8:n] = _FINDER[:, ::-1]
    grid[n - 8:n, 0:8] = _FINDER[::-1, :]
    big = cv2.resize(grid, (n * _MODULE_PX, n * _MODULE_PX), interpolation=cv2.INTER_NEAREST)
    q = _QUIET * _MODULE_PX
    out: np.ndarray = cv2.copyMakeBorder(big, q, q, q, q, cv2.BORDER_CONSTANT, value=255)
    return out


def read_completed(grey: np.ndarray, known: Sequence[Detection] = (), budget_ms: float = BUDGET_MS
                   ) -> list[Detection]:
    """The codes read by completing their finder patterns (module docstring),
    each at its grid's corners in ``grey``'s pixels, until ``budget_ms`` is
    spent; finder patterns inside a code of ``known`` (read already) are left
    out. When nothing is known and no finder pattern leads to a code, the
    box round every dark pixel is tried as one code (a picture of a code
    alone, every finder pattern of it broken), each way up."""
    import zxingcpp
    t0 = time.perf_counter()
    out: list[Detection] = []
    quads = [np.array(d.corners, np.float32) for d in known]
    free = [mk for mk in marks(grey) if not any(_inside(q, mk.centre) for q in quads)]
    free += [mk for mk in closer_marks(grey, free) if not any(_inside(q, mk.centre) for q in quads)]
    lays = layouts(free)
    for lay in lays:
        if (time.perf_counter() - t0) * 1000.0 > budget_ms:
            break
        for n, quad in lay.grids():
            if any(_inside(quad, d.centre) for d in out):
                break
            read = _read_nudged(zxingcpp, grey, quad, n)
            if read is not None:
                out.append(read)
                break
    if not known and not out:
        box = _dark_box(grey)
        for turn, v in itertools.product(range(4), VERSIONS):
            if (time.perf_counter() - t0) * 1000.0 > budget_ms:
                break
            read = _read_nudged(zxingcpp, grey, np.roll(box, turn, axis=0), 17 + 4 * v)
            if read is not None:
                return [read]
    return out + _read_fitted(zxingcpp, grey, lays, [*known, *out], min(budget_ms, FITTED_MS))


#: how many grids are fitted to their fixed patterns (the best matched first)
FITTED = 8
#: how long fitting them may take (ms), beyond the completion's own budget
FITTED_MS = 400.0
#: the least match (:meth:`.grid_fit.FixedPatterns.structure`, 6 at best) a grid is fitted from
MIN_STRUCTURE = 1.5
#: the windows a fitted grid's modules are thresholded over (modules; 0: a
#: third of the code's side): under a sheen the contrast changes within a few
#: modules, and a narrow window follows it (glare 012 of BoofCV's set reads
#: over 5 to 9 modules, not over 12)
FITTED_BLOCKS = (0, 7, 5)


def _read_fitted(zxingcpp: Any, grey: np.ndarray, lays: Sequence[Layout], known: Sequence[Detection],
                 budget_ms: float) -> list[Detection]:
    """The codes read from the :data:`FITTED` grids of ``lays`` that best
    match a code's fixed patterns (at least :data:`MIN_STRUCTURE`), each with
    the corners no seen finder pattern anchors fitted to them
    (:func:`.grid_fit.fit`), its modules thresholded over each of
    :data:`FITTED_BLOCKS`; grids over a code of ``known`` are left out, and
    nothing is started once ``budget_ms`` is spent."""
    t0 = time.perf_counter()
    if budget_ms <= 0:
        return []
    boxes = np.array([[*np.min(d.corners, axis=0), *np.max(d.corners, axis=0)] for d in known]).reshape(-1, 4)
    grids: list[tuple[int, np.ndarray, Layout]] = []
    for i, lay in enumerate(lays):
        if i % 64 == 0 and (time.perf_counter() - t0) * 1000.0 > budget_ms:
            return []
        for n, quad in lay.square_grids():
            cx, cy = quad.mean(axis=0)
            if not ((boxes[:, 0] <= cx) & (cx <= boxes[:, 2]) & (boxes[:, 1] <= cy) & (cy <= boxes[:, 3])).any():
                grids.append((n, quad, lay))
    if not grids:
        return []
    corners = np.concatenate([q for _, q, _ in grids])
    (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
    margin = 8 * max(lay.module for lay in lays)
    patterns = grid_fit.FixedPatterns(grey, (int(x0 - margin), int(y0 - margin), int(x1 + margin), int(y1 + margin)))
    # ranked on the parallelograms first (a tenth of the cost of bending
    # each), the best few bent and ranked again
    rough: list[tuple[float, int, np.ndarray, Layout]] = []
    for i, (n, quad, lay) in enumerate(grids):
        if i % 64 == 0 and (time.perf_counter() - t0) * 1000.0 > budget_ms:
            return []
        rough.append((patterns.structure(quad, n), n, quad, lay))
    rough.sort(key=lambda t: -t[0])
    ranked = []
    for _, n, quad, lay in rough[:3 * FITTED]:
        bent = lay.perspective(n, quad)
        free = [2] + [i for i, mk in zip((0, 1, 3), lay.seen) if mk is None]     # BR, and where none was seen
        ranked.append((patterns.structure(bent, n), n, bent, free))
    ranked.sort(key=lambda t: -t[0])
    out: list[Detection] = []
    for score, n, quad, free in ranked[:FITTED]:
        if (time.perf_counter() - t0) * 1000.0 > budget_ms or score < MIN_STRUCTURE:
            break
        fitted, _ = grid_fit.fit(patterns, quad, n, free)
        if any(_inside(fitted, d.centre) for d in [*known, *out]):
            continue
        for block in FITTED_BLOCKS:
            found = zxingcpp.read_barcodes(redrawn(grey, fitted, n, block), formats=zxingcpp.BarcodeFormat.QRCode,
                                           is_pure=True, try_rotate=False, try_downscale=False,
                                           try_invert=False, binarizer=zxingcpp.Binarizer.BoolCast)
            texts = [b.text for b in found if b.text and b.valid]
            if texts:
                out.append(Detection(texts[0], tuple((float(x), float(y)) for x, y in fitted)))  # type: ignore[arg-type]
                break
    return out


def closer_marks(grey: np.ndarray, found: Sequence[Mark], long_px: int = 1600) -> list[Mark]:
    """The finder patterns :func:`marks` missed in a picture it searched
    shrunk (over ``long_px``), looked for again at full size round each pair
    of those it found that may be two corners of one code (alike in module
    size, 12 to 72 modules apart): a reflection over a finder pattern's dark
    square washes it out once shrunk, and a code with two finder patterns
    found is often read with its third."""
    if max(grey.shape[:2]) <= long_px:
        return []
    h, w = grey.shape[:2]
    extra: list[Mark] = []
    for a, b in itertools.combinations(found, 2):
        m = (a.module + b.module) / 2.0
        apart = math.dist(a.centre, b.centre) / m
        if abs(a.module - b.module) > MODULE_SLACK * m or not 12.0 <= apart <= 72.0:
            continue
        cx, cy = (a.centre[0] + b.centre[0]) / 2.0, (a.centre[1] + b.centre[1]) / 2.0
        half = 1.2 * math.dist(a.centre, b.centre)
        x0, y0, x1, y1 = int(max(0, cx - half)), int(max(0, cy - half)), int(min(w, cx + half)), int(min(h, cy + half))
        if max(x1 - x0, y1 - y0) > long_px:
            continue
        for mk in marks(grey[y0:y1, x0:x1], long_px=long_px):
            here = Mark((mk.centre[0] + x0, mk.centre[1] + y0), mk.module, mk.corners + np.array([x0, y0], np.float32))
            if not any(math.dist(here.centre, o.centre) < 2.0 * min(o.module, here.module) for o in [*found, *extra]):
                extra.append(here)
    return extra


def _dark_box(grey: np.ndarray) -> np.ndarray:
    """The corners of the box round every pixel darker than Otsu's threshold (TL, TR, BR, BL)."""
    dark = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)[1]
    x, y, w, h = cv2.boundingRect(dark)
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float32)


#: how far the bottom-right corner, the one no finder pattern anchors, is moved (modules, each way)
NUDGES = (0.0, -0.6, 0.6)


def _read_nudged(zxingcpp: Any, grey: np.ndarray, quad: np.ndarray, n: int) -> Detection | None:
    """The code read from the grid at ``quad``, its bottom-right corner moved
    by :data:`NUDGES` along both sides when it does not read where guessed."""
    ex, ey = (quad[1] - quad[0]) / n, (quad[3] - quad[0]) / n
    for dx, dy in itertools.product(NUDGES, NUDGES):
        q = quad.copy()
        q[2] = quad[2] + dx * ex + dy * ey
        found = zxingcpp.read_barcodes(redrawn(grey, q, n), formats=zxingcpp.BarcodeFormat.QRCode,
                                       is_pure=True, try_rotate=False, try_downscale=False,
                                       try_invert=False, binarizer=zxingcpp.Binarizer.BoolCast)
        texts = [b.text for b in found if b.text and b.valid]
        if texts:
            return Detection(texts[0], tuple((float(x), float(y)) for x, y in q))  # type: ignore[arg-type]
    return None


def _inside(quad: np.ndarray, p: tuple[float, float]) -> bool:
    return bool(cv2.pointPolygonTest(quad.reshape(-1, 1, 2).astype(np.float32), (float(p[0]), float(p[1])), False) >= 0)
