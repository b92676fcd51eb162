"""Players have names: the console's new-game form and the API take a name per
seat (seat colours stay the ids); the page shows them, the journal keeps them
across a restart, and a bad name is refused with nothing changed."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.live.session import Session

from .conftest import REFEREE, make_config, open_console


def test_names_travel_from_the_api_to_the_view_and_survive_a_restart(tmp_path, app, session):
    client = app.test_client()
    r = client.post("/api/referee/new", headers=REFEREE,
                    json={"game": "TCG", "players": ["RED", "BLUE"], "names": {"red": "  Ana   María ", "BLUE": ""}})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["names"] == {"RED": "Ana María"}     # whitespace tidied, an empty name is none
    session.close()
    again = Session(make_config(tmp_path), indicators=False)
    try:
        assert again.resume()
        assert again.view()["names"] == {"RED": "Ana María"}
        assert again.journal.game(again.game_id).names == {"RED": "Ana María"}
    finally:
        again.close()


def test_a_bad_name_is_refused_and_nothing_changes(app, glc):
    client = app.test_client()
    before = glc.view()
    for names, words in [({"ORANGE": "Zoe"}, "not a seat"), ({"RED": "x" * 33}, "at most 32"),
                         ({"RED": "bell\x07"}, "printable"), (["Ana"], "must be an object"),
                         ({"RED": 7}, "must be an object")]:
        r = client.post("/api/referee/new", headers=REFEREE, json={"game": "TCG", "players": ["RED", "BLUE"],
                                                                    "names": names})
        assert r.status_code == 400, (names, r.get_json())
        assert words in r.get_json()["error"], (names, r.get_json())
    assert glc.view()["game"] == before["game"] and glc.game_id == before["game_id"]


@pytest.mark.browser
def test_the_console_form_asks_a_name_per_seat(server, page, glc):
    open_console(page, server)
    page.fill("#players", "RED, BLUE")
    fields = page.locator("#names input")
    assert fields.count() == 2
    page.fill("#names input[data-seat='RED']", "Ana")
    page.click("#colour-chips .chip[data-colour='GREEN']")          # a third seat; Ana's name stays
    assert page.locator("#names input").count() == 3
    assert page.input_value("#names input[data-seat='RED']") == "Ana"
    page.fill("#names input[data-seat='GREEN']", "Zoe")
    page.select_option("#game", "GLC")
    page.click("#btn-new")
    page.click("#confirm-yes")                     # a game is in progress: the console asks first
    expect(page.locator("#scores")).to_contain_text("Zoe")
    assert glc.view()["names"] == {"RED": "Ana", "GREEN": "Zoe"}
