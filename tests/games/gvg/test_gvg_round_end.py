"""End of a round: the most black flips, the most orange scores and closes, ties
by Treat count then the First Player Token holder, the no-orange and no-black
cases, closed houses, and the next round."""
import pytest

from tests.games.gvg.gvg_support import FOUR, GAME, TrueTable, act, crafted, run, try_apply


def end_round(**kw):
    """Play RED's last card (a Treat of +1 at House 1 unless cubes say so) and return state, events."""
    state = crafted(last="treat", **kw)
    return act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")


def by_type(events, kind):
    return [e for e in events if e.type == kind]


def test_most_black_flips_and_most_orange_scores():
    state, ev = end_round(cubes={3: -2, 5: -4, 6: 3, 7: 2})
    assert by_type(ev, "flipped")[0].data == {"house": 5, "control": "GHOULS"}     # odd houses start with the Girls
    scored = by_type(ev, "scored")[0].data
    assert (scored["house"], scored["points"], scored["team"]) == (6, 1, "GHOULS")
    assert state["closed"]["6"] == {"points": 1, "round": 1}


def test_no_black_cubes_means_no_flip():
    state, ev = end_round(cubes={3: 2})
    assert not by_type(ev, "flipped")
    assert "no black cubes on the board: no house flips" in by_type(ev, "no_flip")[0].text


def test_no_orange_cubes_the_fewest_black_scores():
    # RED's +1 at House 1 would be orange: make House 1 black enough to stay black
    state, ev = end_round(cubes={1: -3, 4: -1, 8: -5})
    assert by_type(ev, "flipped")[0].data["house"] == 8
    assert by_type(ev, "scored")[0].data["house"] == 4          # 1 black: the fewest
    assert "no orange cubes on the board" in by_type(ev, "scored")[0].text


def test_no_orange_a_house_without_cubes_does_not_score_by_default():
    state, ev = end_round(cubes={1: -3, 4: -2})
    assert by_type(ev, "scored")[0].data["house"] == 1          # 2 black after RED's +1: fewer than House 4


def test_option_empty_beats_black():
    state = crafted(last="treat", cubes={1: -3, 4: -2})
    state["options"]["empty_beats_black"] = True
    state, ev = act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")
    assert state["phase"] == "tiebreak"                          # six empty houses tie at no cubes
    assert 1 not in state["pending"]["houses"] and 4 not in state["pending"]["houses"]


def test_flipped_house_can_still_score_for_its_new_team():
    state, ev = end_round(cubes={1: -2, 2: -4})                  # House 1 -1 after RED's +1
    assert by_type(ev, "flipped")[0].data["house"] == 2
    assert by_type(ev, "scored")[0].data["house"] == 1


def test_flip_tie_broken_by_treat_count():
    state, ev = end_round(cubes={3: -2, 5: -2, 6: 1}, treat_counts={3: 2, 5: 1})
    flipped = by_type(ev, "flipped")[0]
    assert flipped.data["house"] == 3


def test_score_tie_broken_by_treat_count():
    state, ev = end_round(cubes={3: 2, 5: 2}, treat_counts={3: 1, 5: 3})
    scored = by_type(ev, "scored")[0]
    assert scored.data["house"] == 5
    assert "House 5 has the most Treat cards" in scored.text


def test_score_tie_left_to_the_first_player_token_holder():
    state, ev = end_round(cubes={3: 2, 5: 2}, treat_counts={3: 2, 5: 2})
    assert state["phase"] == "tiebreak" and state["pending"]["houses"] == [3, 5]
    assert by_type(ev, "tie")[0].data["chooser"] == "RED"
    # only RED chooses, and only a tied house
    for action, why in [({"type": "choose", "player": "BLUE", "house": 3}, "only RED"),
                        ({"type": "choose", "player": "RED", "house": 4}, "not one of the tied houses"),
                        ({"type": "move", "player": "RED", "house": 2}, "not now")]:
        after, reason = try_apply(state, action)
        assert after == state and why in reason
    state, ev = act(state, type="choose", player="RED", house=5)
    assert state["closed"] == {"5": {"points": 1, "round": 1}}
    assert state["round"] == 2


def test_flip_tie_then_score_tie_both_chosen():
    state, ev = end_round(cubes={2: -1, 4: -1, 3: 1, 5: 1}, treat_counts={3: 1, 5: 1})
    assert state["pending"]["step"] == "flip" and state["pending"]["houses"] == [2, 4]
    state, ev = act(state, type="choose", player="RED", house=4)
    assert by_type(ev, "flipped")[0].data["house"] == 4
    assert state["phase"] == "tiebreak" and state["pending"]["step"] == "score"
    # House 1 has 1 orange too (RED's +1)
    assert state["pending"]["houses"] == [1, 3, 5]
    state, ev = act(state, type="choose", player="RED", house=3)
    assert by_type(ev, "scored")[0].data["house"] == 3


def test_no_cubes_anywhere_every_open_house_ties():
    state = crafted(last="trick", cubes={})
    state, ev = act(state, type="trick", player="RED", house=1)
    state, ev = act(state, type="reveal", house=1, card="GVG:TRICK:01")     # a Flip
    assert state["phase"] == "tiebreak" and state["pending"]["houses"] == list(range(1, 9))


