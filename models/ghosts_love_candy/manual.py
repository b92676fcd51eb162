"""Moves recorded by hand for an ability the engine does not implement.

Each move names one card and where it went::

    {"candy": "CHOC3", "to": "BLUE"}      # into BLUE's stash
    {"candy": "CHOC3", "to": "slot:2"}    # onto the kid in slot 2
    {"kid": 5, "to": "discard"}           # a kid to the discard (its slot then needs a new kid)
    {"ghost": "B5", "to": "slot:4"}       # on top of the pile under the kid in slot 4

A candy or a kid may go to a stash, a slot or the discard; a ghost to a slot or
the discard. All moves are checked before any is made.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Event
from .actions import strip_payload
from .kit import Cards
from .state import State, need


def _target(state: State, to: Any, what: str) -> tuple[str, Any]:
    need(isinstance(to, str), f"resolve: {what}: 'to' must be a player, 'slot:N' or 'discard'")
    t = to.strip().upper()
    if t == "DISCARD":
        return "discard", None
    if t.startswith("SLOT:"):
        try:
            n = int(t[5:])
        except ValueError:
            n = 0
        need(1 <= n <= state["slot_count"], f"resolve: {what}: no slot {t[5:]} "
                                            f"(slots 1-{state['slot_count']})")
        return "slot", n
    need(t in state["players"], f"resolve: {what}: {to!r} is not a player, 'slot:N' or 'discard'")
    return "stash", t


def _remove_card(state: State, pile: str, card: Any) -> bool:
    """Take ``card`` off the table: from a slot's ``pile`` (slots hold candy and
    ghosts), a stash's (candy and kids) or the discard's (all three). False if it is
    in none of them (still in a deck, or not in this game)."""
    places = [s[pile] for s in state["slots"] if pile in s]
    places += [st[pile] for st in state["stashes"].values() if pile in st]
    places.append(state["discard"][pile])
    for place in places:
        if card in place:
            place.remove(card)
            return True
    return False


def _remove_kid(state: State, n: int) -> bool:
    """A kid lies alone in a slot, unlike candy and ghosts."""
    for s in state["slots"]:
        if s["kid"] == n:
            s["kid"] = None
            return True
    return _remove_card(state, "kids", n)


def apply_moves(state: State, cards: Cards, moves: Sequence[dict[str, Any]], events: list[Event]) -> None:
    for i, m in enumerate(moves):
        what = f"move {i}"
        need(isinstance(m, dict) and "to" in m and len(m) == 2,
             f"resolve: {what} must be {{'candy'|'kid'|'ghost': ..., 'to': ...}}, not {m!r}")
        kind = next(k for k in m if k != "to")
        need(kind in ("candy", "kid", "ghost"), f"resolve: {what}: moves name a candy, a kid or a ghost, not {kind!r}")
        where, arg = _target(state, m["to"], what)
        if kind == "candy":
            cid = strip_payload(m["candy"], "CANDY")
            need(cid in cards.candy, f"resolve: {what}: no candy {cid!r}")
            need(_remove_card(state, "candy", cid), f"resolve: {what}: {cid} is not on the table")
            if where == "stash":
                state["stashes"][arg]["candy"].append(cid)
            elif where == "slot":
                slot = state["slots"][arg - 1]
                need(slot["kid"] is not None, f"resolve: {what}: slot {arg} holds no kid")
                slot["candy"].append(cid)
            else:
                state["discard"]["candy"].append(cid)
        elif kind == "kid":
            n = m["kid"]
            need(isinstance(n, int) and n in cards.kids, f"resolve: {what}: no kid number {n!r}")
            need(_remove_kid(state, n), f"resolve: {what}: {cards.kid_name(n)} is not on the table")
            if where == "stash":
                state["stashes"][arg]["kids"].append(n)
            elif where == "slot":
                slot = state["slots"][arg - 1]
                need(slot["kid"] is None, f"resolve: {what}: slot {arg} already holds "
                                          f"{cards.kid_name(slot['kid'])}")
                slot["kid"] = n
            else:
                state["discard"]["kids"].append(n)
        else:
            gid = strip_payload(m["ghost"], "GHOST")
            need(gid in cards.ghosts, f"resolve: {what}: no ghost {gid!r}")
            need(where != "stash", f"resolve: {what}: ghosts never go into a stash")
            need(_remove_card(state, "ghosts", gid), f"resolve: {what}: {gid} is not under a kid or in the discard")
            if where == "slot":
                slot = state["slots"][arg - 1]
                need(slot["kid"] is not None, f"resolve: {what}: slot {arg} holds no kid")
                slot["ghosts"].append(gid)
            else:
                state["discard"]["ghosts"].append(gid)
        events.append(Event("moved", f"{kind} {m[kind]} moved to {m['to']}"))
    # a slot emptied of its kid keeps no ghosts or candy
    for s in state["slots"]:
        if s["kid"] is None and (s["ghosts"] or s["candy"]):
            need(False, "resolve: a slot without a kid cannot keep ghosts or candy: move them too")
