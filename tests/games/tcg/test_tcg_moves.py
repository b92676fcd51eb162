"""Avatar moves along the arrows (with and without wrap), rotated boards, trapped avatars."""
from __future__ import annotations

import pytest

from models.engine import IllegalAction
from tests.games.tcg.tcg_support import GAME, RULING, STEP, act, name, state_with

ALL = [name(r, c) for r in range(3) for c in range(6)]


def ruling_arrows(row: int, col: int) -> str:
    """Arrows of a combined 3x6 square with both boards unturned, from the ruling text."""
    return RULING[row][col % 3]


def far_ghosts(square: str, avoid: set[str]) -> list[str]:
    """Three ghost squares that touch neither ``square`` nor its neighbours (wrap included)."""
    r, c = int(square[1]) - 1, "ABCDEF".index(square[0])
    near = {name((r + dr) % 3, (c + dc) % 6) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    return [sq for sq in ALL if sq not in near and sq not in avoid][:3]


def test_unturned_boards_carry_the_ruling_arrows_and_dots():
    s = GAME.setup(["RED", "BLUE"])
    area = GAME.area(s)
    for r in range(3):
        for c in range(6):
            assert set(area.arrows(name(r, c))) == set(ruling_arrows(r, c)), name(r, c)
    assert (area.dot("A"), area.dot("B")) == ("A1", "D1")
    assert s["ghosts"] == ["A1", "D1"] and s["avatars"] == {"RED": "B2", "BLUE": "E2"}
    assert len(s["candy"]) == 16 and "A1" in s["candy"] and "B2" not in s["candy"]


def test_a_board_turned_90_degrees_turns_its_arrows_and_dot():
    s = GAME.setup(["RED", "BLUE"], {"rotation_b": 90})
    area = GAME.area(s)
    # turned counter-clockwise, the printed right column (LUR, URD, LUR read downward)
    # becomes the top row, and every arrow turns a quarter: up->left, right->up, down->right, left->down
    assert [set(area.arrows(sq)) for sq in ("D1", "E1", "F1")] == [set("ULD"), set("URL"), set("ULD")]
    assert area.dot("B") == "D3"          # the printed top-left corner is now bottom-left
    assert "D3" in s["ghosts"] and area.dot("A") == "A1"


@pytest.mark.parametrize("square", ALL)
def test_every_arrow_with_wrap(square):
    r, c = int(square[1]) - 1, "ABCDEF".index(square[0])
    other = "E2" if square != "E2" else "B2"
    arrows = ruling_arrows(r, c)
    for d in "URDL":
        dr, dc = STEP[d]
        target = name((r + dr) % 3, (c + dc) % 6)
        s = state_with({"RED": square, "BLUE": other}, far_ghosts(square, {other}))
        if target == other:
            continue
        if d in arrows:
            new, events = act(s, {"type": "move_avatar", "player": "RED", "to": target})
            assert new["avatars"]["RED"] == target
            assert target not in new["candy"]                      # landing on candy takes it
            assert events[0].data == {"player": "RED", "from": square, "to": target}
        else:
            with pytest.raises(IllegalAction, match="against the arrows"):
                act(s, {"type": "move_avatar", "player": "RED", "to": target})


@pytest.mark.parametrize("square", ALL)
def test_every_arrow_without_wrap(square):
    r, c = int(square[1]) - 1, "ABCDEF".index(square[0])
    other = "E2" if square != "E2" else "B2"
    for d in ruling_arrows(r, c):
        dr, dc = STEP[d]
        rr, cc = r + dr, c + dc
        s = state_with({"RED": square, "BLUE": other}, far_ghosts(square, {other}), wrap=False)
        target = name(rr % 3, cc % 6)
        if target == other:
            continue
        if 0 <= rr < 3 and 0 <= cc < 6:
            new, _ = act(s, {"type": "move_avatar", "player": "RED", "to": target})
            assert new["avatars"]["RED"] == target
        else:
            with pytest.raises(IllegalAction, match="wrapping off the edge is switched off"):
                act(s, {"type": "move_avatar", "player": "RED", "to": target})


@pytest.mark.parametrize("square", ALL)
def test_every_arrow_off_the_area_wraps_within_its_board_with_wrap_to_board(square):
    """The other reading of "wrap around to the other side" (option wrap_to=board):
    off the area's edge, an avatar comes back at the opposite edge of the board
    it stands on, never onto the other board; the area's opposite edge is then
    a jump."""
    r, c = int(square[1]) - 1, "ABCDEF".index(square[0])
    other = "E2" if square != "E2" else "B2"
    c0 = 0 if c < 3 else 3
    for d in ruling_arrows(r, c):
        dr, dc = STEP[d]
        rr, cc = r + dr, c + dc
        if 0 <= rr < 3 and 0 <= cc < 6:
            continue
        within, across = name(rr % 3, c0 + (cc - c0) % 3), name(rr % 3, cc % 6)
        s = state_with({"RED": square, "BLUE": other}, far_ghosts(square, {other, within}), wrap_to="board")
        if within == other:
            continue
        legal = {a.to for a in GAME.legal_actions(s) if a.type == "move_avatar"}
        assert within in legal
        new, events = act(s, {"type": "move_avatar", "player": "RED", "to": within})
        assert new["avatars"]["RED"] == within and "wrapping around" in events[0].text
        if across != within:
            assert across not in legal
            with pytest.raises(IllegalAction, match="exactly one square"):
                act(s, {"type": "move_avatar", "player": "RED", "to": across})


def test_wrap_to_board_on_the_6x3_layout_stays_on_the_top_board():
    s = state_with({"RED": "A1", "BLUE": "B5"}, ["C3", "C4", "B2"], layout="6x3", wrap_to="board")
    new, _ = act(s, {"type": "move_avatar", "player": "RED", "to": "A3"})
    assert new["avatars"]["RED"] == "A3"
    with pytest.raises(IllegalAction, match="exactly one square"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "A6"})


