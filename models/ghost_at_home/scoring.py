"""The scoreboard, every point explained: whoever escapes wins (1 point); the
rooms each player explored are shown, worth nothing."""
from __future__ import annotations

from typing import Any

from ..engine import Scoreboard, ScoreEntry, ScoreLine, State
from ..text import tr
from .house import fully_explored, rooms_explored


def scoreboard(game: Any, state: State) -> Scoreboard:
    """Whoever escapes wins (1 point); the rooms explored are shown, worth nothing."""
    entries = {}
    for p in state["players"]:
        rooms = rooms_explored(state, p)
        lines = [ScoreLine(tr("{rooms} of 6 rooms explored (house fully explored)", rooms=rooms)
                           if fully_explored(state, p) else tr("{rooms} of 6 rooms explored", rooms=rooms), 0)]
        if state["winner"] == p:
            lines.append(ScoreLine(tr("escaped the haunted house"), 1))
        entries[p] = ScoreEntry.of(lines)
    if state["phase"] != "over":
        return Scoreboard(entries, [], False, final=False, notes=[tr("nobody has escaped yet")])
    return Scoreboard(entries, [state["winner"]], False, final=True)
