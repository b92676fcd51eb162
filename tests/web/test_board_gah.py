"""Ghost at Home drawn as its table, in Chromium: each player's house floor by
floor (the roof with the player's name, three floors of rooms beside a floor
card lit or dark, cats and ghosts beside them), hand sizes, the piles, whose
turn, an escape and a ghost waiting for its answer; cards by name, never by
tag; on a television, a laptop and a phone, in English and German, with no
text cut off or lying over another."""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.examples import example_script
from models.engine import IllegalAction
from tests.web.board_texts import CROSSINGS

pytestmark = pytest.mark.browser

NAMES = {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo", "YELLOW": "Dmitri"}
SIZES = ((1366, 768), (1920, 1080), (390, 844))
SCRIPT = example_script("GAH")

# what the drawing shows, read from the page: per house its floors (lit or not,
# rooms, cats, ghosts drawn), the texts, and the SVG's box
DRAWN = """() => { const svg = document.querySelector('#board svg.gah-board'); if (!svg) return null;
  const houses = {};
  for (const h of svg.querySelectorAll('g.house')) {
    houses[h.dataset.player] = [...h.querySelectorAll('g.floor')].map(f => ({
      floor: Number(f.dataset.floor), lit: f.classList.contains('lit'),
      card_lit: f.querySelector('g.floor-card').classList.contains('lit'),
      card_fill: f.querySelector('g.floor-card rect').getAttribute('fill'),
      rooms: f.querySelectorAll('g.room').length, cats: f.querySelectorAll('g.cat').length,
      ghosts: f.querySelectorAll('g.ghost').length, pending: f.querySelectorAll('g.ghost.pending').length,
      names: [...f.querySelectorAll('g.room, g.cat, g.ghost')].map(g => g.dataset.card) }));
  }
  return { houses: houses, text: [...svg.querySelectorAll('text')].map(t => t.textContent).join('\\n'),
           width: svg.getBoundingClientRect().width,
           generic: document.querySelector('#board').classList.contains('generic') }; }"""

# every text sticking out of the SVG's box, or out of its house, or crossing another text
TEXT_TROUBLE = """() => { """ + CROSSINGS + """
  const svg = document.querySelector('#board svg.gah-board'); const out = [];
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1
                           && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
  const box = svg.getBoundingClientRect();
  const ts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
    .map(t => [t.textContent, t.getBoundingClientRect(), t.closest('g.house')]);
  for (const [s, r, h] of ts) {
    if (!inside(r, box)) out.push('outside: ' + s);
    if (h && !inside(r, h.querySelector('rect').getBoundingClientRect())) out.push('out of its house: ' + s);
  }
  return out.concat(crossings(ts, 2)); }"""

TAG = re.compile(r"[A-Z]{3}:[A-Z]+:")
# four players: rooms in every house but YELLOW's, RED's cat, YELLOW's lit empty floor,
# GREEN's ghost staying on BLUE's lit floor, a Room Wild Card, BLUE's ghost waiting for GREEN
FOUR = [
    {"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:1A", "floor": 1, "side": "L"},
                                                 {"card": "ROOM:1B", "floor": 1, "side": "R"}]},
    {"type": "rooms", "player": "BLUE", "rooms": [{"card": "ROOM:1C", "floor": 1, "side": "L"},
                                                  {"card": "ROOM:1D", "floor": 1, "side": "R"}]},
    {"type": "rooms", "player": "GREEN", "rooms": [{"card": "ROOM:1E", "floor": 1, "side": "L"},
                                                   {"card": "ROOM:1F", "floor": 1, "side": "R"}]},
    {"type": "light", "player": "YELLOW", "floor": 1, "cards": ["ROOM:1J", "ROOM:2D"]},
    {"type": "cat", "player": "RED", "card": "CAT:1", "floor": 1, "side": "L"},
    {"type": "light_bulb", "player": "BLUE", "floor": 1},
    {"type": "ghost", "player": "GREEN", "card": "GHOST:1", "target": "BLUE"},
    {"type": "pass", "player": "BLUE"},
    {"type": "discard", "player": "YELLOW", "count": 1},
    {"type": "rooms", "player": "RED", "rooms": [{"card": "WILD:1", "floor": 2, "side": "L"}]},
    {"type": "ghost", "player": "BLUE", "card": "GHOST:3", "target": "GREEN"},
]


