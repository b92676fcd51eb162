"""The table plan: a game's table drawn from above, to scale, from the game's own
``arrange()`` of a table in the middle of a game (:attr:`~models.engine.Game.plan_table`).

It shows the table outline and its four corner markers, every seat and zone
marker, every card, tile and token at its real size with a short label and its
tag, the piles spread as the camera needs them, dimension lines between the main
areas, and a legend. One drawing, two outputs: ``make plans`` writes
``docs/img/plan-<slug>.png`` for the game pages (``python -m companion.printkit
docs/img``), and ``companion tags`` prints the same plan as the kit's last page,
at reduced scale::

    >>> plan = table_plan(get_game("GLC"))                      # doctest: +SKIP
    >>> [b.payload for b in plan.boxes][:2]                     # doctest: +SKIP
    ['TC:CORNER:1', 'TC:CORNER:2']

The plan is data: :class:`Box` es (what stands where, in table millimetres,
corner 1 at the origin, x toward corner 2, y toward corner 4) and a list of
drawing operations on a sheet in the same millimetres (:class:`Rect`,
:class:`Line`, :class:`Text`), which :mod:`companion.printkit.plan_render` puts on a
reportlab canvas at any scale, in a PDF or a PNG. So what is drawn can be
checked without pixels.
"""
from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from companion.examples import example_states
from models import tags
from models.plan_table import Area, Dim

from .boards import board_spec
from .markers import SEAT_COLOURS, corner_tag_mm
from .sheets import GREY, INK, fit_text
from .sizing import QR_MODULES, QUIET_MODULES, quiet_side_mm

RGB = tuple[float, float, float]
WHITE: RGB = (1.0, 1.0, 1.0)
TABLE_FILL: RGB = (0.965, 0.96, 0.94)
CARD_EDGE: RGB = (0.3, 0.3, 0.3)
TAG_FILL: RGB = (0.87, 0.87, 0.87)
BACK_FILL: RGB = (0.72, 0.72, 0.72)
DIM: RGB = (0.05, 0.33, 0.72)

DOCS_TAG_MM = 18.0          # the built-in camera (4608x2592) over 900x600 mm: docs/printing.md
PNG_PX_PER_MM = 1.0         # the docs' pictures: about 1000 px wide, shown at that size on a game's page
PNG_KEY = "Table-Plan"      # the PNG text chunk holding the plan's digest

TITLE_PT, BODY_PT, SMALL_PT = 17.0, 12.5, 11.0      # font sizes in sheet mm: an em of 12.5 mm of table
LABEL_PT, ID_PT, MIN_PT = 11.0, 11.5, 6.5
DIM_PT = 12.0
LINE = 1.18                                          # line height, in font sizes
PAD = 18.0                                           # round the sheet's content
LEFT, RIGHT, ABOVE, BELOW = 72.0, 30.0, 34.0, 62.0   # round the table: dimensions and corner labels


# --------------------------------------------------------------------------- drawing operations


@dataclass(frozen=True)
class Rect:
    """A rectangle centred on (cx, cy), turned ``angle`` degrees counter-clockwise."""

    cx: float
    cy: float
    w: float
    h: float
    angle: float = 0.0
    stroke: RGB | None = INK
    fill: RGB | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Line:
    """A polyline through ``points`` (closed: a polygon, filled when ``fill``)."""

    points: tuple[tuple[float, float], ...]
    stroke: RGB | None = INK
    fill: RGB | None = None
    width: float = 1.0
    dash: tuple[float, ...] = ()
    closed: bool = False


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is its baseline's left end, middle or right end
    (``align``); ``ground`` paints a box behind it."""

    x: float
    y: float
    text: str
    size: float = BODY_PT
    font: str = "Helvetica"
    colour: RGB = INK
    align: str = "centre"
    angle: float = 0.0
    ground: RGB | None = None

    @property
    def width(self) -> float:
        return float(stringWidth(self.text, self.font, self.size))


Op = Rect | Line | Text


@dataclass(frozen=True)
class Box:
    """What stands at one place on the table, as the plan draws it: a placement
    (or a corner marker) with its drawn size. ``role``: ``corner``, ``marker`` (a
    tag on its own: seat, zone, a game's marker), ``card`` (face up, its tag
    showing) or ``back`` (face down: no tag shows). ``tag_mm``: the side of the
    drawn tag's symbol (0 for a face-down card)."""

    payload: str
    x: float
    y: float
    angle: float
    w: float
    h: float
    role: str
    tag_mm: float
    label: str

    def corners(self) -> list[tuple[float, float]]:
        return _corners(self.x, self.y, self.w, self.h, self.angle)