def test_arrows_cross_the_seam_onto_the_other_board():
    s = state_with({"RED": "C2", "BLUE": "E3"}, ["A1", "A3", "F3"])      # C2 = printed LUR on board A
    new, _ = act(s, {"type": "move_avatar", "player": "RED", "to": "D2"})
    assert new["avatars"]["RED"] == "D2" and new["taken"]["B"]["RED"] == 1


def test_wrap_on_the_6x3_layout_goes_top_to_bottom():
    # 6x3: board A is rows 1-3, B rows 4-6; A1 (printed URD) going up wraps to A6
    s = state_with({"RED": "A1", "BLUE": "B5"}, ["C3", "C4", "B3"], layout="6x3")
    new, events = act(s, {"type": "move_avatar", "player": "RED", "to": "A6"})
    assert new["avatars"]["RED"] == "A6" and "wrapping around" in events[0].text
    s = state_with({"RED": "A1", "BLUE": "B5"}, ["C3", "C4", "B3"], layout="6x3", wrap=False)
    with pytest.raises(IllegalAction, match="option wrap"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "A6"})


def test_avatar_cannot_enter_a_ghost_or_jump_two_squares():
    s = state_with({"RED": "B2", "BLUE": "E2"}, ["B1", "D1", "F3"])
    before = dict(s)
    with pytest.raises(IllegalAction, match="a ghost stands there"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "B1"})
    with pytest.raises(IllegalAction, match=r"2 squares away.*exactly one square"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "D2"})
    with pytest.raises(IllegalAction, match="not on the 3x6 area"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "G2"})
    with pytest.raises(IllegalAction, match="it is RED's turn"):
        act(s, {"type": "move_avatar", "player": "BLUE", "to": "E1"})
    assert s == before


def test_avatars_may_share_a_square_unless_the_option_says_no():
    s = state_with({"RED": "D2", "BLUE": "E2"}, ["A1", "A3", "C3"])       # D2 = printed LUR: right to E2
    new, _ = act(s, {"type": "move_avatar", "player": "RED", "to": "E2"})
    assert new["avatars"] == {"RED": "E2", "BLUE": "E2"}
    s = state_with({"RED": "D2", "BLUE": "E2"}, ["A1", "A3", "C3"], avatars_block=True)
    with pytest.raises(IllegalAction, match="the other avatar stands there"):
        act(s, {"type": "move_avatar", "player": "RED", "to": "E2"})


