"""Tables The Closest Ghost reaches by more than one turn: the referee asks, never
records the shorter story.

A ghost moved and moved back, or the third ghost placed beside its square and
moved onto it by the first player's closest-ghost move, leaves the same table
as a shorter sequence that leaves a different player to move. The camera cannot
tell them apart; whose turn it is matters to every later move."""
from __future__ import annotations

from models.table import seen_from_above
from models.the_closest_ghost.actions import MoveAvatar, MoveGhost, PlaceGhost

from .tcg_support import GAME, state_with


def seen(state: dict) -> object:
    return seen_from_above(GAME.arrange(state))


def agrees(state: dict, truth: dict) -> bool:
    """The same table and the same answers to "whose turn, what now"."""
    return (GAME.same_table(GAME.expected_table(state), GAME.expected_table(truth))
            and GAME.takeover_answers(state) == GAME.takeover_answers(truth))


def assert_never_a_wrong_record(before: dict, truth: dict, gap: bool) -> None:
    verdict = GAME.referee(before, seen(truth), gap=gap)
    if verdict.status == "applied":
        assert agrees(verdict.state, truth), [a.to_json() for a in verdict.actions]
    else:
        assert verdict.status == "waiting", verdict.status
        assert any(agrees(c.state, truth) for c in verdict.choices), "the truth is among the choices"


def test_third_ghost_placed_beside_and_moved_on_by_the_first_player_is_asked():
    setup = GAME.setup(["RED", "BLUE"], {})
    checked = asked = 0
    for place in GAME.legal_actions(setup):
        if not isinstance(place, PlaceGhost):
            continue
        after_place, _ = GAME.apply(setup, place)
        for avatar in [a for a in GAME.legal_actions(after_place) if isinstance(a, MoveAvatar)]:
            after_avatar, _ = GAME.apply(after_place, avatar)
            for ghost in GAME.legal_actions(after_avatar):
                if isinstance(ghost, MoveGhost) and ghost.square == place.square:
                    truth, _ = GAME.apply(after_avatar, ghost)
                    assert_never_a_wrong_record(setup, truth, gap=False)
                    checked += 1
                    asked += GAME.referee(setup, seen(truth), gap=False).status == "waiting"
    assert checked >= 20 and asked >= 10, (checked, asked)


def test_a_ghost_moved_and_moved_back_during_a_gap_is_asked_not_shortened():
    """Three turns under an arm: RED steps to B2 and moves the ghost C2 to C3,
    BLUE steps to F1 and moves D3 to E3, RED steps on to B3 and moves the ghost
    back to C2. The table after it is also RED's one step to B3, RED's ghost D3
    to E3 and BLUE's step to F1, with BLUE's ghost still to move."""
    before = state_with({"RED": "B1", "BLUE": "F3"}, ["A2", "C2", "D3"],
                        candy=["C1", "C2", "C3", "D1", "D2", "D3", "E3"], rotation_a=270, rotation_b=90)
    truth, _ = GAME.apply_all(before, [MoveAvatar("RED", "B2"), MoveGhost("RED", "C2", "C3"),
                                       MoveAvatar("BLUE", "F1"), MoveGhost("BLUE", "D3", "E3"),
                                       MoveAvatar("RED", "B3"), MoveGhost("RED", "C3", "C2")])
    shorter, _ = GAME.apply_all(before, [MoveAvatar("RED", "B3"), MoveGhost("RED", "D3", "E3"),
                                         MoveAvatar("BLUE", "F1")])
    assert GAME.same_table(GAME.expected_table(shorter), GAME.expected_table(truth))
    assert not agrees(shorter, truth)                      # BLUE's ghost to move, or BLUE's turn
    assert_never_a_wrong_record(before, truth, gap=True)
    verdict = GAME.referee(before, seen(truth), gap=True)
    assert verdict.status == "waiting"


def test_a_short_gap_whose_table_says_it_all_is_still_followed_alone():
    before = state_with({"RED": "B1", "BLUE": "F3"}, ["A2", "C2", "D3"],
                        candy=["C1", "C2", "C3", "D1", "D2", "D3", "E3"], rotation_a=270, rotation_b=90)
    after, _ = GAME.apply_all(before, [MoveAvatar("RED", "B2"), MoveGhost("RED", "C2", "C3")])
    verdict = GAME.referee(before, seen(after), gap=True)
    assert verdict.status == "applied" and agrees(verdict.state, after)