@dataclass
class Plan:
    """A game's table plan: the boxes (table mm) and the drawing (sheet mm; the
    table's corner 1 lies at ``origin`` on the sheet; ``view`` 180: the table is
    drawn turned half a turn, seen from its far edge)."""

    code: str
    title: str
    table_mm: tuple[float, float]
    tag_mm: float
    players: tuple[str, ...]
    moment: str
    boxes: list[Box]
    size: tuple[float, float] = (0.0, 0.0)
    origin: tuple[float, float] = (0.0, 0.0)
    view: int = 0
    ops: list[Op] = field(default_factory=list)

    def digest(self) -> str:
        """SHA-256 of everything drawn (rounded to 0.01 mm): equal digests, equal pictures."""
        data = {"size": self.size, "origin": self.origin, "view": self.view, "boxes": [asdict(b) for b in self.boxes],
                "ops": [[type(op).__name__, asdict(op)] for op in self.ops]}
        text = json.dumps(_rounded(data), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def placed(self) -> list[Box]:
        """The boxes that stand for the game's own placements (corners left out)."""
        return [b for b in self.boxes if b.role != "corner"]


def _rounded(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 2) + 0.0
    if isinstance(v, dict):
        return {k: _rounded(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_rounded(x) for x in v]
    return v


def _corners(x: float, y: float, w: float, h: float, angle: float) -> list[tuple[float, float]]:
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    return [(x + u * ca - v * sa, y + u * sa + v * ca)
            for u, v in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))]


# --------------------------------------------------------------------------- the game's table


def sample_state(game: Any) -> tuple[dict[str, Any], tuple[str, ...], str]:
    """(state, players, moment): the game's table of :attr:`~models.engine.Game.plan_table`, or its
    table just after set-up (the fewest players) for a game with no entry there."""
    entry = game.plan_table
    if entry is None:
        seats = game.seats() or list(SEAT_COLOURS)
        players = tuple(seats[:game.min_players])
        return game.setup(list(players), {}), players, "just after set-up"
    _, players, states = example_states(game.code, entry.moves)
    return states[-1], players, entry.moment


def _kind_id(payload: str) -> tuple[str, str]:
    parts = payload.split(":")
    return (parts[1].lower(), parts[2]) if len(parts) >= 3 else ("", payload)


def _marker_name(p: Any) -> str:
    kind, ident = _kind_id(p.payload)
    if p.payload.startswith(f"{tags.TABLE_GAME}:"):
        if kind == "seat":
            return f"{ident} seat"
        if kind == "corner":
            return f"corner {ident}"
        if kind == "zone" and not getattr(p, "label", ""):
            return f"{ident} zone"                        # as its sticker is titled
    label = str(getattr(p, "label", "") or "")
    return label if label and label != p.payload else f"{kind} {ident}"


def boxes_for(game: Any, state: dict[str, Any], table_mm: tuple[float, float], tag_mm: float) -> list[Box]:
    """The corner markers, then every placement of ``game.arrange(state, table_mm)``
    in its order (later ones lie on top)."""
    w, h = table_mm
    spec = board_spec(game)
    printed = {m.payload: m.tag_mm for ms in spec.markers.values() for m in ms} if spec else {}
    corner = corner_tag_mm(tag_mm)
    q = quiet_side_mm(corner)
    out = [Box(tags.corner(n), x, y, 0.0, q, q, "corner", corner, f"corner {n}")
           for n, (x, y) in enumerate(((0.0, 0.0), (w, 0.0), (w, h), (0.0, h)), start=1)]
    for p in game.arrange(state, table_mm):
        size = getattr(p, "size_mm", None)
        angle = float(getattr(p, "angle_deg", 0.0)) % 360.0
        if size is None:                                  # a marker: a tag on its own (a board's: as printed)
            t = printed.get(p.payload, tag_mm)
            q = quiet_side_mm(t)
            out.append(Box(p.payload, float(p.x_mm), float(p.y_mm), angle, q, q, "marker", t, _marker_name(p)))
            continue
        cw, ch = float(size[0]), float(size[1])
        face_up = bool(getattr(p, "face_up", True))
        # the tag shrinks to fit a small card, as on a token
        tag = min(tag_mm, (min(cw, ch) - 1.0) * QR_MODULES / (QR_MODULES + 2 * QUIET_MODULES))
        kind, ident = _kind_id(p.payload)
        label = ident if face_up else (str(getattr(p, "label", "")) or kind)
        out.append(Box(p.payload, float(p.x_mm), float(p.y_mm), angle, cw, ch, "card" if face_up else "back",
                       tag if face_up else 0.0, label))
    return out


