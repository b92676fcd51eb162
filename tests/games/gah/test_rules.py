"""Every Ghost at Home action and special card, through the engine: rooms
(lower floors first, several at once, wild cards), ghosts on lit and dark floors
with one and two ghosts, cats on the table and from the hand, lights, the five
special cards, discard and draw, and stopped and successful escapes."""
import json

import pytest

from models.engine import IllegalAction
from models.registry import get_game

GAME = get_game("GAH")


def room(card, floor, side):
    return {"card": card, "floor": floor, "side": side}


def act(state, **data):
    state, events = GAME.apply(state, GAME.parse_action(data))
    return state, [e.text for e in events]


def illegal(state, reason_part, **data):
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as e:
        GAME.apply(state, GAME.parse_action(data))
    assert reason_part in e.value.reason, e.value.reason
    assert json.dumps(state, sort_keys=True) == before
    return e.value.reason


def floor(state, p, f):
    return state["houses"][p][f - 1]


def two_players(red_rooms=(), blue_rooms=()):
    """RED and BLUE after one rooms turn each (or a discard when none given)."""
    s = GAME.setup(["RED", "BLUE"])
    for p, rooms in (("RED", red_rooms), ("BLUE", blue_rooms)):
        if rooms:
            s, _ = act(s, type="rooms", player=p, rooms=[room(*r) for r in rooms])
        else:
            s, _ = act(s, type="discard", player=p, count=1)
    return s


def test_setup_deals_three_cards_each_and_dark_houses():
    s = GAME.setup(["RED", "BLUE", "GREEN", "YELLOW"])
    assert s["hands"] == {"RED": 3, "BLUE": 3, "GREEN": 3, "YELLOW": 3} and s["deck"] == 53 - 12
    assert all(not f["lit"] and not f["ghosts"] for h in s["houses"].values() for f in h)
    assert s["turn"] == "RED" and s["phase"] == "turn"
    with pytest.raises(Exception, match=r"PURPLE is not a seat of Ghost at Home \(seats: RED, BLUE, GREEN, YELLOW\)"):
        GAME.setup(["RED", "PURPLE"])
    with pytest.raises(Exception, match="2-4 players, not 5"):
        GAME.setup(["RED", "BLUE", "GREEN", "YELLOW", "RED2"])


def test_rooms_several_at_once_lower_floors_first_and_wild_cards():
    s = GAME.setup(["RED", "BLUE"])
    illegal(s, "fill every lower floor first: floor 1 holds 0 of 2 rooms",
            type="rooms", player="RED", rooms=[room("ROOM:2A", 2, "L")])
    illegal(s, "Floor 2 room A is a floor 2 room, not a floor 1 room",
            type="rooms", player="RED", rooms=[room("ROOM:2A", 1, "L")])
    illegal(s, "it is RED's turn, not BLUE's", type="rooms", player="BLUE", rooms=[room("ROOM:1A", 1, "L")])
    illegal(s, "RED holds 3 card(s), not 4", type="rooms", player="RED",
            rooms=[room("ROOM:1A", 1, "L"), room("ROOM:1B", 1, "R"), room("ROOM:2A", 2, "L"),
                   room("ROOM:2B", 2, "R")])
    # listed in any order: placed lower floors first; the wild card counts as a room of its floor
    s, texts = act(s, type="rooms", player="RED",
                   rooms=[room("WILD:1", 2, "R"), room("ROOM:1A", 1, "L"), room("ROOM:1B", 1, "R")])
    assert texts[:3] == ["RED explores floor 1 (left) with Floor 1 room A",
                         "RED explores floor 1 (right) with Floor 1 room B",
                         "RED explores floor 2 (right) with Room Wild Card 1"]
    assert texts[3] == "RED draws 3 card(s)" and s["hands"]["RED"] == 3 and s["turn"] == "BLUE"
    assert floor(s, "RED", 2)["rooms"] == {"L": None, "R": "GAH:WILD:1"}
    s, _ = act(s, type="discard", player="BLUE", count=2)
    illegal(s, "RED's floor 1 L already holds Floor 1 room A", type="rooms", player="RED",
            rooms=[room("ROOM:1C", 1, "L")])
    illegal(s, "Floor 1 room A already lies on RED's floor 1", type="rooms", player="RED",
            rooms=[room("ROOM:1A", 2, "L")])
    illegal(s, "Ghost 1 is a ghost card, not a room or wild card", type="rooms", player="RED",
            rooms=[room("GHOST:1", 2, "L")])


