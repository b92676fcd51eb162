"""The scoreboard, every point explained: the candy taken from each player's
starting board and who took it; the winner is the player whose board is empty."""
from __future__ import annotations

from typing import Any

from ..engine import Scoreboard, ScoreEntry, ScoreLine
from ..text import tr, trn
from .grid import BOARDS, Area
from .rules import board_candy

State = dict[str, Any]


def scoreboard(game: Any, state: State) -> Scoreboard:
    """Each player's score is the candy gone from their own starting board, and who took it;
    the winner is the player whose board is empty."""
    area: Area = game.area(state)
    entries = {}
    for b in BOARDS:
        owner = state["owners"][b]
        takers = sorted(state["taken"][b], key=lambda t: t != owner)
        lines = [ScoreLine(tr("candy {taker} took from {owner}'s board {board}", taker=t, owner=owner, board=b),
                           state["taken"][b][t]) for t in takers]
        entries[owner] = ScoreEntry.of(lines)
    notes: list[str] = [trn("Board {board} ({owner}): {n} candy left", "Board {board} ({owner}): {n} candy left",
                            board_candy(area, state, b), board=b, owner=state["owners"][b])
                        for b in BOARDS]
    if state["phase"] == "over":
        winners = [state["winner"]] if state["winner"] else []
        return Scoreboard(entries, winners, False, True, notes + [state["result"]])
    board = Scoreboard.by_highest(entries, final=False)
    board.notes = notes
    return board
