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

from typing import Any

from ..engine import State
from ..text import tr
from ..whereabouts import Whereabouts
from .kit import SIDES


def whereabouts(game: Any, state: State) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts(tr("no hand can hold one"))
    table, pile_area = tr("on the table"), tr("on the discard pile")
    for p, house in state["houses"].items():
        for i, fl in enumerate(house, start=1):
            for s in SIDES:
                for card in (fl["rooms"][s], fl["cats"][s]):
                    if card:
                        w.place(card, tr("on {player}'s floor {floor} (left)", player=p, floor=i) if s == "L" else
                                tr("on {player}'s floor {floor} (right)", player=p, floor=i), table)
            for g in fl["ghosts"]:
                w.place(g, tr("on {player}'s floor {floor}", player=p, floor=i), table)
    pile = state["discard"]
    w.place_all(pile["seen"], pile_area)
    for kind, n in pile.get("unnamed", {}).items():
        w.unnamed(kind, pile_area, n)
    return w
