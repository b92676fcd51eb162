"""How The Closest Ghost lies on the table: the expected table, reading a snapshot,
and a canonical arrangement for the simulated table.

The table in the game's terms (``expected_table`` and ``read`` agree on it)::

    {"boards": {"A": 0, "B": 90},                 # each board's rotation (None: markers not seen)
     "avatars": {"RED": "B2", "BLUE": "E2"},      # None: the avatar is off the boards
     "ghosts": ["A1", "D1", "F3"],                # squares with a ghost, sorted
     "candy": ["A2", "A3", ...]}                  # squares where a candy is VISIBLE, sorted

A candy under a ghost is hidden from the camera, so it is not in ``candy``; the
engine remembers it. ``read`` adds ``off_board`` (ghost payloads lying off the
boards) and ``unknown`` (TCG tags missing from the catalog) only when there are any.

Reading: each board's pose (centre and angle on the table) comes from its
markers (two give the angle from their positions; one alone from its tag angle).
The combined area's "right" is the direction from board A to board B (layout
3x6; its "down" for 6x3), so a board's rotation is its angle relative to that,
snapped to 90 degrees. A token's square is found from its table coordinates in
its board's frame; candy off the boards is out of play and ignored.

Angles follow the table's convention: a tag's "up" at angle a points along
(-sin a, cos a) in table millimetres (0 = toward +y, counter-clockwise positive).
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..table import Placement, Snapshot
from ..tags import seat
from ..text import tr
from .grid import BOARDS, Area
from .kit import BoardSpec, Marker

State = dict[str, Any]
TOKEN_KINDS = ("AVATAR", "GHOST", "CANDY")


@dataclass(frozen=True)
class Pose:
    """Where a board lies: its grid centre on the table (mm) and the angle of its
    printed top (degrees, counter-clockwise, 0 = toward +y)."""

    x_mm: float
    y_mm: float
    angle_deg: float

    def to_table(self, bx: float, by: float) -> tuple[float, float]:
        a = math.radians(self.angle_deg)
        return (self.x_mm + bx * math.cos(a) - by * math.sin(a),
                self.y_mm + bx * math.sin(a) + by * math.cos(a))

    def to_board(self, x: float, y: float) -> tuple[float, float]:
        a = math.radians(self.angle_deg)
        dx, dy = x - self.x_mm, y - self.y_mm
        return (dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a))


#: how far apart (each way, mm) two avatars sharing a square stand, so both tags show
SHARED_OFFSET_MM = 12.0

def _circular_mean(angles: Iterable[float]) -> float:
    angles = list(angles)
    sx = sum(math.cos(math.radians(a)) for a in angles)
    sy = sum(math.sin(math.radians(a)) for a in angles)
    return math.degrees(math.atan2(sy, sx)) % 360.0


def board_pose(markers: Iterable[Marker], snapshot: Snapshot) -> Pose | None:
    """A board's pose from the sightings of its markers, or None when none is seen."""
    seen = [(m, s) for m in markers if (s := snapshot.find(m.payload)) is not None]
    if not seen:
        return None
    if len(seen) >= 2:
        angles = []
        for i in range(len(seen)):
            for j in range(i + 1, len(seen)):
                (mi, si), (mj, sj) = seen[i], seen[j]
                obs = math.atan2(sj.y_mm - si.y_mm, sj.x_mm - si.x_mm)
                ref = math.atan2(mj.y_mm - mi.y_mm, mj.x_mm - mi.x_mm)
                angles.append(math.degrees(obs - ref))
        angle = _circular_mean(angles)
    else:
        m, s = seen[0]
        angle = (s.angle_deg - m.angle_deg) % 360.0
    probe = Pose(0.0, 0.0, angle)
    xs, ys = [], []
    for m, s in seen:
        ox, oy = probe.to_table(m.x_mm, m.y_mm)
        xs.append(s.x_mm - ox)
        ys.append(s.y_mm - oy)
    return Pose(sum(xs) / len(xs), sum(ys) / len(ys), angle)