def test_ghost_on_a_dark_floor_discards_its_rooms_unless_a_cat_from_hand_cancels_it():
    s = two_players(red_rooms=[("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R"), ("ROOM:2A", 2, "L")])
    s, _ = act(s, type="discard", player="RED", count=1)
    # BLUE's ghost goes to RED's highest floor holding a room: floor 2
    s, texts = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    assert "BLUE's Ghost 1 comes to RED's floor 2 (dark)" in texts[0]
    assert s["pending"]["player"] == "RED" and floor(s, "RED", 2)["ghosts"] == ["GAH:GHOST:1"]
    assert GAME.prompts(s)[0].to == "RED" and "Discard a cat from your hand" in GAME.prompts(s)[0].text
    illegal(s, "RED must first answer BLUE's ghost on floor 2", type="discard", player="BLUE", count=1)
    illegal(s, "the ghost on floor 2 is against RED, not BLUE", type="cat_defence", player="BLUE")
    # out of turn, RED discards a cat from hand: the ghost is cancelled, the room stays
    defended, texts = act(s, type="cat_defence", player="RED", card="CAT:2")
    assert texts[0] == "RED discards Cat 2 from hand: BLUE's Ghost 1 is cancelled; discard it"
    assert floor(defended, "RED", 2) == {"lit": False, "rooms": {"L": "GAH:ROOM:2A", "R": None},
                                         "cats": {"L": None, "R": None}, "ghosts": []}
    assert defended["hands"] == {"RED": 2, "BLUE": 3} and defended["turn"] == "RED"
    assert defended["discard"]["count"] == 2 + 2 and defended["clearing"] == ["GAH:GHOST:1"]
    # or RED lets it in: floor 2's rooms and the ghost are discarded
    haunted, texts = act(s, type="pass", player="RED")
    assert texts[0] == ("The light of RED's floor 2 is off: discard Floor 2 room A, Ghost 1 from RED's floor 2")
    assert floor(haunted, "RED", 2)["rooms"] == {"L": None, "R": None} and not floor(haunted, "RED", 2)["ghosts"]
    assert floor(haunted, "RED", 1)["rooms"] == {"L": "GAH:ROOM:1A", "R": "GAH:ROOM:1B"}
    assert sorted(haunted["clearing"]) == ["GAH:GHOST:1", "GAH:ROOM:2A"]
    # a played ghost is known: it cannot come again from a hand until the pile is reshuffled
    s2, _ = act(haunted, type="discard", player="RED", count=1)
    illegal(s2, "Ghost 1 is in the discard pile", type="ghost", player="BLUE", card="GHOST:1", target="RED")


def test_ghost_targets_only_the_highest_floor_with_a_room_and_never_a_floor_with_a_ghost():
    s = two_players()
    illegal(s, "BLUE has no room card to haunt", type="ghost", player="RED", card="GHOST:1", target="BLUE")
    illegal(s, "RED cannot play a ghost on their own house", type="ghost", player="RED", card="GHOST:1",
            target="RED")
    s = two_players(red_rooms=[("ROOM:1A", 1, "L")])
    s, _ = act(s, type="light", player="RED", floor=1, cards=["ROOM:1D", "ROOM:2C"])   # 3 + 2 bulbs
    s, texts = act(s, type="ghost", player="BLUE", card="GHOST:3", target="RED")
    s, texts = act(s, type="pass", player="RED")
    assert texts[0] == "The light is on: Ghost 3 stays on RED's floor 1"
    assert floor(s, "RED", 1)["ghosts"] == ["GAH:GHOST:3"] and floor(s, "RED", 1)["lit"]
    s, _ = act(s, type="discard", player="RED", count=1)
    illegal(s, "RED's highest floor with a room, floor 1, already has a ghost", type="ghost", player="BLUE",
            card="GHOST:4", target="RED")


