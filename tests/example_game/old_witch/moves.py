"""What can happen next: every action ``apply`` accepts now, the one list the
console's forms, the random games and the referee's search derive from."""
from __future__ import annotations

from typing import Any

from models.engine import Action

from . import rules
from .actions import Draw, LayPair
from .state import OldWitchState as State


def legal_actions(game: Any, state: State) -> list[Action]:
    """The pairs not yet laid, by whoever may lay now and holds two cards (each
    pair in both orders), then the next draw. A lay names cards the state
    cannot know are in that hand: any pair not laid may be."""
    if state["phase"] == "over":
        return []
    out: list[Action] = [LayPair(p, cards) for p in rules.may_lay(state) if state["hands"][p] >= 2
                         for a, b in rules.unlaid_pairs(game.kit, state) for cards in ((a, b), (b, a))]
    drawer = rules.next_drawer(state)
    if drawer is not None and rules.left_of(state, drawer) is not None:
        out.append(Draw(drawer))
    return out
