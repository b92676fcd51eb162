"""A finished game scored from one look at its table (``companion score``).

Many groups play without the camera watching and only want the scoring done:
they lay the table out for scoring and take one photo. A game that can be
scored that way implements :meth:`models.engine.Game.score_table`: it reads the
snapshot with its own ``read``, builds the final state the table shows and
scores it with its own ``score`` (one way to score, whether the game was
watched or not), and says which tags it counted. :func:`table_score` lists
the rest::

    >>> snap = Snapshot(t=0, sightings=(Sighting("GLC:CANDY:C3", 412.0, 230.0),))
    >>> ts = table_score("GLC", snap, None, counted=[], reason="no seat marker")
    >>> ts.unplaced[0]["why"]
    'not part of the score'

A table that cannot be scored (a Love card still face down, a seat marker
missing) has ``score`` None and a ``reason`` that says what to put right.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .scoreboard import Scoreboard
from .table import Sighting, Snapshot
from .text import tr

NOT_COUNTED = tr("not part of the score")


@dataclass
class TableScore:
    """A final table read and scored.

    ``score``: the scoreboard (final), or None when the table does not show a
    scorable end (``reason`` says why, in words a player can act on);
    ``placed``: every tag the score counted, with its place on the table;
    ``unplaced``: every other tag of the game, with ``why`` it was not counted;
    ``problems``: what the game's reading could not place, in plain words."""

    score: Scoreboard | None
    placed: list[dict[str, Any]] = field(default_factory=list)
    unplaced: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    reason: str | None = None

    @property
    def scored(self) -> bool:
        return self.score is not None

    @property
    def placed_payloads(self) -> set[str]:
        """The payloads the score counted."""
        return {t["payload"] for t in self.placed}

    @property
    def unplaced_why(self) -> dict[str, str]:
        """Each uncounted payload and why it was not counted."""
        return {t["payload"]: t["why"] for t in self.unplaced}

    def to_json(self) -> dict[str, Any]:
        return {"scored": self.scored, "reason": self.reason,
                "score": self.score.to_json() if self.score is not None else None,
                "placed": self.placed, "unplaced": self.unplaced, "problems": list(self.problems)}


def _where(s: Sighting) -> dict[str, Any]:
    return {"payload": s.payload, "x_mm": round(s.x_mm, 1), "y_mm": round(s.y_mm, 1),
            "px": [round(float(s.px[0]), 1), round(float(s.px[1]), 1)]}


def table_score(game_code: str, snapshot: Snapshot, score: Scoreboard | None, counted: Iterable[str],
                why: Mapping[str, str] | None = None, problems: Iterable[str] = (),
                reason: str | None = None, fixed: Iterable[str] = ()) -> TableScore:
    """A :class:`TableScore`: the tags of ``game_code`` in ``counted`` are placed,
    every other tag of the game is unplaced (with ``why[payload]``, else
    :data:`NOT_COUNTED`), except the table's own markers and the game's
    ``fixed`` marker prefixes (bowls, slots: furniture, not pieces), and a tag
    of another game is unplaced as such."""
    counted, why, fixed = set(counted), dict(why or {}), tuple(fixed)
    placed, unplaced = [], []
    for s in sorted(snapshot, key=lambda s: s.payload):
        if s.game == "TC" or s.payload.startswith(fixed):
            continue
        if s.game != game_code:
            unplaced.append({**_where(s), "why": tr("a tag of another game")})
        elif s.payload in counted:
            placed.append(_where(s))
        else:
            unplaced.append({**_where(s), "why": why.get(s.payload, NOT_COUNTED)})
    return TableScore(score, placed, unplaced, list(problems), reason if score is None else None)
