"""A camera gap across the end of a round: the round's last cards played
unseen (no Trick to turn up), the next round dealt, and its first cards and a
standee's move. The step-by-step reading stops at the old round's end, and the
table reads the same; the new round's cards no camera sees may lie beyond it.
So the referee asks: found by the autonomy bench on seed 3, where it had
recorded the old round's end with the wrong player to move."""
from __future__ import annotations

import random

from companion.bench.autonomy import random_game
from companion.examples import PLAYERS
from models.registry import get_game
from models.table import seen_from_above

GAME = get_game("GVG")


def camera(state):
    table = GAME.table_mm(len(state["players"]))
    return seen_from_above(GAME.arrange(state, table), table)


def test_a_gap_into_the_next_round_is_asked_not_recorded_as_the_old_rounds_end():
    played = random_game(GAME, list(PLAYERS["GVG"]), random.Random(3001))   # the bench's seed 3, game 1
    states = [s for _, s in played]
    before, after = states[86], states[91]
    # the premise: the gap holds the old round's last two cards and the new round's first moves
    assert (before["round"], after["round"]) == (2, 3) and after["phase"] == "play"
    assert [a.type for a, _ in played[87:92]] == ["peek", "peek", "treat", "peek", "move"]
    verdict = GAME.referee(before, camera(after), gap=True)
    assert verdict.status == "waiting" and verdict.state == before
    # a move the camera saw, read as one change, is still recorded
    one = GAME.referee(states[90], camera(after), gap=False)
    assert one.status == "applied" and one.state == after
