"""Vision: recall, wrong payloads, position error and speed of the pipeline
against the raw decoders, on the same simulated frames (issue 2's targets).

Frames: a 900x600 mm table with 60 tagged cards at random angles plus the four
corner markers, seen by the simulated camera with blur σ = 1 px, sensor noise
σ = 3 and a 30 % light gradient; a new noise draw each frame.

- Recall per frame: tags read in one frame / tags visible. The pipeline's one-
  frame reading is a fresh pipeline's first frame: its full pass (whole-frame
  decode + the first steps of the small-tag recovery), with no memory.
- Recall over 5 frames: tags read in any of 5 frames (the raw decoders), or
  known to the tracker after 5 frames (the pipeline, fed the 5 frames with its
  default settings: one full pass, then retries of the patches that did not read).
- Wrong: payloads not on the table, or read more than a tag's width away
  from where that tag lies. Target: zero, ever.
- Position: the pipeline's mm against the truth, over the tags it read.
- Speed on a settled 4608x2592 table: the steady-state time per frame (the
  table is not decoded again) and a full pass, as ratios to a raw zxing-cpp
  full-frame decode of the same frames in the same run; the Pi 5 estimate is
  2.5-3x the x86 time, beside the camera's 70 ms frame interval at 14 fps.
- What a real camera varies (:data:`VARIED`): a defocused lens, camera shake,
  print dot gain, a warm lamp, a shadow across the table, glare, JPEG, and all
  at once, at 4608x2592 with 18 and 15 mm tags (3.0 and 2.5 px per module):
  raw zxing-cpp, the pipeline's first frame, after 5 frames, and the first
  frame's cost. Every frame of the pipeline is bounded by its frame budget
  (1.5 whole-frame decodes), so what one frame has no time for is read on the
  next ones.
- Real photos: BoofCV's QR benchmark (12 MP phone photos in categories a
  table camera meets), read from ``$COMPANION_BOOFCV_DIR`` (one folder per
  category; its images are not redistributed with this project: the section
  says so and is skipped when the folder is absent). Per category: the
  pipeline's full pass (a fresh pipeline's first frame) against raw zxing-cpp
  (grey conversion + its default options) on the same images, interleaved;
  codes raw zxing-cpp read that the pass missed (target: none); the mean time
  per stage.

"Raw zxing-cpp" everywhere is zxing-cpp's ``read_barcodes`` with its own default
options (QR codes only) on the whole frame, grey conversion included.
"""
from __future__ import annotations

import glob
import math
import os
import statistics
import time
from typing import Any

import cv2
import numpy as np

from hardware.frames import Frame
from hardware.simtable import CameraModel, Item, Scene, SimulatedTable

from ..vision import STAGES, Pipeline, PipelineConfig, get_decoder
from ..vision.decoders import raw_zxing

BOOFCV_ENV = "COMPANION_BOOFCV_DIR"
BOOFCV_CATEGORIES = ("blurred", "bright_spots", "brightness", "close", "curved", "damaged", "glare", "lots",
                     "nominal", "perspective", "rotations", "shadows")

TITLE = "Vision: pipeline vs raw decoders on the simulated table"

# (label, resolution, tag side mm)
CONDITIONS = [("4.2 px/module", (4608, 2592), 25.0),
              ("3.0 px/module", (4608, 2592), 18.0),
              ("2.5 px/module", (4608, 2592), 14.9),
              ("2.1 px/module", (2304, 1296), 25.0),
              ("1.8 px/module", (2304, 1296), 21.4)]


def table_scene(tag_mm: float, n: int = 60, seed: int = 3) -> Scene:
    """60 cards in a loose 10 x 6 grid, random angles and offsets."""
    rng = np.random.default_rng(seed)
    items = []
    for i in range(n):
        r, c = divmod(i, 10)
        items.append(Item(f"GLC:KID:{i:02d}", 70 + c * 84 + float(rng.uniform(-8, 8)),
                          65 + r * 94 + float(rng.uniform(-8, 8)), angle_deg=float(rng.uniform(0, 360)),
                          tag_mm=tag_mm, size_mm=(50, 70), label=f"KID {i}"))
    return Scene(items=items)


