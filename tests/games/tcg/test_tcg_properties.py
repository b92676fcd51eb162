"""Random games, legal and illegal actions mixed: the state never breaks, illegal
actions change nothing, and every state survives a JSON round trip."""
from __future__ import annotations

import json

from hypothesis import given, settings, strategies as st

from models.engine import IllegalAction
from models.the_closest_ghost import rules
from tests.games.tcg.tcg_support import GAME
from tests.support.components import assert_components_add_up

OPTIONS = st.fixed_dictionaries({
    "layout": st.sampled_from(["3x6", "6x3"]),
    "rotation_a": st.sampled_from([0, 90, 180, 270]),
    "rotation_b": st.sampled_from([0, 90, 180, 270]),
    "wrap": st.booleans(),
    "ghost_step": st.sampled_from(["orthogonal", "king"]),
    "ghost_wrap": st.booleans(),
    "blocked_ghost": st.sampled_from(["skip", "next"]),
    "trapped": st.sampled_from(["pass", "ghost"]),
    "avatars_block": st.booleans(),
})
SQUARES = [f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8)]


def legal_actions(state) -> list[dict]:
    """The game's legal actions, as JSON (what the random games choose from)."""
    return [a.to_json() for a in GAME.legal_actions(state)]


def random_action(draw) -> dict:
    kind = draw(st.sampled_from(["turn_board", "place_ghost", "move_avatar", "move_ghost"]))
    player = draw(st.sampled_from(["RED", "BLUE", "GREEN"]))
    sq = st.sampled_from(SQUARES)
    if kind == "turn_board":
        return {"type": kind, "board": draw(st.sampled_from(["A", "B"])),
                "rotation": draw(st.sampled_from([0, 45, 90, 180, 270]))}
    if kind == "place_ghost":
        return {"type": kind, "player": player, "square": draw(sq)}
    if kind == "move_avatar":
        return {"type": kind, "player": player, "to": draw(sq)}
    return {"type": kind, "player": player, "square": draw(sq), "to": draw(sq)}


def check_invariants(state) -> None:
    assert_components_add_up(GAME, state)
    area = GAME.area(state)
    assert json.loads(json.dumps(state)) == state
    squares = set(area.squares())
    ghosts, candy, avatars = state["ghosts"], state["candy"], state["avatars"]
    assert ghosts == sorted(ghosts) and len(set(ghosts)) == len(ghosts) <= 3
    assert set(ghosts) <= squares and set(candy) <= squares and set(avatars.values()) <= squares
    assert not set(ghosts) & set(avatars.values()), "a ghost stands on an avatar"
    assert not set(candy) & set(avatars.values()), "an avatar stands on candy it should have taken"
    assert len(set(candy)) == len(candy)
    taken = sum(n for board in state["taken"].values() for n in board.values())
    assert len(candy) + taken == 16
    left = {b: rules.board_candy(area, state, b) for b in "AB"}
    if state["phase"] == "over":
        if state["winner"]:
            owned = [b for b in "AB" if state["owners"][b] == state["winner"]][0]
            assert left[owned] == 0
    else:
        assert all(n > 0 for n in left.values())
    if state["phase"] == "move":
        assert not rules.is_trapped(area, state, state["turn"]), "a trapped player was not passed"
    if state["phase"] == "ghost":
        assert rules.ghost_choices(area, state, state["turn"])[1], "a ghost phase with no ghost to move"
    GAME.prompts(state), GAME.score(state), GAME.public_view(state)


@settings(max_examples=60, deadline=None)
@given(st.data(), OPTIONS)
def test_random_play_never_corrupts_the_state(data, options):
    state = GAME.setup(["RED", "BLUE"], options)
    check_invariants(state)
    for _ in range(data.draw(st.integers(10, 120))):
        if GAME.is_over(state):
            break
        legal = legal_actions(state)
        if legal and data.draw(st.integers(0, 3)) > 0:
            action = data.draw(st.sampled_from(legal))
        else:
            action = random_action(data.draw)
        before = json.dumps(state, sort_keys=True)
        try:
            new, events = GAME.apply(state, GAME.parse_action(action))
        except IllegalAction as e:
            assert json.dumps(state, sort_keys=True) == before
            assert e.reason.startswith(action["type"]), e.reason
            assert action not in legal, f"refused a legal action: {e.reason}"
            continue
        assert json.dumps(state, sort_keys=True) == before, "apply changed its input"
        assert events
        state = new
        check_invariants(state)


@settings(max_examples=40, deadline=None)
@given(st.data(), OPTIONS)
def test_the_table_reading_of_any_reachable_state_matches(data, options):
    """read(arrange(state)) == expected_table(state) wherever play leads."""
    from tests.games.tcg.tcg_support import snap_of_state
    state = GAME.setup(["RED", "BLUE"], options)
    for _ in range(data.draw(st.integers(0, 40))):
        legal = legal_actions(state)
        if not legal:
            break
        state, _ = GAME.apply(state, GAME.parse_action(data.draw(st.sampled_from(legal))))
    assert GAME.read(state, snap_of_state(state)) == GAME.expected_table(state)
