"""`companion scan` end to end, as a user runs it: real images, real decoder, the
console script in a subprocess."""
import json
import math
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from hardware.simtable import CameraModel, Item, Scene, render_scene

COMPANION = str(Path(sys.executable).parent / "companion")
CAM = CameraModel(resolution=(1600, 900))
ITEMS = [Item("GLC:KID:02", 300, 90, angle_deg=90, tag_mm=35), Item("ZZZ:TOKEN:7", 620, 410, angle_deg=200, tag_mm=35)]


def catalog_payloads():
    from models.registry import game_classes, get_game
    out = set()
    for cls in game_classes():
        out |= {c.payload for c in get_game(cls.code).catalog}
    return out


def paste_qr(image, text, x, y, scale=4):
    """Draw a plain QR code of any size (here a URL, too long for a tag) at (x, y)."""
    q = segno.make_qr(text)
    m = np.array([[0 if c else 255 for c in row] for row in q.matrix_iter(scale=scale, border=2)], np.uint8)
    image[y:y + m.shape[0], x:x + m.shape[1]] = m[..., None]
    return image


def run(*args):
    return subprocess.run([COMPANION, "scan", *map(str, args)], capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="module")
def images(tmp_path_factory):
    d = tmp_path_factory.mktemp("scan")
    good, truth = render_scene(Scene(items=ITEMS), CAM)
    cv2.imwrite(str(d / "table.png"), good)
    loose, _ = render_scene(Scene(items=ITEMS, corners=False), CAM)
    cv2.imwrite(str(d / "no-corners.jpg"), loose, [cv2.IMWRITE_JPEG_QUALITY, 92])
    odd, _ = render_scene(Scene(items=ITEMS + [Item("GLC:KID:02", 700, 150, tag_mm=35)]), CAM)
    cv2.imwrite(str(d / "odd.png"), paste_qr(odd, "https://example.org", 620, 560))
    (d / "broken.jpg").write_bytes(b"\xff\xd8 this is not really a JPEG")
    return d, truth


def test_json_one_object_per_image_with_table_positions(images):
    d, truth = images
    p = run(d / "table.png", d / "no-corners.jpg", "--json")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    assert len(lines) == 2
    a, b = (json.loads(l) for l in lines)
    assert set(a) == {"image", "width", "height", "calibrated", "sightings", "rejected", "duplicates", "decode_ms",
                      "stages", "budget"}
    assert a["image"] == str(d / "table.png") and (a["width"], a["height"]) == (1600, 900)
    assert a["calibrated"] is True and a["rejected"] == [] and a["duplicates"] == []
    assert isinstance(a["decode_ms"], float)
    # the reading's stages in order, and the small-tag search's budget, never overspent
    assert list(a["stages"]) == ["search", "recover", "calibrate", "upscaled", "harder", "place"]
    assert set(a["budget"]) == {"px", "used_px", "candidates", "tried", "read", "deferred"}
    assert a["budget"]["px"] == 1600 * 900 * 3 // 2 and 0 <= a["budget"]["used_px"] <= a["budget"]["px"]
    s = {x["payload"]: x for x in a["sightings"]}
    known = catalog_payloads()
    kid = s["GLC:KID:02"]
    assert set(kid) == {"payload", "game", "kind", "id", "known", "px", "x_mm", "y_mm", "angle_deg"}
    assert (kid["game"], kid["kind"], kid["id"]) == ("GLC", "KID", "02")
    assert math.hypot(kid["x_mm"] - 300, kid["y_mm"] - 90) < 2 and abs(kid["angle_deg"] - 90) < 3
    assert math.dist(kid["px"], truth["GLC:KID:02"].px) < 1.5
    for x in a["sightings"]:
        assert x["known"] is (x["payload"] in known or x["payload"].startswith("TC:"))   # + the table's markers
    assert s["ZZZ:TOKEN:7"]["known"] is False                  # valid grammar, no game lists it
    # the uncalibrated image: pixels, no table positions
    assert b["calibrated"] is False
    for x in b["sightings"]:
        assert x["x_mm"] is None and x["y_mm"] is None and x["angle_deg"] is None
        assert len(x["px"]) == 2
    assert {x["payload"] for x in b["sightings"]} == {"GLC:KID:02", "ZZZ:TOKEN:7"}


def test_rejected_payloads_and_duplicates(images):
    d, _ = images
    p = run(d / "odd.png", "--json")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["duplicates"] == ["GLC:KID:02"]
    assert sum(x["payload"] == "GLC:KID:02" for x in r["sightings"]) == 2
    (rej,) = r["rejected"]
    assert rej["payload"] == "https://example.org"
    assert rej["reason"].startswith("not a GAME:KIND:ID tag")
    assert 620 < rej["px"][0] < 760 and 560 < rej["px"][1] < 700


def test_an_unreadable_file_is_named_and_the_others_still_read(images):
    d, _ = images
    p = run(d / "table.png", d / "broken.jpg", d / "missing.png", d / "no-corners.jpg", "--json")
    assert p.returncode == 2
    assert [json.loads(l)["image"] for l in p.stdout.splitlines()] == [str(d / "table.png"),
                                                                        str(d / "no-corners.jpg")]
    errors = p.stderr.strip().splitlines()
    assert len(errors) == 2
    assert str(d / "broken.jpg") in errors[0] and str(d / "missing.png") in errors[1]


def test_readable_table_without_json(images):
    d, _ = images
    p = run(d / "odd.png", d / "no-corners.jpg")
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "GLC:KID:02" in out and "1600x900" in out
    assert "rejected 'https://example.org'" in out and "not a GAME:KIND:ID tag" in out
    assert "duplicates" in out and "NOT calibrated" in out


def test_zbar_backend_and_table_size(images, tmp_path):
    d, _ = images
    big = [Item("GLC:KID:02", 400, 300, tag_mm=60)]
    image, _ = render_scene(Scene(table_mm=(1200, 800), items=big, corner_tag_mm=60), CAM)
    cv2.imwrite(str(tmp_path / "big.png"), image)
    p = run(tmp_path / "big.png", "--json", "--decoder", "zbar", "--table", "1200x800")
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    assert r["calibrated"]
    s = {x["payload"]: x for x in r["sightings"]}
    assert math.hypot(s["GLC:KID:02"]["x_mm"] - 400, s["GLC:KID:02"]["y_mm"] - 300) < 3


def test_bad_arguments_exit_2():
    assert run("x.png", "--table", "wide").returncode == 2
    assert run("x.png", "--decoder", "quirc").returncode == 2
