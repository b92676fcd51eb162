"""What the camera does to a code, learned from the codes it read, and undone
on the small tags' crops.

A defocused lens, camera shake, ink that spread on the print: each smears a
module over its neighbours, and below about 3 px per module zxing-cpp no
longer reads the smear. The recovery ladder's unsharp masks guess at it; a
code that did read (by the whole-frame decode or a crop) tells it exactly.
Its modules (zxing-cpp's bit matrix) and its corners give the picture a perfect camera would have
taken of it, and the small linear filter (9 x 9 px, least squares, a little
ridge) that turns the real picture into that one undoes the smear for every
other code in the frame too: a lens's blur or a shake is the same across the
picture, and so is the print. It is a Wiener filter learned from the table
itself, noise included, with no model of the blur to get wrong::

    >>> lens = learn(grey, detections)                        # doctest: +SKIP
    >>> sharp = lens.restore(grey[y0:y1, x0:x1])              # doctest: +SKIP

Measured on the candidate filter's tag patches of the simulated table at 2.5
px per module (the conditions of ``make bench``'s "What a real camera
varies"), one crop each: restored, 53 of 53 read under a defocused lens (the
ladder's first step, 48), 56 of 57 with dot gain (53) and 50 of 59 with 4 px
of camera shake (7); at 1.8 px per module 59 of 60 (54).

The filter undoes the smear only as much as the pictures it learned from
need: learned from a table's 5 px per module corner markers, it sharpens
its 2.5 px per module tags too little. So the finest codes are learned from
first (:func:`candidates`), and a lens is learned again once codes
:data:`FINER` than its own were read (:func:`finest`).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .decoders import Detection

RADIUS = 4                  # the filter is (2 RADIUS + 1) px square: room for 4 px of shake
RIDGE = 3e-4                # the ridge, per row: enough to keep noise from being sharpened into the filter
QUIET = 2                   # modules of quiet zone fitted round each code
SUPERSAMPLE = 2             # the ideal picture is drawn this much finer, then averaged down
MAX_CODES = 2               # codes learned from: the finest that match (four or eight read no more tags)
MAX_TRIED = 5               # codes tried, finest first
MIN_MATCH = 0.55            # a code's picture must match its ideal this well (correlation) to be learned
                            # from: blurred codes worth learning from match 0.65-0.9, a wrong or inverted
                            # matrix far less (0.75 refused another renderer's blurred codes)
MAX_ROWS = 2000             # pixels fitted in all, at most (a fixed, even sample of each code's)
MIN_FIT = 0.8               # the filtered codes must match their ideal pictures this well (correlation)
MIN_SIDE_PX = 15.0          # smaller codes are too few pixels to fit 81 coefficients to
MAX_SIDE_PX = 160.0         # bigger ones (over 7.6 px per module) read without help, and their patch
                            # costs what ten small ones do (a phone photo's close-up code: 40 ms)
FINER = 0.85                # codes this much finer than a lens was learned from are learned from again


@dataclass(frozen=True)
class Lens:
    """A restoration filter for one camera's pictures: ``kernel`` (float32,
    (2 RADIUS + 1) px square), learned from ``codes`` codes of ``module_px``
    px per module (their mean), whose pictures it brought from a correlation
    of ``before`` with their ideal ones to ``after``."""

    kernel: np.ndarray
    codes: int
    before: float
    after: float
    module_px: float = 0.0

    def restore(self, grey: np.ndarray) -> np.ndarray:
        """``grey`` (uint8) as a perfect camera would have seen it, as near as
        the filter gets (uint8, saturated)."""
        # in floats: OpenCV filters a float picture twice as fast as a uint8 one
        out = cv2.filter2D(grey.astype(np.float32), -1, self.kernel, borderType=cv2.BORDER_REPLICATE)
        return np.clip(out, 0, 255, out=out).astype(np.uint8)


class Learner:
    """A lens being learned: :meth:`add` takes one code's pixels (about a
    millisecond), :meth:`fit` solves for the filter from the codes added so far::

        >>> learner = Learner()
        >>> for d in candidates(detections):                     # doctest: +SKIP
        ...     learner.add(image, d)
        >>> lens = learner.fit()                                 # doctest: +SKIP
    """

    def __init__(self, radius: int = RADIUS):
        self.radius = radius
        self.rows: list[np.ndarray] = []
        self.targets: list[np.ndarray] = []
        self.modules: list[float] = []          # each code's px per module

    @property
    def codes(self) -> int:
        """How many codes were learned from so far."""
        return len(self.rows)

    def add(self, image: np.ndarray, d: Detection) -> bool:
        """Learn from ``d`` (a detection carrying its ``modules``) as it lies
        in ``image`` (grey or BGR; a later frame of a still table will do);
        False when it does not qualify (too small or big, at the edge, not
        matching its modules: a light-on-dark code, a misread)."""
        if not _usable(d):
            return False
        pair = _pair(image, d)
        if pair is None:
            return False
        obs, ideal, valid = pair
        radius = self.radius
        k = 2 * radius + 1
        inner = valid.copy()
        inner[:radius] = inner[-radius:] = False
        inner[:, :radius] = inner[:, -radius:] = False
        idx = np.flatnonzero(inner)
        if len(idx) < 4 * k * k:
            return False
        idx = idx[:: max(1, len(idx) * MAX_CODES // MAX_ROWS)]
        pad = cv2.copyMakeBorder(obs, radius, radius, radius, radius, cv2.BORDER_REPLICATE)
        win = np.lib.stride_tricks.sliding_window_view(pad, (k, k))     # a view: no copy
        r, c = np.unravel_index(idx, inner.shape)
        self.rows.append(win[r, c].reshape(len(idx), k * k))
        self.targets.append(ideal.reshape(-1)[idx])
        self.modules.append(module_px(d))
        return True

    def fit(self) -> Lens | None:
        """The filter that best turns the codes' pictures into their ideal
        ones (least squares with a little ridge, the offset free); None when
        no code was added or the filter does not fit them (:data:`MIN_FIT`)."""
        if not self.rows:
            return None
        a = np.concatenate(self.rows)
        y = np.concatenate(self.targets)
        a1 = np.hstack([a, np.ones((len(a), 1), np.float32)])
        ridge = RIDGE * len(a) * np.eye(a1.shape[1])
        ridge[-1, -1] = 0.0
        try:
            coef = np.linalg.solve((a1.T @ a1).astype(np.float64) + ridge, (a1.T @ y).astype(np.float64))
        except np.linalg.LinAlgError:
            return None
        before = _corr(a[:, a.shape[1] // 2], y)
        after = _corr(a1 @ coef.astype(np.float32), y)
        if not after >= MIN_FIT:
            return None
        k = 2 * self.radius + 1
        return Lens(coef[:-1].reshape(k, k).astype(np.float32), self.codes, round(before, 3), round(after, 3),
                    round(float(np.mean(self.modules)), 2))


def candidates(detections: Sequence[Detection]) -> list[Detection]:
    """The codes worth learning from, best first (the finest: the least
    squares fit undoes the smear as much as the pictures it learns from
    need, so a lens learned from a table's big corner tags (5 px per module)
    sharpens its 2.5 px per module tags too little; and a small tag's patch
    is cheapest), at most :data:`MAX_TRIED`."""
    return sorted(filter(_usable, detections), key=module_px)[:MAX_TRIED]


def finest(detections: Sequence[Detection]) -> float | None:
    """The px per module of the finest code of ``detections`` worth learning
    from (None: none is): the pipeline learns again from codes :data:`FINER`
    than those a lens was learned from, which it may restore too little for."""
    return min(map(module_px, filter(_usable, detections)), default=None)


def finer(module: float, than: float | None) -> bool:
    """Whether codes of ``module`` px per module are :data:`FINER` than
    codes of ``than`` (None: no lens was learned yet, so any code is)."""
    return than is None or module < FINER * than


def module_px(d: Detection) -> float:
    """A detection's px per module (``inf`` when it does not carry its modules)."""
    return d.side_px / d.modules.shape[0] if d.modules is not None else float("inf")


