"""``companion demo``: the scripted game through the real pipeline and referee."""
import subprocess
import sys
from pathlib import Path

import pytest

from companion.demo import Demo
from companion.demo.script import build_script
from companion.demo.timeline import hidden_tags
from companion.live.lines import format_score
from models.registry import game_classes, get_game

ROOT = Path(__file__).resolve().parents[2]


def test_the_demo_game_plays_through_the_session_to_the_right_scoreboard(tmp_path):
    demo = Demo(fast=True, journal_dir=str(tmp_path))
    views = []
    demo.session.on_change(views.append)
    demo.start()
    assert demo.wait(120)
    script, g, s = demo.script, demo.game, demo.session
    # every beat got the verdict the script expects
    assert [(b["beat"], b["status"]) for b in demo.beat_times] == \
        [(i, b.expect) for i, b in enumerate(script.beats, 1)]
    # the scoreboard is the one the engine gives for the scripted final state
    assert s.state == script.final
    assert s.view()["score"] == g.score(script.final).to_json()
    assert s.view()["score"]["final"] and s.view()["status"] == "over"
    # the journal holds the prelude, then the changes the camera saw (the mistakes applied nothing)
    entries = s.journal.entries(s.game_id)
    assert entries[0].note.startswith("demo: rounds 1-7")
    seen = [a for e in entries[1:] for a in e.actions]
    assert seen == [g.parse_action(a).to_json() for b in script.beats for a in b.actions]
    # the two mistakes were shown for what they are
    bad = [" ".join(p["text"] for p in v["prompts"]) for v in views if v["status"] == "out_of_sync"]
    assert any("it is RED's turn, not BLUE's" in t for t in bad)
    assert any("WEREWOLF" in t and "where no kid belongs" in t for t in bad)
    # ... and when the kid left on the table turns the page red, the checklist of where it goes stays
    assert any("where no kid belongs" in t and "Move the WEREWOLF (kid 2) to RED's stash" in t for t in bad)
    assert any(v["indicators"]["buzzer"] for v in views if v["status"] == "out_of_sync")
    demo.close()


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


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_the_demo_of_every_game_reaches_its_examples_last_state(code, tmp_path):
    """``companion demo --game CODE``: the game's example (Ghosts Love Candy: the
    narrated script) through the real pipeline and referee, to its last state."""
    demo = Demo(fast=True, journal_dir=str(tmp_path), game=code)
    try:
        demo.start()
        assert demo.wait(180)
        s = demo.session
        last = demo.script.final if code == "GLC" else demo.script.states[-1]
        v, h = s.view(), s.camera.health
        assert s.state == last, (f"{code}: the demo stopped short of its example's last state; the referee: "
                                 f"{v['status']}, {[p['text'] for p in v['prompts']]}; the camera: "
                                 f"{h['frames']} frames, {h['errors']} errors, {h['skipped']} skipped "
                                 f"{h['last_error']!r}; the demo's console: {getattr(demo.example, 'console', None)}")
        assert s.view()["game"]["code"] == code
        assert demo.beat_times                  # the page showed the beats' verdicts
    finally:
        demo.close()


def test_companion_demo_game_no_web_fast():
    r = subprocess.run([sys.executable, "-m", "companion", "demo", "--no-web", "--fast", "--game", "the-closest-ghost"],
                       cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0].startswith("=== demo game 1: The Closest Ghost, RED, BLUE;")
    assert "status: over" in r.stdout and "\nconsole: " in r.stdout
    bad = subprocess.run([sys.executable, "-m", "companion", "demo", "--game", "NOPE"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "no game called 'NOPE'" in bad.stderr
