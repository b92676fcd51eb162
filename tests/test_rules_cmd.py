"""``companion rules`` end to end, as a subprocess: JSON lines, illegal actions,
the readable output, and bad input (exit 2 naming the action's index)."""
import json
import subprocess
from pathlib import Path

import pytest

from tests.support.cli import COMPANION

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "games" / "ghosts-love-candy.script.json"


def companion(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*COMPANION, *args], input=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_doc_script_runs_as_json_lines():
    run = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", str(SCRIPT), "--json")
    assert run.returncode == 0, run.stderr
    lines = [json.loads(l) for l in run.stdout.splitlines()]
    script = json.loads(SCRIPT.read_text())
    assert len(lines) == len(script) + 1
    assert [l["i"] for l in lines[:-1]] == list(range(len(script)))
    bad = [l for l in lines[:-1] if not l["ok"]]
    assert len(bad) == 1 and bad[0]["error"] == "haunt: it is RED's turn, not BLUE's"
    assert set(bad[0]) == {"i", "ok", "error"}
    good = lines[0]
    assert good["ok"] and good["events"][0]["type"] == "kid_revealed" and "slot 1" in good["events"][0]["text"]
    assert good["prompts"][0]["to"] is None and "slot 2 next" in good["prompts"][0]["text"]
    final = lines[-1]
    assert final["final"] is True and final["state"]["phase"] == "over"
    assert "hands" not in final["state"] and "love" not in final["state"]
    score = final["score"]
    assert score["winners"] == ["RED"] and score["tie"] is False
    red = score["entries"]["RED"]
    assert red["total"] == sum(b["points"] for b in red["breakdown"]) == 29
    assert {"what": "SKELETON in stash", "points": -2} in red["breakdown"]


def test_readable_output_names_each_action_and_the_scores():
    run = companion("rules", "ghosts-love-candy", "--players", "RED,BLUE,GREEN", str(SCRIPT))
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "#0 reveal_kid(slot=1, kid=9)\n    - NINJA (courage 15) is revealed into slot 1" in out
    assert "ILLEGAL haunt(player='BLUE', slot=4, take_from=None): haunt: it is RED's turn, not BLUE's" in out
    assert "Score (final):" in out and "winner: RED" in out
    assert "-2  SKELETON in stash" in out


def test_illegal_action_changes_nothing_and_the_script_goes_on(tmp_path):
    script = tmp_path / "s.json"
    actions = [{"type": "reveal_kid", "slot": 1, "kid": 2},
               {"type": "reveal_kid", "slot": 2, "kid": 2},          # WEREWOLF is in slot 1
               {"type": "reveal_kid", "slot": 2, "kid": 6}]
    script.write_text(json.dumps(actions))
    run = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", str(script), "--json")
    lines = [json.loads(l) for l in run.stdout.splitlines()]
    assert [l.get("ok") for l in lines[:3]] == [True, False, True]
    assert "WEREWOLF (kid 2) cannot come from the Kid deck: it is in slot 1" in lines[1]["error"]
    slots = lines[-1]["state"]["slots"]
    assert [s["kid"]["name"] if s["kid"] else None for s in slots[:3]] == ["WEREWOLF", "ZOMBIE", None]
    assert lines[-1]["score"]["entries"]["RED"] == {"total": 0, "breakdown": []}


def test_options_and_stdin(tmp_path):
    run = companion("rules", "GLC", "--players", "RED,BLUE,GREEN,YELLOW,PURPLE", "--option", "scarer=current_player",
                    "-", "--json", stdin="[]")
    assert run.returncode == 0, run.stderr
    final = json.loads(run.stdout.splitlines()[-1])
    assert len(final["state"]["slots"]) == 8 and final["state"]["rounds"] == 6
    assert final["score"]["final"] is False


@pytest.mark.parametrize("text, message", [
    ("[{\"type\": \"reveal_kid\", \"slot\": 1, \"kid\": 2}, {\"type\": \"jump\"}]",
     "action 1: unknown action type 'jump'"),
    ("[{\"type\": \"reveal_kid\", \"slot\": 1}]", "action 0: reveal_kid: missing field 'kid'"),
    ("[{}, 3]", "action 0: unknown action type None"),
    ("[{\"type\": \"haunt\", \"player\": \"RED\", \"slot\": 1.5}]", "action 0: haunt.slot: must be a whole number"),
    ("{\"type\": \"haunt\"}", "a script is a JSON array of actions"),
    ("[{\"type\": ", "not JSON"),
])
def test_malformed_script_exits_2_naming_the_action(tmp_path, text, message):
    script = tmp_path / "bad.json"
    script.write_text(text)
    run = companion("rules", "GLC", "--players", "RED,BLUE,GREEN", str(script), "--json")
    assert run.returncode == 2
    assert message in run.stderr
    assert run.stdout == ""                     # nothing ran


@pytest.mark.parametrize("args, message", [
    (["rules", "NOPE", "--players", "RED,BLUE,GREEN", "x.json"], "no game called 'NOPE'"),
    (["rules", "GLC", "--players", "RED,BLUE", "-"], "3-6 players, not 2"),
    (["rules", "GLC", "--players", "RED,BLUE,GREEN", "--option", "colour=pink", "-"], "has no option 'colour'"),
    (["rules", "GLC", "--players", "RED,BLUE,GREEN", "--option", "scarer", "-"], "expected KEY=VALUE"),
    (["rules", "GLC", "--players", "RED,BLUE,GREEN", "/no/such/file.json"], "cannot read"),
])
def test_bad_command_lines_exit_2(args, message):
    run = companion(*args, stdin="[]")
    assert run.returncode == 2
    assert message in run.stderr
