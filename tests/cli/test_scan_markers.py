"""``companion scan`` knows the companion's own table markers (``TC:...``): it
lists each as what it is, not as a tag no game knows."""
from __future__ import annotations

import json
import subprocess

import cv2
import pytest

from hardware.simtable import CameraModel, Item, Scene, render_scene
from tests.support.cli import COMPANION

ITEMS = [Item("TC:SEAT:RED", 200, 80, tag_mm=35), Item("TC:ZONE:DECK", 450, 300, tag_mm=35),
         Item("TC:SEAT:NOBODY", 700, 80, tag_mm=35), Item("GLC:KID:02", 300, 450, tag_mm=35),
         Item("ZZZ:TOKEN:7", 620, 450, tag_mm=35)]


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    image, _ = render_scene(Scene(items=ITEMS), CameraModel(resolution=(1600, 900)))
    path = tmp_path_factory.mktemp("scan") / "table.png"
    cv2.imwrite(str(path), image)
    return path


def test_corner_seat_and_zone_markers_are_listed_as_known_markers(table):
    run = subprocess.run([*COMPANION, "scan", str(table)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    rows = {line.split()[0]: line for line in run.stdout.splitlines()[2:]}
    assert len(rows) == 9, run.stdout
    for n in range(1, 5):
        assert rows[f"TC:CORNER:{n}"].split()[1:3] == ["corner", "marker"]
    assert rows["TC:SEAT:RED"].split()[1:4] == ["seat", "marker", "RED"]
    assert rows["TC:ZONE:DECK"].split()[1:4] == ["zone", "marker", "DECK"]
    assert rows["GLC:KID:02"].split()[1] == "yes"
    assert rows["ZZZ:TOKEN:7"].split()[1] == "no"                 # no game lists it
    assert rows["TC:SEAT:NOBODY"].split()[1] == "no"              # no game seats a NOBODY


def test_json_says_the_markers_are_known(table):
    run = subprocess.run([*COMPANION, "scan", str(table), "--json"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    known = {s["payload"]: s["known"] for s in json.loads(run.stdout)["sightings"]}
    assert known == {"TC:CORNER:1": True, "TC:CORNER:2": True, "TC:CORNER:3": True, "TC:CORNER:4": True,
                     "TC:SEAT:RED": True, "TC:ZONE:DECK": True, "TC:SEAT:NOBODY": False, "GLC:KID:02": True,
                     "ZZZ:TOKEN:7": False}
