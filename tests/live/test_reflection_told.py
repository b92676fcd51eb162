"""A lamp's reflection over a card is told to the players (issue 43): from real
frames of each game's table with a highlight burnt over one card, the page's
prompts say which card and where, the page's map marks the place, the status
LED turns amber; when the reflection goes, so does the warning, and the game
was refereed all along."""
from __future__ import annotations

from pathlib import Path

import cv2
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.examples import example_states
from hardware.frames import Frame, FrameSource
from hardware.indicators import Indicators
from hardware.simtable import CameraModel, SimulatedTable
from tests.support.glare import CODES, Glaring, case, case_actions, case_of
from tests.support.table import scene_of

from .test_session import PINS, make_session, record

GLARE_FROM, GLARE_TO, END = 2.5, 5.0, 7.0


def reflections(view):
    return [p for p in view["prompts"] if p["text"].startswith("A reflection hides")]


@pytest.mark.parametrize("code", CODES)
def test_the_page_and_the_leds_say_where_a_reflection_hides_a_card(tmp_path, code):
    game, state, placements, target = case(code)
    ind = Indicators(PINS, factory=MockFactory(pin_class=MockPWMPin))
    s = make_session(tmp_path, indicators=ind)
    views = record(s)
    s.new_game(code, list(game.example_players), {})
    for a in case_actions(code):
        s.apply(a)
    assert s.state == state
    scene = scene_of(placements)
    src = Glaring(SimulatedTable(scene, CameraModel(resolution=(1600, 900)), fps=10.0, hold_s=END),
                  target, GLARE_FROM, GLARE_TO)
    s.start(src)
    assert s.wait(120)
    s.stop()
    told = [v for v in views if reflections(v)]
    assert told, f"no view told of the reflection over {target}"
    expected = case_of(code).told
    for v in told:
        assert [p["text"] for p in reflections(v)] == [expected]
        assert reflections(v)[0]["level"] == "warning"
        assert v["indicators"]["status"] == "amber"
        [spot] = v["reflections"]
        placed = next(p for p in placements if p.payload == target)
        assert abs(spot["x_mm"] - placed.x_mm) < 5 and abs(spot["y_mm"] - placed.y_mm) < 5
        assert spot["text"] == expected
    # the game was refereed all along: the table is as the game says, nothing recorded
    assert s.state == state and s.view()["status"] == "in_sync"
    # the reflection gone, the warning went with it
    last = s.view()
    assert not reflections(last) and last["reflections"] == [] and last["indicators"]["status"] == "green"
    s.close()


class Stills(FrameSource):
    """Still pictures as camera frames: each (image, seconds) in turn, at ``fps``."""

    def __init__(self, stills, fps: float = 10.0):
        self.stills, self.fps, self.index = stills, fps, 0
        self.frames = [img for img, seconds in stills for _ in range(int(seconds * fps))]

    def read(self):
        if self.index >= len(self.frames):
            return None
        f = Frame(self.frames[self.index], self.index / self.fps, self.index)
        self.index += 1
        return f


def test_a_path_traced_reflection_over_the_kid_in_slot_3_is_told(tmp_path):
    """Ghosts Love Candy half way through its example game, path-traced
    (tests/data/pathtraced): in matte sleeves, then in glossy ones with the
    lamp beside the camera, whose reflection burns out the kids in slots 3 and
    4 and the ghost under the one in slot 4. The page tells each, by name and
    place, and the game is not changed by it."""
    data = Path(__file__).resolve().parents[1] / "data" / "pathtraced"
    matte = cv2.imread(str(data / "GLC-mid-beside-matte.jpg"))
    glossy = cv2.imread(str(data / "GLC-mid-beside-sleeved.jpg"))
    game, _, states = example_states("GLC")
    half = len(states) // 2                       # the frames' "mid": companion/pathtraced/setup.py
    s = make_session(tmp_path)
    views = record(s)
    s.new_game("GLC", list(game.example_players), {})
    for a in case_actions("GLC", half):
        s.apply(a)
    assert s.state == states[half]
    before = s.state
    s.start(Stills([(matte, 1.5), (glossy, 3.0)]))
    assert s.wait(120)
    s.stop()
    told = {p["text"] for p in reflections(views[-1])}
    assert "A reflection hides VAMPIRE in slot 3: tilt the lamp or the card" in told
    assert "A reflection hides PIRATE in slot 4: tilt the lamp or the card" in told
    assert s.state == before
    s.close()
