"""Sentences said again are made once (``models.text.tr`` keeps what it said),
and that never changes how they translate: the page must still get each one in
its own language, with its own game's words."""
from __future__ import annotations

from models import text
from models.text import tr

#: a catalog's look-up, as web/i18n hands it to Text.translated
GERMAN = {"{who} passes": "{who} passt", "rot": "ROT"}


def _german(msgid, plural, n, domain):
    return GERMAN.get(msgid)


def test_the_same_words_are_one_sentence_and_still_translate():
    first, again = tr("{who} passes", who="RED"), tr("{who} passes", who="RED")
    assert first is again
    assert again.translated(_german) == "RED passt"
    assert tr("{who} passes", who="BLUE").translated(_german) == "BLUE passt"


def test_a_parameter_that_is_a_sentence_is_translated_even_after_the_same_plain_word():
    plain = tr("{who} passes", who="rot")
    told = tr("{who} passes", who=tr("rot"))
    assert plain == told                                # the same English ...
    assert plain.translated(_german) == "rot passt"     # ... but only the sentence's word is translated
    assert told.translated(_german) == "ROT passt"


def test_the_table_of_sentences_said_stays_bounded():
    for i in range(text._SAID_MAX + 10):
        tr("card {n} is on the pile", n=i)
    assert len(text._SAID) <= text._SAID_MAX
    assert tr("card {n} is on the pile", n=3) == "card 3 is on the pile"


def test_the_same_words_from_two_games_keep_each_games_catalog():
    said = {}
    for module in ("models.candy_crave.rules", "models.ghost_at_home.rules"):
        scope = {"__name__": module, "tr": tr}
        exec('said = tr("left")', scope)        # noqa: S102 - said from inside that game's module
        said[module] = scope["said"]
    assert said["models.candy_crave.rules"].domain == "candy_crave"
    assert said["models.ghost_at_home.rules"].domain == "ghost_at_home"
