"""Rules holes a user ran into: players that are not seats of the game, winners
named while a game is still going, and Candy Crave favourites rows laid in an
order the stacks cannot have."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.examples import example_script
from companion.live.session import Session
from models.engine import GameSetupError, IllegalAction
from models.registry import game_classes, get_game
from tests.support.referee import REFEREE
from tests.web.conftest import make_config
from web import create_app

ROOT = Path(__file__).resolve().parents[2]
GLC_SEATS = "RED, BLUE, GREEN, YELLOW, PURPLE, ORANGE"


def companion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CAMERA_FPS": "5"}
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, env=env, text=True,
                          input=stdin, capture_output=True, timeout=120)


@pytest.fixture
def session(tmp_path):
    """A real session (real SQLite journal) with no game and no camera."""
    s = Session(make_config(tmp_path), indicators=False)
    yield s
    s.close()


# ---------------------------------------------------------------- a) seat names


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_every_game_refuses_a_name_that_is_not_one_of_its_seats(code):
    game = get_game(code)
    seats = game.seats()
    assert seats and all(s == s.upper() for s in seats)
    players = list(seats[:game.min_players - 1]) + ["PINKISH"]
    with pytest.raises(GameSetupError) as e:
        game.setup(players)
    assert str(e.value) == f"PINKISH is not a seat of {game.title} (seats: {', '.join(seats)})"
    # lower case is the same seat: accepted and written in upper case
    state = game.setup([s.lower() for s in seats[:game.min_players]])
    assert state["players"] == list(seats[:game.min_players])


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_a_seat_in_lower_case_in_an_action_is_the_seat(code):
    """A referee who types ``"player": "red"`` at the console means RED, as at
    setup: the action is the same one, applied the same way (it was refused:
    "it is RED's turn, not red's")."""
    game = get_game(code)
    state = game.setup(list(game.seats()[:game.min_players]))
    for _ in range(60):                         # the game's moves until one names a seat
        actions = game.legal_actions(state)
        named = [a for a in actions if any(v in state["players"] for v in a.to_json().values() if isinstance(v, str))]
        if named:
            break
        state, _ = game.apply(state, actions[0])
    action = named[0]
    typed = {k: v.lower() if isinstance(v, str) and v in state["players"] else v for k, v in action.to_json().items()}
    assert typed != action.to_json()
    assert game.parse_action(typed) == action
    assert game.apply(state, game.parse_action(typed)) == game.apply(state, action)


def test_rules_refuses_a_player_that_is_not_a_seat_before_running_anything():
    r = companion("rules", "GLC", "--players", "RED,PINK,GREEN", "docs/games/ghosts-love-candy.script.json")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip() == f"companion rules: PINK is not a seat of Ghosts Love Candy (seats: {GLC_SEATS})"


def test_rules_accepts_lower_case_seats():
    r = companion("rules", "GLC", "--players", "red,blue,green", "docs/games/ghosts-love-candy.script.json", "--json")
    upper = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", "docs/games/ghosts-love-candy.script.json",
                      "--json")
    assert r.returncode == 0, r.stderr
    assert r.stdout == upper.stdout            # the same game: only action 18 (on purpose) is illegal
    assert json.loads(r.stdout.splitlines()[-1])["state"]["players"] == ["RED", "BLUE", "GREEN"]


def test_run_refuses_a_player_that_is_not_a_seat(tmp_path):
    r = companion("run", "--journal", str(tmp_path / "j.sqlite"), "--game", "GLC", "--players", "RED,PINK,GREEN",
                  "--camera", "telepathy:1", "--no-web")
    assert r.returncode == 2
    assert f"PINK is not a seat of Ghosts Love Candy (seats: {GLC_SEATS})" in r.stderr
    assert "unknown frame source" not in r.stderr and "Traceback" not in r.stderr


def test_new_game_from_the_console_refuses_a_player_that_is_not_a_seat(session):
    client = create_app(session).test_client()
    r = client.post("/api/referee/new", headers=REFEREE,
                    json={"game": "GLC", "players": ["RED", "PINK", "GREEN"]})
    assert r.status_code == 400
    assert f"PINK is not a seat of Ghosts Love Candy (seats: {GLC_SEATS})" in r.get_data(as_text=True)
    assert session.engine is None
    with pytest.raises(GameSetupError, match="PINK is not a seat of Ghosts Love Candy"):
        session.new_game("GLC", "RED,PINK,GREEN")
    r = client.post("/api/referee/new", headers=REFEREE,
                    json={"game": "GLC", "players": ["red", "blue", "green"]})
    assert r.status_code == 200 and r.get_json()["view"]["players"] == ["RED", "BLUE", "GREEN"]


# ---------------------------------------------------------------- b) winners only at the end


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_nobody_wins_a_game_that_has_only_just_started(code):
    """Every registered game, at the table of its example game (``example_players``)."""
    game = get_game(code)
    board = game.score(game.setup(list(game.example_players)))
    data = board.to_json()
    assert not board.final and board.winners == [] and board.tie is False
    assert data["final"] is False and data["winners"] == [] and data["tie"] is False
    assert "leaders" in data


def test_a_leader_is_provisional_until_the_game_is_over():
    game = get_game("TCG")
    script = example_script("TCG")
    state = game.setup(["RED", "BLUE"])
    for a in script[:3]:                                     # RED's avatar lands on candy
        state, _ = game.apply(state, game.parse_action(a))
    board = game.score(state)
    assert board.entries["RED"].total == 1 and not game.is_over(state)
    assert board.winners == [] and board.leaders == ["RED"] and not board.final
    r = companion("rules", "TCG", "--players", "RED,BLUE", "-", stdin=json.dumps(script[:3]))
    assert r.returncode == 0, r.stderr
    assert "Score (provisional):" in r.stdout and "leading (provisional): RED" in r.stdout
    assert "winner" not in r.stdout


def test_rules_does_not_call_an_opening_level_score_a_tie():
    r = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", "-", stdin="[]")
    assert r.returncode == 0, r.stderr
    assert "tie between" not in r.stdout and "winner" not in r.stdout
    assert "level (provisional): RED, BLUE, GREEN" in r.stdout


def test_the_final_board_still_names_the_winner():
    r = companion("rules", "TCG", "--players", "RED,BLUE", "docs/games/the-closest-ghost.script.json", "--json")
    final = json.loads(r.stdout.splitlines()[-1])
    assert final["score"]["final"] and final["score"]["winners"] == ["BLUE"]
    assert final["score"]["leaders"] == ["BLUE"]


@pytest.mark.browser
def test_the_display_says_leading_not_wins_while_the_game_goes_on(session, browser):
    from playwright.sync_api import expect

    from companion.bench.web import ServerThread
    session.new_game("TCG", ["RED", "BLUE"], {})
    script = example_script("TCG")
    session.apply(script[:3])
    with ServerThread(create_app(session, keepalive_s=1.0)) as srv:
        page = browser.new_page()
        try:
            page.set_default_timeout(10_000)
            page.goto(srv.url + "/")
            scores = page.locator("#scores")
            expect(scores).to_contain_text("Leading so far: RED", timeout=30_000)   # a busy CI machine
            expect(scores.locator("tr.winner")).to_have_count(0)
            expect(page.locator("body")).not_to_contain_text("Winner")
        finally:
            page.close()


# ---------------------------------------------------------------- c) Candy Crave favourites rows


def ccr_at_scoring():
    """Candy Crave (RED, BLUE, GREEN) played from the docs' script up to the first round's rows."""
    game = get_game("CCR")
    script = json.loads((ROOT / "docs/games/candy-crave.script.json").read_text())
    state = game.setup(["RED", "BLUE", "GREEN"])
    i = 0
    while script[i]["type"] != "reveal":
        state, _ = game.apply(state, game.parse_action(script[i]))
        i += 1
    return game, state


def test_candy_crave_refuses_a_row_with_the_face_up_tile_inside_it():
    game, state = ccr_at_scoring()
    assert state["faceup"]["B"] == "4Q"
    with pytest.raises(IllegalAction) as e:
        game.apply(state, game.parse_action({"type": "reveal", "sweet": "B", "tiles": ["2M1", "4Q", "1M2", "3Q"]}))
    assert "face-up tile 4Q" in e.value.reason and "first or last" in e.value.reason
    for row in (["4Q", "2M1", "1M2", "3Q"], ["2M1", "1M2", "3Q", "4Q"]):
        game.apply(state, game.parse_action({"type": "reveal", "sweet": "B", "tiles": row}))


def test_the_candy_crave_doc_script_lays_every_row_as_a_stack_can_be_laid():
    game = get_game("CCR")
    script = json.loads((ROOT / "docs/games/candy-crave.script.json").read_text())
    state = game.setup(["RED", "BLUE", "GREEN"])
    for a in script:
        if a["type"] == "reveal":
            up = state["faceup"][a["sweet"]]
            assert up in (a["tiles"][0], a["tiles"][-1]), a
        state, _ = game.apply(state, game.parse_action(a))
    assert game.is_over(state)


def test_the_candy_crave_referee_says_why_a_laid_row_is_refused():
    game, state = ccr_at_scoring()
    expected = game.expected_table(state)
    reading = json.loads(json.dumps(expected))
    reading["tiles"]["B"] = ["2M1", "4Q", "1M2", "3Q"]          # the face-up 4Q laid inside the row
    status, prompts = game.explain(state, expected, reading)
    assert status == "out_of_sync"
    assert "face-up tile 4Q" in prompts[0].text and "first or last" in prompts[0].text
