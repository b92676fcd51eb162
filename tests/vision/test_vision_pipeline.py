"""The pipeline over the simulated table: tags appear, vanish, are held under a
hand, the table settles, a bumped camera recalibrates, and a settled table is
not decoded again."""
import math

import pytest

from companion.vision import Pipeline, PipelineConfig
from hardware.frames import Frame
from hardware.simtable import CameraModel, Hand, Item, Scene, render_scene
from tests.support.table import run_timeline, snapshot_of

CAM = CameraModel(resolution=(1600, 900), noise_sigma=2.0)
A = Item("GLC:KID:01", 200, 200, angle_deg=10, tag_mm=35, size_mm=(60, 80))
B = Item("GLC:KID:02", 650, 380, angle_deg=200, tag_mm=35, size_mm=(60, 80))
C = Item("GLC:KID:03", 450, 300, angle_deg=90, tag_mm=35, size_mm=(60, 80))


def first(updates, pred):
    """The time of the first update that satisfies ``pred`` (or None)."""
    return next((f.t for f, u in updates if pred(u)), None)


def payloads(snapshot):
    return {s.payload for s in snapshot if not s.payload.startswith("TC:CORNER")}


def test_a_still_table_settles_into_a_snapshot():
    pipe, ups = run_timeline(Scene(items=[A, B]), CAM, hold_s=1.5)
    t_settle = first(ups, lambda u: u.settled)
    assert t_settle is not None and t_settle >= PipelineConfig().settle_s
    # before settling there is no snapshot; then exactly one change
    assert all(u.snapshot is None for f, u in ups if f.t < t_settle)
    assert sum(u.changed for f, u in ups) == 1
    snap = ups[-1][1].snapshot
    assert payloads(snap) == {"GLC:KID:01", "GLC:KID:02"}
    a = snap.find("GLC:KID:01")
    assert a.distance_to(200, 200) < 2 and abs(a.angle_deg - 10) < 3
    assert len(snap.markers("CORNER")) == 4 and snap.calibrated


def test_a_tag_appears_only_after_k_frames():
    cfg = PipelineConfig(appear_frames=3)
    pipe, ups = run_timeline([(0.0, Scene(items=[A])), (1.5, Scene(items=[A, B]))], CAM, config=cfg)
    seen_at = first(ups, lambda u: "GLC:KID:02" in {s.payload for s in u.sightings})
    present_at = first(ups, lambda u: "GLC:KID:02" in {s.payload for s in u.present})
    # decoded once its patch of the picture is still (the frame after it changed),
    # on the table from the third frame it was seen in (10 fps)
    assert 1.5 <= seen_at <= 1.6 + 1e-9
    assert present_at == pytest.approx(seen_at + 0.2)
    snaps = [u.snapshot for f, u in ups if u.changed]
    assert [payloads(s) for s in snaps] == [{"GLC:KID:01"}, {"GLC:KID:01", "GLC:KID:02"}]


def test_a_removed_tag_vanishes_after_vanish_s():
    cfg = PipelineConfig(vanish_s=1.0)
    pipe, ups = run_timeline([(0.0, Scene(items=[A, B])), (2.0, Scene(items=[A]))], CAM, config=cfg, hold_s=2.5)
    gone_at = first(ups, lambda u: "GLC:KID:02" in u.vanished)
    assert gone_at is not None and 2.0 + 1.0 - 0.11 <= gone_at <= 2.0 + 1.0 + 0.31
    # no settled snapshot while it was missing but not yet gone
    assert not any(u.settled for f, u in ups if 2.0 <= f.t < gone_at)
    assert payloads(ups[-1][1].snapshot) == {"GLC:KID:01"}


def test_a_hand_resting_over_a_tag_does_not_remove_it():
    hand = Hand(C.x_mm, C.y_mm, radius_mm=80)
    timeline = [(0.0, Scene(items=[A, B, C])), (1.5, Scene(items=[A, B, C], hands=[hand])),
                (5.0, Scene(items=[A, B, C]))]
    pipe, ups = run_timeline(timeline, CAM, config=PipelineConfig(vanish_s=1.0), hold_s=2.0)
    covered = [(f, u) for f, u in ups if 1.5 <= f.t < 5.0]
    # the renderer really hides it, for longer than vanish_s
    assert all("GLC:KID:03" not in {s.payload for s in u.sightings} for f, u in covered)
    assert all("GLC:KID:03" in {s.payload for s in u.present} for f, u in covered)
    assert not any(u.vanished for f, u in ups)
    # a covered table is not settled; after the hand leaves it settles, unchanged
    assert not any(u.settled for f, u in covered[1:])
    assert ups[-1][1].settled
    assert sum(u.changed for f, u in ups) == 1
    assert payloads(ups[-1][1].snapshot) == {"GLC:KID:01", "GLC:KID:02", "GLC:KID:03"}


def test_a_hand_that_takes_a_card_away():
    hand = Hand(C.x_mm, C.y_mm, radius_mm=80)
    timeline = [(0.0, Scene(items=[A, B, C])), (1.5, Scene(items=[A, B, C], hands=[hand])),
                (3.0, Scene(items=[A, B], hands=[hand])), (3.5, Scene(items=[A, B]))]
    pipe, ups = run_timeline(timeline, CAM, config=PipelineConfig(vanish_s=1.0), hold_s=2.5)
    gone_at = first(ups, lambda u: "GLC:KID:03" in u.vanished)
    assert gone_at is not None and gone_at >= 3.5
    assert payloads(ups[-1][1].snapshot) == {"GLC:KID:01", "GLC:KID:02"}


