"""The Ghosts Love Candy components, read from the game's catalog CSVs.

The engine names components by short references that players can write in a
script and that match the printed tags:

* a kid by its card number (``2`` is the WEREWOLF, tag ``GLC:KID:02``);
* a ghost by colour letter and value (``"R7"``, tag ``GLC:GHOST:R7``);
* a candy by type code and copy (``"CHOC3"``, tag ``GLC:CANDY:CHOC3``);
* a Love card by its id (``"L2"``, tag ``GLC:LOVE:L2``).

Example::

    >>> cards = Cards.from_catalog(get_game("GLC").catalog)   # doctest: +SKIP
    >>> cards.kid(2).name, cards.kid(2).courage                 # doctest: +SKIP
    ('WEREWOLF', 15)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..catalog import Catalog, CatalogError, Column
from ..text import Text, tr

CANDY_TYPES = ("CORN", "LICO", "MINT", "GUMM", "LOLL", "CHOC")

#: Abilities the engine resolves itself; any other key in kids.csv is resolved by hand.
IMPLEMENTED = ("none", "werewolf", "skeleton", "ninja", "zombie", "black_cat", "vampire",
               "pirate", "move_scared_kid", "cheerleader")

#: the kids' texts as the shipped catalog (kids.csv) words them, marked for
#: translation: a kid whose text is one of these says it in the table's
#: language; a text typed in at the table stays as it was typed
SHIPPED_TEXTS: dict[str, Text] = {str(t): t for t in (
    tr("Move a scared kid from any player's stash to any other player's stash."),
    tr("If you haunt the WEREWOLF with a ghost of equal or lower value than the last ghost that haunted him "
       "before you, place 1 candy from your stash on him."),
    tr("Not transcribed: resolve it as printed on the card."),
    tr("If the ZOMBIE is in your stash the next time you scare a kid, a new kid is not revealed. Instead, "
       "return the ZOMBIE to the neighborhood to replace the scared kid."),
    tr("Move a ghost in the neighborhood to any other kid. That ghost's player does not receive candy or use "
       "an ability for this move."),
    tr("You may swap a ghost from your hand for a ghost of your own that is in the discard pile."),
    tr("The player who scares the BLACK CAT may place her in any player's stash."),
    tr("Give 1 candy from your stash to the last player who haunted the VAMPIRE before you."),
    tr("You may take candy from any kid instead of the PIRATE."),
    tr("Adjacent kids cannot get scared."),
)}

#: the kids' names as the shipped catalog (kids.csv) prints them, marked for
#: translation: a kid named one of these is called by it in the table's
#: language; a name corrected for another printing stays as it was typed
SHIPPED_NAMES: dict[str, Text] = {str(t): t for t in (
    tr("ANGEL"), tr("WEREWOLF"), tr("MUMMY"), tr("WITCH"), tr("ROBOT"), tr("ZOMBIE"), tr("PRINCESS"),
    tr("SUPERHERO"), tr("NINJA"), tr("DINOSAUR"), tr("CLOWN"), tr("SKELETON"), tr("ALIEN"), tr("PUMPKIN"),
    tr("WIZARD"), tr("FAIRY"), tr("BLACK CAT"), tr("ASTRONAUT"), tr("VAMPIRE"), tr("PIRATE"), tr("KNIGHT"),
    tr("DRAGON"), tr("CHEERLEADER"), tr("SCARECROW"),
)}

SCHEMA: dict[str, dict[str, Column]] = {
    "ghosts": {"colour": Column("str"), "value": Column("int")},
    "kids": {"number": Column("int"), "courage": Column("int"), "ability": Column("str"),
             "text": Column("str", required=False, default=""),
             "stash_points": Column("int", required=False, default=-2),
             "confirmed": Column("str", required=False, default="")},
    "candy": {"type": Column("str", choices=CANDY_TYPES)},
    "love": {t: Column("int") for t in CANDY_TYPES},
}


@dataclass(frozen=True)
class Kid:
    """A kid card: ``Kid(2, "WEREWOLF", 15, "werewolf", "If you haunt ...", -2)``."""

    number: int
    name: str
    courage: int
    ability: str
    text: str
    stash_points: int
    payload: str

    @property
    def implemented(self) -> bool:
        return self.ability in IMPLEMENTED


@dataclass(frozen=True)
class Ghost:
    """A ghost card: colour (``RED``), its letter (``R``), value 1-9."""

    id: str
    colour: str
    value: int
    name: str
    payload: str


#: the six candy types as the rulebook names them, said in the reader's language
RULEBOOK_TYPES = {
    "CORN": lambda: tr("Candy Corn"), "LICO": lambda: tr("Licorice"), "MINT": lambda: tr("Peppermint"),
    "GUMM": lambda: tr("Gummies"), "LOLL": lambda: tr("Lollipops"), "CHOC": lambda: tr("Chocolate"),
}


@dataclass(frozen=True)
class Candy:
    id: str
    type: str
    name: str
    payload: str


@dataclass(frozen=True)
class Love:
    id: str
    name: str
    values: dict[str, int]
    payload: str


class Cards:
    """Every component by its short reference, with lookups that explain a bad reference."""

    def __init__(self, kids: dict[int, Kid], ghosts: dict[str, Ghost], candy: dict[str, Candy],
                 love: dict[str, Love], type_names: dict[str, str]):
        self.kids = kids
        self.ghosts = ghosts
        self.candy = candy
        self.love = love
        self.type_names = type_names
        self.colours: dict[str, str] = {}          # colour -> letter, catalog order
        for g in ghosts.values():
            self.colours.setdefault(g.colour, g.id[0])
        self.by_payload: dict[str, tuple[str, Any]] = {}
        for k in kids.values():
            self.by_payload[k.payload] = ("kid", k.number)
        for g in ghosts.values():
            self.by_payload[g.payload] = ("ghost", g.id)
        for c in candy.values():
            self.by_payload[c.payload] = ("candy", c.id)
        for l in love.values():
            self.by_payload[l.payload] = ("love", l.id)

    @classmethod
    def from_catalog(cls, cat: Catalog) -> Cards:
        kids: dict[int, Kid] = {}
        for c in cat.of_kind("kids"):
            n = c["number"]
            if n in kids:
                raise CatalogError(f"{c.source}: field 'number': card number {n} is used twice")
            text = c["text"] or ""
            kids[n] = Kid(n, SHIPPED_NAMES.get(c.name, c.name), c["courage"], c["ability"],
                          SHIPPED_TEXTS.get(text, text), c["stash_points"], c.payload)
        ghosts: dict[str, Ghost] = {}
        for c in cat.of_kind("ghosts"):
            gid = c.id
            if not (len(gid) >= 2 and gid[0].isalpha() and gid[1:].isdigit() and int(gid[1:]) == c["value"]):
                raise CatalogError(f"{c.source}: field 'payload': a ghost's id is its colour letter and value "
                                   f"(like R7), not {gid!r} for value {c['value']}")
            ghosts[gid] = Ghost(gid, c["colour"].upper(), c["value"], c.name, c.payload)
        candy = {c.id: Candy(c.id, c["type"], c.name, c.payload) for c in cat.of_kind("candy")}
        love = {c.id: Love(c.id, c.name, {t: c[t] for t in CANDY_TYPES}, c.payload) for c in cat.of_kind("love")}
        names: dict[str, str] = {}
        for sweet in candy.values():
            names.setdefault(sweet.type, sweet.name.rstrip("0123456789 ") or sweet.type)
        return cls(kids, ghosts, candy, love, names)

    # ---- references

    def kid(self, number: int) -> Kid:
        return self.kids[number]

    def kid_name(self, number: int | None) -> str:
        if number is None:
            return tr("no kid")
        k = self.kids.get(number)
        return k.name if k else tr("kid {number}", number=number)

    def ghost(self, gid: str) -> Ghost:
        return self.ghosts[gid]

    def ghost_value(self, gid: str) -> int:
        return self.ghosts[gid].value

    def candy_type(self, cid: str) -> str:
        return self.candy[cid].type

    def candy_name(self, cid: str) -> str:
        """A candy card by name, in the reader's language when the catalog gives it
        the rulebook's name ("Peppermint 3"); a corrected catalog's own name otherwise."""
        c = self.candy[cid]
        number = c.id[len(c.type):]
        if number.isdigit() and c.name == f"{self.type_names.get(c.type)} {number}" and c.type in RULEBOOK_TYPES:
            return tr("{candy} {number}", candy=self.type_name(c.type), number=int(number))
        return c.name

    def type_name(self, t: str) -> str:
        """A candy type by name, translated when it is the rulebook's ("Candy Corn")."""
        name = self.type_names.get(t, t)
        said = RULEBOOK_TYPES.get(t)
        return said() if said is not None and str(said()) == name else name

    def love_favourite(self, lid: str) -> str:
        """The candy type a Love card values most (its favourite, worth 5)."""
        values = self.love[lid].values
        return max(values, key=lambda t: values[t])

    def love_name(self, lid: str) -> str:
        """A Love card by name: "Loves Peppermint", in the reader's language when the
        catalog names it by its favourite the rulebook's way."""
        love = self.love[lid]
        favourite = self.love_favourite(lid)
        if love.name == f"Loves {self.type_names.get(favourite)}":
            return tr("Loves {candy}", candy=self.type_name(favourite))
        return love.name

    def payload_of(self, kind: str, ref: Any) -> str:
        if kind == "kid":
            return self.kids[ref].payload
        if kind == "ghost":
            return self.ghosts[ref].payload
        if kind == "candy":
            return self.candy[ref].payload
        return self.love[ref].payload