def test_a_cat_on_the_floor_cancels_a_ghost_and_both_are_discarded():
    s = two_players(red_rooms=[("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R")])
    s, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="R")
    assert floor(s, "RED", 1)["cats"] == {"L": None, "R": "GAH:CAT:1"}
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, _ = act(s, type="cat", player="RED", card="CAT:2", floor=1, side="L")
    s, texts = act(s, type="ghost", player="BLUE", card="GHOST:2", target="RED", cat="CAT:2")
    assert texts[0] == "Ghost 2 meets Cat 2 on RED's floor 1: discard both"
    assert floor(s, "RED", 1)["cats"] == {"L": None, "R": "GAH:CAT:1"} and not floor(s, "RED", 1)["ghosts"]
    assert s["pending"] is None and s["turn"] == "RED" and sorted(s["clearing"]) == ["GAH:CAT:2", "GAH:GHOST:2"]


def test_cats_go_on_own_explored_rooms_never_on_a_cat_and_cancel_a_ghost_on_their_floor():
    s = two_players(red_rooms=[("ROOM:1A", 1, "L")])
    illegal(s, "RED's floor 1 R holds no room: cats go on explored rooms", type="cat", player="RED",
            card="CAT:1", floor=1, side="R")
    s, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="L")
    s, _ = act(s, type="discard", player="BLUE", count=1)
    illegal(s, "Cat 1 already sits on RED's floor 1 L", type="cat", player="RED", card="CAT:2", floor=1,
            side="L")
    # a lit floor keeps a ghost; a cat played onto that floor cancels it and the rooms stay
    s = two_players(red_rooms=[("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R")])
    s, _ = act(s, type="light_bulb", player="RED", floor=1)
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    s, _ = act(s, type="pass", player="RED")
    s, texts = act(s, type="cat", player="RED", card="CAT:5", floor=1, side="R")
    assert texts[0] == ("RED plays Cat 5 onto RED's floor 1, where it meets Ghost 1: "
                        "discard both; the rooms stay")
    assert floor(s, "RED", 1) == {"lit": True, "rooms": {"L": "GAH:ROOM:1A", "R": "GAH:ROOM:1B"},
                                  "cats": {"L": None, "R": None}, "ghosts": []}


def test_lights_cost_five_bulbs_in_two_or_three_cards_and_need_full_lower_floors():
    s = two_players(red_rooms=[("ROOM:1A", 1, "L")])
    illegal(s, "Floor 2 room A, Floor 2 room B show 1 lightbulb icon(s); the light needs 5", type="light",
            player="RED", floor=1, cards=["ROOM:2A", "ROOM:2B"])
    illegal(s, "turning on a light costs 2 or 3 cards, not 1", type="light", player="RED", floor=1,
            cards=["ROOM:1D"])
    illegal(s, "floor 2 may be lit only when every lower floor is full, and floor 1 holds 1 of 2 rooms",
            type="light", player="RED", floor=2, cards=["ROOM:1D", "ROOM:2C"])
    # a card with no bulbs may go along with two that make 5
    s, texts = act(s, type="light", player="RED", floor=1, cards=["ROOM:1D", "ROOM:2C", "GHOST:5"])
    assert texts[0].startswith("RED discards Floor 1 room D, Floor 2 room C, Ghost 5 (5 lightbulbs) and turns on "
                               "the light of floor 1")
    assert floor(s, "RED", 1)["lit"] and s["discard"]["count"] == 1 + 3 and s["hands"]["RED"] == 3
    s, _ = act(s, type="discard", player="BLUE", count=1)
    illegal(s, "the light of RED's floor 1 is already on", type="light_bulb", player="RED", floor=1)


