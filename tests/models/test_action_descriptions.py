"""Above each action's form the referee console says what the move is in the
game's words (:attr:`models.engine.ActionWords.descriptions`), translated into
German and Spanish, never the action class's English docstring with its JSON
examples and identifiers (issue #41)."""
from __future__ import annotations

import re

import pytest

from companion.examples import example_states
from models.action_form import action_description, action_form
from models.engine import Game
from models.registry import game_classes
from models.text import Text
from tests.models.test_action_words import GAMES, IDENTIFIER
from web.games import games_catalog
from web.i18n import localize

#: a description is one short line: longer than this, it wraps on a phone
LONGEST = 64

DESCRIBED = [(cls, action) for cls in game_classes() for action in cls.actions]


def _id(param: object) -> str:
    return getattr(param, "code", None) or getattr(param, "type", None) or str(param)


@pytest.mark.parametrize(("cls", "action"), DESCRIBED, ids=_id)
def test_every_action_of_every_game_says_what_it_is_in_the_games_words(cls, action):
    said = cls.action_words()["descriptions"].get(action.type)
    assert isinstance(said, Text) and said.msgid, (cls.code, action.type, said)
    assert said.domain == cls.__module__.split(".")[1], (cls.code, action.type, said.domain)
    assert said.strip() and len(said) <= LONGEST, (cls.code, action.type, len(said), said)
    assert not re.search(r"[{}`]", said), (cls.code, action.type, said)          # no JSON, no ``code``
    assert not IDENTIFIER.search(said), (cls.code, action.type, said)             # no reveal_kid, no GLC:KID:02
    assert said != cls.action_words()["actions"][action.type]                     # more than its name again


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize(("cls", "action"), DESCRIBED, ids=_id)
def test_every_description_is_translated(cls, action, lang):
    """Fails until the sentence is in ``models/<game>/locale/<lang>.po``."""
    said = cls.action_words()["descriptions"][action.type]
    translated = localize(said, lang)
    assert translated and translated != str(said), (cls.code, action.type, lang, said)
    assert not re.search(r"[{}`]", translated) and not IDENTIFIER.search(translated), (cls.code, lang, translated)


@pytest.mark.parametrize("code", sorted(GAMES))
def test_the_form_and_the_catalog_send_the_description_as_doc(code):
    game, players, _ = example_states(code)
    state = game.setup(list(players), {})
    words = type(game).action_words()
    catalog = next(g for g in games_catalog() if g["code"] == code)
    for action, info in zip(game.actions, catalog["actions"], strict=True):
        form = action_form(game, state, action.type)
        assert form["doc"] == words["descriptions"][action.type] == info["doc"]
        assert isinstance(form["doc"], Text) and isinstance(info["doc"], Text)   # localized on the way out


def test_the_doc_is_said_in_the_pages_language():
    game, players, _ = example_states("GAH")
    form = action_form(game, game.setup(list(players), {}), "cat_food")
    assert "{" not in form["doc"] and "cat_food" not in form["doc"]
    assert localize(form, "de")["doc"] == localize(form["doc"], "de")
    assert localize(form, "en")["doc"] == form["doc"]


def test_an_action_a_game_does_not_describe_shows_nothing_not_its_docstring():
    class Bare(Game):
        code = "BARE"
        options = {}

    from models.ghosts_love_candy.actions import ACTIONS
    Bare.actions = ACTIONS
    words = Bare.action_words()
    assert words["descriptions"] == {}
    assert action_description(words, "reveal_kid") == ""
