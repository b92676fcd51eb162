"""A game's results as people take them home: JSON and CSV from the page (every
scored line, the names; a name that looks like a formula stays text), and the
games played here, newest first."""
from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import expect

from .conftest import play_example


@pytest.fixture
def finished(session):
    """Ghosts Love Candy's example game, played to its end; RED is called '=1+1'."""
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "=1+1", "BLUE": "Ben"})
    play_example(session)
    assert session.view()["over"]
    return session


def test_the_results_as_json_and_csv(finished, client):
    r = client.get("/api/results").json
    assert r["final"] and r["score"]["winners"] == ["RED"] and r["names"]["BLUE"] == "Ben"
    body = client.get("/api/results.csv")
    assert body.mimetype == "text/csv" and "attachment" in body.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(body.get_data(as_text=True))))
    assert rows[0] == ["seat", "name", "entry", "what", "points"]
    assert ["RED", "'=1+1", "RED", "Licorice x4 at 4 each (Loves Candy Corn)", "16"] in rows    # text, never a formula
    totals = {row[0]: row for row in rows if row[3].startswith("total")}
    assert totals["RED"][3:] == ["total (winner)", "29"] and totals["GREEN"][4] == "26"
    lines = [row for row in rows[1:] if not row[3].startswith("total")]
    for seat, total in (("RED", 29), ("BLUE", 27), ("GREEN", 26)):      # the lines add up to the total
        assert sum(int(row[4]) for row in lines if row[0] == seat) == total


def test_past_games_newest_first(finished, client):
    finished.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    games = client.get("/api/past-games").json["games"]
    assert [g["outcome"] for g in games[:2]] == ["open", "won by RED"]
    assert games[1]["totals"] == {"RED": 29, "BLUE": 27, "GREEN": 26}


@pytest.mark.browser
def test_the_history_page_lists_the_games_and_downloads_the_results(finished, server, page):
    page.goto(server.url + "/")
    page.click("text=games and results")
    expect(page.locator("table.history tbody tr")).to_have_count(1)
    expect(page.locator("table.history")).to_contain_text("won by RED")
    with page.expect_download() as got:
        page.click("text=CSV")
    text = got.value.path().read_text(encoding="utf-8")
    assert text.startswith("seat,name,entry,what,points") and "total (winner),29" in text


@pytest.mark.browser
def test_the_history_page_writes_dates_the_way_its_language_does(finished, server, browser):
    """A German page writes 28.11.2026, a Spanish one 28 nov 2026, an English one Nov 28, 2026: the page's
    language, not the browser's (Chromium here runs in en-US)."""
    seen = {}
    for lang in ("en", "de", "es"):
        ctx = browser.new_context(locale="en-US")
        page = ctx.new_page()
        page.goto(server.url + f"/history?lang={lang}")
        cell = page.locator("table.history time").first
        expect(cell).not_to_be_empty()
        seen[lang] = cell.inner_text()
        ctx.close()
    assert re.search(r"\b\d{1,2}\.\d{2}\.\d{4}\b", seen["de"]), seen
    assert re.search(r"\b\d{1,2} [a-z]{3,4}\.? \d{4}\b", seen["es"]), seen
    assert re.search(r"\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b", seen["en"]), seen
