"""The event page in headless Chromium, fed by a real Mosquitto through the hub
and the page's live stream: a table's new view and a finished game reach the
open page without a reload, the standings follow, the big screen focuses one
table, a table's page shows that table; the CSV export and the JSON API; a
table no one has heard of is a clear 404."""
from __future__ import annotations

import csv
import io

import pytest
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.event.feed import EventFeed
from web.event import create_event_app

from .conftest import play_example

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    p = ctx.new_page()
    p.set_default_timeout(15_000)
    yield p
    ctx.close()


@pytest.fixture
def site(hub):
    feed = EventFeed(hub, interval_s=0.1)
    feed.start()
    with ServerThread(create_event_app(hub, feed)) as srv:
        yield srv
    feed.close()


def test_the_event_page_follows_the_tables_live_from_the_broker(site, hub, tables, page):
    s1, p1 = tables.table("t1")
    s1.new_game("TCG", ["RED", "BLUE"], names={"RED": "Ana", "BLUE": "Bo"})
    assert hub.wait_for(lambda h: "t1" in h.tables and h.tables["t1"]["view"], 10)
    page.goto(site.url + "/")
    page.wait_for_selector("#conn[data-state=live]")            # the page's live stream
    card = page.locator('.table-card[data-table="t1"]')
    assert card.get_attribute("data-online") == "yes"
    assert "The Closest Ghost" in card.inner_text()
    assert "No finished games yet" in page.inner_text("#standings")

    # a second table joins and the first finishes its game, while the page stays open
    s2, p2 = tables.table("t2")
    s2.new_game("CCR", ["RED", "BLUE", "GREEN"], names={"GREEN": "Zoe"})
    page.wait_for_selector('.table-card[data-table="t2"]')
    assert page.locator(".table-card").all_inner_texts()[1].startswith("t2")
    play_example(s1, "TCG", {"RED": "Ana", "BLUE": "Bo"})
    expect(page.locator("#standings tbody")).to_contain_text("Ana")
    assert page.locator("#standings tbody tr.game").all_inner_texts() == ["The Closest Ghost"]   # one game, one ranking
    rows = page.locator("#standings tbody tr.player").all_inner_texts()
    winner = hub.standings()[0]["name"]
    assert rows[0].split("\t")[:2] == ["1", winner]
    assert "Game over" in card.inner_text()
    assert "The Closest Ghost at t1" in page.inner_text("#results")

    # a table that stops is shown offline
    p2.close()
    page.wait_for_selector('.table-card[data-table="t2"][data-online="no"]')


def test_the_big_screen_and_a_tables_page(site, hub, tables, page):
    for name, code in (("t1", "TCG"), ("t2", "GLC")):
        s, _ = tables.table(name)
        s.new_game(code, ["RED", "BLUE"] if code == "TCG" else ["RED", "BLUE", "GREEN"])
    assert hub.wait_for(lambda h: {"t1", "t2"} <= set(h.tables) and all(t["view"] for t in h.tables.values()), 10)
    page.goto(site.url + "/?big=1")
    page.wait_for_selector(".table-card.focused")
    assert page.locator(".table-card.focused").count() == 1
    page.goto(site.url + "/tables/t2")
    page.wait_for_selector("#conn[data-state=live]")
    assert page.inner_text("#game-title") == "Ghosts Love Candy"
    assert page.locator("#board svg").count() == 1              # the display's own drawing


def test_the_csv_and_the_api(site, hub, tables):
    import json
    import urllib.error
    import urllib.request
    s, _ = tables.table("t1")
    play_example(s, "TCG", {"RED": "=HYPERLINK(\"x\")", "BLUE": "Bo"})
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)
    with urllib.request.urlopen(site.url + "/standings.csv") as r:
        assert r.headers["Content-Type"].startswith("text/csv")
        assert "standings-night.csv" in r.headers["Content-Disposition"]
        rows = list(csv.reader(io.StringIO(r.read().decode())))
    assert rows[0] == ["game", "rank", "name", "games", "wins", "points", "tables"]
    names = {row[2] for row in rows[1:]}
    assert "Bo" in names and "'=HYPERLINK(\"x\")" in names        # a formula is text, never run
    with urllib.request.urlopen(site.url + "/api/event") as r:
        assert r.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert r.headers["X-Frame-Options"] == "DENY"
        data = json.load(r)
    assert data["event"] == "night" and [t["name"] for t in data["tables"]] == ["t1"]
    assert data["tie_rules"][0] == "most wins"
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(site.url + "/tables/nope")
    assert e.value.code == 404 and "no table 'nope'" in e.value.read().decode()


def test_one_tables_broken_view_never_stops_the_other_tables_on_the_page(site, hub, tables, setup, page):
    """A table that publishes a view the page cannot draw (a bug, another
    version) is said on its own card; the tables after it, the results and the
    standings are drawn, when the page opens and live. (Before, the page's
    first drawing stopped at that table: no standings, no results, no later
    table, until it was reloaded without it.)"""
    from companion.event import topics
    from companion.event.broker_url import BrokerURL

    from .conftest import EVENT
    s1, _ = tables.table("t1")
    play_example(s1, "TCG", {"RED": "Ana", "BLUE": "Bo"})
    s3, _ = tables.table("t3")
    s3.new_game("CCR", ["RED", "BLUE", "GREEN"], names={"GREEN": "Zoe"})
    broken = {"game": {"code": "TCG", "title": "The Closest Ghost"}, "status": "in_sync", "state": {"round": 1},
              "score": {"entries": {"RED": None, "BLUE": None}, "final": True, "winners": 7}}
    t2 = BrokerURL.parse(setup.url("t2")).client("t2-broken")           # table t2's own login, as a buggy table
    t2.connect("127.0.0.1", setup.port)
    t2.loop_start()
    try:
        for kind, payload in (("status", topics.status_payload(EVENT, "t2", True)),
                              ("view", topics.view_payload(EVENT, "t2", broken))):
            t2.publish(topics.topic(EVENT, "t2", kind), topics.dumps(payload), qos=1, retain=True).wait_for_publish(5)
        assert hub.wait_for(lambda h: len(h.results) == 1 and all(n in h.tables and h.tables[n]["view"]
                                                                   for n in ("t1", "t2", "t3")), 10)
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(site.url + "/")
        page.wait_for_selector("#conn[data-state=live]")
        expect(page.locator('.table-card[data-table="t2"]')).to_contain_text("cannot be shown")
        expect(page.locator('.table-card[data-table="t1"]')).to_contain_text("Game over")
        expect(page.locator('.table-card[data-table="t3"]')).to_contain_text("Candy Crave")
        expect(page.locator("#standings tbody")).to_contain_text("Ana")
        expect(page.locator("#results")).to_contain_text("The Closest Ghost at t1")
        assert any("table t2: its view cannot be drawn" in e for e in errors), errors
        s3.end_game()                                   # and live: the table after it still updates
        s3.new_game("TCG", ["RED", "BLUE"])
        expect(page.locator('.table-card[data-table="t3"]')).to_contain_text("The Closest Ghost")
    finally:
        t2.loop_stop()
        t2.disconnect()
