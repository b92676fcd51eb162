"""The Ghost at Home components, read from the catalog: the 53 cards of the deck
(rooms, ghosts, cats, special cards, room wild cards) with their lightbulb
icons, and each house's floor cards (a tag per face: dark or lit) and roof.

Cards are named by their tag payload (``"GAH:ROOM:2C"``); the payload without
the game code (``"ROOM:2C"``) is accepted wherever a card is::

    >>> kit = Kit.load(get_game("GAH").catalog)          # doctest: +SKIP
    >>> kit.kind("GAH:ROOM:2C"), kit.floor_of("GAH:ROOM:2C"), kit.bulbs("GAH:CAT:1")   # doctest: +SKIP
    ('room', 2, 2)
    >>> kit.floor_card("RED", 1, lit=True)                 # doctest: +SKIP
    'GAH:FLOOR:R1L'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..catalog import Column
from ..text import Text, concat, tr

KINDS = ("room", "wild", "ghost", "cat", "special")
EFFECTS = ("time_space_hole", "light_bulb", "cat_food", "elevator", "lightning", "room_wild_card")
FLOORS = (1, 2, 3)
SIDES = ("L", "R")

CATALOG_SCHEMA = {
    "cards": {"kind": Column("str", choices=KINDS), "floor": Column("int", required=False),
              "effect": Column("str", required=False, choices=EFFECTS), "bulbs": Column("int")},
    "floors": {"colour": Column("str"), "floor": Column("int", choices=("1", "2", "3")),
               "face": Column("str", choices=("dark", "lit"))},
    "roofs": {"colour": Column("str")},
}


#: the special cards' names as the shipped catalog (cards.csv) prints them, by effect
SPECIAL_NAMES = {"time_space_hole": tr("Time Space Hole"), "light_bulb": tr("Light Bulb"),
                 "cat_food": tr("Cat Food"), "elevator": tr("Elevator"), "lightning": tr("Lightning")}


def shipped_name(payload: str, kind: str, floor: int | None, effect: str | None) -> Text | None:
    """A card's name as the shipped catalog (cards.csv) words it, in words that
    are said in the table's language ("Floor 2 room A", "Ghost 3", "Cat Food"),
    or None for a kind of card it does not name.

    >>> shipped_name("GAH:ROOM:2A", "room", 2, None), shipped_name("GAH:CAT:1", "cat", None, None)
    ('Floor 2 room A', 'Cat 1')
    """
    ref = payload.rsplit(":", 1)[-1]
    if kind == "room" and floor is not None and ref[:1] == str(floor):
        return tr("Floor {floor} room {room}", floor=floor, room=ref[1:])
    if kind == "special" and effect in SPECIAL_NAMES:
        return SPECIAL_NAMES[effect]
    if not ref.isdigit():
        return None
    number = int(ref)
    if kind == "ghost":
        return tr("Ghost {number}", number=number)
    if kind == "cat":
        return tr("Cat {number}", number=number)
    if kind == "wild":
        return tr("Room Wild Card {number}", number=number)
    return None


@dataclass(frozen=True)
class Kit:
    """Everything the rules and the table reading need to know about the components."""

    cards: dict[str, dict[str, Any]]          # payload -> {"kind", "floor", "effect", "bulbs", "name"}
    specials: dict[str, str]                  # effect -> payload of the (single) special card
    floor_cards: dict[str, tuple[str, int, bool]]   # floor payload -> (colour, floor, lit)
    houses: dict[str, dict[tuple[int, bool], str]]   # colour -> {(floor, lit): payload}
    roofs: dict[str, str]                     # colour -> roof payload

    @classmethod
    def load(cls, catalog: Any) -> Kit:
        cards: dict[str, dict[str, Any]] = {}
        specials: dict[str, str] = {}
        for c in catalog.of_kind("cards"):
            kind = c["kind"]
            if kind == "room" and c["floor"] not in FLOORS:
                raise ValueError(f"{c.source}: a room card needs a floor 1-3")
            if kind == "special":
                if c["effect"] in (None, "room_wild_card"):
                    raise ValueError(f"{c.source}: a special card needs its effect")
                if c["effect"] in specials:
                    raise ValueError(f"{c.source}: a second {c['effect']} card (the deck has one of each)")
                specials[c["effect"]] = c.payload
            # the shipped name in the table's language; a name corrected for another printing as it was typed
            shipped = shipped_name(c.payload, kind, c["floor"], c["effect"])
            cards[c.payload] = {"kind": kind, "floor": c["floor"], "effect": c["effect"], "bulbs": c["bulbs"],
                                "name": shipped if shipped is not None and str(shipped) == c.name else c.name}
        floor_cards: dict[str, tuple[str, int, bool]] = {}
        houses: dict[str, dict[tuple[int, bool], str]] = {}
        for c in catalog.of_kind("floors"):
            colour = c["colour"].upper()
            key = (int(c["floor"]), c["face"] == "lit")
            floor_cards[c.payload] = (colour, key[0], key[1])
            houses.setdefault(colour, {})[key] = c.payload
        roofs = {c["colour"].upper(): c.payload for c in catalog.of_kind("roofs")}
        return cls(cards, specials, floor_cards, houses, roofs)

    # ---- cards

    def card(self, text: str) -> str | None:
        """The payload of a card named by payload or ``KIND:ID``; None if unknown."""
        t = str(text).strip().upper()
        if not t.startswith("GAH:"):
            t = "GAH:" + t
        return t if t in self.cards else None

    def kind(self, payload: str) -> str:
        return self.cards[payload]["kind"]

    def floor_of(self, payload: str) -> int | None:
        return self.cards[payload]["floor"]

    def bulbs(self, payload: str) -> int:
        return self.cards[payload]["bulbs"]

    def name(self, payload: str) -> str:
        return self.cards[payload]["name"]

    def said(self, payload: str) -> str:
        """A card as the players are told it: its catalog name ("Ghost 3", "Cat 1",
        in the table's language when it is the shipped catalog's), never its tag
        id; a payload the catalog lacks as it is."""
        return self.name(payload) if payload in self.cards else payload

    def listed(self, payloads: Any) -> Text:
        """Cards as the players are told them, one after another: "Ghost 2, Cat 1"."""
        return concat(*(self.said(c) for c in payloads), sep=", ")

    def effect(self, payload: str) -> str | None:
        return self.cards[payload]["effect"]

    def deck_size(self) -> int:
        return len(self.cards)

    # ---- houses

    def has_house(self, colour: str) -> bool:
        h = self.houses.get(colour, {})
        return all((f, lit) in h for f in FLOORS for lit in (False, True))

    def floor_card(self, colour: str, floor: int, lit: bool) -> str:
        return self.houses[colour][(floor, lit)]
