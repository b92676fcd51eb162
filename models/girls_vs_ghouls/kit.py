"""The cul-de-sac and the cards, as the catalog describes them.

:class:`Board` is built once from the catalog: the 8 houses in order around the
cul-de-sac (each with the tag of its Girls face and of its Ghouls face), the Treat
values, the Trick types, the identity cards and the Victory Point cards::

    >>> board = Board.from_catalog(GirlsVsGhouls().catalog)      # doctest: +SKIP
    >>> board.distance(8, 1)                                     # doctest: +SKIP
    1
    >>> board.face_payload(3, "GHOULS")                          # doctest: +SKIP
    'GVG:HOUSE:3H'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..catalog import CatalogError
from ..text import Text, tr, trn

GIRLS, GHOULS, REPORTER = "GIRLS", "GHOULS", "REPORTER"
TEAMS = (GIRLS, GHOULS)
#: the teams' names as the players say them (a word of the sentences, so translated)
TEAM_NAMES = {GIRLS: tr("Girls"), GHOULS: tr("Ghouls"), REPORTER: tr("Reporter")}
#: the Trick cards' names as printed on them, said in the table's language
TRICK_NAMES = {"FLIP": tr("Flip House"), "INVERT": tr("Invert Value"), "DOUBLE": tr("Double Value"),
               "TRAP": tr("Trap")}
FIRST_TOKEN = "GVG:TOKEN:FIRST"

# Identity deck by player count (Girls, Ghouls, Reporter), from the rulebook.
IDENTITY_DECK = {4: (2, 2, 0), 5: (2, 2, 1), 6: (3, 3, 0), 7: (3, 3, 1)}


def other(team: str) -> str:
    return GHOULS if team == GIRLS else GIRLS


def cubes_text(net: int) -> Text:
    """A house's net cube value as the players see it: ``2 orange``, ``3 black``, ``no cubes``."""
    if net > 0:
        return trn("{n} orange", "{n} orange", net)
    if net < 0:
        return trn("{n} black", "{n} black", -net)
    return tr("no cubes")


def slot(house: int) -> str:
    """The tag in a house's Trick slot on the board: ``GVG:SLOT:3``."""
    return f"GVG:SLOT:{house}"


def standee(player: str) -> str:
    """The tag on the base of a player's standee: ``GVG:STANDEE:RED``."""
    return f"GVG:STANDEE:{player}"


@dataclass
class Board:
    """Houses, their tags and the card values, from the catalog."""

    houses: list[int]
    faces: dict[tuple[int, str], str]            # (house, team) -> payload
    face_of: dict[str, tuple[int, str]]          # payload -> (house, team)
    start: dict[int, str]                        # house -> team in control at setup
    crosswalk_after: int | None                  # the crosswalk lies between this house and the next
    treats: dict[str, tuple[int, bool]]          # payload -> (value, candy corn)
    tricks: dict[str, str]                       # payload -> FLIP | INVERT | DOUBLE | TRAP
    identities: dict[str, str]                   # payload -> GIRLS | GHOULS | REPORTER
    vp_cards: dict[int, str]                     # points -> payload
    standees: set[str] = field(default_factory=set)

    @classmethod
    def from_catalog(cls, catalog: Any) -> Board:
        faces: dict[tuple[int, str], str] = {}
        start: dict[int, str] = {}
        crosswalk = None
        for c in catalog.of_kind("houses"):
            h, team = c["house"], c["face"]
            if (h, team) in faces:
                raise CatalogError(f"{c.source}: house {h} has two {team} faces")
            faces[(h, team)] = c.payload
            if c["start"]:
                if h in start:
                    raise CatalogError(f"{c.source}: house {h} has both faces marked as the start face")
                start[h] = team
            if c["crosswalk_after"]:
                crosswalk = h
        houses = sorted({h for h, _ in faces})
        for h in houses:
            for team in TEAMS:
                if (h, team) not in faces:
                    raise CatalogError(f"houses.csv: house {h} has no {team} face")
            if h not in start:
                raise CatalogError(f"houses.csv: house {h} has no start face")
        if houses != list(range(1, len(houses) + 1)) or len(houses) < 3:
            raise CatalogError(f"houses.csv: houses must be numbered 1 to N around the cul-de-sac, got {houses}")
        return cls(
            houses=houses, faces=faces, face_of={p: k for k, p in faces.items()}, start=start,
            crosswalk_after=crosswalk,
            treats={c.payload: (c["value"], c["candy_corn"]) for c in catalog.of_kind("treats")},
            tricks={c.payload: c["trick"] for c in catalog.of_kind("tricks")},
            identities={c.payload: c["team"] for c in catalog.of_kind("identities")},
            vp_cards={c["points"]: c.payload for c in catalog.of_kind("vp")},
            standees={c.payload for c in catalog.of_kind("standees")},
        )

    def face_payload(self, house: int, team: str) -> str:
        return self.faces[(house, team)]

    def distance(self, a: int, b: int, crosswalk_passable: bool = True) -> int:
        """Spaces between two houses around the cul-de-sac (the crosswalk is no space).

        With ``crosswalk_passable`` the houses form a ring; otherwise the walk
        cannot cross the crosswalk."""
        n = len(self.houses)
        cut = self.crosswalk_after
        if not crosswalk_passable and cut is not None:
            # unroll the ring so that the crosswalk is at the ends
            def pos(h: int) -> int:
                return (h - cut - 1) % n
            return abs(pos(a) - pos(b))
        d = abs(a - b) % n
        return min(d, n - d)
