"""A lamp's reflection over a known tag: held where it was, never called gone,
never guessed at; the rest of the table goes on settling.

Real frames: each game's example table on the simulated table, a specular
highlight (a clipped ellipse with bloom, :mod:`tests.support.glare`) burnt over
one of its tags for 2.5 s, read by the real pipeline and decoder.
"""
from __future__ import annotations

import cv2
import pytest

from companion.vision import Pipeline, PipelineConfig
from companion.vision.glare import find_glare
from companion.vision.tracker import Tracker
from hardware.simtable import CameraModel, SimulatedTable
from models.table import Placement, Sighting
from tests.support.glare import CODES, Glaring, burn_highlight, case
from tests.support.table import scene_of

CAMERA = CameraModel(resolution=(1600, 900))
GLARE_FROM, GLARE_TO, END = 2.5, 5.0, 7.5


def run(scene_or_timeline, over: str, table_mm=(900.0, 600.0)):
    src = Glaring(SimulatedTable(scene_or_timeline, CAMERA, fps=10.0, hold_s=END), over, GLARE_FROM, GLARE_TO)
    pipe = Pipeline(PipelineConfig(table_mm=table_mm))
    out = []
    for f in iter(src.read, None):
        out.append((f, src.glaring, pipe.process(f)))
    return src, out


@pytest.mark.parametrize("code", CODES)
def test_a_reflection_holds_the_tag_where_it_was_and_the_table_settles(code):
    _, _, placements, target = case(code)
    scene = scene_of(placements)
    src, frames = run(scene, target, scene.table_mm)
    assert src.spot is not None
    before = [u for f, g, u in frames if f.t < GLARE_FROM]
    assert before[-1].settled and target in before[-1].snapshot and not before[-1].glare
    during = [u for f, g, u in frames if g]
    # a reflection is not a card taken away: the tag is never called gone
    assert not any(target in u.vanished for _, _, u in frames)
    assert all(target in {s.payload for s in u.present} for u in during)
    assert not any(target in {s.payload for s in u.sightings} for u in during)      # not read: burnt out
    # told: held by glare, with the highlight's box over where it lies
    late = during[len(during) // 2:]
    assert all([g.payload for g in u.glare] == [target] for u in late)
    x, y = src.spot
    x0, y0, x1, y1 = late[-1].glare[0].box
    assert x0 <= x < x1 and y0 <= y < y1
    # the rest of the table is refereed: it settles, the snapshot keeps the tag and says it is not seen
    assert late[-1].settled and target in late[-1].snapshot and late[-1].snapshot.glare == (target,)
    # the reflection gone, the tag is read again and nothing is held by glare
    after = [u for f, g, u in frames if f.t >= GLARE_TO]
    assert any(target in {s.payload for s in u.sightings} for u in after)
    assert not after[-1].glare and after[-1].settled and after[-1].snapshot.glare == ()
    assert target in after[-1].snapshot


def test_a_card_changed_under_the_reflection_is_not_guessed_at():
    """The kid in slot 3 swapped for another while a reflection hides the spot:
    the settled table keeps the kid last seen there (named as glare-held) and
    never shows the new one; once the reflection goes, the new kid is read and
    the old one is gone."""
    _, _, placements, target = case("GLC")
    old = next(p for p in placements if p.payload == target)
    swapped = [p if p.payload != target else Placement("GLC:KID:05", old.x_mm, old.y_mm, old.angle_deg,
                                                        size_mm=old.size_mm, label="kid 05") for p in placements]
    timeline = [(0.0, scene_of(placements)), (3.5, scene_of(swapped))]
    _, frames = run(timeline, target)
    under = [u for f, g, u in frames if g and f.t >= 4.0]
    assert under and under[-1].settled
    for u in under:
        assert target in u.snapshot and "GLC:KID:05" not in u.snapshot
        assert "GLC:KID:05" not in {s.payload for s in u.present}
    assert under[-1].snapshot.glare == (target,)
    last = frames[-1][2]
    assert last.settled and "GLC:KID:05" in last.snapshot and target not in last.snapshot
    assert last.snapshot.glare == ()


def test_white_paper_and_print_are_not_glare():
    """A bright table (card paper clipped to white around its codes, no
    reflection) has no tag under glare; a highlight burnt over one tag names
    that tag only."""
    _, _, placements, target = case("GLC")
    src = SimulatedTable(scene_of(placements), CAMERA, fps=10.0, hold_s=1.0)
    frame = src.read()
    truth = src.truth

    def spots_of(image):
        small = cv2.GaussianBlur(cv2.cvtColor(cv2.resize(image, (480, 270)), cv2.COLOR_BGR2GRAY), (3, 3), 0)
        spots = {}
        for p, t in truth.items():
            xs, ys = zip(*t.corners_px)
            spots[p] = (t.px[0], t.px[1], max(xs) - min(xs))
        return find_glare(small, 480 / 1600, spots)

    assert (frame.image.min(axis=2) == 255).mean() > 0.005          # the paper is clipped: a hard case
    assert spots_of(frame.image) == {}
    t = truth[target]
    side = max(x for x, _ in t.corners_px) - min(x for x, _ in t.corners_px)
    burnt = burn_highlight(frame.image, t.px, (0.8 * side, 0.6 * side))
    assert list(spots_of(burnt)) == [target]


def _s(p: str, x: float = 100.0) -> dict[str, Sighting]:
    return {p: Sighting(p, x, 50.0, 0.0, (x, 50.0))}


def test_glare_held_tags_do_not_keep_the_table_from_settling():
    tr = Tracker(appear_frames=2, vanish_s=1.0, settle_s=0.5)
    for i in range(6):
        tr.update(i * 0.1, {**_s("GLC:KID:02"), **_s("GLC:KID:03", 200.0)})
    assert tr.settled(0.6)
    for i in range(6, 40):                      # 3.4 s under a reflection: longer than vanish_s
        ch = tr.update(i * 0.1, _s("GLC:KID:02"), glare=["GLC:KID:03"])
        assert not ch.vanished
    assert tr.glare() == ["GLC:KID:03"] and tr.settled(3.9)
    assert [s.payload for s in tr.present()] == ["GLC:KID:02", "GLC:KID:03"]
    # a hand over a tag still keeps the table from settling
    tr.update(4.0, _s("GLC:KID:02"), held=["GLC:KID:03"])
    assert tr.glare() == [] and not tr.settled(4.6)
    # seen again: no longer held
    tr.update(4.7, {**_s("GLC:KID:02"), **_s("GLC:KID:03", 200.0)})
    assert tr.glare() == []


def test_a_tag_not_yet_on_the_table_is_not_held_by_glare():
    """Seen once, then burnt out: it was never known to lie there, so it is
    not kept (it goes as an unconfirmed sighting does)."""
    tr = Tracker(appear_frames=2, vanish_s=0.5, settle_s=0.3)
    tr.update(0.0, {**_s("GLC:KID:02"), **_s("GLC:KID:03", 200.0)})
    for i in range(1, 12):
        tr.update(i * 0.1, _s("GLC:KID:02"), glare=["GLC:KID:03"])
    assert tr.glare() == [] and "GLC:KID:03" not in tr.tracks and tr.settled(1.1)