def _usable(d: Detection) -> bool:
    """Whether ``d`` carries its modules and is of a size worth learning from."""
    return d.modules is not None and MIN_SIDE_PX <= d.side_px <= MAX_SIDE_PX


def learn(image: np.ndarray, detections: Sequence[Detection], radius: int = RADIUS) -> Lens | None:
    """The lens learned from ``detections`` in ``image`` (the pipeline runs
    this on its worker thread after a full pass, ``companion scan`` on its
    still): the first :data:`MAX_CODES` of :func:`candidates` that qualify,
    then the fit (3-4 ms on the x86 machine)."""
    learner = Learner(radius)
    for d in candidates(detections):
        if learner.add(image, d) and learner.codes == MAX_CODES:
            break
    return learner.fit()


def _pair(image: np.ndarray, d: Detection) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """A code's picture (normalised: its light 1, its dark 0), its ideal
    picture registered to it (light 1), and which pixels the ideal covers;
    None when the code is too near the edge or the picture does not match
    (a light-on-dark code, a misread)."""
    assert d.modules is not None
    first = _ideal(image.shape, d, (0.0, 0.0))
    if first is None:
        return None
    ideal, valid, (x0, y0, x1, y1) = first
    patch = image[y0:y1, x0:x1]
    obs = (patch if patch.ndim == 2 else cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)).astype(np.float32)
    # register: the corners zxing-cpp reports may be off by a pixel; the shift
    # that best matches the ideal picture, to a tenth of a pixel
    m = 3
    # beyond the quiet zone (a turned code's box has corners there) nothing is
    # known: the template holds its mean there, which the correlation ignores
    inner = np.where(valid, ideal, ideal[valid].mean() if valid.any() else 0.0)[m:-m, m:-m].astype(np.float32)
    if inner.size == 0 or inner.std() == 0:
        return None
    score = cv2.matchTemplate(obs, inner, cv2.TM_CCOEFF_NORMED)
    _, peak, _, (px, py) = cv2.minMaxLoc(score)
    if peak < MIN_MATCH:
        return None
    dx, dy = px - m + _vertex(score, px, py, 1), py - m + _vertex(score, px, py, 0)
    second = _ideal(image.shape, d, (dx, dy), (x0, y0, x1, y1))
    if second is None:
        return None
    ideal, valid, _ = second
    lo, hi = np.percentile(obs[valid], (5, 95))
    if hi - lo < 8:
        return None
    return (obs - lo) / (hi - lo), ideal, valid


