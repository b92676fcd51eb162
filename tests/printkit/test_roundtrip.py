"""Round trip: every game's kit printed to PDF, rendered to PNG (pdftoppm), and
every tag on every page read back by the project's own decoder."""
from collections import Counter

import pytest

from companion.printkit import make_kit
from companion.printkit.markers import SEAT_COLOURS
from models.registry import game_classes, get_game

TAG_MM = 18.0
DPI = 100          # an 18 mm tag at 100 dpi: 3.4 px per module


def expected_markers(game):
    """The TC markers a table for this game needs, found independently of the kit."""
    want = {f"TC:CORNER:{n}" for n in range(1, 5)}
    want |= {f"TC:SEAT:{c}" for c in SEAT_COLOURS[:game.max_players]}
    state = game.setup(list(SEAT_COLOURS[:game.max_players]))
    want |= {p.payload for p in game.arrange(state, (900.0, 600.0)) if p.payload.startswith("TC:")}
    return want


@pytest.mark.parametrize("code", [cls.code for cls in game_classes()])
def test_every_tag_of_every_game_decodes_from_the_printed_pdf(code, tmp_path, decoder, rasterise):
    game = get_game(code)
    kit = make_kit(game, TAG_MM, "a4")
    pdf = tmp_path / f"{code}.pdf"
    kit.write(pdf)
    pages = rasterise(pdf, DPI)
    assert len(pages) == len(kit.pages)
    seen = Counter()
    for number, (image, page) in enumerate(zip(pages, kit.pages), start=1):
        got = sorted(d.payload for d in decoder.decode(image))
        assert got == sorted(page.payloads), f"{code} page {number}"
        seen.update(got)
    catalog = {c.payload for c in game.catalog}
    assert all(seen[p] == 1 for p in catalog), "every catalog component exactly once"
    assert set(seen) - catalog == expected_markers(game)
    assert max(seen.values()) == 1


def test_letter_paper_and_the_smallest_printable_tag_still_read(tmp_path, decoder, rasterise):
    game = get_game("GLC")
    kit = make_kit(game, 12.0, "letter")
    pdf = tmp_path / "glc-letter.pdf"
    kit.write(pdf)
    pages = rasterise(pdf, 140, last=2)        # 12 mm at 140 dpi: 3.1 px per module
    assert pages[0].shape[1] == pytest.approx(8.5 * 140, abs=2)     # it is Letter
    for image, page in zip(pages, kit.pages):
        assert sorted(d.payload for d in decoder.decode(image)) == sorted(page.payloads)
