"""Tricks: played face down, revealed bottom first, resolved in order; every Trick
alone and the combinations the rulebook calls out."""
import pytest

from tests.games.gvg.gvg_support import act, crafted, run, tricks_of, try_apply

FLIP, INVERT, DOUBLE, TRAP = (tricks_of(k) for k in ("FLIP", "INVERT", "DOUBLE", "TRAP"))


def resolve_house2(kinds, net, control="GHOULS", **options):
    """RED plays the last card of the round, a Trick on House 1 (so House 1 has a
    stack of one Double that no test looks at); House 2 holds ``kinds`` bottom
    first over ``net`` cubes. Returns House 2's net value, its control, and the
    events of the reveal."""
    state = crafted(cubes={2: net, 6: 1}, stacks={2: len(kinds)}, control={2: control})
    state["options"].update(options)
    state, _ = act(state, type="trick", player="RED", house=1)
    assert state["phase"] == "reveal"
    state, _ = act(state, type="reveal", house=1, card=DOUBLE[-1])
    cards = {"FLIP": iter(FLIP), "INVERT": iter(INVERT), "DOUBLE": iter(DOUBLE), "TRAP": iter(TRAP)}
    events = []
    for k in kinds:
        state, ev = act(state, type="reveal", house=2, card=next(cards[k]))
        events += ev
    resolved = [e for e in events if e.type == "trick_resolved" and e.data["house"] == 2]
    assert len(resolved) == len(kinds)
    last = resolved[-1].data
    return last["net"], last["control"], resolved


def test_flip_alone_passes_control():
    net, control, _ = resolve_house2(["FLIP"], -2, control="GHOULS")
    assert (net, control) == (-2, "GIRLS")


def test_invert_alone_changes_the_colour():
    net, control, ev = resolve_house2(["INVERT"], -2)
    assert (net, control) == (2, "GHOULS")
    assert ev[0].text == "House 2: Invert Value: 2 black becomes 2 orange"


def test_double_alone_doubles_positive_or_negative():
    assert resolve_house2(["DOUBLE"], 3)[0] == 6
    assert resolve_house2(["DOUBLE"], -3)[0] == -6


def test_trap_alone_has_no_effect():
    net, control, ev = resolve_house2(["TRAP"], -1, control="GIRLS")
    assert (net, control) == (-1, "GIRLS")


def test_trap_before_flip_nullifies_the_flip():
    net, control, ev = resolve_house2(["TRAP", "FLIP"], 2, control="GIRLS")
    assert (net, control) == (2, "GIRLS")
    assert ev[1].data["nullified"] is True
    assert "nullified by the Trap" in ev[1].text


def test_trap_on_top_affects_nothing():
    net, control, ev = resolve_house2(["FLIP", "TRAP"], 2, control="GIRLS")
    assert (net, control) == (2, "GHOULS")


def test_trap_only_nullifies_the_trick_directly_on_top():
    net, control, _ = resolve_house2(["TRAP", "DOUBLE", "INVERT"], 2)
    assert net == -2


def test_double_after_invert():
    net, _, ev = resolve_house2(["INVERT", "DOUBLE"], -2)
    assert net == 4
    assert [e.data["net"] for e in ev] == [2, 4]


def test_invert_after_double_gives_the_same_magnitude_other_order():
    assert resolve_house2(["DOUBLE", "INVERT"], 3)[0] == -6


def test_two_flips_cancel():
    assert resolve_house2(["FLIP", "FLIP"], 0, control="GIRLS")[1] == "GIRLS"


def test_a_trapped_trap_traps_nothing_by_default():
    net, control, _ = resolve_house2(["TRAP", "TRAP", "FLIP"], 1, control="GIRLS")
    assert control == "GHOULS"


def test_option_trapped_trap_still_traps():
    net, control, _ = resolve_house2(["TRAP", "TRAP", "FLIP"], 1, control="GIRLS", trapped_trap_traps=True)
    assert control == "GIRLS"


def test_tricks_are_revealed_bottom_first_and_the_record_keeps_the_order():
    state = crafted(stacks={2: 2})
    state, _ = act(state, type="trick", player="RED", house=1)
    state, ev = act(state, type="reveal", house=2, card=TRAP[0])
    assert ev[0].data["position"] == 1
    assert state["tricks"]["2"][0]["card"] == TRAP[0] and state["tricks"]["2"][1]["card"] is None
    assert state["phase"] == "reveal"


def test_reveal_errors_change_nothing():
    state = crafted(stacks={2: 1})
    state, _ = act(state, type="trick", player="RED", house=1)
    for action, why in [({"type": "reveal", "house": 3, "card": FLIP[0]}, "no face-down Trick left at House 3"),
                        ({"type": "reveal", "house": 2, "card": "GVG:TREAT:01"}, "not a Trick card"),
                        ({"type": "reveal", "house": 9, "card": FLIP[0]}, "there is no House 9")]:
        after, reason = try_apply(state, action)
        assert after == state and why in reason
    state, _ = act(state, type="reveal", house=2, card=FLIP[0])
    after, reason = try_apply(state, {"type": "reveal", "house": 1, "card": FLIP[0]})
    assert "already been revealed" in reason


def test_a_trick_is_only_known_as_who_and_when_until_revealed():
    state = crafted()
    state, ev = act(state, type="trick", player="RED", house=1)
    entry = state["tricks"]["1"][0]
    assert entry["card"] is None and entry["by"] == "RED" and entry["turn"] == state["turn_no"]
    assert ev[0].text == "RED plays a Trick face down in front of House 1"


def test_round_with_no_tricks_skips_the_reveal():
    state = crafted(last="treat", cubes={3: 2})
    state, ev = act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")
    assert state["round"] == 2 and state["phase"] == "play"
    assert any(e.type == "scored" and e.data["house"] == 3 for e in ev)


@pytest.mark.parametrize("kinds", [["FLIP", "INVERT"], ["DOUBLE", "DOUBLE", "TRAP"]])
def test_resolution_happens_once_all_stacks_are_face_up(kinds):
    state = crafted(stacks={2: len(kinds), 5: 1}, cubes={2: 1})
    state, _ = act(state, type="trick", player="RED", house=1)
    cards = FLIP[1:2] + INVERT[1:2] if kinds[0] == "FLIP" else DOUBLE[:2] + TRAP[:1]
    state, _ = run(state, [{"type": "reveal", "house": 2, "card": c} for c in cards])
    state, _ = act(state, type="reveal", house=1, card=FLIP[5])
    assert state["phase"] == "reveal" and state["cubes"]["2"] == 1       # House 5 still face down
    state, ev = act(state, type="reveal", house=5, card=INVERT[5])
    assert any(e.type == "trick_resolved" for e in ev)
