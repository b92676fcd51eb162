"""The console's "Take over the game as it lies", in a real browser: the
companion was started after the game began; one tap follows the game from its
start to the table the camera sees."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from models.registry import get_game
from tests.contract.drivers import DRIVERS
from tests.support.contract import camera_of

from .conftest import PLAYERS, open_console

pytestmark = pytest.mark.browser


def test_one_tap_takes_the_game_over(session, server, page):
    truth = list(DRIVERS["GLC"](get_game("GLC"), PLAYERS, 0))[19][2]
    session._on_snapshot(camera_of(get_game("GLC").arrange(truth)))
    open_console(page, server)
    page.select_option("#game", "GLC")
    page.fill("#players", ", ".join(PLAYERS))
    page.click("#btn-takeover")
    expect(page.locator("#result")).to_contain_text("Done: takeover")
    expect(page.locator("#status")).to_have_attribute("data-status", "in_sync")
    assert json.dumps(session.state, sort_keys=True) == json.dumps(truth, sort_keys=True)
