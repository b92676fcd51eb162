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


def test_without_a_gap_the_table_itself_shows_the_round_end_behind_it():
    """Read as one change (no gap the session knew of: the hands were quicker
    than the table settled), the same table still shows that the round's end
    lies behind it: VP cards in the Trick slots of houses that have not scored
    (``Game.shows_a_gap``). It is read as after a gap, asked the same way:
    never an order to take the VP cards off a table that may be right."""
    actions, states = round_one_of_four()
    before = max(i for i, a in enumerate(actions) if a["type"] != "reveal")
    table = snapshot_of(GAME.arrange(states[-1]))
    assert GAME.shows_a_gap(states[before], GAME.read(states[before], table))
    verdict = GAME.referee(states[before], table)
    assert verdict.status == "waiting" and verdict.state == states[before]
    assert "the round may have ended" in verdict.prompts[0].text
    assert all(p.level != "error" for p in verdict.prompts)
    # watched move by move, the round's last Trick read face up as the players leave it: one change explains
    # that table, and it is recorded as one
    last = len(states) - 2
    verdict = GAME.referee(states[last], snapshot_of(GAME.arrange_as_left(states[-1])))
    assert verdict.status == "applied" and [a.type for a in verdict.actions] == ["reveal"]
