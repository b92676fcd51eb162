"""The simulated table as a frame source: time, timelines, truth per frame, scene files."""
from __future__ import annotations

import json

import pytest

from hardware.frames import FrameSource
from hardware.simtable import CameraModel, Hand, Item, Scene, SceneError, SimulatedTable, load_scene

TABLE = (420.0, 230.0)
CAM = CameraModel(resolution=(1600, 900), margin_mm=30.0)


def scene(*items, hands=()):
    return Scene(table_mm=TABLE, items=list(items), hands=list(hands), corner_tag_mm=25)


KID = Item("TST:KID:02", 150, 115, size_mm=(50, 70))
GHOST = Item("TST:GHOST:R7", 280, 115, angle_deg=90)


def test_a_timeline_changes_the_table_over_time(decode):
    src = SimulatedTable([(0.0, scene(KID)), (0.5, scene(KID, GHOST)), (1.0, scene(GHOST, hands=[Hand(280, 115)]))],
                         CAM, fps=4.0, hold_s=0.5)
    assert isinstance(src, FrameSource)
    seen = []
    for frame in src:
        found = decode(frame.image)
        seen.append((frame.index, frame.t, sorted(p for p in found if not p.startswith("TC:"))))
        assert set(found) == set(src.truth.visible())
    assert seen == [(0, 0.0, ["TST:KID:02"]), (1, 0.25, ["TST:KID:02"]),
                    (2, 0.5, ["TST:GHOST:R7", "TST:KID:02"]), (3, 0.75, ["TST:GHOST:R7", "TST:KID:02"]),
                    (4, 1.0, []), (5, 1.25, []), (6, 1.5, [])]        # a hand covers the ghost; then it ends
    assert src.read() is None
    assert src.truth["TST:GHOST:R7"].occluded_by == "hand"


def test_a_single_scene_holds_for_hold_s_and_a_callable_never_ends():
    src = SimulatedTable(scene(KID), CAM.__class__(resolution=(320, 180)), fps=10.0, hold_s=0.3)
    assert [f.t for f in src] == pytest.approx([0.0, 0.1, 0.2, 0.3])

    def moving(t):
        return scene(Item("TST:KID:02", 100 + 50 * t, 115))
    src = SimulatedTable(moving, CameraModel(resolution=(320, 180)), fps=5.0)
    frames = [src.read() for _ in range(30)]
    assert all(f is not None for f in frames) and frames[-1].t == pytest.approx(29 / 5)
    assert src.truth["TST:KID:02"].x_mm == pytest.approx(100 + 50 * 29 / 5)


def test_noise_changes_every_frame_but_replays_identically():
    cam = CameraModel(resolution=(320, 180), noise_sigma=4, seed=5)
    a = [f.image for f in SimulatedTable(scene(KID), cam, hold_s=0.2)]
    b = [f.image for f in SimulatedTable(scene(KID), cam, hold_s=0.2)]
    assert all((x == y).all() for x, y in zip(a, b)) and len(a) == 3
    assert not (a[0] == a[1]).all()


def test_scene_json_with_a_timeline_and_a_camera(tmp_path, decode):
    path = tmp_path / "scene.json"
    path.write_text(json.dumps({
        "table_mm": list(TABLE), "corner_tag_mm": 25,
        "items": [{"payload": "TC:SEAT:RED", "x_mm": 60, "y_mm": 40}],
        "camera": {"resolution": [1600, 900], "margin_mm": 30, "seed": 4},
        "timeline": [
            {"t": 0, "items": [{"payload": "TST:KID:02", "x_mm": 200, "y_mm": 115, "angle_deg": 45,
                                "size_mm": [50, 70], "label": "Kid 2"}]},
            {"t": 1.0, "items": [{"payload": "TST:LOVE:1", "x_mm": 200, "y_mm": 115, "face_up": False,
                                  "back": "TST:BACK:LOVE", "shape": "round", "size_mm": [45, 45]}],
             "hands": [{"x_mm": 330, "y_mm": 180, "radius_mm": 40}]}]}))
    loaded = load_scene(path)
    assert loaded.camera.resolution == (1600, 900) and len(loaded.timeline) == 2
    src = SimulatedTable(loaded, fps=1.0, hold_s=0.0)
    first, second = src.read(), None
    assert set(decode(first.image)) == {"TC:CORNER:1", "TC:CORNER:2", "TC:CORNER:3", "TC:CORNER:4",
                                       "TC:SEAT:RED", "TST:KID:02"}
    second = src.read()
    assert "TST:BACK:LOVE" in decode(second.image) and "TST:LOVE:1" not in src.truth
    assert src.read() is None


@pytest.mark.parametrize("bad, where", [
    ({"items": [{"payload": "A:B:C", "x_mm": 1}]}, "items[0]: missing 'y_mm'"),
    ({"items": [{"payload": "A:B:C", "x_mm": "ten", "y_mm": 1}]}, "items[0].x_mm: expected a number"),
    ({"items": [{"payload": "A:B:C", "x_mm": 1, "y_mm": 1, "colour": "red"}]}, "unknown key"),
    ({"table_mm": [900]}, "table_mm: expected"),
    ({"timeline": [{"t": 2}, {"t": 1}]}, "time order"),
    ({"timeline": [{"items": []}]}, "missing 't'"),
    ({"camera": {"zoom": 2}}, "camera: unknown key"),
    ({"hands": [{"x_mm": 1}]}, "hands[0]: missing 'y_mm'"),
])
def test_bad_scene_json_is_refused_with_the_place_at_fault(bad, where):
    with pytest.raises(SceneError) as err:
        load_scene(bad)
    assert where in str(err.value)


def test_scene_file_errors(tmp_path):
    with pytest.raises(SceneError, match="does not exist"):
        load_scene(tmp_path / "nope.json")
    (tmp_path / "broken.json").write_text("{not json")
    with pytest.raises(SceneError, match="not valid JSON"):
        load_scene(tmp_path / "broken.json")


def test_the_example_scene_plays(decode):
    from pathlib import Path

    import hardware.simtable
    path = Path(hardware.simtable.__file__).parent / "scenes" / "example.json"
    src = SimulatedTable(load_scene(path), CameraModel(resolution=(2304, 1296), seed=1), fps=1.0, hold_s=0.0)
    frames = list(src)
    assert [f.t for f in frames] == [0.0, 1.0, 2.0, 3.0]
    assert "TST:CARD:04" in decode(frames[3].image) and "TST:CARD:04" not in decode(frames[1].image)
    assert "TST:CARD:03" not in src.truth                       # face down
