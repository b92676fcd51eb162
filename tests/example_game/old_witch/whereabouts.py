"""Where the state puts each card, for the engine's "nothing in two places"
check: the pairs laid by name, the hands as counts (unnamed). Once every pair
is laid, the one card left is the Witch in the loser's hand: every player can
tell, and the last prompt says so, so it is named there as public (``face_up``:
public where it is, though it stays in the hand)."""
from __future__ import annotations

from typing import Any

from models.text import tr
from models.whereabouts import Whereabouts

from .state import OldWitchState as State


def whereabouts(game: Any, state: State) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts()
    for p, cards in state["laid"].items():
        for c in cards:
            w.place(c, tr("laid in front of {player}", player=p), tr("on the table"))
    loser = state["loser"] if state["phase"] == "over" else None
    for p, n in state["hands"].items():
        if p == loser and n == 1:
            w.place(game.kit.witch, tr("in {player}'s hand", player=p), tr("in a hand"), face_up=True)
            n = 0
        w.unnamed("cards", tr("in {player}'s hand", player=p), n, tr("in a hand"))
    return w
