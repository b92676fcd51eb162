"""Every action of every game, its fields, and every option and its values have
words for people, translated into German and Spanish
(:meth:`models.engine.Game.action_words`): the referee console shows them
instead of the identifiers (tests/web/test_console_words.py looks at the page)."""
from __future__ import annotations

import dataclasses
import re

from models.engine import Game, value_key
from models.registry import game_classes
from models.text import Text
from web.i18n import catalog, localize

#: an identifier a person should never have to read: snake_case words, a tag
#: payload (GLC:KID:02), choices run together with a slash (any/top)
IDENTIFIER = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b|\b[A-Z]{2,}:[A-Z0-9]+(?::[A-Z0-9]+)*\b|\b[a-z]+/[a-z]+\b")

#: every registered game, each with its example players (players enough to start it)
GAMES = {cls.code: list(cls.example_players) for cls in game_classes()}


def test_the_pattern_finds_identifiers():
    for text in ("reveal_kid", "The rules allow no move_scared_kid now.", "GLC:KID:02", "ninja_moves any/top"):
        assert IDENTIFIER.search(text), text
    for text in ("Reveal a kid into a slot", "slot 3 (WEREWOLF)", "RED", "3x6", "+1 (candy corn upright)"):
        assert not IDENTIFIER.search(text), text


def test_every_action_field_and_option_of_every_game_has_words_in_german_and_spanish():
    for cls in game_classes():
        words = cls.action_words()
        said = list(words["options"].values()) + [v for vals in words["values"].values() for v in vals.values()]
        for action in cls.actions:
            assert isinstance(words["actions"].get(action.type), Text), (cls.code, action.type)
            said.append(words["actions"][action.type])
            for f in dataclasses.fields(action):
                word = words["fields"].get(f"{action.type}.{f.name}", words["fields"].get(f.name))
                assert isinstance(word, Text), (cls.code, action.type, f.name)
                said.append(word)
        for name, option in cls.options.items():
            assert isinstance(words["options"].get(name), Text), (cls.code, name)
            for choice in option.choices or ((True, False) if isinstance(option.default, bool) else ()):
                assert isinstance(words["values"].get(name, {}).get(value_key(choice)), Text), (cls.code, name, choice)
        for lang in ("de", "es"):
            for word in said:
                assert isinstance(word, Text) and word.translated(catalog(lang)), (cls.code, word)
                assert not IDENTIFIER.search(localize(word, lang)), (cls.code, lang, word)


def test_a_game_without_words_of_its_own_still_reads_as_words():
    class Bare(Game):
        code = "BARE"
        options = {}

    from models.ghosts_love_candy.actions import ACTIONS
    Bare.actions = ACTIONS
    words = Bare.action_words()
    assert words["actions"]["reveal_kid"] == "reveal kid"
    assert words["fields"]["take_from"] == "take from"