def test_time_space_hole_moves_a_ghost_to_an_opponents_highest_floor():
    s = GAME.setup(["RED", "BLUE", "GREEN"])
    s, _ = act(s, type="rooms", player="RED", rooms=[room("ROOM:1A", 1, "L"), room("ROOM:1B", 1, "R")])
    s, _ = act(s, type="rooms", player="BLUE", rooms=[room("ROOM:1C", 1, "L")])
    s, _ = act(s, type="rooms", player="GREEN", rooms=[room("ROOM:1E", 1, "L")])
    s, _ = act(s, type="light_bulb", player="RED", floor=1)
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="GREEN")    # GREEN floor 1 is dark
    s, _ = act(s, type="cat_defence", player="GREEN")
    s, _ = act(s, type="ghost", player="GREEN", card="GHOST:2", target="RED")
    s, _ = act(s, type="pass", player="RED")
    assert floor(s, "RED", 1)["ghosts"] == ["GAH:GHOST:2"]
    s, _ = act(s, type="ghost", player="RED", card="GHOST:3", target="BLUE")
    s, _ = act(s, type="pass", player="BLUE")                                    # BLUE's room 1C is gone
    s, _ = act(s, type="rooms", player="BLUE", rooms=[room("ROOM:1F", 1, "L")])
    s, _ = act(s, type="ghost", player="GREEN", card="GHOST:4", target="BLUE")
    assert s["pending"]["player"] == "BLUE"
    s, _ = act(s, type="cat_defence", player="BLUE")
    # RED's turn: the Time Space Hole moves the ghost on RED's own lit floor to GREEN
    illegal(s, "the Time Space Hole sends a ghost to an opponent's house, not your own", type="time_space_hole",
            player="RED", ghost="GHOST:2", target="RED")
    illegal(s, "there is no card 'GHOST:9' in Ghost at Home", type="time_space_hole", player="RED",
            ghost="GHOST:9", target="GREEN")
    illegal(s, "Ghost 7 is not in any house", type="time_space_hole", player="RED", ghost="GHOST:7",
            target="GREEN")
    s, texts = act(s, type="time_space_hole", player="RED", ghost="GHOST:2", target="GREEN")
    assert texts[0] == "RED plays the Time Space Hole: move Ghost 2 from RED's floor 1 to GREEN's floor 1"
    assert not floor(s, "RED", 1)["ghosts"] and s["pending"]["player"] == "GREEN"
    s, _ = act(s, type="pass", player="GREEN")
    assert floor(s, "GREEN", 1)["rooms"]["L"] is None                         # dark floor: haunted


def test_the_time_space_hole_moves_a_ghost_within_an_opponents_house_but_not_onto_its_own_floor():
    """The doc page's ruling: "to an opponent's house" read literally, a ghost
    already in that house may go up to their highest floor holding a room; a
    ghost already on that floor moves nothing, and is refused."""
    s = GAME.setup(["RED", "BLUE"])
    s, _ = act(s, type="rooms", player="RED", rooms=[room("ROOM:1A", 1, "L")])
    s, _ = act(s, type="rooms", player="BLUE", rooms=[room("ROOM:1C", 1, "L"), room("ROOM:1E", 1, "R")])
    s, _ = act(s, type="discard", player="RED", count=1)
    s, _ = act(s, type="light", player="BLUE", floor=1, cards=["ROOM:1J", "ROOM:2D"])
    s, _ = act(s, type="ghost", player="RED", card="GHOST:1", target="BLUE")
    s, _ = act(s, type="pass", player="BLUE")                                  # lit: GHOST:1 stays on BLUE 1
    assert floor(s, "BLUE", 1)["ghosts"] == ["GAH:GHOST:1"] and s["turn"] == "BLUE"
    same = act(s, type="discard", player="BLUE", count=1)[0]
    illegal(same, "Ghost 1 already haunts BLUE's floor 1", type="time_space_hole", player="RED", ghost="GHOST:1",
            target="BLUE")
    s, _ = act(s, type="rooms", player="BLUE", rooms=[room("ROOM:2A", 2, "L")])
    s, texts = act(s, type="time_space_hole", player="RED", ghost="GHOST:1", target="BLUE")
    assert texts[0] == "RED plays the Time Space Hole: move Ghost 1 from BLUE's floor 1 to BLUE's floor 2"
    assert not floor(s, "BLUE", 1)["ghosts"] and floor(s, "BLUE", 2)["ghosts"] == ["GAH:GHOST:1"]
    assert s["pending"]["player"] == "BLUE"


