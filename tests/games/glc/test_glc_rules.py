"""Setup, the four steps of a round, turn order and its ties, the end of the game,
and illegal actions (rejected with a reason, the state unchanged)."""
import json

import pytest

from models.engine import GameSetupError, MalformedAction
from models.registry import get_game
from tests.games.glc.glc_support import (
    FIVE,
    GAME,
    PLAIN,
    THREE,
    act,
    candy_round,
    dealt,
    events_of,
    haunt,
    rejected,
    revealed,
    round_to_turns,
)


def test_registry_finds_the_game_by_code_and_name():
    assert type(get_game("GLC")) is type(get_game("ghosts-love-candy"))
    assert get_game("Ghosts Love Candy").code == "GLC"


@pytest.mark.parametrize("players, slots, rounds, hand", [
    (THREE, 6, 8, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
    (THREE + ["YELLOW"], 6, 8, [1, 2, 3, 4, 5, 6, 7, 8, 9]),
    (FIVE, 8, 6, [1, 2, 3, 5, 7, 8, 9]),
    (FIVE + ["ORANGE"], 8, 6, [1, 2, 3, 5, 7, 8, 9]),
])
def test_setup_follows_the_player_count(players, slots, rounds, hand):
    s = GAME.setup(players)
    assert (s["slot_count"], s["rounds"]) == (slots, rounds)
    for p in players:
        assert [GAME.cards.ghost_value(g) for g in s["hands"][p]] == hand
        assert all(g.startswith(s["colours"][p]) for g in s["hands"][p])
    removed = sorted(GAME.cards.ghost_value(g) for g in s["box"])
    assert removed == ([] if len(players) < 5 else sorted([4, 6] * len(players)))
    assert len(s["candy_deck"]) == 48 and len(s["kid_deck"]) == 24


def test_players_are_ghost_colours_in_any_case_and_other_names_are_refused():
    s = GAME.setup(["green", "RED", "blue"])
    assert s["players"] == ["GREEN", "RED", "BLUE"] and s["colours"] == {"GREEN": "G", "RED": "R", "BLUE": "B"}
    with pytest.raises(GameSetupError, match=r"ANN, BOB are not seats of Ghosts Love Candy \(seats: RED, BLUE, "):
        GAME.setup(["ann", "RED", "bob"])


@pytest.mark.parametrize("players", [["RED", "BLUE"], ["A", "B", "C", "D", "E", "F", "G"], ["RED", "RED", "BLUE"]])
def test_bad_player_lists_are_refused(players):
    with pytest.raises(GameSetupError):
        GAME.setup(players)


def test_unknown_option_and_bad_choice_are_refused():
    with pytest.raises(GameSetupError, match="no option"):
        GAME.setup(THREE, {"speed": "fast"})
    with pytest.raises(GameSetupError, match="must be one of"):
        GAME.setup(THREE, {"scarer": "nobody"})


def test_setup_deals_kids_then_round_one_starts():
    s = GAME.setup(THREE)
    assert s["phase"] == "setup"
    assert "slot 1" in GAME.prompts(s)[0].text
    s = dealt()
    assert s["round"] == 1 and [sl["kid"] for sl in s["slots"]] == PLAIN


def test_a_kid_cannot_be_dealt_twice_or_into_a_full_slot():
    s = act(GAME.setup(THREE), {"type": "reveal_kid", "slot": 1, "kid": 5})
    assert "in slot 1" in rejected(s, {"type": "reveal_kid", "slot": 2, "kid": 5})
    assert "already holds ROBOT" in rejected(s, {"type": "reveal_kid", "slot": 1, "kid": 7})
    assert "no slot 7" in rejected(s, {"type": "reveal_kid", "slot": 7, "kid": 7})
    assert "no kid number 99" in rejected(s, {"type": "reveal_kid", "slot": 2, "kid": 99})


def test_place_candy_one_per_kid_then_choose():
    s = dealt()
    s, ev = events_of(s, {"type": "place_candy", "slot": 2, "candy": "CHOC3"})
    assert s["slots"][1]["candy"] == ["CHOC3"] and "Chocolate 3 placed on PRINCESS (slot 2)" in ev[0]
    assert "already got its candy" in rejected(s, {"type": "place_candy", "slot": 2, "candy": "CHOC4"})
    assert "on the kid in slot 2" in rejected(s, {"type": "place_candy", "slot": 3, "candy": "CHOC3"})
    # the full tag payload is accepted as a card reference
    s = act(s, {"type": "place_candy", "slot": 1, "candy": "GLC:CANDY:CHOC4"})
    assert s["slots"][0]["candy"] == ["CHOC4"]
    s = candy_round(s)
    assert s["phase"] == "choose" and all(len(sl["candy"]) == 1 for sl in s["slots"])
    assert "not during the choose step" in rejected(s, {"type": "place_candy", "slot": 1, "candy": "CHOC5"})


def test_reveal_sets_turn_order_highest_first():
    s = candy_round(dealt())
    s = act(s, {"type": "choose", "player": "BLUE", "ghost": 9})
    assert "chose a different ghost" in rejected(s, {"type": "reveal", "player": "BLUE", "ghost": 8})
    s, ev = events_of(s, {"type": "reveal", "player": "RED", "ghost": 3})
    s = revealed(s, {"BLUE": 9, "GREEN": 6})
    assert s["phase"] == "turns" and s["order"] == ["BLUE", "GREEN", "RED"]
    assert "during the turns step" in rejected(s, {"type": "reveal", "player": "RED", "ghost": 4})
    assert "BLUE: haunt a kid with your 9" in GAME.prompts(s)[0].text


def test_a_ghost_chosen_face_down_is_told_without_its_value():
    """Only its player knows a face-down ghost: told to the console, the choice
    keeps no value, so whichever ghost is revealed then counts."""
    from models.ghosts_love_candy.actions import Choose
    told = GAME.as_told(Choose("BLUE", 9))
    assert told == Choose("BLUE") and GAME.as_told(told) == told
    s = act(candy_round(dealt()), told.to_json())
    assert s["chosen"] == {"BLUE": "?"}
    s = act(s, {"type": "reveal", "player": "BLUE", "ghost": 8})
    assert s["revealed"]["BLUE"] == "B8"


def test_a_ghost_played_earlier_cannot_be_revealed_again():
    s = round_to_turns(dealt(), {"RED": 8, "BLUE": 5, "GREEN": 2})
    s = haunt(haunt(haunt(s, "RED", 1), "BLUE", 2), "GREEN", 3)
    s = candy_round(s)
    reason = rejected(s, {"type": "reveal", "player": "RED", "ghost": 8})
    assert "RED has no 8 in hand" in reason and "under the kid in slot 1" in reason


def test_turn_order_tie_is_broken_by_drawn_kids_card_numbers():
    s = round_to_turns(dealt(), {"RED": 7, "BLUE": 7, "GREEN": 4})
    assert s["phase"] == "tiebreak"
    prompts = [p.to for p in GAME.prompts(s)]
    assert prompts == ["RED", "BLUE"]
    assert "not tied" in rejected(s, {"type": "tie_draw", "player": "GREEN", "kid": 3})
    assert "in slot 1" in rejected(s, {"type": "tie_draw", "player": "RED", "kid": 5})
    s = act(s, {"type": "tie_draw", "player": "RED", "kid": 3})
    assert GAME.expected_table(s)["seats"]["RED"]["kids"] == [3]
    s, ev = events_of(s, {"type": "tie_draw", "player": "BLUE", "kid": 21})
    assert s["order"] == ["BLUE", "RED", "GREEN"]
    assert sorted(s["discard"]["kids"]) == [3, 21] and s["phase"] == "turns"
    assert any("discarded" in e for e in ev)


def test_three_way_tie_and_two_tie_groups():
    s = round_to_turns(dealt(players=FIVE, kids=PLAIN + [3, 4]),
                       {"RED": 5, "BLUE": 5, "GREEN": 9, "YELLOW": 2, "PURPLE": 2})
    assert s["tie"]["groups"] == [["RED", "BLUE"], ["YELLOW", "PURPLE"]]
    s = act(s, {"type": "tie_draw", "player": "RED", "kid": 10},
            {"type": "tie_draw", "player": "BLUE", "kid": 12},
            {"type": "tie_draw", "player": "YELLOW", "kid": 24},
            {"type": "tie_draw", "player": "PURPLE", "kid": 1})
    assert s["order"] == ["GREEN", "BLUE", "RED", "YELLOW", "PURPLE"]


def few_kids_left(left: list[int]) -> dict:
    """Round 1 with candy placed and only ``left`` in the Kid deck: the other
    kids are in the players' stashes (as after many scares) and none discarded."""
    s = candy_round(dealt())
    rest = [k for k in s["kid_deck"] if k not in left]
    s["kid_deck"] = list(left)
    for i, k in enumerate(rest):
        s["stashes"][THREE[i % 3]]["kids"].append(k)
    return s


def test_tied_players_draw_while_kids_are_left_and_those_who_cannot_go_after():
    """"Tied players each draw and reveal one card from the Kid deck"; "if you
    can't do it, skip that action". One kid left for two tied players: the
    first to draw takes it, the other goes after them (found by an independent
    engine: with fewer kids than tied players nobody drew, all in seat order)."""
    s = revealed(few_kids_left([3]), {"RED": 7, "BLUE": 7, "GREEN": 4})
    assert s["phase"] == "tiebreak"
    s, ev = events_of(s, {"type": "tie_draw", "player": "BLUE", "kid": 3})
    assert s["phase"] == "turns" and s["order"] == ["BLUE", "RED", "GREEN"]
    assert "no kid left to draw for RED: after the tied players who drew, in seat order" in ev
    assert s["discard"]["kids"] == [3] and s["kid_deck"] == []
    s = revealed(few_kids_left([]), {"RED": 7, "BLUE": 7, "GREEN": 4})      # none at all: seat order at once
    assert s["phase"] == "turns" and s["order"] == ["RED", "BLUE", "GREEN"]


def test_haunt_places_the_ghost_on_top_and_takes_all_candy():
    s = round_to_turns(dealt(), {"RED": 8, "BLUE": 5, "GREEN": 2})
    assert "it is RED's turn, not BLUE's" in rejected(s, {"type": "haunt", "player": "BLUE", "slot": 1})
    s, ev = events_of(s, {"type": "haunt", "player": "RED", "slot": 4})
    assert s["slots"][3]["ghosts"] == ["R8"] and s["slots"][3]["candy"] == []
    assert len(s["stashes"]["RED"]["candy"]) == 1
    assert "RED haunts ALIEN (slot 4) with R8 (value 8) and takes" in ev[0]
    s = haunt(s, "BLUE", 4)
    assert s["slots"][3]["ghosts"] == ["R8", "B5"]
    assert s["stashes"]["BLUE"]["candy"] == []          # RED had taken it
    assert "take_from is only for the PIRATE" in rejected(s, {"type": "haunt", "player": "GREEN", "slot": 1,
                                                               "take_from": 2})


def test_rounds_go_on_and_the_game_ends_when_the_last_candy_is_placed():
    s = dealt()
    for rnd in range(1, 9):
        assert s["round"] == rnd and not s["last_round"]
        s = round_to_turns(s, {"RED": rnd, "BLUE": rnd + 1, "GREEN": rnd + 2 if rnd < 8 else 1})
        assert s["phase"] == "turns"
        for p in list(s["order"]):
            s = haunt(s, p, rnd % 6 + 1)
            while s["pending"] and s["pending"]["kind"] == "reveal_kid":
                s = act(s, {"type": "reveal_kid", "slot": s["pending"]["slot"], "kid": sorted(s["kid_deck"])[0]})
    assert s["phase"] == "love" and s["candy_deck"] == []
    assert "reveal your Love card" in GAME.prompts(s)[0].text
    assert "not during the love step" in rejected(s, {"type": "haunt", "player": "RED", "slot": 1})
    s = act(s, {"type": "reveal_love", "player": "RED", "love": "L1"})
    assert "there is one of each" in rejected(s, {"type": "reveal_love", "player": "BLUE", "love": "L1"})
    s = act(s, {"type": "reveal_love", "player": "BLUE", "love": "GLC:LOVE:L2"},
            {"type": "reveal_love", "player": "GREEN", "love": "L3"})
    assert s["phase"] == "over" and GAME.is_over(s)
    assert "the game is over" in rejected(s, {"type": "reveal_love", "player": "GREEN", "love": "L4"})


def test_secret_love_card_must_match_at_the_end():
    s = act(dealt(), {"type": "deal_love", "player": "RED", "love": "L5"})
    assert "that Love card is already dealt" in rejected(s, {"type": "deal_love", "player": "BLUE", "love": "L5"})
    s["phase"] = "love"
    assert "dealt a different Love card" in rejected(s, {"type": "reveal_love", "player": "RED", "love": "L2"})


@pytest.mark.parametrize("data, message", [
    ({"type": "fly"}, "unknown action type 'fly'"),
    ({"type": "haunt", "player": "RED"}, "missing field 'slot'"),
    ({"type": "haunt", "player": "RED", "slot": "two"}, "haunt.slot: must be a whole number"),
    ({"type": "reveal", "player": "RED", "ghost": 3, "colour": "R"}, "unknown field(s) colour"),
    ([1, 2], "must be a JSON object"),
])
def test_malformed_action_data_is_not_an_action(data, message):
    with pytest.raises(MalformedAction) as err:
        GAME.parse_action(data)
    assert message in str(err.value)


@pytest.mark.parametrize("action, reason", [
    ({"type": "haunt", "player": "PINK", "slot": 1}, "'PINK' is not playing"),
    ({"type": "werewolf_pay", "player": "RED", "candy": "CHOC1"}, "no ability is waiting"),
    ({"type": "skip", "player": "RED"}, "no ability is waiting"),
    ({"type": "resolve", "player": "RED"}, "no ability is waiting to be resolved by hand"),
    ({"type": "reveal_love", "player": "RED", "love": "L1"}, "at the end of the game"),
    ({"type": "tie_draw", "player": "RED", "kid": 3}, "no turn-order tie"),
    ({"type": "reveal_kid", "slot": 1, "kid": 3}, "no slot is waiting for a new kid"),
])
def test_illegal_actions_name_the_reason_and_change_nothing(action, reason):
    s = round_to_turns(dealt(), {"RED": 8, "BLUE": 5, "GREEN": 2})
    assert reason in rejected(s, action)


def test_apply_never_changes_the_state_passed_in():
    s = round_to_turns(dealt(), {"RED": 8, "BLUE": 5, "GREEN": 2})
    before = json.dumps(s, sort_keys=True)
    new = haunt(s, "RED", 1)
    assert json.dumps(s, sort_keys=True) == before and new != s
