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

#: two Ghost at Home pieces left on a finished Candy Crave table
STRAYS = [Item("GAH:CAT:3", 600, 150, tag_mm=35), Item("GAH:ROOF:R", 600, 450, tag_mm=35)]


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """code -> a photo of that game's finished table, laid out for scoring."""
    d = tmp_path_factory.mktemp("score")
    out = {}
    for name, code, extra in (("CCR", "CCR", []), ("GAH", "GAH", []), ("CCR+strays", "CCR", STRAYS)):
        items = [Item.from_placement(p) for p in scoring_table(code)] + extra
        image, _ = render_scene(Scene(table_mm=(900.0, 600.0), items=items), CameraModel(resolution=(1600, 1100)))
        out[name] = d / f"{name}.png"
        cv2.imwrite(str(out[name]), image)
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


@pytest.mark.parametrize("option, reason", [
    ("round1=RED:x", "round 1's points for RED: 'x' is not a whole number"),
    ("round1=RED:51", "round 1's points for BLUE, GREEN are missing: round1=RED:51,BLUE:44,... (each player's "
                      "round 1 points, as written down)"),
    ("round1=PINK:4", "round 1's points name PINK, who does not play (players: RED, BLUE, GREEN)"),
    ("zero_take=banana", "option zero_take: expected true or false, not 'banana'"),
    ("nosuch=1", "Candy Crave has no option 'nosuch' (options: reference, short_take, zero_take)"),
    ("round1", "--option 'round1': expected KEY=VALUE"),
])
def test_a_bad_option_is_bad_input_exit_2_with_the_reason(photos, option, reason):
    run = score("CCR", "--players", "RED,BLUE,GREEN", "--option", option, photos["CCR"])
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.splitlines() == [f"companion score: {reason}"]


def test_round_1_given_right_scores(photos):
    run = score("CCR", "--players", "RED,BLUE,GREEN", "--option", "round1=RED:51,BLUE:44,GREEN:38", photos["CCR"])
    assert run.returncode == 0, run.stderr
    assert "Round 1: 51 points, as written down" in run.stdout


def test_a_photo_of_another_game_is_named_once_with_the_command_that_scores_it(photos):
    run = score("GLC", "--players", "RED,BLUE,GREEN", photos["GAH"])
    assert run.returncode == 1
    assert "a tag of another game" not in run.stdout
    hint = [line for line in run.stdout.splitlines() if "looks like" in line]
    assert hint == ["This looks like Ghost at Home (GAH), not Ghosts Love Candy: all 19 tags seen are its. Score it "
                    f"with `companion score GAH --players RED,BLUE,GREEN {photos['GAH']}`."]
    # GVG's players are not all seats of Ghost at Home: the command leaves them to the user
    gvg = score("GVG", "--players", "RED,BLUE,GREEN,YELLOW,PINK", photos["GAH"])
    assert f"`companion score GAH --players ... {photos['GAH']}`" in gvg.stdout


def test_a_few_stray_tags_of_another_game_are_listed_one_by_one(photos):
    run = score("CCR", "--players", "RED,BLUE,GREEN", "--option", "round1=RED:51,BLUE:44,GREEN:38",
                photos["CCR+strays"])
    assert run.returncode == 0, run.stderr
    assert "looks like" not in run.stdout
    assert "    GAH:CAT:3 at 600,150 mm: a tag of another game" in run.stdout
    assert "    GAH:ROOF:R at 600,450 mm: a tag of another game" in run.stdout
