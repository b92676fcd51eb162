"""What the table plan (:mod:`.plan`) shows for each shipped game: a table in the
middle of a game, the distances worth a dimension line, and the game's own lines
for the legend (which cards to spread, where each pile goes).

Each table is the opening of the game's example game
(``docs/games/<slug>.script.json``, its deliberately illegal moves left out),
played through the engine, so every state is one the rules reach; the plan draws
``game.arrange(state)`` of it. A game with no entry here gets a plan of its table
just after set-up (:func:`.plan.sample_state`).
"""
from __future__ import annotations

from dataclasses import dataclass

from models.ghost_at_home.layout import PILE_MM as GAH_PILE_MM


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
    """One game's plan: how many moves of the game's example
    (:mod:`companion.examples`, its players) are played from set-up, what
    moment of the game that is, the dimension lines, the legend's lines and
    which way round the table is drawn."""

    moves: int
    moment: str
    dims: tuple[Dim, ...] = ()
    notes: tuple[str, ...] = ()
    areas: tuple[Area, ...] = ()
    view: int = 0               # 180: drawn from the table's far edge (the players' side), corner 3 at the near left


TABLES: dict[str, PlanTable] = {
    "GLC": PlanTable(
        37,
        "round 2, BLUE has haunted the kid in slot 3",
        dims=(Dim("TC:ZONE:KIDDISCARD", "TC:ZONE:KIDDECK", "x", 50.0),
              Dim("TC:ZONE:KIDDECK", "TC:ZONE:CANDYDECK", "y", 21.0),
              Dim("GLC:KID:09", "GLC:KID:02", "x", -52.0),
              Dim("TC:ZONE:KIDDECK", "TC:SEAT:BLUE", "y", 0.0),
              Dim("TC:SEAT:GREEN", "edge", "y", 45.0)),
        notes=("Kid row: slot 1 is next to the Kid deck marker; each kid's candy above it (2 a row), "
               "its ghosts below it, the first ghost nearest the kid, overlapping but every tag showing.",
               "Stashes, revealed ghosts and Love cards: spread in front of their player's seat marker. "
               "Discards: beside the two discard markers, away from the kids (a pile is fine: only the cards "
               "seen there are checked).",),
        view=180),
    "GVG": PlanTable(
        47,
        "the end of round 1: the Tricks are being turned up",
        dims=(Dim("GVG:HOUSE:7G", "GVG:HOUSE:3G", "x", -45.0),
              Dim("GVG:HOUSE:5G", "GVG:SLOT:5", "y", 45.0),
              Dim("TC:SEAT:RED", "edge", "x", 30.0)),
        notes=("A face-down Trick stack lies ON its house's slot sticker: the hidden sticker is how the camera "
               "sees the stack. Treats: face up beside the house tile, then tucked under it.",
               "At the end of a round, turn the Tricks up one at a time and lay each face up beside its house, "
               "every tag showing. Standees on the sidewalk between the tile and the slot.")),
    "CCR": PlanTable(
        37,
        "round 1, the middle of the distribution",
        dims=(Dim("CCR:BOWL:L", "CCR:BOWL:H", "y", -45.0),
              Dim("CCR:BOWL:K", "CCR:BASE:5A", "x", 30.0),
              Dim("CCR:BASE:5A", "CCR:FAV:4M1", "x", 30.0),
              Dim("CCR:DIVIDER:GREEN", "CCR:SWEET:H01", "x", 32.0),
              Dim("CCR:DIVIDER:GREEN", "CCR:SWEET:K04", "x", 32.0)),
        notes=("Each bowl's sweets cover its sticker (the camera remembers a bowl sticker it has seen). "
               "Base value tile beside the bowl, the favourites stack beside that.",
               "Sweets in a play area or behind a divider: spread, every tag showing; the play area on the "
               "side the divider's tag points to.")),
    "GAH": PlanTable(
        18,
        "RED's floor 2 is lit, with BLUE's ghost on it",
        dims=(Dim("TC:SEAT:RED", "GAH:FLOOR:R1D", "x", -40.0),
              Dim("GAH:FLOOR:R1D", "GAH:ROOM:1B", "x", -40.0),
              Dim("GAH:ROOM:1A", "GAH:ROOM:2B", "y", -45.0),
              Dim("GAH:FLOOR:R2L", "GAH:GHOST:5", "x", -33.0),
              Dim("TC:SEAT:RED", "edge", "y", -30.0)),
        notes=("Each house: one row per floor, floor 1 nearest its player; rooms beside the floor card, "
               "cats further out, ghosts furthest out; no card on another.",
               f"The deck and the discard pile: within {GAH_PILE_MM:g} mm of their markers (cards there are "
               f"not read).",),
        areas=(Area("TC:ZONE:DECK", GAH_PILE_MM, 135.0), Area("TC:ZONE:DISCARD", GAH_PILE_MM, 45.0))),
    "TCG": PlanTable(
        8,
        "board B turned a quarter turn, three moves played, BLUE to move",
        dims=(Dim("TCG:BOARD:A1", "TCG:BOARD:A2", "x", -55.0),
              Dim("TCG:GHOST:2", "TCG:CANDY:01", "y", -40.0),
              Dim("TC:SEAT:RED", "edge", "y", 40.0)),
        notes=("Tokens stand on the squares of the printed boards; two avatars on one square stand side by "
               "side, both tags showing. Candy under a ghost is remembered.",
               "Keep the board markers on the strip along each board's printed bottom uncovered.")),
}
