"""The "How long to keep still" table (docs/refereeing.md) is what the pipeline does: for each
frame rate, how many frames after the hand leaves the table a normal move (a card
laid, a hand over it for a second) is settled, on real frames of the simulated
table through the real pipeline (simulated time: no timing is measured).

The pipeline runs without its frame budget (``frame_budget=None``, the pixel
budget only), as on a machine that keeps up: with it, what a frame decodes
depends on this machine's speed, and on a loaded one a new card's patch waited
a frame (one move in three settled a frame later, with or without the crops'
second thread); that budget has its own tests (test_vision_pass.py)."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from companion.demo.timeline import build_timeline
from companion.vision import Pipeline, PipelineConfig
from hardware.simtable import CameraModel, SimulatedTable
from tests.live.tables import short_game

ROOT = Path(__file__).resolve().parents[2]
HAND_S = 1.0
DOC = ROOT / "docs" / "refereeing.md"


def documented() -> dict[int, tuple[int, float]]:
    text = DOC.read_text()
    table = text[text.index("<!-- settling:"):].split("\n\n")[0]
    rows = re.findall(r"^\| (\d+)[^|]* \| (\d+) \| ([\d.]+) \|$", table, re.M)
    return {int(f): (int(n), float(s)) for f, n, s in rows}


def frames_to_settle(fps: int) -> list[tuple[int, float]]:
    """For each of three moves: (frames, seconds) from the hand leaving to the
    settled table that shows the move (the frame that settles included)."""
    game = short_game()
    beats = game.beats[:3]
    steps, marks = build_timeline(game.engine.arrange(game.start), beats, every_s=4.0, first_s=3.0, hand_s=HAND_S)
    pipe = Pipeline(PipelineConfig(frame_budget=None))
    wanted = [{p.payload for p in b.placements if p.face_up} for b in beats]
    out: list[tuple[int, float]] = []
    for frame in SimulatedTable(steps, CameraModel(resolution=(1600, 900)), fps=fps, hold_s=3.0):
        u = pipe.process(frame)
        i = len(out)
        if i == len(marks):
            break
        left = marks[i] + HAND_S / 2
        if frame.t > left and u.settled and u.snapshot is not None and \
                wanted[i] <= {s.payload for s in u.snapshot.sightings}:
            out.append((math.ceil((frame.t - left) * fps - 1e-6), round(frame.t - left, 2)))
    return out


def test_the_docs_give_every_frame_rate_they_measure():
    assert sorted(documented()) == [2, 5, 10, 14, 30]


@pytest.mark.parametrize("fps", [2, 5, 10, 14, 30])
def test_a_move_settles_as_many_frames_after_the_hand_as_the_docs_say(fps):
    assert frames_to_settle(fps) == [documented()[fps]] * 3


def test_a_card_taken_away_with_no_hand_in_view_settles_when_the_docs_say():
    """Drawn or recorded frames with no hand between two tables (the replays the
    docs tell how to make): a card taken away counts as gone after ``vanish_s``,
    then the table settles: the docs' 22 frames at 10 fps, so 25 frames of each
    still table are enough."""
    from companion.demo.timeline import scene
    game = short_game()
    placed = list(game.beats[0].placements)
    gone = next(p.payload for p in placed if p.payload.startswith("GLC:KID:"))      # a kid (markers are fixed)
    steps = [(0.0, scene(placed, (900.0, 600.0))), (3.0, scene([p for p in placed if p.payload != gone],
                                                                (900.0, 600.0)))]
    pipe = Pipeline(PipelineConfig(frame_budget=None))
    frames = None
    for n, frame in enumerate(SimulatedTable(steps, CameraModel(resolution=(1600, 900)), fps=10, hold_s=4.0)):
        u = pipe.process(frame)
        if frame.t >= 3.0 and u.settled and u.snapshot is not None and \
                gone not in {s.payload for s in u.snapshot.sightings}:
            frames = n - 30 + 1                     # the first frame without the card is frame 30
            break
    assert frames is not None
    said = re.search(r"refereed about \*\*([\d.]+) s\*\* after the table last\s+changed: (\d+) frames at 10 fps",
                     DOC.read_text())
    assert said and frames == int(said.group(2)) and frames <= 25
