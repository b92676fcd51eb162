"""Sticker sheets: stickers laid out on pages (A4 or Letter) and drawn as a PDF.

Each sticker is a cut rectangle: the QR symbol (dark modules drawn as vector
rectangles), a white quiet zone of 4 modules plus one more module of cutting
tolerance, and a label band under it (name, values, payload). Crop marks sit in
the gutters between stickers, so a sheet can be cut with a ruler and a knife or
guillotine. A token (a component with ``token_mm``) is cut out whole, its tag in
the middle; its name is printed under it, outside the cut, to sort by.

Every page says how to print it and carries a 50 mm bar to check the scale::

    >>> pages = layout([Section("kids", stickers)], "a4")      # doctest: +SKIP
    >>> render(pages, "kids.pdf", title="GLC tags")           # doctest: +SKIP
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .qr import dark_runs, modules
from .sizing import QUIET_MODULES, SizeError
from .stickers import Section, Sticker

PAPERS = {"a4": A4, "letter": LETTER}
MARGIN_MM = 12.0          # most printers cannot print the outer 5 mm
HEADER_MM = 17.0
FOOTER_MM = 12.0
GUTTER_MM = 5.0           # between stickers: room for the crop marks
HEADING_MM = 9.0
SECTION_GAP_MM = 4.0
SORT_LABEL_MM = 4.5       # under a token, outside its cut
INK = (0.0, 0.0, 0.0)
GREY = (0.45, 0.45, 0.45)
CUT_GREY = (0.78, 0.78, 0.78)

Progress = Callable[[int, int], None]


def paper_size_mm(paper: str) -> tuple[float, float]:
    """(width, height) in mm of ``a4`` or ``letter``."""
    try:
        w, h = PAPERS[paper.lower()]
    except KeyError:
        raise SizeError(f"unknown paper {paper!r}: choose a4 or letter") from None
    return (w / mm, h / mm)


# --------------------------------------------------------------------------- sticker geometry


@dataclass(frozen=True)
class Fonts:
    """Label type sizes (points) for one tag size."""

    title: float
    detail: float
    payload: float

    @classmethod
    def for_tag(cls, tag_mm: float) -> Fonts:
        t = min(10.0, max(6.5, tag_mm / 3.2))
        return cls(t, max(5.0, t * 0.8), max(4.5, t * 0.64))

    @property
    def band_mm(self) -> float:
        """Height of the label band under the quiet zone."""
        return (self.title + self.detail + self.payload) * 1.18 / 72 * 25.4 + 1.6


def cut_tolerance_mm(s: Sticker) -> float:
    """White beyond the quiet zone, so a cut a little inside the line still leaves 4 modules."""
    return max(0.5, s.module_mm)


def box_mm(s: Sticker) -> tuple[float, float]:
    """The cut rectangle (width, height) of a sticker or token."""
    if s.token_mm:
        return (s.token_mm, s.token_mm)
    w = s.quiet_mm + 2 * cut_tolerance_mm(s)
    return (w, w + Fonts.for_tag(s.tag_mm).band_mm)


def tag_centre(s: Sticker, left: float, top: float) -> tuple[float, float]:
    """Where the tag's centre lands on the page (mm) for a sticker whose cut
    rectangle's top-left corner is (left, top)."""
    w, h = box_mm(s)
    if s.token_mm:
        return (left + w / 2, top - h / 2)
    return (left + w / 2, top - cut_tolerance_mm(s) - s.quiet_mm / 2)


def cell_mm(s: Sticker) -> tuple[float, float]:
    """The space a sticker takes in the grid (a token's sort label included)."""
    w, h = box_mm(s)
    return (w, h + SORT_LABEL_MM) if s.token_mm else (w, h)


# --------------------------------------------------------------------------- layout


@dataclass
class Page:
    """One page: what is drawn where (mm from the page's bottom-left corner)."""

    headings: list[tuple[Section, float, float]] = field(default_factory=list)
    stickers: list[tuple[Sticker, float, float]] = field(default_factory=list)   # (sticker, left, top)
    board: Any = None          # (BoardSpec, board name) for a board page
    plan: Any = None           # a :class:`.plan.Plan` for the table plan's page
    note: str = ""             # the header's how-to-print line, when not the sticker sheets' one

    def tag_centres(self) -> list[tuple[str, float, float, float]]:
        """(payload, x, y, tag_mm) of every sticker's tag on this page, mm from the
        page's bottom-left corner (a board's markers not included)."""
        return [(s.payload, *tag_centre(s, left, top), s.tag_mm) for s, left, top in self.stickers]

    @property
    def payloads(self) -> list[str]:
        out = [s.payload for s, _, _ in self.stickers]
        if self.board is not None:
            spec, name = self.board
            out.extend(m.payload for m in spec.markers.get(name, ()))
        return out


