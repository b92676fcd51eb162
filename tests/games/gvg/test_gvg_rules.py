"""Setup, turns, moves around the cul-de-sac, where cards may be played, hands,
and cube cancellation."""
import json

import pytest

from models.engine import GameSetupError, MalformedAction
from tests.games.gvg.gvg_support import CANDY_CORN, FIVE, FOUR, GAME, act, started, treats_of, try_apply


def test_setup_alternates_houses_and_waits_for_standees():
    state = GAME.setup(FIVE)
    assert [state["control"][str(h)] for h in range(1, 9)] == ["GIRLS", "GHOULS"] * 4
    assert state["phase"] == "setup"
    assert [p.to for p in GAME.prompts(state)] == FIVE
    after, reason = try_apply(state, {"type": "move", "player": "RED", "house": 2})
    assert after == state and "being set up" in reason
    state = started(FIVE)
    assert state["phase"] == "play" and state["turn"] == "RED" and state["first"] == "RED"


@pytest.mark.parametrize("players", [["RED", "BLUE", "GREEN"], ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE",
                                                                  "BLACK", "WHITE"]])
def test_four_to_seven_players(players):
    with pytest.raises(GameSetupError, match="4-7 players"):
        GAME.setup(players)


def test_a_player_needs_a_standee_colour():
    with pytest.raises(GameSetupError, match="MAUVE is not a seat of Girls vs Ghouls"):
        GAME.setup(["RED", "BLUE", "GREEN", "MAUVE"])


def test_moves_of_up_to_two_spaces_either_way():
    state = started(FOUR)                                    # RED at House 1
    for h in (2, 3, 8, 7):
        after, reason = try_apply(state, {"type": "move", "player": "RED", "house": h})
        assert reason is None and after["positions"]["RED"] == h


def test_staying_put_is_no_move():
    """A "move" to the house where the standee stands changes nothing a camera or
    a player could see: refused, so no one records a move that never happened."""
    state = started(FOUR)                                    # RED at House 1
    after, reason = try_apply(state, {"type": "move", "player": "RED", "house": 1})
    assert after == state
    assert reason == "move: RED already stands at House 1: staying is no move"
    moved, _ = try_apply(state, {"type": "move", "player": "RED", "house": 2})
    back, reason = try_apply(moved, {"type": "move", "player": "RED", "house": 1})
    assert reason is None and back["positions"]["RED"] == 1      # back to where the turn began is a move


def test_three_spaces_is_illegal_and_changes_nothing():
    state = started(FOUR)
    after, reason = try_apply(state, {"type": "move", "player": "RED", "house": 4})
    assert after == state
    assert "RED began the turn at House 1, and House 4 is 3 spaces away; a move is at most 2 spaces" in reason
    after, reason = try_apply(state, {"type": "move", "player": "RED", "house": 6})
    assert "3 spaces away" in reason


def test_two_moves_in_one_turn_still_count_from_the_start_of_the_turn():
    state = started(FOUR)
    state, _ = act(state, type="move", player="RED", house=2)
    state, _ = act(state, type="move", player="RED", house=3)
    after, reason = try_apply(state, {"type": "move", "player": "RED", "house": 4})
    assert "3 spaces away" in reason


def test_crosswalk_is_not_a_space_and_can_be_closed_by_option():
    state = started(FOUR, houses=[8, 2, 4, 6])
    assert try_apply(state, {"type": "move", "player": "RED", "house": 2})[1] is None     # 8 -> 1 -> 2
    state = started(FOUR, houses=[8, 2, 4, 6], crosswalk_passable=False)
    assert "House 2 is 6 spaces away" in try_apply(state, {"type": "move", "player": "RED", "house": 2})[1]


def test_only_the_player_whose_turn_it_is_acts():
    state = started(FOUR)
    for a in ({"type": "move", "player": "BLUE", "house": 3},
              {"type": "treat", "player": "BLUE", "house": 3, "card": treats_of(2)[0]},
              {"type": "trick", "player": "PINK", "house": 3}):
        after, reason = try_apply(state, a)
        assert after == state and ("it is RED's turn" in reason or "PINK is not playing" in reason)


def test_a_card_played_away_from_your_house_is_illegal():
    state = started(FOUR)
    for a in ({"type": "treat", "player": "RED", "house": 2, "card": treats_of(2)[0]},
              {"type": "trick", "player": "RED", "house": 2},
              {"type": "peek", "player": "RED", "house": 2}):
        after, reason = try_apply(state, a)
        assert after == state
        assert "RED stands at House 1; a card may only be played at the house where you stand, not at House 2" in reason


def test_no_treat_or_trick_on_a_closed_house_but_peeking_is_an_option():
    state = started(FOUR)
    state["closed"]["1"] = {"points": 1, "round": 1}
    for a in ({"type": "treat", "player": "RED", "house": 1, "card": treats_of(2)[0]},
              {"type": "trick", "player": "RED", "house": 1}):
        after, reason = try_apply(state, a)
        assert after == state and "House 1 is closed (it scored 1 VP in round 1); no more" in reason
    assert try_apply(state, {"type": "peek", "player": "RED", "house": 1})[1] is None
    state["options"]["peek_at_closed_house"] = False
    assert "no more Peeks there" in try_apply(state, {"type": "peek", "player": "RED", "house": 1})[1]


