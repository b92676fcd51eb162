"""The display on a phone and on television screens, in Chromium: on a phone
whose turn, what to do and the scores come first and the table reads at a size
it can be read at (scrolled sideways); on 1280x720, 1920x1080 and 3840x2160
nothing is cut off, text grows with the screen, and no label lies over another."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .board_texts import crossing_texts
from .conftest import play_example

pytestmark = pytest.mark.browser

CLIPPED = """() => [...document.querySelectorAll('#turn, #prompts, #scores')]
    .filter(el => { const r = el.getBoundingClientRect();
                    return r.bottom > innerHeight + 1 || r.right > innerWidth + 1; })
    .map(el => el.id)"""
# every Love card's label ("♥ Peppermint") against every candy chip of the same player's panel
OVERLAPS = """() => { const out = [];
  for (const g of document.querySelectorAll('#board g.player')) {
    const labels = [...g.querySelectorAll('text')].filter(t => t.textContent.startsWith('♥ '));
    const chips = [...g.querySelectorAll('rect')].filter(r => r.getAttribute('height') === '38');
    for (const t of labels) { const a = t.getBoundingClientRect();
      for (const c of chips) { const b = c.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(t.textContent); } } }
  return out; }"""


def play(session, moves: int) -> None:
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo"})
    play_example(session, moves=moves)


def test_on_a_phone_the_essentials_come_first_and_the_table_reads(session, server, browser):
    play(session, 60)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = ctx.new_page()
    page.goto(server.url + "/")
    expect(page.locator("#board svg")).to_be_attached()
    top = {sel: page.locator(sel).bounding_box()["y"] for sel in ("#turn", "#prompts", "#scores", ".board-wrap")}
    assert top["#turn"] < top["#prompts"] < top["#scores"] < top[".board-wrap"]
    assert page.locator("#board svg").bounding_box()["width"] >= 650           # not a thumbnail: scrolled sideways
    wrap = page.locator(".board-wrap")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth")                # ... inside its own box
    assert page.evaluate("document.documentElement.scrollWidth") <= 390         # the page does not scroll sideways
    ctx.close()


@pytest.mark.parametrize("moves", [60, 999])                                    # mid-game, and the Love cards shown
def test_on_television_screens_nothing_is_cut_off_or_overlaid(session, server, browser, moves):
    """And the words are the game's: a Love card by the candy it loves, a kid's
    ability in a few words, never an id or a code."""
    play(session, moves)
    sizes = {}
    for w, h in ((1280, 720), (1920, 1080), (3840, 2160)):
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#board svg")).to_be_attached()
        expect(page.locator("#scores")).to_contain_text("Ana")
        assert page.evaluate(CLIPPED) == [], (w, h)
        assert page.evaluate(OVERLAPS) == [], (w, h)
        board = page.locator("#board").inner_text()
        assert not re.search(r"Love L\d|\b[a-z]+_[a-z_]+\b|★ (werewolf|skeleton|ninja|zombie|pirate)", board), board
        if moves == 999:
            assert "♥ Candy Corn" in board and "♥ Peppermint" in board          # RED loves Corn, BLUE Peppermint
        sizes[w] = float(page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)"))
        ctx.close()
    assert sizes[3840] >= 1.8 * sizes[1920] and sizes[1920] > sizes[1280]      # sized for the distance


# every pair of the board's texts whose boxes cross (a heading over the decks' line, a label over a label)
TEXTS_OVERLAP = crossing_texts()


@pytest.mark.parametrize("moves", [40, 107])
@pytest.mark.parametrize("lang", ["en", "de", "es"])
def test_in_every_language_no_text_of_the_table_lies_over_another(session, server, browser, lang, moves):
    # German and Spanish words run longer than the English the drawing was laid out for
    # (40 moves: round 3 of 8, candy being placed, the longest heading; 107: BLUE's
    # turn, "RED ▶ am Zug" beside "1 auf der Hand")
    play(session, moves)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    page.goto(server.url + f"/?lang={lang}")
    expect(page.locator("#board svg")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    assert page.evaluate(TEXTS_OVERLAP) == []
    ctx.close()


def test_a_phone_is_told_the_table_scrolls_and_a_television_is_not(session, server, browser):
    play(session, 60)
    for (w, h), told in (((390, 844), True), ((1920, 1080), False)):
        ctx = browser.new_context(viewport={"width": w, "height": h})
        page = ctx.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#board svg")).to_be_attached()
        hint = page.locator("#scroll-hint")
        if told:
            expect(hint).to_be_visible()
            assert "swipe it sideways" in hint.inner_text()
            assert hint.bounding_box()["y"] > page.locator(".board-wrap").bounding_box()["y"]   # under the table
        else:
            expect(hint).to_be_hidden()
        ctx.close()


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_what_just_happened_shows_on_a_laptop_or_projector_screen(session, server, browser, size):
    """The usual projector and laptop sizes keep the "just happened" strip: the
    latest event on one line under the table."""
    play(session, 60)
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.goto(server.url + "/")
    strip = page.locator(".events-strip")
    expect(strip).to_be_visible()
    first = page.locator("#events li").first
    expect(first).to_be_visible()
    box = strip.bounding_box()
    assert box["y"] + box["height"] <= size[1] + 1                                 # on the screen, not below it
    assert page.evaluate(CLIPPED) == []
    ctx.close()


def test_the_final_breakdown_reads_across_a_room(session, server, browser):
    play(session, 999)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    page = ctx.new_page()
    page.goto(server.url + "/")
    cell = page.locator("#scores td.breakdown").first
    expect(cell).to_be_visible()
    # measured in one step: a live update may draw the scores again between two calls (a detached cell has no size)
    size, body = page.evaluate("""() => [
        parseFloat(getComputedStyle(document.querySelector('#scores td.breakdown')).fontSize),
        parseFloat(getComputedStyle(document.documentElement).fontSize)]""")
    assert size >= 1.05 * body                     # at least the page's own text size, not small print
    assert page.evaluate(CLIPPED) == []
    ctx.close()
