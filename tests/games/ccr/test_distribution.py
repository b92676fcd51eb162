"""Candy Crave's distribution of sweets: every option a turn has, the short-bowl
take, the end phase, the 2-player parties, with the reasons for illegal moves."""
import copy

import pytest

from models.engine import GameSetupError, IllegalAction
from models.registry import get_game
from tests.games.ccr.driver import ready, run

P3 = ["RED", "BLUE", "GREEN"]


def take(p, *sweets, **kw):
    return {"type": "take", "player": p, "sweets": list(sweets), **kw}


def lock(p, **kw):
    return {"type": "lock", "player": p, **kw}


def illegal(game, state, action, match):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=match):
        game.apply(state, game.parse_action(action))
    assert state == before


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("n,total,per_type", [(5, 50, [8, 9, 10, 11, 12]), (4, 40, [6, 7, 8, 9, 10]),
                                              (3, 40, [6, 7, 8, 9, 10]), (2, 40, [6, 7, 8, 9, 10])])
def test_sweets_by_player_count(n, total, per_type):
    game = get_game("CCR")
    state = game.setup(["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"][:n])
    assert len(state["bowls"]) == total
    assert list(game.public_view(state)["bowls"].values()) == per_type


def test_setup_refuses_bad_player_counts_and_unknown_divider_colours():
    game = get_game("CCR")
    with pytest.raises(GameSetupError, match="2-5 players"):
        game.setup(["RED"])
    with pytest.raises(GameSetupError, match="2-5 players"):
        game.setup(["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE"])
    with pytest.raises(GameSetupError, match="PINK is not a seat of Candy Crave"):
        game.setup(["RED", "BLUE", "PINK"])
    with pytest.raises(GameSetupError, match="option reference"):
        game.setup(P3, {"reference": "left"})


def test_base_values_then_favourites_in_order():
    game = get_game("CCR")
    s = game.setup(P3)
    illegal(game, s, {"type": "turn_up", "sweet": "L", "tile": "4P2"}, "after the base values are drawn")
    s = run(game, s, [{"type": "base", "sweet": "L", "tile": "4A"}])
    illegal(game, s, {"type": "base", "sweet": "H", "tile": "4A"}, "already lies at the lollipops")
    illegal(game, s, {"type": "base", "sweet": "L", "tile": "7"}, "already have base tile 4A")
    illegal(game, s, {"type": "base", "sweet": "X", "tile": "7"}, "sweet type must be one of")
    illegal(game, s, {"type": "base", "sweet": "H", "tile": "9"}, "no base value tile")
    s = run(game, s, [{"type": "base", "sweet": t, "tile": x} for t, x in zip("HKBC", ["5A", "6", "7", "8"])])
    assert s["phase"] == "favourites"
    s = run(game, s, [{"type": "turn_up", "sweet": "L", "tile": "CCR:FAV:4P2"}])   # full payload works too
    # with 3 players the face-up tiles are one shuffled extra set: no face twice
    illegal(game, s, {"type": "turn_up", "sweet": "H", "tile": "3P2"}, "its \\+2 is already face up")
    illegal(game, s, {"type": "turn_up", "sweet": "H", "tile": "4P2"}, "already face up on another stack")


def test_four_players_may_turn_up_equal_faces_but_never_more_than_their_sets_hold():
    """With 4 players the five stacks hold the players' four sets: four tiles of
    each face, so four +3s may lie face up, a fifth cannot (it was accepted, and
    the round could then never be scored: its rows would hold five +3s)."""
    game = get_game("CCR")
    s = game.setup(["RED", "BLUE", "GREEN", "YELLOW"])
    s = run(game, s, [{"type": "base", "sweet": t, "tile": x} for t, x in zip("LHKBC", ["1", "2", "3", "6", "7"])])
    s = run(game, s, [{"type": "turn_up", "sweet": t, "tile": f"{i}P3"} for i, t in enumerate("LHKB", 1)])
    illegal(game, s, {"type": "turn_up", "sweet": "C", "tile": "5P3"}, r"4 tiles showing \+3, and all of them")
    assert {a.tile for a in game.legal_actions(s)} and not any(
        game.kit.face(a.tile) == "+3" for a in game.legal_actions(s))
    s = run(game, s, [{"type": "turn_up", "sweet": "C", "tile": "5P2"}])
    assert s["phase"] == "distribute" and s["turn"] == "RED"