# --------------------------------------------------------------------------- building the drawing

Bounds = tuple[float, float, float, float]          # left, bottom, right, top


class _Sheet:
    """Collects the drawing operations, in sheet mm. :meth:`at` and :meth:`turn`
    take a table point and angle onto the sheet: the table as the camera sees it
    (``view`` 0, corner 1 at ``origin``), or turned half a turn (``view`` 180:
    seen from the far edge, corner 3 at ``origin``)."""

    def __init__(self, origin: tuple[float, float], table_mm: tuple[float, float], view: int = 0):
        self.ox, self.oy = origin
        self.w, self.h = table_mm
        self.view = view
        self.ops: list[Op] = []
        self.taken: list[Bounds] = []       # labels already placed: later labels keep off them

    def at(self, x: float, y: float) -> tuple[float, float]:
        if self.view == 180:
            x, y = self.w - x, self.h - y
        return (round(self.ox + x, 2), round(self.oy + y, 2))

    def turn(self, angle: float) -> float:
        return (angle + self.view) % 360.0

    def box(self, b: Box) -> Bounds:
        """A box's rectangle on the sheet."""
        xs, ys = zip(*(self.at(x, y) for x, y in b.corners()))
        return (min(xs), min(ys), max(xs), max(ys))

    def rect(self, cx: float, cy: float, w: float, h: float, **kw: Any) -> None:
        self.ops.append(Rect(round(cx, 2), round(cy, 2), round(w, 2), round(h, 2), **kw))

    def line(self, pts: Iterable[tuple[float, float]], **kw: Any) -> None:
        self.ops.append(Line(tuple((round(x, 2), round(y, 2)) for x, y in pts), **kw))

    def text(self, x: float, y: float, text: str, **kw: Any) -> Text:
        t = Text(round(x, 2), round(y, 2), text, **kw)
        self.ops.append(t)
        return t


def _text_box(t: Text) -> Bounds:
    w = t.width
    x0 = t.x - (w / 2 if t.align == "centre" else w if t.align == "right" else 0.0)
    return (x0, t.y - 0.25 * t.size, x0 + w, t.y + 0.8 * t.size)


def _overlap(a: Bounds, b: Bounds) -> float:
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return dx * dy if dx > 0 and dy > 0 else 0.0


def _fit(text: str, font: str, size: float, width: float, min_size: float = MIN_PT) -> tuple[str, float]:
    """:func:`.sheets.fit_text` in sheet mm (it measures widths in mm of 72 points an inch)."""
    return fit_text(text, font, size, width / mm, min_size)


def _tag_glyph(s: _Sheet, cx: float, cy: float, tag: float, angle: float, bold: bool = True) -> None:
    """A tag as the plan shows it (sheet mm): its white quiet zone, the symbol's
    square and its three finder squares, turned with the tag."""
    q = quiet_side_mm(tag)
    s.rect(cx, cy, q, q, angle=angle, stroke=INK if bold else CARD_EDGE, fill=WHITE, width=1.1 if bold else 0.5)
    s.rect(cx, cy, tag, tag, angle=angle, stroke=GREY, fill=WHITE, width=0.4)
    f = tag * 7 / QR_MODULES
    a = math.radians(angle)
    for u, v in ((-1, 1), (1, 1), (-1, -1)):             # top-left, top-right, bottom-left of the symbol
        du, dv = u * (tag - f) / 2, v * (tag - f) / 2
        x, y = cx + du * math.cos(a) - dv * math.sin(a), cy + du * math.sin(a) + dv * math.cos(a)
        s.rect(x, y, f, f, angle=angle, stroke=None, fill=INK)
        s.rect(x, y, f * 5 / 7, f * 5 / 7, angle=angle, stroke=None, fill=WHITE)
        s.rect(x, y, f * 3 / 7, f * 3 / 7, angle=angle, stroke=None, fill=INK)


