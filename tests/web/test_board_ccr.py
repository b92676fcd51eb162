"""Candy Crave's table drawn on the page (web/static/boards/ccr.js), in Chromium:
the five bowls with the sweets left in them, each bowl's base value and
favourites stack, at scoring each row with every "?" showing the value it takes
and the value of each sweet, and every player's (or party's) play area and
locked sweets, sweets by name and colour, never by tag; on a phone, a laptop
and a television screen, in English and in German, with no text cut off or
lying over another."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.examples import example_script
from models.candy_crave.values import resolve_row
from models.engine import IllegalAction
from tests.web.board_texts import crossing_texts, texts_outside

pytestmark = pytest.mark.browser

NAMES = {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo"}
SIZES = [(1366, 768), (1920, 1080), (390, 844)]
SWEET = {"L": "Lollipops", "H": "Hard candies", "K": "Cookies", "B": "Licorice", "C": "Chocolate"}
SWEET_DE = {"L": "Lutscher", "H": "Bonbons", "K": "Kekse", "B": "Lakritz", "C": "Schokolade"}
SEAT_FILL = {"RED": "#e8463c", "BLUE": "#3b82f6", "GREEN": "#2fb35a"}
BOARD = "#board svg.ccr-board"
# a tag (CCR:SWEET:L03) or a bare id: sweet L03, base tile 4A, favourites tile 4P2 / 2Q
TAG_OR_ID = re.compile(r"[A-Z]{3}:[A-Z]+:|\b[LHKBC]\d{2}\b|\b\d[PM]\d\b|\b\dQ\b|\b\d[AB]\b")

TEXTS = "() => [...document.querySelectorAll('#board svg text')].map(t => t.textContent)"
# texts that stick out of the drawing's own box
OUTSIDE = texts_outside()
# every pair of texts whose boxes cross (a crossing under a third of the lower box's
# height is a big figure's descent over a caption, not a collision)
OVERLAPS = crossing_texts()
# per lane (bowl): its name, the sweets in the bowl, the base tile, the face-up tile,
# the value tile, the row's faces and what each "?" takes
LANES = """() => [...document.querySelectorAll('#board svg g.lane')].map(g => {
  const txt = sel => [...g.querySelectorAll(sel)].map(t => t.textContent);
  return { sweet: g.dataset.sweet, name: txt('.sweet-name')[0], bowl: txt('.bowl-count')[0],
           base: txt('.tile.base text')[0] || null, up: txt('.tile.fav text')[0] || null,
           value: txt('.tile.value text')[0] || null, stack: g.querySelectorAll('.stack text').length,
           row: txt('.row-tile .face'), takes: txt('.row-tile.question .takes') }; })"""
# per area (divider): whose it is, its header texts, header colour, and the chips of each side
AREAS = """() => [...document.querySelectorAll('#board svg g.area')].map(g => {
  const chips = side => [...g.querySelectorAll('.section.' + side + ' g.chip')].map(c =>
      [c.querySelector('.chip-name').textContent, Number(c.querySelector('.chip-count').textContent),
       c.querySelector('rect').getAttribute('fill')]);
  return { area: g.dataset.area, player: g.dataset.player, active: g.classList.contains('active'),
           head: [...g.querySelectorAll('text.who, text.seat, text.state')].map(t => t.textContent),
           fill: g.querySelectorAll('rect')[1].getAttribute('fill'),
           texts: [...g.querySelectorAll('text')].map(t => t.textContent),
           play: chips('play'), locked: chips('locked') }; })"""


def start(session, players: list[str] | None = None, names: dict[str, str] | None = None) -> None:
    players = players or ["RED", "BLUE", "GREEN"]
    session.new_game("CCR", players, {}, NAMES if names is None else names)


def play_script(session, moves: int | None = None) -> None:
    """Candy Crave's example game (docs/games/candy-crave.script.json) for RED, BLUE
    and GREEN (Ana, Ben, Cleo): its first ``moves`` actions, or all; the moves the
    example shows refused are skipped."""
    start(session)
    script = example_script("CCR")
    for data in script[:moves]:
        try:
            session.apply(data)
        except IllegalAction:
            continue


def minus(s: str) -> str:
    return s.replace("-", "−")


def signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}" if v < 0 else "0"


def by_type(ids: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in ids:
        out[i[0]] = out.get(i[0], 0) + 1
    return out


def open_board(browser, server, size: tuple[int, int], lang: str | None = None):
    w, h = size
    ctx = browser.new_context(viewport={"width": w, "height": h})
    page = ctx.new_page()
    page.goto(server.url + "/" + (f"?lang={lang}" if lang else ""))
    expect(page.locator(BOARD)).to_have_count(1)
    return ctx, page


def assert_tidy(page, where: Any) -> None:
    """Nothing generic, no tag or id, no text out of the drawing or over another."""
    assert page.locator("#board.generic, #board .g-panel").count() == 0, where
    texts = page.evaluate(TEXTS)
    assert [t for t in texts if TAG_OR_ID.search(t)] == [], where
    assert page.evaluate(OUTSIDE) == [], where
    assert page.evaluate(OVERLAPS) == [], where


def assert_areas_match(page, state: dict[str, Any], names: dict[str, str], sweet_names: dict[str, str]) -> None:
    areas = page.evaluate(AREAS)
    assert [a["area"] for a in areas] == list(state["areas"])
    for a in areas:
        ar = state["areas"][a["area"]]
        assert a["player"] == ar["owner"]
        assert a["fill"] == SEAT_FILL[ar["owner"]]                     # the seat's colour
        if names.get(ar["owner"]):
            assert a["head"][0] == names[ar["owner"]] and ar["owner"] in a["head"][1]
        else:
            assert a["head"][0] == ar["owner"]
        assert a["active"] == (state["turn"] == a["area"])
        for side in ("play", "locked"):
            want = {sweet_names.get(t, SWEET[t]): n for t, n in by_type(ar[side]).items()}
            assert {name: n for name, n, _ in a[side]} == want, (a["area"], side)
            assert len({fill for name, _, fill in a[side]}) == len(a[side])   # one colour per sweet


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_mid_round_the_bowls_and_every_play_area_and_locked_sweets_are_drawn(session, server, browser, size):
    play_script(session, 30)                       # round 1: steals back and forth, GREEN to move
    state = session.view()["state"]
    assert state["phase"] == "distribute" and any(ar["play"] for ar in state["areas"].values())
    ctx, page = open_board(browser, server, size)
    lanes = page.evaluate(LANES)
    assert [ln["sweet"] for ln in lanes] == ["L", "H", "K", "B", "C"]
    for ln in lanes:
        t = ln["sweet"]
        assert ln["name"] == SWEET[t]
        assert ln["bowl"] == str(state["bowls"][t])
        assert ln["base"] == str(state["base"][t])
        assert ln["up"] == minus(state["face_up"][t])              # the turned-up tile, nothing under it
        assert ln["stack"] == 0 and ln["row"] == [] and ln["value"] is None
    assert_areas_match(page, state, NAMES, {})
    assert_tidy(page, size)
    if size[0] < 700:
        # a phone: the table at a size that reads, scrolled sideways inside its own box
        assert page.locator(BOARD).bounding_box()["width"] >= 600
        assert page.locator(".board-wrap").evaluate("el => el.scrollWidth > el.clientWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    else:
        box = page.locator(BOARD).bounding_box()
        wrap = page.locator(".board-wrap").bounding_box()
        assert box["width"] <= wrap["width"] + 1 and box["height"] <= wrap["height"] + 1   # scaled, never cut off
    page.screenshot(path=f"/tmp/board_ccr_{size[0]}x{size[1]}.png", full_page=size[0] < 700)
    ctx.close()


def test_the_rulebook_lollipops_row_shows_its_question_tile_taking_the_next_value(session, server, browser):
    play_script(session, 61)                       # round 1's lollipops row laid out: +2 ? -1 +2
    state = session.view()["state"]
    assert state["rows"] == {"L": ["+2", "?", "-1", "+2"]}
    ctx, page = open_board(browser, server, (1366, 768))
    lanes = {ln["sweet"]: ln for ln in page.evaluate(LANES)}
    assert lanes["L"]["row"] == ["+2", "?", "−1", "+2"]
    assert lanes["L"]["takes"] == ["= −1"]          # the "?" takes the next valued tile
    assert lanes["L"]["value"] == "6"                # 4 + 2 - 1 - 1 + 2
    assert lanes["L"]["up"] is None
    for t in "HKBC":                                 # the other stacks still lie, their turned-up tile on top
        assert lanes[t]["row"] == [] and lanes[t]["up"] == minus(state["face_up"][t]) and lanes[t]["value"] is None
    assert_tidy(page, "lollipops row")
    ctx.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_at_the_end_every_row_value_and_both_rounds_points_are_shown(session, server, browser, size):
    play_script(session)
    view = session.view()
    state = view["state"]
    assert state["phase"] == "over"
    ctx, page = open_board(browser, server, size)
    lanes = {ln["sweet"]: ln for ln in page.evaluate(LANES)}
    questions = 0
    for t, row in state["rows"].items():
        resolved = resolve_row(row)
        assert lanes[t]["row"] == [minus(f) for f in row]
        assert lanes[t]["takes"] == ["= " + signed(v) for f, v in zip(row, resolved) if f == "?"]
        assert lanes[t]["value"] == minus(str(state["values"][t]))
        assert lanes[t]["bowl"] == "0"
        questions += row.count("?")
    assert questions >= 4
    assert_areas_match(page, state, NAMES, {})
    areas = {a["area"]: a for a in page.evaluate(AREAS)}
    for p, a in areas.items():
        for r, pts in enumerate(state["round_points"], 1):
            assert f"Round {r}: {pts[p]} points" in a["texts"]
    assert any("Winner" in t for t in areas["GREEN"]["head"])     # GREEN wins with 174
    assert not any("Winner" in t for t in areas["BLUE"]["head"] + areas["RED"]["head"])
    texts = page.evaluate(TEXTS)
    assert any(t.startswith("removed: ") and "Hard candies ×2" in t and "Licorice ×1" in t for t in texts)
    assert_tidy(page, size)
    page.screenshot(path=f"/tmp/board_ccr_end_{size[0]}x{size[1]}.png", full_page=size[0] < 700)
    ctx.close()


@pytest.mark.parametrize("moves", [30, None], ids=["mid-round", "game-over"])
def test_in_german_the_table_is_drawn_in_german(session, server, browser, moves):
    play_script(session, moves)
    state = session.view()["state"]
    ctx, page = open_board(browser, server, (1366, 768), lang="de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    names = {ln["sweet"]: ln["name"] for ln in page.evaluate(LANES)}
    assert names["L"] == "Lutscher" and names["B"] == "Lakritz"
    texts = page.evaluate(TEXTS)
    assert "gesichert" in texts and "Basis" in texts
    assert_areas_match(page, state, NAMES, SWEET_DE)
    assert_tidy(page, ("de", moves))
    ctx.close()


def test_two_players_each_party_has_its_divider_in_its_owners_colour(session, server, browser):
    start(session, ["RED", "BLUE"], {"RED": "Ana", "BLUE": "Ben"})
    session.apply([{"type": "base", "sweet": t, "tile": b} for t, b in zip("LHKBC", ["4A", "5B", "5A", "4B", "2"])])
    faces = ["3P2", "3P3", "3M1", "3Q", "3M2"]                           # the third set's tiles, face up
    session.apply([{"type": "turn_up", "sweet": t, "tile": f} for t, f in zip("LHKBC", faces)])
    session.apply({"type": "take", "player": "RED", "sweets": ["C08"]})                               # party A
    session.apply({"type": "take", "player": "BLUE", "sweets": ["B05", "H05"], "party": "B"})
    session.apply({"type": "steal", "player": "BLUE", "victim": "B", "pocket": "B05", "party": "C"})   # C robs B
    state = session.view()["state"]
    ctx, page = open_board(browser, server, (1366, 768))
    assert_areas_match(page, state, {"RED": "Ana", "BLUE": "Ben"}, {})
    areas = {a["area"]: a for a in page.evaluate(AREAS)}
    for party, owner in (("A", "RED"), ("B", "BLUE"), ("C", "BLUE"), ("D", "RED")):
        assert areas[party]["head"][1] == f"{owner} · party {party}"
    assert areas["D"]["active"] and "▶ turn" in areas["D"]["head"]
    assert areas["B"]["locked"][0][:2] == ["Licorice", 1] and areas["C"]["play"][0][:2] == ["Hard candies", 1]
    assert_tidy(page, "two players")
    ctx.close()


@pytest.mark.parametrize("size", [(1366, 768), (390, 844)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_five_players_without_names_fit_side_by_side(session, server, browser, size):
    from models.registry import get_game
    from tests.games.ccr.driver import Table
    seats = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]
    start(session, seats, {})
    game = get_game("CCR")
    table = Table(game, session.state, seed=3, withdraw_rate=0.0)
    for _ in range(40):
        session.apply(table.next_action(session.state).to_json())
    state = session.view()["state"]
    assert sum(len(ar["locked"]) for ar in state["areas"].values()) > 0
    ctx, page = open_board(browser, server, size)
    areas = page.evaluate(AREAS)
    assert [a["head"][0] for a in areas] == seats                  # the seat, where nobody gave a name
    assert sum(len(a["locked"]) for a in areas) > 0
    assert_tidy(page, ("five", size))
    ctx.close()
