"""Where each Ghosts Love Candy card is, for the engine's shared check
(:mod:`models.whereabouts`): a kid, a candy or a ghost is named wherever it is
(slot, stash, discard, deck, hand, box); a Love card is "dealt face down" to a
player or "revealed" by one, and the others are in the box (unknown).

Love cards are secret (``GhostsLoveCandy.secret_kinds``): a refusal says "that
Love card is already dealt", never to whom.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..whereabouts import Whereabouts
from .kit import Cards
from .state import State


def whereabouts(w: Whereabouts, state: State, cards: Cards) -> Whereabouts:
    kid = {n: k.payload for n, k in cards.kids.items()}
    ghost = {g: x.payload for g, x in cards.ghosts.items()}
    candy = {c: x.payload for c, x in cards.candy.items()}

    def put(table: Mapping[Any, str], refs: Iterable[Any], where: str, area: str) -> None:
        for r in refs:
            w.place(table.get(r, f"GLC:?:{r}"), where, area)

    for i, s in enumerate(state["slots"], start=1):
        if s["kid"] is not None:
            put(kid, [s["kid"]], f"in slot {i}", "in the neighbourhood")
        put(candy, s["candy"], f"on the kid in slot {i}", "in the neighbourhood")
        put(ghost, s["ghosts"], f"under the kid in slot {i}", "in the neighbourhood")
    for p, st in state["stashes"].items():
        put(kid, st["kids"], f"in {p}'s stash", "in a stash")
        put(candy, st["candy"], f"in {p}'s stash", "in a stash")
    put(kid, state["discard"]["kids"], "in the discard", "in the discard")
    put(ghost, state["discard"]["ghosts"], "in the discard", "in the discard")
    put(candy, state["discard"]["candy"], "in the discard", "in the discard")
    put(kid, state["kid_deck"], "in the Kid deck", "in the Kid deck")
    put(candy, state["candy_deck"], "in the Candy deck", "in the Candy deck")
    put(ghost, state["box"], "back in the box", "in the box")
    if state.get("tie"):
        for p, n in state["tie"]["draws"].items():
            put(kid, [n], f"drawn by {p} for the tie-break", "drawn for the tie-break")
    for p, h in state["hands"].items():
        put(ghost, h, f"in {p}'s hand", "in a hand")
    for p, g in state["revealed"].items():
        put(ghost, [g], f"revealed in front of {p}", "revealed")
    love = {l: x.payload for l, x in cards.love.items()}
    shown = state.get("love_shown", {})
    for p, l in state["love"].items():
        if shown.get(p) != l:
            put(love, [l], f"dealt face down to {p}", "dealt")
    for p, l in shown.items():
        put(love, [l], f"revealed by {p}", "revealed")
    return w