def play(session, players: list[str], moves: int | None = None) -> None:
    """A game of Ghost at Home with names, and the first ``moves`` actions of the
    example script (all by default; with four players, FOUR); moves the rules
    refuse are skipped."""
    session.new_game("GAH", players, {}, {p: NAMES[p] for p in players})
    for data in (FOUR if len(players) == 4 else SCRIPT)[:moves]:
        try:
            session.apply(data)
        except IllegalAction:
            continue


def expected(state: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    out = {}
    for p, floors in state["houses"].items():
        out[p] = [{"floor": f["floor"], "lit": f["lit"],
                   "rooms": sum(1 for c in f["rooms"].values() if c), "cats": sum(1 for c in f["cats"].values() if c),
                   "ghosts": len(f["ghosts"])} for f in floors]
    return out


def drawn_counts(drawn: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    return {p: sorted(({k: f[k] for k in ("floor", "lit", "rooms", "cats", "ghosts")} for f in floors),
                      key=lambda f: f["floor"]) for p, floors in drawn["houses"].items()}


def open_board(browser, server, size: tuple[int, int], lang: str = "en"):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.goto(server.url + f"/?lang={lang}")
    expect(page.locator("#board svg.gah-board")).to_be_attached()
    return ctx, page


def check_board(session, page, size: tuple[int, int]) -> dict[str, Any]:
    """What a player would notice, against the game's public view."""
    state = session.view()["state"]
    drawn = page.evaluate(DRAWN)
    assert drawn is not None and not drawn["generic"]                        # the house drawing, not the panels
    assert set(drawn["houses"]) == set(state["players"])                    # one house per player
    assert all(len(fl) == 3 for fl in drawn["houses"].values())              # ... of three floors
    assert drawn_counts(drawn) == expected(state)                            # rooms, cats, ghosts, lights
    for floors in drawn["houses"].values():
        for f in floors:
            assert f["card_lit"] == f["lit"]
            assert (f["card_fill"].lower() == "#ffd84d") == f["lit"]         # a lit floor card is drawn lit
    for p in state["players"]:
        assert NAMES[p] in drawn["text"] and p in drawn["text"]              # the name beside the colour
    assert not TAG.search(drawn["text"]), drawn["text"]                     # cards by name, never by tag
    assert page.evaluate(TEXT_TROUBLE) == [], size
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 1   # the page never scrolls sideways
    return drawn


@pytest.mark.parametrize("moves", [9, 20, 28, None])
def test_the_example_game_is_drawn_as_its_houses(session, server, browser, moves):
    # 9: cards on their way to the discard pile; 20: lit floors, a ghost waiting on a dark floor;
    # 28: RED escaping, a ghost waiting on the top floor; None: RED has escaped and won
    play(session, ["RED", "BLUE"], moves)
    state = session.view()["state"]
    for w, h in SIZES:
        ctx, page = open_board(browser, server, (w, h))
        drawn = check_board(session, page, (w, h))
        if w == 390:
            assert drawn["width"] >= 650                                      # a phone scrolls the table, no thumbnail
        pending = state["pending"]
        waiting = [f["floor"] for f in drawn["houses"][pending["player"]] if f["pending"]] if pending else []
        assert waiting == ([pending["floor"]] if pending else [])
        assert sum(f["pending"] for fl in drawn["houses"].values() for f in fl) == len(waiting)
        page.screenshot(full_page=True, path=f"/tmp/board_gah_{w}x{h}{'' if moves is None else f'_{moves}'}.png")
        ctx.close()


def test_named_cards_and_the_turn_are_shown(session, server, browser):
    play(session, ["RED", "BLUE"], 20)
    ctx, page = open_board(browser, server, (1366, 768))
    drawn = page.evaluate(DRAWN)
    red = {f["floor"]: f["names"] for f in drawn["houses"]["RED"]}
    blue = {f["floor"]: f["names"] for f in drawn["houses"]["BLUE"]}
    assert sorted(red[1]) == ["Room 1A", "Room 1B"] and sorted(red[2]) == ["Room 2B", "Room 2C"]
    assert sorted(blue[2]) == ["Ghost 5", "Room 2E", "Room 2F"]
    assert "Turn: Ana" in drawn["text"] and "Deck 26" in drawn["text"] and "3 in hand" in drawn["text"]
    assert page.locator("#board g.house.active[data-player=RED]").count() == 1
    ctx.close()


def test_a_light_whose_payment_is_untold_shows_the_piles_as_ranges(session, server, browser):
    """The camera saw RED's floor 1 lit, not what paid for it (the Light Bulb,
    or 2-3 cards): until the referee tells, the deck holds 42 to 44 cards."""
    from tests.support.contract import camera_of
    session.new_game("GAH", ["RED", "BLUE"], {}, {p: NAMES[p] for p in ("RED", "BLUE")})
    for p, card in (("RED", "ROOM:1A"), ("BLUE", "ROOM:1C")):
        session.apply({"type": "rooms", "player": p, "rooms": [{"card": card, "floor": 1, "side": "L"}]})
    game = session.engine
    truth = game.apply(session.state, game.parse_action(
        {"type": "light", "player": "RED", "floor": 1, "cards": ["ROOM:1D", "ROOM:2C", "GHOST:5"]}))[0]
    session._on_snapshot(camera_of(game.arrange(truth)))
    ctx, page = open_board(browser, server, (1366, 768))
    drawn = check_board(session, page, (1366, 768))
    assert "Deck 42–44" in drawn["text"] and "Discard 1–3" in drawn["text"], drawn["text"]
    assert "Referee: say how RED paid for the light of floor 1" in page.locator("body").inner_text()
    session.apply({"type": "light_told", "player": "RED", "floor": 1, "cards": ["ROOM:1D", "ROOM:2C", "GHOST:5"]})
    expect(page.locator("#board svg.gah-board text.deck")).to_have_text("Deck 42")
    assert session.state == {**truth, "clearing": []}      # told: the payment is on the pile, not in view
    ctx.close()


def test_a_payment_laid_face_up_is_drawn_as_cards_to_clear_in_the_pages_language(session, server, browser):
    """RED lights floor 1 paying with the Light Bulb laid face up beside the
    house: the camera reads it, the deck stays exact, and the board shows the
    card to put on the pile by its name, in German too."""
    from tests.support.contract import camera_of
    session.new_game("GAH", ["RED", "BLUE"], {}, {p: NAMES[p] for p in ("RED", "BLUE")})
    for p, card in (("RED", "ROOM:1A"), ("BLUE", "ROOM:1C")):
        session.apply({"type": "rooms", "player": p, "rooms": [{"card": card, "floor": 1, "side": "L"}]})
    game = session.engine
    truth = game.apply(session.state, game.parse_action({"type": "light_bulb", "player": "RED", "floor": 1}))[0]
    session._on_snapshot(camera_of(game.arrange_as_left(truth)))
    assert session.state == truth
    assert game.public_view(truth)["deck_doubt"] == 0
    for lang, name in (("en", "Light Bulb"), ("de", "Glühbirne")):
        ctx, page = open_board(browser, server, (1366, 768), lang)
        expect(page.locator("#board svg.gah-board g.clearing")).to_have_attribute("data-card", name)
        expect(page.locator("#board svg.gah-board text.deck")).to_contain_text(str(truth["deck"]))
        ctx.close()


def test_an_escape_is_shown(session, server, browser):
    play(session, ["RED", "BLUE"], 27)                                    # RED's house full, BLUE may answer
    ctx, page = open_board(browser, server, (1920, 1080))
    text = page.evaluate(DRAWN)["text"]
    assert "Ana is escaping!" in text and "Escape" in text and "Waiting" in text
    ctx.close()


def test_four_houses_fit_every_screen(session, server, browser):
    play(session, ["RED", "BLUE", "GREEN", "YELLOW"])
    state = session.view()["state"]
    assert state["pending"] and state["houses"]["RED"][0]["cats"]["L"]     # the game the test means
    for w, h in SIZES:
        ctx, page = open_board(browser, server, (w, h))
        drawn = check_board(session, page, (w, h))
        assert [f["pending"] for f in drawn["houses"]["GREEN"] if f["floor"] == 1] == [1]
        assert any("Room Wild Card" in f["names"] for f in drawn["houses"]["RED"])
        page.screenshot(full_page=True, path=f"/tmp/board_gah_4p_{w}x{h}.png")
        ctx.close()


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW"]])
def test_in_german_the_houses_are_drawn_without_overlaps(session, server, browser, players):
    play(session, players, 28)
    for size in ((1366, 768), (390, 844)):
        ctx, page = open_board(browser, server, size, lang="de")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        drawn = check_board(session, page, size)
        assert "Etage" in drawn["text"]                                  # the page's words, in German
        page.screenshot(path=f"/tmp/board_gah_de_{len(players)}p_{size[0]}x{size[1]}.png")
        ctx.close()
