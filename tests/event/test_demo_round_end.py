"""The event demo's Girls vs Ghouls table at a round's end: the last Trick is
turned up and left face up with the others a beat longer, as players leave
them while they read them, so the camera reads it and the demo's console does
not have to tell it as a move no camera sees (``Game.arrange_as_left``,
``Beat.linger_s``)."""
from __future__ import annotations

from companion.demo.event import EVERY_S, staged_example
from companion.demo.timeline import build_timeline
from models.registry import get_game


def test_the_round_end_is_shown_with_its_tricks_face_up_and_followed_by_the_camera():
    game = get_game("GVG")
    staged = staged_example("GVG")
    ends = [i for i, after in enumerate(staged.states[1:]) if game.arrange_as_left(after) is not None]
    assert ends, "the demo watches a round's end"
    for i in ends:
        beat, after = staged.beats[i], staged.states[i + 1]
        faces = {c for cards in after["leftover"]["tricks"].values() for c in cards}
        assert faces <= {p.payload for p in beat.placements}
        assert beat.linger_s == EVERY_S
        assert not staged.told[i], "the camera follows the last Trick: nothing told on the console"
    others = [b for n, b in enumerate(staged.beats) if n not in ends]
    assert all(b.linger_s == 0.0 for b in others)


def test_a_lingering_beat_puts_the_next_change_later():
    staged = staged_example("GVG")
    _, marks = build_timeline(staged.opening_table, staged.beats, every_s=3.0, first_s=2.0)
    gaps = [round(b - a, 6) for a, b in zip(marks, marks[1:])]
    lingered = [beat.linger_s for beat in staged.beats[:-1]]
    assert gaps == [round(3.0 + extra, 6) for extra in lingered]
