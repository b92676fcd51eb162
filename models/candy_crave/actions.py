"""Every Candy Crave action, as JSON and as a typed value.

Sweet types are the bowl letters ``L`` (lollipops), ``H`` (hard candies),
``K`` (cookies), ``B`` (black licorice wheels), ``C`` (chocolates). Sweets are
named by token id (``"L03"``), base value tiles by id (``"4A"``), favourites tiles
by id (``"2Q"``, set 2's ``?``); the full tag payload (``"CCR:SWEET:L03"``) is
accepted wherever an id is.

``player`` is always the seat colour of the player acting. In the 2-player game
each player plays two parties (A and D, B and C); ``party``, if given, must be
the party whose turn it is (the turn order says which one it is anyway), and a
steal's ``victim`` or a removal names a party letter instead of a colour.

Example::

    {"type": "take", "player": "RED", "sweets": ["L01", "C04"]}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..engine import Action


@dataclass(frozen=True)
class DrawBase(Action):
    """A base value tile was drawn and laid face up in front of a bowl:
    ``{"type": "base", "sweet": "L", "tile": "4A"}``."""

    type: ClassVar[str] = "base"
    sweet: str
    tile: str


@dataclass(frozen=True)
class TurnUp(Action):
    """After the face-down favourites stack of a bowl was shuffled, one tile was
    turned face up on top of it (with 2 or 3 players: a tile from the extra set):
    ``{"type": "turn_up", "sweet": "L", "tile": "3P2"}``."""

    type: ClassVar[str] = "turn_up"
    sweet: str
    tile: str


@dataclass(frozen=True)
class Lock(Action):
    """At the start of a turn, a player pockets every sweet in their play area
    (moves them behind the divider): ``{"type": "lock", "player": "RED"}``."""

    type: ClassVar[str] = "lock"
    player: str
    party: str | None = None


@dataclass(frozen=True)
class Take(Action):
    """A player took sweets from the bowls into their play area:
    ``{"type": "take", "player": "RED", "sweets": ["L01", "H02"]}``."""

    type: ClassVar[str] = "take"
    player: str
    sweets: tuple[str, ...]
    party: str | None = None


@dataclass(frozen=True)
class Steal(Action):
    """A player stole another play area of 2 or more sweets; the victim first
    pocketed ``pocket`` (the victim's choice, or the thief's when stealing from
    their own other party): ``{"type": "steal", "player": "RED", "victim": "BLUE",
    "pocket": "H02"}``."""

    type: ClassVar[str] = "steal"
    player: str
    victim: str
    pocket: str
    party: str | None = None


@dataclass(frozen=True)
class Withdraw(Action):
    """A player takes no sweets and leaves this round (the others go on):
    ``{"type": "withdraw", "player": "RED"}``. The table cannot show this: say it
    on the referee console."""

    type: ClassVar[str] = "withdraw"
    player: str
    party: str | None = None


@dataclass(frozen=True)
class Pocket(Action):
    """Once the bowls are empty: a player pockets one sweet from their own play
    area, or, when it is empty, from any other play area:
    ``{"type": "pocket", "player": "RED", "sweet": "K05"}``."""

    type: ClassVar[str] = "pocket"
    player: str
    sweet: str
    party: str | None = None


@dataclass(frozen=True)
class Reveal(Action):
    """At scoring, a bowl's favourites stack was turned face up and laid in a row
    below its base value tile, in stack order, read left to right:
    ``{"type": "reveal", "sweet": "L", "tiles": ["1P2", "2Q", "3M1", "4P2"]}``."""

    type: ClassVar[str] = "reveal"
    sweet: str
    tiles: tuple[str, ...]


@dataclass(frozen=True)
class Remove(Action):
    """After round 1, a player removed one of their locked sweets from the game
    (into the box; with 2 players, each removes two, from either party):
    ``{"type": "remove", "player": "RED", "sweet": "C07"}``."""

    type: ClassVar[str] = "remove"
    player: str
    sweet: str


@dataclass(frozen=True)
class ChooseStart(Action):
    """Players tied for the fewest points after round 1 agreed who starts round 2:
    ``{"type": "choose_start", "player": "BLUE"}``."""

    type: ClassVar[str] = "choose_start"
    player: str


@dataclass(frozen=True)
class NextRound(Action):
    """Every sweet is back in its bowl and round 1's tiles are cleared away: round
    2 begins. ``{"type": "next_round"}``"""

    type: ClassVar[str] = "next_round"


ACTIONS = (DrawBase, TurnUp, Lock, Take, Steal, Withdraw, Pocket, Reveal, Remove, ChooseStart, NextRound)
TURN_ACTIONS = (Lock, Take, Steal, Withdraw, Pocket)