def camera(resolution: tuple[int, int], seed: int = 0) -> CameraModel:
    return CameraModel(resolution=resolution, blur_sigma=1.0, noise_sigma=3.0, light_gradient=0.3, seed=seed)


def frames_of(scene: Scene, cam: CameraModel, n: int):
    src = SimulatedTable(scene, cam, fps=14.0, hold_s=1e9)
    out = []
    for _ in range(n):
        f = src.read()
        out.append(f)
    return out, src.truth


def timed(pipe: Pipeline, frame: Frame) -> tuple[Any, float]:
    """``pipe`` on ``frame``: its update, and the CPU time it took on every
    thread (ms): the crops decoded beside this thread, and the lens learned
    after the frame (waited for here, so that it does not slow what is timed
    next). The update's ``decode_ms`` is the frame's wall time."""
    c0 = time.process_time()
    u = pipe.process(frame)
    pipe.join()
    return u, (time.process_time() - c0) * 1000


def judge(found: dict[str, tuple[float, float]], truth) -> tuple[set[str], int]:
    """(payloads read right, number read wrong) against the truth."""
    right, wrong = set(), 0
    for p, (x, y) in found.items():
        t = truth.get(p)
        if t is None or not t.visible or math.dist((x, y), t.px) > 21 * t.px_per_module:
            wrong += 1
        else:
            right.add(p)
    return right, wrong


