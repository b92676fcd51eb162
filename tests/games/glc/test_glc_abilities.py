"""Every kid ability on the rulings page, and a kid whose ability the engine does
not implement (resolved by hand at the table, recorded with ``resolve``)."""
import pytest

from tests.games.glc.glc_support import GAME, act, events_of, haunt, rejected, round_to_turns, stage

# kids: 2 WEREWOLF 19 VAMPIRE 12 SKELETON 9 NINJA 6 ZOMBIE 17 BLACK CAT 20 PIRATE 1 ANGEL 23 CHEERLEADER
# fillers: 5 ROBOT 7 PRINCESS 11 CLOWN 13 ALIEN 16 FAIRY 18 ASTRONAUT (abilities resolved by hand)


def in_turns(kids, piles=None, values=None, **kw):
    return round_to_turns(stage(kids, piles or {}, **kw), values or {"RED": 9, "BLUE": 5, "GREEN": 2})


# ----------------------------------------------------------------- WEREWOLF

def test_werewolf_haunted_with_equal_or_lower_value_costs_a_candy():
    s = in_turns([2, 5, 7, 11, 13, 16], {1: ["B7"]}, {"RED": 7, "BLUE": 5, "GREEN": 2})
    s = haunt(s, "RED", 1)                               # 7 <= 7: pay
    taken = s["stashes"]["RED"]["candy"]
    assert s["pending"] == {"kind": "werewolf", "player": "RED", "slot": 1}
    assert "RED: WEREWOLF — put 1 candy from your stash on the WEREWOLF" in GAME.prompts(s)[0].text
    assert "not in RED's stash" in rejected(s, {"type": "werewolf_pay", "player": "RED", "candy": "LOLL8"})
    assert "it is RED's choice" in rejected(s, {"type": "werewolf_pay", "player": "BLUE", "candy": taken[0]})
    assert "waits for RED's werewolf choice" in rejected(s, {"type": "haunt", "player": "BLUE", "slot": 2})
    s = act(s, {"type": "werewolf_pay", "player": "RED", "candy": taken[0]})
    assert s["slots"][0]["candy"] == [taken[0]] and s["stashes"]["RED"]["candy"] == []
    assert s["order"][s["turn"]] == "BLUE"


def test_werewolf_haunted_with_a_higher_value_or_first_costs_nothing():
    s = haunt(in_turns([2, 5, 7, 11, 13, 16], {1: ["B6"]}, {"RED": 7, "BLUE": 5, "GREEN": 2}), "RED", 1)
    assert s["pending"] is None
    s = haunt(in_turns([2, 5, 7, 11, 13, 16]), "RED", 1)  # nobody haunted him before
    assert s["pending"] is None


def test_werewolf_with_an_empty_stash_skips_the_payment():
    s = in_turns([2, 5, 7, 11, 13, 16], {1: ["B9"]}, {"RED": 3, "BLUE": 5, "GREEN": 2})
    s["discard"]["candy"] = s["slots"][0]["candy"]       # his candy already gone
    s["slots"][0]["candy"] = []
    s, ev = events_of(s, {"type": "haunt", "player": "BLUE", "slot": 2})
    s, ev = events_of(s, {"type": "haunt", "player": "RED", "slot": 1})
    assert s["pending"] is None and any("no candy to put on him" in e for e in ev)


# ----------------------------------------------------------------- VAMPIRE

def test_vampire_gives_a_candy_to_the_previous_haunter():
    s = in_turns([19, 5, 7, 11, 13, 16], {1: ["G4"]}, {"RED": 9, "BLUE": 5, "GREEN": 2})
    s = haunt(s, "RED", 1)
    assert s["pending"] == {"kind": "vampire", "player": "RED", "to": "GREEN", "slot": 1}
    candy = s["stashes"]["RED"]["candy"][0]
    s = act(s, {"type": "vampire_give", "player": "RED", "candy": candy})
    assert s["stashes"]["GREEN"]["candy"] == [candy] and s["stashes"]["RED"]["candy"] == []


