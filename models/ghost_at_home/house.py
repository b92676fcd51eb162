"""What a Ghost at Home state says, read without changing it: a house's floors
(their rooms and cats, full or not), how far a player has explored, where the
next room and the next ghost go, whether a floor may be lit, where a card lies,
the seat order, and the lights whose payment is still to be told.

Every function here but ``empty_floor`` (a floor as it starts, the one shape
that ``rules.setup``, takeover.py and final_table.py build houses of) takes a
state, or one floor of it (the plain JSON rules.py describes), and returns what
it says; nothing here changes a state: that is rules.py's job. For example::

    >>> state = {"players": ["RED", "BLUE"], "untold": [],
    ...          "houses": {"RED": [empty_floor() for _ in FLOORS], "BLUE": [empty_floor() for _ in FLOORS]}}
    >>> state["houses"]["RED"][0]["rooms"]["L"] = "GAH:ROOM:1A"
    >>> rooms_of(state["houses"]["RED"][0]), floor_full(state["houses"]["RED"][0])
    (['GAH:ROOM:1A'], False)
    >>> target_floor(state, "RED"), next_floor(state, "RED"), target_floor(state, "BLUE")
    (1, 1, None)
    >>> locate(state, "GAH:ROOM:1A"), seat_after(state, "BLUE")
    (('RED', 1, 'room:L'), 'RED')
"""
from __future__ import annotations

from typing import Any

from ..engine import State
from ..text import Text, tr
from .kit import FLOORS, SIDES


def empty_floor() -> dict[str, Any]:
    """A floor as it starts: dark, no room, no cat, no ghost."""
    return {"lit": False, "rooms": {"L": None, "R": None}, "cats": {"L": None, "R": None}, "ghosts": []}


def rooms_of(floor: dict[str, Any]) -> list[str]:
    """The room cards on ``floor``, left before right."""
    return [floor["rooms"][s] for s in SIDES if floor["rooms"][s]]


def cats_of(floor: dict[str, Any]) -> list[str]:
    """The cats on ``floor``, left before right."""
    return [floor["cats"][s] for s in SIDES if floor["cats"][s]]


def cat_spots(floor: dict[str, Any]) -> list[str]:
    """The sides of ``floor`` a cat may be put on (played, or moved by Cat Food
    or the Elevator): an explored room with no cat on it, left before right."""
    return [s for s in SIDES if floor["rooms"][s] and not floor["cats"][s]]


def ghost_can_vanish(floor: dict[str, Any]) -> bool:
    """Whether a ghost played on ``floor`` can be gone before a camera sees it
    (``ghost_unseen``): a cat there meets it (both go to the pile), or the floor
    is dark and its rooms go with it; on a lit floor with no cat it stays."""
    return bool(cats_of(floor)) or not floor["lit"]


def lit_key(player: str, floor: int) -> str:
    """The key of ``state["lit_by"]`` for ``player``'s ``floor``: ``"RED:1"``."""
    return f"{player}:{floor}"


def floor_full(floor: dict[str, Any]) -> bool:
    """Whether both sides of ``floor`` hold a room."""
    return len(rooms_of(floor)) == len(SIDES)


def fully_explored(state: State, player: str) -> bool:
    """Whether every floor of ``player``'s house is full."""
    return all(floor_full(f) for f in state["houses"][player])


def rooms_explored(state: State, player: str) -> int:
    """How many room cards ``player``'s house holds."""
    return sum(len(rooms_of(f)) for f in state["houses"][player])


def target_floor(state: State, player: str) -> int | None:
    """The highest floor of ``player``'s house holding a room card (ghosts go there)."""
    for f in reversed(FLOORS):
        if rooms_of(state["houses"][player][f - 1]):
            return f
    return None


def next_floor(state: State, player: str) -> int | None:
    """The lowest floor that is not full (where rooms go next)."""
    for f in FLOORS:
        if not floor_full(state["houses"][player][f - 1]):
            return f
    return None


def light_blocker(state: State, player: str, floor: int) -> Text | None:
    """Why ``player`` may not light ``floor`` now, or None."""
    house = state["houses"][player]
    if house[floor - 1]["lit"]:
        return tr("the light of {player}'s floor {floor} is already on", player=player, floor=floor)
    for f in FLOORS[: floor - 1]:
        if not floor_full(house[f - 1]):
            return tr("floor {floor} may be lit only when every lower floor is full, and floor {lower} holds "
                      "{rooms} of 2 rooms", floor=floor, lower=f, rooms=len(rooms_of(house[f - 1])))
    return None


def untold(state: State) -> list[dict[str, Any]]:
    """The lights no camera saw paid whose payment is still to be told, by player and floor."""
    return list(state.get("untold", []))


def deck_doubt(state: State) -> int:
    """How many cards fewer than ``state["deck"]`` the deck may hold: each light
    still untold is counted as the fewest cards it can have cost, and its
    turn's refill drew as many more as it really cost."""
    return sum(u["most"] - u["paid"] for u in untold(state))


def locate(state: State, card: str) -> tuple[str, int, str] | None:
    """Where a card lies on the table: ``(player, floor, "room:L" | "cat:R" | "ghost")``."""
    for p, house in state["houses"].items():
        for i, fl in enumerate(house):
            for s in SIDES:
                if fl["rooms"][s] == card:
                    return p, i + 1, f"room:{s}"
                if fl["cats"][s] == card:
                    return p, i + 1, f"cat:{s}"
            if card in fl["ghosts"]:
                return p, i + 1, "ghost"
    return None


def seat_after(state: State, player: str) -> str:
    """The player after ``player`` in seat order."""
    ps = state["players"]
    return ps[(ps.index(player) + 1) % len(ps)]


def seats_from(state: State, player: str) -> list[str]:
    """Every player in seat order, starting with ``player``."""
    ps = state["players"]
    i = ps.index(player)
    return ps[i:] + ps[:i]
