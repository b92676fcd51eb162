"""The tracker's rules on their own: appear, vanish, held, carried, moved, settled."""
from companion.vision import Tracker
from models.table import Sighting

K = "GLC:KID:02"


def at(x=100.0, y=50.0, a=0.0, p=K):
    return Sighting(p, x, y, a)


def test_appears_after_k_frames_and_settles_after_settle_s():
    tr = Tracker(appear_frames=3, vanish_s=1.0, settle_s=0.5)
    assert not tr.update(0.0, {K: at()}) and not tr.update(0.1, {K: at()})
    assert tr.present() == [] and not tr.settled(0.1)
    assert tr.update(0.2, {K: at()}).appeared == [K]
    assert not tr.settled(0.6)
    tr.update(0.7, {K: at()})
    assert tr.settled(0.7) and [s.payload for s in tr.present()] == [K]


def test_a_one_frame_glimpse_never_appears():
    tr = Tracker(appear_frames=2, vanish_s=1.0, settle_s=0.3)
    tr.update(0.0, {K: at()})
    for i in range(1, 20):
        ch = tr.update(i * 0.1, {})
        assert not ch.appeared
    assert tr.present() == [] and tr.settled(1.9)


def test_vanishes_only_after_missed_for_vanish_s():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3)
    tr.update(0.0, {K: at()})
    vanished = [t / 10 for t in range(1, 20) if tr.update(t / 10, {}).vanished]
    assert vanished == [1.0]
    assert tr.present() == []


def test_held_while_covered_then_vanishes_only_after_uncovered():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3)
    tr.update(0.0, {K: at()})
    for i in range(1, 40):                            # covered for 4 s
        assert not tr.update(i / 10, {}, held=[K]).vanished
        assert not tr.settled(i / 10)
    assert [s.payload for s in tr.present()] == [K]
    gone = next(i / 10 for i in range(40, 80) if tr.update(i / 10, {}).vanished)
    assert gone == 4.9                                 # 1 s after the last covered frame (3.9)


def test_carried_tags_count_as_seen():
    tr = Tracker(appear_frames=2, vanish_s=0.5, settle_s=0.3)
    tr.update(0.0, {K: at()})
    tr.update(0.1, {}, carried=[K])                   # unchanged picture: no need to decode
    assert [s.payload for s in tr.present()] == [K]
    for i in range(2, 30):
        assert not tr.update(i / 10, {}, carried=[K]).vanished
    assert tr.settled(2.9)


def test_small_jitter_is_not_a_move_but_a_jump_is():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3, move_mm=4.0, turn_deg=12.0)
    tr.update(0.0, {K: at(100, 50, 359)})
    for i, (x, a) in enumerate([(101, 1), (99.5, 358), (100.5, 2)], start=1):
        assert not tr.update(i / 10, {K: at(x, 50, a)}).moved
    s = tr.present()[0]
    assert abs(s.x_mm - 100.2) < 1 and (s.angle_deg < 3 or s.angle_deg > 357)
    assert tr.update(0.5, {K: at(100, 50, 40)}).moved == [K]      # turned
    assert tr.update(0.6, {K: at(120, 50, 40)}).moved == [K]      # slid
    assert tr.present()[0].x_mm == 120


def test_motion_anywhere_keeps_the_table_unsettled():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3)
    for i in range(10):
        tr.update(i / 10, {K: at()}, motion=True)
    assert not tr.settled(0.9)
    for i in range(10, 14):
        tr.update(i / 10, {K: at()})
    assert tr.settled(1.3)


ZONE = "TC:ZONE:KIDDISCARD"


def fixed(payload: str) -> bool:
    return payload.startswith("TC:ZONE:")


def test_a_fixed_marker_under_a_pile_is_remembered_where_it_was_seen():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3, fixed=fixed)
    tr.update(0.0, {ZONE: at(700.0, 300.0, p=ZONE), K: at()})
    for i in range(1, 40):      # a pile laid over the marker for 4 s: never seen again
        ch = tr.update(i / 10, {K: at()})
        assert not ch.vanished
    assert {s.payload: (s.x_mm, s.y_mm) for s in tr.present()}[ZONE] == (700.0, 300.0)
    assert tr.settled(3.9), "a covered marker does not keep the table from settling"
    assert tr.remembered() == [ZONE]


def test_a_remembered_marker_seen_again_takes_its_new_place():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3, fixed=fixed)
    tr.update(0.0, {ZONE: at(700.0, 300.0, p=ZONE)})
    for i in range(1, 20):
        tr.update(i / 10, {})
    ch = tr.update(2.0, {ZONE: at(650.0, 300.0, p=ZONE)})
    assert ch.moved == [ZONE] and tr.remembered() == []
    assert [(s.x_mm, s.y_mm) for s in tr.present()] == [(650.0, 300.0)]


def test_components_are_not_remembered():
    tr = Tracker(appear_frames=1, vanish_s=1.0, settle_s=0.3, fixed=fixed)
    tr.update(0.0, {K: at()})
    vanished = [t / 10 for t in range(1, 20) if tr.update(t / 10, {}).vanished]
    assert vanished == [1.0] and tr.present() == []
