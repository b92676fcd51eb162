"""Glare: a lamp's reflection burnt out over a tag the tracker knows.

A coated card or a glossy sleeve under a lamp reflects it straight into the
camera: a patch of the picture clips to white, and a tag under it cannot be
read, however good the decoder. The tracker must not call that tag gone (a
reflection is not a card taken away), nor guess what lies under it: the
pipeline holds it where it was, with the reason ``glare``, and the players
are told to tilt the lamp or the card.

:func:`find_glare` looks for it on the change detector's small grey copy of
the frame (about 480 px wide, already made for every frame): a pixel is
*saturated* when its grey level is at least :data:`SATURATED` (a grey that
high needs all three channels near 255: a clipped, colourless highlight,
not a bright colour). On that grid a printed code is a mid-grey mush (its
modules are smaller than a small pixel, and the copy is blurred), so even a
tag on white paper under a bright, unclipped light has a saturated share
near zero; under a reflection its share is the reflection's. A tag is
*under glare* when at least :data:`COVERED` of its code's inner box
(:data:`INNER` of it, so a white card's edge does not count) is saturated;
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

#: the grey level (0-255) of a saturated pixel on the small copy: a clipped
#: highlight is 255, and the copy's 3x3 blur and JPEG keep it above this
SATURATED = 245

#: the share of a code's inner box that must be saturated to call it hidden
#: by glare: a reflection over a fifth of a code leaves too few modules for
#: its error correction; print alone stays under a few per cent
COVERED = 0.2

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
    """The 0/1 mask of saturated pixels on the small grey copy."""
    return (small >= SATURATED).view(np.uint8)


def find_glare(small: np.ndarray, scale: float, spots: Mapping[str, tuple[float, float, float]],
               mask: np.ndarray | None = None) -> dict[str, Glare]:
    """The tags hidden by glare, by payload. ``small``: the small grey copy;
    ``scale``: its pixels per full-frame pixel; ``spots``: the tags to look
    at, payload -> (x, y, side) in full-frame pixels (where each lies, or lay
    a moment ago, and its code's side); ``mask``: :func:`saturated` of
    ``small`` when already made."""
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
        if share >= COVERED:
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
