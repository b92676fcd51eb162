"""Benchmark: a table rendered with real light (:mod:`companion.pathtraced`):
each game's example table path-traced by Blender's Cycles under a ceiling lamp,
a lamp beside the camera and a window, with matte, coated and sleeved cards
(1600x900, the camera 90 cm above the table, 1.45 px per module for a 25 mm
tag). Per lighting and finish, over the cached frames:

- raw zxing-cpp on the whole frame (grey conversion + its default options);
- the live pipeline on the picture fed as frames at 14 fps: its first frame (a
  fresh :class:`~companion.vision.Pipeline`'s full pass), the tags it read in
  any of its first three frames, and the tags its tracker holds after 14 (one second)
  (a tag is held once seen on two frames);
- ``companion scan``'s still decode (:func:`~companion.vision.scan_image`);
- wrong payloads: read but not on the table, or read far from where that tag
  lies (target: zero, ever); tags a highlight covers (the sidecar's, computed
  from the scene) and how many of those each reader got.

It reads the cache and renders nothing: ``make render-frames`` (or
``python -m companion.bench.pathtraced --render``) renders the frames missing
from it, with Blender installed in ``.venv-render``.

    python -m companion.bench --only pathtraced
"""
from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2

from companion.pathtraced.cache import CachedFrame, load, missing
from companion.pathtraced.setup import FINISHES, LIGHTINGS
from hardware.frames import Frame

from ..vision import Pipeline, PipelineConfig, get_decoder, scan_image
from ..vision.decoders import raw_zxing

TITLE = "A table rendered with real light: recall per lighting and finish (path-traced by Blender's Cycles)"
#: the live pipeline's frames of the same picture: read within LIVE_FRAMES, held after HELD_FRAMES
LIVE_FRAMES = 3
HELD_FRAMES = 14
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Read:
    """What the readers got on one frame: payloads read right by each, and the wrong ones."""

    visible: set[str]
    lit: set[str]                   # visible tags a highlight covers
    raw: set[str] = field(default_factory=set)
    first: set[str] = field(default_factory=set)
    live: set[str] = field(default_factory=set)
    held: set[str] = field(default_factory=set)
    still: set[str] = field(default_factory=set)
    wrong: dict[str, int] = field(default_factory=dict)


def _right(found: dict[str, tuple[float, float]], frame: CachedFrame) -> tuple[set[str], int]:
    """(payloads read where they lie, number read wrong: not on the table or a tag's width away)."""
    seen = frame.visible()
    right, wrong = set(), 0
    for p, (x, y) in found.items():
        t = seen.get(p)
        if t is None:
            wrong += p not in frame.shown()      # a covered tag's edge read is not a wrong payload
            continue
        if math.dist((x, y), t["px"]) > 21 * t["px_per_module"]:
            wrong += 1
        else:
            right.add(p)
    return right, wrong


def read(frame: CachedFrame, config: PipelineConfig | None = None) -> Read:
    """Every reader on one cached frame (the live pipeline with ``config``,
    by default the one the companion runs)."""
    image = frame.image()
    lit = {p for p, t in frame.visible().items() if t["under_highlight"]}
    r = Read(set(frame.visible()), lit)
    raw = {d.payload: d.centre for d in raw_zxing().decode(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))}
    r.raw, r.wrong["raw"] = _right(raw, frame)
    pipe = Pipeline(config or PipelineConfig())
    u = pipe.process(Frame(image, 0.0, 0))
    r.first, r.wrong["first"] = _right({s.payload: s.px for s in u.sightings}, frame)
    seen: dict[str, tuple[float, float]] = {s.payload: s.px for s in u.sightings}
    for i in range(1, HELD_FRAMES):
        u = pipe.process(Frame(image, i / 14, i))
        if i < LIVE_FRAMES:
            seen.update({s.payload: s.px for s in u.sightings})
    pipe.join()
    r.live, r.wrong["live"] = _right(seen, frame)
    r.held, r.wrong["held"] = _right({s.payload: s.px for s in u.present}, frame)
    still = scan_image(image, get_decoder("zxing"))
    r.still, r.wrong["still"] = _right({s.payload: s.px for s in still.sightings}, frame)
    return r


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100.0 * n / d:.0f} %)" if d else "-"


def run(report: Any) -> None:
    frames = load()
    if not frames:
        report.line("No path-traced frames in tests/data/pathtraced/: `make render-frames` renders them.")
        return
    gone = missing()
    if gone:
        report.line(f"The cache lacks {len(gone)} frame(s) (`make render-frames` renders them): {', '.join(gone)}")
    reads = [(f, read(f)) for f in frames]
    rows = []
    for lighting in LIGHTINGS:
        for finish in FINISHES:
            rs = [r for f, r in reads if f.lighting == lighting and f.finish == finish]
            if rs:
                rows.append([lighting, finish, *_row(rs)])
    rows.append(["all", "all", *_row([r for _, r in reads])])
    report.line("Tags read over tags visible, each game's example table in mid-game (1600x900, 1.45 px per module):")
    report.table(["lighting", "finish", "frames", "raw zxing-cpp", "live, first frame",
                  f"live, read in {LIVE_FRAMES} frames", f"live, held after {HELD_FRAMES}", "companion scan",
                  "under a highlight", "of those: raw / held / scan", "wrong"], rows)
    per_game = []
    for g in sorted({f.game for f in frames}):
        rs = [r for f, r in reads if f.game == g]
        n = sum(len(r.visible) for r in rs)
        per_game.append([g, len(rs), _pct(sum(len(r.raw) for r in rs), n), _pct(sum(len(r.held) for r in rs), n),
                         _pct(sum(len(r.still) for r in rs), n)])
    report.line()
    report.table(["game", "frames", "raw zxing-cpp", f"live, held after {HELD_FRAMES}", "companion scan"], per_game)


def _row(rs: list[Read]) -> list[Any]:
    """One table row's figures over some frames' readings."""
    n = sum(len(r.visible) for r in rs)
    lit = sum(len(r.lit) for r in rs)
    got = [_pct(sum(len(getattr(r, k)) for r in rs), n) for k in ("raw", "first", "live", "held", "still")]
    lit_got = " / ".join(str(sum(len(getattr(r, k) & r.lit) for r in rs)) for k in ("raw", "held", "still"))
    return [len(rs), *got, lit, lit_got if lit else "-", sum(sum(r.wrong.values()) for r in rs)]


def render(extra: list[str]) -> int:
    """Render the frames missing from the cache, in ``.venv-render`` (Blender)."""
    py = ROOT / ".venv-render" / "bin" / "python"
    if not py.exists():
        print("no .venv-render: `make render-frames` makes it (Blender's bpy) and renders", file=sys.stderr)
        return 2
    return subprocess.call([str(py), "-m", "companion.pathtraced", *extra], cwd=ROOT)


if __name__ == "__main__":
    if "--render" in sys.argv[1:]:
        sys.exit(render([a for a in sys.argv[1:] if a != "--render"]))
    from .report import Report
    run(Report())
