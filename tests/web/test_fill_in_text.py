"""A kid whose ability's words the catalog lacks is resolved by hand: the console
asks for the card's text once, keeps it in an override of the catalog (never the
shipped file), shows it at once and in the next games."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.examples import ROOT
from companion.live.catalog_edit import use_overrides_in
from companion.live.session import Session
from models.registry import get_game

from .conftest import by_hand, make_config, open_console, play_example

ASTRONAUT = "GLC:KID:18"
TEXT = "Swap this kid with any kid in the neighbourhood, with their candy."


@pytest.fixture
def at_the_astronaut(glc):
    """The example game up to the ASTRONAUT (not transcribed) being resolved by hand."""
    play_example(glc, until=by_hand)
    assert glc.state["manual"]["kid"] == 18
    yield glc
    use_overrides_in(None)              # the next tests read the shipped catalog again


def test_the_text_is_kept_for_the_next_games_and_the_shipped_file_is_untouched(at_the_astronaut, tmp_path):
    s = at_the_astronaut
    shipped = (ROOT / "models" / "ghosts_love_candy" / "catalog" / "kids.csv").read_text()
    assert s.referee_view()["missing_texts"] == [{"payload": ASTRONAUT, "field": "text", "name": "ASTRONAUT"}]
    with pytest.raises(ValueError, match="cannot be set at the table"):
        s.fill_in(ASTRONAUT, "courage", "99")                       # a rule's number: never from here
    s.fill_in(ASTRONAUT, "text", TEXT)
    assert TEXT in s.view()["prompts"][0]["text"]
    assert s.referee_view()["missing_texts"] == []
    assert (ROOT / "models" / "ghosts_love_candy" / "catalog" / "kids.csv").read_text() == shipped
    assert TEXT in (tmp_path / "catalogs" / "GLC" / "kids.csv").read_text()
    assert get_game("GLC").cards.kid(18).text == TEXT                 # the next game
    use_overrides_in(None)
    assert get_game("GLC").cards.kid(18).text != TEXT
    later = Session(make_config(tmp_path, COMPANION_JOURNAL_PATH=str(tmp_path / "next.sqlite")), indicators=False)
    try:                                     # the next run, its journal beside: the text is read again
        assert get_game("GLC").cards.kid(18).text == TEXT
    finally:
        later.close()


@pytest.mark.browser
def test_the_console_asks_for_the_text_once(at_the_astronaut, server, page):
    open_console(page, server)
    box = page.locator("#missing")
    expect(box).to_contain_text("The ASTRONAUT card's text is not in the catalog yet")
    box.locator("textarea").fill(TEXT)
    box.locator("button").click()
    expect(page.locator("#prompts")).to_contain_text(TEXT)
    expect(box).to_be_hidden()
