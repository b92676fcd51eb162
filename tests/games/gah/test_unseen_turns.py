"""Moves made faster than the table settles can hide whole turns in Ghost at
Home: the rooms that filled a house and the ghost that took its top floor away,
a first ghost cancelled by a cat from the escaper's hand, a cat played into
another house and taken with Cat Food, a ghost on a lit floor let stay and then
met by the target's own cat, or a ghost that met a cat before the one the camera
saw where the cat was. The table then reads like something smaller; the referee
asks instead of recording that."""
import copy

from models.ghost_at_home.actions import Cat, CatDefence, CatFood, Discard, Ghost, Pass, Rooms
from models.registry import get_game
from models.table import seen_from_above

GAME = get_game("GAH")


def texts(verdict):
    return " | ".join(str(p.text) for p in verdict.prompts)


def seen(state):
    return seen_from_above(GAME.arrange(state))


def red_with_floor_one_full(hand=3):
    """RED to play, floor 1 full, floor 2 half full, floor 3 dark and bare."""
    state = GAME.setup(["RED", "BLUE"], {})
    floors = state["houses"]["RED"]
    floors[0]["rooms"] = {"L": "GAH:ROOM:1A", "R": "GAH:ROOM:1B"}
    floors[1]["rooms"] = {"L": "GAH:ROOM:2A", "R": None}
    state["hands"]["RED"] = hand
    state["deck"] -= 3
    return state


def room(card, floor, side):
    return {"card": card, "floor": floor, "side": side}


def test_rooms_that_may_have_been_an_escape_stopped_unseen_are_asked():
    state = red_with_floor_one_full()
    truth, _ = GAME.apply_all(state, [
        Rooms("RED", (room("GAH:ROOM:2B", 2, "R"), room("GAH:ROOM:3A", 3, "L"), room("GAH:ROOM:3B", 3, "R"))),
        Ghost("BLUE", "GAH:GHOST:1", "RED"), Pass("RED")])
    assert truth["houses"]["RED"][2]["rooms"] == {"L": None, "R": None}      # floor 3 taken away
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "waiting" and verdict.state == state
    assert ("RED's rooms on floor 2 are all the camera saw settle. If RED filled floor 3 too and a ghost stopped "
            "the escape, taking floor 3 away, referee: enter it") in texts(verdict)


def test_rooms_are_recorded_when_no_hand_could_have_filled_the_house():
    state = red_with_floor_one_full(hand=2)          # one card left after floor 2: floor 3 needs two
    truth, _ = GAME.apply(state, Rooms("RED", (room("GAH:ROOM:2B", 2, "R"),)))
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "applied" and verdict.state == truth


def escaping_red(hand):
    """RED's house is full; BLUE may play up to two ghosts to stop the escape."""
    state = red_with_floor_one_full()
    state, _ = GAME.apply(state, Rooms("RED", (room("GAH:ROOM:2B", 2, "R"), room("GAH:ROOM:3A", 3, "L"),
                                               room("GAH:ROOM:3B", 3, "R"))))
    assert state["phase"] == "escape" and state["escape"]["ghosts_left"] == {"BLUE": 2}
    state["hands"]["RED"] = hand
    return state


def test_a_ghost_after_a_ghost_cancelled_unseen_is_asked():
    state = escaping_red(hand=1)
    truth, _ = GAME.apply_all(state, [Ghost("BLUE", "GAH:GHOST:1", "RED"), CatDefence("RED"),
                                      Ghost("BLUE", "GAH:GHOST:2", "RED")])
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "waiting" and verdict.state == state
    assert ("Ghost 2 is on RED's house. If BLUE played a ghost before it that RED cancelled with a cat from "
            "hand") in texts(verdict)


def test_the_first_ghost_is_recorded_when_the_escaper_holds_no_cat():
    state = escaping_red(hand=0)
    truth, _ = GAME.apply(state, Ghost("BLUE", "GAH:GHOST:1", "RED"))
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "applied" and verdict.state == truth


def red_and_blue_with_a_room_each():
    """RED to play; RED and BLUE have explored floor 1 (room left)."""
    state = GAME.setup(["RED", "BLUE"], {})
    state["houses"]["RED"][0]["rooms"] = {"L": "GAH:ROOM:1A", "R": None}
    state["houses"]["BLUE"][0]["rooms"] = {"L": "GAH:ROOM:1C", "R": None}
    return state