def test_five_players_may_turn_up_five_equal_faces():
    game = get_game("CCR")
    s = game.setup(["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"])
    s = run(game, s, [{"type": "base", "sweet": t, "tile": x} for t, x in zip("LHKBC", ["1", "2", "3", "6", "7"])])
    s = run(game, s, [{"type": "turn_up", "sweet": t, "tile": f"{i}P3"} for i, t in enumerate("LHKBC", 1)])
    assert s["phase"] == "distribute"


# --------------------------------------------------------------------------- turns


def test_first_turn_takes_exactly_one_sweet():
    game, s = ready(P3)
    illegal(game, s, take("RED", "L01", "L02"), "first turn of a round takes exactly 1 sweet, not 2")
    illegal(game, s, take("BLUE", "L01"), "it is RED's turn, not BLUE's")
    illegal(game, s, {"type": "withdraw", "player": "RED"}, "first turn of a round takes 1 sweet")
    s = run(game, s, [take("RED", "K01")])
    assert s["areas"]["RED"]["play"] == ["K01"] and s["turn"] == "BLUE" and "K01" not in s["bowls"]


def test_take_one_more_or_one_less_after_locking():
    game, s = ready(P3)
    s = run(game, s, [take("RED", "K01"), take("BLUE", "L01", "L02")])     # 1 more than RED's 1
    illegal(game, s, take("GREEN", "C01", "C02", "C03", "C04"),
            r"must take exactly 1 or 3 sweet\(s\) \(BLUE's play area holds 2\), not 4")
    illegal(game, s, take("GREEN", "C01", "C02"), "not 2")
    illegal(game, s, take("GREEN", "L01"), "lies in BLUE's play area, not in a bowl")
    s = run(game, s, [take("GREEN", "C01", "C02", "C03")])
    # RED must lock the play area first
    illegal(game, s, take("RED", "H01", "H02"), "must first lock the 1 sweet")
    s = run(game, s, [lock("RED")])
    assert s["areas"]["RED"] == {"play": [], "locked": ["K01"], "withdrawn": False}
    illegal(game, s, lock("RED"), "play area is empty: nothing to lock")
    illegal(game, s, take("RED", "K01", "H02"), "is locked by RED, not in a bowl")
    s = run(game, s, [take("RED", "H01", "H02")])                         # 1 less than GREEN's 3
    assert s["areas"]["RED"]["play"] == ["H01", "H02"]


def test_steal_a_play_area_of_two_or_more():
    game, s = ready(P3)
    s = run(game, s, [take("RED", "K01"), take("BLUE", "L01", "L02"), take("GREEN", "C01", "C02", "C03")])
    s = run(game, s, [lock("RED")])
    illegal(game, s, {"type": "steal", "player": "RED", "victim": "GREEN", "pocket": "L01"},
            "L01 \\(lollipop\\) is not in GREEN's play area")
    illegal(game, s, {"type": "steal", "player": "RED", "victim": "RED", "pocket": "K01"},
            "cannot steal from its own play area")
    illegal(game, s, {"type": "steal", "player": "RED", "victim": "PINK", "pocket": "K01"}, "no play area 'PINK'")
    s, events = game.apply(s, game.parse_action({"type": "steal", "player": "RED", "victim": "GREEN",
                                                  "pocket": "C02"}))
    assert s["areas"]["GREEN"] == {"play": [], "locked": ["C02"], "withdrawn": False}
    assert s["areas"]["RED"]["play"] == ["C01", "C03"]
    assert "RED steals 2 sweet(s) (C01, C03) from GREEN, who pockets C02" in events[0].text
    assert s["turn"] == "BLUE"


