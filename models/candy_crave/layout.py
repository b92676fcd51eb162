"""How Candy Crave lies on the table, and how the camera reads it.

The table in the game's own terms (what ``expected_table`` says and ``read``
reports)::

    {"areas": {"RED": {"play": ["L01"], "locked": ["C04", "H02"]}, ...},
     "base": {"L": ["4A"], "H": [], ...},        # base value tile(s) per bowl
     "tiles": {"L": ["3P2"], ...},               # face-up favourites: the turned-up
                                                  # tile, or the whole row at scoring
     "missing": [],                               # dividers or bowls not seen
     "strays": []}                                # tiles lying outside the bowl column

Geometry (all from the tags themselves, so it holds wherever the pieces lie):

* **Bowls**: each bowl carries a sticker tag ``CCR:BOWL:<type>``. The bowls
  stand in a line in the middle of the table (the bowl line runs from the
  lollipops to the chocolates). Each bowl heads a *lane*: its base value tile
  lies beside it, its favourites stack beside that, and at scoring the stack's
  tiles are laid in a row *below* the base tile (toward the next bowl), read
  left to right. Left to right is the bowl line turned a quarter turn
  counter-clockwise seen from above: in the canonical layout the lollipops lie toward
  corner 4, the chocolates toward corner 1, and the rows run toward corner 2,
  as a person on corner 1's edge sees them.
* A tile belongs to the lane of the last bowl at or before it along the bowl
  line (up to 25 mm before it), if it lies 10-260 mm across from the bowl
  line; anything else is a stray.
* **The bowl column**: a sweet lying 25 mm before to 265 mm past the bowl line
  (across it) is in the bowls, whether the camera sees it or not.
* **Dividers**: each play area has a divider tagged ``CCR:DIVIDER:<area>`` (a seat
  colour, or a party letter A-D with 2 players) whose tag's *up* points toward
  the play area (the middle of the table). Every other sweet belongs to the
  nearest divider, in its play area when it lies on the up side of the divider
  line, locked otherwise.
"""
from __future__ import annotations

import math
from typing import Any

from ..engine import Layout, State
from ..table import Placement, Snapshot
from ..tags import seat
from ..text import tr
from .kit import Kit

LANE_BEFORE_MM = 25.0          # a tile up to this far before its bowl still belongs to its lane
LANE_ACROSS_MM = (10.0, 260.0)  # where lane tiles lie across the bowl line
BOWL_COLUMN_MM = (-25.0, 265.0)  # where sweets count as in the bowls, across the bowl line

PITCH_MM = 38.0                # canonical spacing of tokens and tiles
TOKEN_MM = (34.0, 34.0)


def _up(angle_deg: float) -> tuple[float, float]:
    a = math.radians(angle_deg)
    return (-math.sin(a), math.cos(a))


# --------------------------------------------------------------------------- expected


def expected_table(game: Any, state: State) -> Layout:
    kit: Kit = game.kit
    tiles: dict[str, list[str]] = {}
    for t in kit.types:
        if t in state["rows"]:
            tiles[t] = list(state["rows"][t])
        elif t in state["faceup"]:
            tiles[t] = [state["faceup"][t]]
        else:
            tiles[t] = []
    return {
        "areas": {a: {"play": sorted(ar["play"]), "locked": sorted(ar["locked"])}
                  for a, ar in state["areas"].items()},
        "base": {t: [state["base"][t]] if t in state["base"] else [] for t in kit.types},
        "tiles": tiles,
        "missing": [],
        "strays": [],
    }


# --------------------------------------------------------------------------- read


