"""What the companion tells the table, phase by phase, in plain words, and what
the public and player views hold."""
import json

from models.registry import get_game
from tests.games.ccr.driver import ready, run
from tests.games.ccr.test_scoring import _withdrawn_round, reveal_all

P3 = ["RED", "BLUE", "GREEN"]


def test_setup_prompts_say_what_to_lay_out():
    game = get_game("CCR")
    s = game.setup(P3)
    assert "still lollipops, hard candies, cookies" in game.prompts(s)[0].text
    s = run(game, s, [{"type": "base", "sweet": t, "tile": x} for t, x in zip("LHKBC", ["1", "2", "3", "6", "7"])])
    text = game.prompts(s)[0].text
    assert "each player lays one favourites tile face down beside each bowl" in text
    assert "shuffle a fourth set and lay one of its tiles face up on each stack" in text


def test_turn_prompts_name_the_player_and_every_choice():
    game, s = ready(P3)
    p = game.prompts(s)[0]
    assert (p.to, p.text) == ("RED", "RED starts: take 1 sweet from any bowl into your play area.")
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]},
                      {"type": "take", "player": "BLUE", "sweets": ["L01", "L02"]},
                      {"type": "take", "player": "GREEN", "sweets": ["C01", "C02", "C03"]}])
    assert game.prompts(s)[0].text == "RED: lock the 1 sweet(s) of your play area behind your divider."
    s = run(game, s, [{"type": "lock", "player": "RED"}])
    assert game.prompts(s)[0].text == ("RED: take 2 or 4 sweets (GREEN's play area holds 3); or steal the play "
                                       "area of BLUE (2) or GREEN (3); or withdraw (tell the referee console).")


def test_between_rounds_prompts_and_the_two_player_divider_swap():
    game, s = _withdrawn_round(["RED", "BLUE"], takes=[("RED", ["L01"]), ("BLUE", ["K01", "K02"])])
    assert "Turn each favourites stack face up and lay its 3 tiles in a row" in game.prompts(s)[0].text
    s = reveal_all(game, s)
    assert [(p.to, p.text) for p in game.prompts(s)] == [
        ("RED", "RED: remove 1 of your locked sweets from the game (into the box)."),
        ("BLUE", "BLUE: remove 2 of your locked sweets from the game (into the box).")]
    s = run(game, s, [{"type": "remove", "player": "RED", "sweet": "L01"},
                      {"type": "remove", "player": "BLUE", "sweet": "K01"},
                      {"type": "remove", "player": "BLUE", "sweet": "K02"}])
    assert game.prompts(s)[0].text.endswith(
        "BLUE starts round 2 and plays parties A and D: dividers A and D in front of BLUE, B and C in front of RED.")


def test_views_show_the_table_and_never_a_face_down_tile():
    game, s = ready(P3)
    s = run(game, s, [{"type": "take", "player": "RED", "sweets": ["K01"]}])
    view = game.public_view(s)
    assert view["bowls"]["K"] == 7 and view["areas"]["RED"]["play"] == ["K01"]
    assert view["face_up"] == {"L": "+3", "H": "+2", "K": "?", "B": "-1", "C": "-2"}
    assert "4P3" not in json.dumps(view)               # faces only, not which set a tile came from