def run(report) -> None:
    n_frames = 2 if report.quick else 5
    conditions = [CONDITIONS[0], CONDITIONS[3]] if report.quick else CONDITIONS
    decoders = {"zxing": raw_zxing(), "zbar": get_decoder("zbar")}
    rows, pos_rows, ratio_rows, settle_rows = [], [], [], []
    for label, res, tag_mm in conditions:
        scene = table_scene(tag_mm)
        frames, truth = frames_of(scene, camera(res), n_frames)
        visible = {p for p, t in truth.items() if t.visible}
        ppm = statistics.median(t.px_per_module for t in truth.values() if not t.payload.startswith("TC:"))
        cond = f"{label} ({res[0]}x{res[1]}, {tag_mm:.0f} mm)"
        for name, dec in decoders.items():
            per, union, wrong, ms = [], set(), 0, []
            for f in frames:
                t0 = time.perf_counter()
                dets = dec.decode(f.image)
                ms.append((time.perf_counter() - t0) * 1000)
                right, bad = judge({d.payload: d.centre for d in dets}, truth)
                per.append(len(right) / len(visible))
                union |= right
                wrong += bad
            rows.append([cond, f"raw {name}", _pct(min(per)), _pct(statistics.mean(per)),
                         _pct(len(union) / len(visible)), wrong, statistics.median(ms)])
        # the pipeline, one frame at a time: a fresh pipeline's first frame (a
        # full pass, with no memory of earlier frames)
        per, wrong, ms, errs, raw_ms, cpu_ms = [], 0, [], [], [], []
        zx = raw_zxing()
        for f in frames:
            t0 = time.perf_counter()
            zx.decode(f.image)
            raw_ms.append((time.perf_counter() - t0) * 1000)
            u, cpu = timed(Pipeline(PipelineConfig()), f)
            ms.append(u.decode_ms)
            cpu_ms.append(cpu)
            right, bad = judge({s.payload: s.px for s in u.sightings}, truth)
            per.append(len(right) / len(visible))
            wrong += bad
            for s in u.sightings:
                if s.payload in right and u.calibrated:
                    t = truth[s.payload]
                    errs.append(math.hypot(s.x_mm - t.x_mm, s.y_mm - t.y_mm))
        pipe = Pipeline(PipelineConfig())
        for f in frames:
            timed(pipe, f)
        known = {p: tr.sighting.px for p, tr in pipe.tracker.tracks.items()}
        right5, bad5 = judge(known, truth)
        # how many frames (each within its budget) until the pipeline knows 95 % and 80 % of the tags
        more, _ = frames_of(scene, camera(res, seed=1), 12)
        reached: dict[float, int | None] = {0.95: None, 0.8: None}
        pipe, worst, passes, passes_95 = Pipeline(PipelineConfig()), 0.0, 0, 0
        for i, f in enumerate(more, 1):
            t0 = time.perf_counter()
            zx.decode(f.image)
            r_ms = (time.perf_counter() - t0) * 1000
            u, _ = timed(pipe, f)
            passes += u.mode == "full"
            worst = max(worst, u.decode_ms / r_ms)
            share = len(judge({p: tr.sighting.px for p, tr in pipe.tracker.tracks.items()}, truth)[0]) / len(visible)
            for goal in reached:
                if reached[goal] is None and share >= goal:
                    reached[goal] = i
                    passes_95 = passes if goal == 0.95 else passes_95
        settle_rows.append([cond, *(str(reached[g] or "> 12") for g in (0.95, 0.8)),
                            str(passes_95) if reached[0.95] else "-", f"{worst:.2f}"])
        rows.append([cond, "pipeline", _pct(min(per)), _pct(statistics.mean(per)),
                     _pct(len(right5) / len(visible)), wrong + bad5, statistics.median(ms)])
        ratio_rows.append([cond, f"{statistics.mean(raw_ms):.1f}", f"{statistics.mean(ms):.1f}",
                           f"{statistics.mean(ms) / statistics.mean(raw_ms):.2f}", "≤ 1.5",
                           f"{statistics.mean(cpu_ms) / statistics.mean(raw_ms):.2f}"])
        if errs:
            pos_rows.append([cond, f"{ppm:.2f}", len(errs), f"{statistics.median(errs):.2f}", f"{max(errs):.2f}"])
    report.line(f"{n_frames} frames per condition; blur σ 1 px, noise σ 3, light gradient 30 %; "
                f"{len(visible)} tags visible (60 cards + 4 corners).")
    report.line("Targets: ≥ 3 px/module: ≥ 99.5 % per frame, 100 % over 5 frames; 2 px/module: ≥ 90 %; "
                "never below the best raw decoder; zero wrong.")
    report.line()
    report.table(["condition", "reader", "recall min/frame", "mean/frame", f"over {n_frames} frames",
                  "wrong", "ms/frame*"], rows)
    report.line("* run one after another, not interleaved, so only roughly comparable; the pipeline's is its")
    report.line("  first frame (uncalibrated full pass). The interleaved ratios are in the speed table below.")
    report.line()
    report.line("Full pass (a fresh pipeline's first frame) against raw zxing-cpp, interleaved frame by frame:")
    report.table(["condition", "raw zxing-cpp ms", "full pass ms", "ratio", "target", "CPU / raw*"], ratio_rows)
    report.line("* the CPU time on every thread (the crops' second thread, the lens learned after the frame) "
                "against the raw decode's wall time (one thread)")
    report.line()
    report.line("Frames until the pipeline knows 95 % and 80 % of the tags (a fresh pipeline fed 12 frames; each "
                "frame within its budget of 1.5 whole-frame decodes):")
    report.table(["condition", "frames to 95 %", "frames to 80 %", "full passes till 95 %", "worst frame / raw"],
                 settle_rows)
    report.line("  (a full pass: a whole-frame decode and a candidate filter; the frames between decode only "
                "what the pass left, each within its budget)")
    report.line()
    laid(report, conditions)
    report.line()
    report.line("Position error of the pipeline (mm, against the truth); target median ≤ 2, max ≤ 5:")
    report.table(["condition", "px/module", "tags", "median mm", "max mm"], pos_rows)
    report.line()
    speed(report, n_frames)
    report.line()
    varied(report)
    report.line()
    other_renderer(report)
    report.line()
    boofcv(report)


LAID = (11, 34, 52)        # the cards laid on the settled table in :func:`laid`