def test_no_move_after_the_card():
    state = started(FOUR)
    state, _ = act(state, type="trick", player="RED", house=1)
    assert "it is BLUE's turn, not RED's" in try_apply(state, {"type": "move", "player": "RED", "house": 2})[1]


def test_turns_go_clockwise_and_hands_run_out():
    state = started(FOUR)
    order = []
    for _ in range(8):
        p = state["turn"]
        order.append(p)
        state, _ = act(state, type="trick", player=p, house=state["positions"][p])
    assert order == FOUR * 2
    after, reason = try_apply(state, {"type": "trick", "player": "RED", "house": 1})
    assert "RED has no Trick card left this round" in reason
    state, _ = act(state, type="treat", player="RED", house=1, card=treats_of(1)[0])


def test_a_peek_of_an_unseen_deck_leaves_both_decks_possible():
    state = started(FOUR)
    rounds = [[{"type": "peek", "player": p, "house": h}] for p, h in zip(FOUR, (1, 3, 5, 7))]
    for r in rounds * 2:
        state, _ = act(state, **r[0])
    # RED discarded two unknown cards: 3 cards left, any mix of 3 Treats / 2 Tricks
    assert state["hands"]["RED"] == {"treat": 3, "trick": 2, "unknown": 2}
    state, _ = act(state, type="trick", player="RED", house=1)
    view = GAME.public_view(state)
    assert view["hands"]["RED"] == {"treat": 3, "trick": 1, "unknown": 2}


def test_a_peek_with_a_seen_deck_counts_it():
    state = started(FOUR)
    state, ev = act(state, type="peek", player="RED", house=1, discard="trick")
    assert state["hands"]["RED"] == {"treat": 3, "trick": 1, "unknown": 0}
    assert ev[0].text == "RED discards a Trick to peek at House 1, where no Trick lies"


def test_cube_cancellation_the_rulebook_example():
    state = started(FOUR, houses=[1, 1, 3, 5])
    state, ev = act(state, type="treat", player="RED", house=1, card=treats_of(2)[0])
    assert state["cubes"]["1"] == 2
    assert ev[0].text.endswith("add 2 orange cubes to House 1: House 1 now has 2 orange")
    state, ev = act(state, type="treat", player="BLUE", house=1, card=treats_of(-3)[0])
    assert state["cubes"]["1"] == -1
    assert ev[0].data["pairs_removed"] == 2
    assert ("add 3 black cubes to House 1, then remove 2 orange and 2 black (matching pairs): "
            "House 1 now has 1 black") in ev[0].text


def test_candy_corn_is_plus_or_minus_one_by_choice():
    state = started(FOUR)
    after, reason = try_apply(state, {"type": "treat", "player": "RED", "house": 1, "card": CANDY_CORN[0]})
    assert after == state and "candy corn counts +1 or -1" in reason
    assert try_apply(state, {"type": "treat", "player": "RED", "house": 1, "card": CANDY_CORN[0], "value": 2})[1]
    plus, _ = act(state, type="treat", player="RED", house=1, card=CANDY_CORN[0], value=1)
    minus, _ = act(state, type="treat", player="RED", house=1, card=CANDY_CORN[0], value=-1)
    assert (plus["cubes"]["1"], minus["cubes"]["1"]) == (1, -1)


def test_a_treat_value_must_match_the_card_and_a_card_is_played_once():
    state = started(FOUR, houses=[1, 1, 3, 5])
    card = treats_of(3)[0]
    assert "is a +3 Treat, not -3" in try_apply(state, {"type": "treat", "player": "RED", "house": 1, "card": card,
                                                        "value": -3})[1]
    state, _ = act(state, type="treat", player="RED", house=1, card=card, value=3)
    assert "already been played" in try_apply(state, {"type": "treat", "player": "BLUE", "house": 1, "card": card})[1]
    assert "not a Treat card" in try_apply(state, {"type": "treat", "player": "BLUE", "house": 1,
                                                   "card": "GVG:TRICK:01"})[1]


def test_malformed_actions_are_refused_before_the_rules():
    for data in ({"type": "fly", "player": "RED"}, {"type": "move", "player": "RED"},
                 {"type": "move", "player": "RED", "house": "2"}, {"type": "peek", "player": "RED", "house": 1,
                                                                    "discard": "cake"}):
        with pytest.raises(MalformedAction):
            GAME.parse_action(data)


def test_state_is_plain_json():
    state = started(FIVE)
    state, _ = act(state, type="treat", player="RED", house=1, card=CANDY_CORN[0], value=-1)
    assert json.loads(json.dumps(state)) == state
