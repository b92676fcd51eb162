"""The recommended tag size: at least 3 camera pixels per QR module."""
import pytest

from companion.printkit.sizing import MIN_TAG_MM, SizeError, check_printable, parse_wxh, px_per_module, size_for
from hardware.simtable import CameraModel


def test_camera_module_3_full_resolution_over_the_default_table():
    s = size_for((4608, 2592), (900, 600))
    # the camera sees 1040 x 740 mm (70 mm margin): 2592 / 740 = 3.50 px/mm; 21 modules x 3 px / 3.50
    assert s.px_per_mm == pytest.approx(2592 / 740)
    assert s.tag_mm == 18.0
    assert s.px_per_module >= 3.0
    assert "18 mm" in s.describe() and "1040x740 mm" in s.describe()


@pytest.mark.parametrize("resolution", [(4608, 2592), (2304, 1296), (1920, 1080), (1600, 900), (3280, 2464)])
@pytest.mark.parametrize("table", [(900, 600), (1200, 800), (600, 600)])
def test_the_smallest_tag_keeps_three_pixels_a_module_on_the_simulated_camera(resolution, table):
    s = size_for(resolution, table)
    cam = CameraModel(resolution=resolution).for_table(table)
    worst = min(cam.px_per_mm(x, y) for x in (0, table[0]) for y in (0, table[1]))
    assert s.tag_mm / 21 * worst >= 2.99                 # the simulated camera agrees
    if s.tag_mm - 0.5 >= MIN_TAG_MM:                    # and half a millimetre less would not do
        assert px_per_module(s.tag_mm - 0.5, resolution, table) < 3.0


def test_a_wider_margin_or_a_bigger_table_needs_bigger_tags():
    base = size_for((2304, 1296), (900, 600)).tag_mm
    assert size_for((2304, 1296), (900, 600), margin_mm=150).tag_mm > base
    assert size_for((2304, 1296), (1500, 1000)).tag_mm > base
    assert size_for((2304, 1296), (900, 600), margin_mm=0).tag_mm < base


def test_a_huge_camera_still_gets_a_printable_tag():
    assert size_for((20000, 20000), (300, 300)).tag_mm == MIN_TAG_MM


def test_sizes_that_cannot_print_name_the_limit():
    with pytest.raises(SizeError, match="minimum is 12 mm"):
        check_printable(8)
    with pytest.raises(SizeError, match="maximum"):
        check_printable(400)
    with pytest.raises(SizeError, match="margin"):
        size_for((1600, 900), (900, 600), margin_mm=-5)


@pytest.mark.parametrize("text", ["4608", "4608x", "axb", "0x900", "-3x4", "1x2x3"])
def test_bad_sizes_are_refused_with_an_example(text):
    with pytest.raises(SizeError, match="look like 4608x2592|positive"):
        parse_wxh(text, "--size-for", integer=True)
    assert parse_wxh("900X600", "--table") == (900.0, 600.0)