def test_vampire_last_haunted_by_yourself_or_nobody_does_nothing():
    s, ev = events_of(in_turns([19, 5, 7, 11, 13, 16], {1: ["R1"]}), {"type": "haunt", "player": "RED", "slot": 1})
    assert s["pending"] is None and any("RED haunted him last" in e for e in ev)
    s, ev = events_of(in_turns([19, 5, 7, 11, 13, 16]), {"type": "haunt", "player": "RED", "slot": 1})
    assert s["pending"] is None and any("nobody haunted him before" in e for e in ev)


# ----------------------------------------------------------------- SKELETON

def test_skeleton_swaps_a_hand_ghost_for_an_own_ghost_in_the_discard():
    s = in_turns([12, 5, 7, 11, 13, 16])
    s["hands"]["RED"].remove("R8")
    s["discard"]["ghosts"] = ["R8", "B1"]
    s = haunt(s, "RED", 1)
    assert s["pending"]["kind"] == "skeleton"
    assert "RED's 1 is not in the discard" in rejected(s, {"type": "skeleton_swap", "player": "RED", "give": 2,
                                                           "take": 1})
    assert "RED has no 9 in hand" in rejected(s, {"type": "skeleton_swap", "player": "RED", "give": 9, "take": 8})
    s = act(s, {"type": "skeleton_swap", "player": "RED", "give": 1, "take": 8})
    assert "R8" in s["hands"]["RED"] and "R1" not in s["hands"]["RED"]
    assert sorted(s["discard"]["ghosts"]) == ["B1", "R1"]


def test_skeleton_may_be_declined_and_does_nothing_without_an_own_discarded_ghost():
    s = in_turns([12, 5, 7, 11, 13, 16])
    s["hands"]["RED"].remove("R8")
    s["discard"]["ghosts"] = ["R8"]
    s = act(haunt(s, "RED", 1), {"type": "skip", "player": "RED"})
    assert s["pending"] is None and s["discard"]["ghosts"] == ["R8"]
    s, ev = events_of(in_turns([12, 5, 7, 11, 13, 16]), {"type": "haunt", "player": "RED", "slot": 1})
    assert s["pending"] is None and any("SKELETON" in e and "nothing happens" in e for e in ev)


# ----------------------------------------------------------------- NINJA

def test_ninja_moves_a_ghost_to_the_top_of_another_pile_without_candy_or_ability():
    s = in_turns([9, 2, 7, 11, 13, 16], {2: ["G8"], 3: ["B1", "G3"]})
    s = haunt(s, "RED", 1)
    assert s["pending"]["kind"] == "ninja"
    assert "already under the kid in slot 3" in rejected(s, {"type": "ninja_move", "player": "RED", "ghost": "B1",
                                                              "to_slot": 3})
    assert "is not in the neighbourhood" in rejected(s, {"type": "ninja_move", "player": "RED", "ghost": "B2",
                                                          "to_slot": 1})
    werewolf_candy = list(s["slots"][1]["candy"])
    s = act(s, {"type": "ninja_move", "player": "RED", "ghost": "B1", "to_slot": 2})   # onto the WEREWOLF
    assert s["slots"][2]["ghosts"] == ["G3"] and s["slots"][1]["ghosts"] == ["G8", "B1"]
    assert s["slots"][1]["candy"] == werewolf_candy and s["stashes"]["BLUE"]["candy"] == []
    assert s["pending"] is None                         # no WEREWOLF payment for BLUE


def test_ninja_option_top_only_moves_the_top_ghost():
    s = in_turns([9, 2, 7, 11, 13, 16], {3: ["B1", "G3"]}, options={"ninja_moves": "top"})
    s = haunt(s, "RED", 1)
    assert "only the top ghost" in rejected(s, {"type": "ninja_move", "player": "RED", "ghost": "B1", "to_slot": 2})
    s = act(s, {"type": "ninja_move", "player": "RED", "ghost": "G3", "to_slot": 2})
    assert s["slots"][1]["ghosts"] == ["G3"]


# ----------------------------------------------------------------- ZOMBIE

