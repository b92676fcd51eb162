"""The two whole example games: the documented 5-player game (with a Reporter)
and a 4-player game, through the engine, through `companion rules GVG` and
through the referee on table snapshots."""
import json
import subprocess
import sys

import pytest

from tests.games.gvg.gvg_support import (
    DOC_SCRIPT,
    FIVE,
    FOUR,
    FOUR_SCRIPT,
    GAME,
    ROOT,
    load_script,
    play_script,
    quick_snapshot,
)
from tests.games.gvg.test_gvg_table import follow, table_after

SCRIPTS = [(DOC_SCRIPT, FIVE), (FOUR_SCRIPT, FOUR)]


def steps_of(actions):
    """Split a script into what the table does between two snapshots: the
    standees at setup, each turn (moves and one card), each reveal, choice and
    identity."""
    steps, turn = [], []
    for a in actions:
        if a["type"] == "place":
            if steps and steps[-1][0]["type"] == "place":
                steps[-1].append(a)
            else:
                steps.append([a])
        elif a["type"] == "move":
            turn.append(a)
        elif a["type"] in ("treat", "trick", "peek"):
            steps.append(turn + [a])
            turn = []
        else:
            steps.append([a])
    assert not turn
    return steps


@pytest.mark.parametrize("path, players", SCRIPTS)
def test_the_example_games_play_to_the_end_through_the_engine(path, players):
    state, events = play_script(players, load_script(path))
    assert GAME.is_over(state)
    assert len(state["closed"]) == 3 and len(state["identities"]) == len(players)
    kinds = {e.type for e in events}
    assert {"treat", "trick", "peek", "revealed", "trick_resolved", "flipped", "scored", "tie", "chosen"} <= kinds
    board = GAME.score(state)
    assert board.final
    for entry in board.entries.values():
        assert entry.total == sum(l.points for l in entry.breakdown)


def test_the_documented_game_ends_seven_all_and_the_reporter_wins():
    state, _ = play_script(FIVE, load_script(DOC_SCRIPT))
    board = GAME.score(state)
    assert (board.entries["GIRLS"].total, board.entries["GHOULS"].total) == (7, 7)
    assert board.winners == ["REPORTER"]
    assert "Winners: BLUE" in board.notes


def test_the_four_player_game_ends_seven_all_and_more_vp_cards_win():
    state, _ = play_script(FOUR, load_script(FOUR_SCRIPT))
    board = GAME.score(state)
    assert (board.entries["GIRLS"].total, board.entries["GHOULS"].total) == (7, 7)
    assert board.winners == ["GIRLS"]


def companion_rules(players, path, *extra):
    return subprocess.run([sys.executable, "-m", "companion", "rules", "GVG", "--players", ",".join(players),
                           str(path), *extra], capture_output=True, text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("path, players", SCRIPTS)
def test_the_example_games_through_companion_rules(path, players):
    out = companion_rules(players, path, "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(l) for l in out.stdout.splitlines() if l.strip()]
    steps = [l for l in lines if "i" in l]
    assert len(steps) == len(load_script(path)) and all(l["ok"] for l in steps)
    final = lines[-1]
    assert final["final"] is True
    engine_state, _ = play_script(players, load_script(path))
    assert final["state"] == GAME.public_view(engine_state)
    assert final["score"] == GAME.score(engine_state).to_json()


def test_companion_rules_reports_an_illegal_move_and_goes_on(tmp_path):
    script = tmp_path / "bad.json"
    script.write_text(json.dumps(
        [{"type": "place", "player": p, "house": h} for p, h in zip(FOUR, (1, 3, 5, 7))]
        + [{"type": "move", "player": "RED", "house": 4},
           {"type": "trick", "player": "RED", "house": 3},
           {"type": "trick", "player": "RED", "house": 1}]))
    out = companion_rules(FOUR, script, "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(l) for l in out.stdout.splitlines()]
    assert lines[4]["ok"] is False and "House 4 is 3 spaces away" in lines[4]["error"]
    assert lines[5]["ok"] is False and "a card may only be played at the house where you stand" in lines[5]["error"]
    assert lines[6]["ok"] is True


@pytest.mark.parametrize("path, players", SCRIPTS)
def test_the_example_games_are_followed_from_table_snapshots(path, players):
    """Every step read from a snapshot; every 25th (and the last reveal of each
    round) rendered on the simulated table and read by the real pipeline."""
    from tests.support.table import snapshot_of
    rendered = []

    def snap(truth, step):
        rendered.append(None)
        real = len(rendered) % 25 == 0 or (step[-1]["type"] == "reveal" and truth.get("leftover"))
        return table_after(truth, step, snapshot_of if real else quick_snapshot)

    asked, state = follow(players, steps_of(load_script(path)), snap)
    final, _ = play_script(players, load_script(path))
    assert state == final