# ----------------------------------------------------------------------------- trapped


def test_a_trapped_player_passes_and_the_companion_says_so():
    # BLUE on E2 (arrows up, right, down) is hemmed in once RED's closest ghost steps D3 -> E3
    s = state_with({"RED": "C3", "BLUE": "E2"}, ["E1", "F2", "D3"], phase="ghost")
    new, events = act(s, {"type": "move_ghost", "player": "RED", "square": "D3", "to": "E3"})
    assert [e.type for e in events] == ["ghost_moved", "pass"]
    assert events[-1].text == "BLUE's avatar on E2 is trapped: BLUE passes."
    assert (new["phase"], new["turn"]) == ("move", "RED")
    prompts = [p.text for p in GAME.prompts(new)]
    assert prompts[0] == "BLUE's avatar on E2 is trapped: BLUE passes."
    assert prompts[1].startswith("RED: move your avatar from C3")
    with pytest.raises(IllegalAction, match="it is RED's turn"):
        act(new, {"type": "move_avatar", "player": "BLUE", "to": "E1"})


def test_trapped_by_the_edge_without_wrap():
    # F1 is printed LUR on board B: up and right point off the area; left to E1 holds a ghost
    s = state_with({"RED": "A2", "BLUE": "F1"}, ["E1", "C3", "B3"], phase="ghost", wrap=False)
    # RED's closest ghost is B3 (2 away); it moves; then BLUE is trapped
    new, events = act(s, {"type": "move_ghost", "player": "RED", "square": "B3", "to": "B2"})
    assert events[-1].type == "pass" and new["turn"] == "RED"
    # with wrap on, F1 is not trapped: up wraps to F3
    s2 = state_with({"RED": "A2", "BLUE": "F1"}, ["E1", "C3", "B3"], phase="ghost")
    new2, events2 = act(s2, {"type": "move_ghost", "player": "RED", "square": "B3", "to": "B2"})
    assert events2[-1].type == "ghost_moved" and new2["turn"] == "BLUE"


def test_trapped_player_still_moves_the_ghost_with_option_trapped_ghost():
    s = state_with({"RED": "C3", "BLUE": "E2"}, ["E1", "F2", "D3"], phase="ghost", trapped="ghost")
    new, events = act(s, {"type": "move_ghost", "player": "RED", "square": "D3", "to": "E3"})
    assert events[-1].type == "trapped"
    assert (new["phase"], new["turn"]) == ("ghost", "BLUE")
    # BLUE's closest ghosts are E1, F2 and E3 (all 1 away); moving one frees BLUE
    new, _ = act(new, {"type": "move_ghost", "player": "BLUE", "square": "E1", "to": "D1"})
    assert (new["phase"], new["turn"]) == ("move", "RED")


def test_both_avatars_trapped_ends_the_game_without_a_winner():
    # no wrap; RED on A1 (printed URD: up off the area, right B1, down A2), BLUE on F1 (left E1)
    s = state_with({"RED": "A1", "BLUE": "F1"}, ["B1", "A2", "D2"], phase="ghost", turn="BLUE", wrap=False)
    new, events = act(s, {"type": "move_ghost", "player": "BLUE", "square": "D2", "to": "E2"})
    # RED is trapped and passes; BLUE on F1: left E1 is free, so BLUE moves
    assert events[-1].type == "pass" and new["turn"] == "BLUE"
    s = state_with({"RED": "A1", "BLUE": "F1"}, ["B1", "A2", "E2"], phase="ghost", turn="BLUE", wrap=False)
    new, events = act(s, {"type": "move_ghost", "player": "BLUE", "square": "E2", "to": "E1"})
    assert [e.type for e in events] == ["ghost_moved", "pass", "pass", "stalemate"]
    assert GAME.is_over(new) and GAME.score(new).winners == [] and GAME.score(new).final
