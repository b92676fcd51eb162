"""A lamp's real reflection, path-traced (tests/data/pathtraced: Blender's
Cycles, a lamp over cards in glossy sleeves, with a sidecar saying which tags a
highlight covers and how much of each it clips): the table seen first in matte
sleeves, then the same table in glossy ones. The tags a reflection burns out
(a clipped highlight over most of the code) are held where they were, never
called gone, and named in ``update.glare``; no tag outside a highlight is."""
from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from companion.vision import Pipeline, PipelineConfig
from hardware.frames import Frame

DATA = Path(__file__).resolve().parents[1] / "data" / "pathtraced"

#: the frames where a lamp's reflection burns out whole codes, by game
FRAMES = ["GLC-mid-beside-sleeved", "CCR-mid-ceiling-sleeved", "GAH-mid-ceiling-sleeved", "TCG-mid-ceiling-sleeved"]


def frames(name: str):
    truth = json.loads((DATA / f"{name}.json").read_text())
    glossy = cv2.imread(str(DATA / truth["image"]))
    matte = cv2.imread(str(DATA / f"{name.rsplit('-', 1)[0]}-matte.jpg"))
    assert glossy is not None and matte is not None
    return truth, matte, glossy


@pytest.mark.parametrize("name", FRAMES)
def test_a_path_traced_reflection_holds_the_tags_it_burns_out(name):
    truth, matte, glossy = frames(name)
    burnt = {t["payload"] for t in truth["tags"] if t["highlight"]["covered"] >= 0.9 and
             t["highlight"].get("clipped", 0.0) >= 0.5}
    clear = {t["payload"] for t in truth["tags"] if t["highlight"]["covered"] == 0.0}
    # the pixel budget only: a loaded machine's frame time may leave a small tag unread for longer than these
    # 12 frames (a CI run saw TCG's Ghost 3 so), and reading the matte table is not what is tested here
    pipe = Pipeline(PipelineConfig(frame_budget=None))
    t = 0.0
    for i in range(12):
        u = pipe.process(Frame(matte, t, i))
        t += 0.1
    known = {s.payload for s in u.present}
    assert burnt and burnt <= known
    vanished: set[str] = set()
    held: set[str] = set()
    for i in range(12, 42):                # 3 s under the lamp's reflection: past the 1.5 s a missed tag lasts
        u = pipe.process(Frame(glossy, t, i))
        t += 0.1
        vanished |= set(u.vanished)
        held |= {g.payload for g in u.glare}
    read = {s.payload for s in u.sightings}
    hidden = burnt - read
    assert hidden, "every burnt-out tag was read: nothing to hold"
    assert not (hidden & vanished)
    assert hidden <= {g.payload for g in u.glare} and hidden <= {s.payload for s in u.present}
    assert not (held & clear)                  # no tag outside a highlight is taken for one under it
