"""The scoreboard, every point explained: each card by its value, each pair of
equal values 3 more."""
from __future__ import annotations

from collections import Counter
from typing import Any

from models.engine import Scoreboard, ScoreEntry, ScoreLine
from models.text import tr

from .kit import Kit
from .state import PumpkinPairsState as State

PAIR_BONUS = 3


def scoreboard(game: Any, state: State) -> Scoreboard:
    kit: Kit = game.kit
    entries = {}
    for p, cards in state["areas"].items():
        values = sorted(kit.value[c] for c in cards)
        lines = [ScoreLine(tr("pumpkin {value}", value=v), v) for v in values]
        pairs = [v for v, n in sorted(Counter(values).items()) for _ in range(n // 2)]
        lines += [ScoreLine(tr("a pair of {value}s", value=v), PAIR_BONUS) for v in pairs]
        entries[p] = ScoreEntry.of(lines)
    return Scoreboard.by_highest(entries, final=state["phase"] == "over")
