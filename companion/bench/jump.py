"""Benchmark: the referee's search over moves the camera missed, per game.

Each game's example script (``docs/games/*.script.json``) is played, and from
every 10th state the referee is shown the table 2 to 6 steps later, as a
perfect camera sees it (:func:`models.table.seen_from_above`): what happens
after a hand over the table or a lost camera. A second pass removes one tag
from that table, which nothing explains: the search then runs to its bound
(:data:`models.referee.MAX_NODES` steps tried), the worst case.

Then 150 gaps of 2 to 6 moves in random games (:func:`random_gaps`, the
autonomy section's random table) that the session knew of (``gap=True``), each
judged against the truth as the autonomy section judges a record: caught up
(or nothing to catch up: moves that came back to the state it holds, a standee
walked away and back), asked (with the truth among the choices or not), not explained (the moves are
entered on the console), or wrong. A gap holding a move the camera sees no
change for at all (a ghost chosen face down, a Peek) is left out: the players
tell those.

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


def random_gaps(code: str, gaps: int = 150, seed: int = 0) -> dict[str, int]:
    """``gaps`` random gaps of 2-6 moves, judged as the module docstring says
    (fewer when ``gaps`` random games hold fewer gaps no move of which is
    unseen: a game that draws unseen on every turn)."""
    import random

    from companion.bench.autonomy import _camera, _unseen_moves, random_game
    from companion.examples import PLAYERS
    from models.registry import get_game
    game = get_game(code)
    out = {"caught up": 0, "asked, the truth among the choices": 0, "asked, the truth not among them": 0,
           "not explained": 0, "wrong": 0}
    played = 0
    while sum(out.values()) < gaps and played < gaps:     # a game whose every move is unseen: fewer gaps
        rng = random.Random(seed * 1000 + played)
        played += 1
        states = [s for _, s in random_game(game, list(PLAYERS[code]), rng)]
        for _ in range(15):
            k = rng.randint(2, 6)
            if len(states) <= k + 1 or sum(out.values()) >= gaps:
                break
            i = rng.randrange(0, len(states) - k)
            stretch = states[i:i + k + 1]
            if not _unseen_moves(game, stretch):
                out[_judged(game, stretch, game.referee(stretch[0], _camera(game, stretch[-1]), gap=True))] += 1
    return out


def _judged(game: Any, stretch: list[dict[str, Any]], verdict: Any) -> str:
    """What the verdict on the table after ``stretch`` (its states, the first
    the one the referee held; none of its moves unseen) did, in
    :func:`random_gaps`' words: a state is true as the autonomy section judges
    a record (:func:`companion.bench.autonomy._told_now`, once the players said
    what its cards played unseen were; :func:`companion.bench.autonomy._where`)."""
    from companion.bench.autonomy import _told_now, _where
    last = len(stretch) - 1

    def where(state: dict[str, Any]) -> int | None:
        telling = _told_now(game, state, stretch, 0, last, False)
        if telling:
            return telling[2]
        return None if telling == () else _where(game, state, stretch, 0, last, False)

    if verdict.status == "applied":
        return "caught up" if where(verdict.state) == last else "wrong"
    if verdict.status == "in_sync" and where(verdict.state) == last:
        return "caught up"      # the moves came back to the state it holds (a standee walked away and back)
    if verdict.choices:
        offered = any(where(f.state) == last for f in verdict.choices)
        return "asked, the truth among the choices" if offered else "asked, the truth not among them"
    return "not explained"


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
    n = 50 if getattr(report, "quick", False) else 150
    report.line(f"{n} random gaps of 2-6 moves per game, the session knowing of each (gap=True):")
    for code in PLAYERS:
        got = random_gaps(code, n)
        report.line(f"{code}: " + "; ".join(f"{v} {k}" for k, v in got.items() if v or k == "wrong"))
    return rows


if __name__ == "__main__":
    from companion.examples import PLAYERS
    for line in summary([measure(code) for code in PLAYERS]):
        print(line)