def layout(sections: Iterable[Section], paper: str = "a4") -> list[Page]:
    """Flow sections onto pages: a heading, then its stickers in rows; a heading is
    never left alone at the bottom of a page."""
    pw, ph = paper_size_mm(paper)
    left, right = MARGIN_MM, pw - MARGIN_MM
    top, bottom = ph - MARGIN_MM - HEADER_MM, MARGIN_MM + FOOTER_MM
    avail = right - left
    pages = [Page()]
    y = top
    for section in sections:
        if not section.stickers:
            continue
        cw = max(cell_mm(s)[0] for s in section.stickers)
        ch = max(cell_mm(s)[1] for s in section.stickers)
        cols = int((avail + GUTTER_MM) // (cw + GUTTER_MM))
        if cols < 1 or ch + HEADING_MM > top - bottom:
            raise SizeError(f"{section.heading}: a {cw:.0f} x {ch:.0f} mm sticker does not fit a {paper} page; "
                            f"use smaller tags (--tag-mm)")
        x0 = left + (avail - (cols * cw + (cols - 1) * GUTTER_MM)) / 2
        if y != top:
            y -= SECTION_GAP_MM
        if y - HEADING_MM - ch < bottom:
            pages.append(Page())
            y = top
        pages[-1].headings.append((section, x0, y))
        y -= HEADING_MM
        for i, s in enumerate(section.stickers):
            col = i % cols
            if col == 0 and i > 0:
                y -= ch + GUTTER_MM
            if col == 0 and y - ch < bottom:
                pages.append(Page())
                y = top
                pages[-1].headings.append((Section(section.heading + " (continued)", (), section.note), x0, y))
                y -= HEADING_MM
            pages[-1].stickers.append((s, x0 + col * (cw + GUTTER_MM), y))
        y -= ch
    return [p for p in pages if p.stickers or p.headings or p.board]


# --------------------------------------------------------------------------- drawing


def fit_text(text: str, font: str, size: float, width_mm: float, min_size: float) -> tuple[str, float]:
    """Shrink ``text`` down to ``min_size`` points to fit ``width_mm``; then cut it
    (whole `` · `` items first, else characters with an ellipsis)."""
    width = width_mm * mm
    s = size
    while s > min_size and stringWidth(text, font, s) > width:
        s = max(min_size, s - 0.25)
    if stringWidth(text, font, s) <= width:
        return text, s
    parts = text.split(" · ")
    while len(parts) > 1:
        parts.pop()
        cand = " · ".join(parts)
        if stringWidth(cand, font, s) <= width:
            return cand, s
    while len(text) > 1 and stringWidth(text + "…", font, s) > width:
        text = text[:-1]
    return text.rstrip() + "…", s


def draw_qr(c: Canvas, payload: str, left_mm: float, top_mm: float, tag_mm: float) -> None:
    """The symbol's dark modules as filled rectangles; (left, top) is the symbol's
    top-left corner (quiet zone not included)."""
    m = tag_mm / 21.0
    c.setFillColorRGB(*INK)
    overlap = m * 0.03       # adjacent rows overlap a hair: no white seams when rasterised
    for r, col, n in dark_runs(modules(payload)):
        c.rect((left_mm + col * m) * mm, (top_mm - (r + 1) * m - overlap) * mm, n * m * mm, (m + overlap) * mm,
               stroke=0, fill=1)


def draw_quiet_tag(c: Canvas, payload: str, cx_mm: float, cy_mm: float, tag_mm: float, white: bool = True) -> None:
    """A tag centred at (cx, cy) with its quiet zone painted white."""
    q = tag_mm * (21 + 2 * QUIET_MODULES) / 21
    if white:
        c.setFillColorRGB(1, 1, 1)
        c.rect((cx_mm - q / 2) * mm, (cy_mm - q / 2) * mm, q * mm, q * mm, stroke=0, fill=1)
    draw_qr(c, payload, cx_mm - tag_mm / 2, cy_mm + tag_mm / 2, tag_mm)


def crop_marks(c: Canvas, left: float, bottom: float, w: float, h: float, reach: float = GUTTER_MM / 2) -> None:
    """Short lines in the margin, continuing each edge of the cut rectangle."""
    gap, end = 0.7, max(1.2, reach - 0.35)
    c.setStrokeColorRGB(*INK)
    c.setLineWidth(0.4)
    for x, sx in ((left, -1), (left + w, 1)):
        for y, sy in ((bottom, -1), (bottom + h, 1)):
            c.line((x + sx * gap) * mm, y * mm, (x + sx * end) * mm, y * mm)
            c.line(x * mm, (y + sy * gap) * mm, x * mm, (y + sy * end) * mm)


def draw_sticker(c: Canvas, s: Sticker, left: float, top: float) -> None:
    """One sticker (or token) whose cut rectangle's top-left corner is (left, top), mm."""
    w, h = box_mm(s)
    c.setStrokeColorRGB(*CUT_GREY)
    c.setLineWidth(0.25)
    c.rect(left * mm, (top - h) * mm, w * mm, h * mm, stroke=1, fill=0)
    crop_marks(c, left, top - h, w, h)
    fonts = Fonts.for_tag(s.tag_mm)
    cx, cy = tag_centre(s, left, top)
    draw_quiet_tag(c, s.payload, cx, cy, s.tag_mm, white=False)
    if s.token_mm:
        text, size = fit_text(s.title, "Helvetica", fonts.detail, w + GUTTER_MM - 1, 4.5)
        c.setFillColorRGB(*GREY)
        c.setFont("Helvetica", size)
        c.drawCentredString((left + w / 2) * mm, (top - h - 3.2) * mm, text)
        return
    tol = cut_tolerance_mm(s)
    q = s.quiet_mm
    inner = w - 2 * tol
    pt = 25.4 / 72
    y = top - tol - q - fonts.title * pt * 0.95
    text, size = fit_text(s.title, "Helvetica-Bold", fonts.title, inner, 5.0)
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", size)
    c.drawCentredString((left + w / 2) * mm, y * mm, text)
    if s.detail:
        y -= fonts.detail * pt * 1.18
        text, size = fit_text(s.detail, "Helvetica", fonts.detail, inner, 4.5)
        c.setFont("Helvetica", size)
        c.drawCentredString((left + w / 2) * mm, y * mm, text)
    y = top - h + 0.9
    c.setFillColorRGB(*GREY)
    text, size = fit_text(s.payload, "Courier", fonts.payload, inner, 4.0)
    c.setFont("Courier", size)
    c.drawCentredString((left + w / 2) * mm, y * mm, text)


PRINT_NOTE = ("Print at 100 % (actual size), never \"fit to page\". Cut on the crop marks; "
              "keep the white border round every code.")


def draw_frame(c: Canvas, paper: str, title: str, subtitle: str, page_no: int, pages: int,
               note: str = PRINT_NOTE) -> None:
    """Header (title, page number, how to print: ``note``) and footer (the 50 mm check bar)."""
    pw, ph = paper_size_mm(paper)
    top = ph - MARGIN_MM
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 12)
    c.drawString(MARGIN_MM * mm, (top - 4.5) * mm, title)
    c.setFont("Helvetica", 9)
    c.drawRightString((pw - MARGIN_MM) * mm, (top - 4.5) * mm, f"page {page_no} of {pages}")
    c.setFillColorRGB(*GREY)
    c.setFont("Helvetica", 7.5)
    c.drawString(MARGIN_MM * mm, (top - 9.5) * mm, subtitle)
    c.drawString(MARGIN_MM * mm, (top - 13.2) * mm, note)
    # the scale check bar
    y = MARGIN_MM + 4.0
    x = MARGIN_MM
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(*INK)
    c.setLineWidth(0.6)
    c.line(x * mm, y * mm, (x + 50) * mm, y * mm)
    for i in range(6):
        tick = 2.2 if i in (0, 5) else 1.2
        c.line((x + 10 * i) * mm, y * mm, (x + 10 * i) * mm, (y + tick) * mm)
    c.setFont("Helvetica", 7)
    c.drawString((x + 53) * mm, (y - 0.3) * mm, "This bar must measure 50 mm. If it does not, the printer scaled "
                                                "the page: print again at 100 %.")
    c.setFillColorRGB(*GREY)
    c.setFont("Helvetica", 6)
    c.drawRightString((pw - MARGIN_MM) * mm, (MARGIN_MM - 1.5) * mm, "made by companion tags")


