"""The Closest Ghost drawn as its table (web/static/boards/tcg.js), in Chromium: the
two boards as one lettered and numbered grid with every square's arrows, the
avatars in their players' colours, the ghosts and the candy still on the squares
(the candy under a ghost too), whose turn it is and what they may do lit on the
grid, and under each board its owner's name, the candy left and who took the rest.
Nothing is shown by a tag's identifier; no text sticks out of the drawing or lies
over another, on a laptop, a big screen and a phone, in English and in German."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from companion.examples import example_script
from models.engine import IllegalAction
from tests.web.board_texts import crossing_texts, texts_outside

pytestmark = pytest.mark.browser

NAMES = {"RED": "Ana", "BLUE": "Ben"}
SIZES = [(1366, 768), (1920, 1080), (390, 844)]
BOARD = "#board svg.tcg-board"
SCRIPT = example_script("TCG")

TEXTS = f"() => [...document.querySelectorAll('{BOARD} text')].map(t => t.textContent)"
# every text whose box lies (partly) outside the drawing's own box
OUTSIDE = texts_outside(BOARD)
# every pair of texts whose boxes cross (more than the descent of one over the other)
OVERLAPS = crossing_texts(BOARD)
# the rendered height (px) of the smallest text of the drawing
SMALLEST = f"""() => Math.min(...[...document.querySelectorAll('{BOARD} text')].filter(t => t.textContent.trim())
  .map(t => t.getBoundingClientRect().height))"""
# an identifier of a tag or a catalog entry ("TCG:CANDY:01", "CANDY 01", "GHOST 3", "Candy 07")
TAG_ID = re.compile(r"[A-Z]{3}:[A-Z]+:|\b(CANDY|GHOST|AVATAR|BOARD)[ :_]?\d|\b(Candy|Ghost) \d")


def play(session, moves: int | None = None, options: dict | None = None) -> dict:
    """A game of The Closest Ghost for Ana (RED) and Ben (BLUE), its example script played
    for ``moves`` actions (all by default; the refusals the script shows are skipped).
    Returns the game's public view."""
    session.new_game("TCG", ["RED", "BLUE"], options or {}, NAMES)
    for data in SCRIPT[:moves]:
        try:
            session.apply(data)
        except IllegalAction:
            continue
    return session.view()["state"]


def squares(svg, selector: str) -> list[str]:
    """The squares of the drawing's elements that match ``selector``, sorted."""
    return sorted(svg.locator(selector).evaluate_all("es => es.map(e => e.dataset.square)"))


def open_board(browser, server, size, lang: str = "en"):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.set_default_timeout(10_000)
    page.goto(server.url + f"/?lang={lang}")
    expect(page.locator(BOARD)).to_be_visible()
    return ctx, page


def check_drawing(page, state: dict) -> None:
    """What anyone at the table would notice is there, and nothing that should not be."""
    board = page.locator("#board")
    expect(board).not_to_have_class(re.compile(r"\bgeneric\b"))
    assert page.locator("#board .g-panel").count() == 0                       # not the generic panels
    svg = page.locator(BOARD)
    assert svg.get_attribute("viewBox") and not svg.get_attribute("width")    # scales to its box
    assert svg.locator(".square").count() == len(state["arrows"]) == 18
    assert svg.locator(".square .arrow").count() == sum(len(a) for a in state["arrows"].values())
    assert svg.locator(".dot").count() == 2
    assert svg.locator(".avatar").count() == len(state["avatars"]) == 2
    for seat, square in state["avatars"].items():
        a = svg.locator(f".avatar[data-player={seat}]")
        assert a.get_attribute("data-square") == square
        assert a.locator("polygon").get_attribute("fill") == page.evaluate(f"TC.SEAT_COLOURS.{seat}")
    assert squares(svg, ".ghost") == sorted(state["ghosts"])
    assert squares(svg, ".candy[data-square]") == sorted(state["candy"])                # the candy under a ghost too
    assert squares(svg, ".candy.under") == sorted(set(state["candy"]) & set(state["ghosts"]))
    texts = page.evaluate(TEXTS)
    joined = " | ".join(texts)
    for seat, name in NAMES.items():
        assert f"{name} ({seat})" in joined
    for letter in "ABCDEF":
        assert letter in texts                                                 # the columns, as the prompts name them
    assert not [t for t in texts if TAG_ID.search(t)], texts
    assert page.evaluate(OUTSIDE) == []
    assert page.evaluate(OVERLAPS) == []


