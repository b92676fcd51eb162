"""Benchmark: the referee's latency, from a settled change on the table to the page.

A real :class:`~companion.live.session.Session` (real pipeline, Ghosts Love Candy,
the SQLite journal on disk with ``synchronous=FULL``) watches the simulated
table play the demo's scripted last round (about 90 tags on the table; each
change made under a hand; legal changes, the two mistakes, the final scoring).
For each change, the clock runs from the start of processing the frame in
which the table settles (the pipeline's ``update.changed``) to a subscriber (a
web client's queue) holding the view whose ``seq`` went up: pipeline frame +
the game's read + referee + journal write + view. Reported as milliseconds and
as a ratio to one raw zxing-cpp decode of the same frame in the same process
(so the figure means something on a noisy machine), with the parts.

    python -m companion.bench --only referee
"""
from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

TITLE = "Referee latency (settled change -> page view)"
RESOLUTION = (1600, 900)


class TimedPipeline:
    """The real pipeline, timing each frame; remembers when the frame that
    produced a settled change started processing."""

    def __init__(self, pipeline: Any, session_ref: list):
        self.inner = pipeline
        self.session_ref = session_ref
        self.changes: list[dict[str, Any]] = []

    def process(self, frame: Any) -> Any:
        t0 = time.perf_counter()
        seq = self.session_ref[0]._seq if self.session_ref else 0
        up = self.inner.process(frame)
        t1 = time.perf_counter()
        if up.changed:
            self.changes.append({"t0": t0, "pipe_s": t1 - t0, "seq_before": seq, "frame": frame})
        return up

    def overlay(self, frame: Any) -> Any:
        return self.inner.overlay(frame)


def raw_decode_s(image: Any, repeats: int = 3) -> float:
    """Median time of one zxing-cpp decode of the whole frame (grey)."""
    import cv2
    import zxingcpp
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        zxingcpp.read_barcodes(grey)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(fps: float = 5.0) -> dict[str, Any]:
    """Play the demo's scripted round (about 90 tags on the table, legal changes,
    two mistakes, the final scoring) through a timed session."""
    from companion.config import load_config
    from companion.demo.script import PLAYERS, build_script
    from companion.demo.timeline import build_timeline
    from companion.live.session import Session
    from companion.vision import Pipeline, PipelineConfig
    from hardware.simtable import CameraModel, SimulatedTable
    from models.registry import get_game

    game = get_game("GLC")
    script = build_script(game)
    steps, _ = build_timeline(script.opening_table, script.beats, every_s=3.0, first_s=3.0)
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(Path(tmp) / "journal.sqlite")})
        ref: list = []
        timed = TimedPipeline(Pipeline(PipelineConfig(table_mm=cfg.table_mm)), ref)
        session = Session(cfg, indicators=False, pipeline=timed)
        ref.append(session)
        session.new_game("GLC", PLAYERS, {})
        session.apply(script.played.actions, note="bench: rounds 1-7")
        sub = session.subscribe(maxlen=100000)
        received: list[tuple[int, float, str]] = []
        done = threading.Event()

        def listen() -> None:
            while not done.is_set():
                v = sub.get(0.2)
                if v is not None:
                    received.append((v["seq"], time.perf_counter(), v["status"]))
        th = threading.Thread(target=listen, daemon=True)
        th.start()
        session.start(SimulatedTable(steps, CameraModel(resolution=RESOLUTION), fps=fps, hold_s=2.0))
        session.wait(300)
        time.sleep(0.3)
        done.set()
        th.join()
        assert session.game_id is not None
        applied = len([e for e in session.journal.entries(session.game_id) if e.kind == "action"]) - 1
        session.close()
    rows = []
    for ch in timed.changes:
        later = [(seq, t, st) for seq, t, st in received if seq > ch["seq_before"] and t >= ch["t0"]]
        if not later:
            continue
        seq, t, status = min(later)
        raw = raw_decode_s(ch["frame"].image)
        rows.append({"latency_s": t - ch["t0"], "pipe_s": ch["pipe_s"], "raw_s": raw, "status": status})
    return {"changes": len(timed.changes), "applied": applied, "rows": rows,
            "tags": len(script.opening_table) + 4}


def summary(f: dict[str, Any]) -> list[str]:
    rows = f["rows"]
    if not rows:
        return [f"referee: no settled change reached the page ({f['changes']} changes seen)"]
    lat = [r["latency_s"] * 1000 for r in rows]
    after = [(r["latency_s"] - r["pipe_s"]) * 1000 for r in rows]
    ratio = [r["latency_s"] / r["raw_s"] for r in rows]
    raw = statistics.median(r["raw_s"] for r in rows) * 1000
    return [
        f"referee: {len(rows)} settled changes of the demo's last round of Ghosts Love Candy on the simulated "
        f"table ({RESOLUTION[0]}x{RESOLUTION[1]}, ~{f['tags']} tags), {f['applied']} applied as legal actions, "
        f"the others refereed out of sync or in sync",
        f"  settled change -> page view: median {statistics.median(lat):.1f} ms, worst {max(lat):.1f} ms "
        f"= {statistics.median(ratio):.2f}x / {max(ratio):.2f}x one raw zxing decode of the same frame "
        f"({raw:.1f} ms)",
        f"  of which after the pipeline's frame (read + referee + journal fsync + view + hand-off): "
        f"median {statistics.median(after):.1f} ms, worst {max(after):.1f} ms",
        f"  Pi estimate: x2.5-3 on a Pi 5 core, x5-6 on a Pi 4 core "
        f"(~{statistics.median(lat) * 2.75:.0f} ms / ~{statistics.median(lat) * 5.5:.0f} ms median)",
    ]


def run(report: Any) -> dict[str, Any]:
    """``make bench`` entry point."""
    figures = measure()
    for line in summary(figures):
        if hasattr(report, "line"):
            report.line(line)
        elif callable(report):
            report(line)
        else:
            print(line)
    return figures


if __name__ == "__main__":
    for line in summary(measure()):
        print(line)
