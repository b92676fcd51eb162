"""Every Ghost at Home action, as JSON and as a typed value.

Cards are named by tag payload (``"GAH:ROOM:1A"``, ``"GAH:GHOST:3"``) or without
the game code (``"ROOM:1A"``). Floors are 1-3 (1 at the bottom), room spaces
``"L"`` and ``"R"`` (left and right of the floor card, as its owner sees it).
``player`` is always the seat colour of the player acting, in turn or out of turn
(a cat discarded against a ghost, an answer to an escape).

The deck is hidden: a card is known only once it is played on the table, and the
engine counts the cards in each hand and in the discard pile. The five special
cards are unique, so their actions do not name the card.

Example::

    {"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:1A", "floor": 1, "side": "L"}]}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import Action


@dataclass(frozen=True)
class Rooms(Action):
    """Play one or more room cards (and room wild cards) on your own house, lower
    floors full first: ``{"type": "rooms", "player": "RED", "rooms": [{"card":
    "ROOM:1A", "floor": 1, "side": "L"}, {"card": "WILD:1", "floor": 1, "side": "R"}]}``."""

    type: ClassVar[str] = "rooms"
    player: str
    rooms: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Ghost(Action):
    """Play a ghost on an opponent's highest floor holding a room (in your turn, or
    out of turn to stop an escape): ``{"type": "ghost", "player": "RED", "card":
    "GHOST:2", "target": "BLUE"}``. ``cat``: which of two cats on that floor it
    meets (default: the one on the left)."""

    type: ClassVar[str] = "ghost"
    player: str
    card: str
    target: str
    cat: str | None = None


@dataclass(frozen=True)
class CatDefence(Action):
    """Out of turn: the player a ghost was just played against discards a cat from
    their hand and cancels it: ``{"type": "cat_defence", "player": "BLUE"}``
    (``card``: the cat shown, if the table says which)."""

    type: ClassVar[str] = "cat_defence"
    player: str
    card: str | None = None


@dataclass(frozen=True)
class Pass(Action):
    """Decline: the target of a ghost lets it in (no cat from hand), or a player
    answering an escape plays no (more) ghost: ``{"type": "pass", "player": "BLUE"}``.
    The table cannot show it: say it on the referee console."""

    type: ClassVar[str] = "pass"
    player: str


@dataclass(frozen=True)
class Cat(Action):
    """Play a cat on an explored room of your own house without a cat:
    ``{"type": "cat", "player": "RED", "card": "CAT:1", "floor": 2, "side": "L"}``."""

    type: ClassVar[str] = "cat"
    player: str
    card: str
    floor: int
    side: str


@dataclass(frozen=True)
class Light(Action):
    """Turn on a floor's light by discarding 2 or 3 cards with at least 5
    lightbulb icons: ``{"type": "light", "player": "RED", "floor": 1, "cards":
    ["ROOM:2D", "CAT:2", "ROOM:3C"]}``."""

    type: ClassVar[str] = "light"
    player: str
    floor: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class DeckCounted(Action):
    """The players counted the deck: it holds ``count`` cards, and
    ``reshuffled`` says whether the discard pile was shuffled into it since the
    companion last knew (so the cards it saw going to the pile may be drawn
    again). The one count no camera sees, said on the console whenever it may
    be off (a round of discards made before the table settled): ``{"type":
    "deck_counted", "count": 12, "reshuffled": false}``."""

    type: ClassVar[str] = "deck_counted"
    count: int
    reshuffled: bool = False


@dataclass(frozen=True)
class GhostUnseen(Action):
    """A ghost played while the camera was away, gone before it came back (it
    went to the discard pile, which no camera reads, so which ghost is not
    known): it met the cat on the target's highest floor holding a room (both
    discarded), or that floor was dark and the target let it in (the rooms and
    the ghost discarded). What the referee's search offers when a cat or a
    dark floor's rooms are gone with no ghost in sight: ``{"type":
    "ghost_unseen", "player": "RED", "target": "BLUE"}``; ``cat``: the cat it
    met, where two sit on that floor (the one the table no longer shows; the
    left one if not named), as ``ghost`` names it."""

    type: ClassVar[str] = "ghost_unseen"
    player: str
    target: str
    cat: str | None = None


@dataclass(frozen=True)
class LightUnseen(Action):
    """A floor of your house turned to its lit face, paid in a way no camera
    sees (the cards go to the discard pile): the Light Bulb card, or 2-3 cards
    with 5 lightbulbs. The referee records the light and asks how it was paid
    (``light_told``): ``{"type": "light_unseen", "player": "RED", "floor": 2}``."""

    type: ClassVar[str] = "light_unseen"
    player: str
    floor: int


@dataclass(frozen=True)
class LightTold(Action):
    """How a light recorded unseen was paid, said on the console: the cards
    discarded for it (2-3 cards with 5 lightbulbs, or the Light Bulb card alone):
    ``{"type": "light_told", "player": "RED", "floor": 2, "cards": ["ROOM:1D",
    "ROOM:2C"]}``."""

    type: ClassVar[str] = "light_told"
    player: str
    floor: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TimeSpaceHole(Action):
    """Special card: move a ghost from any house to an opponent's highest floor
    holding a room: ``{"type": "time_space_hole", "player": "RED", "ghost":
    "GHOST:4", "target": "BLUE"}``."""

    type: ClassVar[str] = "time_space_hole"
    player: str
    ghost: str
    target: str
    cat: str | None = None


@dataclass(frozen=True)
class LightBulb(Action):
    """Special card: turn on a floor's light in your house for free:
    ``{"type": "light_bulb", "player": "RED", "floor": 2}``."""

    type: ClassVar[str] = "light_bulb"
    player: str
    floor: int


@dataclass(frozen=True)
class CatFood(Action):
    """Special card: move a cat from an opponent's house onto an explored room of
    yours: ``{"type": "cat_food", "player": "RED", "cat": "CAT:3", "floor": 1,
    "side": "R"}``."""

    type: ClassVar[str] = "cat_food"
    player: str
    cat: str
    floor: int
    side: str


@dataclass(frozen=True)
class Elevator(Action):
    """Special card: move a cat of your house to an explored room on another floor:
    ``{"type": "elevator", "player": "RED", "cat": "CAT:3", "floor": 3, "side": "L"}``."""

    type: ClassVar[str] = "elevator"
    player: str
    cat: str
    floor: int
    side: str


@dataclass(frozen=True)
class Lightning(Action):
    """Special card: turn off an opponent's light on their highest floor holding a
    room: ``{"type": "lightning", "player": "RED", "target": "BLUE"}``."""

    type: ClassVar[str] = "lightning"
    player: str
    target: str


@dataclass(frozen=True)
class Discard(Action):
    """Discard cards (secretly) and draw as many: ``{"type": "discard", "player":
    "RED", "count": 2}``."""

    type: ClassVar[str] = "discard"
    player: str
    count: int


ACTIONS = (Rooms, Ghost, CatDefence, Pass, Cat, Light, TimeSpaceHole, LightBulb, CatFood, Elevator, Lightning,
           Discard, LightUnseen, LightTold, GhostUnseen, DeckCounted)
SPECIAL_ACTIONS = {"time_space_hole": TimeSpaceHole, "light_bulb": LightBulb, "cat_food": CatFood,
                   "elevator": Elevator, "lightning": Lightning}
