"""What the players see: the public view and the prompts (nothing here is
secret: the deck's order is unknown to the companion too)."""
from __future__ import annotations

from typing import Any

from models.engine import Prompt
from models.text import and_list, tr

from . import scoring
from .state import PumpkinPairsState as State


def public_view(game: Any, state: State) -> dict[str, Any]:
    return {"phase": state["phase"], "turn": state["players"][state["turn"]], "middle": state["middle"],
            "areas": {p: list(c) for p, c in state["areas"].items()}}


def prompts(game: Any, state: State) -> list[Prompt]:
    who = state["players"][state["turn"]]
    if state["phase"] == "reveal":
        return [Prompt(tr("{player}: turn up the top card of the deck in the middle", player=who), who)]
    if state["phase"] == "take":
        return [Prompt(tr("{player}: take the pumpkin in the middle", player=who), who)]
    board = scoring.scoreboard(game, state)       # the closing prompt names the winners: the voice says it
    best = board.entries[board.winners[0]].total
    if len(board.winners) > 1:
        text = tr("Game over: {winners} win with {points} points", winners=and_list(board.winners), points=best)
    else:
        text = tr("Game over: {winner} wins with {points} points", winner=board.winners[0], points=best)
    return [Prompt(text, None, "info")]
