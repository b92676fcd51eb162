"""What the players see: the public view and the prompts. Hands are shown as
counts only (the state holds nothing more); the pairs laid are public."""
from __future__ import annotations

from typing import Any

from models.engine import Prompt
from models.text import and_list, tr

from . import rules, scoring
from .state import OldWitchState as State


def public_view(game: Any, state: State) -> dict[str, Any]:
    turn = state["turn"]
    return {"phase": state["phase"], "turn": None if turn is None else state["players"][turn],
            "hands": dict(state["hands"]), "laid": {p: list(c) for p, c in state["laid"].items()},
            "loser": state["loser"]}


def prompts(game: Any, state: State) -> list[Prompt]:
    if state["phase"] == "over":
        winners = scoring.scoreboard(game, state).winners   # named: the voice says this prompt
        if len(winners) > 1:
            text = tr("The game is over: {loser} is left holding the Old Witch; {winners} win",
                      loser=state["loser"], winners=and_list(winners))
        else:
            text = tr("The game is over: {loser} is left holding the Old Witch; {winner} wins",
                      loser=state["loser"], winner=winners[0])
        return [Prompt(text, None, "info")]
    out = []
    drawer = rules.next_drawer(state)
    source = rules.left_of(state, drawer) if drawer else None
    if state["phase"] == "opening":
        out.append(Prompt(tr("Everyone: lay the pairs you were dealt face up in front of your seat")))
    elif state["turn"] is not None:
        who = state["players"][state["turn"]]
        out.append(Prompt(tr("{player}: lay any pair you hold face up in front of your seat", player=who), who))
    if drawer and source:
        out.append(Prompt(tr("{player}: draw a card from {source}'s hand, then tell the console "
                             "(or lay the pair it makes)", player=drawer, source=source), drawer))
    return out