class BowlLine:
    """The line of bowls as seen: origin (first bowl seen), direction along the
    bowls (``s``) and across them (``t``, left to right)."""

    def __init__(self, kit: Kit, bowls: dict[str, Any]):
        seen = [t for t in kit.types if t in bowls]
        self.bowls = {t: (bowls[t].x_mm, bowls[t].y_mm) for t in seen}
        if len(seen) >= 2:
            (x0, y0), (x1, y1) = self.bowls[seen[0]], self.bowls[seen[-1]]
            n = math.hypot(x1 - x0, y1 - y0) or 1.0
            self.s = ((x1 - x0) / n, (y1 - y0) / n)
        else:
            self.s = (0.0, -1.0)
        self.t = (-self.s[1], self.s[0])
        self.origin = self.bowls[seen[0]] if seen else None
        self.seen = seen

    def along(self, x: float, y: float) -> float:
        ox, oy = self.origin or (0.0, 0.0)
        return (x - ox) * self.s[0] + (y - oy) * self.s[1]

    def across(self, x: float, y: float) -> float:
        ox, oy = self.origin or (0.0, 0.0)
        return (x - ox) * self.t[0] + (y - oy) * self.t[1]

    def lane_of(self, x: float, y: float) -> str | None:
        if self.origin is None:
            return None
        pos = self.along(x, y)
        best = None
        for t in self.seen:
            bx, by = self.bowls[t]
            if self.along(bx, by) <= pos + LANE_BEFORE_MM and (
                    best is None or self.along(bx, by) > self.along(*self.bowls[best])):
                best = t
        if best is None:
            return None
        bx, by = self.bowls[best]
        across = (x - bx) * self.t[0] + (y - by) * self.t[1]
        return best if LANE_ACROSS_MM[0] <= across <= LANE_ACROSS_MM[1] else None

    def in_bowls(self, x: float, y: float) -> bool:
        return self.origin is not None and BOWL_COLUMN_MM[0] <= self.across(x, y) <= BOWL_COLUMN_MM[1]


def read(game: Any, state: State, snapshot: Snapshot) -> Layout:
    kit: Kit = game.kit
    ours = [s for s in snapshot.sightings if s.game == "CCR"]
    bowls = {s.id: s for s in ours if s.kind == "BOWL" and s.id in kit.types}
    dividers = {s.id: s for s in ours if s.kind == "DIVIDER" and s.id in state["areas"]}
    line = BowlLine(kit, bowls)
    areas: dict[str, dict[str, list[str]]] = {a: {"play": [], "locked": []} for a in state["areas"]}
    base: dict[str, list[str]] = {t: [] for t in kit.types}
    rows: dict[str, list[tuple[float, str]]] = {t: [] for t in kit.types}
    strays: list[str] = []
    for s in ours:
        if s.kind == "SWEET" and s.id in kit.sweet_type:
            if line.in_bowls(s.x_mm, s.y_mm) or not dividers:
                continue
            d = min(dividers.values(), key=lambda m: m.distance_to(s.x_mm, s.y_mm))
            ux, uy = _up(d.angle_deg)
            side = "play" if (s.x_mm - d.x_mm) * ux + (s.y_mm - d.y_mm) * uy > 0 else "locked"
            areas[d.id][side].append(s.id)
        elif s.kind in ("BASE", "FAV"):
            known = kit.base_values if s.kind == "BASE" else kit.faces
            if s.id not in known:
                continue
            lane = line.lane_of(s.x_mm, s.y_mm)
            if lane is None:
                strays.append(s.payload)
            elif s.kind == "BASE":
                base[lane].append(s.id)
            else:
                rows[lane].append((line.across(s.x_mm, s.y_mm), s.id))
    expected_markers = [f"CCR:BOWL:{t}" for t in kit.types] + [f"CCR:DIVIDER:{a}" for a in state["order"]]
    return {
        "areas": {a: {"play": sorted(v["play"]), "locked": sorted(v["locked"])} for a, v in areas.items()},
        "base": {t: sorted(v) for t, v in base.items()},
        "tiles": {t: [i for _, i in sorted(v)] for t, v in rows.items()},
        "missing": sorted(p for p in expected_markers if p not in snapshot),
        "strays": sorted(strays),
    }


# --------------------------------------------------------------------------- arrange