def test_a_second_ghost_on_a_lit_floor_discards_rooms_and_both_ghosts_and_turns_the_light_off():
    s = GAME.setup(["RED", "BLUE", "GREEN"])
    s, _ = act(s, type="rooms", player="RED", rooms=[room("ROOM:1A", 1, "L")])
    s, _ = act(s, type="rooms", player="BLUE", rooms=[room("ROOM:1C", 1, "L")])
    s, _ = act(s, type="light", player="GREEN", floor=1, cards=["ROOM:1D", "ROOM:2C"])
    s, _ = act(s, type="light", player="RED", floor=1, cards=["ROOM:1J", "ROOM:2D"])
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    s, _ = act(s, type="pass", player="RED")                                   # lit: GHOST:1 stays on RED 1
    s, _ = act(s, type="rooms", player="GREEN", rooms=[room("ROOM:1E", 1, "L")])
    s, _ = act(s, type="ghost", player="RED", card="GHOST:2", target="GREEN")
    s, _ = act(s, type="pass", player="GREEN")                                 # lit: GHOST:2 stays on GREEN 1
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, texts = act(s, type="time_space_hole", player="GREEN", ghost="GHOST:2", target="RED")
    assert floor(s, "RED", 1)["ghosts"] == ["GAH:GHOST:1", "GAH:GHOST:2"]
    assert "two ghosts on a lit floor" in GAME.prompts(s)[0].text
    s, texts = act(s, type="pass", player="RED")
    assert texts[0] == ("Two ghosts on RED's lit floor 1: the light goes off: discard Floor 1 room A, Ghost 1, "
                        "Ghost 2 from RED's floor 1")
    assert floor(s, "RED", 1) == {"lit": False, "rooms": {"L": None, "R": None}, "cats": {"L": None, "R": None},
                                  "ghosts": []}
    # with the option off, the hole cannot bring a second ghost
    s = GAME.setup(["RED", "BLUE"], {"hole_onto_ghost": "false"})
    s, _ = act(s, type="rooms", player="RED", rooms=[room("ROOM:1A", 1, "L")])
    s, _ = act(s, type="rooms", player="BLUE", rooms=[room("ROOM:1C", 1, "L")])
    s, _ = act(s, type="light_bulb", player="RED", floor=1)
    s, _ = act(s, type="light", player="BLUE", floor=1, cards=["ROOM:1D", "ROOM:2C"])
    s, _ = act(s, type="ghost", player="RED", card="GHOST:1", target="BLUE")
    s, _ = act(s, type="pass", player="BLUE")
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:2", target="RED")
    s, _ = act(s, type="pass", player="RED")
    illegal(s, "BLUE's floor 1 already has a ghost (option hole_onto_ghost is off)", type="time_space_hole",
            player="RED", ghost="GHOST:2", target="BLUE")


def test_cat_food_and_elevator_move_cats():
    s = two_players(red_rooms=[("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R"), ("ROOM:2A", 2, "L")],
                    blue_rooms=[("ROOM:1C", 1, "L")])
    s, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="L")
    s, _ = act(s, type="cat", player="BLUE", card="CAT:2", floor=1, side="L")
    illegal(s, "Cat 1 is already in RED's house: Cat Food takes a cat from an opponent", type="cat_food",
            player="RED", cat="CAT:1", floor=2, side="L")
    illegal(s, "Cat 2 sits in BLUE's house: the Elevator moves a cat of your own house", type="elevator",
            player="RED", cat="CAT:2", floor=2, side="L")
    illegal(s, "Cat 1 is already on floor 1", type="elevator", player="RED", cat="CAT:1", floor=1, side="R")
    s, texts = act(s, type="cat_food", player="RED", cat="CAT:2", floor=2, side="L")
    assert texts[0] == "RED plays Cat Food and moves Cat 2 onto RED's floor 2 (left)"
    assert floor(s, "BLUE", 1)["cats"]["L"] is None and floor(s, "RED", 2)["cats"]["L"] == "GAH:CAT:2"
    s, _ = act(s, type="discard", player="BLUE", count=1)
    illegal(s, "Cat Food is in the discard pile", type="cat_food", player="RED", cat="CAT:2", floor=1, side="R")
    illegal(s, "Cat 2 already sits on RED's floor 2 L", type="elevator", player="RED", cat="CAT:1", floor=2,
            side="L")
    s, texts = act(s, type="elevator", player="RED", cat="CAT:2", floor=1, side="R")
    assert texts[0] == "RED plays the Elevator and moves Cat 2 onto RED's floor 1 (right)"
    assert floor(s, "RED", 1)["cats"] == {"L": "GAH:CAT:1", "R": "GAH:CAT:2"}


