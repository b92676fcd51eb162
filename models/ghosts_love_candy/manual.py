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
from ..text import tr
from .actions import strip_payload
from .kit import Cards
from .state import State, need


def _target(state: State, to: Any, what: Any) -> tuple[str, Any]:
    need(isinstance(to, str), tr("resolve: {move}: 'to' must be a player, 'slot:N' or 'discard'", move=what))
    t = to.strip().upper()
    if t == "DISCARD":
        return "discard", None
    if t.startswith("SLOT:"):
        try:
            n = int(t[5:])
        except ValueError:
            n = 0
        need(1 <= n <= state["slot_count"], tr("resolve: {move}: no slot {slot} (slots 1-{count})", move=what,
                                               slot=t[5:], count=state["slot_count"]))
        return "slot", n
    need(t in state["players"], tr("resolve: {move}: {to!r} is not a player, 'slot:N' or 'discard'", move=what,
                                   to=to))
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
        what = tr("move {number}", number=i)
        need(isinstance(m, dict) and "to" in m and len(m) == 2,
             tr("resolve: {move} must be {{'candy'|'kid'|'ghost': ..., 'to': ...}}, not {value!r}", move=what,
                value=m))
        kind = next(k for k in m if k != "to")
        need(kind in ("candy", "kid", "ghost"), tr("resolve: {move}: moves name a candy, a kid or a ghost, not "
                                                   "{kind!r}", move=what, kind=kind))
        where, arg = _target(state, m["to"], what)
        if kind == "candy":
            cid = strip_payload(m["candy"], "CANDY")
            need(cid in cards.candy, tr("resolve: {move}: no candy {candy!r}", move=what, candy=cid))
            need(_remove_card(state, "candy", cid), tr("resolve: {move}: {card} is not on the table", move=what,
                                                       card=cid))
            if where == "stash":
                state["stashes"][arg]["candy"].append(cid)
            elif where == "slot":
                slot = state["slots"][arg - 1]
                need(slot["kid"] is not None, tr("resolve: {move}: slot {slot} holds no kid", move=what, slot=arg))
                slot["candy"].append(cid)
            else:
                state["discard"]["candy"].append(cid)
        elif kind == "kid":
            n = m["kid"]
            need(isinstance(n, int) and n in cards.kids, tr("resolve: {move}: no kid number {number!r}", move=what,
                                                            number=n))
            need(_remove_kid(state, n), tr("resolve: {move}: {card} is not on the table", move=what,
                                           card=cards.kid_name(n)))
            if where == "stash":
                state["stashes"][arg]["kids"].append(n)
            elif where == "slot":
                slot = state["slots"][arg - 1]
                need(slot["kid"] is None, tr("resolve: {move}: slot {slot} already holds {kid}", move=what, slot=arg,
                                             kid=cards.kid_name(slot["kid"])))
                slot["kid"] = n
            else:
                state["discard"]["kids"].append(n)
        else:
            gid = strip_payload(m["ghost"], "GHOST")
            need(gid in cards.ghosts, tr("resolve: {move}: no ghost {ghost!r}", move=what, ghost=gid))
            need(where != "stash", tr("resolve: {move}: ghosts never go into a stash", move=what))
            need(_remove_card(state, "ghosts", gid), tr("resolve: {move}: {ghost} is not under a kid or in the discard",
                                                        move=what, ghost=gid))
            if where == "slot":
                slot = state["slots"][arg - 1]
                need(slot["kid"] is not None, tr("resolve: {move}: slot {slot} holds no kid", move=what, slot=arg))
                slot["ghosts"].append(gid)
            else:
                state["discard"]["ghosts"].append(gid)
        if kind == "candy":
            text = tr("candy {card} moved to {to}", card=m[kind], to=m["to"])
        elif kind == "kid":
            text = tr("kid {card} moved to {to}", card=m[kind], to=m["to"])
        else:
            text = tr("ghost {card} moved to {to}", card=m[kind], to=m["to"])
        events.append(Event("moved", text))
    # a slot emptied of its kid keeps no ghosts or candy
    for s in state["slots"]:
        if s["kid"] is None and (s["ghosts"] or s["candy"]):
            need(False, tr("resolve: a slot without a kid cannot keep ghosts or candy: move them too"))
