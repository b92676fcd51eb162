"""Benchmark: memory over time (``make bench``, section "soak").

A short soak (:mod:`companion.soak.demo`: 2 minutes, 1 with ``--quick``) of the real
demo under waves of 100 live viewers, the camera view and referee operations:
the companion's memory at start, after warm-up and on its plateau, its threads,
open files, CPU and journal. A short run shows the plateau, not a slow leak:
the hour-long verdict is ``make soak MINUTES=60``; the figures of the last soak
recorded for the README (``docs/img/soak.json``) are printed next to these.

Example::

    python -m companion.bench --only soak --quick
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TITLE = "soak: memory, threads and open files of the demo under load"
RECORDED = Path(__file__).resolve().parents[2] / "docs" / "img" / "soak.json"


def recorded(path: Path = RECORDED) -> str | None:
    """One line on the soak recorded at ``path``, if there is one."""
    try:
        r = json.loads(path.read_text())
        f = r["figures"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return (f"recorded ({path.name}, {f['duration_s'] / 60:.0f} min): RSS plateau {f['rss_plateau_mb']:.1f} MB, "
            f"max {f['rss_max_mb']:.1f} MB, growth after warm-up {f['rss_slope_mb_h']:+.1f} MB/hour; threads "
            f"{f['threads'][1]}, open files {f['fds'][1]} at the end; "
            f"{'PASS' if r['verdict']['passed'] else 'FAIL'}")


def run(report: Any) -> dict[str, Any]:
    """``make bench`` entry point: a short soak, its figures as a table."""
    from companion.soak.demo import soak, summary
    minutes = 1.0 if getattr(report, "quick", False) else 2.0
    result = soak(minutes, 100, log=report.line)
    report.table(["what", "value"], summary(result))
    line = recorded()
    if line:
        report.line(line)
    if not result["verdict"]["passed"]:
        raise RuntimeError("the soak failed: " + "; ".join(result["verdict"]["reasons"]))
    return result["figures"]