def zombie_in_red_stash(kids, piles, values):
    s = stage(kids, piles)
    s["kid_deck"].remove(6)
    s["stashes"]["RED"]["kids"] = [6]
    return round_to_turns(s, values)


def test_zombie_in_your_stash_replaces_the_next_kid_you_scare():
    s = zombie_in_red_stash([5, 7, 11, 13, 16, 18], {2: ["G2"]}, {"RED": 9, "BLUE": 5, "GREEN": 1})
    s, ev = events_of(s, {"type": "haunt", "player": "RED", "slot": 2})
    assert s["slots"][1] == {"kid": 6, "candy": [], "ghosts": []}
    assert s["stashes"]["RED"]["kids"] == [7] and s["pending"] is None
    assert any("ZOMBIE leaves RED's stash" in e for e in ev)


def test_zombie_in_someone_elses_stash_does_not_help_you():
    s = stage([5, 7, 11, 13, 16, 18], {2: ["G2"]})
    s["kid_deck"].remove(6)
    s["stashes"]["BLUE"]["kids"] = [6]
    s = haunt(round_to_turns(s, {"RED": 9, "BLUE": 5, "GREEN": 1}), "RED", 2)
    assert s["pending"] == {"kind": "reveal_kid", "slot": 2} and s["stashes"]["BLUE"]["kids"] == [6]


def test_a_zombie_just_scared_does_not_replace_itself():
    s = in_turns([6, 5, 7, 11, 13, 16], {1: ["G6"]}, {"RED": 9, "BLUE": 5, "GREEN": 1})
    s = haunt(s, "RED", 1)                              # 6 + 9 = 15: the ZOMBIE is scared
    assert s["stashes"]["RED"]["kids"] == [6] and s["pending"] == {"kind": "reveal_kid", "slot": 1}


# ----------------------------------------------------------------- BLACK CAT

def test_black_cat_scarer_places_her_in_any_stash():
    s = in_turns([17, 5, 7, 11, 13, 16], {1: ["G1"]}, {"RED": 9, "BLUE": 5, "GREEN": 2})
    s = haunt(s, "RED", 1)                              # 1 + 9 = 10: scared
    assert s["pending"]["kind"] == "black_cat" and s["pending"]["player"] == "RED"
    assert "she is in RED's stash" in GAME.prompts(s)[0].text
    assert "'PINK' is not playing" in rejected(s, {"type": "place_black_cat", "player": "RED", "to": "PINK"})
    s = act(s, {"type": "place_black_cat", "player": "RED", "to": "BLUE"})
    assert s["stashes"]["BLUE"]["kids"] == [17] and s["stashes"]["RED"]["kids"] == []
    assert s["pending"] == {"kind": "reveal_kid", "slot": 1}


def test_black_cat_skip_leaves_her_with_the_last_haunter():
    s = in_turns([17, 5, 7, 11, 13, 16], {1: ["G1"]}, {"RED": 9, "BLUE": 5, "GREEN": 2})
    s = act(haunt(s, "RED", 1), {"type": "skip", "player": "RED"})
    assert s["stashes"]["RED"]["kids"] == [17] and s["pending"] == {"kind": "reveal_kid", "slot": 1}


def test_black_cat_scarer_option_current_player():
    # NINJA moves GREEN's ghost onto the BLACK CAT: GREEN takes her; who places her depends on the option
    for option, chooser in (("last_haunter", "GREEN"), ("current_player", "RED")):
        s = in_turns([9, 17, 7, 11, 13, 16], {2: ["B3"], 3: ["G7"]}, {"RED": 9, "BLUE": 5, "GREEN": 2},
                     options={"scarer": option})
        s = act(haunt(s, "RED", 1), {"type": "ninja_move", "player": "RED", "ghost": "G7", "to_slot": 2})
        assert s["stashes"]["GREEN"]["kids"] == [17]
        assert s["pending"]["kind"] == "black_cat" and s["pending"]["player"] == chooser


# ----------------------------------------------------------------- PIRATE

