"""Glare: a lamp's reflection burnt out over a tag the tracker knows.

A coated card or a glossy sleeve under a lamp reflects it straight into the
camera: a patch of the picture clips to white, and a tag under it cannot be
read, however good the decoder. The tracker must not call that tag gone (a
reflection is not a card taken away), nor guess what lies under it: the
pipeline holds it where it was, with the reason ``glare``, and the players
are told to tilt the lamp or the card.

:func:`find_glare` looks for it on the change detector's small grey copy of
the frame (about 480 px wide, already made for every frame): a pixel is
*burnt out* when its grey level is at least :data:`SATURATED` (a grey that
high needs all three channels high: a colourless highlight, not a bright
colour). On that grid a printed code is a mid-grey mush (its modules are
smaller than a small pixel, and the copy is blurred), so even a tag on
white paper clipped by a bright light has a burnt-out share under 40 %;
under a reflection its share is most of it. A tag is *under glare* when at
least :data:`COVERED` of its code's inner box (:data:`INNER` of it, so a
white card's edge does not count) is burnt out on the small copy, and
:data:`CLIPPED` of it clipped in the frame itself (a pale card laid over
a tag is bright, not clipped);
the highlight's box is the connected patch of the mask closed over its
bloom (:data:`CLOSE_PX` small px) that covers it, followed as far as
:data:`WINDOW_PX` around the tag, in full-frame pixels.

Cheap by construction: one threshold and one count over the small copy on
every frame (about 25 microseconds at 480x270), a slice per tag looked at
when something is saturated, and the closing and labelling only in a small
window around a tag a reflection hides.

    >>> import numpy as np
    >>> small = np.full((90, 160), 120, np.uint8)
    >>> small[30:50, 40:70] = 255                       # a reflection
    >>> spots = {"GLC:KID:03": (550.0, 400.0, 120.0), "GLC:KID:04": (1200.0, 400.0, 120.0)}
    >>> {p: g.box for p, g in find_glare(small, 0.1, spots).items()}
    {'GLC:KID:03': (400, 300, 700, 500)}
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from .changes import Box

#: the grey level (0-255) of a burnt-out pixel on the small copy: a clipped
#: highlight is 255 in the frame, but a code under a real one (path-traced
#: sleeved cards, tests/data/pathtraced) keeps some of its dark modules a little
#: under it, and the copy's downscale and blur mix them in: 210 finds 79-100 %
#: of such a code burnt out, where a code in plain light (white paper clipped
#: by a bright light in the simulated table, a window's light on coated cards)
#: has at most 38 %
SATURATED = 210

#: the share of a code's inner box that must be burnt out to call it hidden
#: by glare: half, between the 38 % print in bright light reaches and the 79 %
#: a reflection over the whole code gives (a reflection over a third of a code
#: may hide it too: that tag is missed, as before)
COVERED = 0.5

#: a reflection is clipped in the frame itself: at least this share of the
#: code's inner box must be at :data:`CLIPPED_LEVEL` or over in every channel
#: (the sidecars of the path-traced frames: 56-72 % under the reflections that
#: hide a code; a pale card or board laid over a tag, bright on the small copy
#: too, has none)
CLIPPED = 0.25

#: the level (0-255) of a clipped pixel in the frame, in every channel
CLIPPED_LEVEL = 250

#: the part of a code's box (per side) that is looked at: the inner 80 %
INNER = 0.8

#: the closing that joins a highlight's core and its bloom into one patch (small px)
CLOSE_PX = 3

#: how far from a hidden tag its highlight's patch is followed (small px, at
#: least; three code sides when more): the box drawn, not what is held
WINDOW_PX = 12


@dataclass(frozen=True)
class Glare:
    """One tag hidden by a reflection: the share of its code that is
    saturated and the highlight's box (full-frame pixels: x0, y0, x1, y1)."""

    payload: str
    covered: float
    box: Box

    def to_json(self) -> dict[str, object]:
        return {"payload": self.payload, "covered": round(self.covered, 2), "box": list(self.box)}


