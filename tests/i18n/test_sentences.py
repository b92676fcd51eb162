"""Every sentence the table is told has a German and a Spanish translation.

Two ways a sentence can slip through, one test each:

* it is marked (``tr``/``trn``, ``_()``, ``TC.t``) but its catalog has no
  translation, or one that drops or invents a ``{field}``:
  :func:`test_every_marked_sentence_is_translated` (what ``make translations``
  reports);
* it is not marked at all: an English f-string, or two sentences glued into a
  plain ``str``. :func:`test_what_a_game_says_is_translatable` plays a random
  game of each game and reads everything the page and the console would show
  after each step (the events, the prompts, the public view, the scores, the
  referee's verdict on the table after the step, the refusal of the step tried
  again) and fails on any sentence that is not a :class:`~models.text.Text`
  whose every part has a translation.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from models.engine import IllegalAction
from models.registry import get_game
from models.text import Text
from tests.contract.drivers import DRIVERS, PLAYERS
from tests.support.contract import camera_of
from web.i18n import catalog
from web.i18n_update import TRANSLATED, Domain, domains, problems

#: words that make a string a sentence rather than a name ("Pumpkin King") or an id
FUNCTION_WORDS = {"the", "a", "an", "is", "are", "to", "on", "of", "in", "and", "from", "with", "cannot",
                  "must", "has", "have", "it", "no", "not", "for", "by", "at", "their", "its", "be", "was"}


def is_sentence(s: str) -> bool:
    """A string a person reads as English prose: three words or more, one of
    them a function word."""
    words = re.findall(r"[A-Za-z']+", s)
    return len(words) >= 3 and any(w in FUNCTION_WORDS for w in words)


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", domains(), ids=lambda d: d.name)
def test_every_marked_sentence_is_translated(domain: Domain, lang: str) -> None:
    wrong = list(problems(domain, lang))
    assert not wrong, f"{len(wrong)} problem(s); run `make translations` and translate:\n" + "\n".join(wrong[:40])


@pytest.mark.parametrize("domain", domains(), ids=lambda d: d.name)
def test_make_translations_leaves_the_catalogs_as_they_are(domain: Domain, tmp_path: Any) -> None:
    """`make translations` on an up-to-date tree rewrites nothing, whatever Babel
    pip installed: the plural rule and the header are the project's, not Babel's
    (Babel 2.19 once rewrote every Spanish catalog with a third plural form)."""
    import shutil
    from dataclasses import replace

    from web.i18n_update import update
    copy = replace(domain, locale_dir=tmp_path / "locale")
    shutil.copytree(domain.locale_dir, copy.locale_dir)
    for lang in TRANSLATED:
        assert update(copy, lang) == 0
        assert copy.po(lang).read_bytes() == domain.po(lang).read_bytes(), f"{domain.po(lang)} would be rewritten"


@dataclass
class Strict:
    """A catalog look-up that remembers every pattern it has no translation for."""

    lang: str
    missing: set[str] = field(default_factory=set)

    def __call__(self, msgid: str, plural: str | None = None, n: int | None = None,
                 domain: str | None = None) -> str | None:
        found = catalog(self.lang)(msgid, plural, n, domain)
        if found is None:
            self.missing.add(msgid)
        return found


def strings(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every string in a JSON-like value, with where it was."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from strings(v, f"{path}[{i}]")


def said_after_each_step(code: str, seed: int, every: int = 3) -> Iterator[tuple[str, Any]]:
    """What the page and the console would show along one random game."""
    game = get_game(code)
    players = PLAYERS[code][0]
    for n, (before, step, after) in enumerate(DRIVERS[code](game, players, seed)):
        at = f"{code} seed {seed} step {n} ({', '.join(a.type for a in step)})"
        _, events = game.apply_all(before, step)
        yield f"{at} events", [e.to_json() for e in events]
        yield f"{at} prompts", [p.to_referee_json() for p in game.prompts(after)]
        yield f"{at} public view", game.public_view(after)
        yield f"{at} score", game.score(after).to_json()
        for a in step:
            try:
                game.apply(after, a)
            except IllegalAction as e:
                yield f"{at} refusal", e.reason
        if n % every == 0:
            table = game.table_mm(len(players))
            verdict = game.referee(before, camera_of(game.arrange(after, table), table))
            yield f"{at} verdict", [p.to_referee_json() for p in verdict.prompts]
            yield f"{at} verdict events", [e.to_json() for e in verdict.events]


@pytest.mark.parametrize("code", sorted(DRIVERS))
def test_what_a_game_says_is_translatable(code: str) -> None:
    untranslatable: dict[str, str] = {}
    lookups = {lang: Strict(lang) for lang in TRANSLATED}
    for at, value in said_after_each_step(code, seed=1):
        for where, s in strings(value):
            if not is_sentence(s):
                continue
            if not isinstance(s, Text):
                untranslatable.setdefault(s, f"{at} {where}")
                continue
            for lookup in lookups.values():
                s.translated(lookup)
    assert not untranslatable, (f"{len(untranslatable)} English sentence(s) the page cannot translate "
                                "(mark them with tr()/trn(), put parts together with concat()):\n"
                                + "\n".join(f"  {s!r}  ({at})" for s, at in list(untranslatable.items())[:30]))
    for lang, lookup in lookups.items():
        assert not lookup.missing, (f"{len(lookup.missing)} pattern(s) with no {lang} translation "
                                    "(run `make translations`):\n" + "\n".join(sorted(lookup.missing)[:30]))