def laid(report, conditions) -> None:
    """What a player sees: a card laid on a settled table (the other 57 read),
    frames until the pipeline knows it, and the worst frame's cost meanwhile
    against raw zxing-cpp on the same frame. The simulated camera at 14 fps;
    the card appears between two frames (no hand)."""
    rows = []
    for label, res, tag_mm in conditions:
        full = table_scene(tag_mm)
        new = {str(full.items[i].payload) for i in LAID}
        before = Scene(items=[it for it in full.items if it.payload not in new])
        at = 4.0
        table = SimulatedTable([(0.0, before), (at, full)], camera(res, seed=2), fps=14.0, hold_s=3.0)
        pipe, zx = Pipeline(PipelineConfig()), raw_zxing()
        settled_before, worst, n = False, 0.0, 0
        known_at: dict[str, int] = {}
        for f in table:
            t0 = time.perf_counter()
            zx.decode(f.image)
            r_ms = (time.perf_counter() - t0) * 1000
            u, _ = timed(pipe, f)
            if f.t < at:
                settled_before = u.settled
                continue
            n += 1
            worst = max(worst, u.decode_ms / r_ms)
            for p in new - set(known_at):
                if p in pipe.tracker.tracks:
                    known_at[p] = n
        frames = [known_at.get(p) for p in sorted(new)]
        rows.append([f"{label} ({res[0]}x{res[1]}, {tag_mm:.0f} mm)", "yes" if settled_before else "no",
                     " / ".join(str(x) if x else f"> {n}" for x in frames), f"{worst:.2f}"])
    report.line(f"A card laid on a settled table (cards {', '.join(str(i) for i in LAID)} laid at once; frames "
                "from the first that shows them until the pipeline reads each, at 14 fps):")
    report.table(["condition", "settled before", "frames to read each card", "worst frame / raw"], rows)


#: what a real camera varies, each on top of :func:`camera`'s blur, noise and uneven light
#: (the last row: all of them at once, a little milder)
VARIED: list[tuple[str, dict[str, Any]]] = [("as above", {}),
          ("defocused lens (disk, radius 2 px)", {"blur_sigma": 0.0, "defocus_px": 2.0}),
          ("camera shake (4 px at 30°)", {"motion_px": 4.0, "motion_deg": 30.0}),
          ("print dot gain (0.5 px)", {"dot_gain": 0.5}),
          ("warm lamp (B 0.7, G 0.9, R 1.0)", {"light_colour": (0.7, 0.9, 1.0)}),
          ("a shadow across the table (60 %)", {"shadow": 0.6}),
          ("glare (70 %)", {"glare": 0.7}),
          ("JPEG quality 60", {"jpeg_quality": 60}),
          ("all at once", {"defocus_px": 1.5, "motion_px": 3.0, "motion_deg": 120.0, "dot_gain": 0.4,
                           "light_colour": (0.75, 0.9, 1.0), "shadow": 0.5, "glare": 0.5, "jpeg_quality": 70})]


#: the conditions measured in pixels of the full 4608x2592 picture: the same
#: lens, shake and print span half as many in the binned 2304x1296 one
OPTICS_PX = ("defocus_px", "motion_px", "dot_gain")


def in_pixels_of(kw: dict[str, Any], width: int) -> dict[str, Any]:
    """``kw`` (a row of :data:`VARIED`) for the same camera at ``width`` px wide."""
    return {k: v * width / 4608 if k in OPTICS_PX else v for k, v in kw.items()}


def varied(report) -> None:
    """The pipeline under what a real camera varies, at the Pi camera's
    4608x2592 and its binned 2304x1296 (the same lens and print: their blur
    in half as many pixels): recall of raw zxing-cpp and of the pipeline's
    first frame, after 5 frames, and the first frame's cost against raw
    zxing-cpp."""
    from dataclasses import replace
    n_frames = 2 if report.quick else 5
    tiers = [("3.0 px/module", 18.0, (4608, 2592)), ("2.5 px/module", 14.9, (4608, 2592)),
             ("1.8 px/module, 2304x1296", 21.4, (2304, 1296))]
    rows = []
    for tier, tag_mm, res in tiers[:1] if report.quick else tiers:
        scene = table_scene(tag_mm)
        for label, kw in VARIED[:3] if report.quick else VARIED:
            cam = replace(camera(res), **in_pixels_of(kw, res[0]))
            frames, truth = frames_of(scene, cam, n_frames)
            visible = {p for p, t in truth.items() if t.visible}
            zx = raw_zxing()
            t0 = time.perf_counter()
            raw = judge({d.payload: d.centre for d in zx.decode(frames[0].image)}, truth)[0]
            raw_ms = (time.perf_counter() - t0) * 1000
            pipe = Pipeline(PipelineConfig())
            first, cpu = timed(pipe, frames[0])
            # raw zxing-cpp timed again after the pipeline's frame, and the two
            # averaged: one cold decode alone moved this ratio by a third
            t0 = time.perf_counter()
            zx.decode(frames[0].image)
            raw_ms = (raw_ms + (time.perf_counter() - t0) * 1000) / 2
            right1, wrong = judge({s.payload: s.px for s in first.sightings}, truth)
            passes = int(first.mode == "full")
            for f in frames[1:]:
                passes += timed(pipe, f)[0].mode == "full"
            right, bad = judge({p: tr.sighting.px for p, tr in pipe.tracker.tracks.items()}, truth)
            rows.append([tier, label, _pct(len(raw) / len(visible)), _pct(len(right1) / len(visible)),
                         _pct(len(right) / len(visible)), passes, wrong + bad, f"{first.decode_ms / raw_ms:.2f}",
                         f"{cpu / raw_ms:.2f}"])
    report.line(f"What a real camera varies, at 4608x2592 unless said (60 cards + 4 corners; each row on top of "
                f"blur σ 1 px, noise σ 3 and 30 % uneven light; {n_frames} frames; at 2304x1296 the same lens, "
                "shake and print, in half as many pixels):")
    report.table(["tags", "condition", "raw zxing-cpp", "pipeline, first frame", f"after {n_frames} frames",
                  "full passes in them", "wrong", "first frame / raw", "its CPU / raw"], rows)


