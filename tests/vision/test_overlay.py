"""The camera view's drawing names only the tags that need a look: on a full,
settled table the names of every card ran together into one unreadable band."""
from __future__ import annotations

import cv2

from companion.examples import example_states
from companion.vision import overlay
from tests.support.table import run_timeline, scene_of


def test_a_settled_full_table_names_only_its_markers(monkeypatch):
    game, _, states = example_states("GLC")
    scene = scene_of(game.arrange(states[60]))
    pipe, steps = run_timeline(scene, hold_s=3.0)
    frame, update = steps[-1]
    assert update.settled and len(update.present) > 40
    named: list[str] = []
    real = cv2.putText

    def put_text(img, text, *args, **kw):            # the real drawing, its words noted
        named.append(text)
        return real(img, text, *args, **kw)

    monkeypatch.setattr(overlay.cv2, "putText", put_text)
    out = overlay.draw(frame.image, pipe)
    game_tags = [s.payload for s in update.present if not s.payload.startswith("TC:")]
    assert game_tags and not any(p.split(":", 1)[1] in named for p in game_tags)
    assert "CORNER:1" in named
    # no English word burnt into the image: the table's state is a light in the corner, green when settled
    assert not any(w in named for w in ("settled", "moving", "not calibrated"))
    lw = max(1, round(out.shape[1] / 800))
    assert tuple(int(v) for v in out[16 * lw, 16 * lw]) == overlay.GREEN
