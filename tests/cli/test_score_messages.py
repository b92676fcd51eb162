"""``companion score``'s messages: why there is no score, said once; a photo of
another game's table, named as that game. The photos are the games' example
tables laid out for scoring, drawn from above by the simulated table."""
from __future__ import annotations

import subprocess

import cv2
import pytest

from hardware.simtable import CameraModel, Item, Scene, render_scene
from tests.support.cli import COMPANION
from tests.support.score_pictures import scoring_table


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """code -> a photo of that game's finished table, laid out for scoring."""
    d = tmp_path_factory.mktemp("score")
    out = {}
    for code in ("CCR", "GAH"):
        items = [Item.from_placement(p) for p in scoring_table(code)]
        image, _ = render_scene(Scene(table_mm=(900.0, 600.0), items=items), CameraModel(resolution=(1600, 1100)))
        out[code] = d / f"{code}.png"
        cv2.imwrite(str(out[code]), image)
    return out


def score(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*COMPANION, "score", *map(str, args)], capture_output=True, text=True, timeout=120)


def test_no_score_is_said_once_on_stderr_with_exit_1(photos):
    run = score("CCR", "--players", "RED,BLUE,GREEN", photos["CCR"])
    assert run.returncode == 1
    assert "no score" not in run.stdout.lower()
    assert run.stdout.startswith("Candy Crave from ")            # the report itself is still there
    assert run.stderr.splitlines() == [
        "companion score: no score: the table shows round 2 only (RED 0, BLUE 133, GREEN 114); Candy Crave adds "
        "round 1's points, written down after round 1: give them as round1=RED:51,BLUE:44,... (each player's "
        "round 1 points, as written down)"]
