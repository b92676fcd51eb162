"""The scoreboard: each candy by its holder's Love card, each kid in a stash by
its ``stash_points`` (-2 unless the kid says otherwise).

Before every Love card is revealed the scoreboard is provisional (``final``
False): a player's candy is valued once their Love card is face up, and counted
at 0 until then, since a hidden Love card is secret.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine import Scoreboard, ScoreEntry, ScoreLine
from ..text import tr
from .kit import CANDY_TYPES, Cards
from .state import State


def scoreboard(game: Any, state: State) -> Scoreboard:
    cards: Cards = game.cards
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
                lines.append(ScoreLine(tr("{candy} x{count} (Love card not revealed yet)", candy=name, count=n), 0))
            else:
                v = love.values[t]
                lines.append(ScoreLine(tr("{candy} x{count} at {points} each ({love})", candy=name, count=n, points=v,
                                          love=cards.love_name(lid)), n * v))
        for k in sorted(stash["kids"]):
            kid = cards.kid(k)
            lines.append(ScoreLine(tr("{kid} in stash", kid=kid.name), kid.stash_points))
        entries[p] = ScoreEntry.of(lines)
    final = state["phase"] == "over"
    board = Scoreboard.by_highest(entries, final=final)
    if final and board.tie:
        notes.append(tr("tie between {players}: the tied players shout BOO! and play again",
                        players=", ".join(board.winners)))
    if not final:
        notes.append(tr("provisional: candy is valued when the Love cards are revealed"))
    board.notes = notes
    return board
