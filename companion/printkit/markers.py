"""The table markers a game needs: four corners, a seat per player colour, its zones.

Markers are game-independent (``TC:...``), but which seats and zones a table
needs depends on the game. Zones come from the game itself: a ``zones``
attribute or method if it has one, otherwise every ``TC:ZONE`` marker its
``arrange()`` places for a fresh game at each player count::

    >>> [s.payload for s in corner_markers(20)][:2]
    ['TC:CORNER:1', 'TC:CORNER:2']
    >>> zone_names(get_game("GLC"))                          # doctest: +SKIP
    ['CANDYDECK', 'CANDYDISCARD', 'KIDDECK', 'KIDDISCARD']
"""
from __future__ import annotations

import logging
from typing import Any

from models import tags

from .stickers import Section, Sticker

log = logging.getLogger(__name__)

# Player ids are seat colours, in the order seats are handed out.
SEAT_COLOURS = ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE", "WHITE", "BLACK",
                "PINK", "BROWN", "GREY", "CYAN")

_CORNER_WHERE = {1: "the origin", 2: "along x from corner 1", 3: "opposite corner 1", 4: "along y from corner 1"}


def corner_tag_mm(tag_mm: float) -> float:
    """Corners are read first and matter most: half as big again, at least 28 mm, at most 80."""
    return float(min(80.0, max(28.0, round(tag_mm * 1.5 * 2) / 2)))


def corner_markers(tag_mm: float) -> list[Sticker]:
    size = corner_tag_mm(tag_mm)
    return [Sticker(tags.corner(n), f"CORNER {n}", f"its centre on table corner {n}, {_CORNER_WHERE[n]}", size)
            for n in (1, 2, 3, 4)]


def _arranged_markers(game: Any, table_mm: tuple[float, float]) -> tuple[set[str], list[str]]:
    """TC markers placed by ``arrange()`` for a fresh game at every player count,
    and the reasons any player count could not be set up."""
    found: set[str] = set()
    problems: list[str] = []
    for n in range(game.min_players, game.max_players + 1):
        players = list(SEAT_COLOURS[:n])
        try:
            state = game.setup(players)
            placements = game.arrange(state, table_mm)
        except Exception as e:   # a game's own bug must not stop the printing of its tags
            problems.append(f"{n} players: {type(e).__name__}: {e}")
            continue
        for p in placements:
            if str(p.payload).startswith(f"{tags.TABLE_GAME}:"):
                found.add(p.payload)
    return found, problems


def zone_names(game: Any, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[str]:
    """The game's zone names, sorted (see the module docstring)."""
    declared = getattr(game, "zones", None)
    if callable(declared):
        declared = declared()
    if declared is not None and not isinstance(declared, (str, bytes)):
        return sorted({str(z).upper() for z in declared})
    found, problems = _arranged_markers(game, table_mm)
    for p in problems:
        log.warning("%s: arrange() failed for %s; zones are taken from the other player counts", game.code, p)
    return sorted(tags.parse_tag(p).id for p in found if tags.parse_tag(p).kind == "ZONE")


def seat_colours(game: Any, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[str]:
    """One colour per seat up to the game's maximum, plus any other seat its arrange() uses."""
    colours = list(SEAT_COLOURS[:min(game.max_players, len(SEAT_COLOURS))])
    found, _ = _arranged_markers(game, table_mm)
    for p in sorted(found):
        t = tags.parse_tag(p)
        if t.kind == "SEAT" and t.id not in colours:
            colours.append(t.id)
    return colours


def marker_sections(game: Any, tag_mm: float, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Section]:
    """The sections of table markers for ``game``: corners, seats, zones (if any)."""
    out = [Section("table corners", tuple(corner_markers(tag_mm)),
                   f"{table_mm[0]:g} x {table_mm[1]:g} mm between tag centres (the configured table)")]
    seats = [Sticker(tags.seat(c), f"{c} seat", f"at {c.lower()}'s place on the table edge", tag_mm)
             for c in seat_colours(game, table_mm)]
    out.append(Section(f"seats: one per player, up to {game.max_players}", tuple(seats)))
    zones = [Sticker(tags.zone(z), f"{z} zone", "in the middle of this shared area", tag_mm)
             for z in zone_names(game, table_mm)]
    if zones:
        out.append(Section("zones", tuple(zones)))
    return out
