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


def test_the_camera_view_shows_a_reflection_over_a_tag():
    """A highlight burnt over the kid in slot 3: the camera view rings it (white
    in black) and outlines the kid it hides as held (orange), not gone."""
    from companion.vision import Pipeline, PipelineConfig
    from hardware.simtable import CameraModel, SimulatedTable
    from tests.support.glare import Glaring, case

    _, _, placements, target = case("GLC")
    src = Glaring(SimulatedTable(scene_of(placements), CameraModel(resolution=(1600, 900)), fps=10.0, hold_s=3.5),
                  target, 2.0, 9.0)
    pipe = Pipeline(PipelineConfig())
    frames = [(f, pipe.process(f)) for f in iter(src.read, None)]
    frame, update = frames[-1]
    assert [g.payload for g in update.glare] == [target]
    out = overlay.draw(frame.image, pipe)
    lw = max(1, round(out.shape[1] / 800))
    x0, y0, x1, y1 = update.glare[0].box
    ring = out[y0 - lw, x0 + 2:x1 - 2]
    assert (ring == overlay.WHITE).all(axis=1).mean() > 0.8
    det = pipe.detections[target]
    cx, cy = (int(v) for v in det.corners[0])
    near = out[cy - 2 * lw:cy + 2 * lw + 1, cx - 2 * lw:cx + 2 * lw + 1].reshape(-1, 3)
    assert any(tuple(int(c) for c in px) == overlay.ORANGE for px in near)
