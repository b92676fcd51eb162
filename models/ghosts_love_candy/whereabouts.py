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

from ..text import tr
from ..whereabouts import Whereabouts
from .kit import Cards
from .state import State

IN_NEIGHBOURHOOD, IN_A_STASH, IN_DISCARD = tr("in the neighbourhood"), tr("in a stash"), tr("in the discard")
IN_KID_DECK, IN_CANDY_DECK, IN_BOX = tr("in the Kid deck"), tr("in the Candy deck"), tr("in the box")
BACK_IN_BOX, DRAWN, IN_A_HAND = tr("back in the box"), tr("drawn for the tie-break"), tr("in a hand")
REVEALED, DEALT = tr("revealed"), tr("dealt")


def whereabouts(game: Any, state: State) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts(tr("the others are in the box"))
    cards: Cards = game.cards
    kid = {n: k.payload for n, k in cards.kids.items()}
    ghost = {g: x.payload for g, x in cards.ghosts.items()}
    candy = {c: x.payload for c, x in cards.candy.items()}

    def put(table: Mapping[Any, str], refs: Iterable[Any], where: str, area: str) -> None:
        for r in refs:
            w.place(table.get(r, f"GLC:?:{r}"), where, area)

    for i, s in enumerate(state["slots"], start=1):
        if s["kid"] is not None:
            put(kid, [s["kid"]], tr("in slot {slot}", slot=i), IN_NEIGHBOURHOOD)
        if s["candy"]:
            put(candy, s["candy"], tr("on the kid in slot {slot}", slot=i), IN_NEIGHBOURHOOD)
        if s["ghosts"]:
            put(ghost, s["ghosts"], tr("under the kid in slot {slot}", slot=i), IN_NEIGHBOURHOOD)
    for p, st in state["stashes"].items():
        if st["kids"] or st["candy"]:
            stash = tr("in {player}'s stash", player=p)
            put(kid, st["kids"], stash, IN_A_STASH)
            put(candy, st["candy"], stash, IN_A_STASH)
    put(kid, state["discard"]["kids"], IN_DISCARD, IN_DISCARD)
    put(ghost, state["discard"]["ghosts"], IN_DISCARD, IN_DISCARD)
    put(candy, state["discard"]["candy"], IN_DISCARD, IN_DISCARD)
    put(kid, state["kid_deck"], IN_KID_DECK, IN_KID_DECK)
    put(candy, state["candy_deck"], IN_CANDY_DECK, IN_CANDY_DECK)
    put(ghost, state["box"], BACK_IN_BOX, IN_BOX)
    if state.get("tie"):
        for p, n in state["tie"]["draws"].items():
            put(kid, [n], tr("drawn by {player} for the tie-break", player=p), DRAWN)
    for p, h in state["hands"].items():
        put(ghost, h, tr("in {player}'s hand", player=p), IN_A_HAND)
    for p, g in state["revealed"].items():
        put(ghost, [g], tr("revealed in front of {player}", player=p), REVEALED)
    love = {l: x.payload for l, x in cards.love.items()}
    shown = state.get("love_shown", {})
    for p, l in state["love"].items():
        if shown.get(p) != l:
            put(love, [l], tr("dealt face down to {player}", player=p), DEALT)
    for p, l in shown.items():
        put(love, [l], tr("revealed by {player}", player=p), REVEALED)
    return w