def test_pirate_may_take_candy_from_any_kid_instead():
    s = in_turns([20, 5, 7, 11, 13, 16])
    other = list(s["slots"][3]["candy"])
    own = list(s["slots"][0]["candy"])
    s = haunt(s, "RED", 1, take_from=4)
    assert s["stashes"]["RED"]["candy"] == other and s["slots"][0]["candy"] == own and s["slots"][3]["candy"] == []
    s2 = haunt(in_turns([20, 5, 7, 11, 13, 16]), "RED", 1)
    assert s2["stashes"]["RED"]["candy"] == own


# ----------------------------------------------------------------- the stash-moving kid (ANGEL)

def test_angel_moves_a_scared_kid_between_stashes():
    s = stage([1, 5, 7, 11, 13, 16], {})
    s["kid_deck"].remove(3)
    s["stashes"]["BLUE"]["kids"] = [3]
    s = haunt(round_to_turns(s, {"RED": 9, "BLUE": 5, "GREEN": 2}), "RED", 1)
    assert s["pending"]["kind"] == "move_scared_kid"
    assert "already in BLUE's stash" in rejected(s, {"type": "move_scared_kid", "player": "RED", "kid": 3,
                                                      "to": "BLUE"})
    assert "is not in a stash" in rejected(s, {"type": "move_scared_kid", "player": "RED", "kid": 5, "to": "RED"})
    s = act(s, {"type": "move_scared_kid", "player": "RED", "kid": 3, "to": "GREEN"})
    assert s["stashes"]["GREEN"]["kids"] == [3] and s["stashes"]["BLUE"]["kids"] == []


def test_angel_must_move_a_kid_and_does_nothing_with_empty_stashes():
    """The card says "Move a scared kid from any player's stash to any other
    player's stash" (no "may", unlike the SKELETON and the BLACK CAT): with a
    kid in a stash, the move is owed and cannot be skipped; the rulebook's
    "something you can't do, skip that action" covers only empty stashes."""
    s = stage([1, 5, 7, 11, 13, 16], {})
    s["kid_deck"].remove(3)
    s["stashes"]["BLUE"]["kids"] = [3]
    s = haunt(round_to_turns(s, {"RED": 9, "BLUE": 5, "GREEN": 2}), "RED", 1)
    assert GAME.prompts(s)[0].text == "RED: ANGEL — move a kid from any player's stash to any other player's stash"
    assert 'says "Move a scared kid", not "may"' in rejected(s, {"type": "skip", "player": "RED"})
    assert {"type": "skip", "player": "RED"} not in [a.to_json() for a in GAME.legal_actions(s)]
    assert GAME.chores(s) == []                     # nothing moved: not a decline the console confirms
    s, ev = events_of(in_turns([1, 5, 7, 11, 13, 16]), {"type": "haunt", "player": "RED", "slot": 1})
    assert s["pending"] is None and any("no stash holds a kid" in e for e in ev)


def test_a_may_ability_with_nothing_moved_is_declined_by_one_confirm():
    """The table cannot tell a kid never moved from one moved and moved back
    before it settled: the console's Confirm records the decline."""
    s = haunt(in_turns([17, 5, 7, 11, 13, 16], {1: ["G1"]}, {"RED": 9, "BLUE": 5, "GREEN": 2}), "RED", 1)
    assert s["pending"]["kind"] == "black_cat"
    assert GAME.chores(s) == [[GAME.parse_action({"type": "skip", "player": "RED"})]]
    after, _ = GAME.apply_all(s, GAME.chores(s)[0])
    assert after["stashes"]["RED"]["kids"] == [17] and after["pending"] == {"kind": "reveal_kid", "slot": 1}
    assert GAME.chores(haunt(in_turns([9, 5, 7, 11, 13, 16]), "RED", 1)) == []     # a NINJA must move


def test_skip_is_refused_for_an_ability_that_is_not_optional():
    s = haunt(in_turns([9, 5, 7, 11, 13, 16]), "RED", 1)
    assert "the game waits for RED's ninja choice (ninja_move)" in rejected(s, {"type": "skip", "player": "RED"})


