"""Calibration from the corner markers: tags land where they lie on the table."""
import math
import statistics

import numpy as np
import pytest

from companion.vision import Calibration, get_decoder, scan_image
from hardware.simtable import CameraModel, Item, Scene, render_scene

TABLE = (900.0, 600.0)


def scattered(n=24, seed=5, tag_mm=40.0):
    rng = np.random.default_rng(seed)
    items = []
    for i in range(n):
        r, c = divmod(i, 6)
        items.append(Item(f"GLC:KID:{i:02d}", 90 + c * 145 + float(rng.uniform(-15, 15)),
                          80 + r * 140 + float(rng.uniform(-15, 15)),
                          angle_deg=float(rng.uniform(0, 360)), tag_mm=tag_mm, size_mm=(50, 70)))
    return items


def angle_diff(a, b):
    return abs((a - b + 180.0) % 360.0 - 180.0)


@pytest.mark.parametrize("camera", [
    CameraModel(resolution=(1600, 900)),
    CameraModel(resolution=(1600, 900), tilt_deg=15, rotate_deg=4, blur_sigma=0.7, noise_sigma=2),
    CameraModel(resolution=(1600, 900), rotate_deg=180),
], ids=["straight", "tilted-blurred", "upside-down"])
def test_positions_and_angles_match_the_table(camera):
    items = scattered()
    image, truth = render_scene(Scene(items=items), camera)
    r = scan_image(image, get_decoder("zxing"), table_mm=TABLE)
    assert r.calibrated
    got = {s.payload: s for s in r.sightings}
    assert {i.payload for i in items} <= set(got)
    errs = [math.hypot(got[i.payload].x_mm - i.x_mm, got[i.payload].y_mm - i.y_mm) for i in items]
    assert statistics.median(errs) <= 2.0 and max(errs) <= 5.0, errs
    for i in items:
        assert angle_diff(got[i.payload].angle_deg, i.angle_deg) <= 4.0, (i, got[i.payload])
        assert 0.0 <= got[i.payload].angle_deg < 360.0
    # the corner markers are the rectangle's corners
    for n, (x, y) in enumerate([(0, 0), (900, 0), (900, 600), (0, 600)], start=1):
        c = got[f"TC:CORNER:{n}"]
        assert math.hypot(c.x_mm - x, c.y_mm - y) < 0.5


def test_angle_convention_upright_and_counter_clockwise():
    # 0: upright for someone on corner 1's edge; 90: its top points toward -x
    # (a quarter turn counter-clockwise seen from above)
    items = [Item("GLC:KID:01", 200, 300, angle_deg=0, tag_mm=40),
             Item("GLC:KID:02", 450, 300, angle_deg=90, tag_mm=40),
             Item("GLC:KID:03", 700, 300, angle_deg=180, tag_mm=40)]
    image, truth = render_scene(Scene(items=items), CameraModel(resolution=(1600, 900)))
    dec = get_decoder("zxing")
    dets = {d.payload: d for d in dec.decode(image)}
    cal = Calibration.find(dets.values(), TABLE)
    for p, want in [("GLC:KID:01", 0), ("GLC:KID:02", 90), ("GLC:KID:03", 180)]:
        x, y, a = cal.pose(dets[p])
        assert angle_diff(a, want) < 2.0
        # the symbol's printed top edge lies on the side the angle says
        top = cal.to_mm([dets[p].corners[0], dets[p].corners[1]]).mean(axis=0)
        up = math.radians(want)
        assert np.dot(top - (x, y), (-math.sin(up), math.cos(up))) > 10


def test_other_table_sizes():
    items = [Item("GLC:KID:05", 300, 500, angle_deg=30), Item("GLC:KID:06", 1000, 200)]
    table = (1200.0, 800.0)
    image, _ = render_scene(Scene(table_mm=table, items=items), CameraModel(resolution=(1600, 900)))
    got = {s.payload: s for s in scan_image(image, get_decoder("zxing"), table_mm=table).sightings}
    assert math.hypot(got["GLC:KID:06"].x_mm - 1000, got["GLC:KID:06"].y_mm - 200) < 3


def test_no_corners_means_not_calibrated_but_pixels_given():
    image, truth = render_scene(Scene(items=[Item("GLC:KID:02", 300, 200, tag_mm=30)], corners=False),
                                CameraModel(resolution=(1600, 900)))
    r = scan_image(image, get_decoder("zxing"))
    assert not r.calibrated
    (s,) = r.sightings
    assert math.isnan(s.x_mm) and math.isnan(s.angle_deg)
    assert math.dist(s.px, truth["GLC:KID:02"].px) < 1.5


def test_three_corners_are_not_enough_to_calibrate():
    scene = Scene(items=[Item("GLC:KID:02", 300, 200), Item(None, 0, 0, size_mm=(80, 80))])
    image, _ = render_scene(scene, CameraModel(resolution=(1600, 900)))   # corner 1 hidden by a blank card
    assert not scan_image(image, get_decoder("zxing")).calibrated


def test_a_bumped_camera_recalibrates_and_positions_stay_true():
    items = scattered(12, tag_mm=30)
    dec = get_decoder("zxing")
    before, _ = render_scene(Scene(items=items), CameraModel(resolution=(1600, 900)))
    after, truth = render_scene(Scene(items=items), CameraModel(resolution=(1600, 900), rotate_deg=3, tilt_deg=6))
    cal = Calibration.find(dec.decode(before), TABLE)
    dets = dec.decode(after)
    assert cal.corner_shift_px(dets) > 10
    new = cal.updated(dets, tolerance_px=3)
    assert new is not None
    assert cal.updated(dec.decode(before), tolerance_px=3) is None      # not bumped: nothing to do
    for d in dets:
        x, y, _ = new.pose(d)
        assert math.hypot(x - truth[d.payload].x_mm, y - truth[d.payload].y_mm) < 3


def test_bump_with_one_corner_covered_uses_the_other_three():
    items = scattered(6, tag_mm=30)
    dec = get_decoder("zxing")
    before, _ = render_scene(Scene(items=items), CameraModel(resolution=(1600, 900)))
    cal = Calibration.find(dec.decode(before), TABLE)
    cam = CameraModel(resolution=(1600, 900), rotate_deg=2)
    after, truth = render_scene(Scene(items=items), cam)
    dets = [d for d in dec.decode(after) if d.payload != "TC:CORNER:3"]
    new = cal.updated(dets, tolerance_px=3)
    assert new is not None
    for d in dets:
        x, y, _ = new.pose(d)
        assert math.hypot(x - truth[d.payload].x_mm, y - truth[d.payload].y_mm) < 4
