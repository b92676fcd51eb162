"""A camera gap that holds a round's end: the last cards played, the Tricks
turned up one by one, the round scored and its Tricks cleared away, all while
an arm was over the table. No later table shows which Tricks they were, so the
search cannot explain the table; that does not make it wrong. The referee is
asked to enter the moves (status ``waiting``), and what would restore the
last table seen is a way back, not an order: never "take the VP card off" as
an error. Read from real frames of the simulated table."""
from __future__ import annotations

from tests.games.gvg.gvg_support import GAME, round_one_of_four
from tests.support.table import snapshot_of


def test_a_round_ended_and_cleared_while_the_camera_was_away_is_asked_not_refused():
    actions, states = round_one_of_four()
    before = max(i for i, a in enumerate(actions) if a["type"] != "reveal")     # before the round's last card
    assert states[before]["phase"] == "play"
    assert [a["type"] for a in actions[before:]] == ["trick"] + ["reveal"] * 6
    end = states[-1]
    verdict = GAME.referee(states[before], snapshot_of(GAME.arrange(end)), gap=True)
    assert verdict.status == "waiting" and verdict.state == states[before], [p.text for p in verdict.prompts]
    assert "the round may have ended" in verdict.prompts[0].text
    assert all(p.level != "error" for p in verdict.prompts)

    # the referee enters the moves: the companion is then in sync with the table
    assert GAME.referee(end, snapshot_of(GAME.arrange(end))).status == "in_sync"


def test_without_a_gap_the_same_table_is_still_out_of_sync():
    """Read as one change (no gap the session knew of), a VP card laid and the
    Trick stacks gone mid-round are the players' mistake: put back."""
    actions, states = round_one_of_four()
    before = max(i for i, a in enumerate(actions) if a["type"] != "reveal")
    verdict = GAME.referee(states[before], snapshot_of(GAME.arrange(states[-1])))
    assert verdict.status == "out_of_sync"
