"""The autonomy bench's count of console taps (``make bench``, section
*autonomy*, :mod:`companion.bench.autonomy`): each tap is counted once, by
what it was for, so the published "where the taps go" table adds up to the
taps a game costs, and a move no camera sees is never counted as one the
referee asked about."""
from __future__ import annotations

import pytest

from companion.bench.autonomy import HIDDEN, TAPS, TOLD, measure


@pytest.mark.parametrize("code", ["GLC", "TCG", "GVG", "GAH", "CCR"])
def test_every_tap_is_counted_once_by_what_it_was_for(code: str) -> None:
    t = measure(code, 3)
    assert set(t.taps_by) <= set(TAPS)
    assert sum(t.taps_by.values()) == t.taps
    assert t.taps_by.get(TOLD, 0) == t.told
    # a move entered as one no camera sees is one: never more than the game had
    assert t.taps_by.get(HIDDEN, 0) <= t.hidden
    assert t.wrong == 0


def test_a_gap_question_is_told_by_what_the_nearest_explanation_gets_wrong() -> None:
    """The bench's breakdown of the questions after a camera gap: the truth
    offered, nothing offered, or what the explanation nearest the truth gets
    wrong (a Ghost at Home deck two cards off is the deck, and only that)."""
    import random
    from types import SimpleNamespace

    from companion.bench.autonomy import NONE_OFFERED, TRUTH_OFFERED, gap_question, public_part, random_game
    from models.registry import get_game

    game = get_game("GAH")
    truth = random_game(game, ["RED", "BLUE"], random.Random(0))[12][1]
    fewer = {**truth, "deck": truth["deck"] + 2, "discard": {**truth["discard"],
                                                            "count": truth["discard"]["count"] - 2}}
    other_turn = {**fewer, "turn": "BLUE" if truth["turn"] == "RED" else "RED"}
    assert gap_question(game, [], truth) == NONE_OFFERED
    assert gap_question(game, [SimpleNamespace(state=other_turn), SimpleNamespace(state=truth)], truth) == \
        TRUTH_OFFERED
    assert gap_question(game, [SimpleNamespace(state=other_turn), SimpleNamespace(state=fewer)], truth) == "deck"
    assert gap_question(game, [SimpleNamespace(state=other_turn)], truth) == "deck, turn"
    # the public part leaves out the numbers no camera sees (the deck), not whose turn it is
    assert public_part(game, fewer) == public_part(game, truth) != public_part(game, other_turn)