def test_a_cat_that_may_have_come_by_cat_food_is_asked():
    state = red_and_blue_with_a_room_each()
    truth, _ = GAME.apply_all(state, [Discard("RED", 2), Cat("BLUE", "GAH:CAT:6", 1, "L"),
                                      CatFood("RED", "GAH:CAT:6", 1, "L")])
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "waiting" and verdict.state == state
    assert ("Cat 6 is in RED's house. If another player played it into their own house and RED took it with Cat "
            "Food") in texts(verdict)


def test_a_cat_is_recorded_once_cat_food_has_been_played():
    state = red_and_blue_with_a_room_each()
    state["discard"] = {"count": 1, "seen": [GAME.kit.specials["cat_food"]]}
    truth, _ = GAME.apply(state, Cat("RED", "GAH:CAT:6", 1, "L"))
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "applied" and verdict.state == truth


def blue_ghost_on_reds_lit_floor():
    """BLUE's ghost waits on RED's lit floor 1 for RED's answer (RED to play next)."""
    state = red_and_blue_with_a_room_each()
    state["houses"]["RED"][0]["lit"] = True
    state["turn"] = "BLUE"
    state, _ = GAME.apply(state, Ghost("BLUE", "GAH:GHOST:1", "RED"))
    assert state["pending"]["player"] == "RED"
    return state


def test_a_ghost_gone_from_a_lit_floor_may_have_met_a_cat_on_the_targets_turn():
    # let it stay, then a cat on it on RED's own turn: both to the pile, the rooms stay, and it is BLUE's
    # turn; a cat from RED's hand at once leaves the same table with RED to play
    state = blue_ghost_on_reds_lit_floor()
    truth, _ = GAME.apply_all(state, [Pass("RED"), Cat("RED", "GAH:CAT:2", 1, "L")])
    at_once, _ = GAME.apply(state, CatDefence("RED"))
    assert GAME.same_table(GAME.expected_table(truth), GAME.expected_table(at_once))
    assert truth["turn"] == "BLUE" and at_once["turn"] == "RED"
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "waiting" and verdict.state == state
    assert "a cat from RED's hand cancelled it, or, the light being on, RED let it stay" in texts(verdict)


def test_a_cat_from_the_hand_is_recorded_when_the_floor_is_dark():
    # in the dark a ghost let in takes the rooms with it: only a cat from the hand leaves them
    state = red_and_blue_with_a_room_each()
    state["turn"] = "BLUE"
    state, _ = GAME.apply(state, Ghost("BLUE", "GAH:GHOST:1", "RED"))
    truth, _ = GAME.apply(state, CatDefence("RED"))
    verdict = GAME.referee(state, seen(truth))
    assert verdict.status == "applied" and verdict.state == truth


def red_to_play_blue_with_a_cat():
    """RED to play; BLUE's floor 1 has a room and a cat on it."""
    state = red_and_blue_with_a_room_each()
    state["houses"]["BLUE"][0]["cats"] = {"L": "GAH:CAT:2", "R": None}
    return state


def test_a_ghost_where_a_cat_was_may_come_after_an_unseen_ghost_met_the_cat():
    # RED's first ghost met the cat (both to the pile, unseen), BLUE discarded, RED's second ghost now
    # waits for BLUE's answer: the table shows that ghost and no cat, as when the second ghost met the cat
    state = red_to_play_blue_with_a_cat()
    truth, _ = GAME.apply_all(state, [Ghost("RED", "GAH:GHOST:7", "BLUE"), Discard("BLUE", 1),
                                      Ghost("RED", "GAH:GHOST:3", "BLUE")])
    assert truth["pending"]["ghost"] == "GAH:GHOST:3"
    table = seen_from_above(GAME.arrange(truth))
    verdict = GAME.referee(state, table)
    assert verdict.status == "waiting" and verdict.state == state
    assert "the cat that was there is gone: the two met" in texts(verdict)


def test_a_ghost_seen_with_the_cat_it_met_is_recorded():
    # the table settled before the two were cleared away: the ghost lies beside the cat it met
    state = red_to_play_blue_with_a_cat()
    truth, _ = GAME.apply(state, Ghost("RED", "GAH:GHOST:3", "BLUE"))
    assert sorted(truth["clearing"]) == ["GAH:CAT:2", "GAH:GHOST:3"]
    lying = copy.deepcopy(state)
    lying["houses"]["BLUE"][0]["ghosts"] = ["GAH:GHOST:3"]
    verdict = GAME.referee(state, seen(lying))
    assert verdict.status == "applied" and verdict.state == truth
