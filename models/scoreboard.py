"""The scoreboard every game gives: each player's (or team's) total, every
point explained, the winners once the game is over::

    board = Scoreboard.by_highest({"RED": ScoreEntry.of([ScoreLine("Chocolate x2 at 5", 10)])})
    board.winners       # ["RED"]

(Re-exported by :mod:`models.engine`, where the games import it from.)
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ScoreLine:
    """One explained item of a player's score: ``ScoreLine("Chocolate x2 at 5", 10)``."""

    what: str
    points: int


@dataclass
class ScoreEntry:
    total: int
    breakdown: list[ScoreLine]

    @classmethod
    def of(cls, lines: Sequence[ScoreLine]) -> ScoreEntry:
        return cls(sum(l.points for l in lines), list(lines))


@dataclass
class Scoreboard:
    """Every player's (or team's) total with its breakdown, the winners, and
    whether it is a tie. ``final`` is False while the game is still going.

    Winners exist only when the game is over, in every game: a board built with
    ``final=False`` has ``winners == []`` and ``tie is False``, and whoever is
    ahead for now is in ``leaders`` (the provisional standing; several when they
    are level). A final board's ``leaders`` are its winners."""

    entries: dict[str, ScoreEntry]
    winners: list[str]
    tie: bool
    final: bool = True
    notes: list[str] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)
    #: seat -> the entry that scores for it, in games where entries are teams
    #: (Girls vs Ghouls once the identities are revealed); a seat not named
    #: here scores as its own entry
    teams: dict[str, str] = field(default_factory=dict)
    #: entry (or winner) -> its name as the players say it, where it is not a
    #: seat (Girls vs Ghouls' teams and Reporter): the page shows it for the id
    labels: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.final:
            self.leaders = list(self.winners)
        else:       # nobody wins a game that is still going: who would win now only leads
            self.leaders = list(self.leaders or self.winners)
            self.winners, self.tie = [], False

    @classmethod
    def by_highest(cls, entries: dict[str, ScoreEntry], final: bool = True) -> Scoreboard:
        """The highest totals win (several at the top is a tie) when ``final``;
        before that they only lead."""
        if not entries:
            return cls({}, [], False, final)
        top = max(e.total for e in entries.values())
        winners = [p for p, e in entries.items() if e.total == top]
        return cls(entries, winners, len(winners) > 1, final)

    def to_json(self) -> dict[str, Any]:
        return {
            "entries": {p: {"total": e.total,
                            "breakdown": [{"what": l.what, "points": l.points} for l in e.breakdown]}
                        for p, e in self.entries.items()},
            "winners": list(self.winners),
            "tie": self.tie,
            "final": self.final,
            "leaders": list(self.leaders),
            **({"notes": list(self.notes)} if self.notes else {}),
            **({"teams": dict(self.teams)} if self.teams else {}),
            **({"labels": dict(self.labels)} if self.labels else {}),
        }


def seat_results(score: dict[str, Any], players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each seat's share of a scoreboard (its JSON): ``points`` (its entry's
    total, or its team's; None for a seat that scores no entry, such as Girls
    vs Ghouls' Reporter) and ``won``::

        seat_results({"entries": {"RED": {"total": 7}}, "winners": ["RED"]}, ["RED"])
        # {"RED": {"points": 7, "won": True}}
    """
    entries, winners = score.get("entries") or {}, set(score.get("winners") or [])
    teams = score.get("teams") or {}
    out = {}
    for seat in players:
        entry = teams.get(seat, seat)
        total = entries.get(entry, {}).get("total")
        out[seat] = {"points": total, "won": entry in winners, **({"team": entry} if entry != seat else {})}
    return out