@pytest.mark.parametrize("moves", [16, None], ids=["mid-game", "whole-game"])
def test_the_boards_are_drawn_with_every_piece_at_every_size(session, server, browser, moves):
    state = play(session, moves)
    assert state["phase"] == ("ghost" if moves else "over")
    for w, h in SIZES:
        ctx, page = open_board(browser, server, (w, h))
        check_drawing(page, state)
        if w < 600:                                            # a phone: readable, scrolled sideways in its own box
            assert page.locator(BOARD).bounding_box()["width"] >= 600
            assert page.evaluate("document.documentElement.scrollWidth") <= w
            assert page.evaluate(SMALLEST) >= 11
        else:
            box = page.locator(BOARD).bounding_box()
            assert box["width"] <= w and box["y"] + box["height"] <= h + 1    # the whole drawing on the screen
            # a 768-high laptop also keeps the one-line "just happened" strip under the board
            assert page.evaluate(SMALLEST) >= (12 if h > 800 else 11)
        page.screenshot(path=f"/tmp/board_tcg_{w}x{h}{'' if moves is None else '_mid'}.png", full_page=w < 600)
        ctx.close()


def test_whose_turn_and_what_they_may_do_is_lit(session, server, browser):
    state = play(session, 10)                     # RED to move their avatar
    assert state["phase"] == "move" and state["turn"] == "RED"
    ctx, page = open_board(browser, server, (1366, 768))
    svg = page.locator(BOARD)
    expect(svg.locator(".heading")).to_contain_text("Ana (RED)")
    assert squares(svg, ".square.target") == state["avatar_targets"]
    assert svg.locator(".square.choice").count() == 0
    expect(svg.locator(".player.active")).to_have_attribute("data-player", "RED")
    assert svg.locator(".ghost.movable").count() == 0
    ctx.close()

    session.apply(SCRIPT[10])                     # RED moved: now RED's ghost move
    state = session.view()["state"]
    assert state["phase"] == "ghost"
    ctx, page = open_board(browser, server, (1366, 768))
    svg = page.locator(BOARD)
    assert svg.locator(".square.target").count() == 0
    assert squares(svg, ".ghost.movable") == squares(svg, ".square.choice") == sorted(state["movable_ghosts"])
    ctx.close()


def test_the_end_shows_the_winner_and_who_took_the_candy(session, server, browser):
    play(session)
    state, taken = session.view()["state"], session.state["taken"]
    assert state["winner"] == "BLUE"
    ctx, page = open_board(browser, server, (1920, 1080))
    svg = page.locator(BOARD)
    expect(svg.locator(".heading")).to_contain_text("Ben (BLUE)")
    expect(svg.locator(".player.winner")).to_have_attribute("data-player", "BLUE")
    for b in state["owners"]:
        panel = svg.locator(f".player[data-board={b}]")
        expect(panel.locator(".candy-left")).to_contain_text(str(state["candy_left"][b]))
        assert panel.locator(".candy.pip").count() == state["candy_left"][b]
        for seat, n in taken[b].items():
            assert panel.locator(f".gone[data-taker={seat}]").count() == n
            if n:
                expect(panel.locator(".taken")).to_contain_text(f"{NAMES[seat]} took {n}")
    ctx.close()


def test_in_german_the_table_is_still_drawn(session, server, browser):
    state = play(session, 16)
    ctx, page = open_board(browser, server, (1366, 768), lang="de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    check_drawing(page, state)
    texts = " | ".join(page.evaluate(TEXTS))
    assert "Drehung 90°" in texts and "Übrige Süßigkeiten: 5" in texts and "Geister" in texts
    page.screenshot(path="/tmp/board_tcg_de_1366x768.png")
    ctx.close()


def test_boards_one_above_the_other_in_layout_6x3(session, server, browser):
    state = play(session, 0, {"layout": "6x3"})
    ctx, page = open_board(browser, server, (1920, 1080))
    svg = page.locator(BOARD)
    assert svg.get_attribute("data-layout") == "6x3"
    assert svg.locator(".square").count() == len(state["arrows"]) == 18
    texts = page.evaluate(TEXTS)
    assert "6" in texts and "D" not in texts                                     # six rows, three columns
    assert page.evaluate(OUTSIDE) == [] and page.evaluate(OVERLAPS) == []
    a, b = (svg.locator(f".board-frame[data-board={x}]").bounding_box() for x in "AB")
    assert b["y"] > a["y"] + a["height"] - 1                                     # B below A
    page.screenshot(path="/tmp/board_tcg_6x3_1920x1080.png")
    ctx.close()


def test_the_story_replays_the_same_drawing(session, server, browser):
    play(session)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(server.url + "/story")
    expect(page.locator("#story[data-ready=yes]")).to_have_count(1)
    expect(page.locator("#story-list li")).to_have_count(len(SCRIPT) + 1)       # the story is loaded
    expect(page.locator(f"{BOARD} .ghost")).to_have_count(3)                    # shown at its end
    page.locator("#story-slider").fill("0")
    expect(page.locator("#story-where")).to_contain_text("Step 0 of")
    expect(page.locator(f"{BOARD} .ghost")).to_have_count(2)                    # the setup: no third ghost yet
    assert page.locator(f"{BOARD} .candy[data-square]").count() == 16
    assert page.evaluate(OUTSIDE) == []
    ctx.close()
