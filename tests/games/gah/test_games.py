"""Whole Ghost at Home games: the documented example, and random 2- and 4-player
games through the engine and through ``companion rules GAH`` as a subprocess,
with the hidden cards of a real table following along."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from models.registry import get_game
from tests.games.gah.driver import on_table, play

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "games" / "ghost-at-home.script.json"
GAME = get_game("GAH")
ALL_ACTIONS = {"rooms", "ghost", "cat_defence", "pass", "cat", "light", "time_space_hole", "light_bulb",
               "cat_food", "elevator", "lightning", "discard"}


def companion_rules(players, script_path, *options):
    cmd = [sys.executable, "-m", "companion", "rules", "GAH", "--players", ",".join(players), str(script_path),
           "--json", *[x for o in options for x in ("--option", o)]]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def events_of(players, actions):
    state = GAME.setup(players)
    types, texts = [], []
    for a in actions:
        state, events = GAME.apply(state, a)
        types += [e.type for e in events]
        texts += [e.text for e in events]
    return state, types, texts


def test_documented_example_plays_through_the_engine():
    script = json.loads(EXAMPLE.read_text())
    state = GAME.setup(["RED", "BLUE"])
    texts, illegal = [], []
    for i, data in enumerate(script):
        try:
            state, events = GAME.apply(state, GAME.parse_action(data))
        except Exception as e:
            illegal.append((i, getattr(e, "reason", str(e))))
            continue
        texts += [e.text for e in events]
    # the claims docs/games/ghost-at-home.md makes about this game
    assert illegal == [(1, "rooms: fill every lower floor first: floor 1 holds 0 of 2 rooms")]
    assert {d["type"] for d in script} == ALL_ACTIONS
    assert ("The light of RED's floor 2 is off: discard Room Wild Card 1, Floor 2 room A, Ghost 2 from RED's "
            "floor 2") in texts
    assert "The light is on: Ghost 3 stays on BLUE's floor 1" in texts
    assert "Ghost 4 meets Cat 5 on RED's floor 1: discard both" in texts
    assert "RED's escape is stopped; everyone refills to 3 cards, starting with RED" in texts
    assert texts[-1] == "Nobody stopped RED: RED escapes the haunted house and wins!"
    board = GAME.score(state)
    assert board.final and board.winners == ["RED"]


def test_documented_example_through_companion_rules():
    script = json.loads(EXAMPLE.read_text())
    lines = companion_rules(["RED", "BLUE"], EXAMPLE)
    steps, final = lines[:-1], lines[-1]
    assert len(steps) == len(script) and [s["i"] for s in steps if not s["ok"]] == [1]
    escape = steps[26]["prompts"]
    assert escape[0] == {"text": "RED is escaping! Waiting for BLUE: play a ghost on RED's floor 3 to stop it, or "
                                 "pass.", "to": None, "level": "todo"}
    assert {"text": "BLUE: play up to 2 ghosts on RED's floor 3, or pass (on the console).", "to": "BLUE",
            "level": "todo"} in escape
    assert final["final"] and final["state"]["phase"] == "over" and final["state"]["winner"] == "RED"
    assert final["score"]["winners"] == ["RED"] and final["score"]["entries"]["RED"]["total"] == 1
    assert "hands" not in final["state"] and "seen" not in json.dumps(final["state"])


@pytest.mark.parametrize("players,seed", [(["RED", "BLUE"], 26), (["RED", "BLUE"], 3),
                                          (["RED", "BLUE", "GREEN", "YELLOW"], 27),
                                          (["RED", "BLUE", "GREEN", "YELLOW"], 40)])
def test_whole_games_through_the_engine_and_companion_rules(tmp_path, players, seed):
    state, actions, table = play(players, seed)
    # the engine's counts follow the real cards
    assert state["deck"] == len(table.deck) and state["discard"]["count"] == len(table.pile)
    assert state["hands"] == {p: len(h) for p, h in table.hands.items()}
    assert len(table.deck) + len(table.pile) + sum(map(len, table.hands.values())) + len(on_table(state)) == 53
    script = tmp_path / "game.json"
    script.write_text(json.dumps([a.to_json() for a in actions]))
    lines = companion_rules(players, script)
    assert all(step["ok"] for step in lines[:-1]) and len(lines) == len(actions) + 1
    final = lines[-1]
    assert final["state"] == json.loads(json.dumps(GAME.public_view(state)))
    assert final["score"] == GAME.score(state).to_json() and final["score"]["winners"] == [state["winner"]]


def test_random_games_cover_every_action_and_both_ends_of_an_escape():
    types, events = set(), set()
    for players, seed in ((["RED", "BLUE"], 26), (["RED", "BLUE", "GREEN", "YELLOW"], 27)):
        state, actions, _ = play(players, seed)
        types |= {a.type for a in actions}
        events |= set(events_of(players, actions)[1])
    assert types == ALL_ACTIONS
    assert {"escape", "escape_stopped", "escaped", "haunted", "ghost_stays", "cat_defence", "ghost_meets_cat",
            "reshuffle"} <= events


def test_companion_rules_refuses_a_fifth_player_and_a_bad_option(tmp_path):
    script = tmp_path / "s.json"
    script.write_text("[]")
    for args, message in ((["--players", "RED,BLUE,GREEN,YELLOW,PURPLE"], "Ghost at Home is for 2-4 players, not 5"),
                          (["--players", "RED,BLUE", "--option", "lightning_ghost=maybe"],
                           "option lightning_ghost: must be one of discard, stay")):
        out = subprocess.run([sys.executable, "-m", "companion", "rules", "GAH", *args, str(script)], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and message in out.stderr


def test_every_action_in_the_doc_page_has_an_example_that_parses():
    import re
    page = (ROOT / "docs" / "games" / "ghost-at-home.md").read_text()
    examples = [GAME.parse_action(json.loads(m)) for m in re.findall(r"`(\{\"type\": .*?\})`", page)]
    assert {a.type for a in examples} == ALL_ACTIONS | set(GAME.unseen_forms)     # and what no camera saw
