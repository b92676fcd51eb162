"""Finding the tags a single full-frame decode misses.

At about 2 pixels per QR module, or with some blur, zxing-cpp's full-frame pass
misses most codes that it reads at once from an upscaled crop. Upscaling the
whole frame costs four times the decode, so instead:

1. :func:`candidates` finds tag-like patches cheaply: on a (linearly) downscaled
   grey copy, the morphological gradient marks the edges between dark and light
   modules; a QR symbol is a dense square of such edges, so a box filter of the
   edge map, thresholded and eroded by half a tag (text lines and card edges are
   thin and vanish), leaves blobs where the codes are. Roughly square blobs of a
   tag's size that do not lie over a decoded symbol are the candidates.
2. :func:`decode_crop` decodes a candidate from a crop upscaled (cubic) to about
   6 px per module, walking down :data:`LADDER` (other scales, an unsharp mask,
   a global binarizer) until one step reads it. The pipeline tries the first
   :data:`FIRST_STEPS` at once and one more step on each later frame, so a full
   pass stays cheap; ``companion scan`` tries the whole ladder.

Measured with ``make bench`` (60 tags, blur σ 1, noise, uneven light): at
2.1 px/module zxing alone reads ~12 % of the tags in a frame, the full pass
with recovery ~97-98 %, and 100 % within 5 frames; at ≥ 3 px/module zxing reads
(nearly) all and the recovery costs a few milliseconds (the full pass is about
1.1-1.2x a raw zxing decode). Crops at 2 px/module: x3 alone reads ~83 %, the
ladder ~95 %; a linear upscale only ~12 %.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import cv2
import numpy as np

from .decoders import Decoder, Detection, ZxingDecoder

Box = tuple[int, int, int, int]   # x0, y0, x1, y1 in full-frame pixels


@dataclass(frozen=True)
class Candidate:
    """A patch that looks like a QR symbol nobody decoded yet."""

    box: Box

    @property
    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box
        return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)


def candidates(grey: np.ndarray, side_px: tuple[float, float], known: Iterable[Detection] = (),
               density: float = 0.3) -> list[Candidate]:
    """Tag-like patches in ``grey`` whose side is within ``side_px`` (min, max),
    not overlapping a known detection."""
    h, w = grey.shape[:2]
    f = 4 if min(side_px) >= 48 else 2 if min(side_px) >= 24 else 1   # a code stays >= 12 px wide
    # linear (not area) downscaling: ~6x cheaper on 12 MP, and aliasing only adds texture
    g = cv2.resize(grey, (w // f, h // f), interpolation=cv2.INTER_LINEAR) if f > 1 else grey
    edges = cv2.morphologyEx(g, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    _, e = cv2.threshold(edges, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    lo, hi = side_px[0] / f, side_px[1] / f
    win = max(3, int(lo * 0.5) | 1)
    dens = cv2.boxFilter(e, cv2.CV_8U, (win, win), normalize=True)
    mask = (dens > int(255 * density)).astype(np.uint8)
    # erode by about half a small tag: text lines and card edges (thin) vanish,
    # the core of a QR symbol (thick) stays, even when a label touches it
    k = max(1, int(lo * 0.45))
    core = cv2.erode(mask, np.ones((k, k), np.uint8))
    contours, _ = cv2.findContours(core, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    known_boxes = np.array([_det_box(d) for d in known] or [(0, 0, 0, 0)], np.int64)
    out = []
    for c in contours:
        x, y, bw, bh = cv2.boundingRect(c)
        x, y, bw, bh = x - k // 2, y - k // 2, bw + k, bh + k
        side = max(bw, bh)
        # a QR symbol's blob is about square whatever its angle, and at least
        # a small tag's size
        if side < lo * 0.8 or side > hi * 1.6 or side > 1.5 * min(bw, bh):
            continue
        box = (x * f, y * f, (x + bw) * f, (y + bh) * f)
        # a patch mostly over a decoded symbol is that symbol (or its label)
        ow = np.minimum(known_boxes[:, 2], box[2]) - np.maximum(known_boxes[:, 0], box[0])
        oh = np.minimum(known_boxes[:, 3], box[3]) - np.maximum(known_boxes[:, 1], box[1])
        if (np.clip(ow, 0, None) * np.clip(oh, 0, None)).max() > 0.2 * (box[2] - box[0]) * (box[3] - box[1]):
            continue
        out.append(Candidate(box))
    return out


def _det_box(d: Detection, grow: float = 0.25) -> Box:
    xs, ys = zip(*d.corners)
    m = grow * d.side_px
    return (int(min(xs) - m), int(min(ys) - m), int(max(xs) + m), int(max(ys) + m))


def _sharpen(img: np.ndarray) -> np.ndarray:
    return cv2.addWeighted(img, 1.8, cv2.GaussianBlur(img, (0, 0), 3), -0.8, 0)


# The recovery ladder, cheapest first: (upscale relative to the first step,
# unsharp mask, binarizer). The first step upscales the crop to about 6 px per
# module (judged from the patch's size; at least x1.5). Measured on 2 px/module
# crops with blur σ = 1, noise and uneven light: the first step alone reads
# ~83 %, the whole ladder ~95 %.
LADDER = ((1.0, False, "local"), (0.67, False, "local"), (1.0, True, "local"),
          (1.33, False, "local"), (1.0, True, "global"))
FIRST_STEPS = (0, 1)          # on the frame a patch is found; later frames try the others
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


def decode_crop(grey: np.ndarray, box: Box, decoder: Decoder, margin: float = 0.35,
                steps: Sequence[int] | None = None) -> list[Detection]:
    """Decode one region of ``grey`` from an upscaled crop, trying the ladder's
    steps (all, or the indices in ``steps``) until one reads something;
    detections in full-frame pixels."""
    h, w = grey.shape[:2]
    x0, y0, x1, y1 = box
    side = max(x1 - x0, y1 - y0)
    m = int(margin * side) + 4
    x0, y0, x1, y1 = max(0, x0 - m), max(0, y0 - m), min(w, x1 + m), min(h, y1 + m)
    crop = grey[y0:y1, x0:x1]
    if crop.shape[0] < 8 or crop.shape[1] < 8:
        return []
    # the patch's blob is about the symbol's diagonal at 45 degrees, its side square
    module = side / 1.2 / 21.0
    base = min(4.0, max(1.5, MODULE_PX / max(module, 0.5)))
    for i, (rel, sharpen, binarizer) in enumerate(LADDER):
        if steps is not None and i not in steps:
            continue
        dec = _crop_decoder(decoder, binarizer)
        if dec is None:
            continue
        scale = max(1.0, base * rel)
        big = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
        if sharpen:
            big = _sharpen(big)
        got = [d.shifted(x0, y0, scale) for d in dec.decode(big)]
        if got:
            return got
    return []


def recover(image: np.ndarray, cands: Sequence[Candidate], decoder: Decoder,
            steps: Sequence[int] | None = None) -> tuple[list[Detection], list[Candidate]]:
    """Decode each candidate from an upscaled crop (the ladder's ``steps``, all
    by default). Returns the detections (in full-frame pixels) and the
    candidates that still failed."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    found: dict[str, Detection] = {}
    failed = []
    for c in cands:
        got = decode_crop(grey, c.box, decoder, steps=steps)
        if not got:
            failed.append(c)
        for d in got:
            found.setdefault(d.payload, d)
    return list(found.values()), failed