def _card(s: _Sheet, b: Box) -> None:
    """A card, tile or token at its real size: its tag's place in grey, its label
    over it (upright on the sheet, whichever way the card lies)."""
    cx, cy = s.at(b.x, b.y)
    angle = s.turn(b.angle)
    x0, y0, x1, y1 = s.box(b)
    room_w, room_h = x1 - x0, y1 - y0
    if b.role == "back":
        s.rect(cx, cy, b.w, b.h, angle=angle, stroke=CARD_EDGE, fill=BACK_FILL, width=0.7, dash=(4.0, 2.0))
        text, size = _fit(b.label, "Helvetica-Bold", LABEL_PT, room_w - 3)
        s.text(cx, cy + 1, text, size=size, font="Helvetica-Bold")
        text, size = _fit("face down", "Helvetica", SMALL_PT * 0.8, room_w - 3)
        s.text(cx, cy - size - 1, text, size=size, colour=CARD_EDGE)
        return
    s.rect(cx, cy, b.w, b.h, angle=angle, stroke=CARD_EDGE, fill=WHITE, width=0.7)
    q = quiet_side_mm(b.tag_mm)
    s.rect(cx, cy, q, q, angle=angle, stroke=None, fill=TAG_FILL)
    text, size = _fit(b.label, "Helvetica-Bold", ID_PT, room_w - 1.5)
    kind, _ = _kind_id(b.payload)
    if kind and room_h >= ID_PT + LABEL_PT + 6:          # room for its kind too
        ktext, ksize = _fit(kind, "Helvetica", LABEL_PT * 0.85, room_w - 3)
        s.text(cx, cy + 1.5, text, size=size, font="Helvetica-Bold")
        s.text(cx, cy - ksize - 1.0, ktext, size=ksize, colour=CARD_EDGE)
    else:
        s.text(cx, cy - 0.35 * size, text, size=size, font="Helvetica-Bold")


def _marker_label(s: _Sheet, b: Box, avoid: list[Bounds], sheet: tuple[float, float]) -> None:
    """A marker's name and payload beside it: below, above, right or left of it
    (under and over it also flush with either side), wherever they cover least
    of the cards, markers, dimensions and labels already drawn."""
    q = quiet_side_mm(b.tag_mm)
    name_pt, code_pt = LABEL_PT, SMALL_PT * 0.9
    w = max(stringWidth(b.label, "Helvetica-Bold", name_pt), stringWidth(b.payload, "Courier", code_pt))
    height = name_pt * LINE + code_pt
    cx, cy = s.at(b.x, b.y)
    gap = 2.5
    # (align, x of the text, y of the block's top)
    below, above = cy - q / 2 - gap, cy + q / 2 + gap + height
    options = [("centre", cx, below), ("centre", cx, above),
               ("left", cx + q / 2 + gap + 1, cy + height / 2), ("right", cx - q / 2 - gap - 1, cy + height / 2),
               ("left", cx - q / 2, below), ("right", cx + q / 2, below),
               ("left", cx - q / 2, above), ("right", cx + q / 2, above)]
    best: tuple[float, str, float, float] | None = None
    for align, x, top in options:
        x0 = x - (w / 2 if align == "centre" else w if align == "right" else 0.0)
        rect = (x0, top - height, x0 + w, top)
        cost = sum(_overlap(rect, r) for r in avoid + s.taken)
        if rect[0] < 0 or rect[1] < 0 or rect[2] > sheet[0] or rect[3] > sheet[1]:
            cost += 1e6
        if best is None or cost < best[0] - 1e-6:
            best = (cost, align, x, top)
    assert best is not None
    _, align, x, top = best
    t1 = s.text(x, top - 0.8 * name_pt, b.label, size=name_pt, font="Helvetica-Bold", align=align)
    t2 = s.text(x, top - name_pt * LINE - 0.6 * code_pt, b.payload, size=code_pt, font="Courier", colour=CARD_EDGE,
                align=align)
    s.taken += [_text_box(t1), _text_box(t2)]


def _arrowhead(s: _Sheet, tip: tuple[float, float], ux: float, uy: float, colour: RGB) -> None:
    """A filled arrowhead at ``tip`` (sheet mm) pointing along (ux, uy)."""
    length, half = 7.0, 2.4
    bx, by = tip[0] - ux * length, tip[1] - uy * length
    s.line([tip, (bx - uy * half, by + ux * half), (bx + uy * half, by - ux * half)],
           stroke=None, fill=colour, closed=True)


