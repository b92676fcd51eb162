"""Small tags (below 3 px per module) that only an upscaled crop reads, over the
frames of a still table: once read they stay on the table while nothing changes
where they lie, however little time a frame has left for crops, and they go
when their card is taken away or swapped for another."""
import dataclasses
import os
import threading

import pytest

from companion.bench.other_table import draw_table
from companion.bench.vision import camera, table_scene
from companion.vision import Pipeline, PipelineConfig, later_patches, workers
from companion.vision.decoders import raw_zxing
from hardware.frames import Frame
from hardware.simtable import Scene, SimulatedTable
from tests.support.slow import slowed


def test_tags_only_a_crop_reads_stay_on_a_still_table():
    """Another renderer's 2.1 px/module codes with blur σ 1.2 px: raw zxing-cpp
    reads none; a frame has time for a few crops only, so most tracked tags go
    unlooked-at on most frames. None of them may vanish for that."""
    image, centres = draw_table(25.0, (2304, 1296), blur=1.2)
    assert not raw_zxing().decode(image)
    pipe = Pipeline(PipelineConfig())
    vanished: list[str] = []
    for i in range(42):                       # 3 s at 14 fps
        u = pipe.process(Frame(image, i / 14, i))
        vanished += u.vanished
    assert vanished == []
    known = set(pipe.tracker.tracks)
    assert known <= set(centres)
    assert len(known) >= 0.75 * len(centres), f"{len(known)} of {len(centres)} read"
    assert u.settled


def test_a_small_tag_goes_when_its_card_is_taken_away():
    """1.8 px/module (21 mm tags at 2304x1296): cards whose tags were read from
    crops are taken off the settled table; they vanish, the others stay."""
    full = table_scene(21.4)
    gone = {f"GLC:KID:{i:02d}" for i in (3, 17, 24, 38, 45, 51)}
    after = Scene(items=[it for it in full.items if it.payload not in gone])
    table = SimulatedTable([(0.0, full), (4.0, after)], camera((2304, 1296)), fps=14.0, hold_s=4.0)
    pipe = Pipeline(PipelineConfig())
    before: set[str] = set()
    vanished: list[str] = []
    raw: set[str] | None = None
    for frame in table:
        u = pipe.process(frame)
        if raw is None:
            raw = {d.payload for d in raw_zxing().decode(frame.image)}
        if frame.t < 4.0:
            before = set(pipe.tracker.tracks)
        else:
            vanished += u.vanished
    removed_known = gone & before
    assert len(removed_known) >= 4, f"only {sorted(removed_known)} of the cards to take were read before"
    assert raw is not None and not removed_known & raw, "the removed tags should be ones only a crop reads"
    assert set(vanished) == removed_known
    assert before - gone <= set(pipe.tracker.tracks)


def test_a_card_swapped_on_the_same_spot_replaces_the_one_it_covers():
    """Four cards swapped for others in the very same place, at 1.8 px/module:
    the change detector's small copy may not tell the codes apart, so the new
    ones are read at the next full pass; then the old ones go (a tag read
    since on the spot of a tracked one means it was swapped) and the new ones
    stay."""
    full = table_scene(21.4)
    swap = {f"GLC:KID:{i:02d}": f"GLC:KID:{70 + i:02d}" for i in (3, 17, 24, 38)}
    after = Scene(items=[dataclasses.replace(it, payload=swap.get(it.payload, it.payload)) for it in full.items])
    table = SimulatedTable([(0.0, full), (4.0, after)], camera((2304, 1296)), fps=14.0, hold_s=4.0)
    pipe = Pipeline(PipelineConfig())
    before: set[str] = set()
    vanished: list[str] = []
    for frame in table:
        u = pipe.process(frame)
        if frame.t < 4.0:
            before = set(pipe.tracker.tracks)
        else:
            vanished += u.vanished
    swapped = set(swap) & before
    assert len(swapped) >= 3, f"only {sorted(swapped)} of the cards to swap were read before"
    assert set(vanished) == swapped
    now = set(pipe.tracker.tracks)
    assert {swap[p] for p in swapped} <= now and not swapped & now


