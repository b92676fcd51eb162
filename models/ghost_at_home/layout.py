"""How Ghost at Home lies on the table, and how the camera reads it.

The table in the game's own terms (what ``expected_table`` says and ``read``
reports)::

    {"houses": {"RED": [                       # floors 1, 2, 3
        {"light": "dark" | "lit" | null,        # null: the floor card is not seen
         "rooms": {"L": ["GAH:ROOM:1A"], "R": []},
         "cats": {"L": [], "R": ["GAH:CAT:2"]},
         "ghosts": []}, ...]},
     "missing": ["RED floor 2"],               # floor cards not seen (or both faces at once)
     "strays": ["GAH:CAT:4"],                  # cards lying outside every house and pile
     "clearing": [...]}                        # expected only: cards the last action took
                                               # off the table (they may still lie there)

Geometry, all from the floor cards' own tags, so it holds wherever a house lies:
each floor card carries a tag on each face (``GAH:FLOOR:R1D`` dark, ``R1L``
lit), whose *up* points from floor 1 toward the roof, as its owner sees the
house. In the floor card's frame (right = up turned a quarter turn clockwise),
a card belongs to the nearest floor card if it lies within ``ROW_MM`` of its row
and ``REACH_MM`` of it along the row; room cards lie left or right of the floor
card (by the sign of their offset), cats beside the room they sit on (same
side, further out), ghosts anywhere in the row. Cards near the ``TC:ZONE:DECK``
or ``TC:ZONE:DISCARD`` marker lie on a pile and are not read; the roof is
decoration.
"""
from __future__ import annotations

import math
from typing import Any

from ..engine import Layout, State
from ..table import Placement, Snapshot
from ..tags import seat, zone
from ..text import tr
from .kit import FLOORS, SIDES, Kit

CARD_MM = (44.0, 58.0)
PITCH_X = 56.0          # canonical spacing of the cards in a floor's row
PITCH_Y = 66.0          # canonical spacing of the floors
ROW_MM = 33.0           # a card belongs to a floor's row if it lies this close across it
REACH_MM = 175.0        # ... and this close along it
CAT_COL, GHOST_COL = 1.85, 2.8   # canonical columns (in PITCH_X) of cats and ghosts
SEAT_COL = -3.5                  # the seat marker: in front of the player, left of floor 1's row, beyond it
PAID_COL = 3.7                   # a light's payment laid face up: right of the house, beyond the rows' reach
PILE_MM = 60.0          # a card this close to the deck or discard marker lies on a pile
ROOM_KINDS = ("room", "wild")


