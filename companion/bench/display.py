"""Benchmark: what a change costs the display page (``make bench``, section "display").

For each game its example game (``docs/games/<slug>.script.json``, the moves the
rules refuse left out) is played into a real :class:`~companion.live.session.Session`
while the display (``/``) follows it live in headless Chromium, in German (its
words are the longest), on a full-HD screen. Per change: the time from the session
publishing it to the page having drawn it (``body[data-seq]``), and what
Chromium spent on it (its own ``Performance.getMetrics``: script, layout, style
recalculation, and every task in all). The median update is also given as a
ratio to one raw zxing-cpp decode of a 1600x900 frame, timed in the same run,
so the figure means something on another machine.

A phone on the table's Wi-Fi draws every change the same way, on a slower CPU:
a drawing that lays the page out once per text (the boards' text fitting did,
until each measured all its texts before changing any) shows here first.

    python -m companion.bench --only display
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

TITLE = "The display page: what each change of the game costs the browser"
CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1920, "height": 1080}
METRICS = ("ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "TaskDuration")


def _metrics(cdp: Any) -> dict[str, float]:
    got = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    return {k: float(got.get(k, 0.0)) for k in METRICS}


def measure_game(browser: Any, code: str, lang: str = "de", moves: int | None = None) -> dict[str, Any]:
    """One game's example followed by the display: per-update times (seconds)
    and Chromium's totals over the updates."""
    from companion.bench.web import ServerThread
    from companion.config import load_config
    from companion.examples import PLAYERS, example_script
    from companion.live.session import Session
    from models.engine import IllegalAction
    from web import create_app

    script = example_script(code)
    with tempfile.TemporaryDirectory() as tmp:
        config = load_config(None, env={"COMPANION_JOURNAL_PATH": str(Path(tmp) / "journal.sqlite"),
                                        "COMPANION_PINS_FACTORY": "mock"})
        session = Session(config, indicators=False)
        try:
            session.new_game(code, list(PLAYERS[code]), {})
            with ServerThread(create_app(session)) as srv:
                ctx = browser.new_context(viewport=VIEWPORT)
                try:
                    page = ctx.new_page()
                    cdp = ctx.new_cdp_session(page)
                    cdp.send("Performance.enable")
                    page.goto(f"{srv.url}/?lang={lang}")
                    page.wait_for_selector("#board svg", state="attached")
                    before = _metrics(cdp)
                    times: list[float] = []
                    for data in script:
                        if moves is not None and len(times) >= moves:
                            break
                        t = time.perf_counter()
                        try:
                            session.apply(data)
                        except IllegalAction:
                            continue
                        page.wait_for_function("seq => Number(document.body.dataset.seq) >= seq",
                                               arg=session.view()["seq"])
                        times.append(time.perf_counter() - t)
                    after = _metrics(cdp)
                finally:
                    ctx.close()
        finally:
            session.close()
    return {"code": code, "updates": len(times), "times": times,
            "browser_s": {k: after[k] - before[k] for k in METRICS}}


def measure(codes: list[str] | None = None, lang: str = "de", moves: int | None = None,
            browser: Any = None) -> dict[str, Any]:
    """Every game's (or ``codes``'s) figures, and the raw decode they are set
    against; in ``browser`` (a Playwright Chromium) when given, else in one
    launched here."""
    from companion.bench.autonomy import raw_decode_s
    from companion.examples import PLAYERS

    decode_s = raw_decode_s()
    if browser is not None:
        games = [measure_game(browser, code, lang, moves) for code in codes or list(PLAYERS)]
        return {"decode_s": decode_s, "lang": lang, "games": games}
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        own = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            return measure(codes, lang, moves, own)
        finally:
            own.close()


def rows(figures: dict[str, Any]) -> list[list[Any]]:
    decode = figures["decode_s"]
    out = []
    for g in figures["games"]:
        n = max(1, g["updates"])
        med = statistics.median(g["times"]) if g["times"] else 0.0
        b = g["browser_s"]
        out.append([g["code"], g["updates"], round(1000 * med), med / decode,
                    1000 * b["ScriptDuration"] / n, 1000 * b["LayoutDuration"] / n,
                    1000 * b["RecalcStyleDuration"] / n, 1000 * b["TaskDuration"] / n])
    return out


def summary(figures: dict[str, Any]) -> list[str]:
    return [f"the display in {figures['lang']!r} at {VIEWPORT['width']}x{VIEWPORT['height']}, following each "
            f"game's example; one raw zxing-cpp decode of a 1600x900 frame: {1000 * figures['decode_s']:.1f} ms"]


HEADER = ["game", "updates", "median ms, change to drawn", "in raw decodes", "script ms/update",
          "layout ms/update", "style ms/update", "all tasks ms/update"]


def run(report: Any) -> dict[str, Any] | None:
    """``make bench`` entry point (skipped, saying why, without Chromium or Playwright)."""
    import importlib.util
    import os
    if not os.path.exists(CHROMIUM) or importlib.util.find_spec("playwright") is None:
        report.line(f"SKIPPED: needs Chromium ({CHROMIUM}) and Playwright, which `make test` installs")
        return None
    figures = measure()
    for line in summary(figures):
        report.line(line)
    report.table(HEADER, rows(figures))
    return figures


if __name__ == "__main__":
    from .report import Report
    run(Report())