def _vertex(score: np.ndarray, x: int, y: int, axis: int) -> float:
    """The sub-pixel offset of a correlation peak along ``axis`` (a parabola through three values)."""
    if axis == 1:
        if not 0 < x < score.shape[1] - 1:
            return 0.0
        a, b, c = score[y, x - 1], score[y, x], score[y, x + 1]
    else:
        if not 0 < y < score.shape[0] - 1:
            return 0.0
        a, b, c = score[y - 1, x], score[y, x], score[y + 1, x]
    den = a - 2 * b + c
    return float(np.clip(0.5 * (a - c) / den, -0.5, 0.5)) if den < 0 else 0.0


def _ideal(shape: tuple[int, ...], d: Detection, shift: tuple[float, float],
           box: tuple[int, int, int, int] | None = None
           ) -> tuple[np.ndarray, np.ndarray, tuple[int, int, int, int]] | None:
    """The picture a perfect camera takes of ``d`` (light 1, dark 0; its quiet
    zone light), moved by ``shift`` px, over ``box`` (x0, y0, x1, y1; None: the
    box of the frame it covers), and which pixels of that box it covers whole."""
    assert d.modules is not None
    n = d.modules.shape[0]
    q, ss = QUIET, SUPERSAMPLE
    grid = np.ones((n + 2 * q, n + 2 * q), np.float32)
    grid[q:q + n, q:q + n] = np.where(d.modules, 0.0, 1.0)
    # module corners -> frame pixels (the detection's corners are pixel centres)
    src = np.array([(q, q), (q + n, q), (q + n, q + n), (q, q + n)], np.float32)
    dst = (np.array(d.corners, np.float32) + np.array(shift, np.float32) + 0.5).astype(np.float32)  # pixel edges
    hom = cv2.getPerspectiveTransform(src, dst)
    m = n + 2 * q
    outline = cv2.perspectiveTransform(np.array([[(0, 0), (m, 0), (m, m), (0, m)]], np.float32), hom)[0]
    if box is None:
        x0, y0 = np.floor(outline.min(axis=0)).astype(int)
        x1, y1 = np.ceil(outline.max(axis=0)).astype(int)
    else:
        x0, y0, x1, y1 = box
    h, w = shape[:2]
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        return None
    # draw ss times finer (pixel centres at (i + 0.5) / ss), then average down
    to_fine = np.array([[ss, 0, -ss * x0 - 0.5], [0, ss, -ss * y0 - 0.5], [0, 0, 1]], np.float64) @ hom
    size = ((x1 - x0) * ss, (y1 - y0) * ss)
    # the grid's pixel centres are module centres (u + 0.5)
    grid_to_fine = to_fine @ np.array([[1, 0, 0.5], [0, 1, 0.5], [0, 0, 1]], np.float64)
    fine = cv2.warpPerspective(grid, grid_to_fine, size, flags=cv2.INTER_NEAREST, borderValue=-1.0)
    inside = (fine >= 0).astype(np.float32)
    ideal = cv2.resize(np.clip(fine, 0, 1), (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA)
    valid = cv2.resize(inside, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA) > 0.999
    return ideal, valid, (int(x0), int(y0), int(x1), int(y1))


def _corr(a: np.ndarray, b: np.ndarray) -> float:
    sa, sb = a.std(), b.std()
    if sa == 0 or sb == 0:
        return 0.0
    return float(((a - a.mean()) * (b - b.mean())).mean() / (sa * sb))