def test_lightning_turns_off_the_highest_explored_floor_and_its_ghost_haunts_it():
    illegal(two_players(), "BLUE has explored no room", type="lightning", player="RED", target="BLUE")
    s = two_players(red_rooms=[("ROOM:1A", 1, "L")])
    s, _ = act(s, type="discard", player="RED", count=1)
    illegal(s, "the light of RED's floor 1 (the highest with a room) is already off", type="lightning",
            player="BLUE", target="RED")
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, _ = act(s, type="light_bulb", player="RED", floor=1)
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    s, _ = act(s, type="pass", player="RED")
    s, _ = act(s, type="discard", player="RED", count=1)
    illegal(s, "Lightning strikes an opponent's house, not your own", type="lightning", player="BLUE",
            target="BLUE")
    stay = GAME.setup(["RED", "BLUE"], {"lightning_ghost": "stay"})
    assert stay["options"]["lightning_ghost"] == "stay"
    struck, texts = act(s, type="lightning", player="BLUE", target="RED")
    assert texts[0] == ("BLUE plays Lightning: the light of RED's floor 1 goes off; turn the floor card to its dark "
                        "face")
    assert texts[1].startswith("The ghost on RED's floor 1 is in the dark now: discard Floor 1 room A, Ghost 1")
    assert floor(struck, "RED", 1)["rooms"]["L"] is None and not floor(struck, "RED", 1)["lit"]
    kept = dict(s, options={"hole_onto_ghost": True, "lightning_ghost": "stay"})
    kept, texts = act(kept, type="lightning", player="BLUE", target="RED")
    assert len([t for t in texts if "goes off" in t]) == 1 and floor(kept, "RED", 1)["ghosts"] == ["GAH:GHOST:1"]


def test_discard_and_draw_is_secret_and_counts_only():
    s = GAME.setup(["RED", "BLUE"])
    illegal(s, "RED holds 3 card(s), not 4", type="discard", player="RED", count=4)
    illegal(s, "discard at least 1 card", type="discard", player="RED", count=0)
    s, texts = act(s, type="discard", player="RED", count=3)
    assert texts == ["RED discards 3 card(s) face down", "RED draws 3 card(s)"]
    assert s["discard"] == {"count": 3, "seen": []} and s["deck"] == 47 - 3 and s["hands"]["RED"] == 3
    view = json.dumps(GAME.public_view(s))
    assert '"discard_count": 3' in view and "seen" not in view


def test_the_deck_is_reshuffled_when_it_runs_out():
    s = GAME.setup(["RED", "BLUE"])
    for _ in range(15):
        s, texts = act(s, type="discard", player=s["turn"], count=3)
    assert (s["deck"], s["discard"]["count"]) == (2, 45)
    s, texts = act(s, type="discard", player=s["turn"], count=3)
    assert texts == ["BLUE discards 3 card(s) face down",
                     "The deck ran out: shuffle the discard pile into a new deck", "BLUE draws 3 card(s)"]
    assert (s["deck"], s["discard"]["count"], s["hands"]["BLUE"]) == (47, 0, 3)


FULL = [("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R"), ("ROOM:2A", 2, "L")]


def escaping(players=("RED", "BLUE")):
    """RED's house fully explored at the end of RED's second turn."""
    s = GAME.setup(list(players))
    s, _ = act(s, type="rooms", player="RED", rooms=[room(*r) for r in FULL])
    for p in players[1:]:
        s, _ = act(s, type="rooms", player=p, rooms=[room(f"ROOM:1{'CDE'[players.index(p) - 1]}", 1, "L")])
    s, texts = act(s, type="rooms", player="RED", rooms=[room("ROOM:2B", 2, "R"), room("ROOM:3A", 3, "L"),
                                                         room("WILD:2", 3, "R")])
    return s, texts