def area_angle(layout: str, a: Pose, b: Pose) -> float:
    """The combined area's "up" angle from the two boards' centres."""
    dx, dy = b.x_mm - a.x_mm, b.y_mm - a.y_mm
    if layout == "3x6":      # A -> B is the area's right: (cos t, sin t)
        return math.degrees(math.atan2(dy, dx)) % 360.0
    return math.degrees(math.atan2(dx, -dy)) % 360.0    # A -> B is the area's down: (sin t, -cos t)


def snap_rotation(angle: float) -> int:
    return int(round((angle % 360.0) / 90.0)) % 4 * 90


# --------------------------------------------------------------------------- expected and read


def expected_table(game: Any, state: State) -> dict[str, Any]:
    ghosts = sorted(state["ghosts"])
    return {
        "boards": {b: state["rotations"][b] for b in BOARDS},
        "avatars": dict(state["avatars"]),
        "ghosts": ghosts,
        "candy": sorted(c for c in state["candy"] if c not in ghosts and c not in state["avatars"].values()),
    }


def read(game: Any, state: State, snapshot: Snapshot) -> dict[str, Any]:
    """The table as the camera sees it, in the terms of :func:`expected_table`."""
    spec: BoardSpec = game.board
    catalog = game.catalog
    layout = state["options"]["layout"]
    poses = {b: board_pose(spec.markers.get(b, ()), snapshot) for b in BOARDS}
    rotations: dict[str, int | None] = {b: None for b in BOARDS}
    if poses["A"] and poses["B"]:
        up = area_angle(layout, poses["A"], poses["B"])
    else:   # one board seen: assume it lies as the game expects, to place its pieces
        found = [(b, pose) for b in BOARDS if (pose := poses[b]) is not None]
        up = (found[0][1].angle_deg - state["rotations"][found[0][0]]) if found else 0.0
    for b in BOARDS:
        pose = poses[b]
        if pose is not None:
            rotations[b] = snap_rotation(pose.angle_deg - up)
    turned: dict[str, int] = {b: r if (r := rotations[b]) is not None else state["rotations"][b] for b in BOARDS}
    area = Area(layout, turned, spec)

    def square_at(x: float, y: float) -> str | None:
        for b in BOARDS:
            pose = poses[b]
            if pose is None:
                continue
            cell = spec.printed_cell(*pose.to_board(x, y))
            if cell:
                return area.from_printed(b, *cell)
        return None

    avatars: dict[str, str | None] = {}
    ghosts: list[str] = []
    candy: list[str] = []
    off_board: list[str] = []
    unknown: list[str] = []
    players = set(state["players"])
    for s in snapshot.sightings:
        if s.game != "TCG" or s.kind == "BOARD" and s.payload in catalog:
            continue
        if s.payload not in catalog or s.kind not in TOKEN_KINDS:
            unknown.append(s.payload)
            continue
        sq = square_at(s.x_mm, s.y_mm)
        if s.kind == "AVATAR":
            colour = catalog[s.payload].values.get("colour", s.id)
            if colour in players or sq is not None:
                avatars[colour] = sq
        elif s.kind == "GHOST":
            if sq is None:
                off_board.append(s.payload)
            else:
                ghosts.append(sq)
        elif sq is not None:
            candy.append(sq)
    out: dict[str, Any] = {"boards": rotations, "avatars": avatars, "ghosts": sorted(ghosts),
                           "candy": sorted(candy)}
    if off_board:
        out["off_board"] = sorted(off_board)
    if unknown:
        out["unknown"] = sorted(unknown)
    return out


# --------------------------------------------------------------------------- arrange


def _seam_strip(spec: BoardSpec, layout: str, board: str, rotation: int) -> bool:
    """Whether a board's marker strip faces the other board."""
    # the strip is along the printed bottom; after turning, the printed bottom faces:
    faces = {0: "D", 90: "R", 180: "U", 270: "L"}[rotation % 360]
    toward = {("3x6", "A"): "R", ("3x6", "B"): "L", ("6x3", "A"): "D", ("6x3", "B"): "U"}[(layout, board)]
    return faces == toward


