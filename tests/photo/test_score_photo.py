"""``companion score``: a finished game scored from one phone photo of its table.

The photos are drawn as a phone takes them (tests.support.photos): 12 MP, held
22 degrees from straight down, JPEG, stored sideways with an EXIF tag, or
downscaled by a browser; the real decoder reads them. The score must be the one
the watched game gives: the final line of ``companion rules --json`` for the
same game.
"""
from __future__ import annotations

import json
import struct
import subprocess
from dataclasses import replace

import pytest

from companion.examples import ROOT, example_states
from tests.support.cli import COMPANION
from tests.support.photos import phone_image, phone_photo, save_jpeg

PLAYERS = "RED,BLUE,GREEN"


@pytest.fixture(scope="module")
def glc_example():
    """Ghosts Love Candy's example game, played to its end: (game, players, final state)."""
    game, players, states = example_states("GLC")
    assert game.is_over(states[-1])
    return game, players, states[-1]


@pytest.fixture(scope="module")
def rules_final_score():
    """The score ``companion rules --json`` gives for the same example game."""
    script = ROOT / "docs" / "games" / "ghosts-love-candy.script.json"
    out = subprocess.run([*COMPANION, "rules", "GLC", "--players", PLAYERS, str(script), "--json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])["score"]


@pytest.fixture(scope="module")
def tilted_photo(glc_example, tmp_path_factory):
    game, _, final = glc_example
    return phone_photo(game.arrange(final), tmp_path_factory.mktemp("photo") / "table.jpg", tilt_deg=22)


def score(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*COMPANION, "score", *args], capture_output=True, text=True)


def test_a_tilted_phone_photo_scores_the_game_as_the_watched_game_did(tilted_photo, rules_final_score):
    run = score("GLC", "--players", PLAYERS, str(tilted_photo), "--json")
    assert run.returncode == 0, run.stderr
    d = json.loads(run.stdout)
    assert d["scored"] and d["reason"] is None
    assert d["score"] == rules_final_score
    assert d["score"]["entries"]["RED"]["total"] == 29 and d["score"]["winners"] == ["RED"]
    # every counted tag is a stash card or a Love card; the neighbourhood's cards are not counted
    assert len(d["placed"]) == 50
    whys = {u["payload"]: u["why"] for u in d["unplaced"]}
    assert whys["GLC:CANDY:CHOC6"] == "candy left in slot 4 is nobody's"
    assert all(len(t["quad"]) == 4 for t in d["placed"] + d["unplaced"])


def test_the_readable_report_explains_every_point_and_what_was_not_counted(tilted_photo):
    run = score("GLC", "--players", PLAYERS, str(tilted_photo))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "RED: 29" in out and "+16  Licorice x4 at 4 each (Loves Candy Corn)" in out
    assert "-2  SKELETON in stash" in out and "winner: RED" in out
    assert "Not counted:" in out and "GLC:KID:01 at 586,170 mm: a kid left in slot 4 is nobody's" in out


def test_positionals_may_come_before_or_after_the_options(tilted_photo, rules_final_score):
    run = score("--json", "--players", PLAYERS, "GLC", str(tilted_photo))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["score"] == rules_final_score


def test_a_photo_stored_sideways_is_turned_upright_by_its_exif_tag(glc_example, tmp_path, tilted_photo,
                                                                  rules_final_score):
    game, _, final = glc_example
    sideways = save_jpeg(phone_image(game.arrange(final), tilt_deg=22), tmp_path / "portrait.jpg",
                         exif_orientation=6)
    upright = json.loads(score("GLC", "--players", PLAYERS, str(tilted_photo), "--json").stdout)
    run = score("GLC", "--players", PLAYERS, str(sideways), "--json")
    assert run.returncode == 0, run.stderr
    d = json.loads(run.stdout)
    assert d["score"] == rules_final_score
    # the outlines are drawn over the photo as a browser shows it: upright
    assert (d["width"], d["height"]) == (4032, 3024)
    at = {t["payload"]: t["px"] for t in upright["placed"]}
    for t in d["placed"]:
        assert abs(t["px"][0] - at[t["payload"]][0]) < 3 and abs(t["px"][1] - at[t["payload"]][1]) < 3


@pytest.mark.parametrize("width", [2560, 2016])
def test_a_photo_downscaled_by_the_browser_still_scores(glc_example, tmp_path, rules_final_score, width):
    game, _, final = glc_example
    path = phone_photo(game.arrange(final), tmp_path / "small.jpg", tilt_deg=22, width=width)
    run = score("GLC", "--players", PLAYERS, str(path), "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["score"] == rules_final_score


def test_without_the_corner_markers_it_says_so_and_stops(glc_example, tmp_path):
    game, _, final = glc_example
    image = phone_image(game.arrange(final), tilt_deg=0)
    h, w = image.shape[:2]
    crop = save_jpeg(image[h // 5: h - h // 5, w // 6: w - w // 6], tmp_path / "crop.jpg")
    run = score("GLC", "--players", PLAYERS, str(crop), "--json")
    assert run.returncode == 1
    d = json.loads(run.stdout)
    assert d["score"] is None and "TC:CORNER:1" in d["reason"] and "all four corners" in d["reason"]
    assert "no score" in run.stderr


def test_a_love_card_still_face_down_gives_no_score_and_names_whose(glc_example, tmp_path):
    game, _, final = glc_example
    blue_love = "GLC:LOVE:" + final["love_shown"]["BLUE"]
    placements = [replace(p, face_up=False) if p.payload == blue_love else p for p in game.arrange(final)]
    run = score("GLC", "--players", PLAYERS, str(phone_photo(placements, tmp_path / "t.jpg")), "--json")
    assert run.returncode == 1
    d = json.loads(run.stdout)
    assert d["score"] is None
    assert d["reason"] == "BLUE's Love card is not face up in front of TC:SEAT:BLUE"


def test_a_card_left_where_no_score_counts_it_is_listed_with_why(glc_example, tmp_path, rules_final_score):
    game, _, final = glc_example
    placements = game.arrange(final)
    stray = next(p for p in placements if p.payload == "GLC:CANDY:CHOC6")      # a candy left in slot 4
    run = score("GLC", "--players", PLAYERS, str(phone_photo(placements, tmp_path / "t.jpg")), "--json")
    d = json.loads(run.stdout)
    assert d["score"] == rules_final_score
    u = next(u for u in d["unplaced"] if u["payload"] == stray.payload)
    assert abs(u["x_mm"] - stray.x_mm) < 5 and abs(u["y_mm"] - stray.y_mm) < 5


def test_unreadable_input_is_exit_2_with_a_reason(tmp_path, tilted_photo):
    garbage = tmp_path / "not.jpg"
    garbage.write_bytes(b"this is not a photo")
    run = score("GLC", "--players", PLAYERS, str(garbage))
    assert run.returncode == 2 and "cannot read" in run.stderr
    run = score("GLC", "--players", PLAYERS, str(tmp_path / "missing.jpg"))
    assert run.returncode == 2 and "no such file" in run.stderr
    # a PNG whose header claims 20000x20000 pixels is refused before decoding
    huge = tmp_path / "huge.png"
    huge.write_bytes(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", 20000, 20000)
                     + b"\x08\x02\x00\x00\x00" + b"\x00" * 4)
    run = score("GLC", "--players", PLAYERS, str(huge))
    assert run.returncode == 2 and "megapixel" in run.stderr
    run = score("NOPE", "--players", PLAYERS, str(tilted_photo))
    assert run.returncode == 2 and "NOPE" in run.stderr
    run = score("GLC", "--players", "RED,PINK,BLUE", str(tilted_photo))
    assert run.returncode == 2 and "PINK is not a seat" in run.stderr
    run = score("GLC", str(tilted_photo))
    assert run.returncode == 2 and "--players" in run.stderr


def test_score_serve_opens_the_scoring_page_to_everyone(tilted_photo, tmp_path):
    """``companion score --serve``: the /score page alone, no PIN, scoring a photo."""
    import os
    import time
    import urllib.request

    log = tmp_path / "serve.log"
    with open(log, "w") as out:
        proc = subprocess.Popen([*COMPANION, "score", "--serve", "--host", "127.0.0.1", "--port", "0"],
                                stdout=out, stderr=subprocess.STDOUT, env={**os.environ})
    try:
        end = time.monotonic() + 30
        while "http://" not in log.read_text() and time.monotonic() < end and proc.poll() is None:
            time.sleep(0.1)
        url = log.read_text().split("http://", 1)[1].split()[0]
        assert url.endswith("/score")
        with urllib.request.urlopen("http://" + url, timeout=10) as r:
            assert r.status == 200 and b'capture="environment"' in r.read()
        b = "b0undary"
        body = (f'--{b}\r\nContent-Disposition: form-data; name="game"\r\n\r\nGLC\r\n'
                f'--{b}\r\nContent-Disposition: form-data; name="players"\r\n\r\n{PLAYERS}\r\n'
                f'--{b}\r\nContent-Disposition: form-data; name="photo"; filename="t.jpg"\r\n'
                "Content-Type: image/jpeg\r\n\r\n").encode() + tilted_photo.read_bytes() + f"\r\n--{b}--\r\n".encode()
        req = urllib.request.Request("http://" + url + "/photo", data=body, method="POST",
                                     headers={"Content-Type": f"multipart/form-data; boundary={b}"})
        with urllib.request.urlopen(req, timeout=60) as r:
            d = json.loads(r.read())
        assert d["score"]["winners"] == ["RED"]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