def test_steal_from_a_play_area_of_one_is_illegal():
    game, s = ready(P3)
    s = run(game, s, [take("RED", "K01"), take("BLUE", "L01", "L02"), take("GREEN", "C01")])
    s = run(game, s, [lock("RED")])
    illegal(game, s, {"type": "steal", "player": "RED", "victim": "GREEN", "pocket": "C01"},
            r"GREEN's play area holds only 1 sweet\(s\); a steal needs 2 or more")


def test_withdraw_leaves_the_round_and_turns_skip_the_player():
    game, s = ready(P3)
    s = run(game, s, [take("RED", "K01"), take("BLUE", "L01", "L02")])
    s = run(game, s, [{"type": "withdraw", "player": "GREEN"}])
    assert s["areas"]["GREEN"]["withdrawn"] and s["turn"] == "RED"
    s = run(game, s, [lock("RED"), take("RED", "H01")])         # BLUE's 2 -> RED takes 1 or 3
    s = run(game, s, [lock("BLUE"), take("BLUE", "H02", "H03")])
    assert s["turn"] == "RED"                                    # GREEN is skipped
    illegal(game, s, {"type": "withdraw", "player": "GREEN"}, "it is RED's turn")


def test_take_size_after_a_withdrawal_follows_the_reference_option():
    # GREEN (to RED's right) withdraws with an empty play area; BLUE before it holds 2
    for option, sizes in (("previous_active", [1, 3]), ("neighbour", [1])):
        game, s = ready(P3, {"reference": option})
        s = run(game, s, [take("RED", "K01"), take("BLUE", "L01", "L02"), {"type": "withdraw", "player": "GREEN"},
                          lock("RED")])
        assert game.public_view(s)["choices"]["take"] == sizes
        if option == "neighbour":
            illegal(game, s, take("RED", "H01", "H02", "H03"), r"GREEN's play area holds 0\), not 3")


def test_zero_take_option():
    game, s = ready(P3)
    s = run(game, s, [take("RED", "K01")])
    illegal(game, s, take("BLUE"), "a take of no sweets is not a take; to take nothing, withdraw")
    game, s = ready(P3, {"zero_take": "true"})
    s = run(game, s, [take("RED", "K01"), take("BLUE")])
    assert s["areas"]["BLUE"]["play"] == [] and s["turn"] == "GREEN"
    assert game.public_view(s)["choices"]["take"] == [1]


# --------------------------------------------------------------------------- short bowls and the end phase


def test_short_bowl_take_once_only_takes_every_sweet_left():
    game, s = ready(P3)
    # RED 1, BLUE 2, GREEN 3, RED 4, BLUE 5, GREEN 6, RED 5, BLUE 4, GREEN 3 ... until the bowls run short
    sizes = [1, 2, 3, 4, 5, 6, 5, 4, 3]
    for k in sizes:
        p = s["turn"]
        if s["areas"][p]["play"]:
            s = run(game, s, [lock(p)])
        s = run(game, s, [take(p, *s["bowls"][:k])])
    assert len(s["bowls"]) == 40 - sum(sizes) == 7
    s = run(game, s, [lock("RED"), take("RED", *s["bowls"][:4])])    # GREEN holds 3 -> 2 or 4
    left = s["bowls"]
    assert len(left) == 3
    s = run(game, s, [lock("BLUE")])                                  # RED holds 4 -> 3 or 5
    assert game.public_view(s)["choices"]["take"] == [3]
    # taking the last 3 is an ordinary take that empties the bowls
    s = run(game, s, [take("BLUE", *left)])
    assert s["phase"] == "endphase" and s["turn"] == "GREEN"


