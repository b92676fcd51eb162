"""Girls vs Ghouls drawn as its table (web/static/boards/gvg.js), in Chromium:
the ring of 8 houses with the team whose face is up, the net cubes, the Trick
stacks as counts (a face-down Trick is never named), the Tricks turned up during
the reveal, the VP cards on the houses that scored, the standees at their
houses, the players by name and seat colour, the First Player Token, whose turn
and where it began, the cards left, the identities once turned up and the
Reporter as a role. On a laptop, a big screen and a phone nothing sticks out of
the drawing and no text lies over another; in German it is drawn too; the story
and an event page's card draw it whole."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from companion.examples import ROOT
from models.engine import IllegalAction
from tests.web.board_texts import CROSSINGS

pytestmark = pytest.mark.browser

FIVE = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]
NAMES = {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo", "YELLOW": "Dan", "PURPLE": "Eve"}
SCRIPT = ROOT / "docs" / "games" / "girls-vs-ghouls.script.json"
FOUR_SCRIPT = ROOT / "tests" / "games" / "gvg" / "four_players.script.json"
SIZES = [(1366, 768), (1920, 1080), (390, 844)]
SEAT_HEX = {"RED": "#e8463c", "BLUE": "#3b82f6", "GREEN": "#2fb35a", "YELLOW": "#f5c518", "PURPLE": "#9b5de5",
            "ORANGE": "#f48c25", "PINK": "#f06bb0"}
TRICK_NAMES = re.compile(r"Flip House|Invert Value|Double Value|Trap")
TEAM_WORDS = {"GIRLS": "Girls", "GHOULS": "Ghouls", "REPORTER": "Reporter"}

# what a player sees in the drawing, read from the page
READ_BOARD = """() => { """ + CROSSINGS + """
  const svg = document.querySelector('#board svg.gvg-board');
  if (!svg) return null;
  const box = svg.getBoundingClientRect();
  const txt = (g, sel) => { const t = g.querySelector(sel); return t ? t.textContent : null; };
  const houses = [...svg.querySelectorAll('g.house')].map(g => ({
    house: Number(g.dataset.house), control: g.dataset.control, team: txt(g, 'text.team'),
    standees: [...g.querySelectorAll('g.standee')].map(s => s.dataset.player),
    active: [...g.querySelectorAll('g.standee.active')].map(s => s.dataset.player),
    stack: txt(g, 'g.trick-stack text.count'), vp: txt(g, 'g.vp-card text:last-of-type'),
    cubes: g.querySelectorAll('g.cubes rect').length,
    up: [...g.querySelectorAll('text.trick-name')].map(t => t.textContent),
    faceUp: txt(g, 'g.face-up-treat text'), began: [...g.querySelectorAll('g.turn-start')].map(s => s.dataset.player),
    texts: [...g.querySelectorAll('text')].map(t => t.textContent)}));
  const players = [...svg.querySelectorAll('g.player')].map(g => ({
    player: g.dataset.player, name: txt(g, 'text.name'), colour: g.querySelector('circle').getAttribute('fill'),
    identity: g.querySelector('g.identity') ? g.querySelector('g.identity').dataset.team : null,
    badge: txt(g, 'g.identity text, g.turn text'), first: !!g.querySelector('g.first-player-token'),
    hand: txt(g, 'text.hand')}));
  const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
  const outside = texts.filter(t => { const r = t.getBoundingClientRect();
    return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1; })
    .map(t => t.textContent);
  const overlaps = crossings(texts.map(t => [t.textContent, t.getBoundingClientRect()]), 1);
  return {houses, players, outside, overlaps, all: svg.textContent,
          reporter: txt(svg, 'g.reporter-role text'), scores: [...svg.querySelectorAll('g.team-score')].map(g =>
            [g.dataset.team, [...g.querySelectorAll('text')].map(t => t.textContent)]),
          width: box.width, height: box.height,
          generic: !!document.querySelector('#board.generic, #board .g-panel')};
}"""


def play(session, players=FIVE, names=NAMES, script=SCRIPT, moves=None, until=None):
    """Start Girls vs Ghouls and play the example script's first ``moves`` actions (all by
    default) or until ``until(public state)`` holds; the moves the rules refuse are skipped."""
    session.new_game("GVG", players, {}, names)
    for data in json.loads(script.read_text())[:moves]:
        if until is not None and until(session.view()["state"]):
            break
        try:
            session.apply(data)
        except IllegalAction:
            continue
    return session.view()


def open_board(browser, server, size, lang="en"):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page.goto(server.url + f"/?lang={lang}")
    expect(page.locator("#board svg.gvg-board")).to_be_attached()
    return ctx, page, page.evaluate(READ_BOARD)


def check_table(board, view, size):
    """What every state shows: the houses, their teams, standees, stacks and VP cards, the
    players by name and colour, nothing secret, no tag, nothing cut off or overlaid."""
    st = view["state"]
    assert board is not None and not board["generic"], size
    assert [h["house"] for h in board["houses"]] == list(range(1, 9))
    for drawn, h in zip(board["houses"], st["houses"]):
        assert drawn["control"] == h["control"] and drawn["team"] == TEAM_WORDS[h["control"]], (size, h["house"])
        assert sorted(drawn["standees"]) == sorted(p for p, at in st["positions"].items() if at == h["house"])
        down = sum(1 for t in h["tricks"] if t["trick"] is None)
        assert drawn["stack"] == (str(down) if down else None), (size, h["house"])
        assert drawn["up"] == [f"{i} {t['trick']}" for i, t in enumerate(h["tricks"], 1) if t["trick"]]
        if h["closed"]:
            assert drawn["vp"] == f"{h['vp']} VP" and drawn["cubes"] == 0
        else:
            assert drawn["vp"] is None
            n = abs(h["cubes"])
            assert drawn["cubes"] == (n if n <= 6 else 1), (size, h["house"])
    for p in view["players"]:
        row = next(r for r in board["players"] if r["player"] == p)
        assert row["name"] == (view["names"].get(p) or p) and row["colour"] == SEAT_HEX[p]
        assert row["first"] == (p == st["first_player"])
        if p in st["identities"]:
            assert row["identity"] == st["identities"][p] and TEAM_WORDS[st["identities"][p]] in row["badge"]
        else:
            assert row["identity"] is None
    assert len(board["players"]) == len(view["players"])          # the Reporter is no player row
    assert not re.search(r"[A-Z]{3}:[A-Z]+:", board["all"])        # no tag, only names
    revealed = sum(1 for h in st["houses"] for t in h["tricks"] if t["trick"])
    assert len(TRICK_NAMES.findall(board["all"])) == revealed      # a face-down Trick is never named
    assert board["outside"] == [], size
    assert board["overlaps"] == [], size


@pytest.mark.parametrize("moves", [2, 12, 60, None], ids=["setup", "round-1", "round-2", "whole-game"])
def test_the_table_at_every_size(session, server, browser, moves):
    view = play(session, moves=moves)
    for size in SIZES:
        ctx, page, board = open_board(browser, server, size)
        check_table(board, view, size)
        if size[0] < 500:
            # a phone: the table at a size that reads, scrolled sideways in its own box
            assert board["width"] >= 600
            assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        else:
            assert board["width"] <= size[0]
        ctx.close()


def test_mid_game_shows_the_scored_house_the_stacks_the_treat_just_played_and_the_turn(session, server, browser):
    view = play(session, moves=60)           # round 2: House 8 scored the 1 VP card; BLUE just played +2 at House 1
    st = view["state"]
    ctx, page, board = open_board(browser, server, (1920, 1080))
    by = {h["house"]: h for h in board["houses"]}
    assert by[8]["vp"] == "1 VP" and "closed" in by[8]["texts"]
    assert by[2]["stack"] == "1"
    assert by[1]["faceUp"] == "Treat +2" and by[1]["cubes"] == 4
    assert [h for h, b in by.items() if b["faceUp"]] == [1]
    assert "2 Treats" in by[7]["texts"]
    turn = st["turn"]
    assert by[st["positions"][turn]]["active"] == [turn]
    row = next(r for r in board["players"] if r["player"] == turn)
    assert row["badge"] == "Turn"
    hand = st["hands"][turn]
    assert f"{hand['treat'] + hand['trick'] - hand['unknown']} in hand" in row["hand"]
    assert board["reporter"] and "tie" in board["reporter"]           # 5 players: the Reporter is a role
    girls = next(s for t, s in board["scores"] if t == "GIRLS")
    assert str(view["score"]["entries"]["GIRLS"]["total"]) in girls
    ctx.close()


def test_where_the_turn_began(session, server, browser):
    view = play(session, moves=6)            # RED, first to play, moves from House 6 to House 8
    assert view["state"]["turn"] == "RED" and view["state"]["positions"]["RED"] == 8
    ctx, page, board = open_board(browser, server, (1366, 768))
    by = {h["house"]: h for h in board["houses"]}
    assert by[8]["active"] == ["RED"]
    assert by[6]["began"] == ["RED"] and "began here" in by[6]["texts"]
    assert [h for h, b in by.items() if b["began"]] == [6]
    ctx.close()


def test_the_reveal_names_the_tricks_turned_up_and_counts_the_rest(session, server, browser):
    def half_revealed(st):
        hs = [t for h in st["houses"] for t in h["tricks"]]
        return st["phase"] == "reveal" and any(t["trick"] for t in hs) and any(t["trick"] is None for t in hs)
    view = play(session, until=lambda st: half_revealed(st) and sum(1 for h in st["houses"] for t in h["tricks"]
                                                                      if t["trick"]) >= 3)
    st = view["state"]
    assert st["phase"] == "reveal"
    for size in SIZES:
        ctx, page, board = open_board(browser, server, size)
        check_table(board, view, size)
        assert any(h["up"] for h in board["houses"]) and any(h["stack"] for h in board["houses"])
        ctx.close()


def test_the_end_shows_identities_the_vp_cards_and_the_reporter_winning(session, server, browser):
    view = play(session)
    st = view["state"]
    assert st["phase"] == "over" and view["score"]["winners"] == ["REPORTER"]
    ctx, page, board = open_board(browser, server, (1920, 1080))
    check_table(board, view, (1920, 1080))
    assert sorted(h["vp"] for h in board["houses"] if h["vp"]) == ["1 VP", "2 VP", "3 VP"]
    blue = next(r for r in board["players"] if r["player"] == "BLUE")
    assert blue["identity"] == "REPORTER" and blue["badge"] == "\u2605 Reporter"       # the winner, starred
    assert board["reporter"].startswith("\u2605")
    assert all(r["identity"] for r in board["players"])
    for team, texts in board["scores"]:
        assert str(view["score"]["entries"][team]["total"]) in texts
    ctx.close()


def test_four_players_have_no_reporter(session, server, browser):
    four = FIVE[:4]
    view = play(session, players=four, names={p: NAMES[p] for p in four}, script=FOUR_SCRIPT)
    assert view["state"]["phase"] == "over" and not view["state"]["reporter_in_game"]
    ctx, page, board = open_board(browser, server, (1366, 768))
    check_table(board, view, (1366, 768))
    assert board["reporter"] is None and "Reporter" not in board["all"]
    ctx.close()


def test_seven_players_on_one_house_and_no_names(session, server, browser):
    seven = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE", "PINK"]
    session.new_game("GVG", seven, {}, {})
    session.apply([{"type": "place", "player": p, "house": 1} for p in seven])
    session.apply({"type": "trick", "player": "RED", "house": 1})
    view = session.view()
    for size in SIZES:
        ctx, page, board = open_board(browser, server, size)
        check_table(board, view, size)
        house1 = board["houses"][0]
        assert sorted(house1["standees"]) == sorted(seven) and house1["stack"] == "1"
        assert all(p in house1["texts"] for p in seven)                  # no names: the seats
        ctx.close()


def test_in_german_it_is_still_drawn(session, server, browser):
    view = play(session, moves=60)
    ctx, page, board = open_board(browser, server, (1366, 768), lang="de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert not board["generic"] and len(board["houses"]) == 8
    assert board["outside"] == [] and board["overlaps"] == []
    assert sorted(h["control"] for h in board["houses"]) == sorted(h["control"] for h in view["state"]["houses"])
    ctx.close()


# an event page's card: the drawing in a .mini-board, shown whole (scaled, never cut off)
MINI = """() => {
  const card = document.createElement('div'); card.className = 'table-card';
  const mini = document.createElement('div'); mini.className = 'board mini-board';
  card.appendChild(mini); document.body.appendChild(card);
  Board.draw(mini, TC.initialView());
  const svg = mini.querySelector('svg.gvg-board');
  if (!svg) return null;
  const a = mini.getBoundingClientRect(), b = svg.getBoundingClientRect();
  return {inside: b.top >= a.top - 1 && b.bottom <= a.bottom + 1 && b.left >= a.left - 1 && b.right <= a.right + 1,
          height: b.height, width: b.width, most: parseFloat(getComputedStyle(mini).maxHeight)};
}"""


def test_the_story_and_an_event_card_draw_it_whole(session, server, browser):
    play(session, moves=60)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    page.goto(server.url + "/")
    expect(page.locator("#board svg.gvg-board")).to_be_attached()
    mini = page.evaluate(MINI)
    assert mini is not None and mini["inside"] and 100 < mini["height"] <= mini["most"] + 1
    page.goto(server.url + "/story")
    expect(page.locator("#board svg.gvg-board")).to_be_attached()
    assert page.locator("#board svg.gvg-board g.house").count() == 8
    ctx.close()
