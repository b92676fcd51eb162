"""The console's "Take over the game as it lies", in a real browser: the
companion was started after the game began; one tap reads the game from the
table the camera sees, and what the table cannot show (whose turn it is, ...)
is asked once, as one short form."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from models.registry import get_game
from tests.games.glc.bot import table_steps
from tests.support.contract import camera_of
from tests.support.offers import offered_at_setup

from .conftest import PLAYERS, open_console

pytestmark = pytest.mark.browser


def test_one_tap_and_one_form_take_the_game_over(session, server, page):
    game = get_game("GLC")
    truth = list(table_steps(game, PLAYERS, 0))[19][2]
    session._on_snapshot(camera_of(game.arrange(truth)))
    open_console(page, server)
    page.select_option("#game", "GLC")
    page.fill("#players", ", ".join(PLAYERS))
    page.click("#btn-takeover")
    expect(page.locator("#result")).to_contain_text("answer below")
    form = page.locator("#takeover-form")
    expect(form).to_be_visible()
    answers = game.takeover_answers(truth)
    assert answers, "a Ghosts Love Candy table cannot show whose turn it is"
    for key, value in answers.items():
        field = form.locator(f'[data-key="{key}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value=json.dumps(value, separators=(",", ":")))
        else:
            field.fill(str(value))
    form.locator("button[type=submit]").click()
    expect(page.locator("#result")).to_contain_text("Done: takeover_answers")
    expect(page.locator("#status")).to_have_attribute("data-status", "in_sync")
    expect(form).to_be_hidden()
    assert game.public_view(session.state) == game.public_view(truth)
    assert game.expected_table(session.state) == game.expected_table(truth)


@pytest.mark.parametrize("code", offered_at_setup())    # a game whose set-up lays only seats: none
def test_the_table_offers_its_game_and_one_tap_starts_it(session, server, page, code):
    """No game open, a table laid out for a game: the console offers it in words
    and one tap starts it with the seats the table shows (issue 44)."""
    game = get_game(code)
    setup = game.setup(list(game.example_players), {})
    session._on_snapshot(camera_of(game.arrange(setup)))
    open_console(page, server)
    offer = page.locator("#btn-offer")
    expect(offer).to_be_visible()
    expect(page.locator("#btn-confirm")).to_be_hidden()
    expect(page.locator("#prompts")).to_contain_text(f"{game.title} for ")
    offer.click()
    expect(page.locator("#status")).to_have_attribute("data-status", "in_sync")
    expect(offer).to_be_hidden()
    assert session.engine.code == code and session.players == list(game.example_players)


def test_a_question_ruled_out_by_an_earlier_answer_is_hidden(session, server, page):
    """Ghosts Love Candy taken over once a tie-break is over: the form shows the
    turn order; which kid each tied player drew shows only when the order
    answered is "the tied players are drawing". The order alone takes the
    game over."""
    game = get_game("GLC")
    steps = list(table_steps(game, PLAYERS, 0))
    at = next(i for i, (t, _, _) in enumerate(steps) if t["phase"] == "tiebreak")
    truth = next(t for t, _, _ in steps[at:] if t["phase"] == "turns" and t["turn"] == 0)
    session._on_snapshot(camera_of(game.arrange(truth)))
    open_console(page, server)
    page.select_option("#game", "GLC")
    page.fill("#players", ", ".join(PLAYERS))
    page.click("#btn-takeover")
    form = page.locator("#takeover-form")
    expect(form).to_be_visible()
    draws = form.locator('label:has([data-key^="draw_"])')
    assert draws.count() >= 2
    order = form.locator('[data-key="order"]')
    order.select_option(value=json.dumps("tie"))
    for i in range(draws.count()):
        expect(draws.nth(i)).to_be_visible()
    answers = game.takeover_answers(truth)
    for key, value in answers.items():
        form.locator(f'[data-key="{key}"]').select_option(value=json.dumps(value, separators=(",", ":")))
    for i in range(draws.count()):
        expect(draws.nth(i)).to_be_hidden()
    form.locator("button[type=submit]").click()
    expect(page.locator("#result")).to_contain_text("Done: takeover_answers")
    expect(form).to_be_hidden()
    assert game.public_view(session.state) == game.public_view(truth)
