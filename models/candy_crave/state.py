"""The shape of a Candy Crave state: plain JSON, built by ``rules.setup``
(rules.py says what each part means)."""

from typing import Any, NotRequired, TypedDict


class Area(TypedDict):
    """One play area (a player, or a party A-D with 2 players)."""

    play: list[str]
    locked: list[str]
    withdrawn: bool


class CandyCraveState(TypedDict):
    """A whole Candy Crave game between two actions."""

    players: list[str]
    options: dict[str, Any]
    order: list[str]
    owner: dict[str, str]
    areas: dict[str, Area]
    bowls: list[str]
    box: list[str]
    round: int
    phase: str
    base: dict[str, str]
    faceup: dict[str, str]
    rows: dict[str, list[str]]
    base_spent: list[str]
    start: str
    turn: str | None
    turns: int
    short_take_used: bool | None
    removed: dict[str, list[str]]
    tied: list[str]
    rounds: list[dict[str, Any]]
    next_start: NotRequired[str]
    hidden_box: NotRequired[int]
