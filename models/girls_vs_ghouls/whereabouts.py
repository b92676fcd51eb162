"""Where each Girls vs Ghouls card is known to be, for the engine's shared check
(:mod:`models.whereabouts`): Treats and revealed Tricks at a house this round,
cards played in an earlier round (out of the game: the decks are not
reshuffled), identities turned up at the end. A Trick played face down is one
Trick at that house, nobody knows which: it must be one of the Tricks whose
place is unknown (in a hand or in the deck). A game taken over as it lies
(:mod:`.takeover`) has unnamed cards too: Treats under a tile (``card`` null)
and the cards of the rounds before (``gone``), counted the same way.
"""
from __future__ import annotations

from typing import Any

from ..text import tr
from ..whereabouts import Whereabouts

ON_BOARD, EARLIER = tr("on the board"), tr("played in an earlier round")
BEFORE = tr("played before the companion took the game over")


def whereabouts(game: Any, state: dict[str, Any]) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts(tr("no hand can hold one"))
    on_board: set[str] = set()
    for h, cards in state["treats"].items():
        at = tr("at House {house}", house=h)
        for t in cards:
            if t["card"] is None:       # tucked under the tile before the companion took the game over
                continue
            w.place(t["card"], at, ON_BOARD)
            on_board.add(t["card"])
        w.unnamed("treats", tr("under House {house}'s tile", house=h), sum(1 for t in cards if t["card"] is None),
                  ON_BOARD)
    for h, stack in state["tricks"].items():
        hidden = 0
        at = tr("at House {house}", house=h)
        for t in stack:
            if t["card"] is None:
                hidden += 1
            else:
                w.place(t["card"], at, ON_BOARD)
                on_board.add(t["card"])
        w.unnamed("tricks", tr("face down at House {house}", house=h), hidden, tr("face down at a house"))
    for c in state["used"]:
        if c not in on_board:
            w.place(c, EARLIER, EARLIER)
    gone = state.get("gone") or {}
    w.unnamed("treats", BEFORE, gone.get("treats", 0), EARLIER)
    w.unnamed("tricks", BEFORE, gone.get("tricks", 0), EARLIER)
    for p, c in state["identities"].items():
        w.place(c, tr("turned up by {player}", player=p), tr("turned up"), face_up=True)
    return w
