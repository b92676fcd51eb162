"""The Ghosts Love Candy state: plain JSON data, and small helpers to read it.

A state is a dict (it survives a JSON round trip unchanged)::

    {"game": "GLC", "players": ["RED", "BLUE", "GREEN"], "options": {...},
     "colours": {"RED": "R", ...},          # each player's ghost set (colour letter)
     "slot_count": 6, "rounds": 8, "round": 1, "last_round": false,
     "phase": "setup|candy|choose|tiebreak|turns|love|over",
     "slots": [{"kid": 2, "candy": ["CHOC3"], "ghosts": ["R7", "B5"]}, ...],  # slot 1 first, pile bottom first
     "kid_deck": [1, 3, ...], "candy_deck": [...], "box": ["R4", ...],
     "discard": {"kids": [], "ghosts": [], "candy": []},
     "hands": {"RED": ["R1", ...]}, "chosen": {"RED": "R7" | "?"}, "revealed": {"RED": "R7"},
     "candied": [1, 2],                     # slots that got their candy this round
     "order": ["RED", ...], "turn": 0,      # this round's turn order, whose turn
     "tie": {"groups": [["RED", "BLUE"]], "draws": {"RED": 5}} | null,
     "stashes": {"RED": {"candy": [...], "kids": [...]}},
     "love": {"RED": "L3"}, "love_shown": {"RED": "L3"},   # secretly dealt / revealed at the end
     "pending": null | {"kind": "reveal_kid" | "werewolf" | ..., "player": ..., ...},
     "scare": null | {"next": 3, "player": "RED", "ends_turn": true},
     "manual": null | {"player": "RED", "kid": 3, "slot": 2}}

Hidden parts: ``hands``, ``chosen`` and ``love`` (see views.py).
"""
from __future__ import annotations

from typing import Any, TypedDict

from ..engine import IllegalAction
from ..text import Text, tr
from .kit import Cards

State = dict[str, Any]


class GhostsLoveCandyState(TypedDict):
    """A whole Ghosts Love Candy game between two actions (the shape above)."""

    game: str
    players: list[str]
    options: dict[str, Any]
    colours: dict[str, str]
    slot_count: int
    rounds: int
    round: int
    last_round: bool
    phase: str
    slots: list[dict[str, Any]]
    kid_deck: list[int]
    candy_deck: list[str]
    box: list[str]
    discard: dict[str, list[Any]]
    hands: dict[str, list[str]]
    chosen: dict[str, str]
    revealed: dict[str, str]
    candied: list[int]
    order: list[str]
    turn: int
    tie: dict[str, Any] | None
    stashes: dict[str, dict[str, list[Any]]]
    love: dict[str, str]
    love_shown: dict[str, str]
    pending: dict[str, Any] | None
    scare: dict[str, Any] | None
    manual: dict[str, Any] | None

PHASES = ("setup", "candy", "choose", "tiebreak", "turns", "love", "over")


def need(condition: bool, reason: str) -> None:
    """Raise IllegalAction(reason) unless ``condition``."""
    if not condition:
        raise IllegalAction(reason)


def slot_of(state: State, n: int) -> dict[str, Any]:
    """Slot ``n`` (1-based), or IllegalAction naming the neighbourhood's size."""
    count = state["slot_count"]
    need(isinstance(n, int) and 1 <= n <= count,
         tr("there is no slot {slot}: the neighbourhood has slots 1-{count}", slot=n, count=count))
    return state["slots"][n - 1]


def kid_source(state: State) -> list[int]:
    """The kids the next one turned up or drawn can be: the Kid deck, or the
    discarded kids once it has run out (they are shuffled into a new deck).
    Empty: no kid is left to draw (the kids drawn for a tie-break are
    discarded only once every tie is resolved)."""
    return sorted(state["kid_deck"]) if state["kid_deck"] else sorted(state["discard"]["kids"])


def owner_of_ghost(state: State, gid: str) -> str | None:
    """The player whose ghost set has the ghost's colour letter."""
    for p, letter in state["colours"].items():
        if gid.startswith(letter) and gid[len(letter):].isdigit():
            return p
    return None


def current_player(state: State) -> str | None:
    if state["phase"] != "turns" or state["turn"] >= len(state["order"]):
        return None
    return state["order"][state["turn"]]


def where_is_kid(state: State, cards: Cards, n: int) -> Text:
    """Plain words for where a kid is now ("in slot 3", "in RED's stash", ...)."""
    for i, s in enumerate(state["slots"], start=1):
        if s["kid"] == n:
            return tr("in slot {slot}", slot=i)
    for p, st in state["stashes"].items():
        if n in st["kids"]:
            return tr("in {player}'s stash", player=p)
    if n in state["discard"]["kids"]:
        return tr("in the discard")
    if state.get("tie") and n in state["tie"]["draws"].values():
        return tr("drawn for the tie-break")
    if n in state["kid_deck"]:
        return tr("in the Kid deck")
    return tr("not in this game")


def where_is_candy(state: State, cid: str) -> Text:
    for i, s in enumerate(state["slots"], start=1):
        if cid in s["candy"]:
            return tr("on the kid in slot {slot}", slot=i)
    for p, st in state["stashes"].items():
        if cid in st["candy"]:
            return tr("in {player}'s stash", player=p)
    if cid in state["discard"]["candy"]:
        return tr("in the discard")
    if cid in state["candy_deck"]:
        return tr("in the Candy deck")
    return tr("not in this game")


def where_is_ghost(state: State, gid: str) -> Text:
    for i, s in enumerate(state["slots"], start=1):
        if gid in s["ghosts"]:
            return tr("under the kid in slot {slot}", slot=i)
    if gid in state["discard"]["ghosts"]:
        return tr("in the discard")
    if gid in state["box"]:
        return tr("back in the box (not used with this many players)")
    for p, g in state["revealed"].items():
        if g == gid:
            return tr("revealed in front of {player}", player=p)
    for p, h in state["hands"].items():
        if gid in h:
            return tr("in {player}'s hand", player=p)
    return tr("not in this game")


def ghost_total(state: State, cards: Cards, slot: dict[str, Any]) -> int:
    return sum(cards.ghost_value(g) for g in slot["ghosts"])


def canonical_sets(state: State) -> None:
    """Keep the lists that are sets in one order (sorted): the candy on a kid,
    each stash's candy and kids, the discarded candy and kids. Neither the
    rules nor the table tell their order, so two histories that differ only in
    it (two candies laid on one kid in either round) end in one state, which is
    what lets the referee's search call them one explanation, and a game taken
    over from its table the same state as the game followed from its start.
    The discarded ghosts too (a discard pile's order matters to no rule); the
    ghost piles under the kids keep their order: it is the pile's."""
    for slot in state["slots"]:
        slot["candy"].sort()
    for stash in state["stashes"].values():
        stash["candy"].sort()
        stash["kids"].sort()
    state["discard"]["candy"].sort()
    state["discard"]["kids"].sort()
    state["discard"]["ghosts"].sort()
    # who already haunted this round, in seat order: the order they played in is
    # history no rule reads and no table shows (``order[turn]`` is still next)
    done = state["order"][:state["turn"]]
    if len(done) > 1:
        state["order"][:state["turn"]] = sorted(done, key=state["players"].index)