# ----------------------------------------------------------------- CHEERLEADER

def test_cheerleader_protects_both_neighbours_but_not_herself():
    s = in_turns([5, 23, 7, 11, 13, 16], {1: ["B9"], 3: ["B8"]}, {"RED": 3, "BLUE": 5, "GREEN": 2})
    s = haunt(s, "BLUE", 3)                             # PRINCESS: 8 + 5 = 13 >= 11, protected
    s = haunt(s, "RED", 1)                              # ROBOT: 9 + 3 = 12 >= 12, protected
    assert s["slots"][0]["kid"] == 5 and s["slots"][2]["kid"] == 7
    s = haunt(s, "GREEN", 2)
    assert s["slots"][1]["kid"] == 23                   # 2 < 12


# ----------------------------------------------------------------- by hand

def test_unimplemented_ability_is_resolved_by_hand_without_blocking():
    s, ev = events_of(in_turns([14, 5, 7, 11, 13, 16]), {"type": "haunt", "player": "RED", "slot": 1})
    assert any("PUMPKIN's ability is resolved by hand" in e for e in ev)
    assert s["manual"] == {"player": "RED", "kid": 14, "slot": 1}
    prompt = GAME.prompts(s)[0]
    assert prompt.to == "RED" and "do what the PUMPKIN card says" in prompt.text    # the table's words
    assert "resolve action" not in prompt.text and "resolve action" in prompt.detail       # the console's
    assert GAME.chores(s) == [[GAME.parse_action({"type": "resolve", "player": "RED", "note": "nothing moved"})]]
    assert "BLUE" in GAME.prompts(s)[1].text                # the game goes on meanwhile
    assert "RED resolves the PUMPKIN by hand, not BLUE" in rejected(s, {"type": "resolve", "player": "BLUE"})
    candy = s["stashes"]["RED"]["candy"][0]
    s2 = act(s, {"type": "resolve", "player": "RED", "note": "gave a candy", "moves": [{"candy": candy,
                                                                                        "to": "BLUE"}]})
    assert s2["stashes"]["BLUE"]["candy"] == [candy] and s2["manual"] is None
    s3 = act(s, {"type": "resolve", "player": "RED"})      # nothing to record
    assert s3["manual"] is None and s3["stashes"] == s["stashes"]
    # the next haunt closes RED's window (BLUE's ROBOT opens its own)
    assert haunt(s, "BLUE", 2)["manual"] == {"player": "BLUE", "kid": 5, "slot": 2}


@pytest.mark.parametrize("moves, reason", [
    ([{"candy": "CHOC1", "to": "PINK"}], "not a player"),
    ([{"ghost": "R1", "to": "RED"}], "ghosts never go into a stash"),
    ([{"kid": 5, "to": "slot:9"}], "no slot 9"),
    ([{"hat": 1, "to": "RED"}], "moves name a candy, a kid or a ghost"),
    ([{"candy": "CHOC1"}], "must be"),
])
def test_resolve_moves_are_checked(moves, reason):
    s = haunt(in_turns([14, 5, 7, 11, 13, 16]), "RED", 1)
    assert reason in rejected(s, {"type": "resolve", "player": "RED", "moves": moves})


def test_resolve_runs_the_scare_checks_again():
    s = haunt(in_turns([14, 7, 5, 11, 13, 16], {2: ["G4"]}, {"RED": 9, "BLUE": 5, "GREEN": 2}), "RED", 1)
    assert s["slots"][1]["kid"] == 7
    s, ev = events_of(s, {"type": "resolve", "player": "RED", "moves": [{"ghost": "R9", "to": "slot:2"}]})
    assert any("PRINCESS (slot 2) is scared" in e for e in ev)   # 4 + 9 = 13 >= 11
    assert 7 in s["stashes"]["RED"]["kids"] and s["pending"] == {"kind": "reveal_kid", "slot": 2}
    s = act(s, {"type": "reveal_kid", "slot": 2, "kid": 3})
    assert s["order"][s["turn"]] == "BLUE"                        # the turn had already passed to BLUE
