"""What players see: net cubes per house, and never a secret."""
import json

from tests.games.gvg.gvg_support import FIVE, GAME, TrueTable, act, run, started, treats_of


def test_each_house_shows_its_net_cubes_in_words():
    state = started(FIVE, houses=[5, 5, 1, 3, 7])
    state, _ = act(state, type="treat", player="RED", house=5, card=treats_of(-2)[0])
    houses = {h["house"]: h for h in GAME.public_view(state)["houses"]}
    assert houses[5]["text"] == "House 5: 2 black"
    assert (houses[5]["orange"], houses[5]["black"], houses[5]["treats"]) == (0, 2, 1)
    assert houses[1]["text"] == "House 1: no cubes"
    state, _ = act(state, type="treat", player="BLUE", house=5, card=treats_of(3)[0])
    houses = {h["house"]: h for h in GAME.public_view(state)["houses"]}
    assert houses[5]["text"] == "House 5: 1 orange"
    assert houses[5]["standees"] == ["RED", "BLUE"]


def test_closed_house_text():
    state = started(FIVE)
    state["closed"]["4"] = {"points": 2, "round": 1}
    houses = {h["house"]: h for h in GAME.public_view(state)["houses"]}
    assert houses[4]["text"] == "House 4: closed (2 VP, Ghouls)"


def test_no_view_ever_holds_a_face_down_trick_or_an_identity():
    table = TrueTable(FIVE, seed=5)
    state = GAME.setup(FIVE)
    saw_reveal = False
    while state["phase"] != "over":
        step = table.next_actions(state)
        state, _ = run(state, step)
        revealed = {t["card"] for s in state["tricks"].values() for t in s if t["card"]}
        hidden_here = {c for stack in table.stacks.values() for c in stack} - revealed
        for view in [GAME.public_view(state)]:
            text = json.dumps(view)
            assert not any(c in text for c in hidden_here)
            if state["phase"] not in ("identities", "over"):
                assert "GVG:ID" not in text and "REPORTER" not in text.replace('"reporter_in_game"', "")
                assert view["identities"] == {}
        houses = GAME.public_view(state)["houses"]
        if state["phase"] == "play":
            assert all(t["trick"] is None for h in houses for t in h["tricks"])
        if state["phase"] == "reveal":
            saw_reveal = True
    assert saw_reveal
    assert set(GAME.public_view(state)["identities"]) == set(FIVE)


def test_prompts_address_the_player_whose_turn_it_is():
    state = started(FIVE)
    prompt = GAME.prompts(state)[0]
    assert prompt.to == "RED"
    assert "move up to 2 spaces" in prompt.text and "House 1" in prompt.text