def _up(angle_deg: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (-math.sin(a), math.cos(a))


def _right(angle_deg: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (math.cos(a), math.sin(a))


def empty_floor_layout() -> dict[str, Any]:
    return {"light": None, "rooms": {"L": [], "R": []}, "cats": {"L": [], "R": []}, "ghosts": []}


# --------------------------------------------------------------------------- expected


def expected_table(game: Any, state: State) -> Layout:
    houses = {}
    for p, house in state["houses"].items():
        floors = []
        for fl in house:
            floors.append({"light": "lit" if fl["lit"] else "dark",
                           "rooms": {s: [fl["rooms"][s]] if fl["rooms"][s] else [] for s in SIDES},
                           "cats": {s: [fl["cats"][s]] if fl["cats"][s] else [] for s in SIDES},
                           "ghosts": sorted(fl["ghosts"])})
        houses[p] = floors
    return {"houses": houses, "missing": [], "strays": [], "clearing": sorted(state["clearing"])}


def without(reading: Layout, cards: list[str]) -> Layout:
    """The reading with ``cards`` left out (cards the table is still to clear away)."""
    gone = set(cards)
    houses = {}
    for p, floors in reading["houses"].items():
        houses[p] = [{"light": f["light"],
                      "rooms": {s: [c for c in f["rooms"][s] if c not in gone] for s in SIDES},
                      "cats": {s: [c for c in f["cats"][s] if c not in gone] for s in SIDES},
                      "ghosts": [c for c in f["ghosts"] if c not in gone]} for f in floors]
    return {"houses": houses, "missing": list(reading["missing"]),
            "strays": [c for c in reading["strays"] if c not in gone]}


def same_table(expected: Layout, reading: Layout) -> bool:
    """Equal, except that cards the last action took off the table may still lie there."""
    seen = without(reading, expected.get("clearing", []))
    return {k: expected[k] for k in ("houses", "missing", "strays")} == seen


# --------------------------------------------------------------------------- read


def read(game: Any, state: State, snapshot: Snapshot) -> Layout:
    kit: Kit = game.kit
    players = state["players"]
    houses = {p: [empty_floor_layout() for _ in FLOORS] for p in players}
    floors: dict[tuple[str, int], list[Any]] = {}
    for s in snapshot.sightings:
        info = kit.floor_cards.get(s.payload)
        if info and info[0] in houses:
            floors.setdefault((info[0], info[1]), []).append((s, info[2]))
    missing = []
    anchors = []
    for p in players:
        for f in FLOORS:
            seen = floors.get((p, f), [])
            if len(seen) == 1:
                houses[p][f - 1]["light"] = "lit" if seen[0][1] else "dark"
                anchors.append((seen[0][0], p, f))
            else:
                missing.append(tr("{player} floor {floor}", player=p, floor=f))
    piles = [m for k, m in snapshot.zones().items() if k in ("DECK", "DISCARD")]
    strays = []
    for s in snapshot.sightings:
        if s.payload not in kit.cards:
            continue
        kind = kit.kind(s.payload)
        if kind == "special":
            if not any(m.distance_to(s.x_mm, s.y_mm) <= PILE_MM for m in piles):
                strays.append(s.payload)
            continue
        home = None
        if anchors:
            a, p, f = min(anchors, key=lambda t: t[0].distance_to(s.x_mm, s.y_mm))
            dx, dy = s.x_mm - a.x_mm, s.y_mm - a.y_mm
            ux, uy = _up(a.angle_deg)
            rx, ry = _right(a.angle_deg)
            along, across = dx * rx + dy * ry, dx * ux + dy * uy
            if abs(across) <= ROW_MM and abs(along) <= REACH_MM:
                home = (p, f, "L" if along < 0 else "R")
        if home is None:
            if not any(m.distance_to(s.x_mm, s.y_mm) <= PILE_MM for m in piles):
                strays.append(s.payload)
            continue
        p, f, side = home
        fl = houses[p][f - 1]
        if kind in ROOM_KINDS:
            fl["rooms"][side].append(s.payload)
        elif kind == "cat":
            fl["cats"][side].append(s.payload)
        else:
            fl["ghosts"].append(s.payload)
    for floors_ in houses.values():
        for fl in floors_:
            for key in ("rooms", "cats"):
                for side in SIDES:
                    fl[key][side].sort()
            fl["ghosts"].sort()
    return {"houses": houses, "missing": missing, "strays": sorted(strays)}


# --------------------------------------------------------------------------- arrange


def house_spots(state: State, table_mm: tuple[float, float]) -> dict[str, tuple[float, float, float]]:
    """Where each house's floor 1 card lies, and its angle: the first half of the
    players along the y=0 edge (upright), the others along the far edge (turned
    round), as if each sat in front of their house."""
    W, H = float(table_mm[0]), float(table_mm[1])
    players = state["players"]
    near = players[: (len(players) + 1) // 2]
    far = players[len(near):]
    out = {}
    for row, angle, y in ((near, 0.0, 50.0), (far, 180.0, H - 50.0)):
        for i, p in enumerate(row):
            x = W / 2.0 if len(row) == 1 else W * (0.27 + 0.46 * i / (len(row) - 1))
            if angle == 180.0:
                x = W - x
            out[p] = (x, y, angle)
    return out


def arrange(game: Any, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement]:
    """The canonical table: each house in front of its player (floor 1 nearest,
    the roof furthest), rooms left and right of each floor card, cats beside
    their room, a ghost further out on the right (a second one on the left);
    the seat marker in front of the player (along the table edge, left of
    floor 1's row, beyond its cards: as for every game; Ghost at Home does not
    read it, each house is known by its floor cards); the deck and discard
    markers in the middle."""
    kit: Kit = game.kit
    W, H = float(table_mm[0]), float(table_mm[1])
    out: list[Placement] = []
    for p, (x0, y0, angle) in house_spots(state, table_mm).items():
        ux, uy = _up(angle)
        rx, ry = _right(angle)

        def at(col: float, row: float, x0: float = x0, y0: float = y0, rx: float = rx, ry: float = ry,
               ux: float = ux, uy: float = uy) -> tuple[float, float]:
            return x0 + col * PITCH_X * rx + row * PITCH_Y * ux, y0 + col * PITCH_X * ry + row * PITCH_Y * uy

        for i, fl in enumerate(state["houses"][p]):
            f = i + 1
            x, y = at(0, i)
            out.append(Placement(kit.floor_card(p, f, fl["lit"]), x, y, angle, size_mm=CARD_MM,
                                 label=f"{p} {f} {'lit' if fl['lit'] else 'dark'}"))
            for side, sign in (("L", -1.0), ("R", 1.0)):
                if fl["rooms"][side]:
                    x, y = at(sign, i)
                    out.append(Placement(fl["rooms"][side], x, y, angle, size_mm=CARD_MM, label="room"))
                if fl["cats"][side]:
                    x, y = at(CAT_COL * sign, i)
                    out.append(Placement(fl["cats"][side], x, y, angle, size_mm=CARD_MM, label="cat"))
            for g, sign in zip(fl["ghosts"], (1.0, -1.0)):
                x, y = at(GHOST_COL * sign, i)
                out.append(Placement(g, x, y, angle, size_mm=CARD_MM, label="ghost"))
        x, y = at(0, 3)
        out.append(Placement(kit.roofs[p], x, y, angle, size_mm=CARD_MM, label="roof"))
        x, y = at(SEAT_COL, 0.0)
        out.append(Placement(seat(p), x, y, angle))
    out.append(Placement(zone("DECK"), W / 2.0 - 70.0, H / 2.0, 0.0))
    out.append(Placement(zone("DISCARD"), W / 2.0 + 70.0, H / 2.0, 0.0))
    return out


def payment(state: State) -> tuple[str, list[str]] | None:
    """The light the last action turned on whose payment may still lie face up
    (it is all the table has still to clear away): its player and the cards
    (the Light Bulb, or 2-3 cards), or None."""
    if not state["clearing"]:
        return None
    for key, cards in state.get("lit_by", {}).items():
        player, floor = key.split(":")
        if sorted(cards) == sorted(state["clearing"]) and state["houses"][player][int(floor) - 1]["lit"]:
            return player, list(cards)
    return None


def laid_beside(state: State, player: str, cards: list[str],
                table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement]:
    """``cards`` face up to the right of ``player``'s house, one beside each of
    floors 2 and 3 and the roof, beyond the reach of the rows: where the game
    page asks a light's payment to lie (the camera reads them outside every
    house)."""
    x0, y0, angle = house_spots(state, table_mm)[player]
    (ux, uy), (rx, ry) = _up(angle), _right(angle)
    return [Placement(card, x0 + PAID_COL * PITCH_X * rx + row * PITCH_Y * ux,
                      y0 + PAID_COL * PITCH_X * ry + row * PITCH_Y * uy, angle, size_mm=CARD_MM, label="paid")
            for row, card in enumerate(cards, start=1)]


def arrange_as_left(game: Any, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement] | None:
    """Right after a light: :func:`arrange`, and its payment :func:`laid_beside`
    the player's house (so the referee records the light with its payment at
    once). Else None: the move leaves the table tidy."""
    paid = payment(state)
    if paid is None:
        return None
    player, cards = paid
    return arrange(game, state, table_mm) + laid_beside(state, player, cards, table_mm)