def board_poses(spec: BoardSpec, state: State, table_mm: tuple[float, float]) -> dict[str, Pose]:
    """Canonical poses: the combined area upright, centred on the table, the boards'
    outlines edge to edge."""
    layout = state["options"]["layout"]
    rot = state["rotations"]
    s = spec.square_mm
    gap = spec.strip_mm * sum(_seam_strip(spec, layout, b, rot[b]) for b in BOARDS)
    pitch = 3 * s + gap
    cx, cy = table_mm[0] / 2.0, table_mm[1] / 2.0
    if layout == "3x6":
        centres = {"A": (cx - pitch / 2, cy), "B": (cx + pitch / 2, cy)}
    else:
        centres = {"A": (cx, cy + pitch / 2), "B": (cx, cy - pitch / 2)}
    return {b: Pose(centres[b][0], centres[b][1], float(rot[b])) for b in BOARDS}


def arrange(game: Any, state: State, table_mm: tuple[float, float]) -> list[Placement]:
    """Board markers, seat markers and every visible piece, where they lie."""
    spec: BoardSpec = game.board
    catalog = game.catalog
    area: Area = game.area(state)
    poses = board_poses(spec, state, table_mm)
    out: list[Placement] = []
    for b in BOARDS:
        p = poses[b]
        for m in spec.markers.get(b, ()):
            x, y = p.to_table(m.x_mm, m.y_mm)
            out.append(Placement(m.payload, x, y, (p.angle_deg + m.angle_deg) % 360.0, label=m.payload))

    def at(square: str) -> tuple[float, float, float]:
        b, r, c = area.to_printed(square)
        x, y = poses[b].to_table(*spec.square_centre(r, c))
        return x, y, poses[b].angle_deg

    def token(payload: str) -> tuple[float, float]:
        comp = catalog.get(payload)
        d = float(comp.values.get("token_mm") or 30) if comp else 30.0
        return (d, d)

    avatar_tags = {c.values.get("colour"): c.payload for c in catalog.of_kind("avatars")}
    shared = [p for p, sq in state["avatars"].items() if sq is not None
              and list(state["avatars"].values()).count(sq) > 1]
    for player, sq in state["avatars"].items():
        x, y, a = at(sq)
        if player in shared:      # two avatars on one square stand side by side, both tags showing
            x += SHARED_OFFSET_MM if shared.index(player) else -SHARED_OFFSET_MM
        payload = avatar_tags[player]
        out.append(Placement(payload, x, y, a, size_mm=token(payload), label=tr("{player} avatar", player=player)))
    ghost_tags = [c.payload for c in catalog.of_kind("ghosts")]
    for payload, sq in zip(ghost_tags, sorted(state["ghosts"])):
        x, y, a = at(sq)
        out.append(Placement(payload, x, y, a, size_mm=token(payload), label=tr("ghost")))
    candy_tags = [c.payload for c in catalog.of_kind("candy")]
    visible = expected_table(game, state)["candy"]
    for payload, sq in zip(candy_tags, visible):
        x, y, a = at(sq)
        out.append(Placement(payload, x, y, a, size_mm=token(payload), label=tr("candy")))

    # seats: the first player beside board A, the second beside board B, on the table's edges
    w, h = table_mm
    first, second = state["players"]
    if state["options"]["layout"] == "3x6":
        seats = {first: (poses["A"].x_mm, 35.0, 0.0), second: (poses["B"].x_mm, h - 35.0, 180.0)}
    else:
        seats = {first: (w / 2.0, h - 35.0, 180.0), second: (w / 2.0, 35.0, 0.0)}
    for player, (x, y, a) in seats.items():
        out.append(Placement(seat(player), x, y, a, label=tr("{player} seat", player=player)))
    return out
