"""No English left on a German or Spanish page (issue #41, "Languages done").

For each of the five games its example game (``docs/games/<slug>.script.json``,
the moves it shows refused left out) is played into a session, and the display
(``/``) is open in English, German and Spanish side by side: at the setup, after
every move of the example (the pages follow the live stream) and once more at
the end, freshly loaded. At each of those states every word the German and the
Spanish page show (the page's text and the board drawing's) is looked up among
the words the English page shows at that state: a word on both is English
left untranslated, unless it is

* a seat colour or a player's name (``RED``, ``Ana``), a single letter (a
  seat's letter, a column, the Spanish ``a``), a number, or a word with a
  figure in it (a room ``2B``, a tile ``3P2``);
* the game's own name (its title is the same in every edition);
* inside an element marked with another language (the language picker names
  each language in its own tongue: ``English`` on the German page);
* in the short allow-list below: a word that is also a word of that language.

The failure lists, per game, state and language, each English word found with
a line of the page it stands in.
"""
from __future__ import annotations

import re
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.examples import PLAYERS, example_script
from companion.live.session import Session
from models.engine import IllegalAction
from models.registry import get_game
from tests.web.conftest import make_config
from web import create_app

pytestmark = pytest.mark.browser

LANGS = ("de", "es")
#: a full-HD screen: the display shows its three latest events there (a 768-high one only the latest)
VIEWPORT = {"width": 1920, "height": 1080}
#: the players' names: a name is never translated
NAMES = {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo", "YELLOW": "Dora", "PURPLE": "Emil"}
#: words that are English and also words of the page's language (lower case), each with why
SAME: dict[str, dict[str, str]] = {
    "de": {
        "an": "preposition (das Licht ist an)",
        "in": "preposition (in der Hand)",
        "so": "adverb (So stünde es)",
        "was": "pronoun (Was zu tun ist)",
        "hand": "noun (auf der Hand)",
        "rest": "noun (der Rest)",
        "teams": "noun (die Teams)",
        "orange": "colour (2× Orange: Girls vs Ghouls' cubes)",
        "live": "the live stream's state: German says live too",
        "avatar": "noun (der Avatar: The Closest Ghost's standees)",
        "reporter": "noun (der Reporter: Girls vs Ghouls' third identity)",
        "trick": "noun (der Trick: Girls vs Ghouls' Trick cards, Trick-Karten)",
        "tricks": "plural of Trick",
        "ninja": "noun (der Ninja: a Ghosts Love Candy kid)",
        "astronaut": "noun (der Astronaut: a Ghosts Love Candy kid)",
        "zombie": "noun (der Zombie: a Ghosts Love Candy kid)",
    },
    "es": {
        "no": "negation",
        "base": "noun (la base: Candy Crave's base tiles)",
        "control": "noun (el control de una casa)",
        "avatar": "noun (el avatar: The Closest Ghost's standees)",
        "chocolate": "noun (the candy of Ghosts Love Candy and the sweet of Candy Crave)",
        "provisional": "adjective (the standing while the game goes on)",
        "ninja": "noun (el ninja: a Ghosts Love Candy kid)",
        "robot": "noun (el robot: a Ghosts Love Candy kid)",
    },
}
#: in every language: a unit
SAME_EVERYWHERE = {"fps": "frames per second, a unit"}
WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")

#: what the page shows, text node by text node (the board's drawing too): the texts
#: rendered, each but those inside an element marked with another language
SHOWN = """() => {
  const lang = document.documentElement.lang, out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, marked = el && el.closest('[lang]');
    if (!el || !n.textContent.trim() || el.closest('script, style, template')) continue;
    if (!el.checkVisibility({ visibilityProperty: true }) || (marked && marked.lang !== lang)) continue;
    out.push(n.textContent.trim());
  }
  return out; }"""


def _words(texts: list[str], title: str) -> dict[str, str]:
    """The page's words, lower case, each with the text it first stands in."""
    out: dict[str, str] = {}
    for text in texts:
        for w in WORD.findall(text.replace(title, " ")):
            if len(w) > 1 and not any(c.isdigit() for c in w):
                out.setdefault(w.lower(), text)
    return out


def _not_english(seats: list[str]) -> set[str]:
    names = {NAMES[s] for s in seats if s in NAMES}
    return {w.lower() for w in (*seats, *names)} | set(SAME_EVERYWHERE)


def _english_left(pages: dict[str, Any], title: str, seats: list[str]) -> dict[str, dict[str, str]]:
    """Per language, the English page's words its page shows too (word -> its line there)."""
    shown = {lang: p.evaluate(SHOWN) for lang, p in pages.items()}
    english = set(_words(shown["en"], title)) - _not_english(seats)
    assert len(english) > 20, shown["en"]                 # the page is drawn: there is something to compare
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        left = {w: line for w, line in _words(shown[lang], title).items() if w in english and w not in SAME[lang]}
        if left:
            out[lang] = left
    return out


def _shows(page: Any, seq: int) -> None:
    """Wait until ``page`` has drawn the view ``seq`` (or a later one)."""
    page.wait_for_function("seq => Number(document.body.dataset.seq) >= seq", arg=seq)


@pytest.mark.parametrize("code", list(PLAYERS))
def test_german_and_spanish_pages_show_no_english_word(tmp_path: Path, browser: Any, code: str) -> None:
    seats = list(PLAYERS[code])
    title = get_game(code).title
    #: (language, word) -> the first state it showed at, and the line it stood in there
    found: dict[tuple[str, str], tuple[str, str]] = {}
    session = Session(make_config(tmp_path), indicators=False)
    try:
        session.new_game(code, seats, {}, {s: NAMES[s] for s in seats})
        with ServerThread(create_app(session)) as srv, ExitStack() as stack:
            pages: dict[str, Any] = {}
            for lang in ("en", *LANGS):
                ctx = browser.new_context(viewport=VIEWPORT)
                stack.callback(ctx.close)
                pages[lang] = ctx.new_page()
                pages[lang].set_default_timeout(15_000)

            def look(label: str) -> None:
                seq = session.view()["seq"]
                for p in pages.values():
                    _shows(p, seq)
                for lang, left in _english_left(pages, title, seats).items():
                    for word, line in left.items():
                        found.setdefault((lang, word), (label, line))

            for lang, p in pages.items():
                p.goto(f"{srv.url}/?lang={lang}")
                expect(p.locator("html")).to_have_attribute("lang", lang)
                expect(p.locator("#board svg").first).to_be_attached()     # the game's own drawing
            look("setup")
            n = 0
            for data in example_script(code):
                try:
                    session.apply(data)
                except IllegalAction:
                    continue
                n += 1
                look(f"move {n}")
            for p in pages.values():                 # the end as a page first drawn there
                p.reload()
            look("the end, reloaded")
    finally:
        session.close()
    assert not found, f"English words on the {code} pages (each where it first showed):\n{_report(code, found)}"


def _report(code: str, found: dict[tuple[str, str], tuple[str, str]]) -> str:
    """One line per state and language: the English words first shown there, each with its line."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for (lang, word), (label, line) in found.items():
        grouped.setdefault((label, lang), []).append(f"{word!r} in {line[:100]!r}")
    return "\n".join(f"{code} at {label}, {lang}: " + "; ".join(words) for (label, lang), words in grouped.items())
