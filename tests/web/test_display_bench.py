"""The display section of ``make bench`` (``companion/bench/display.py``): it
follows a game's example in Chromium and reports every change it drew, with what
the browser spent on it."""
from __future__ import annotations

import io

import pytest

from companion.bench import display
from companion.bench.report import Report

pytestmark = pytest.mark.browser


def test_the_display_section_reports_each_change_it_saw_drawn(browser):
    figures = display.measure(["TCG"], moves=3, browser=browser)
    (game,) = figures["games"]
    assert game["code"] == "TCG" and game["updates"] == 3 and len(game["times"]) == 3
    assert all(t > 0 for t in game["times"])
    assert game["browser_s"]["TaskDuration"] > 0 and game["browser_s"]["LayoutDuration"] > 0
    out = io.StringIO()
    report = Report(out)
    report.table(display.HEADER, display.rows(figures))
    (row,) = [line for line in out.getvalue().splitlines() if line.startswith("TCG")]
    assert row.split()[1] == "3"                                         # the updates column
