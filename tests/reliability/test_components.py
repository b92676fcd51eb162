"""Nothing in two places, nothing that cannot exist: the engine's one check of
where every component is (models/whereabouts.py), seen from each game.

Each test plays the refused action through ``Game.apply`` and checks the reason
a player would read and that the state is unchanged."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from models.catalog import Catalog
from models.engine import IllegalAction
from models.registry import get_game


def refused(game, state, data) -> str:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, game.parse_action(data))
    assert json.dumps(state, sort_keys=True) == before
    return err.value.reason


def play(game, state, *actions):
    for a in actions:
        state, _ = game.apply(state, game.parse_action(a))
    return state


# --------------------------------------------------------------------------- Ghosts Love Candy

GLC = get_game("GLC")


def glc_dealt():
    s = GLC.setup(["RED", "BLUE", "GREEN"])
    for i, k in enumerate([5, 7, 11, 13, 16, 18], 1):
        s = play(GLC, s, {"type": "reveal_kid", "slot": i, "kid": k})
    return s


def test_glc_a_second_love_card_for_the_same_player_is_refused():
    s = play(GLC, glc_dealt(), {"type": "deal_love", "player": "RED", "love": "L5"})
    reason = refused(GLC, s, {"type": "deal_love", "player": "RED", "love": "L2"})
    assert reason == "deal_love: RED already has a Love card"
    assert s["love"] == {"RED": "L5"}


def test_glc_a_love_card_already_dealt_is_refused_without_saying_to_whom():
    s = play(GLC, glc_dealt(), {"type": "deal_love", "player": "RED", "love": "L5"})
    reason = refused(GLC, s, {"type": "deal_love", "player": "BLUE", "love": "L5"})
    assert reason == "deal_love: that Love card is already dealt"
    assert "RED" not in reason and "L5" not in reason


def test_glc_blue_cannot_turn_up_the_love_card_dealt_to_red():
    s = play(GLC, glc_dealt(), {"type": "deal_love", "player": "RED", "love": "L3"})
    s["phase"] = "love"
    reason = refused(GLC, s, {"type": "reveal_love", "player": "BLUE", "love": "L3"})
    assert reason == "reveal_love: that Love card is already dealt"
    s = play(GLC, s, {"type": "reveal_love", "player": "RED", "love": "L3"},
             {"type": "reveal_love", "player": "BLUE", "love": "L1"})
    assert s["love_shown"] == {"RED": "L3", "BLUE": "L1"}


def test_glc_a_candy_already_on_a_kid_cannot_be_placed_again():
    s = play(GLC, glc_dealt(), {"type": "place_candy", "slot": 1, "candy": "CHOC1"})
    reason = refused(GLC, s, {"type": "place_candy", "slot": 2, "candy": "CHOC1"})
    assert "CHOC1" in reason and "slot 1" in reason


# --------------------------------------------------------------------------- Ghost at Home

GAH = get_game("GAH")


def gah_issue_25_state() -> dict:
    """Issue #25: 2 players, defaults. Cat 2 lies in RED's house; cats 1, 3, 4, 5 and 6
    each met a ghost and went to the discard pile by name, with no reshuffle since.
    It is BLUE's turn; RED's highest floor with a room is floor 2 (dark)."""
    s = GAH.setup(["RED", "BLUE"])
    red = s["houses"]["RED"]
    red[0]["rooms"] = {"L": "GAH:ROOM:1A", "R": "GAH:ROOM:1B"}
    red[0]["cats"]["L"] = "GAH:CAT:2"
    red[1]["rooms"]["L"] = "GAH:ROOM:2A"
    seen = []
    for cat, ghost in zip((1, 3, 4, 5, 6), (1, 2, 3, 4, 5)):
        seen += [f"GAH:CAT:{cat}", f"GAH:GHOST:{ghost}"]
    s["discard"] = {"count": len(seen), "seen": seen}
    s["deck"] = 53 - 6 - 4 - len(seen)
    s["turn"] = "BLUE"
    return s


def test_gah_issue_25_an_unnamed_cat_defence_when_no_hand_can_hold_a_cat_is_refused():
    s = play(GAH, gah_issue_25_state(),
             {"type": "ghost", "player": "BLUE", "card": "GHOST:6", "target": "RED"})
    assert s["pending"]["player"] == "RED" and s["pending"]["floor"] == 2
    reason = refused(GAH, s, {"type": "cat_defence", "player": "RED"})
    assert reason.startswith("cat_defence: every cat is on the table or on the discard pile: no hand can hold one")
    assert "discard pile" in refused(GAH, s, {"type": "cat_defence", "player": "RED", "card": "CAT:1"})
    s = play(GAH, s, {"type": "pass", "player": "RED"})     # RED could only pass
    assert s["houses"]["RED"][1]["rooms"] == {"L": None, "R": None}


def test_gah_after_a_reshuffle_an_unnamed_cat_defence_is_accepted_again():
    s = gah_issue_25_state()
    s["discard"]["count"] += s["deck"]       # the deck is empty: BLUE's refill reshuffles the pile
    s["deck"] = 0
    s = play(GAH, s, {"type": "ghost", "player": "BLUE", "card": "GHOST:6", "target": "RED"},
             {"type": "pass", "player": "RED"})
    assert s["discard"]["seen"] == [] and s["deck"] > 0      # reshuffled into a new deck
    s = play(GAH, s, {"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:2B", "floor": 2, "side": "L"}]},
             {"type": "ghost", "player": "BLUE", "card": "GHOST:7", "target": "RED"},
             {"type": "cat_defence", "player": "RED"})
    assert s["pending"] is None and s["houses"]["RED"][1]["ghosts"] == []
    assert s["discard"]["unnamed"] == {"cat": 1}


def test_gah_a_second_unnamed_cat_needs_a_second_unaccounted_cat():
    s = gah_issue_25_state()
    s["discard"]["seen"] = s["discard"]["seen"][2:]      # cat 1 is somewhere unknown again
    s = play(GAH, s, {"type": "ghost", "player": "BLUE", "card": "GHOST:6", "target": "RED"},
             {"type": "cat_defence", "player": "RED"})
    s["turn"], s["hands"]["BLUE"] = "BLUE", 3
    s = play(GAH, s, {"type": "ghost", "player": "BLUE", "card": "GHOST:7", "target": "RED"})
    assert "every cat is" in refused(GAH, s, {"type": "cat_defence", "player": "RED"})


# --------------------------------------------------------------------------- the other games


def with_catalog_file(code: str, tmp_path: Path, name: str, text: str):
    """The game with one catalog file replaced by an override (a user's printing)."""
    cls = type(get_game(code))
    folder = tmp_path / code
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return cls(Catalog.for_game(cls, override_dirs=[tmp_path]))


def test_ccr_a_favourites_tile_face_up_on_one_stack_cannot_be_laid_out_in_another_row():
    game = get_game("CCR")
    s = game.setup(["RED", "BLUE", "GREEN"])
    for t, tile in zip("LHKBC", ("1", "2", "3", "4A", "6")):
        s = play(game, s, {"type": "base", "sweet": t, "tile": tile})
    for t, tile in zip("LHKBC", ("1P3", "1P2", "1Q", "1M1", "1M2")):
        s = play(game, s, {"type": "turn_up", "sweet": t, "tile": tile})
    s = copy.deepcopy(s)
    s["phase"] = "scoring"        # the round is over (how is not the point here)
    reason = refused(game, s, {"type": "reveal", "sweet": "H", "tiles": ["1P2", "2P3", "3P3", "1P3"]})
    assert reason.startswith("reveal: ") and "1P3" in reason and "face up on the lollipops stack" in reason
    assert reason.endswith("so it is in that row, not this one")


def test_gvg_a_trick_played_face_down_when_every_trick_is_elsewhere_is_refused(tmp_path):
    game = with_catalog_file("GVG", tmp_path, "tricks.csv", "payload,name,trick\nGVG:TRICK:01,Flip House,FLIP\n")
    s = game.setup(["RED", "BLUE", "GREEN", "YELLOW"])
    for p, h in zip(["RED", "BLUE", "GREEN", "YELLOW"], [1, 1, 3, 5]):
        s = play(game, s, {"type": "place", "player": p, "house": h})
    s = play(game, s, {"type": "trick", "player": "RED", "house": 1})
    reason = refused(game, s, {"type": "trick", "player": "BLUE", "house": 1})
    assert reason == "trick: every Trick card is face down at a house: no hand can hold one"
    s = play(game, s, {"type": "treat", "player": "BLUE", "house": 1, "card": "GVG:TREAT:01"})


def test_gvg_an_identity_card_turned_up_by_two_players_is_refused():
    game = get_game("GVG")
    s = game.setup(["RED", "BLUE", "GREEN", "YELLOW"])
    s["phase"] = "identities"
    s = play(game, s, {"type": "identity", "player": "RED", "card": "GVG:ID:GIRL1"})
    reason = refused(game, s, {"type": "identity", "player": "BLUE", "card": "GVG:ID:GIRL1"})
    assert "GVG:ID:GIRL1" in reason and "turned up by RED" in reason


def test_tcg_a_third_ghost_that_is_not_in_the_box_cannot_be_placed(tmp_path):
    game = with_catalog_file("TCG", tmp_path, "ghosts.csv",
                             "payload,name,token_mm\nTCG:GHOST:1,Ghost 1,40\nTCG:GHOST:2,Ghost 2,40\n")
    s = game.setup(["RED", "BLUE"])
    reason = refused(game, s, {"type": "place_ghost", "player": "BLUE", "square": "F3"})
    assert reason == "place_ghost: every ghost is on the boards: none is left in the box"
    s = get_game("TCG").apply(s, get_game("TCG").parse_action(
        {"type": "place_ghost", "player": "BLUE", "square": "F3"}))[0]      # three ghosts: fine
    assert len(s["ghosts"]) == 3