def test_successful_escape_after_everyone_passes_four_players():
    s, texts = escaping(("RED", "BLUE", "GREEN", "YELLOW"))
    assert texts[-1] == ("RED's house is fully explored: RED tries to escape! BLUE, GREEN, YELLOW may play a "
                         "ghost to stop it")
    assert s["phase"] == "escape" and s["hands"]["RED"] == 0                    # no refill when escaping
    prompt = GAME.prompts(s)[0]
    assert prompt.to is None and prompt.level == "todo" and prompt.text.startswith("RED is escaping! Waiting for "
                                                                                  "BLUE, GREEN, YELLOW")
    illegal(s, "RED is escaping: only ghosts against RED and passes from BLUE, GREEN, YELLOW now",
            type="discard", player="BLUE", count=1)
    illegal(s, "RED is the one escaping", type="pass", player="RED")
    s, _ = act(s, type="pass", player="GREEN")
    illegal(s, "GREEN has answered RED's escape already", type="ghost", player="GREEN", card="GHOST:1",
            target="RED")
    illegal(s, "RED is escaping: a ghost now can only go to RED", type="ghost", player="BLUE", card="GHOST:1",
            target="YELLOW")
    # BLUE's ghost on lit? no: floor 3 is dark, so RED defends with a cat from hand... RED has no cards: passes
    s, _ = act(s, type="pass", player="BLUE")
    assert not GAME.is_over(s) and GAME.score(s).final is False
    s, texts = act(s, type="pass", player="YELLOW")
    assert texts[-1] == "Nobody stopped RED: RED escapes the haunted house and wins!"
    assert GAME.is_over(s) and s["winner"] == "RED"
    board = GAME.score(s)
    assert board.final and board.winners == ["RED"] and board.entries["RED"].total == 1
    assert [l.what for l in board.entries["RED"].breakdown] == ["6 of 6 rooms explored (house fully explored)",
                                                                "escaped the haunted house"]
    illegal(s, "the game is over, RED escaped", type="discard", player="BLUE", count=1)


def test_escape_stopped_by_a_ghost_then_everyone_refills_starting_with_the_escaper():
    s, _ = escaping(("RED", "BLUE", "GREEN"))
    s, texts = act(s, type="ghost", player="GREEN", card="GHOST:6", target="RED")
    assert s["pending"] == {"player": "RED", "by": "GREEN", "ghost": "GAH:GHOST:6", "floor": 3, "resume": "escape"}
    s, texts = act(s, type="pass", player="RED")
    assert texts[1] == "RED's escape is stopped; everyone refills to 3 cards, starting with RED"
    assert texts[2] == "RED draws 3 card(s)"
    assert s["phase"] == "turn" and s["turn"] == "BLUE" and s["escape"] is None
    assert s["hands"] == {"RED": 3, "BLUE": 3, "GREEN": 3}
    assert floor(s, "RED", 3)["rooms"] == {"L": None, "R": None}


def test_two_player_escape_the_opponent_may_play_two_ghosts_each_answered_with_a_cat():
    s, _ = escaping()
    assert s["escape"]["ghosts_left"] == {"BLUE": 2}
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    illegal(s, "RED holds 0 card(s), not 1", type="cat_defence", player="RED")      # no refill when escaping
    s, _ = act(s, type="pass", player="RED")
    assert s["phase"] == "turn" and s["turn"] == "BLUE"
    # RED escapes again keeping two cards: a cat answers the first ghost, the second ghost stops RED
    s = GAME.setup(["RED", "BLUE"])
    for p, rooms in (("RED", FULL), ("BLUE", None), ("RED", [("ROOM:2B", 2, "R"), ("ROOM:3A", 3, "L")]),
                     ("BLUE", None), ("RED", [("WILD:2", 3, "R")])):
        if rooms:
            s, _ = act(s, type="rooms", player=p, rooms=[room(*r) for r in rooms])
        else:
            s, _ = act(s, type="discard", player=p, count=1)
    assert s["phase"] == "escape" and s["hands"]["RED"] == 2
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    s, texts = act(s, type="cat_defence", player="RED", card="CAT:3")
    assert s["phase"] == "escape" and s["escape"]["waiting"] == ["BLUE"] and s["escape"]["ghosts_left"]["BLUE"] == 1
    s, texts = act(s, type="ghost", player="BLUE", card="GHOST:2", target="RED")
    assert s["escape"]["waiting"] == [] and s["hands"]["RED"] == 1
    s, texts = act(s, type="pass", player="RED")
    assert texts[1] == "RED's escape is stopped; everyone refills to 3 cards, starting with RED"
    assert s["turn"] == "BLUE" and s["hands"]["RED"] == 3


