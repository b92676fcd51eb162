"""The simulated table draws real QR codes where its truth says, as a camera would see them."""
from __future__ import annotations

import math

import numpy as np
import pytest

from hardware.simtable import CameraModel, Hand, Item, Scene, SceneError, render_scene
from models.table import Placement

# 420x230 mm table (+30 mm margin) on 1600x900: ~3.1 px/mm, a 25 mm tag ~3.7 px/module
SMALL_TABLE = (420.0, 230.0)
CAM = CameraModel(resolution=(1600, 900), margin_mm=30.0)


def grid(n: int, angle_step: float = 0.0, **kw) -> list[Item]:
    return [Item(f"TST:CARD:{i:02d}", 60 + (i % 6) * 60, 50 + (i // 6) * 65,
                 angle_deg=(i * angle_step) % 360, **kw) for i in range(n)]


def assert_truth_matches_decoder(truth, found, tol=1.5):
    visible = {p for p, t in truth.items() if t.visible}
    assert set(found) == visible
    for payload, seen in found.items():
        t = truth[payload]
        assert np.hypot(*(seen["centre"] - np.array(t.px))) < tol, payload
        # corner by corner, in the symbol's own order, so the orientation is right too (the
        # bottom-right corner has no finder pattern: zxing only estimates it)
        finder = [0, 1, 3]
        assert np.abs(seen["corners"][finder] - np.array(t.corners_px)[finder]).max() < 2.0, payload


def test_every_tag_decodes_at_its_true_position(decode):
    scene = Scene(table_mm=SMALL_TABLE, items=grid(18), corner_tag_mm=25)
    image, truth = render_scene(scene, CAM)
    assert image.shape == (900, 1600, 3) and image.dtype == np.uint8
    assert len(truth) == 22 and all(t.visible for t in truth.values())
    assert 3.2 < truth["TST:CARD:00"].px_per_module < 4.0
    assert_truth_matches_decoder(truth, decode(image))


def test_codes_decode_at_three_pixels_per_module(decode):
    cam = CameraModel(resolution=(1600, 900), margin_mm=30.0)
    scene = Scene(table_mm=SMALL_TABLE, items=grid(18, angle_step=23, tag_mm=21.0), corner_tag_mm=25)
    image, truth = render_scene(scene, cam)
    assert 2.8 < truth["TST:CARD:05"].px_per_module < 3.3
    assert_truth_matches_decoder(truth, decode(image))


def test_table_mm_maps_to_pixels_through_the_camera_homography(decode):
    scene = Scene(table_mm=SMALL_TABLE, items=grid(6), corner_tag_mm=25)
    cam = CameraModel(resolution=(1600, 900), margin_mm=30.0, tilt_deg=20, rotate_deg=10)
    image, truth = render_scene(scene, cam)
    cam = cam.for_table(SMALL_TABLE)
    for n, (x, y) in enumerate([(0, 0), (420, 0), (420, 230), (0, 230)], start=1):
        assert np.allclose(truth[f"TC:CORNER:{n}"].px, cam.table_to_image((x, y))[0])
    # decoded pixel centres, mapped back to the table, land on the items (within a millimetre)
    found = decode(image)
    for payload, seen in found.items():
        x, y = cam.image_to_table(seen["centre"])[0]
        assert math.hypot(x - truth[payload].x_mm, y - truth[payload].y_mm) < 1.0, payload


def test_default_camera_sees_corner_4_top_left_and_upright_tags_upright(decode):
    scene = Scene(table_mm=SMALL_TABLE, items=[Item("TST:CARD:UP", 210, 115, tag_mm=40)], corner_tag_mm=25)
    image, truth = render_scene(scene, CAM)
    px = {n: truth[f"TC:CORNER:{n}"].px for n in range(1, 5)}
    assert px[4][0] < px[3][0] and px[4][1] < px[1][1]       # corner 4 top-left, corner 1 below it
    assert px[1][0] < px[2][0] and abs(px[1][1] - px[2][1]) < 1e-6
    seen = decode(image)["TST:CARD:UP"]["corners"]
    tl, tr, br, bl = seen
    assert tl[1] < bl[1] and tl[0] < tr[0]                     # the code reads upright


@pytest.mark.parametrize("angle", [90, 200])
def test_tag_angle_turns_the_code_counter_clockwise(angle, decode):
    scene = Scene(table_mm=SMALL_TABLE, items=[Item("TST:CARD:TURN", 210, 115, angle_deg=angle, tag_mm=40)],
                  corner_tag_mm=25)
    image, truth = render_scene(scene, CAM)
    tl, tr, br, bl = decode(image)["TST:CARD:TURN"]["corners"]
    up = tl - bl                                   # the code's "up" in image coordinates (y down)
    seen_angle = math.degrees(math.atan2(-up[0], -up[1])) % 360   # CCW from image-up
    assert abs((seen_angle - angle + 180) % 360 - 180) < 3
    assert truth["TST:CARD:TURN"].angle_deg == angle


def test_tilted_and_rotated_camera(decode):
    scene = Scene(table_mm=SMALL_TABLE, items=grid(12, angle_step=41, tag_mm=28), corner_tag_mm=28)
    cam = CameraModel(resolution=(1600, 900), margin_mm=30.0, tilt_deg=25, rotate_deg=-20)
    image, truth = render_scene(scene, cam)
    c = {n: np.array(truth[f"TC:CORNER:{n}"].px) for n in range(1, 5)}
    near, far = np.linalg.norm(c[2] - c[1]), np.linalg.norm(c[3] - c[4])
    assert far < 0.95 * near                      # perspective: the far edge looks shorter
    edge = c[2] - c[1]
    assert abs(math.degrees(math.atan2(-edge[1], edge[0])) - (-20)) < 8   # the table edge is turned
    assert_truth_matches_decoder(truth, decode(image))


def test_a_hand_hides_the_tags_under_it(decode):
    items = grid(12)
    covered = items[7]
    scene = Scene(table_mm=SMALL_TABLE, items=items, corner_tag_mm=25,
                  hands=[Hand(covered.x_mm, covered.y_mm, radius_mm=35)])
    image, truth = render_scene(scene, CAM)
    hidden = {p for p, t in truth.items() if not t.visible}
    assert covered.payload in hidden
    assert all(truth[p].occluded_by == "hand" for p in hidden)
    found = decode(image)
    assert covered.payload not in found
    assert_truth_matches_decoder(truth, found)
    # the arm reaches in from the nearest edge and hides what lies along it
    assert len(hidden) >= 2


def test_items_outside_the_frame_or_under_another_item_are_not_visible(decode):
    scene = Scene(table_mm=SMALL_TABLE, corner_tag_mm=25, items=[
        Item("TST:CARD:OUT", -120, 150), Item("TST:CARD:HALF", 210, 262),
        Item("TST:CARD:UNDER", 200, 115), Item("TST:CARD:OVER", 205, 117, size_mm=(63, 88))])
    image, truth = render_scene(scene, CAM)
    assert truth["TST:CARD:OUT"].occluded_by == "frame" and not truth["TST:CARD:OUT"].visible
    assert truth["TST:CARD:HALF"].occluded_by == "frame"
    assert truth["TST:CARD:UNDER"].occluded_by == "item"
    assert truth["TST:CARD:OVER"].visible
    assert_truth_matches_decoder(truth, decode(image))


def test_face_down_items_show_their_back_and_never_their_face(decode):
    def table(payload):
        return Scene(table_mm=SMALL_TABLE, corner_tag_mm=25, items=[
            Item(payload, 150, 115, face_up=False, size_mm=(63, 88), label=payload),
            Item(payload + "B", 300, 115, face_up=False, back="TST:BACK:LOVE", size_mm=(63, 88))])
    image_a, truth_a = render_scene(table("TST:LOVE:01"), CAM)
    image_b, _ = render_scene(table("TST:LOVE:02"), CAM)
    assert np.array_equal(image_a, image_b)        # nothing about the face leaks into the picture
    assert "TST:LOVE:01" not in truth_a and "TST:LOVE:01B" not in truth_a
    assert truth_a["TST:BACK:LOVE"].face_up is False
    assert_truth_matches_decoder(truth_a, decode(image_a))


def test_round_tokens_and_large_cards_decode(decode):
    scene = Scene(table_mm=SMALL_TABLE, corner_tag_mm=25, items=[
        Item("TST:TOKEN:1", 120, 115, shape="round", size_mm=(45, 45), angle_deg=33),
        Item("TST:CARD:BIG", 300, 115, size_mm=(63, 88), label="Big card", angle_deg=-15),
        Item(None, 210, 40, size_mm=(120, 40), label="BOARD")])       # an untagged component
    image, truth = render_scene(scene, CAM)
    assert truth["TST:CARD:BIG"].angle_deg == 345
    assert len(truth) == 6                                           # corners, token, card; no board
    board = CAM.for_table(SMALL_TABLE).table_to_image((155, 40))[0].round().astype(int)
    assert image[board[1], board[0]].mean() > 150                    # a light body lies there
    assert_truth_matches_decoder(truth, decode(image))


def test_camera_faults_still_leave_readable_codes_where_the_truth_says(decode):
    cam = CameraModel(resolution=(1600, 900), margin_mm=30.0, tilt_deg=12, blur_sigma=0.8, noise_sigma=4,
                      light_gradient=0.4, glare=0.5, jpeg_quality=80, seed=3)
    scene = Scene(table_mm=SMALL_TABLE, items=grid(18, angle_step=29, tag_mm=30), corner_tag_mm=30)
    image, truth = render_scene(scene, cam)
    clean, _ = render_scene(scene, CameraModel(resolution=(1600, 900), margin_mm=30.0, tilt_deg=12))
    assert np.abs(image.astype(int) - clean).mean() > 5        # the faults really are there
    found = decode(image)
    visible = {p for p, t in truth.items() if t.visible}
    assert set(found) <= visible and len(found) >= 0.9 * len(visible)
    for payload, seen in found.items():
        assert np.hypot(*(seen["centre"] - np.array(truth[payload].px))) < 1.5


def test_renders_are_deterministic_given_the_seed():
    scene = Scene(table_mm=SMALL_TABLE, items=grid(6, angle_step=50), hands=[Hand(400, 250, 40)], corner_tag_mm=25)
    noisy = dict(resolution=(800, 450), noise_sigma=5, glare=0.4, light_gradient=0.3, jpeg_quality=85)
    a, ta = render_scene(scene, CameraModel(seed=1, **noisy))
    b, tb = render_scene(scene, CameraModel(seed=1, **noisy))
    c, _ = render_scene(scene, CameraModel(seed=2, **noisy))
    d, _ = render_scene(scene, CameraModel(seed=1, **noisy), frame_index=1)
    assert np.array_equal(a, b) and ta == tb
    assert not np.array_equal(a, c)
    assert not np.array_equal(a, d)                # sensor noise changes frame to frame


def test_scene_from_game_placements(decode):
    placements = [Placement("TST:SEAT:RED", 100, 20), Placement("TST:CARD:07", 250, 115, angle_deg=180,
                                                                  size_mm=(63, 88), label="Seven"),
                  Placement("TST:CARD:08", 350, 115, face_up=False, back="TST:BACK:X")]
    scene = Scene.from_placements(placements, table_mm=SMALL_TABLE, corner_tag_mm=25)
    image, truth = render_scene(scene, CAM)
    assert truth["TST:CARD:07"].angle_deg == 180 and "TST:CARD:08" not in truth
    assert_truth_matches_decoder(truth, decode(image))


def test_a_payload_too_long_for_a_version_1_code_is_refused():
    with pytest.raises(ValueError, match="version 1"):
        render_scene(Scene(items=[Item("TST:CARD:" + "X" * 30, 100, 100)]))
    with pytest.raises(SceneError, match="shape"):
        Item("TST:CARD:1", 0, 0, shape="hexagon")


def test_sensor_noise_has_the_asked_strength_on_every_channel():
    scene = Scene(table_mm=SMALL_TABLE, items=grid(6), corner_tag_mm=25)
    clean, _ = render_scene(scene, CameraModel(resolution=(800, 450)))
    noisy, _ = render_scene(scene, CameraModel(resolution=(800, 450), noise_sigma=6))
    diff = noisy.astype(float) - clean
    unsaturated = (clean > 20) & (clean < 235)
    for ch in range(3):
        d = diff[..., ch][unsaturated[..., ch]]
        assert abs(d.std() - 6) < 0.5 and abs(d.mean()) < 0.3


def _sharpness(grey: np.ndarray, dx: int, dy: int) -> float:
    """How steep the picture's edges across (dx, dy) are: the 99th percentile of
    the difference between neighbours (the tags' module edges, not the wood)."""
    a = grey.astype(np.float32)
    return float(np.percentile(np.abs(a[dy:, dx:] - a[:a.shape[0] - dy, :a.shape[1] - dx]), 99))


def test_what_a_real_camera_varies_shows_in_the_picture():
    import cv2
    # upright tags: their module edges run along the picture's rows and columns
    scene = Scene(table_mm=SMALL_TABLE, items=grid(12, tag_mm=30), corner_tag_mm=30)

    def shot(**kw):
        image, _ = render_scene(scene, CameraModel(resolution=(1600, 900), margin_mm=30.0, seed=4, **kw))
        return image

    base = shot()
    grey = cv2.cvtColor(base, cv2.COLOR_BGR2GRAY)
    # a warm lamp: less blue, as much red
    warm = shot(light_colour=(0.7, 0.9, 1.0))
    assert warm[..., 0].mean() < 0.75 * base[..., 0].mean() and abs(warm[..., 2].mean() - base[..., 2].mean()) < 1
    # a shadow: a band of the picture much darker, the rest as it was
    shade = shot(shadow=0.6).astype(np.float32).mean(axis=2) / np.maximum(1, base.astype(np.float32).mean(axis=2))
    assert np.percentile(shade, 5) < 0.6 and np.percentile(shade, 95) > 0.97
    # a defocused lens softens edges in every direction; camera shake along its own direction
    soft = cv2.cvtColor(shot(defocus_px=2.0), cv2.COLOR_BGR2GRAY)
    assert _sharpness(soft, 1, 0) < 0.7 * _sharpness(grey, 1, 0)
    assert _sharpness(soft, 0, 1) < 0.7 * _sharpness(grey, 0, 1)
    shake = cv2.cvtColor(shot(motion_px=6.0, motion_deg=0.0), cv2.COLOR_BGR2GRAY)    # horizontal
    across = _sharpness(shake, 1, 0) / _sharpness(grey, 1, 0)
    along = _sharpness(shake, 0, 1) / _sharpness(grey, 0, 1)
    assert across < 0.6 and along > across + 0.15
    # print dot gain: dark ink spreads, the picture darkens a little, never lightens
    gained = shot(dot_gain=0.6)
    assert (gained.astype(int) <= base.astype(int) + 0).all() and gained.mean() < base.mean() - 0.5


@pytest.mark.parametrize("bad", [{"light_colour": (1.0, 1.0)}, {"light_colour": (3.0, 1.0, 1.0)},
                                 {"shadow": 1.5}, {"dot_gain": -0.1}, {"defocus_px": 80.0}, {"motion_px": -1.0}])
def test_impossible_camera_faults_are_refused(bad):
    with pytest.raises(ValueError):
        CameraModel(**bad)
