"""Girls vs Ghouls actions: what the players do and what the table tells the engine.

Every action is JSON ``{"type": ..., fields}``; the examples below are exactly
what a script for ``companion rules GVG`` holds.

* ``{"type": "place", "player": "RED", "house": 3}``: at setup, RED's standee goes
  on the sidewalk space of House 3 (the space nearest RED's seat).
* ``{"type": "move", "player": "RED", "house": 5}``: on RED's turn, before
  playing, the standee moves up to 2 spaces around the cul-de-sac.
* ``{"type": "treat", "player": "RED", "house": 5, "card": "GVG:TREAT:12"}``: a
  Treat played face up at the house where RED stands; candy corn needs
  ``"value": 1`` or ``"value": -1`` (upright or upside down on the table).
* ``{"type": "trick", "player": "RED", "house": 5}``: a Trick played face down on
  the house's Trick stack. Nobody, the companion included, knows which.
* ``{"type": "peek", "player": "RED", "house": 5}``: discard a card face down to
  look at the house's Tricks privately (``"discard": "treat"`` or ``"trick"`` when
  the table says which deck it came from).
* ``{"type": "unseen", "player": "RED", "house": 5}``: RED played a card at
  House 5 that no camera saw (a Trick on a stack, a discard to Peek, a Treat
  tucked under the tile at once): the table shows the same for all three. One
  card fewer in RED's hand; what it was is told later.
* ``{"type": "tell", "player": "RED", "turn": 7, "was": "treat", "value": 2}``:
  the console tells what RED's card played unseen on card turn 7 was:
  ``"was": "trick"``, ``"peek"`` (``"discard": "treat"`` or ``"trick"`` if known)
  or ``"treat"`` (its ``value``, or its ``card``; candy corn needs ``value``).
  Every card played unseen is told before the round's Tricks are turned up.
* ``{"type": "reveal", "house": 5, "card": "GVG:TRICK:31"}``: at the end of the
  round, the next Trick of House 5's stack (bottom first) is turned face up.
* ``{"type": "choose", "player": "RED", "house": 2}``: the First Player Token
  holder breaks a tie between houses.
* ``{"type": "identity", "player": "RED", "card": "GVG:ID:GHOUL2"}``: at the end of
  the game, RED turns their identity card face up.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from ..engine import Action


@dataclass(frozen=True)
class Place(Action):
    """Setup: a player's standee is put on the sidewalk space of a house."""

    type: ClassVar[str] = "place"
    player: str
    house: int


@dataclass(frozen=True)
class Move(Action):
    """The player whose turn it is moves their standee (at most 2 spaces from
    where the turn began; the crosswalk is not a space)."""

    type: ClassVar[str] = "move"
    player: str
    house: int


@dataclass(frozen=True)
class PlayTreat(Action):
    """A Treat played face up at the player's house; ``value`` is +1 or -1 for
    candy corn, and may be left out (or must match) for every other Treat."""

    type: ClassVar[str] = "treat"
    player: str
    house: int
    card: str
    value: int | None = None


@dataclass(frozen=True)
class PlayTrick(Action):
    """A Trick played face down on top of the player's house's Trick stack."""

    type: ClassVar[str] = "trick"
    player: str
    house: int


@dataclass(frozen=True)
class Peek(Action):
    """A card discarded face down to view the Tricks at the player's house
    privately. ``discard`` says which deck when someone saw it (``treat`` or
    ``trick``); left out, the companion only counts one card fewer in the hand."""

    type: ClassVar[str] = "peek"
    player: str
    house: int
    discard: Literal["treat", "trick"] | None = None


@dataclass(frozen=True)
class PlayUnseen(Action):
    """A card the player played at their house that no camera saw: a Trick on
    the house's stack, a discard to Peek, or a Treat tucked under the tile at
    once leave the same table. One card of an unknown deck leaves the hand;
    what it was is told later (:class:`TellUnseen`)."""

    type: ClassVar[str] = "unseen"
    player: str
    house: int


@dataclass(frozen=True)
class TellUnseen(Action):
    """What a card played unseen was, as the players tell the console: the
    player's card played on card turn ``turn`` (the game's count of cards
    played, which the console lists) ``was`` a ``trick``, a ``peek`` (``discard``
    says which deck when someone saw it) or a ``treat`` (``value``, or ``card``
    when someone read it; candy corn needs ``value``)."""

    type: ClassVar[str] = "tell"
    player: str
    turn: int
    was: Literal["trick", "peek", "treat"]
    card: str | None = None
    value: int | None = None
    discard: Literal["treat", "trick"] | None = None


@dataclass(frozen=True)
class RevealTrick(Action):
    """End of round: the lowest face-down Trick of a house's stack is turned up."""

    type: ClassVar[str] = "reveal"
    house: int
    card: str


@dataclass(frozen=True)
class ChooseHouse(Action):
    """The First Player Token holder picks one of the houses tied for a flip or
    for the round's Victory Point card."""

    type: ClassVar[str] = "choose"
    player: str
    house: int


@dataclass(frozen=True)
class RevealIdentity(Action):
    """End of game: a player's identity card is turned face up."""

    type: ClassVar[str] = "identity"
    player: str
    card: str


ACTIONS: tuple[type[Action], ...] = (Place, Move, PlayTreat, PlayTrick, Peek, PlayUnseen, TellUnseen, RevealTrick,
                                     ChooseHouse, RevealIdentity)
CARD_PLAYS = (PlayTreat, PlayTrick, Peek, PlayUnseen)
