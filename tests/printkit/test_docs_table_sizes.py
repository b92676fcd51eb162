"""The sizes the Ghost at Home and Girls vs Ghouls pages give are the ones the
code lays out and reads (issue #26): the card sizes and distances are the
layout's constants, and every player count's table fits 900x600 mm."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from models.ghost_at_home import layout as gah
from models.girls_vs_ghouls import layout as gvg
from models.registry import get_game

ROOT = Path(__file__).resolve().parents[2]


def page(slug: str) -> str:
    return " ".join((ROOT / "docs" / "games" / f"{slug}.md").read_text().split())


def spans(code: str, players: int) -> tuple[float, float, float, float]:
    game = get_game(code)
    state = game.setup(game.seats()[:players])
    boxes = [(p.x_mm, p.y_mm, *(p.size_mm or (24.0, 24.0))) for p in game.arrange(state, (900.0, 600.0))]
    return (min(x - w / 2 for x, y, w, h in boxes), max(x + w / 2 for x, y, w, h in boxes),
            min(y - h / 2 for x, y, w, h in boxes), max(y + h / 2 for x, y, w, h in boxes))


@pytest.mark.parametrize(("code", "counts"), [("GAH", (2, 3, 4)), ("GVG", (4, 5, 6, 7))])
def test_every_player_count_fits_the_table_the_page_names(code, counts):
    slug = get_game(code).slug
    m = re.search(r"spans (\d+)-(\d+) mm across and (\d+)-(\d+) mm deep", page(slug))
    assert m, f"{slug}.md gives the drawn table's extent"
    x0, x1, y0, y1 = (float(v) for v in m.groups())
    for n in counts:
        a, b, c, d = spans(code, n)
        assert a >= 0 and b <= 900 and c >= 0 and d <= 600, (code, n)
        assert a >= x0 - 1 and b <= x1 + 1 and c >= y0 - 1 and d <= y1 + 1, (code, n, (a, b, c, d))


def test_the_pages_sizes_are_the_layouts_constants():
    text = page("ghost-at-home")
    w, h = gah.CARD_MM
    assert f"{w:g}x{h:g} mm" in text and f"{gah.PITCH_X:g} mm apart" in text and f"{gah.PITCH_Y:g} mm between" in text
    assert f"within {gah.ROW_MM:g} mm" in text and f"{gah.REACH_MM:g} mm along" in text
    text = page("girls-vs-ghouls")
    w, h = gvg.CARD_MM
    assert f"{w:g}x{h:g} mm" in text and f"radius {gvg.R_TILE:g} mm" in text
    assert f"{gvg.R_SLOT:g} mm from the centre" in text