def draw_heading(c: Canvas, section: Section, x: float, y: float) -> None:
    c.setFillColorRGB(*INK)
    c.setFont("Helvetica-Bold", 9.5)
    c.drawString(x * mm, (y - 4.6) * mm, section.heading)
    if section.note:
        w = stringWidth(section.heading, "Helvetica-Bold", 9.5) / mm
        c.setFillColorRGB(*GREY)
        c.setFont("Helvetica", 7.5)
        c.drawString((x + w + 3) * mm, (y - 4.6) * mm, section.note)


def render(pages: list[Page], out: str | Path, paper: str, title: str, subtitle: str,
           progress: Progress | None = None, draw_board: Callable[..., None] | None = None,
           draw_plan: Callable[..., None] | None = None) -> None:
    """Draw ``pages`` into the PDF file ``out``; ``progress(done, total)`` after each page.
    ``draw_board(c, spec, name, page_w, page_h)`` draws a board page's board,
    ``draw_plan(c, plan, page_w, page_h)`` a plan page's plan."""
    pw, ph = paper_size_mm(paper)
    c = Canvas(str(out), pagesize=(pw * mm, ph * mm), invariant=1)
    c.setTitle(title)
    c.setCreator("companion tags")
    total = len(pages)
    for i, page in enumerate(pages, start=1):
        draw_frame(c, paper, title, subtitle, i, total, page.note or PRINT_NOTE)
        if page.board is not None and draw_board is not None:
            draw_board(c, page.board[0], page.board[1], pw, ph)
        if page.plan is not None and draw_plan is not None:
            draw_plan(c, page.plan, pw, ph)
        for section, x, y in page.headings:
            draw_heading(c, section, x, y)
        for s, left, top in page.stickers:
            draw_sticker(c, s, left, top)
        c.showPage()
        if progress:
            progress(i, total)
    c.save()