@pytest.mark.parametrize("resolution, tag_mm, blur", [((2304, 1296), 25.0, 1.2), ((1152, 648), 30.0, 0.5)],
                         ids=["filter-beside-the-decode", "filter-after-a-small-frame"])
def test_small_tags_are_read_while_the_shared_threads_are_busy(resolution, tag_mm, blur):
    """The worker threads every table of a process shares (:mod:`companion.vision.workers`)
    held by other work for the whole run (another table's frame, a lens being learned, a
    test before this one): the candidate filter a 3 MP frame begins beside its decode, or
    a small frame after it, is then run on the frame's own thread. Before, it waited for
    a thread that never came, and a table settled without the tags only a crop reads."""
    image, centres = draw_table(tag_mm, resolution, blur=blur)
    raw = {d.payload for d in raw_zxing().decode(image)}
    release = threading.Event()
    held = [workers.pool().submit(release.wait) for _ in range(os.cpu_count() or 1)]
    try:
        pipe = Pipeline(PipelineConfig())
        for i in range(42):                   # 3 s at 14 fps
            u = pipe.process(Frame(image, i / 14, i))
    finally:
        release.set()
        for h in held:
            h.result()
    read = set(pipe.tracker.tracks) & set(centres)
    assert u.settled
    assert len(read) >= 0.9 * len(centres), f"{len(read)} of {len(centres)} read"
    assert len(read - raw) >= 0.3 * len(centres)          # tags only a crop reads


def test_a_table_settles_only_once_the_candidate_filters_patches_came(monkeypatch):
    """The candidate filter slower than the frames (a loaded machine: here it
    sleeps a quarter second, 3-4 frames at 14 fps): the corner markers the
    decode reads hold still long before the 60 small tags its patches hold are
    read. The table may not settle without them (it settled on the 4 corners,
    and a game read that as every card gone); it settles once they are read."""
    slowed(monkeypatch, later_patches, "candidates", 0.25)
    table = SimulatedTable(table_scene(21.4), camera((2304, 1296)), fps=14.0, hold_s=1e9)
    pipe = Pipeline(PipelineConfig())
    first_settled = None
    for _ in range(150):                      # ~10 s at 14 fps: how many frames a slow filter takes varies
        u = pipe.process(table.read())        # with the machine (the sleep is wall time, the frames are not)
        if u.settled:
            first_settled = set(pipe.tracker.present())
            break
    assert first_settled is not None
    assert len(first_settled) >= 0.9 * len(table.truth), f"settled with {len(first_settled)} of {len(table.truth)}"


def test_frames_that_wait_to_be_read_wait_for_the_lens_too(monkeypatch):
    """A replay read as fast as it is read (the pipeline not ``paced``: FrameSource.realtime False)
    takes up the lens learned beside its frames at the next frame, however slow
    the machine learns it: 1.8 px/module tags read the same, frame by frame, with
    the learning a second and a half slow as without. A camera's frames (paced) take
    it up once it is learned: there, a slow lens leaves tags unread for longer."""
    from companion.vision import lens

    def tracked_per_frame(paced: bool) -> list[int]:
        pipe = Pipeline(PipelineConfig(frame_budget=None))     # the pixel budget only: no wall-clock bound
        pipe.paced = paced
        table = SimulatedTable(table_scene(21.4), camera((2304, 1296)), fps=14.0, hold_s=2.0)
        out = [len(pipe.process(frame).present) for frame in table]
        pipe.join()
        return out

    idle = tracked_per_frame(paced=False)
    slowed(monkeypatch, lens, "learn", 1.5)
    assert tracked_per_frame(paced=False) == idle
    assert tracked_per_frame(paced=True) != idle
