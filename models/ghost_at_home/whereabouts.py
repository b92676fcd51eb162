"""Where each Ghost at Home card is known to be, for the engine's shared check
(:mod:`models.whereabouts`). Cards count by type (cards.csv ``kind``: room,
wild, ghost, cat, special), so "cat" is a kind.

Known places: a card on a floor of a house ("on the table"); a card seen going
to the discard pile since the last reshuffle ("on the discard pile"); a cat
discarded from a hand without a name (``discard.unnamed``: one cat, nobody
knows which, is on the pile). Every other card is in a hand, the deck, or on
the pile face down: unknown. A reshuffle empties the pile's record, so every
card of the old pile is unknown again.
"""
from __future__ import annotations

from ..engine import State
from ..whereabouts import Whereabouts
from .kit import SIDES


def whereabouts(w: Whereabouts, state: State) -> Whereabouts:
    for p, house in state["houses"].items():
        for i, fl in enumerate(house, start=1):
            for s in SIDES:
                side = "left" if s == "L" else "right"
                if fl["rooms"][s]:
                    w.place(fl["rooms"][s], f"on {p}'s floor {i} ({side})", "on the table")
                if fl["cats"][s]:
                    w.place(fl["cats"][s], f"on {p}'s floor {i} ({side})", "on the table")
            for g in fl["ghosts"]:
                w.place(g, f"on {p}'s floor {i}", "on the table")
    pile = state["discard"]
    w.place_all(pile["seen"], "on the discard pile")
    for kind, n in pile.get("unnamed", {}).items():
        w.unnamed(kind, "on the discard pile", n)
    return w
