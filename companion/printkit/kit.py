"""A game's whole print kit as one PDF: boards, component stickers, table markers,
and last the table plan (:mod:`.plan`: where everything goes, on plain paper).

    >>> kit = make_kit(get_game("GLC"), tag_mm=20)            # doctest: +SKIP
    >>> kit.write("glc-tags.pdf")                              # doctest: +SKIP
    >>> len(kit.pages), len(kit.payloads)                      # doctest: +SKIP
    (8, 146)

Every payload appears exactly once in the kit (a known tag seen twice on a table
is a fault): a board's markers are printed on the board, not again as stickers.
"""
from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .boards import board_pages, board_payloads, board_spec, draw_board
from .markers import marker_sections
from .plan import table_plan
from .plan_render import draw_page, page_note
from .qr import PayloadError, modules
from .sheets import Page, Progress, layout, paper_size_mm, render
from .sizing import check_printable
from .stickers import Section, catalog_sections

log = logging.getLogger(__name__)


@dataclass
class Kit:
    """The laid-out pages of one game's kit, ready to be written."""

    game: Any
    paper: str
    tag_mm: float
    table_mm: tuple[float, float]
    pages: list[Page]

    @property
    def payloads(self) -> list[str]:
        """Every tag in the kit, page by page."""
        return [p for page in self.pages for p in page.payloads]

    @property
    def title(self) -> str:
        return f"{self.game.title} ({self.game.code}): tags"

    def write(self, out: str | Path, progress: Progress | None = None) -> None:
        subtitle = (f"{len(self.payloads)} tags; components' tags {self.tag_mm:g} mm "
                    f"(QR side); table {self.table_mm[0]:g} x {self.table_mm[1]:g} mm; paper {self.paper.upper()}")
        render(self.pages, out, self.paper, self.title, subtitle, progress=progress, draw_board=draw_board,
               draw_plan=draw_page)


def make_kit(game: Any, tag_mm: float, paper: str = "a4",
             table_mm: tuple[float, float] = (900.0, 600.0)) -> Kit:
    """Lay out ``game``'s kit. Raises SizeError (a size that cannot print) or
    PayloadError (a catalog payload that breaks the tag grammar)."""
    check_printable(tag_mm)
    paper = paper.lower()
    spec = board_spec(game)
    pages: list[Page] = []
    skip: frozenset[str] = frozenset()
    if spec is not None:
        pages.extend(board_pages(spec, paper_size_mm(paper)))
        skip = frozenset(board_payloads(spec))
    sections: list[Section] = catalog_sections(game.catalog, tag_mm, skip)
    sections += marker_sections(game, tag_mm, table_mm)
    for sec in sections:
        for s in sec.stickers:
            modules(s.payload)            # refuse a payload that breaks the grammar, before drawing
    pages.extend(layout(sections, paper))
    plan = plan_page(game, tag_mm, paper, table_mm)
    if plan is not None:
        pages.append(plan)
    kit = Kit(game, paper, float(tag_mm), (float(table_mm[0]), float(table_mm[1])), pages)
    twice = [p for p, n in Counter(kit.payloads).items() if n > 1]
    if twice:
        raise PayloadError(f"{game.code}: these tags would be printed twice: {', '.join(sorted(twice))}")
    return kit


def plan_page(game: Any, tag_mm: float, paper: str, table_mm: tuple[float, float]) -> Page | None:
    """The table plan's page, drawn for this table and tag size; None (and a
    warning) when the game cannot lay its table out: the tags print all the same."""
    try:
        plan = table_plan(game, table_mm, tag_mm)
    except Exception as e:   # a game's own bug must not stop the printing of its tags
        log.warning("%s: no table plan page: %s: %s", game.code, type(e).__name__, e)
        return None
    return Page(plan=plan, note=page_note(plan, paper_size_mm(paper)))
