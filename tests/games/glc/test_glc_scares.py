"""The Scare Kids step: courage totals (equal or more scares), table order,
several kids in one turn, the last haunter's stash, replacements from the Kid
deck, and the Kid deck running out."""
from tests.games.glc.glc_support import GAME, act, courage, events_of, haunt, rejected, round_to_turns, stage


def test_exactly_equal_to_courage_scares_and_one_less_does_not():
    # PUMPKIN-free: PRINCESS (7) courage 11 in slot 2
    assert courage(7) == 11
    s = round_to_turns(stage([5, 7, 11, 13, 16, 18], {2: ["G2"]}), {"RED": 9, "BLUE": 8, "GREEN": 1})
    s = haunt(s, "RED", 2)                       # 2 + 9 = 11: scared
    assert s["slots"][1]["kid"] is None
    assert 7 in s["stashes"]["RED"]["kids"]
    s2 = round_to_turns(stage([5, 7, 11, 13, 16, 18], {2: ["G1"]}), {"RED": 9, "BLUE": 8, "GREEN": 2})
    s2 = haunt(s2, "RED", 2)                     # 1 + 9 = 10: not scared
    assert s2["slots"][1]["kid"] == 7 and s2["slots"][1]["ghosts"] == ["G1", "R9"]


def test_scared_kid_goes_to_the_last_haunter_ghosts_and_candy_discarded_new_kid_revealed():
    s = round_to_turns(stage([5, 7, 11, 13, 16, 18], {2: ["G2"]}), {"RED": 9, "BLUE": 8, "GREEN": 1})
    s, ev = events_of(s, {"type": "haunt", "player": "RED", "slot": 2})
    assert any("PRINCESS (slot 2) is scared: 11 against courage 11" in e for e in ev)
    assert sorted(s["discard"]["ghosts"]) == ["G2", "R9"]
    assert s["pending"] == {"kind": "reveal_kid", "slot": 2}
    assert GAME.prompts(s)[0].text == "Reveal the top kid of the Kid deck into slot 2"
    assert "goes into slot 2, not 3" in rejected(s, {"type": "reveal_kid", "slot": 3, "kid": 3})
    assert "waits for a kid revealed into slot 2" in rejected(s, {"type": "haunt", "player": "BLUE", "slot": 1})
    s = act(s, {"type": "reveal_kid", "slot": 2, "kid": 3})
    assert s["slots"][1] == {"kid": 3, "candy": [], "ghosts": []}
    assert s["order"][s["turn"]] == "BLUE" and s["pending"] is None


def test_candy_on_a_scared_kid_is_discarded():
    # the WEREWOLF-free way to leave candy on a kid: RED haunts, a ninja-less scare of another kid
    s = stage([5, 7, 11, 13, 16, 18], {1: ["G3"]})
    s = round_to_turns(s, {"RED": 9, "BLUE": 8, "GREEN": 1})     # ROBOT courage 12 in slot 1
    s = haunt(s, "RED", 1)                                        # 3 + 9 = 12: scared, candy taken first
    assert s["discard"]["candy"] == []
    assert len(s["stashes"]["RED"]["candy"]) == 1
    # NINJA moves a ghost onto a kid that still has candy: that candy is discarded with it
    s2 = stage([9, 7, 11, 13, 16, 18], {2: ["G5"]})
    s2 = round_to_turns(s2, {"RED": 9, "BLUE": 8, "GREEN": 1})
    s2 = haunt(s2, "RED", 1)                                      # NINJA
    candy_on_princess = list(s2["slots"][1]["candy"])
    s2 = act(s2, {"type": "ninja_move", "player": "RED", "ghost": "R9", "to_slot": 2})   # 5 + 9 = 14 >= 11
    assert s2["discard"]["candy"] == candy_on_princess and 7 in s2["stashes"]["RED"]["kids"]