def test_closed_houses_take_no_part():
    state, ev = end_round(cubes={2: 5, 3: 2, 4: -3, 5: -1}, closed={2: 2, 4: 3})
    assert by_type(ev, "flipped")[0].data["house"] == 5
    scored = by_type(ev, "scored")[0].data
    assert scored["house"] == 3 and scored["points"] == 1


def test_closed_house_is_never_flipped_or_scored_again():
    state = crafted(last="treat", cubes={3: 1}, closed={5: 1, 6: 2})
    state["cubes"]["5"] = -9                                 # cannot happen, but a closed house is out anyway
    state["round"] = 3
    state, ev = act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")
    assert not by_type(ev, "flipped")
    assert by_type(ev, "scored")[0].data["points"] == 3


def test_next_round_clears_the_board_and_passes_the_token_clockwise():
    state, ev = end_round(cubes={3: 2, 4: -1}, stacks={})
    assert state["round"] == 2 and state["first"] == "BLUE" and state["turn"] == "BLUE"
    assert all(v == 0 for v in state["cubes"].values())
    assert all(not t for t in state["treats"].values()) and all(not t for t in state["tricks"].values())
    assert all(h == {"treat": 3, "trick": 2, "unknown": 0} for h in state["hands"].values())
    assert "Pass the First Player Token to BLUE" in state["chores"]
    assert "Put the 1 VP card in House 3's Trick slot" in state["chores"]


def test_vp_cards_follow_the_vp_order_option():
    state = GAME.setup(FOUR, {"vp_order": "3,1,2"})
    assert state["options"]["vp_order"] == [3, 1, 2]
    with pytest.raises(ValueError, match="vp_order"):
        GAME.setup(FOUR, {"vp_order": "1,1,2"})


def test_game_ends_after_the_third_vp_card_with_identities():
    state = crafted(last="treat", cubes={3: 2}, closed={5: 1, 6: 2}, round_no=3)
    state, ev = act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")
    assert state["phase"] == "identities" and not GAME.is_over(state)
    assert by_type(ev, "game_over")
    cards = ["GVG:ID:GIRL1", "GVG:ID:GHOUL1", "GVG:ID:GIRL2", "GVG:ID:GHOUL2"]
    for p, c in zip(FOUR, cards):
        state, ev = act(state, type="identity", player=p, card=c)
    assert GAME.is_over(state)


def test_identity_deck_by_player_count():
    state = crafted(last="treat", cubes={3: 2}, closed={5: 1, 6: 2}, round_no=3)
    state, _ = act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")
    after, reason = try_apply(state, {"type": "identity", "player": "RED", "card": "GVG:ID:REPORTER"})
    assert after == state and "a 4-player game deals 0 Reporter identity cards" in reason
    state, _ = act(state, type="identity", player="RED", card="GVG:ID:GIRL1")
    state, _ = act(state, type="identity", player="BLUE", card="GVG:ID:GIRL2")
    after, reason = try_apply(state, {"type": "identity", "player": "GREEN", "card": "GVG:ID:GIRL3"})
    assert "deals 2 Girls identity cards, and 2 are already revealed" in reason
    after, reason = try_apply(state, {"type": "identity", "player": "GREEN", "card": "GVG:ID:GIRL1"})
    assert "already revealed" in reason      # a second Girls card; GIRL1 itself: tests/reliability/test_components.py



def flips_in_chores(chores: list[str], house: str) -> int:
    return sum(1 for c in chores if c.startswith(f"Flip House {house} "))


@pytest.mark.parametrize("seed", range(12))
def test_the_chores_turn_every_tile_that_changed_team(seed):
    """After the Tricks are turned up (Flip House Tricks included) and the round is
    scored, a person who does exactly the chores leaves every house tile on the
    face of the team that controls it (issue #26: the chores named only the
    most-black flip, and tiles a Flip House Trick turned stayed on the wrong face)."""
    players = ["RED", "BLUE", "GREEN", "YELLOW"]
    table = TrueTable(players, seed)
    state = GAME.setup(players, {})
    rounds = 0
    while state["phase"] != "over":
        state, events = run(state, table.next_actions(state))
        if any(e.type == "scored" for e in events):
            for h, before in state["leftover"]["faces"].items():
                turned = state["control"][h] != before
                assert flips_in_chores(state["chores"], h) % 2 == int(turned), (h, state["chores"])
            rounds += 1
    assert rounds == 3


def test_trick_flips_come_before_the_most_black_flip_in_the_chores():
    """In the order a person does them: the Tricks, house by house, then the flip."""
    for seed in range(40):
        table = TrueTable(["RED", "BLUE", "GREEN", "YELLOW"], seed)
        state = GAME.setup(["RED", "BLUE", "GREEN", "YELLOW"], {})
        while state["phase"] != "over":
            state, events = run(state, table.next_actions(state))
            trick_flips = [e.data["house"] for e in events if e.type == "trick_resolved" and e.data["trick"] == "FLIP"
                           and not e.data["nullified"]]
            flipped = [e.data["house"] for e in events if e.type == "flipped"]
            if trick_flips and flipped:
                flips = [c for c in state["chores"] if c.startswith("Flip House")]
                assert flips[-1].startswith(f"Flip House {flipped[0]} "), flips
                assert len(flips) == len(trick_flips) + 1
                return
    pytest.fail("no game in 40 seeds had a Flip House Trick and a most-black flip in one round")
