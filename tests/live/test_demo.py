"""``companion demo``: the scripted game through the real pipeline and referee."""
import subprocess
import sys
from pathlib import Path

import pytest

from companion.demo.script import build_script
from companion.demo.timeline import hidden_tags
from companion.live.lines import format_score
from models.registry import game_classes, get_game
from tests.support.demo_run import demo_run, group

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.xdist_group(group("GLC"))
def test_the_demo_game_plays_through_the_session_to_the_right_scoreboard():
    run = demo_run("GLC")
    assert run.finished
    script, g = run.script, get_game("GLC")
    # every beat got the verdict the script expects
    assert [(b["beat"], b["status"]) for b in run.beat_times] == \
        [(i, b.expect) for i, b in enumerate(script.beats, 1)]
    # the scoreboard is the one the engine gives for the scripted final state
    assert run.state == script.final
    assert run.view["score"] == g.score(script.final).to_json()
    assert run.view["score"]["final"] and run.view["status"] == "over"
    # the journal holds the prelude, then the changes the camera saw (the mistakes applied nothing)
    entries = run.journal
    assert entries[0].note.startswith("demo: rounds 1-7")
    seen = [a for e in entries[1:] for a in e.actions]
    assert seen == [g.parse_action(a).to_json() for b in script.beats for a in b.actions]
    # the two mistakes were shown for what they are
    bad = [" ".join(p["text"] for p in v["prompts"]) for v in run.views if v["status"] == "out_of_sync"]
    assert any("it is RED's turn, not BLUE's" in t for t in bad)
    assert any("WEREWOLF" in t and "where no kid belongs" in t for t in bad)
    # ... and when the kid left on the table turns the page red, the checklist of where it goes stays
    assert any("where no kid belongs" in t and "Move the WEREWOLF (kid 2) to RED's stash" in t for t in bad)
    assert any(v["indicators"]["buzzer"] for v in run.views if v["status"] == "out_of_sync")


def test_every_table_of_the_demo_shows_every_tag():
    """No component covers another's printed tag: what the camera must read is visible."""
    script = build_script(get_game("GLC"))
    for placements in [script.opening_table] + [b.placements for b in script.beats]:
        assert hidden_tags(placements) == []


def test_companion_demo_no_web_fast():
    r = subprocess.run([sys.executable, "-m", "companion", "demo", "--no-web", "--fast"], cwd=ROOT,
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    lines = out.splitlines()
    assert lines[0].startswith("=== demo game 1: Ghosts Love Candy")
    assert "MISTAKE: BLUE haunts" in out and "Not allowed: haunt: it is RED's turn, not BLUE's" in out
    assert "MISTAKE: a new kid is turned up, but the scared WEREWOLF is left on the table" in out
    assert "the WEREWOLF (kid 2) lies below the kid in slot 1, where no kid belongs" in out
    assert "event: WEREWOLF (slot 1) is scared" in out
    assert "status: over" in out
    g = get_game("GLC")
    expected = format_score(g.score(build_script(g).final).to_json())
    assert [l for l in lines if l.startswith("score: ")][-1] == "score: " + expected
    assert out.count("\ntiming: beat ") == 10


@pytest.mark.parametrize("code", [pytest.param(c.code, marks=pytest.mark.xdist_group(group(c.code)))
                                  for c in game_classes()])
def test_the_demo_of_every_game_reaches_its_examples_last_state(code):
    """``companion demo --game CODE``: the game's example (Ghosts Love Candy: the
    narrated script) through the real pipeline and referee, to its last state."""
    run = demo_run(code)
    v, h = run.view, run.health
    assert run.finished and run.state == run.last, (
        f"{code}: the demo stopped short of its example's last state; the referee: "
        f"{v['status']}, {[p['text'] for p in v['prompts']]}; the camera: "
        f"{h['frames']} frames, {h['errors']} errors, {h['skipped']} skipped "
        f"{h['last_error']!r}; the demo's console: {run.console}")
    assert v["game"]["code"] == code
    assert run.beat_times                  # the page showed the beats' verdicts


def test_companion_demo_game_no_web_fast():
    r = subprocess.run([sys.executable, "-m", "companion", "demo", "--no-web", "--fast", "--game", "the-closest-ghost"],
                       cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].startswith("=== demo game 1: The Closest Ghost, RED, BLUE;")
    assert "status: over" in r.stdout and "\nconsole: " in r.stdout
    bad = subprocess.run([sys.executable, "-m", "companion", "demo", "--game", "NOPE"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "no game called 'NOPE'" in bad.stderr