def _mm_text(d: float) -> str:
    return f"{round(d * 2) / 2:g} mm"


def dimension(s: _Sheet, p1: tuple[float, float], p2: tuple[float, float], axis: str, offset: float,
              to_sheet: Any = None, colour: RGB = DIM, text: str | None = None, gap: float = 3.0) -> float:
    """A dimension line from p1 to p2 along ``axis`` (``x``, ``y`` or ``d``: see
    :class:`models.plan_table.Dim`), drawn ``offset`` from p1 sideways, with extension
    lines and its length. Points are table mm mapped by ``to_sheet`` (default:
    already on the sheet); extension lines start ``gap`` from the points. Returns
    the length (mm)."""
    (x1, y1), (x2, y2) = p1, p2
    if axis == "x":
        a, b = (x1, y1 + offset), (x2, y1 + offset)
    elif axis == "y":
        a, b = (x1 + offset, y1), (x1 + offset, y2)
    else:
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / d, (x2 - x1) / d
        a, b = (x1 + nx * offset, y1 + ny * offset), (x2 + nx * offset, y2 + ny * offset)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    put = to_sheet or (lambda x, y: (x, y))
    p1s, p2s, a, b = put(*p1), put(*p2), put(*a), put(*b)
    for (fx, fy), (tx, ty) in ((p1s, a), (p2s, b)):
        e = math.hypot(tx - fx, ty - fy)
        if e > gap + 1.0:                              # from just off the point to just past the line
            ux, uy = (tx - fx) / e, (ty - fy) / e
            s.line([(fx + ux * gap, fy + uy * gap), (tx + ux * 3.0, ty + uy * 3.0)], stroke=colour, width=0.45)
    s.line([a, b], stroke=colour, width=0.8)
    if abs(a[0] - b[0]) < 0.01 or abs(a[1] - b[1]) < 0.01:     # labels keep off a straight line
        s.taken.append((min(a[0], b[0]) - 1.5, min(a[1], b[1]) - 1.5, max(a[0], b[0]) + 1.5, max(a[1], b[1]) + 1.5))
    drawn = math.hypot(b[0] - a[0], b[1] - a[1])
    if drawn > 0:
        ux, uy = (b[0] - a[0]) / drawn, (b[1] - a[1]) / drawn
        _arrowhead(s, b, ux, uy, colour)
        _arrowhead(s, a, -ux, -uy, colour)
        figure = text or _mm_text(length)
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        if stringWidth(figure, "Helvetica-Bold", DIM_PT) + 16 > drawn:
            # too short to hold its figure: the figure beside the line, upright, on the side away from p1
            sx, sy = mx - (p1s[0] + p2s[0]) / 2, my - (p1s[1] + p2s[1]) / 2
            if abs(ux) > abs(uy):                        # a level line: the figure above or below it
                ty = my + 3.5 if sy >= 0 else my - DIM_PT - 2.5
                t = s.text(mx, ty, figure, size=DIM_PT, font="Helvetica-Bold", colour=colour, ground=TABLE_FILL)
            else:                                        # an upright or slanting line: left or right of it
                t = s.text(mx + (4.0 if sx >= 0 else -4.0), my - 0.35 * DIM_PT, figure, size=DIM_PT,
                           font="Helvetica-Bold", colour=colour, align="left" if sx >= 0 else "right",
                           ground=TABLE_FILL)
            s.taken.append(_text_box(t))
        else:
            angle = math.degrees(math.atan2(uy, ux))
            if angle > 90.001:
                angle -= 180.0
            elif angle <= -90.0:
                angle += 180.0
            r = math.radians(angle)
            down = 0.35 * DIM_PT                        # the figure's middle on the line
            t = s.text(mx + math.sin(r) * down, my - math.cos(r) * down, figure, size=DIM_PT,
                       font="Helvetica-Bold", colour=colour, angle=round(angle, 2), ground=TABLE_FILL)
            half = max(abs(math.cos(r)) * t.width, abs(math.sin(r)) * DIM_PT) / 2
            tall = max(abs(math.sin(r)) * t.width, abs(math.cos(r)) * DIM_PT) / 2
            s.taken.append((mx - half, my - tall, mx + half, my + tall))
    return length


