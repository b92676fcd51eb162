"""What a person cutting the sheets notices: nothing overlaps, every code keeps
its white border inside the cut, labels say what the component is, boards print
at real size."""
import dataclasses
import subprocess

import pytest

from companion.printkit import SizeError, make_kit
from companion.printkit.boards import board_spec
from companion.printkit.sheets import FOOTER_MM, HEADER_MM, MARGIN_MM, box_mm, paper_size_mm, tag_centre
from models.registry import game_classes, get_game


def boxes(page):
    for s, left, top in page.stickers:
        w, h = box_mm(s)
        yield s, (left, top - h, left + w, top)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("tag_mm", [12.0, 18.0, 36.0])
@pytest.mark.parametrize("code", [cls.code for cls in game_classes()])
def test_stickers_stay_on_the_page_apart_and_keep_their_quiet_zone(code, tag_mm, paper):
    kit = make_kit(get_game(code), tag_mm, paper)
    pw, ph = paper_size_mm(paper)
    for page in kit.pages:
        placed = list(boxes(page))
        for i, (s, (x0, y0, x1, y1)) in enumerate(placed):
            assert x0 >= MARGIN_MM and x1 <= pw - MARGIN_MM
            assert y0 >= MARGIN_MM + FOOTER_MM and y1 <= ph - MARGIN_MM - HEADER_MM
            for _, (a0, b0, a1, b1) in placed[i + 1:]:
                assert x1 + 4 <= a0 or a1 + 4 <= x0 or y1 + 4 <= b0 or b1 + 4 <= y0, "4 mm between cuts"
            cx, cy = tag_centre(s, x0, y1)
            half_quiet = s.tag_mm / 2 + 4 * s.module_mm
            # the white border of 4 modules (plus a little to cut into) lies inside the cut
            assert x0 + 0.5 <= cx - half_quiet and cx + half_quiet <= x1 - 0.5
            assert y0 + 0.5 <= cy - half_quiet and cy + half_quiet <= y1 - 0.5


def test_labels_name_each_component_and_its_value(tmp_path):
    kit = make_kit(get_game("GLC"), 18.0)
    pdf = tmp_path / "glc.pdf"
    kit.write(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    for words in ("WEREWOLF", "courage 15", "McSpooky 1", "colour RED · value 1", "Loves Candy Corn",
                  "CORNER 1", "RED seat", "KIDDECK zone", "GLC:KID:02", "This bar must measure 50 mm",
                  "Print at 100 %"):
        assert words in text, words


def test_the_closest_ghost_boards_print_at_real_size(tmp_path, decoder, rasterise):
    game = get_game("TCG")
    kit = make_kit(game, 18.0)
    pdf = tmp_path / "tcg.pdf"
    kit.write(pdf)
    dpi = 100
    px_per_mm = dpi / 25.4
    for number, board in ((1, "A"), (2, "B")):
        image = rasterise(pdf, dpi, first=number, last=number)[0]
        found = {d.payload: d for d in decoder.decode(image)}
        assert set(found) == {f"TCG:BOARD:{board}1", f"TCG:BOARD:{board}2"}
        one, two = found[f"TCG:BOARD:{board}1"], found[f"TCG:BOARD:{board}2"]
        # 100 mm apart along the board's x, the same height, each 25 mm across, upright
        assert (two.centre[0] - one.centre[0]) / px_per_mm == pytest.approx(100.0, abs=1.0)
        assert abs(two.centre[1] - one.centre[1]) / px_per_mm < 0.5
        assert one.side_px / px_per_mm == pytest.approx(25.0, abs=0.8)
        assert one.corners[0][1] < one.corners[3][1]        # its top-left above its bottom-left
    # the board markers are printed on the boards only, never again as stickers
    stickers = [s.payload for page in kit.pages for s, _, _ in page.stickers]
    assert not [p for p in stickers if p.startswith("TCG:BOARD:")]
    assert {"TCG:GHOST:1", "TCG:AVATAR:RED", "TCG:CANDY:16"} <= set(stickers)


def test_tokens_keep_their_size_and_their_tag_fits_inside():
    kit = make_kit(get_game("TCG"), 36.0)
    tokens = {s.payload: s for page in kit.pages for s, _, _ in page.stickers if s.token_mm}
    assert box_mm(tokens["TCG:CANDY:01"]) == (36.0, 36.0)
    assert box_mm(tokens["TCG:AVATAR:RED"]) == (40.0, 40.0)
    candy = tokens["TCG:CANDY:01"]
    assert candy.tag_mm * 29 / 21 <= 36.0 - 1.0 and candy.tag_mm >= 24.0


def test_a_board_too_big_for_the_paper_is_refused():
    tcg = get_game("TCG")
    big = dataclasses.replace(board_spec(tcg), square_mm=90.0)      # a 270 x 310 mm board
    with pytest.raises(SizeError, match="does not fit the paper"):
        make_kit(type(tcg)(board=big), 18.0, "letter")
