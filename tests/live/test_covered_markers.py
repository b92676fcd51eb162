"""A zone marker or a bowl's sticker under its own pile does not stop the referee
(issue #17): the markers are fixed to the table, so once seen the camera keeps
their place while a pile covers them, from real frames of the simulated table."""
from __future__ import annotations

import json
from pathlib import Path

from companion.demo.timeline import Beat
from models.engine import IllegalAction
from models.registry import get_game
from models.table import Placement

from .tables import PLAYERS, short_game, source_for
from .test_session import make_session

ROOT = Path(__file__).resolve().parents[2]


def pile_over(placements: list[Placement], payload: str, size_mm: tuple[float, float]) -> list[Placement]:
    """The placements with a face-down card or a heap of sweets (no tag showing)
    laid over ``payload``, a little askew."""
    m = next(p for p in placements if p.payload == payload)
    return [*placements, Placement("TC:PILE:1", m.x_mm + 4.0, m.y_mm - 3.0, 8.0, face_up=False,
                                   size_mm=size_mm, label="pile")]


def covered(beats: list[Beat], payload: str, size_mm: tuple[float, float] = (63.0, 88.0)) -> list[Beat]:
    return [Beat(b.say, pile_over(b.placements, payload, size_mm), b.expect, b.actions) for b in beats]


def test_a_discard_pile_over_its_zone_marker_is_refereed_on(tmp_path):
    game = short_game()
    s = make_session(tmp_path)
    s.new_game("GLC", PLAYERS, {})
    # the first beat shows the bare marker; from the second one on, the discard pile covers it
    beats = game.beats[:1] + covered(game.beats[1:], "TC:ZONE:KIDDISCARD")
    s.start(source_for(game.engine.arrange(game.start), beats))
    assert s.wait(120)
    s.stop()
    assert [a for e in s.journal.entries(s.game_id) for a in e.actions] == game.actions()
    assert s.state == game.states[-1]
    texts = [p["text"] for v in [s.view()] for p in v["prompts"]]
    assert not any("KIDDISCARD" in t for t in texts)


def ccr_beats(n: int) -> tuple[object, dict, list[Beat], list[dict]]:
    """Candy Crave's docs script: its first ``n`` legal actions, one beat each."""
    g = get_game("CCR")
    script = json.loads((ROOT / "docs" / "games" / "candy-crave.script.json").read_text())
    state = start = g.setup(["RED", "BLUE", "GREEN"], {})
    beats, states = [], []
    for data in script:
        try:
            state, _ = g.apply(state, g.parse_action(data))
        except IllegalAction:
            continue
        states.append(state)
        beats.append(Beat(data["type"], g.arrange(state), "applied", [data]))
        if len(beats) == n:
            break
    return g, start, beats, states


def test_sweets_over_a_bowl_sticker_are_refereed_on(tmp_path):
    g, start, beats, states = ccr_beats(6)
    s = make_session(tmp_path)
    s.new_game("CCR", ["RED", "BLUE", "GREEN"], {})
    s.start(source_for(g.arrange(start), beats[:1] + covered(beats[1:], "CCR:BOWL:L", (36.0, 36.0))))
    assert s.wait(120)
    s.stop()
    assert s.state == states[-1]
    assert [a for e in s.journal.entries(s.game_id) for a in e.actions] == \
        [g.parse_action(a).to_json() for b in beats for a in b.actions]


def test_a_restart_with_a_sticker_already_covered_is_refereed_on(tmp_path):
    """The companion is restarted while a bowl's sweets cover its sticker: the
    sticker's place was kept beside the journal, so the resumed game goes on
    without the sweets being lifted."""
    g, start, beats, states = ccr_beats(6)
    first = make_session(tmp_path)
    first.new_game("CCR", ["RED", "BLUE", "GREEN"], {})
    first.start(source_for(g.arrange(start), beats[:1] + covered(beats[1:3], "CCR:BOWL:L", (36.0, 36.0))))
    assert first.wait(120)
    first.close()
    assert first.state == states[2]
    kept = json.loads((tmp_path / "journal.sqlite.markers.json").read_text())["markers"]
    assert "CCR:BOWL:L" in [row[0] for row in kept]

    again = make_session(tmp_path)
    assert again.resume()                                # the open game, from the journal
    assert again.state == states[2]
    table_now = pile_over(g.arrange(states[2]), "CCR:BOWL:L", (36.0, 36.0))
    again.start(source_for(table_now, covered(beats[3:], "CCR:BOWL:L", (36.0, 36.0))))
    assert again.wait(120)
    again.close()
    assert again.state == states[-1]
    assert not any("CCR:BOWL:L" in p["text"] for p in again.view()["prompts"])


def test_ghost_at_home_decks_over_their_zone_markers_are_refereed_on(tmp_path):
    """Ghost at Home's draw pile and discard pile laid on their markers (once the
    camera has seen the bare markers) through the first moves of the page's
    example game (its first three legal ones: rooms, rooms and a ghost; the
    next, a cat named from the hand, is the console's to say). The Closest
    Ghost has no zone markers; Girls vs Ghouls' Trick stacks cover their slot
    stickers by design, which its own tests cover."""
    from companion.examples import example_states
    g, players, states = example_states("GAH", 3)
    beats = [Beat(f"move {i}", g.arrange(st), "applied", []) for i, st in enumerate(states[1:], 1)]
    piled = covered(covered(beats, "TC:ZONE:DECK", (63.0, 88.0)), "TC:ZONE:DISCARD", (63.0, 88.0))
    s = make_session(tmp_path)
    s.new_game("GAH", list(players), {})
    s.start(source_for(g.arrange(states[0]), piled))
    assert s.wait(120)
    s.stop()
    assert s.state == states[-1]
    assert not any("ZONE" in p["text"] for p in s.view()["prompts"])
    assert {"TC:ZONE:DECK", "TC:ZONE:DISCARD"} <= set(s.pipeline.tracker.remembered())   # really covered