def _point(spec: str, where: dict[str, Box]) -> tuple[float, float] | None:
    if "|" in spec:
        pts = [_point(p, where) for p in spec.split("|")]
        found = [p for p in pts if p is not None]
        if len(found) < len(pts):
            return None
        return (sum(p[0] for p in found) / len(found), sum(p[1] for p in found) / len(found))
    b = where.get(spec)
    return (b.x, b.y) if b is not None else None


def _game_dims(s: _Sheet, dims: Sequence[Dim], boxes: list[Box], table_mm: tuple[float, float]) -> None:
    """The game's dimension lines (:attr:`~models.engine.Game.plan_table`); one whose points are not on this
    table is left out."""
    where = {b.payload: b for b in boxes}
    for d in dims:
        a = _point(d.a, where)
        if a is None:
            continue
        b: tuple[float, float] | None
        if d.b == "edge":
            if d.axis == "x":
                b = (0.0 if a[0] < table_mm[0] / 2 else table_mm[0], a[1])
            else:
                b = (a[0], 0.0 if a[1] < table_mm[1] / 2 else table_mm[1])
        else:
            b = _point(d.b, where)
        if b is not None:
            dimension(s, a, b, d.axis, d.offset, to_sheet=s.at)


def _boards(s: _Sheet, game: Any, boxes: list[Box]) -> None:
    """A game's printed boards (:mod:`.boards`) where their markers lie: the
    outline, the grid of squares and the marker strip, under the pieces."""
    spec = board_spec(game)
    if spec is None:
        return
    where = {b.payload: b for b in boxes}
    left, bottom, right, top = spec.outline()
    half = 1.5 * spec.square_mm
    for name, markers in spec.markers.items():
        m = next((m for m in markers if m.payload in where), None)
        if m is None:
            continue
        b = where[m.payload]
        a = math.radians(b.angle - m.angle_deg)          # the board's angle on the table
        ca, sa = math.cos(a), math.sin(a)
        ox, oy = b.x - (m.x_mm * ca - m.y_mm * sa), b.y - (m.x_mm * sa + m.y_mm * ca)

        def put(u: float, v: float, ox: float = ox, oy: float = oy, ca: float = ca, sa: float = sa
                ) -> tuple[float, float]:
            return s.at(ox + u * ca - v * sa, oy + u * sa + v * ca)

        outline = [put(left, bottom), put(right, bottom), put(right, top), put(left, top)]
        s.line(outline, stroke=INK, fill=WHITE, width=1.2, closed=True)
        xs, ys = zip(*outline)
        s.taken.append((min(xs), min(ys), max(xs), max(ys)))
        for i in range(4):
            v = -half + i * spec.square_mm
            s.line([put(v, -half), put(v, half)], stroke=GREY, width=0.6)
            s.line([put(-half, v), put(half, v)], stroke=GREY, width=0.6)
        cx, cy = put(0.0, -half - spec.strip_mm / 2)
        s.text(cx, cy - 0.35 * TITLE_PT, name, size=TITLE_PT, font="Helvetica-Bold", colour=GREY)


def _areas(s: _Sheet, areas: Sequence[Area], boxes: list[Box]) -> None:
    """A dashed circle round each pile's marker, its radius dimensioned."""
    where = {b.payload: b for b in boxes}
    for area in areas:
        b = where.get(area.marker)
        if b is None:
            continue
        pts = [s.at(b.x + area.radius * math.cos(math.radians(i * 7.5)), b.y + area.radius * math.sin(
            math.radians(i * 7.5))) for i in range(48)]
        s.line(pts, stroke=DIM, width=0.6, dash=(3.0, 2.5), closed=True)
        r = math.radians(area.angle)
        start = quiet_side_mm(b.tag_mm) / 2 + 2
        dimension(s, (b.x + start * math.cos(r), b.y + start * math.sin(r)),
                  (b.x + area.radius * math.cos(r), b.y + area.radius * math.sin(r)), "d", 0.0, to_sheet=s.at,
                  text=_mm_text(area.radius))


def _sizes(boxes: list[Box]) -> str:
    """The cards' sizes by kind: ``kid 56 x 80 mm; candy, ghost 34.5 x 34.5 mm``."""
    by_size: dict[tuple[float, float], list[str]] = {}
    for b in boxes:
        if b.role in ("card", "back"):
            kind, _ = _kind_id(b.payload)
            if b.role == "back":
                kind = f"{b.label.lower()} (face down)"
            names = by_size.setdefault((b.w, b.h), [])
            if kind not in names:
                names.append(kind)
    return "; ".join(f"{', '.join(names)} {w:g} x {h:g} mm" for (w, h), names in by_size.items())


