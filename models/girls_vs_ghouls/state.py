"""The shape of a Girls vs Ghouls state: plain JSON, built by ``rules.new_state``
(rules.py says what each part means). No ``from __future__ import annotations``
here: ``NotRequired`` must be seen at runtime for the optional key to count as one."""

from typing import Any, NotRequired, TypedDict


class GirlsVsGhoulsState(TypedDict):
    """A whole Girls vs Ghouls game between two actions (houses keyed "1".."8")."""

    players: list[str]
    options: dict[str, Any]
    phase: str                                  # setup | play | reveal | tiebreak | identities | over
    round: int
    first: str
    turn: str | None
    turn_start: int | None
    turn_no: int
    positions: dict[str, int]
    control: dict[str, str]
    closed: dict[str, dict[str, Any]]
    cubes: dict[str, int]
    treats: dict[str, list[Any]]
    tricks: dict[str, list[Any]]
    hands: dict[str, dict[str, Any]]
    unseen: NotRequired[list[dict[str, Any]]]   # cards played that no camera saw, their kind still to be told
    leftover: dict[str, Any] | None
    used: list[str]
    pending: dict[str, Any] | None
    chores: list[Any]
    identities: dict[str, str]                  # only those revealed
    history: list[Any]
    face_up: NotRequired[dict[str, Any]]       # the Treat just played, face up at its house until the next action
    gone: NotRequired[dict[str, int]]           # taken over late: Treat/Trick-deck cards out of the game, unnamed