def other_renderer(report) -> None:
    """The pipeline on tables drawn by :mod:`.other_table`, not the simulated table:
    raw zxing-cpp, the pipeline's first frame (three fresh pipelines: the
    fewest and most tags they read, the median cost; one first frame alone
    read 12 of 64 where the next read 38, the raw decode timed beside it
    having taken twice its usual time), after 6 and 24 frames, and its cost."""
    from .other_table import draw_table
    cases = [("18 mm, 4608x2592 (3.0 px/module)", 18.0, (4608, 2592), 1.2),
             ("15 mm, 4608x2592 (2.5 px/module)", 15.0, (4608, 2592), 1.2),
             ("25 mm, 2304x1296 (2.1 px/module), blur σ 1.0", 25.0, (2304, 1296), 1.0),
             ("25 mm, 2304x1296 (2.1 px/module), blur σ 1.2", 25.0, (2304, 1296), 1.2),
             ("21 mm, 2304x1296 (1.8 px/module), blur σ 1.0", 21.0, (2304, 1296), 1.0)]
    rows = []
    for label, tag_mm, res, blur in cases[:2] if report.quick else cases:
        image, centres = draw_table(tag_mm, res, blur=blur)
        zx = raw_zxing()
        firsts = []
        for _ in range(3):
            t0 = time.perf_counter()
            raw = {d.payload for d in zx.decode(image)}
            raw_ms = (time.perf_counter() - t0) * 1000
            pipe = Pipeline(PipelineConfig())
            first, cpu = timed(pipe, Frame(image, 0.0, 0))
            firsts.append((first.decode_ms / raw_ms, cpu / raw_ms, {s.payload for s in first.sightings}))
        ratio, cpu_ratio = statistics.median(f[0] for f in firsts), statistics.median(f[1] for f in firsts)
        counts = sorted(len(f[2]) for f in firsts)
        read_first = set().union(*(f[2] for f in firsts))
        worst, known = max(f[0] for f in firsts), {}
        for i in range(1, 24):
            u, _ = timed(pipe, Frame(image, i / 14, i))
            worst = max(worst, u.decode_ms / raw_ms)
            if i == 5:
                known[6] = set(pipe.tracker.tracks)
        known[24] = set(pipe.tracker.tracks)
        wrong = (read_first | known[6] | known[24]) - set(centres)
        n = len(centres)
        missed = max(len(raw - f[2]) for f in firsts)
        span = f"{counts[0]}" if counts[0] == counts[-1] else f"{counts[0]}–{counts[-1]}"
        rows.append([label, f"{len(raw)}/{n}", f"{span}/{n}", f"{len(known[6])}/{n}",
                     f"{len(known[24])}/{n}", len(wrong), missed, f"{ratio:.2f}", f"{cpu_ratio:.2f}", f"{worst:.2f}"])
    report.line("A table drawn another way (companion/bench/other_table.py: segno's PNGs warped into the frame, "
                "a keystone, blur, noise), the same still picture fed as frames:")
    report.table(["table", "raw zxing-cpp", "pipeline, first frame (3 tries)", "after 6 frames", "after 24 frames",
                  "wrong", "missed vs raw", "first frame / raw", "its CPU / raw", "worst frame / raw"], rows)