def test_short_take_when_the_bowls_hold_fewer_than_the_larger_take():
    game, s = ready(P3)
    for k in [1, 2, 3, 4, 5, 6, 5, 4, 3]:
        p = s["turn"]
        if s["areas"][p]["play"]:
            s = run(game, s, [lock(p)])
        s = run(game, s, [take(p, *s["bowls"][:k])])
    s = run(game, s, [lock("RED"), take("RED", *s["bowls"][:2])])        # GREEN 3 -> RED 2; 5 left
    s = run(game, s, [lock("BLUE"), take("BLUE", *s["bowls"][:3])])      # RED 2 -> BLUE 3; 2 left
    s = run(game, s, [lock("GREEN")])                                     # BLUE 3 -> 2 or 4; 2 left
    # 2 is an ordinary take; the bowls hold fewer than 4 but exactly 2, so no short take is offered
    assert game.public_view(s)["choices"] == {"area": "GREEN", "take": [2], "short_take": None,
                                              "steal": ["RED", "BLUE"], "withdraw": True}
    game, s = ready(P3)
    for k in [1, 2, 3, 4, 5, 6, 5, 4, 3]:
        p = s["turn"]
        if s["areas"][p]["play"]:
            s = run(game, s, [lock(p)])
        s = run(game, s, [take(p, *s["bowls"][:k])])
    s = run(game, s, [lock("RED"), take("RED", *s["bowls"][:4])])        # 3 left
    s = run(game, s, [lock("BLUE")])
    # RED holds 4: 3 or 5; 3 left: 3 is ordinary. Make it short: BLUE steals instead, GREEN faces 3 left
    s = run(game, s, [{"type": "steal", "player": "BLUE", "victim": "RED", "pocket": s["areas"]["RED"]["play"][0]}])
    s = run(game, s, [lock("GREEN")])                                     # BLUE holds 3 -> 2 or 4; 3 left
    c = game.public_view(s)["choices"]
    assert c["take"] == [2] and c["short_take"] == 3
    bowls = list(s["bowls"])
    illegal(game, s, take("GREEN", *bowls[:1]), r"must take exactly 2 or 4 .*; or, once only, all 3 left")
    s = run(game, s, [take("GREEN", *bowls)])
    assert s["short_take_used"] and s["bowls"] == [] and s["phase"] == "endphase"


def test_short_take_option_below_both():
    game, s = ready(P3, {"short_take": "below_both"})
    for k in [1, 2, 3, 4, 5, 6, 5, 4, 3]:
        p = s["turn"]
        if s["areas"][p]["play"]:
            s = run(game, s, [lock(p)])
        s = run(game, s, [take(p, *s["bowls"][:k])])
    s = run(game, s, [lock("RED"), take("RED", *s["bowls"][:4]), lock("BLUE")])
    s = run(game, s, [{"type": "steal", "player": "BLUE", "victim": "RED", "pocket": s["areas"]["RED"]["play"][0]}])
    s = run(game, s, [lock("GREEN")])                                     # 2 or 4 permitted, 3 left
    assert game.public_view(s)["choices"]["short_take"] is None
    illegal(game, s, take("GREEN", *s["bowls"]), "must take exactly 2 or 4")


def _to_endphase():
    game, s = ready(P3)
    for k in [1, 2, 3, 4, 5, 6, 5, 4, 3, 4]:
        p = s["turn"]
        if s["areas"][p]["play"]:
            s = run(game, s, [lock(p)])
        s = run(game, s, [take(p, *s["bowls"][:k])])
    assert s["turn"] == "BLUE" and len(s["bowls"]) == 3
    s = run(game, s, [lock("BLUE"), take("BLUE", *s["bowls"])])         # RED holds 4: BLUE takes the last 3
    return game, s