RULES = (
    "A card's position is its tag's centre: every distance here runs between tag centres.",
    "Spread piles so that every tag shows: a covered tag is a card the camera cannot see.",
    "Put each pile next to its seat or zone marker, not on it. The camera remembers a marker where it last saw "
    "it while a pile covers it, and keeps that place beside the journal across restarts, but it must have seen "
    "the marker once: lay the markers before the cards.",
)


def _legend(s: _Sheet, plan: Plan, notes: Sequence[str], x0: float, top: float, width: float) -> float:
    """The key, the card sizes, the rules and the game's notes, from ``top`` down
    (sheet mm); returns the bottom."""
    y = top - BODY_PT
    q = quiet_side_mm(plan.tag_mm)
    _tag_glyph(s, x0 + q / 2, y + 3, plan.tag_mm, 0.0)
    key = [(x0 + q + 5, f"marker (seat, zone): its tag, {q:.0f} mm with the white border")]
    x = key[-1][0] + stringWidth(key[-1][1], "Helvetica", SMALL_PT) + 16
    s.rect(x + 14, y + 3, 28, 28, stroke=CARD_EDGE, fill=WHITE, width=0.7)
    s.rect(x + 14, y + 3, quiet_side_mm(19.0), quiet_side_mm(19.0), stroke=None, fill=TAG_FILL)
    key.append((x + 33, "card at its real size, grey: its tag; the label is the tag's last part"))
    x = key[-1][0] + stringWidth(key[-1][1], "Helvetica", SMALL_PT) + 16
    s.rect(x + 14, y + 3, 28, 28, stroke=CARD_EDGE, fill=BACK_FILL, width=0.7, dash=(4.0, 2.0))
    key.append((x + 33, "face down: no tag shows"))
    x = key[-1][0] + stringWidth(key[-1][1], "Helvetica", SMALL_PT) + 16
    if x + 130 < x0 + width:
        dimension(s, (x, y + 3), (x + 56, y + 3), "x", 0.0, text="mm")
        key.append((x + 62, "between tag centres"))
    for kx, ktext in key:
        s.text(kx, y, ktext, size=SMALL_PT, align="left")
    y -= q / 2 + BODY_PT * LINE + 6
    sizes = _sizes(plan.boxes)
    others = {f"{_kind_id(b.payload)[0]} markers {b.tag_mm:g} mm" for b in plan.boxes
              if b.role == "marker" and b.tag_mm != plan.tag_mm}
    lines: list[tuple[str, str]] = [
        ("Helvetica", f"Sizes: {sizes + '; ' if sizes else ''}seat and zone markers {plan.tag_mm:g} mm tags, "
                      f"{''.join(o + ', ' for o in sorted(others))}corners {corner_tag_mm(plan.tag_mm):g} mm.")]
    lines += [("Helvetica-Bold", r) for r in RULES]
    lines += [("Helvetica", n) for n in notes]
    for font, text in lines:
        for i, line in enumerate(simpleSplit(text, font, BODY_PT, width - 14)):
            if i == 0:
                s.text(x0 + 3, y, "•", size=BODY_PT, font="Helvetica-Bold", align="left")
            s.text(x0 + 14, y, line, size=BODY_PT, font=font, align="left")
            y -= BODY_PT * LINE
        y -= 2.5
    # the scale bar: 0-100-200 mm of table
    y -= 4
    s.line([(x0, y), (x0 + 200, y)], stroke=INK, width=1.0)
    for i in range(5):
        s.line([(x0 + 50 * i, y), (x0 + 50 * i, y + (5.0 if i % 2 == 0 else 3.0))], stroke=INK, width=1.0)
    for i, label in enumerate(("0", "100", "200 mm of table")):
        s.text(x0 + 100 * i, y - SMALL_PT - 1, label, size=SMALL_PT, align="left" if i == 2 else "centre")
    return y - SMALL_PT - 4


def _legend_height(plan: Plan, notes: Sequence[str], width: float) -> float:
    return 1000.0 - _legend(_Sheet((0.0, 0.0), plan.table_mm), plan, notes, 0.0, 1000.0, width)


