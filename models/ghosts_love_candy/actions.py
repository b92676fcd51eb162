"""Every Ghosts Love Candy action, as JSON and as a typed value.

Actions carry what the table tells the engine: which kid was revealed into a
slot, which candy card went onto a kid, which ghost a player revealed, which
kid a tie-break draw turned up, which Love card a player shows at the end.
Slots are numbered from 1, the slot next to the Kid deck. Kids are named by card
number, ghosts by colour letter and value (``"R7"``), candy by its card id
(``"CHOC3"``), Love cards by id (``"L2"``); the full tag payload
(``"GLC:CANDY:CHOC3"``) is accepted wherever a card id is.

Example::

    {"type": "haunt", "player": "RED", "slot": 2}
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import Action


@dataclass(frozen=True)
class RevealKid(Action):
    """The top kid of the Kid deck was turned face up into an empty slot (the deal
    at setup, and every replacement of a scared kid)."""

    type: ClassVar[str] = "reveal_kid"
    slot: int
    kid: int


@dataclass(frozen=True)
class DealLove(Action):
    """Secretly records a player's Love card (optional: from the player's own phone).
    Never shown in the public view."""

    type: ClassVar[str] = "deal_love"
    player: str
    love: str


@dataclass(frozen=True)
class PlaceCandy(Action):
    """A candy card from the Candy deck was placed above the kid in ``slot``."""

    type: ClassVar[str] = "place_candy"
    slot: int
    candy: str


@dataclass(frozen=True)
class Choose(Action):
    """A player put a ghost face down (optional: the reveal is what counts). ``ghost``,
    if given, is the secret value, checked at the reveal and never shown in the public view."""

    type: ClassVar[str] = "choose"
    player: str
    ghost: int | None = None


@dataclass(frozen=True)
class Reveal(Action):
    """A player turned their chosen ghost face up (value 1-9)."""

    type: ClassVar[str] = "reveal"
    player: str
    ghost: int


@dataclass(frozen=True)
class TieDraw(Action):
    """A tied player drew and revealed a kid from the Kid deck to break a turn-order tie."""

    type: ClassVar[str] = "tie_draw"
    player: str
    kid: int


@dataclass(frozen=True)
class Haunt(Action):
    """The player whose turn it is places their revealed ghost under the kid in
    ``slot`` and takes its candy. ``take_from``: haunting the PIRATE, the slot whose
    candy is taken instead."""

    type: ClassVar[str] = "haunt"
    player: str
    slot: int
    take_from: int | None = None


@dataclass(frozen=True)
class WerewolfPay(Action):
    """WEREWOLF: the haunter puts one candy from their stash on him."""

    type: ClassVar[str] = "werewolf_pay"
    player: str
    candy: str


@dataclass(frozen=True)
class VampireGive(Action):
    """VAMPIRE: the haunter gives one candy from their stash to the VAMPIRE's previous haunter."""

    type: ClassVar[str] = "vampire_give"
    player: str
    candy: str


@dataclass(frozen=True)
class SkeletonSwap(Action):
    """SKELETON: swap a ghost from the hand (``give``) for one of your own in the discard (``take``)."""

    type: ClassVar[str] = "skeleton_swap"
    player: str
    give: int
    take: int


@dataclass(frozen=True)
class NinjaMove(Action):
    """NINJA: move a ghost in the neighbourhood (``"B5"``) to the top of another kid's pile."""

    type: ClassVar[str] = "ninja_move"
    player: str
    ghost: str
    to_slot: int


@dataclass(frozen=True)
class MoveScaredKid(Action):
    """The stash-moving kid (ANGEL in the shipped catalog): move a kid from one
    player's stash to another player's stash."""

    type: ClassVar[str] = "move_scared_kid"
    player: str
    kid: int
    to: str


@dataclass(frozen=True)
class PlaceBlackCat(Action):
    """BLACK CAT: whoever scared her puts her in any player's stash."""

    type: ClassVar[str] = "place_black_cat"
    player: str
    to: str


@dataclass(frozen=True)
class Skip(Action):
    """Decline an ability that says "may" (SKELETON, BLACK CAT). The stash-moving kid's
    card says "Move": it is not declined."""

    type: ClassVar[str] = "skip"
    player: str


@dataclass(frozen=True)
class Resolve(Action):
    """Records how the table resolved by hand an ability the engine does not
    implement. ``moves``: what changed, each ``{"candy": "CHOC3" | "kid": 5 |
    "ghost": "B5", "to": "RED" | "slot:3" | "discard"}`` (a player's stash, the kid
    in a slot, the discard). Scare checks run again afterwards."""

    type: ClassVar[str] = "resolve"
    player: str
    note: str = ""
    moves: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class RevealLove(Action):
    """At the end, a player turned their Love card face up."""

    type: ClassVar[str] = "reveal_love"
    player: str
    love: str


ACTIONS: tuple[type[Action], ...] = (
    RevealKid, DealLove, PlaceCandy, Choose, Reveal, TieDraw, Haunt, WerewolfPay, VampireGive,
    SkeletonSwap, NinjaMove, MoveScaredKid, PlaceBlackCat, Skip, Resolve, RevealLove,
)


def strip_payload(text: Any, kind: str) -> Any:
    """``"GLC:CANDY:CHOC3"`` -> ``"CHOC3"``; other text unchanged (upper-cased)."""
    if not isinstance(text, str):
        return text
    t = text.strip().upper()
    prefix = f"GLC:{kind}:"
    return t[len(prefix):] if t.startswith(prefix) else t
