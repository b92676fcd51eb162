"""The scoreboard: each candy by its holder's Love card, each kid in a stash by
its ``stash_points`` (-2 unless the kid says otherwise).

Before every Love card is revealed the scoreboard is provisional (``final``
False): candy is counted but not valued, since a hidden Love card is secret.
"""
from __future__ import annotations

from collections import Counter

from ..engine import Scoreboard, ScoreEntry, ScoreLine
from .kit import CANDY_TYPES, Cards
from .state import State


def scoreboard(cards: Cards, state: State) -> Scoreboard:
    entries: dict[str, ScoreEntry] = {}
    notes: list[str] = []
    for p in state["players"]:
        stash = state["stashes"][p]
        lines: list[ScoreLine] = []
        lid = state["love_shown"].get(p)
        love = cards.love[lid] if lid else None
        counts = Counter(cards.candy_type(c) for c in stash["candy"])
        for t in CANDY_TYPES:
            n = counts.get(t, 0)
            if not n:
                continue
            name = cards.type_name(t)
            if love is None:
                lines.append(ScoreLine(f"{name} x{n} (Love card not revealed yet)", 0))
            else:
                v = love.values[t]
                lines.append(ScoreLine(f"{name} x{n} at {v} each ({love.name})", n * v))
        for k in sorted(stash["kids"]):
            kid = cards.kid(k)
            lines.append(ScoreLine(f"{kid.name} in stash", kid.stash_points))
        entries[p] = ScoreEntry.of(lines)
    final = state["phase"] == "over"
    board = Scoreboard.by_highest(entries, final=final)
    if final and board.tie:
        notes.append(f"tie between {', '.join(board.winners)}: the tied players shout BOO! and play again")
    if not final:
        notes.append("provisional: candy is valued when the Love cards are revealed")
    board.notes = notes
    return board