def table_plan(game: Any, table_mm: tuple[float, float] = (900.0, 600.0), tag_mm: float = DOCS_TAG_MM) -> Plan:
    """The plan of ``game``'s table (:attr:`~models.engine.Game.plan_table`) on a ``table_mm`` table
    with ``tag_mm`` tags."""
    table_mm = (float(table_mm[0]), float(table_mm[1]))
    state, players, moment = sample_state(game)
    boxes = boxes_for(game, state, table_mm, float(tag_mm))
    entry = game.plan_table
    notes, dims, view = (entry.notes, entry.dims, entry.view) if entry else ((), (), 0)
    areas = entry.areas if entry else ()
    w, h = table_mm
    plan = Plan(game.code, f"{game.title} ({game.code}): table plan", table_mm, float(tag_mm), players, moment, boxes)
    # what the sheet must hold, in the view's frame (the origin at the near left corner)
    probe = _Sheet((0.0, 0.0), table_mm, view)
    extent = [probe.box(b) for b in boxes] + [(0.0, 0.0, w, h)]
    lo_x, lo_y = min(e[0] for e in extent), min(e[1] for e in extent)
    hi_x, hi_y = max(e[2] for e in extent), max(e[3] for e in extent)
    sheet_w = PAD + LEFT + (hi_x - lo_x) + RIGHT + PAD
    legend_h = _legend_height(plan, notes, sheet_w - 2 * PAD)
    title_h = TITLE_PT * LINE + BODY_PT * LINE + 6
    sheet_h = PAD + title_h + ABOVE + (hi_y - lo_y) + BELOW + legend_h + PAD
    ox, oy = PAD + LEFT - lo_x, PAD + legend_h + BELOW - lo_y
    s = _Sheet((ox, oy), table_mm, view)
    # the table and its size, on the sheet's left and bottom whichever way it is seen
    s.rect(ox + w / 2, oy + h / 2, w, h, stroke=INK, fill=TABLE_FILL, width=1.6)
    clear = quiet_side_mm(corner_tag_mm(tag_mm)) / 2 + LABEL_PT + 6     # the extension lines pass the corners' labels
    dimension(s, (ox, oy), (ox + w, oy), "x", lo_y - (BELOW - 22), colour=INK,
              text=f"{w:g} mm between the corner tags' centres", gap=clear)
    dimension(s, (ox, oy), (ox, oy + h), "y", lo_x - (LEFT - 22), colour=INK, text=f"{h:g} mm", gap=clear)
    near = 3 if view == 180 else 1
    ty = sheet_h - PAD - TITLE_PT
    s.text(PAD, ty, plan.title, size=TITLE_PT, font="Helvetica-Bold", align="left")
    s.text(PAD, ty - BODY_PT * LINE - 2,
           f"{w:g} x {h:g} mm table seen from above, corner {near} at the near left; {len(players)} players "
           f"({', '.join(players)}); {moment}; {tag_mm:g} mm tags.", size=BODY_PT, align="left", colour=GREY)
    # the boards, everything on the table in the game's order (later on top), the distances, the labels
    _boards(s, game, boxes)
    _areas(s, areas, boxes)
    for b in boxes:
        if b.role in ("corner", "marker"):
            cx, cy = s.at(b.x, b.y)
            _tag_glyph(s, cx, cy, b.tag_mm, s.turn(b.angle))
        else:
            _card(s, b)
    _game_dims(s, dims, boxes, table_mm)
    drawn = [s.box(b) for b in boxes]
    for b in boxes:
        if b.role == "marker":
            _marker_label(s, b, [r for r, o in zip(drawn, boxes) if o is not b], (sheet_w, sheet_h))
    for b in boxes:
        if b.role == "corner":
            cx, cy = s.at(b.x, b.y)
            q = quiet_side_mm(b.tag_mm)
            low, left = cy < oy + h / 2, cx < ox + w / 2
            s.text(cx - q / 2 if left else cx + q / 2, cy - q / 2 - LABEL_PT - 1 if low else cy + q / 2 + 3,
                   f"{b.label}  {b.payload}", size=LABEL_PT, font="Helvetica-Bold", align="left" if left else "right")
    _legend(s, plan, notes, PAD, PAD + legend_h, sheet_w - 2 * PAD)
    plan.size = (round(sheet_w, 2), round(sheet_h, 2))
    plan.origin = s.at(0.0, 0.0)
    plan.view = view
    plan.ops = s.ops
    return plan
