"""Every status the page can show is in the documentation (docs/refereeing.md,
"Every status the page can show", linked from the README), with what it means to
the players and what the LEDs do, and nothing else is: that table, the page's
words for each status (web/static/common.js) and the statuses the code emits are
the same set."""
from __future__ import annotations

import re
import typing
from pathlib import Path

from models.engine import VerdictStatus

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "refereeing.md"


def documented_statuses() -> dict[str, list[str]]:
    """status -> its documented row's cells, from the table under the statuses marker."""
    text = DOC.read_text()
    start = text.index("<!-- statuses:")
    rows: dict[str, list[str]] = {}
    for line in text[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        m = re.fullmatch(r"`(\w+)`", cells[0])
        if m and m.group(1) != "status":      # the header row
            rows[m.group(1)] = cells[1:]
    return rows


def page_statuses() -> dict[str, str]:
    """status -> the page's short label (in English, the msgid of TC.t), from TC.STATUS in common.js."""
    js = (ROOT / "web" / "static" / "common.js").read_text()
    block = js[js.index("TC.STATUS = {"):]
    block = block[: block.index("};")]
    return dict(re.findall(r'(\w+): \[TC\.t\("([^"]+)"', block))


def test_the_docs_list_exactly_the_statuses_the_page_shows():
    documented, page = documented_statuses(), page_statuses()
    assert set(documented) == set(page)
    for status, label in page.items():
        said = documented[status][0]
        assert said == label, f"{DOC.name} calls {status} {said!r}, the page {label!r}"


def test_every_referee_verdict_is_a_documented_status():
    assert set(typing.get_args(VerdictStatus)) <= set(documented_statuses())


def test_each_documented_status_says_what_it_means_and_what_the_leds_do():
    for status, (_label, meaning, led, seats) in documented_statuses().items():
        assert len(meaning) > 30, status
        assert led in ("green", "amber", "red"), f"{status}: status LED {led!r}"
        assert seats, status


def test_the_session_emits_only_documented_statuses():
    from companion.live.views import STATUSES
    assert set(STATUSES) == set(documented_statuses())


def test_with_no_game_open_the_view_says_so_and_the_led_is_green(tmp_path):
    from companion.config import load_config
    from companion.live.session import Session
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "j.sqlite")})
    s = Session(cfg, indicators=False)
    try:
        view = s.view()
        assert view["status"] == "no_game" and view["game"] is None
        assert view["indicators"]["status"] == documented_statuses()["no_game"][2] == "green"
    finally:
        s.close()
