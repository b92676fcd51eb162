"""Frame sources by name: recordings, replays, video files, the Pi camera's absence, bad specs."""
from __future__ import annotations

import json
import logging

import cv2
import numpy as np
import pytest

from hardware.frames import FrameSourceError
from hardware.simtable import CameraModel, Item, Scene, SimulatedTable
from hardware.sources import OpenCVSource, Picamera2Source, ReplaySource, SourceSpecError, open_source, record

TABLE = (420.0, 230.0)
CAM = CameraModel(resolution=(800, 450), margin_mm=30.0)


def sim(n_frames: int, fps: float = 10.0, cam: CameraModel = CAM) -> SimulatedTable:
    """A table where a card slides to the right, one frame after another."""
    def at(t):
        return Scene(table_mm=TABLE, corner_tag_mm=40, items=[Item("TST:KID:02", 120 + 100 * t, 115, tag_mm=45)])
    return SimulatedTable([(i / fps, at(i / fps)) for i in range(n_frames)], cam, fps=fps, hold_s=0.0)


def test_record_then_replay_gives_back_the_same_frames(tmp_path, decode):
    originals = list(sim(5))
    assert record(sim(5), tmp_path / "rec", 10) == 5           # stops when the source ends
    meta = json.loads((tmp_path / "rec" / "frames.json").read_text())
    assert [f["file"] for f in meta["frames"]] == [f"{i:06d}.png" for i in range(5)]
    replayed = list(open_source(f"replay:{tmp_path / 'rec'}"))
    assert [f.t for f in replayed] == pytest.approx([f.t for f in originals])
    assert all(np.array_equal(a.image, b.image) for a, b in zip(originals, replayed))
    assert "TST:KID:02" in decode(replayed[-1].image)
    src = ReplaySource(tmp_path / "rec")               # the simulated truth comes along
    for original_truth_x in [120 + 100 * t for t in (0.0, 0.1, 0.2)]:
        src.read()
        assert src.truth["TST:KID:02"].x_mm == pytest.approx(original_truth_x) and src.truth["TST:KID:02"].visible


def test_a_broken_image_is_skipped_and_counted(tmp_path, caplog):
    record(sim(4, fps=4.0), tmp_path, 4, ext=".jpg")
    (tmp_path / "000002.jpg").write_bytes(b"this is not a jpeg")
    src = ReplaySource(tmp_path)
    with caplog.at_level(logging.WARNING):
        frames = list(src)
    assert [f.t for f in frames] == pytest.approx([0.0, 0.25, 0.75])
    assert src.errors == 1 and "000002.jpg" in caplog.text


def test_replay_timestamps_from_timestamps_txt_or_fps(tmp_path):
    for i, f in enumerate(sim(3)):
        cv2.imwrite(str(tmp_path / f"shot_{i}.png"), f.image)
    assert [f.t for f in ReplaySource(tmp_path)] == pytest.approx([0.0, 0.1, 0.2])       # 10 fps by default
    assert [f.t for f in ReplaySource(tmp_path, fps=4)] == pytest.approx([0.0, 0.25, 0.5])
    (tmp_path / "timestamps.txt").write_text("# seconds\n12.0\n12.4\n13.1\n")
    assert [f.t for f in ReplaySource(tmp_path)] == pytest.approx([12.0, 12.4, 13.1])
    (tmp_path / "timestamps.txt").write_text("shot_2.png 3.0\nshot_0.png 1.0\nshot_1.png 2.5\n")
    assert [f.t for f in ReplaySource(tmp_path)] == pytest.approx([1.0, 2.5, 3.0])
    (tmp_path / "timestamps.txt").write_text("1.0\n2.0\n")
    with pytest.raises(FrameSourceError, match="2 times for 3 images"):
        ReplaySource(tmp_path).open()


def test_replay_can_loop(tmp_path):
    record(sim(2), tmp_path, 2)
    src = ReplaySource(tmp_path, loop=True)
    ts = [src.read().t for _ in range(5)]
    assert ts == pytest.approx([0.0, 0.1, 0.2, 0.3, 0.4])


def test_replay_errors(tmp_path):
    with pytest.raises(FrameSourceError, match="no images"):
        open_source(f"replay:{tmp_path}")
    with pytest.raises(FrameSourceError, match="neither a folder"):
        open_source(f"replay:{tmp_path / 'missing'}")


def write_video(path, frames, fps):
    h, w = frames[0].image.shape[:2]
    out = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (w, h))
    assert out.isOpened()
    for f in frames:
        out.write(f.image)
    out.release()


def test_opencv_reads_a_video_file_to_its_end(tmp_path, decode):
    frames = list(sim(6, cam=CameraModel(resolution=(640, 360), margin_mm=30.0)))
    write_video(tmp_path / "game.avi", frames, 5.0)
    src = open_source(f"opencv:{tmp_path / 'game.avi'}")
    assert isinstance(src, OpenCVSource)
    read = list(src)
    assert [f.index for f in read] == list(range(6))
    assert [f.t for f in read] == pytest.approx([i / 5.0 for i in range(6)])
    assert read[0].image.shape == (360, 640, 3)
    assert "TST:KID:02" in decode(read[3].image)
    assert src.read() is None                                   # the end of a file is not an error
    # the same file as a replay
    assert len(list(open_source(f"replay:{tmp_path / 'game.avi'}"))) == 6


def test_opencv_device_that_is_not_there_is_a_frame_source_error():
    with pytest.raises(FrameSourceError, match="camera device 97"):
        open_source("opencv:97")
    with pytest.raises(FrameSourceError, match="does not exist"):
        open_source("opencv:/no/such/video.mp4")


def test_picamera2_says_how_to_install_it():
    with pytest.raises(FrameSourceError) as err:
        open_source("picamera2:2304x1296")
    message = str(err.value)
    assert "python3-picamera2" in message and "--system-site-packages" in message
    assert Picamera2Source((2304, 1296)).resolution == (2304, 1296)


def test_sim_spec_opens_a_scene_file(tmp_path, decode):
    (tmp_path / "s.json").write_text(json.dumps({"table_mm": list(TABLE), "corner_tag_mm": 40,
                                                 "items": [{"payload": "TST:KID:02", "x_mm": 200, "y_mm": 115,
                                                            "tag_mm": 45}]}))
    src = open_source(f"sim:{tmp_path / 's.json'}", fps=5, resolution=(800, 450), hold_s=0.2)
    frames = list(src)
    assert len(frames) == 2 and frames[0].width == 800
    assert "TST:KID:02" in decode(frames[0].image)


@pytest.mark.parametrize("spec, message", [
    ("", "no frame source"),
    ("webcam", "unknown frame source"),
    ("opencv:", "device index or a video file"),
    ("replay:", "folder of images"),
    ("sim:", "scene file"),
    ("picamera2:huge", "WIDTHxHEIGHT"),
])
def test_bad_specs_say_what_would_work(spec, message):
    with pytest.raises(SourceSpecError, match=message) as err:
        open_source(spec)
    assert isinstance(err.value, ValueError) and isinstance(err.value, FrameSourceError)


def test_bad_arguments_and_missing_scene_files(tmp_path):
    with pytest.raises(SourceSpecError, match="does not exist"):
        open_source(f"sim:{tmp_path / 'nope.json'}")
    (tmp_path / "s.json").write_text("{}")
    with pytest.raises(SourceSpecError, match="unexpected keyword"):
        open_source(f"sim:{tmp_path / 's.json'}", colour="red")
