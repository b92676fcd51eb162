"""What the players see: the public view and the prompts (nothing here is
secret: the deck's order is unknown to the companion too)."""
from __future__ import annotations

from typing import Any

from models.engine import Prompt

from . import scoring
from .state import PumpkinPairsState as State


def public_view(game: Any, state: State) -> dict[str, Any]:
    return {"phase": state["phase"], "turn": state["players"][state["turn"]], "middle": state["middle"],
            "areas": {p: list(c) for p, c in state["areas"].items()}}


def prompts(game: Any, state: State) -> list[Prompt]:
    who = state["players"][state["turn"]]
    if state["phase"] == "reveal":
        return [Prompt(f"{who}: turn up the top card of the deck in the middle", who)]
    if state["phase"] == "take":
        return [Prompt(f"{who}: take the pumpkin in the middle", who)]
    board = scoring.scoreboard(game, state)       # the closing prompt names the winners: the voice says it
    best = board.entries[board.winners[0]].total
    return [Prompt(f"Game over: {' and '.join(board.winners)} {'win' if len(board.winners) > 1 else 'wins'} "
                   f"with {best} points", None, "info")]