def cycle(pipe: Pipeline, frames: list[Frame], every_s: float, fps: float = 14.0) -> list[float]:
    """The milliseconds of each frame of one whole cycle of a settled
    pipeline, from one full pass to the next (``every_s`` at ``fps``): the
    full pass, and the frames after it that work through the patches it
    left (not only the full pass spread over the cycle), the still table's
    ``frames`` fed round again."""
    last = pipe.last_full_t if pipe.last_full_t is not None else 0.0
    t0 = max(f.t for f in frames)
    k, started = 0, False
    ms: list[float] = []
    while len(ms) < round(every_s * fps):
        k += 1
        t = t0 + k / fps
        u, _ = timed(pipe, Frame(frames[k % len(frames)].image, t, k))
        started = started or u.mode == "full"
        if started:
            ms.append(u.decode_ms)
        if k > 3 * every_s * fps:
            raise RuntimeError(f"no full pass in {k} frames (the last at {last:.1f} s)")
    return ms


def speed(report, n_frames: int) -> None:
    """Time per frame on a settled table, in the camera's full and binned
    modes (4608x2592 and 2304x1296), as ratios to raw zxing."""
    for res in [(4608, 2592)] if report.quick else [(4608, 2592), (2304, 1296)]:
        _speed_at(report, res)
        report.line()


def _speed_at(report, res: tuple[int, int]) -> None:
    scene = table_scene(25.0)
    n = 8 if report.quick else 20
    frames, truth = frames_of(scene, camera(res, seed=1), n + 24)
    zx = raw_zxing()
    # the steady pipeline first settles on the table
    pipe = Pipeline(PipelineConfig())
    i = 0
    while i < len(frames) and not timed(pipe, frames[i])[0].settled:
        i += 1
    fpipe = Pipeline(PipelineConfig(full_every_s=0.0))     # a full pass every frame
    timed(fpipe, frames[0])                                  # calibrates
    # then, frame by frame and interleaved (so a busy machine slows all three
    # alike): raw zxing, the settled pipeline, a full pass
    raw: list[float] = []
    steady: list[float] = []
    full: list[float] = []
    full_cpu: list[float] = []
    modes: dict[str, int] = {}
    stages: list[Any] = []
    for f in frames[i + 1:i + 1 + n]:
        t0 = time.perf_counter()
        zx.decode(f.image)
        raw.append((time.perf_counter() - t0) * 1000)
        u, _ = timed(pipe, f)
        modes[u.mode] = modes.get(u.mode, 0) + 1
        steady.append(u.decode_ms)
        u, cpu = timed(fpipe, f)
        if u.mode == "full":
            full.append(u.decode_ms)
            full_cpu.append(cpu)
            stages.append(u.stages)
    R = statistics.median(raw)
    S = statistics.median(steady)
    F = statistics.median(full)
    per_full_s = PipelineConfig().full_every_s
    amortised = statistics.mean(cycle(pipe, frames, per_full_s))
    report.line(f"Speed on a settled {res[0]}x{res[1]} table (60 cards, 25 mm tags), median of {n} frames; "
                f"steady frames were {modes}.")
    report.table(["what", "ms/frame (x86)", "ratio to raw zxing", "target", "Pi 5 est. ms (x2.5-3)",
                  "camera interval ms"],
                 [["raw zxing-cpp full-frame decode", R, "1.00", "", f"{2.5 * R:.0f}-{3 * R:.0f}", 70],
                  ["pipeline, settled (steady state)", S, f"{S / R:.2f}", "≤ 0.2", f"{2.5 * S:.0f}-{3 * S:.0f}", 70],
                  [f"  + a full pass every {per_full_s:.0f} s, mean over the cycle", amortised,
                   f"{amortised / R:.2f}", "", f"{2.5 * amortised:.0f}-{3 * amortised:.0f}", 70],
                  ["pipeline full pass (decode + small tags)", F, f"{F / R:.2f}", "≤ 1.5",
                   f"{2.5 * F:.0f}-{3 * F:.0f}", 70]])
    if stages:
        report.line("Full pass by stage, mean ms: " + ", ".join(
            f"{k} {statistics.mean(s[k] for s in stages):.1f}" for k in STAGES) +
            f"; its CPU time on every thread {statistics.median(full_cpu) / R:.2f}x raw")


