"""The case ``gah-cat-defence`` (/work/shared/cases): a 4-player game whose last
action, a ``cat_defence`` by GREEN naming no cat, an independent engine refused
and this one accepted.

The ruling rests on the rulebook's two sentences about a defence and a refill:

    "NOTE: If someone plays a ghost against you, you can even discard a cat from
    your hand to defend immediately, cancelling the ghost!"

    "If the active player's house is NOT fully explored, the player draws back up
    to 3 cards. If the deck runs out of cards, it is reshuffled."

The cat leaves the hand *immediately*, when the ghost arrives; the refill (and a
reshuffle of the discard pile into a new deck, if the deck runs out) comes at
the end of the turn, after it. So when the ghost arrives, a cat that lies on the
table, or that went to the discard pile since the last reshuffle (by name, or
as an earlier unnamed defence), is in no hand. In the script, just before the
last action: CAT:1, 3, 5 and 6 lie in houses, CAT:2 (met GREEN's ghost) and
CAT:4 (met a ghost on YELLOW's floor 2) went to the pile after the last
reshuffle: all six cats are accounted for, and GREEN can hold none. The engine
used to accept the play because the refill that ended BLUE's turn reshuffled
the pile in the same action, and the shared whereabouts check only saw the
state after it. The independent engine is right.
"""
import json
from pathlib import Path

import pytest

from models.engine import IllegalAction
from models.registry import get_game

GAME = get_game("GAH")
SCRIPT = Path(__file__).with_name("gah-cat-defence.script.json")
PLAYERS = ["BLUE", "RED", "GREEN", "YELLOW"]
OPTIONS = {"hole_onto_ghost": True, "lightning_ghost": "discard"}


def replay(actions):
    state = GAME.setup(PLAYERS, OPTIONS)
    for data in actions:
        state, _ = GAME.apply(state, GAME.parse_action(data))
    return state


def test_an_unnamed_cat_defence_is_refused_when_every_cat_is_accounted_for_before_the_refill_reshuffles():
    script = json.loads(SCRIPT.read_text())
    assert script[-1] == {"type": "cat_defence", "player": "GREEN"}
    before = replay(script[:-1])
    # the table and the pile since the last reshuffle hold all six cats
    on_table = sorted(c for h in before["houses"].values() for fl in h for c in fl["cats"].values() if c)
    assert on_table == ["GAH:CAT:1", "GAH:CAT:3", "GAH:CAT:5", "GAH:CAT:6"]
    assert [c for c in before["discard"]["seen"] if c.startswith("GAH:CAT:")] == ["GAH:CAT:2", "GAH:CAT:4"]
    assert not before["discard"].get("unnamed")
    assert before["deck"] == 0      # the refill after the defence would reshuffle the pile
    assert GAME.rules.unknown_cats(before) == 0
    with pytest.raises(IllegalAction) as e:
        GAME.apply(before, GAME.parse_action(script[-1]))
    # two of them lie on the pile: were it shuffled into the deck unseen (a count no camera follows), the
    # players say so on the console
    assert e.value.reason == ("cat_defence: every cat is on the table or on the discard pile: no hand can hold "
                              "one (the pile shuffled into the deck since? count the deck on the console: "
                              "deck_counted, reshuffled)")
    # GREEN can only let the ghost in
    after, events = GAME.apply(before, GAME.parse_action({"type": "pass", "player": "GREEN"}))
    assert "reshuffle" in [ev.type for ev in events]


def test_after_the_reshuffle_the_pile_cats_can_be_drawn_again():
    """The other half of the ruling: once the pile has become the new deck, its
    cats are unknown again, so a later unnamed defence is accepted."""
    script = json.loads(SCRIPT.read_text())
    before = replay(script[:-1])
    state, _ = GAME.apply(before, GAME.parse_action({"type": "pass", "player": "GREEN"}))
    assert not any(c.startswith("GAH:CAT:") for c in state["discard"]["seen"])
    assert GAME.rules.unknown_cats(state) == 2      # CAT:2 and CAT:4, in the new deck


def test_with_every_cat_on_the_table_no_reshuffle_is_offered():
    """All six cats lie in houses: no reshuffle can bring one back to a hand,
    so the refusal of an unnamed defence says only that."""
    s = GAME.setup(["RED", "BLUE"])
    red, blue = s["houses"]["RED"], s["houses"]["BLUE"]
    red[0].update(rooms={"L": "GAH:ROOM:1A", "R": "GAH:ROOM:1B"}, cats={"L": "GAH:CAT:1", "R": "GAH:CAT:2"})
    red[1].update(rooms={"L": "GAH:ROOM:2A", "R": "GAH:ROOM:2B"}, cats={"L": "GAH:CAT:3", "R": "GAH:CAT:4"})
    red[2]["rooms"]["L"] = "GAH:ROOM:3A"
    blue[0].update(rooms={"L": "GAH:ROOM:1C", "R": "GAH:ROOM:1D"}, cats={"L": "GAH:CAT:5", "R": "GAH:CAT:6"})
    s["deck"] -= 13
    s["turn"] = "BLUE"
    s, _ = GAME.apply(s, GAME.parse_action({"type": "ghost", "player": "BLUE", "card": "GAH:GHOST:1",
                                            "target": "RED"}))
    assert s["pending"]["player"] == "RED"
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, GAME.parse_action({"type": "cat_defence", "player": "RED"}))
    assert e.value.reason == "cat_defence: every cat is on the table or on the discard pile: no hand can hold one"
