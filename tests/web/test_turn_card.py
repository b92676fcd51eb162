"""The page says whose turn it is even while the table is wrong: BLUE haunts
before RED, the LEDs light BLUE (BLUE must take the ghost back), and the big
turn card still says RED."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.live.tables import short_game, source_for

pytestmark = pytest.mark.browser


def test_the_turn_card_shows_whose_turn_it_is_during_an_out_of_turn_move(session, server, page):
    game = short_game()
    wrong = next(i for i, b in enumerate(game.beats) if b.expect == "out_of_sync")
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    session.start(source_for(game.engine.arrange(game.start), game.beats[:wrong + 1], hold_s=60.0, every_s=2.5))
    end = time.monotonic() + 90

    def told_blue(v):
        return v["status"] == "out_of_sync" and v["indicators"]["seats"]["BLUE"]
    # the referee's verdict on the settled table (a frame of the move half seen
    # may be out of sync for another reason first: one full run in many saw that)
    while not told_blue(session.view()) and time.monotonic() < end:
        time.sleep(0.2)
    view = session.view()
    assert view["status"] == "out_of_sync"
    assert view["indicators"]["seats"]["BLUE"] and not view["indicators"]["seats"]["RED"]   # BLUE must fix it
    page.goto(server.url + "/")
    expect(page.locator(".turn")).to_contain_text("RED")
    expect(page.locator(".turn")).not_to_contain_text("BLUE")
    expect(page.locator("#prompts")).to_contain_text("it is RED's turn, not BLUE's")