def boofcv_images(root: str, category: str, limit: int | None) -> list[str]:
    """The category's images, spread evenly over it when limited."""
    fs = sorted(glob.glob(os.path.join(root, category, "*.jpg")) + glob.glob(os.path.join(root, category, "*.png")))
    if limit and len(fs) > limit:
        fs = fs[::len(fs) // limit][:limit]
    return fs


def boofcv(report) -> None:
    """Real photos: BoofCV's QR benchmark, per category, against raw zxing-cpp."""
    root = os.environ.get(BOOFCV_ENV)
    report.line("Real photos: BoofCV's QR benchmark (12 MP phone photos), full pass against raw zxing-cpp.")
    if not root or not os.path.isdir(root):
        report.line(f"SKIPPED: the photos are not here. Set {BOOFCV_ENV} to a folder holding BoofCV's QR "
                    "benchmark, one folder per category (a copy is in github.com/rizwankce/RustQR, "
                    "benches/images/boofcv); they are not redistributed with this project.")
        return
    limit = 4 if report.quick else None
    zx = raw_zxing()
    rows, all_raw, all_pipe, all_cpu = [], 0.0, 0.0, 0.0
    for cat in BOOFCV_CATEGORIES:
        files = boofcv_images(root, cat, limit)
        if not files:
            rows.append([cat, 0, "-", "-", "-", "-", "-", "-", "-", "absent"])
            continue
        raw, full, missed, n_raw, n_pipe, stages = [], [], 0, 0, 0, {k: 0.0 for k in STAGES}
        n_three, later_ms, later_raw = 0, 0.0, 0.0
        for path in files:
            # labels are in the stored pixel orientation: ignore the EXIF rotation
            img = cv2.imread(path, cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
            if img is None:
                continue
            t0 = time.perf_counter()
            got_raw = {d.payload for d in zx.decode(img)}
            raw.append((time.perf_counter() - t0) * 1000)
            pipe = Pipeline(PipelineConfig())
            u, cpu = timed(pipe, Frame(img, 0.0, 0))
            full.append(u.decode_ms)
            all_cpu += cpu
            for k, v in u.stages.items():
                stages[k] += v / len(files)
            got = {s.payload for s in u.sightings} | {r["payload"] for r in u.rejected}
            # the same picture twice more, as a camera's next frames: what the first had no time for
            three = set(got)
            for i in (1, 2):
                again, _ = timed(pipe, Frame(img, i / 10, i))
                three |= {s.payload for s in again.sightings} | {r["payload"] for r in again.rejected}
                later_ms, later_raw = later_ms + again.decode_ms, later_raw + raw[-1]
            n_three += len(three)
            missed += len(got_raw - got)
            n_raw, n_pipe = n_raw + len(got_raw), n_pipe + len(got)
        R, F = statistics.mean(raw), statistics.mean(full)
        all_raw, all_pipe = all_raw + sum(raw), all_pipe + sum(full)
        rows.append([cat, len(raw), f"{R:.1f}", f"{F:.1f}", f"{F / R:.2f}", f"{n_raw} / {n_pipe}", missed,
                     n_three, f"{later_ms / later_raw:.2f}",
                     " ".join(f"{stages[k]:.1f}" for k in ("changes", "search", "recover"))])
    report.table(["category", "images", "raw ms", "full pass ms", "ratio (≤ 1.5)", "codes raw / pass",
                  "missed vs raw", "codes in 3 frames", "frames 2-3 / raw", "changes / search / recover ms"],
                 rows)
    if all_raw:
        report.line(f"All categories: the full pass took {all_pipe / all_raw:.2f}x raw zxing-cpp "
                    f"(sum over every image); its CPU time on every thread {all_cpu / all_raw:.2f}x.")


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"
