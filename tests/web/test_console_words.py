"""The referee console speaks the game's words, not its identifiers: every
action, field and value of the action form, and every option of the new-game
form, for each of the five games, in English and German
(:meth:`models.engine.Game.action_words`; tests/models/test_action_words.py
checks the words themselves)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from models.registry import game_classes
from tests.models.test_action_words import GAMES, IDENTIFIER

from .conftest import PIN

#: what the console shows of the action form and the new-game options: each
#: option's text, each label's own text (not a control's inside it), headings
SHOWN = """() => {
  const own = e => Array.from(e.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join(' ');
  const q = s => Array.from(document.querySelectorAll(s));
  return [].concat(
    q('#action-type option, #action-fields option, #options option').map(o => o.textContent),
    q('#action-fields label, #options label').map(own),
    q('#action-fields [aria-label]').map(e => e.getAttribute('aria-label')),
    q('h1, h2, h3, #action-legal, #action-doc').map(e => e.textContent));
}"""


def _open(page, server, lang: str) -> None:
    page.goto(f"{server.url}/referee?lang={lang}")
    page.fill("input[name=pin]", PIN)
    page.click("button[type=submit]")
    expect(page.locator("body[data-seq]")).to_have_count(1)



@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("code", list(GAMES))
def test_the_console_shows_no_identifier(session, server, page, code, lang):
    session.new_game(code, GAMES[code], {})
    _open(page, server, lang)
    page.select_option("#game", code)                  # the new-game form's options of this game
    types = page.eval_on_selector_all("#action-type option", "os => os.map(o => o.value)")
    assert len(types) == len(next(c for c in game_classes() if c.code == code).actions)
    for type_name in types:
        page.select_option("#action-type", type_name)
        # the form for this action is drawn (the JSON below it follows the form)
        expect(page.locator("#action-json")).to_have_value(re.compile(f'"type":"{type_name}"'))
        shown = page.evaluate(SHOWN)
        found = [(t, IDENTIFIER.findall(t)) for t in shown if IDENTIFIER.search(t)]
        assert not found, (code, lang, type_name, found)
