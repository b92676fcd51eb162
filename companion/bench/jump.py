"""Benchmark: the referee's search over moves the camera missed, per game.

Each game's example script (``docs/games/*.script.json``) is played, and from
every 10th state the referee is shown the table 2 to 6 steps later, as a
perfect camera sees it (:func:`models.table.seen_from_above`): what happens
after a hand over the table or a lost camera. A second pass removes one tag
from that table, which nothing explains: the search then runs to its bound
(:data:`models.referee.MAX_NODES` steps tried), the worst case.

Figures are milliseconds per refereed table and ratios to refereeing an
unchanged table in the same process (the cost of every ordinary settled
frame), so they mean something on a noisy machine.

    python -m companion.bench --only jump
"""
from __future__ import annotations

import statistics
import time
from typing import Any

TITLE = "Referee: catching up moves the camera missed (bounded search)"
def _timed(game: Any, state: dict[str, Any], snapshot: Any) -> tuple[float, Any]:
    t = time.perf_counter()
    verdict = game.referee(state, snapshot)
    return time.perf_counter() - t, verdict


def measure(code: str, stride: int = 10) -> dict[str, Any]:
    from companion.examples import example_states
    from models.table import Snapshot, seen_from_above
    game, _, states = example_states(code)
    base = statistics.median(_timed(game, s, seen_from_above(game.arrange(s)))[0] for s in states[::stride])
    gaps: list[float] = []
    caught = 0
    worst: list[float] = []
    for i in range(0, len(states) - 6, stride):
        for k in range(2, 7):
            after = seen_from_above(game.arrange(states[i + k]))
            dt, verdict = _timed(game, states[i], after)
            gaps.append(dt)
            caught += verdict.status == "applied"
            one_less = Snapshot(after.t, after.sightings[:-1], True, after.table_mm)   # nothing explains it
            worst.append(_timed(game, states[i], one_less)[0])
    return {"game": code, "gaps": len(gaps), "caught_up": caught, "base_ms": base * 1e3,
            "median_ms": statistics.median(gaps) * 1e3, "worst_gap_ms": max(gaps) * 1e3,
            "unexplained_worst_ms": max(worst) * 1e3,
            "worst_ratio": max(max(gaps), max(worst)) / base}


def summary(rows: list[dict[str, Any]]) -> list[str]:
    from models.referee import MAX_DEPTH, MAX_NODES, SLACK
    lines = [f"bound: {MAX_DEPTH} steps deep, {MAX_NODES} steps tried, {SLACK} steps of slack past the shortest"]
    for r in rows:
        lines.append(f"{r['game']}: {r['caught_up']}/{r['gaps']} gaps of 2-6 steps caught up; per table "
                     f"median {r['median_ms']:.1f} ms, worst {r['worst_gap_ms']:.1f} ms, nothing explains it "
                     f"{r['unexplained_worst_ms']:.1f} ms; worst = {r['worst_ratio']:.0f}x an unchanged table "
                     f"({r['base_ms']:.2f} ms)")
    return lines


def run(report: Any) -> list[dict[str, Any]]:
    """``make bench`` entry point."""
    from companion.examples import PLAYERS
    rows = [measure(code, stride=20 if getattr(report, "quick", False) else 10) for code in PLAYERS]
    for line in summary(rows):
        report.line(line)
    return rows


if __name__ == "__main__":
    from companion.examples import PLAYERS
    for line in summary([measure(code) for code in PLAYERS]):
        print(line)
