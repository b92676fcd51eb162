"""The game's story (/story) as a reader meets it: the game told move by move
(even moves journalled together, as when missed moves are caught up or a game
is taken over as it lies), each round's start marked, a short first entry, the
table kept in sight, a link back to the table and the language switch."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.examples import PLAYERS, example_script
from models.engine import IllegalAction
from models.registry import game_classes, get_game
from web.i18n import catalog

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eve"]


def legal_moves(code: str) -> list[dict]:
    """The example game's moves (docs/games), the ones the rules refuse left out."""
    game = get_game(code)
    state = game.setup(list(PLAYERS[code]), {})
    out = []
    for data in example_script(code):
        try:
            state, _ = game.apply(state, game.parse_action(data))
        except IllegalAction:
            continue
        out.append(data)
    return out


def play(session, code: str, together: int = 0) -> int:
    """Play ``code``'s example game on the session, its first ``together`` moves
    as one change; how many moves were played."""
    players = list(PLAYERS[code])
    session.new_game(code, players, {}, dict(zip(players, NAMES)))
    moves = legal_moves(code)
    if together:
        session.apply(moves[:together])
    for data in moves[together:]:
        session.apply(data)
    return len(moves)


def open_story(page, server):
    page.goto(server.url + "/story")
    expect(page.locator("#story[data-ready=yes]")).to_have_count(1)
    return page.locator("#story-list li")


def test_the_story_is_told_move_by_move_from_a_short_first_entry(session, server, page):
    """Rounds 1 to 7 caught up as one change still read one move at a time."""
    n = play(session, "GLC", together=100)
    items = open_story(page, server)
    expect(items).to_have_count(n + 1)                    # the start, then one entry a move
    first = items.nth(0).inner_text()
    assert "Ghosts Love Candy" in first and "Ana (RED)" in first and len(first) < 120
    assert len(items.nth(1).inner_text()) < 120
    expect(items.nth(1).locator(".what")).to_have_text("NINJA (courage 15) is revealed into slot 1")
    assert max(len(t) for t in items.all_inner_texts()) < 400          # no wall of text
    # each round's start is marked, on its first move
    marks = page.locator("#story-list .round-mark")
    expect(marks).to_have_text([f"Round {r} of 8" for r in range(1, 9)], ignore_case=True)
    expect(items.nth(7).locator(".round-mark")).to_have_count(1)          # the first candy placed
    expect(items.nth(7).locator(".what")).to_contain_text("placed on NINJA (slot 1)")
    # the last step is shown, the list scrolled to it, the page itself not (the table stays in sight)
    expect(page.locator("#story-where")).to_contain_text(f"Step {n} of {n}")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.getElementById('story-list').scrollTop") > 0
    # a step picked in the list redraws the table at it
    items.nth(1).click()
    expect(page.locator("#story-where")).to_contain_text(f"Step 1 of {n}")
    expect(page.locator("#board")).to_contain_text("NINJA")
    expect(page.locator("#board")).not_to_contain_text("WEREWOLF")


@pytest.mark.parametrize("code", [c.code for c in game_classes() if c.code != "GLC"])   # GLC: the test above
def test_every_games_story_is_one_entry_a_move(session, server, page, code):
    n = play(session, code)
    items = open_story(page, server)
    expect(items).to_have_count(n + 1)
    first = items.nth(0).inner_text()
    assert get_game(code).title in first and "Ana (RED)" in first and len(first) < 150
    # each entry begins with its move in one short line (what followed from it on lines of their own)
    assert max(len(t) for t in items.locator(".what").all_inner_texts()) < 250


def test_the_story_links_back_to_the_table_and_switches_language(glc, server, page):
    from tests.web.conftest import play_example
    play_example(glc, moves=20)
    open_story(page, server)
    back = page.get_by_role("link", name="back to the table")
    expect(back).to_have_attribute("href", "/")
    de, es = catalog("de"), catalog("es")
    switch = page.locator(".story-links .languages")
    expect(switch.get_by_role("link", name="Deutsch")).to_have_count(1)
    switch.get_by_role("link", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#story[data-ready=yes]")).to_have_count(1)
    expect(page.locator("#story-title")).to_have_text(de("{game}: the story", domain="web").format(
        game="Ghosts Love Candy"))
    expect(page.locator(".side h2").first).to_have_text(de("Every change", domain="web"), ignore_case=True)
    expect(page.locator("#story-where")).to_contain_text(de("Step {step} of {steps}", domain="web").split("{")[0])
    page.locator(".story-links .languages").get_by_role("link", name="Español").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator(".side h2").first).to_have_text(es("Every change", domain="web"), ignore_case=True)
    back = page.get_by_role("link", name=es("back to the table", domain="web"))
    back.click()
    page.wait_for_url(server.url + "/")
    expect(page.locator("#board")).to_have_count(1)                  # the table's page
