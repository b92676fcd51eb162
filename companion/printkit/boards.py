"""Printed game boards at real size: for a game whose engine has a
:class:`models.the_closest_ghost.kit.BoardSpec` as ``game.board`` (The Closest
Ghost's two boards).

Each board gets its own page, drawn in its own frame (mm from the centre of the
middle square, x to the printed right, y to the printed top): the 3 x 3 grid, the
arrows of every square, the corner dot, and the board's marker tags on the strip
along the bottom. The boards are alike except for their markers::

    >>> spec = board_spec(get_game("TCG"))       # doctest: +SKIP
    >>> board_pages(spec)                         # doctest: +SKIP
    [Page(board=(spec, 'A')), Page(board=(spec, 'B'))]
"""
from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from models.the_closest_ghost.kit import BoardSpec

from .sheets import GREY, INK, Page, crop_marks, draw_quiet_tag
from .sizing import SizeError, quiet_side_mm

# a direction's unit vector in the board frame (y toward the printed top)
_VECTORS = {"U": (0.0, 1.0), "R": (1.0, 0.0), "D": (0.0, -1.0), "L": (-1.0, 0.0)}


def board_spec(game: Any) -> BoardSpec | None:
    """The game's printed board, or None for a game without one."""
    spec = getattr(game, "board", None)
    return spec if isinstance(spec, BoardSpec) else None


def board_pages(spec: BoardSpec, paper_mm: tuple[float, float]) -> list[Page]:
    """One page per board (``spec.markers`` names them), checked to fit the paper."""
    left, bottom, right, top = spec.outline()
    need = (right - left + 20, top - bottom + 45)
    if need[0] > paper_mm[0] or need[1] > paper_mm[1]:
        raise SizeError(f"a {right - left:g} x {top - bottom:g} mm board does not fit the paper "
                        f"({paper_mm[0]:.0f} x {paper_mm[1]:.0f} mm)")
    return [Page(board=(spec, name)) for name in spec.markers]


def board_payloads(spec: BoardSpec) -> set[str]:
    """The marker payloads printed on the boards (not again as stickers)."""
    return {m.payload for markers in spec.markers.values() for m in markers}


def _arrow(c: Canvas, cx: float, cy: float, d: str, start: float, end: float) -> None:
    ux, uy = _VECTORS[d]
    px, py = -uy, ux                                # perpendicular
    head_len, head_half = 5.0, 3.2
    x0, y0 = cx + ux * start, cy + uy * start
    xt, yt = cx + ux * end, cy + uy * end
    xb, yb = xt - ux * head_len, yt - uy * head_len
    c.setLineWidth(2.2)
    c.line(x0 * mm, y0 * mm, xb * mm, yb * mm)
    p = c.beginPath()
    p.moveTo(xt * mm, yt * mm)
    p.lineTo((xb + px * head_half) * mm, (yb + py * head_half) * mm)
    p.lineTo((xb - px * head_half) * mm, (yb - py * head_half) * mm)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_board(c: Canvas, spec: BoardSpec, name: str, page_w: float, page_h: float) -> None:
    """Board ``name`` centred on the page, at real size."""
    left, bottom, right, top = spec.outline()
    # page position of the board frame's origin: the board centred below the header
    ox = page_w / 2 - (left + right) / 2
    oy = (page_h - 30) / 2 + 2 - (bottom + top) / 2
    c.saveState()
    c.translate(ox * mm, oy * mm)
    s = spec.square_mm
    half = 1.5 * s
    # the outline, and crop marks at its corners
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(1.4)
    c.rect(left * mm, bottom * mm, (right - left) * mm, (top - bottom) * mm, stroke=1, fill=0)
    crop_marks(c, left, bottom, right - left, top - bottom, reach=8)
    # the grid
    c.setLineWidth(1.0)
    for i in range(4):
        v = -half + i * s
        c.line(v * mm, -half * mm, v * mm, half * mm)
        c.line(-half * mm, v * mm, half * mm, v * mm)
    # arrows: from a hub in each square's middle toward the edges it may be left by
    c.setFillColorRGB(0.15, 0.15, 0.15)
    c.setStrokeColorRGB(0.15, 0.15, 0.15)
    for (r, col), arrows in spec.squares.items():
        cx, cy = spec.square_centre(r, col)
        c.circle(cx * mm, cy * mm, 2.4 * mm, stroke=0, fill=1)
        for d in arrows:
            _arrow(c, cx, cy, d, 3.0, s / 2 - 4.5)
    # the corner dot, in the top-left corner of its square
    dr, dc = spec.dot
    dx, dy = spec.square_centre(dr, dc)
    rad = (spec.dot_mm or 8) / 2
    c.setFillColorRGB(*INK)
    c.circle((dx - s / 2 + rad + 3) * mm, (dy + s / 2 - rad - 3) * mm, rad * mm, stroke=0, fill=1)
    # the marker strip: the board's name between its markers
    c.setFillColorRGB(*INK)
    strip_mid = -half - spec.strip_mm / 2
    c.setFont("Helvetica-Bold", 22)
    c.drawCentredString(0, (strip_mid - 1) * mm, name)
    c.setFont("Helvetica", 7)
    c.setFillColorRGB(*GREY)
    c.drawCentredString(0, (strip_mid - 7) * mm, f"board {name}")
    for m in spec.markers.get(name, ()):
        q = quiet_side_mm(m.tag_mm)
        c.saveState()
        c.translate(m.x_mm * mm, m.y_mm * mm)
        c.rotate(m.angle_deg)
        draw_quiet_tag(c, m.payload, 0.0, 0.0, m.tag_mm)
        c.restoreState()
        if q > spec.strip_mm:
            raise SizeError(f"board marker {m.payload}: a {m.tag_mm:g} mm tag's quiet zone does not fit "
                            f"the {spec.strip_mm:g} mm strip")
    c.restoreState()
    # under the board: what it is
    c.setFillColorRGB(*GREY)
    c.setFont("Helvetica", 8)
    c.drawCentredString(page_w / 2 * mm, (oy + bottom - 8) * mm,
                        f"Board {name}: {right - left:g} x {top - bottom:g} mm. "
                        f"Cut along the outline; glue it to card. "
                        f"Keep the white square round each marker.")
