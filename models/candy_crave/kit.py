"""The Candy Crave components, read from the catalog: sweet types and their
bowls, the sweet tokens, base value tiles, favourites tiles and dividers.

Ids used in actions and state are the last part of a tag: a sweet ``"L03"``
(``CCR:SWEET:L03``), a base value tile ``"4A"`` (``CCR:BASE:4A``), a favourites
tile ``"2Q"`` (``CCR:FAV:2Q``). The full payload is accepted wherever an id is::

    >>> kit = Kit.load(get_game("CCR").catalog)       # doctest: +SKIP
    >>> kit.type_of("L03"), kit.base_value("4A"), kit.face("2Q")   # doctest: +SKIP
    ('L', 4, '?')
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..catalog import Column
from ..text import Text, concat, domain_of, trn

FACES = ("+3", "+2", "?", "-1", "-2")
#: the catalog (``locale/*.po``) that translates this game's words
DOMAIN = domain_of(__name__)

#: the sweet names bowls.csv gives (singular, plural), marked here so that the
#: translation catalogs keep them: a name is translated by its English words
#: (:meth:`Kit.name`), and a name the catalog adds later is shown in English
#: until it is marked and translated here
SWEET_NAMES = (
    trn("lollipop", "lollipops", 2),
    trn("hard candy", "hard candies", 2),
    trn("cookie", "cookies", 2),
    trn("black licorice wheel", "black licorice wheels", 2),
    trn("chocolate", "chocolates", 2),
)

CATALOG_SCHEMA = {
    "bowls": {"sweet": Column("str"), "singular": Column("str"), "plural": Column("str"),
              "order": Column("int")},
    "sweets": {"sweet": Column("str"), "five_players_only": Column("bool")},
    "base_tiles": {"value": Column("int")},
    "favourites": {"face": Column("str", choices=FACES), "set": Column("int")},
    "dividers": {"owner": Column("str", choices=("seat", "party"))},
}


def face_value(face: str) -> int | None:
    """The number on a favourites tile, None for ``?``: ``face_value("-2") == -2``."""
    return None if face == "?" else int(face)


@dataclass(frozen=True)
class Kit:
    """Everything the rules need to know about the physical components."""

    types: tuple[str, ...]                  # sweet type letters, bowls left to right
    singular: dict[str, str]
    plural: dict[str, str]
    sweet_type: dict[str, str]              # sweet id -> type letter
    five_only: frozenset[str]               # sweet ids used only with five players
    base_values: dict[str, int]             # base tile id -> value
    faces: dict[str, str]                   # favourites tile id -> face
    dividers: dict[str, str]                # divider id -> "seat" | "party"

    @classmethod
    def load(cls, catalog: Any) -> Kit:
        bowls = sorted(catalog.of_kind("bowls"), key=lambda c: c["order"])
        types = tuple(c["sweet"] for c in bowls)
        sweets = catalog.of_kind("sweets")
        for s in sweets:
            if s["sweet"] not in types:
                raise ValueError(f"{s.source}: sweet type {s['sweet']!r} has no bowl in bowls.csv")
        return cls(
            types=types,
            singular={c["sweet"]: c["singular"] for c in bowls},
            plural={c["sweet"]: c["plural"] for c in bowls},
            sweet_type={s.id: s["sweet"] for s in sweets},
            five_only=frozenset(s.id for s in sweets if s["five_players_only"]),
            base_values={c.id: c["value"] for c in catalog.of_kind("base_tiles")},
            faces={c.id: c["face"] for c in catalog.of_kind("favourites")},
            dividers={c.id: c["owner"] for c in catalog.of_kind("dividers")},
        )

    # ---- ids

    def sweets_for(self, n_players: int) -> list[str]:
        """The sweet ids in play: all 50 with five players, 40 otherwise."""
        return sorted(s for s in self.sweet_type if n_players == 5 or s not in self.five_only)

    def type_of(self, sweet: str) -> str:
        return self.sweet_type[sweet]

    def base_value(self, tile: str) -> int:
        return self.base_values[tile]

    def face(self, tile: str) -> str:
        return self.faces[tile]

    def name(self, sweet_type: str, count: int = 2) -> Text:
        """``name("L", 1) == "lollipop"``, ``name("L") == "lollipops"``: the name for
        ``count`` sweets, in English and, by its English words, in another language."""
        one, many = self.singular[sweet_type], self.plural[sweet_type]
        return Text(one if count == 1 else many, msgid=one, plural=many, n=count, domain=DOMAIN)

    def kind(self, sweet_type: str) -> Text:
        """The type as a word before a noun, ``"lollipop"`` (as in "the lollipop
        bowl"); another language names the type by its plural ("Schale für Lutscher")."""
        one, many = self.singular[sweet_type], self.plural[sweet_type]
        return Text(one, msgid=one, plural=many, n=2, domain=DOMAIN)

    def count_text(self, sweet_type: str, count: int) -> Text:
        """``"3 lollipops"``, ``"1 cookie"``."""
        return concat(str(count), self.name(sweet_type, count), sep=" ")
