"""BoofCV's QR benchmark, scored by its labels: the photo pass (``companion
scan``, ``companion score``: :func:`companion.vision.scan_photo`) against raw
zxing-cpp on the same photos in one run, per category, beside Dynamsoft's
published figures on the same set.

The set (v3: 16 categories of phone photos, each photo beside a ``.txt`` of
its codes' hand-picked corners, four points a code, or ``SETS`` and eight
numbers a line) is read from ``$COMPANION_BOOFCV_DIR`` (a copy is in
github.com/rizwankce/RustQR, benches/images/boofcv; it is not redistributed
with this project: the section says so and is skipped when it is absent).
``$COMPANION_BOOFCV_ONLY`` (categories, comma-separated, e.g.
``glare,curved``) runs only those, for work on them; unset: all 16.

A labelled code counts as read when a read code's centre lies inside its
corners (the labels have no payloads). ``unlabelled``: reads whose centre lies
in no labelled code (a code the labellers left out, or a wrong read); ``differ``:
codes the photo pass and raw zxing-cpp both read with different payloads (a
wrong payload on one side). Time: the photo pass's time per photo as a ratio
to raw zxing-cpp's (grey conversion and its default options) on the same photo.
"""
from __future__ import annotations

import glob
import math
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from .report import Report

TITLE = "Hard real photos: BoofCV's QR benchmark, the photo pass against raw zxing-cpp and Dynamsoft"
ENV = "COMPANION_BOOFCV_DIR"
ONLY = "COMPANION_BOOFCV_ONLY"

#: Dynamsoft's published recall per category on this set (%; the commercial
#: reference of issue 43); the categories it published a figure for
DYNAMSOFT = {"glare": 84.9, "bright_spots": 43.3, "blurred": 66.2, "curved": 70.0, "damaged": 51.2,
             "pathological": 95.7, "perspective": 62.9, "all": 83.3}


def labels(path: str) -> list[np.ndarray]:
    """The labelled codes of one ``.txt``: each a 4 x 2 array of corners."""
    points: list[list[float]] = []
    sets: list[np.ndarray] = []
    in_sets = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line == "SETS":
                in_sets = True
                continue
            values = [float(v) for v in line.split()]
            if in_sets:
                sets.append(np.array(values, np.float32).reshape(-1, 2))
            else:
                points.append(values)
    if not in_sets:
        sets = [np.array(points[i:i + 4], np.float32) for i in range(0, len(points) - 3, 4)]
    return sets


def photos(root: str, category: str) -> list[tuple[str, str]]:
    """(photo, labels) pairs of one category folder."""
    out = []
    folder = os.path.join(root, category)
    for p in sorted(glob.glob(os.path.join(folder, "*.jpg")) + glob.glob(os.path.join(folder, "*.png"))):
        txt = os.path.splitext(p)[0] + ".txt"
        if os.path.exists(txt):
            out.append((p, txt))
    return out


def hits(reads: Sequence[tuple[str, tuple[float, float]]], codes: Sequence[np.ndarray]
         ) -> tuple[dict[int, str], int]:
    """Which labelled codes the reads (payload, centre) fall in (code index ->
    payload), and how many reads fall in none."""
    got: dict[int, str] = {}
    outside = 0
    for payload, (x, y) in reads:
        inside = [i for i, c in enumerate(codes) if cv2.pointPolygonTest(c, (float(x), float(y)), False) >= 0]
        for i in inside:
            got.setdefault(i, payload)
        outside += not inside
    return got, outside


@dataclass
class Tally:
    """One category's figures."""

    photos: int = 0
    codes: int = 0
    raw: int = 0
    photo: int = 0
    unlabelled: int = 0
    differ: int = 0
    raw_ms: list[float] = field(default_factory=list)
    photo_ms: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        for k in ("photos", "codes", "raw", "photo", "unlabelled", "differ"):
            setattr(self, k, getattr(self, k) + getattr(other, k))
        self.raw_ms += other.raw_ms
        self.photo_ms += other.photo_ms


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100 * n / d:.1f} %)" if d else "-"


def measure(pairs: Sequence[tuple[str, str]]) -> Tally:
    """Raw zxing-cpp and the photo pass on each photo, interleaved."""
    from companion.vision import scan_photo
    from companion.vision.decoders import raw_zxing
    zx = raw_zxing()
    t = Tally()
    for path, txt in pairs:
        img = cv2.imread(path, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)   # labels: stored orientation
        if img is None:
            continue
        codes = labels(txt)
        t0 = time.perf_counter()
        raw = [(d.payload, d.centre) for d in zx.decode(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))]
        t.raw_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        r = scan_photo(img, zx)
        t.photo_ms.append((time.perf_counter() - t0) * 1000)
        mine = [(d.payload, d.centre) for d in r.detections]
        mine += [(x["payload"], (float(x["px"][0]), float(x["px"][1]))) for x in r.rejected]
        got_raw, _ = hits(raw, codes)
        got, outside = hits(mine, codes)
        t.photos += 1
        t.codes += len(codes)
        t.raw += len(got_raw)
        t.photo += len(got)
        t.unlabelled += outside
        t.differ += sum(1 for i, p in got_raw.items() if i in got and got[i] != p)
    return t


def run(report: Report) -> None:
    root = os.environ.get(ENV)
    report.line("Real photos: BoofCV's QR benchmark (v3), scored by its labels: the photo pass "
                "(companion scan / score) against raw zxing-cpp on the same photos, beside Dynamsoft's "
                "published figures.")
    if not root or not os.path.isdir(root):
        report.line(f"SKIPPED: set {ENV} to a folder holding BoofCV's QR benchmark, one folder per category "
                    "(github.com/rizwankce/RustQR, benches/images/boofcv); it is not redistributed here.")
        return
    categories = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
    only = [c.strip() for c in os.environ.get(ONLY, "").split(",") if c.strip()]
    if only:
        unknown = sorted(set(only) - set(categories))
        if unknown:
            raise ValueError(f"{ONLY}: no such category in {root}: {', '.join(unknown)} "
                             f"(there are: {', '.join(categories)})")
        categories = [c for c in categories if c in only]
        report.line(f"Only {', '.join(categories)} ({ONLY}): the last row is theirs together.")
    limit = 3 if report.quick else None
    rows, total = [], Tally()
    for cat in categories:
        pairs = photos(root, cat)
        if limit and len(pairs) > limit:
            pairs = pairs[::len(pairs) // limit][:limit]
        t = measure(pairs)
        if not t.photos:
            continue
        total.add(t)
        rows.append(_row(cat, t))
    rows.append(_row("these" if only else "all", total))
    report.table(["category", "photos", "companion", "raw zxing-cpp", "Dynamsoft", "unlabelled", "differ",
                  "raw ms/photo", "time / raw"], rows)
    if limit:
        report.line(f"(quick: {limit} photos a category; Dynamsoft's figures are on every photo)")


def _row(cat: str, t: Tally) -> list[object]:
    dyn = DYNAMSOFT.get(cat)
    raw_ms, photo_ms = sum(t.raw_ms), sum(t.photo_ms)
    return [cat, t.photos, _pct(t.photo, t.codes), _pct(t.raw, t.codes), "-" if dyn is None else f"{dyn:.1f} %",
            t.unlabelled, t.differ, f"{raw_ms / t.photos:.0f}",
            f"{photo_ms / raw_ms:.1f}" if raw_ms > 0 and math.isfinite(photo_ms) else "-"]