def saturated(small: np.ndarray) -> np.ndarray:
    """The 0/1 mask of burnt-out pixels (:data:`SATURATED` and over) on the small grey copy."""
    return (small >= SATURATED).view(np.uint8)


def find_glare(small: np.ndarray, scale: float, spots: Mapping[str, tuple[float, float, float]],
               mask: np.ndarray | None = None, image: np.ndarray | None = None) -> dict[str, Glare]:
    """The tags hidden by glare, by payload. ``small``: the small grey copy;
    ``scale``: its pixels per full-frame pixel; ``spots``: the tags to look
    at, payload -> (x, y, side) in full-frame pixels (where each lies, or lay
    a moment ago, and its code's side); ``mask``: :func:`saturated` of
    ``small`` when already made; ``image``: the frame (BGR or grey), where a
    tag burnt out on the small copy must also be clipped (:data:`CLIPPED`;
    None: not checked)."""
    if not spots:
        return {}
    m = saturated(small) if mask is None else mask
    if not cv2.countNonZero(m):
        return {}                   # most frames: no highlight anywhere
    sh, sw = m.shape
    hidden: dict[str, tuple[float, Box]] = {}
    for p, (x, y, side) in spots.items():
        r = max(1.0, 0.5 * INNER * side * scale)
        sx, sy = x * scale, y * scale
        x0, y0 = max(0, int(round(sx - r))), max(0, int(round(sy - r)))
        x1, y1 = min(sw, int(round(sx + r)) + 1), min(sh, int(round(sy + r)) + 1)
        if x1 <= x0 or y1 <= y0:
            continue
        share = float(np.count_nonzero(m[y0:y1, x0:x1])) / ((x1 - x0) * (y1 - y0))
        if share >= COVERED and (image is None or _clipped(image, x, y, 0.5 * INNER * side) >= CLIPPED):
            hidden[p] = (share, (x0, y0, x1, y1))
    if not hidden:
        return {}
    k = np.ones((2 * CLOSE_PX + 1, 2 * CLOSE_PX + 1), np.uint8)
    out: dict[str, Glare] = {}
    for p, (share, (x0, y0, x1, y1)) in hidden.items():
        # the highlight's patch, looked for near the tag only (labelling the
        # whole small copy costs a millisecond or more; a window, microseconds)
        g = max(WINDOW_PX, 3 * (x1 - x0))
        wx0, wy0, wx1, wy1 = max(0, x0 - g), max(0, y0 - g), min(sw, x1 + g), min(sh, y1 + g)
        closed = cv2.morphologyEx(m[wy0:wy1, wx0:wx1], cv2.MORPH_CLOSE, k)
        _, labels, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(closed, 8, cv2.CV_32S, cv2.CCL_GRANA)
        ids = np.unique(labels[y0 - wy0:y1 - wy0, x0 - wx0:x1 - wx0])
        ids = ids[ids > 0]
        bx0, by0 = wx0 + int(stats[ids, 0].min()), wy0 + int(stats[ids, 1].min())
        bx1 = wx0 + int((stats[ids, 0] + stats[ids, 2]).max())
        by1 = wy0 + int((stats[ids, 1] + stats[ids, 3]).max())
        out[p] = Glare(p, share, (int(bx0 / scale), int(by0 / scale), int(np.ceil(bx1 / scale)),
                                  int(np.ceil(by1 / scale))))
    return out


def _clipped(image: np.ndarray, x: float, y: float, r: float) -> float:
    """The share of the box of half-side ``r`` px around (x, y) clipped in every channel."""
    h, w = image.shape[:2]
    x0, y0 = max(0, int(x - r)), max(0, int(y - r))
    x1, y1 = min(w, int(x + r) + 1), min(h, int(y + r) + 1)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    box = image[y0:y1, x0:x1]
    lit = box.min(axis=2) if box.ndim == 3 else box
    return float(np.count_nonzero(lit >= CLIPPED_LEVEL)) / lit.size