def _area_sides(state: State) -> tuple[list[str], list[str]]:
    """Which areas lie on the left (x small) and right side of the canonical table."""
    order = state["order"]
    if len(state["players"]) == 2:
        left = [a for a in ("A", "D") if state["owner"][a] == state["owner"]["A"]]
        return left, [a for a in order if a not in left]
    k = (len(order) + 1) // 2
    return order[:k], order[k:]


def arrange(game: Any, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Placement]:
    """The canonical table: the bowl column in the middle (lollipops toward
    corner 4, chocolates toward corner 1), play areas on the left and right edges with their dividers
    (3 columns of sweets in the play area, 4 locked), seat markers on the divider line. Sweets in the
    bowls are not drawn."""
    kit: Kit = game.kit
    W, H = float(table_mm[0]), float(table_mm[1])
    out: list[Placement] = []
    lane_pitch = min(96.0, (H - 120.0) / len(kit.types))
    bowl_x = W / 2.0 - 115.0
    base_x = bowl_x + 50.0
    for i, t in enumerate(kit.types):
        y = H / 2.0 - (i - (len(kit.types) - 1) / 2.0) * lane_pitch
        out.append(Placement(f"CCR:BOWL:{t}", bowl_x, y, 0.0, label=kit.name(t)))
        if t in state["base"]:
            b = state["base"][t]
            out.append(Placement(f"CCR:BASE:{b}", base_x, y, 0.0, size_mm=TOKEN_MM,
                                 label=str(kit.base_value(b))))
        if t in state["rows"]:
            for j, tile in enumerate(state["rows"][t]):
                out.append(Placement(f"CCR:FAV:{tile}", base_x + j * PITCH_MM, y - 40.0, 0.0, size_mm=TOKEN_MM,
                                     label=kit.face(tile)))
        elif t in state["faceup"]:
            tile = state["faceup"][t]
            out.append(Placement(f"CCR:FAV:{tile}", base_x + 45.0, y, 0.0, size_mm=TOKEN_MM, label=kit.face(tile)))
    left, right = _area_sides(state)
    margin = 40.0
    for side, areas in (("left", left), ("right", right)):
        band = (H - 2 * margin) / max(1, len(areas))
        div_x = 175.0 if side == "left" else W - 175.0
        angle = 270.0 if side == "left" else 90.0
        ux, _ = _up(angle)
        for k, a in enumerate(areas):
            yc = margin + band * (k + 0.5)
            out.append(Placement(f"CCR:DIVIDER:{a}", div_x, yc, angle, size_mm=(30.0, 60.0),
                                 label=tr("divider {area}", area=a)))
            for which, sign, cols in (("play", 1.0, 3), ("locked", -1.0, 4)):
                sweets = sorted(state["areas"][a][which])
                rows = max(1, int((band - 4.0) // PITCH_MM))
                pitch_y = PITCH_MM
                if len(sweets) > rows * cols:          # more than fits: squeeze (tags may overlap)
                    rows = math.ceil(len(sweets) / cols)
                    pitch_y = (band - 4.0) / rows
                for n, sid in enumerate(sweets):
                    col, row = n // rows, n % rows
                    x = div_x + sign * ux * (40.0 + col * PITCH_MM)
                    y = yc + (row - (rows - 1) / 2.0) * pitch_y
                    out.append(Placement(f"CCR:SWEET:{sid}", x, y, angle, size_mm=TOKEN_MM, label=sid))
        placed: set[str] = set()
        for a in areas:
            p = state["owner"][a]
            if p in placed:
                continue
            placed.add(p)
            mine = [margin + band * (j + 0.5) for j, b in enumerate(areas) if state["owner"][b] == p]
            # on the divider line: between a player's two areas (2 players), else at the band's end
            y = sum(mine) / len(mine) if len(mine) > 1 else mine[0] + band / 2.0 - 18.0
            out.append(Placement(seat(p), div_x, y, angle))
    return out