def test_end_phase_pocket_one_a_turn_then_from_others():
    game, s = _to_endphase()
    assert s["phase"] == "endphase" and s["bowls"] == []
    assert s["turn"] == "GREEN"                     # the player after the one who emptied the bowls
    green_play = s["areas"]["GREEN"]["play"]
    illegal(game, s, lock("GREEN"), "lock is played while the bowls still hold sweets")
    illegal(game, s, take("GREEN", "L01"), "take is played while the bowls still hold sweets")
    illegal(game, s, {"type": "withdraw", "player": "GREEN"}, "only with an empty play area")
    other = s["areas"]["RED"]["play"][0]
    illegal(game, s, {"type": "pocket", "player": "GREEN", "sweet": other}, "from its own play area")
    s = run(game, s, [{"type": "pocket", "player": "GREEN", "sweet": green_play[0]}])
    assert green_play[0] in s["areas"]["GREEN"]["locked"] and s["turn"] == "RED"
    # play on until someone's play area is empty: then they pocket from another's play area
    while s["phase"] == "endphase":
        p = s["turn"]
        own = s["areas"][p]["play"]
        if own:
            s = run(game, s, [{"type": "pocket", "player": p, "sweet": own[0]}])
            continue
        donors = [a for a in s["order"] if s["areas"][a]["play"]]
        illegal(game, s, {"type": "pocket", "player": p, "sweet": s["areas"][p]["locked"][0]},
                "not in a play area")
        before = len(s["areas"][p]["locked"])
        sweet = s["areas"][donors[0]]["play"][0]
        s, ev = game.apply(s, game.parse_action({"type": "pocket", "player": p, "sweet": sweet}))
        assert len(s["areas"][p]["locked"]) == before + 1 and f"from {donors[0]}'s play area" in ev[0].text
        break
    while s["phase"] == "endphase":
        p = s["turn"]
        own = s["areas"][p]["play"]
        src = own or next(s["areas"][a]["play"] for a in s["order"] if s["areas"][a]["play"])
        s = run(game, s, [{"type": "pocket", "player": p, "sweet": src[0]}])
    assert s["phase"] == "scoring" and all(not a["play"] for a in s["areas"].values())
    assert sum(len(a["locked"]) for a in s["areas"].values()) == 40


def test_end_phase_withdraw_with_an_empty_play_area():
    game, s = _to_endphase()
    while True:
        p = s["turn"]
        if not s["areas"][p]["play"]:
            break
        s = run(game, s, [{"type": "pocket", "player": p, "sweet": s["areas"][p]["play"][0]}])
    s = run(game, s, [{"type": "withdraw", "player": p}])
    assert s["areas"][p]["withdrawn"] and s["turn"] != p


def test_round_ends_early_when_everyone_withdraws():
    game, s = ready(P3)
    s = run(game, s, [take("RED", "K01"), {"type": "withdraw", "player": "BLUE"},
                      {"type": "withdraw", "player": "GREEN"}, lock("RED")])
    s, events = game.apply(s, game.parse_action({"type": "withdraw", "player": "RED"}))
    assert s["phase"] == "scoring" and len(s["bowls"]) == 39
    assert "everyone has withdrawn" in events[-1].text


# --------------------------------------------------------------------------- two players


def test_two_player_parties_take_turns_a_b_c_d():
    game, s = ready(["RED", "BLUE"])
    assert s["owner"] == {"A": "RED", "B": "BLUE", "C": "BLUE", "D": "RED"}
    s = run(game, s, [take("RED", "K01")])                        # party A
    assert s["turn"] == "B"
    illegal(game, s, take("RED", "L01", "L02"), r"it is party B \(BLUE\)'s turn, not RED's")
    illegal(game, s, take("BLUE", "L01", "L02", party="C"), "it is party B's turn, not party C's")
    s = run(game, s, [take("BLUE", "L01", "L02", party="B")])     # B: 2
    assert s["turn"] == "C"
    # C (BLUE again) steals from its own party B and chooses freely what B pockets
    s, ev = game.apply(s, game.parse_action({"type": "steal", "player": "BLUE", "victim": "B", "pocket": "L02"}))
    assert s["areas"]["B"]["locked"] == ["L02"] and s["areas"]["C"]["play"] == ["L01"]
    assert "party C (BLUE) steals 1 sweet(s) (L01) from party B (BLUE)" in ev[0].text
    assert s["turn"] == "D"
    s = run(game, s, [take("RED", "H01", "H02")])                 # D: C holds 1 -> 2 (0 is no take)
    s = run(game, s, [lock("RED", party="A")])
    s = run(game, s, [{"type": "steal", "player": "RED", "victim": "D", "pocket": "H01"}])   # A steals D
    assert s["areas"]["A"]["play"] == ["H02"] and s["areas"]["D"]["locked"] == ["H01"]
    s = run(game, s, [{"type": "withdraw", "player": "BLUE"}])    # B withdraws
    s = run(game, s, [lock("BLUE", party="C"), take("BLUE", "C01", "C02")])   # C: A holds 1 -> 2
    assert s["turn"] == "D"
