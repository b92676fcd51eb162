"""A code's guessed corners fitted to its fixed patterns, for finder-pattern
completion (:mod:`.finders`): a code with a finder pattern under a
reflection, whose grid was put together from the two finder patterns seen.

The corners no finder pattern anchors (the guessed finder pattern's, and the
bottom-right one always) are only extrapolated from the finder patterns seen,
and under a reflection or on a bent card they land a module or two away: glare
017 of BoofCV's set was 1.7 modules off at its guessed top-right corner and 1.2
at its bottom-right, so its grid read nothing. Every QR code carries the same
fixed patterns whatever its payload: the three finder patterns with their
separators, the two timing rows of alternating modules between them, and
(version 2 on) an alignment pattern 7 modules in from the bottom-right
corner. :func:`structure` says how well a grid's module centres match them
(each pattern's correlation with the picture, summed: a washed-out pattern
counts as much as a crisp one), and :func:`fit` moves the free corners along
the code's axes, a module, half a module, then a quarter, for as long as the
match gets better::

    >>> quad = fit(FixedPatterns(grey), quad, 33, free=(1, 2))   # doctest: +SKIP

The match ranks the grids too: of the hundreds of layouts a photo's finder
patterns make, the code's own came first or among the first eight on BoofCV's
glare photos, so only the best few are fitted and read.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import cv2
import numpy as np

#: how far a free corner moves at each stage of the fit (modules)
STEPS = (1.0, 0.5, 0.25)
#: the most moves one fit tries (each a sampling of about 250 points)
MAX_MOVES = 400


def _finder() -> np.ndarray:
    """A finder pattern with its separator, 8 x 8 modules as drawn at the top-left (+1 light, -1 dark)."""
    f = np.ones((8, 8), np.float64)
    f[0:7, 0:7] = -1.0
    f[1:6, 1:6] = 1.0
    f[2:5, 2:5] = -1.0
    return f


@lru_cache(maxsize=16)
def _patterns(n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The fixed patterns of an n x n code: their module centres (in modules,
    as points for ``cv2.perspectiveTransform``), which pattern each belongs to
    (1-6), its colour (+1 light, -1 dark), and per pattern the module count,
    the colours' mean and standard deviation."""
    colour = np.zeros((n, n), np.float64)
    group = np.zeros((n, n), np.int64)
    f = _finder()
    colour[0:8, 0:8], group[0:8, 0:8] = f, 1
    colour[0:8, n - 8:n], group[0:8, n - 8:n] = f[:, ::-1], 2
    colour[n - 8:n, 0:8], group[n - 8:n, 0:8] = f[::-1, :], 3
    for k in range(8, n - 8):
        colour[6, k] = colour[k, 6] = -1.0 if k % 2 == 0 else 1.0
        group[6, k], group[k, 6] = 4, 5
    if n >= 25:
        a = n - 7
        al = -np.ones((5, 5))
        al[1:4, 1:4] = 1.0
        al[2, 2] = -1.0
        colour[a - 2:a + 3, a - 2:a + 3], group[a - 2:a + 3, a - 2:a + 3] = al, 6
    ys, xs = np.nonzero(group)
    pts = np.stack([xs + 0.5, ys + 0.5], 1).astype(np.float32).reshape(-1, 1, 2)
    g, b = group[ys, xs], colour[ys, xs]
    count = np.bincount(g, minlength=7).astype(np.float64)
    mean = np.bincount(g, b, 7) / np.maximum(count, 1.0)
    sd = np.sqrt(np.maximum(np.bincount(g, b * b, 7) / np.maximum(count, 1.0) - mean * mean, 0.0))
    return pts, g, b, count, mean, sd


class FixedPatterns:
    """A picture made ready to score grids on: the integral image of its part
    ``box`` (x0, y0, x1, y1; None: all of it), so that the mean over a box
    round any module centre in it costs four look-ups (a 12 MP photo's whole
    integral image takes 100-150 ms to make)."""

    def __init__(self, grey: np.ndarray, box: tuple[int, int, int, int] | None = None) -> None:
        h, w = grey.shape[:2]
        x0, y0, x1, y1 = box if box is not None else (0, 0, w, h)
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, max(x1, x0 + 1)), min(h, max(y1, y0 + 1))
        self._sum = cv2.integral(np.ascontiguousarray(grey[y0:y1, x0:x1]), sdepth=cv2.CV_64F)
        self._h, self._w = y1 - y0, x1 - x0
        self._at = np.array([x0, y0], np.float64)

    def _means(self, p: np.ndarray, r: int) -> np.ndarray:
        p = p - self._at
        r = max(0, min(r, (min(self._w, self._h) - 1) // 2))
        x = np.clip(np.round(p[:, 0]).astype(np.int64), r, self._w - r - 1)
        y = np.clip(np.round(p[:, 1]).astype(np.int64), r, self._h - r - 1)
        s = self._sum
        total = s[y + r + 1, x + r + 1] - s[y - r, x + r + 1] - s[y + r + 1, x - r] + s[y - r, x - r]
        out: np.ndarray = total / float((2 * r + 1) ** 2)
        return out

    def structure(self, quad: np.ndarray, n: int) -> float:
        """How well the n x n grid at ``quad`` (TL, TR, BR, BL) lies on a
        code's fixed patterns: the correlation of the picture at their module
        centres (a box half a module wide) with their colours, summed over
        the patterns (6 at best, about 0 on no code)."""
        pts, g, b, count, mean, sd = _patterns(n)
        square = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
        h = cv2.getPerspectiveTransform(square, quad.astype(np.float32))
        p = cv2.perspectiveTransform(pts, h).reshape(-1, 2)
        module = float(np.linalg.norm(quad[1] - quad[0])) / n
        v = self._means(p, max(1, int(module * 0.25)))
        c = np.maximum(count, 1.0)
        mv = np.bincount(g, v, 7) / c
        sv = np.sqrt(np.maximum(np.bincount(g, v * v, 7) / c - mv * mv, 0.0))
        cov = np.bincount(g, v * b, 7) / c - mv * mean
        ok = (count[1:] >= 5) & (sv[1:] > 1e-6)
        r = np.where(ok, cov[1:] / np.maximum(sv[1:] * sd[1:], 1e-9), 0.0)
        return float(r.sum())


def fit(patterns: FixedPatterns, quad: np.ndarray, n: int, free: Sequence[int]) -> tuple[np.ndarray, float]:
    """``quad``'s corners ``free`` (indices into TL, TR, BR, BL) moved along
    the code's axes by each of :data:`STEPS` in turn while a move makes
    :meth:`FixedPatterns.structure` better (at most :data:`MAX_MOVES` moves
    tried), and the match reached."""
    q = quad.astype(np.float64).copy()
    best = patterns.structure(q, n)
    tried = 0
    for step in STEPS:
        better = True
        while better and tried < MAX_MOVES:
            better = False
            for corner in free:
                ex, ey = (q[1] - q[0]) / n, (q[3] - q[0]) / n
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    t = q.copy()
                    t[corner] += step * (dx * ex + dy * ey)
                    s = patterns.structure(t, n)
                    tried += 1
                    if s > best + 1e-4:
                        best, q, better = s, t, True
    return q.astype(np.float32), best
