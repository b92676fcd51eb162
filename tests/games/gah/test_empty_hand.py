"""A turn that comes to a player holding no card (found by an independent
engine checked against ours, ``gah-empty-hand.case.json``: 4 players; RED ends
a turn with 3 cards, and in the next three turns BLUE, GREEN and YELLOW each
send RED a ghost, which RED cancels with a cat from hand).

    "all players takes turns choosing ONE of the following actions" (each
    needs a card) ... "the player draws back up to 3 cards"

Every action needs a card and the rulebook does not say what then: the game
used to offer RED nothing, and stopped (in about 1 random 4-player game of 9).
The option ``empty_hand`` decides, a guess like every silent rule: ``pass``
(default) = the turn ends at once and RED draws up to 3, as at every turn's
end; ``draw`` = RED draws up to 3 and plays."""
import json
from pathlib import Path

import pytest

from models.engine import IllegalAction
from models.registry import get_game

CASE = json.loads((Path(__file__).parent / "gah-empty-hand.case.json").read_text())


def played(**options):
    game = get_game("GAH")
    state = game.setup(CASE["players"], {**CASE["options"], **options})
    *before, last = CASE["actions"]
    for data in before:
        state, _ = game.apply(state, game.parse_action(data))
    assert state["hands"]["RED"] == 1 and state["turn"] == "YELLOW"    # RED's last cat meets YELLOW's ghost
    state, events = game.apply(state, game.parse_action(last))
    return game, state, events


def test_a_turn_with_no_card_passes_and_the_player_draws_up_to_3():
    game, state, events = played()
    assert state["turn"] == "BLUE"
    assert state["hands"]["RED"] == 3
    said = " ".join(str(e.text) for e in events)
    assert "RED holds no card: the turn passes, and RED draws up to 3 cards" in said
    assert game.legal_actions(state)                         # the game goes on
    assert all(a.player == "BLUE" for a in game.legal_actions(state) if hasattr(a, "player"))


def test_with_draw_the_player_draws_up_to_3_and_plays():
    game, state, events = played(empty_hand="draw")
    assert state["turn"] == "RED"
    assert state["hands"]["RED"] == 3
    assert "RED holds no card: RED draws up to 3 cards and plays" in " ".join(str(e.text) for e in events)
    offered = game.legal_actions(state)
    assert offered and {a.player for a in offered if hasattr(a, "player")} == {"RED"}


def test_the_option_takes_only_its_two_readings():
    game = get_game("GAH")
    with pytest.raises(Exception, match="empty_hand"):
        game.setup(CASE["players"], {"empty_hand": "skip"})
    with pytest.raises(IllegalAction):                      # and a pass is still no move of a turn
        _, state, _ = played()
        game.apply(state, game.parse_action({"type": "pass", "player": "BLUE"}))
