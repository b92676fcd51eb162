"""The scoreboard, every point explained: a point per pair laid, none for the
player left holding the Old Witch (they lose)."""
from __future__ import annotations

from typing import Any

from models.engine import Scoreboard, ScoreEntry, ScoreLine
from models.text import tr

from .kit import Kit
from .state import OldWitchState as State
from .words import pair_name


def scoreboard(game: Any, state: State) -> Scoreboard:
    kit: Kit = game.kit
    entries = {}
    for p, cards in state["laid"].items():
        if p == state["loser"]:
            entries[p] = ScoreEntry.of([ScoreLine(tr("left holding the Old Witch: loses"), 0)])
            continue
        pairs = sorted({kit.pair_of[c] for c in cards})
        entries[p] = ScoreEntry.of([ScoreLine(tr("a pair of {cards}", cards=pair_name(k, 2)), 1) for k in pairs])
    return Scoreboard.by_highest(entries, final=state["phase"] == "over")
