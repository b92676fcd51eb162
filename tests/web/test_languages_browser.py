"""The page in German and Spanish in a real browser: Chromium set to German gets
the display in German (its own words and the referee's prompts, live), the
links at its foot switch it to Spanish for good, and nothing it draws is left
in English."""
from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.web.conftest import deal_kids, play_example
from web.i18n import catalog, localize

pytestmark = pytest.mark.browser

#: words of the display's own that must not show in English on a German page
ENGLISH = ["What to do", "Just happened", "Scores", "Nothing to do right now.", "Kid deck", "courage",
           "the game's story", "games and results", "sound off"]


def _text(page) -> str:
    return page.locator("body").inner_text()


@contextmanager
def _page(browser, locale: str) -> Iterator:
    """A page in a browser whose language is ``locale``."""
    ctx = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    try:
        yield page
    finally:
        ctx.close()


def test_a_german_browser_gets_the_display_in_german_live(glc, server, browser) -> None:
    from playwright.sync_api import expect
    with _page(browser, "de-DE") as page:
        page.goto(server.url + "/")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator("h2").first).to_have_text(catalog("de").text("Just happened"))
        deal_kids(glc)                                   # a change arrives over the live stream
        prompts = localize(glc.view()["prompts"], "de")
        german = [p["text"] for p in prompts]
        assert german != [p["text"] for p in glc.view()["prompts"]]
        first, to = german[0], prompts[0]["to"]
        if to and first.startswith(to + ": "):          # the seat's badge says who
            first = first[len(to) + 2:]
        expect(page.locator("#prompts .text").first).to_have_text(first)
        label = {"starting": "Starting", "in_sync": "In sync", "applied": "Move recorded", "waiting": "Waiting",
                 "camera_lost": "Camera lost"}[glc.view()["status"]]
        expect(page.locator("#status")).to_have_text(catalog("de").text(label))
        assert catalog("de").text(label) != label
        text = _text(page)
        for words in ENGLISH:
            assert words not in text, f"{words!r} is still English on the German page"
        events = page.locator("#events").text_content()
        for e in localize(glc.view()["events"], "de")[-3:]:
            assert e["text"] in events, events


def test_the_links_at_the_foot_switch_the_language_for_good(glc, server, browser) -> None:
    from playwright.sync_api import expect
    play_example(glc, moves=30)
    with _page(browser, "en-GB") as page:
        page.goto(server.url + "/")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.get_by_role("link", name="Español").click()
        expect(page.locator("html")).to_have_attribute("lang", "es")
        page.goto(server.url + "/story")                # kept in a cookie: the next page too
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.locator("#story-list li").first).to_be_attached()
        story = json.loads(page.evaluate("() => JSON.stringify(Array.from(document.querySelectorAll("
                                         "'#story-list .what')).map(e => e.textContent))"))
        assert "Ghosts Love Candy" in story[0] and any("RED" in s for s in story)
        req = urllib.request.Request(server.url + "/api/story", headers={"Accept-Language": "en"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            english = json.loads(resp.read())
        assert story != [" · ".join(s["texts"]) for s in english["steps"]]
