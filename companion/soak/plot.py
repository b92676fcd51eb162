"""The soak's plot (``soak.png``), drawn with OpenCV: resident memory, threads
and open files of the companion over the run, one panel each on a shared time
axis in minutes; the viewer waves shaded, the end of warm-up marked, memory's
plateau drawn as a dashed line, the verdict in the title::

    draw(report, Path("out/soak/soak.png"))      # report: companion.soak.demo.soak()
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

WIDTH = 1200
LEFT, RIGHT = 90, 30
TOP = 85
PANELS = (("resident memory (MB)", "rss_mb", 250, (170, 90, 20)),
          ("threads", "threads", 170, (40, 140, 40)),
          ("open files", "fds", 170, (150, 40, 150)))
GAP = 45
BOTTOM = 60
WAVE = (250, 232, 205)        # BGR: light blue
GRID = (225, 225, 225)
INK = (40, 40, 40)
FONT = cv2.FONT_HERSHEY_SIMPLEX


def nice_step(span: float, n: int = 5) -> float:
    """A round tick step (1, 2 or 5 x 10^k) giving about ``n`` ticks over ``span``."""
    if span <= 0:
        return 1.0
    raw = span / n
    mag = 10 ** math.floor(math.log10(raw))
    return next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)


def _text(img: np.ndarray, s: str, x: int, y: int, scale: float = 0.45, color=INK, right: bool = False,
          thick: int = 1) -> None:
    if right:
        (w, _), _ = cv2.getTextSize(s, FONT, scale, thick)
        x -= w
    cv2.putText(img, s, (x, y), FONT, scale, color, thick, cv2.LINE_AA)


def _dashed(img: np.ndarray, p: tuple[int, int], q: tuple[int, int], color, dash: int = 8) -> None:
    length = math.hypot(q[0] - p[0], q[1] - p[1])
    for i in range(0, int(length), dash * 2):
        a, b = i / length, min(i + dash, length) / length
        cv2.line(img, (int(p[0] + (q[0] - p[0]) * a), int(p[1] + (q[1] - p[1]) * a)),
                 (int(p[0] + (q[0] - p[0]) * b), int(p[1] + (q[1] - p[1]) * b)), color, 1, cv2.LINE_AA)


def draw(report: dict[str, Any], path: Path) -> None:
    """Draw ``report``'s samples and waves into the PNG at ``path``."""
    samples: Sequence[dict] = report["samples"]
    waves: Sequence[dict] = report["waves"]
    f, v = report["figures"], report["verdict"]
    height = TOP + sum(p[2] for p in PANELS) + GAP * (len(PANELS) - 1) + BOTTOM
    img = np.full((height, WIDTH, 3), 255, np.uint8)
    end_t = max(samples[-1]["t"] if samples else 1.0, 1.0)
    x0, x1 = LEFT, WIDTH - RIGHT

    def X(t: float) -> int:
        return int(round(x0 + (x1 - x0) * t / end_t))

    verdict = "PASS" if v["passed"] else "FAIL"
    _text(img, f"Table Companion soak: {end_t / 60:.1f} min of the demo, waves of {report['viewers']} live viewers "
               f"(shaded), camera view every 2 s, referee operations every 10 s -- {verdict}",
          LEFT, 28, 0.5, INK if v["passed"] else (30, 30, 200), thick=1)
    _text(img, f"RSS {f['rss_start_mb']:.0f} MB at start, {f['rss_warm_mb']:.0f} after warm-up, plateau "
               f"{f['rss_plateau_mb']:.0f}, max {f['rss_max_mb']:.0f}; growth after warm-up "
               f"{f['rss_slope_mb_h']:+.1f} MB/hour; CPU mean {f['cpu_mean_pct']}% of one core",
          LEFT, 48, 0.45)
    tstep = nice_step(end_t / 60, 10) * 60
    y = TOP
    for title, key, h, color in PANELS:
        top, bottom = y, y + h
        values = [s[key] for s in samples]
        hi = max(values) if values else 1
        ystep = nice_step(hi * 1.1 or 1, 4)
        ymax = ystep * math.ceil(hi * 1.1 / ystep) if hi > 0 else ystep

        def Y(val: float, bottom: float = bottom, top: float = top, ymax: float = ymax) -> int:
            return int(round(bottom - (bottom - top) * val / ymax))

        for w in waves:
            cv2.rectangle(img, (X(w["start"]), top), (X(w["end"]), bottom), WAVE, -1)
        k = 0.0
        while k <= ymax + 1e-9:
            cv2.line(img, (x0, Y(k)), (x1, Y(k)), GRID, 1)
            _text(img, f"{k:g}", x0 - 8, Y(k) + 5, right=True)
            k += ystep
        t = 0.0
        while t <= end_t + 1e-9:
            cv2.line(img, (X(t), bottom), (X(t), bottom + 4), INK, 1)
            if key == PANELS[-1][1]:
                _text(img, f"{t / 60:g}", X(t) - 6, bottom + 20)
            t += tstep
        _dashed(img, (X(f["warmup_s"]), top), (X(f["warmup_s"]), bottom), (120, 120, 120))
        if key == "rss_mb":
            _dashed(img, (X(f["warmup_s"]), Y(f["rss_plateau_mb"])), (x1, Y(f["rss_plateau_mb"])), (0, 140, 255))
            _text(img, f"plateau {f['rss_plateau_mb']:.0f} MB", x1 - 4, Y(f["rss_plateau_mb"]) - 6, 0.42,
                  (0, 110, 220), right=True)
            _text(img, "warm-up", X(f["warmup_s"]) - 6, top + 14, 0.42, (110, 110, 110), right=True)
        pts = np.array([[X(s["t"]), Y(s[key])] for s in samples], np.int32)
        if len(pts) > 1:
            cv2.polylines(img, [pts], False, color, 2, cv2.LINE_AA)
        cv2.rectangle(img, (x0, top), (x1, bottom), INK, 1)
        _text(img, title, x0 + 6, top - 8, 0.5, color, thick=1)
        y = bottom + GAP
    _text(img, "minutes", (x0 + x1) // 2 - 30, height - 12, 0.5)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(path), img):
        raise OSError(f"could not write {path}")