def test_two_kids_scared_in_one_turn_in_table_order_each_to_its_last_haunter():
    # slot 1 NINJA (15) holds G6; slot 2 PRINCESS (11) holds B2, B4; slot 4 ALIEN holds G5
    s = stage([9, 7, 11, 13, 16, 18], {1: ["G6"], 2: ["B2", "B4"], 4: ["G5"]})
    s = round_to_turns(s, {"RED": 9, "BLUE": 8, "GREEN": 1})
    s = haunt(s, "RED", 1)                                 # 6 + 9 = 15: NINJA is over courage...
    assert s["pending"]["kind"] == "ninja"                 # ...but her ability comes first
    s, ev = events_of(s, {"type": "ninja_move", "player": "RED", "ghost": "G5", "to_slot": 2})
    scared = [e for e in ev if "is scared" in e]
    assert len(scared) == 1 and "NINJA (slot 1)" in scared[0]      # table order: slot 1 first
    assert 9 in s["stashes"]["RED"]["kids"]
    assert s["pending"] == {"kind": "reveal_kid", "slot": 1}       # the checks wait for the reveal
    s, ev = events_of(s, {"type": "reveal_kid", "slot": 1, "kid": 3})
    scared = [e for e in ev if "is scared" in e]
    assert len(scared) == 1 and "PRINCESS (slot 2)" in scared[0]   # 2 + 4 + 5 = 11
    assert 7 in s["stashes"]["GREEN"]["kids"]                      # G5 was on top: GREEN haunted last
    assert s["pending"] == {"kind": "reveal_kid", "slot": 2}
    s = act(s, {"type": "reveal_kid", "slot": 2, "kid": 4})
    assert s["pending"] is None and s["order"][s["turn"]] == "BLUE"


def test_each_kid_is_checked_once_from_the_kid_deck_end_and_cheerleader_protects_neighbours():
    # 1 ROBOT (12) holds 14 but sits next to 2 CHEERLEADER; 3 PRINCESS (11) holds 11
    s = stage([5, 23, 7, 11, 16, 18], {1: ["B9", "G5"], 2: ["B3"], 3: ["B8", "G3"]})
    s = round_to_turns(s, {"RED": 9, "BLUE": 7, "GREEN": 1})
    s, ev = events_of(s, {"type": "haunt", "player": "RED", "slot": 2})   # 3 + 9 = 12: CHEERLEADER scared
    texts = [e for e in ev if "scared" in e]
    assert "ROBOT (slot 1) has 14 against courage 12 but cannot get scared next to the CHEERLEADER" in texts[0]
    assert "CHEERLEADER (slot 2) is scared" in texts[1]
    s, ev = events_of(s, {"type": "reveal_kid", "slot": 2, "kid": 3})
    assert any("PRINCESS (slot 3) is scared" in e for e in ev)          # no longer protected
    assert s["slots"][0]["kid"] == 5                                    # slot 1 was checked already
    s = act(s, {"type": "reveal_kid", "slot": 3, "kid": 4})
    s = haunt(s, "BLUE", 6)                                             # next turn's checks scare ROBOT
    assert 5 in s["stashes"]["GREEN"]["kids"]


def test_kid_deck_runs_out_discards_are_reshuffled():
    s = round_to_turns(stage([5, 7, 11, 13, 16, 18], {2: ["G2"]}), {"RED": 9, "BLUE": 8, "GREEN": 1})
    s["discard"]["kids"] = list(s["kid_deck"])
    s["kid_deck"] = []
    s = haunt(s, "RED", 2)
    assert "The Kid deck is empty: shuffle the 18 discarded kids" in GAME.prompts(s)[0].text
    s, ev = events_of(s, {"type": "reveal_kid", "slot": 2, "kid": 24})
    assert any("shuffled into a new Kid deck" in e for e in ev)
    assert s["discard"]["kids"] == [] and len(s["kid_deck"]) == 17 and s["slots"][1]["kid"] == 24


def test_no_kid_left_anywhere_leaves_the_slot_empty():
    s = round_to_turns(stage([5, 7, 11, 13, 16, 18], {2: ["G2"]}), {"RED": 9, "BLUE": 8, "GREEN": 1})
    s["kid_deck"] = []
    s, ev = events_of(s, {"type": "haunt", "player": "RED", "slot": 2})
    assert any("slot 2 stays empty" in e for e in ev)
    assert s["slots"][1]["kid"] is None and s["pending"] is None
    assert "slot 2 holds no kid" in rejected(s, {"type": "haunt", "player": "BLUE", "slot": 2})