def test_a_moved_card_settles_at_its_new_place():
    moved = Item(B.payload, 500, 150, angle_deg=45, tag_mm=35, size_mm=(60, 80))
    pipe, ups = run_timeline([(0.0, Scene(items=[A, B])), (1.5, Scene(items=[A, moved]))], CAM)
    assert first(ups, lambda u: "GLC:KID:02" in u.moved) is not None
    snaps = [u.snapshot for f, u in ups if u.changed]
    assert len(snaps) == 2
    b = snaps[-1].find("GLC:KID:02")
    assert b.distance_to(500, 150) < 2 and abs(b.angle_deg - 45) < 3
    t_moved = 1.5
    t_settled = first([(f, u) for f, u in ups if f.t >= t_moved], lambda u: u.changed)
    assert t_settled >= t_moved + PipelineConfig().settle_s - 1e-9


def test_a_settled_table_is_not_decoded_again():
    pipe, ups = run_timeline([(0.0, Scene(items=[A, B])), (2.0, Scene(items=[A, B, C]))], CAM,
                             config=PipelineConfig(full_every_s=60.0))
    quiet = [u for f, u in ups if 1.0 <= f.t < 2.0]
    assert quiet and all(u.settled and u.mode == "regions" and not u.regions and not u.sightings for u in quiet)
    # a card put down: only the part of the frame around it is decoded
    u = next(u for f, u in ups if f.t >= 2.0 and u.regions)
    (x0, y0, x1, y1), = u.regions
    assert (x1 - x0) * (y1 - y0) < 0.2 * 1600 * 900
    assert "GLC:KID:03" in {s.payload for s in u.sightings}
    assert payloads(ups[-1][1].snapshot) == {"GLC:KID:01", "GLC:KID:02", "GLC:KID:03"}


def test_a_bumped_camera_recalibrates_without_moving_anything():
    scene = Scene(items=[A, B, C])
    steady, _ = render_scene(scene, CAM)
    bumped, truth = render_scene(scene, CameraModel(resolution=(1600, 900), noise_sigma=2.0, rotate_deg=2.5,
                                                    tilt_deg=5))
    pipe = Pipeline()
    ups = [pipe.process(Frame(steady if i < 15 else bumped, i / 10, i)) for i in range(35)]
    # once, as soon as the picture is still again (frame 15 moved, frame 16 is still)
    assert [i for i, u in enumerate(ups) if u.recalibrated] in ([15], [16])
    assert sum(u.changed for u in ups) == 1                       # the table did not change
    assert not any(u.moved or u.vanished for u in ups)
    assert ups[-1].settled
    for s in ups[-1].present:
        if s.payload in truth:
            assert math.dist(s.px, truth[s.payload].px) < 2          # pixels follow the new view
            assert s.distance_to(truth[s.payload].x_mm, truth[s.payload].y_mm) < 2


def test_duplicates_and_bad_payloads_are_reported_not_tracked():
    twin = Item("GLC:KID:01", 700, 200, tag_mm=35)
    bad = Item("HELLO WORLD", 450, 450, tag_mm=35)
    pipe, ups = run_timeline(Scene(items=[A, twin, bad, B]), CAM, hold_s=1.0)
    u0 = ups[0][1]
    assert u0.duplicates == ["GLC:KID:01"]
    assert [r["payload"] for r in u0.rejected] == ["HELLO WORLD"]
    assert "GAME:KIND:ID" in u0.rejected[0]["reason"]
    snap = ups[-1][1].snapshot
    assert "HELLO WORLD" not in snap and "GLC:KID:02" in snap


def test_uncalibrated_table_gives_no_snapshot():
    pipe, ups = run_timeline(Scene(items=[A, B], corners=False), CAM, hold_s=1.0)
    assert not any(u.calibrated or u.snapshot for f, u in ups)
    assert {s.payload for s in ups[0][1].sightings} == {"GLC:KID:01", "GLC:KID:02"}


def test_overlay_draws_on_a_copy():
    pipe, ups = run_timeline(Scene(items=[A, B]), CAM, hold_s=0.5)
    frame = ups[-1][0]
    before = frame.image.copy()
    out = pipe.overlay(frame)
    assert out.shape == frame.image.shape and (out != frame.image).any()
    assert (frame.image == before).all()


def test_snapshot_of_reads_placements_including_face_down_backs():
    from models.table import Placement
    ps = [Placement("GLC:KID:07", 150, 120, 30, size_mm=(50, 70)),
          Placement("GLC:KID:08", 600, 400, 180, face_up=False, back="GLC:BACK:KID", size_mm=(50, 70)),
          Placement("TC:SEAT:RED", 450, 30)]
    snap = snapshot_of(ps)
    assert payloads(snap) == {"GLC:KID:07", "GLC:BACK:KID", "TC:SEAT:RED"}
    assert snap.find("GLC:KID:07").distance_to(150, 120) < 2
    assert snap.seat_of(snap.find("GLC:KID:07")) == "RED"


def test_a_board_laid_over_a_token_hides_it_for_good():
    # a still, hand-sized change is a hand only for a while: a board stays
    board = Item(None, C.x_mm, C.y_mm, size_mm=(220, 220))
    cfg = PipelineConfig(vanish_s=0.5, hold_still_s=1.0)
    pipe, ups = run_timeline([(0.0, Scene(items=[A, B, C])), (1.5, Scene(items=[A, B, C, board]))], CAM,
                             config=cfg, hold_s=3.0)
    gone_at = first(ups, lambda u: "GLC:KID:03" in u.vanished)
    assert gone_at is not None and gone_at >= 1.5 + 1.0
    assert payloads(ups[-1][1].snapshot) == {"GLC:KID:01", "GLC:KID:02"}