def test_a_ghost_that_stays_on_a_lit_top_floor_does_not_stop_the_escape():
    s = GAME.setup(["RED", "BLUE"])
    s, _ = act(s, type="rooms", player="RED", rooms=[room(*r) for r in FULL])
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, _ = act(s, type="rooms", player="RED", rooms=[room("ROOM:2B", 2, "R")])
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, _ = act(s, type="light_bulb", player="RED", floor=3)
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, _ = act(s, type="rooms", player="RED", rooms=[room("ROOM:3A", 3, "L"), room("ROOM:3B", 3, "R")])
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    s, texts = act(s, type="pass", player="RED")
    assert texts[0] == "The light is on: Ghost 1 stays on RED's floor 3" and s["phase"] == "escape"
    illegal(s, "RED's highest floor with a room, floor 3, already has a ghost", type="ghost", player="BLUE",
            card="GHOST:2", target="RED")
    s, texts = act(s, type="pass", player="BLUE")
    assert s["winner"] == "RED" and GAME.is_over(s)


def test_hands_never_appear_in_any_view():
    s, _ = escaping(("RED", "BLUE", "GREEN"))
    view = GAME.public_view(s)
    assert "hands" not in view and "seen" not in json.dumps(view)
    assert view["hand_counts"] == s["hands"]


def test_prompts_say_who_does_what_next():
    s = two_players(red_rooms=[("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R")])
    [turn] = GAME.prompts(s)
    assert turn.to == "RED" and turn.level == "todo"
    assert turn.text == ("RED's turn: play room cards (floor 2 next); a cat on one of your rooms; turn on a light "
                         "(floor 1 or 2: discard 2-3 cards with 5 bulbs); a special card; discard and draw.")
    s, _ = act(s, type="discard", player="RED", count=1)
    assert "a ghost on RED's floor 1" in GAME.prompts(s)[0].text and GAME.prompts(s)[0].to == "BLUE"
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    [answer] = GAME.prompts(s)
    assert answer.to == "RED" and answer.text == (
        "RED: BLUE's ghost is on your floor 1 (the light is off). Discard a cat from your hand to cancel it (then "
        "clear the ghost away), or let it in: put the floor's rooms and the ghost on the discard pile.")
    s, _ = act(s, type="pass", player="RED")
    chore, turn = GAME.prompts(s)
    assert chore.to is None and chore.text == "Put Floor 1 room A, Floor 1 room B, Ghost 1 on the discard pile."
    assert turn.to == "RED"


def test_the_catalog_holds_the_rulebook_deck_and_four_double_sided_houses():
    kit = GAME.kit
    kinds = {}
    for c in kit.cards:
        key = (kit.kind(c), kit.floor_of(c))
        kinds[key] = kinds.get(key, 0) + 1
    assert kinds == {("room", 1): 12, ("room", 2): 10, ("room", 3): 10, ("ghost", None): 8, ("cat", None): 6,
                     ("special", None): 5, ("wild", None): 2}
    assert sorted(kit.specials) == ["cat_food", "elevator", "light_bulb", "lightning", "time_space_hole"]
    assert sorted(kit.houses) == ["BLUE", "GREEN", "RED", "YELLOW"]
    assert kit.floor_card("GREEN", 2, lit=True) == "GAH:FLOOR:G2L"
    assert kit.floor_card("GREEN", 2, False) == "GAH:FLOOR:G2D"
    assert all(len(p) <= 20 for p in [*kit.cards, *kit.floor_cards, *kit.roofs.values()])


def test_the_seat_marker_lies_on_the_players_edge_in_front_of_floor_1():
    """One answer for where the seat marker goes (issue #26): on the table edge in
    front of each player, as docs/printing.md says for every game, not beside the
    roof at the far end of the house."""
    from tests.support.contract import camera_of
    for players in (["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW"]):
        state = GAME.setup(players)
        at = {p.payload: p for p in GAME.arrange(state)}
        for p in players:
            seat, floor1, roof = at[f"TC:SEAT:{p}"], at[GAME.kit.floor_card(p, 1, False)], at[GAME.kit.roofs[p]]
            edge = 0.0 if floor1.y_mm < 300 else 600.0
            assert abs(seat.y_mm - edge) <= abs(floor1.y_mm - edge) < abs(roof.y_mm - edge)
            assert 0 <= seat.x_mm <= 900 and 0 <= seat.y_mm <= 600
        assert GAME.same_table(GAME.expected_table(state), GAME.read(state, camera_of(GAME.arrange(state))))
