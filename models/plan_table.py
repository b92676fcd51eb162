"""What a game's table plan shows (``companion plans``, the game pages' pictures):
a moment of the game's example, the distances worth a dimension line, and the
game's own lines for the legend (which cards to spread, where each pile goes).

A game sets :attr:`models.engine.Game.plan_table` to a :class:`PlanTable`; the
plan (:mod:`companion.printkit.plan`) plays that many moves of the game's
example game (``docs/games/<slug>.script.json``, its deliberately illegal moves
left out, :attr:`~models.engine.Game.example_players` at the table) through the
engine, so every state it draws is one the rules reach, and draws
``game.arrange(state)`` of it. A game without one gets a plan of its table just
after set-up.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Dim:
    """A dimension line between two points of the plan.

    A point is a placement's payload (its tag's centre), ``A|B`` (halfway between
    two placements) or ``edge`` (the nearest table edge along ``axis``; only as
    the second point). ``axis``: ``x`` (across the table), ``y`` (along its depth)
    or ``d`` (straight from one point to the other). ``offset``: how far from the
    first point the line is drawn, sideways (mm on the table)."""

    a: str
    b: str
    axis: str = "d"
    offset: float = 0.0


@dataclass(frozen=True)
class Area:
    """A circle round a marker (a pile's area): ``radius`` mm, its radius drawn
    as a dimension line at ``angle`` degrees (counter-clockwise from the table's x)."""

    marker: str
    radius: float
    angle: float = 45.0


@dataclass(frozen=True)
class PlanTable:
    """One game's plan: how many moves of the game's example are played from
    set-up, what moment of the game that is, the dimension lines, the legend's
    lines (English: the printed kit is) and which way round the table is drawn."""

    moves: int
    moment: str
    dims: tuple[Dim, ...] = ()
    notes: tuple[str, ...] = ()
    areas: tuple[Area, ...] = ()
    view: int = 0               # 180: drawn from the table's far edge (the players' side), corner 3 at the near left
