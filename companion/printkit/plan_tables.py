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
from typing import Any

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
    """One game's plan: the players, the actions played from set-up, what moment
    of the game that is, the dimension lines, the legend's lines and which way
    round the table is drawn."""

    players: tuple[str, ...]
    actions: tuple[dict[str, Any], ...]
    moment: str
    dims: tuple[Dim, ...] = ()
    notes: tuple[str, ...] = ()
    areas: tuple[Area, ...] = ()
    view: int = 0               # 180: drawn from the table's far edge (the players' side), corner 3 at the near left


TABLES: dict[str, PlanTable] = {
    "GLC": PlanTable(
        ("RED", "BLUE", "GREEN"), (
            {"type": "reveal_kid", "slot": 1, "kid": 9},
            {"type": "reveal_kid", "slot": 2, "kid": 2},
            {"type": "reveal_kid", "slot": 3, "kid": 19},
            {"type": "reveal_kid", "slot": 4, "kid": 18},
            {"type": "reveal_kid", "slot": 5, "kid": 14},
            {"type": "reveal_kid", "slot": 6, "kid": 17},
            {"type": "place_candy", "slot": 1, "candy": "CHOC3"},
            {"type": "place_candy", "slot": 2, "candy": "CORN2"},
            {"type": "place_candy", "slot": 3, "candy": "CORN5"},
            {"type": "place_candy", "slot": 4, "candy": "LICO6"},
            {"type": "place_candy", "slot": 5, "candy": "CORN7"},
            {"type": "place_candy", "slot": 6, "candy": "LICO3"},
            {"type": "choose", "player": "RED", "ghost": 8},
            {"type": "reveal", "player": "RED", "ghost": 8},
            {"type": "reveal", "player": "BLUE", "ghost": 1},
            {"type": "reveal", "player": "GREEN", "ghost": 1},
            {"type": "tie_draw", "player": "BLUE", "kid": 24},
            {"type": "tie_draw", "player": "GREEN", "kid": 16},
            {"type": "haunt", "player": "RED", "slot": 4},
            {"type": "haunt", "player": "BLUE", "slot": 1},
            {"type": "ninja_move", "player": "BLUE", "ghost": "B1", "to_slot": 2},
            {"type": "haunt", "player": "GREEN", "slot": 2},
            {"type": "werewolf_pay", "player": "GREEN", "candy": "CORN2"},
            {"type": "place_candy", "slot": 1, "candy": "LOLL5"},
            {"type": "place_candy", "slot": 2, "candy": "GUMM3"},
            {"type": "place_candy", "slot": 3, "candy": "GUMM7"},
            {"type": "place_candy", "slot": 4, "candy": "MINT1"},
            {"type": "place_candy", "slot": 5, "candy": "MINT2"},
            {"type": "place_candy", "slot": 6, "candy": "LOLL3"},
            {"type": "reveal", "player": "RED", "ghost": 2},
            {"type": "reveal", "player": "BLUE", "ghost": 2},
            {"type": "reveal", "player": "GREEN", "ghost": 8},
            {"type": "tie_draw", "player": "RED", "kid": 4},
            {"type": "tie_draw", "player": "BLUE", "kid": 13},
            {"type": "haunt", "player": "GREEN", "slot": 4},
            {"type": "reveal_kid", "slot": 4, "kid": 20},
            {"type": "haunt", "player": "BLUE", "slot": 3},
        ),
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
        ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE"), (
            {"type": "place", "player": "RED", "house": 6},
            {"type": "place", "player": "BLUE", "house": 1},
            {"type": "place", "player": "GREEN", "house": 7},
            {"type": "place", "player": "YELLOW", "house": 6},
            {"type": "place", "player": "PURPLE", "house": 1},
            {"type": "move", "player": "RED", "house": 8},
            {"type": "peek", "player": "RED", "house": 8},
            {"type": "trick", "player": "BLUE", "house": 1},
            {"type": "trick", "player": "GREEN", "house": 7},
            {"type": "treat", "player": "YELLOW", "house": 6, "card": "GVG:TREAT:30"},
            {"type": "treat", "player": "PURPLE", "house": 1, "card": "GVG:TREAT:35"},
            {"type": "move", "player": "RED", "house": 7},
            {"type": "trick", "player": "RED", "house": 7},
            {"type": "move", "player": "BLUE", "house": 3},
            {"type": "treat", "player": "BLUE", "house": 3, "card": "GVG:TREAT:61", "value": -1},
            {"type": "treat", "player": "GREEN", "house": 7, "card": "GVG:TREAT:34"},
            {"type": "move", "player": "YELLOW", "house": 4},
            {"type": "treat", "player": "YELLOW", "house": 4, "card": "GVG:TREAT:68", "value": 1},
            {"type": "trick", "player": "PURPLE", "house": 1},
            {"type": "trick", "player": "RED", "house": 7},
            {"type": "treat", "player": "BLUE", "house": 3, "card": "GVG:TREAT:09"},
            {"type": "move", "player": "GREEN", "house": 5},
            {"type": "treat", "player": "GREEN", "house": 5, "card": "GVG:TREAT:02"},
            {"type": "trick", "player": "YELLOW", "house": 4},
            {"type": "treat", "player": "PURPLE", "house": 1, "card": "GVG:TREAT:54"},
            {"type": "move", "player": "RED", "house": 8},
            {"type": "treat", "player": "RED", "house": 8, "card": "GVG:TREAT:31"},
            {"type": "move", "player": "BLUE", "house": 1},
            {"type": "trick", "player": "BLUE", "house": 1},
            {"type": "move", "player": "GREEN", "house": 7},
            {"type": "trick", "player": "GREEN", "house": 7},
            {"type": "trick", "player": "YELLOW", "house": 4},
            {"type": "move", "player": "PURPLE", "house": 7},
            {"type": "treat", "player": "PURPLE", "house": 7, "card": "GVG:TREAT:36"},
            {"type": "treat", "player": "RED", "house": 8, "card": "GVG:TREAT:17"},
            {"type": "peek", "player": "BLUE", "house": 1},
            {"type": "move", "player": "GREEN", "house": 8},
            {"type": "treat", "player": "GREEN", "house": 8, "card": "GVG:TREAT:71", "value": 1},
            {"type": "peek", "player": "YELLOW", "house": 4},
            {"type": "move", "player": "PURPLE", "house": 1},
            {"type": "trick", "player": "PURPLE", "house": 1},
            {"type": "reveal", "house": 1, "card": "GVG:TRICK:37"},
            {"type": "reveal", "house": 1, "card": "GVG:TRICK:60"},
            {"type": "reveal", "house": 1, "card": "GVG:TRICK:18"},
            {"type": "reveal", "house": 1, "card": "GVG:TRICK:53"},
            {"type": "reveal", "house": 4, "card": "GVG:TRICK:31"},
            {"type": "reveal", "house": 4, "card": "GVG:TRICK:05"},
        ),
        "the end of round 1: the Tricks are being turned up",
        dims=(Dim("GVG:HOUSE:7G", "GVG:HOUSE:3G", "x", -45.0),
              Dim("GVG:HOUSE:5G", "GVG:SLOT:5", "y", 45.0),
              Dim("TC:SEAT:RED", "edge", "x", 30.0)),
        notes=("A face-down Trick stack lies ON its house's slot sticker: the hidden sticker is how the camera "
               "sees the stack. Treats: face up beside the house tile, then tucked under it.",
               "At the end of a round, turn the Tricks up one at a time and lay each face up beside its house, "
               "every tag showing. Standees on the sidewalk between the tile and the slot.")),
    "CCR": PlanTable(
        ("RED", "BLUE", "GREEN"), (
            {"type": "base", "sweet": "L", "tile": "4A"},
            {"type": "base", "sweet": "H", "tile": "5B"},
            {"type": "base", "sweet": "K", "tile": "5A"},
            {"type": "base", "sweet": "B", "tile": "4B"},
            {"type": "base", "sweet": "C", "tile": "2"},
            {"type": "turn_up", "sweet": "L", "tile": "4P2"},
            {"type": "turn_up", "sweet": "H", "tile": "4P3"},
            {"type": "turn_up", "sweet": "K", "tile": "4M1"},
            {"type": "turn_up", "sweet": "B", "tile": "4Q"},
            {"type": "turn_up", "sweet": "C", "tile": "4M2"},
            {"type": "take", "player": "RED", "sweets": ["C08"]},
            {"type": "take", "player": "BLUE", "sweets": ["B05", "H05"]},
            {"type": "steal", "player": "GREEN", "victim": "BLUE", "pocket": "B05"},
            {"type": "lock", "player": "RED"},
            {"type": "take", "player": "RED", "sweets": ["B03", "K07"]},
            {"type": "steal", "player": "BLUE", "victim": "RED", "pocket": "K07"},
            {"type": "lock", "player": "GREEN"},
            {"type": "take", "player": "GREEN", "sweets": ["C03", "C05"]},
            {"type": "take", "player": "RED", "sweets": ["B04"]},
            {"type": "lock", "player": "BLUE"},
            {"type": "take", "player": "BLUE", "sweets": ["C06", "L04"]},
            {"type": "lock", "player": "GREEN"},
            {"type": "steal", "player": "GREEN", "victim": "BLUE", "pocket": "L04"},
            {"type": "lock", "player": "RED"},
            {"type": "take", "player": "RED", "sweets": ["B01", "B06"]},
            {"type": "steal", "player": "BLUE", "victim": "RED", "pocket": "B01"},
            {"type": "lock", "player": "GREEN"},
            {"type": "take", "player": "GREEN", "sweets": ["K02", "K04"]},
            {"type": "steal", "player": "RED", "victim": "GREEN", "pocket": "K04"},
            {"type": "lock", "player": "BLUE"},
            {"type": "take", "player": "BLUE", "sweets": ["B02", "C10"]},
            {"type": "steal", "player": "GREEN", "victim": "BLUE", "pocket": "B02"},
            {"type": "lock", "player": "RED"},
            {"type": "take", "player": "RED", "sweets": ["K05", "L02"]},
            {"type": "steal", "player": "BLUE", "victim": "RED", "pocket": "K05"},
            {"type": "lock", "player": "GREEN"},
            {"type": "take", "player": "GREEN", "sweets": ["B07", "H01"]},
        ),
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
        ("RED", "BLUE"), (
            {"type": "rooms", "player": "RED", "rooms": [
                {"card": "ROOM:1A", "floor": 1, "side": "L"},
                {"card": "ROOM:1B", "floor": 1, "side": "R"},
                {"card": "WILD:1", "floor": 2, "side": "L"}]},
            {"type": "rooms", "player": "BLUE", "rooms": [
                {"card": "ROOM:1C", "floor": 1, "side": "L"},
                {"card": "ROOM:1D", "floor": 1, "side": "R"}]},
            {"type": "ghost", "player": "RED", "card": "GHOST:1", "target": "BLUE"},
            {"type": "cat_defence", "player": "BLUE", "card": "CAT:1"},
            {"type": "light", "player": "BLUE", "floor": 1, "cards": ["ROOM:1J", "ROOM:2D"]},
            {"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:2A", "floor": 2, "side": "R"}]},
            {"type": "ghost", "player": "BLUE", "card": "GHOST:2", "target": "RED"},
            {"type": "pass", "player": "RED"},
            {"type": "ghost", "player": "RED", "card": "GHOST:3", "target": "BLUE"},
            {"type": "pass", "player": "BLUE"},
            {"type": "cat", "player": "BLUE", "card": "CAT:2", "floor": 1, "side": "L"},
            {"type": "cat", "player": "RED", "card": "CAT:5", "floor": 1, "side": "L"},
            {"type": "ghost", "player": "BLUE", "card": "GHOST:4", "target": "RED"},
            {"type": "rooms", "player": "RED", "rooms": [
                {"card": "ROOM:2B", "floor": 2, "side": "L"},
                {"card": "ROOM:2C", "floor": 2, "side": "R"}]},
            {"type": "rooms", "player": "BLUE", "rooms": [
                {"card": "ROOM:2E", "floor": 2, "side": "L"},
                {"card": "ROOM:2F", "floor": 2, "side": "R"}]},
            {"type": "light_bulb", "player": "RED", "floor": 2},
            {"type": "ghost", "player": "BLUE", "card": "GHOST:5", "target": "RED"},
            {"type": "pass", "player": "RED"},
        ),
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
        ("RED", "BLUE"), (
            {"type": "turn_board", "board": "B", "rotation": 90},
            {"type": "place_ghost", "player": "BLUE", "square": "A3"},
            {"type": "move_avatar", "player": "RED", "to": "B3"},
            {"type": "move_ghost", "player": "RED", "square": "A3", "to": "A2"},
            {"type": "move_avatar", "player": "BLUE", "to": "F2"},
            {"type": "move_ghost", "player": "BLUE", "square": "D3", "to": "C3"},
            {"type": "move_avatar", "player": "RED", "to": "B2"},
            {"type": "move_ghost", "player": "RED", "square": "A2", "to": "A3"},
        ),
        "board B turned a quarter turn, three moves played, BLUE to move",
        dims=(Dim("TCG:BOARD:A1", "TCG:BOARD:A2", "x", -55.0),
              Dim("TCG:GHOST:2", "TCG:CANDY:01", "y", -40.0),
              Dim("TC:SEAT:RED", "edge", "y", 40.0)),
        notes=("Tokens stand on the squares of the printed boards; two avatars on one square stand side by "
               "side, both tags showing. Candy under a ghost is remembered.",
               "Keep the board markers on the strip along each board's printed bottom uncovered.")),
}
