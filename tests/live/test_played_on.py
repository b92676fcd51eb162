"""A question left open while the players play on, in every game.

After a camera gap the session knew of, the referee may find several ways the
game went and wait for the console's pick. Nobody picks: the players make their
next move and the table settles again. The referee reads that table on from
each explanation it offered (``Game.referee_on``): where only one leads on to
it and the game applies such jumps, that one is applied with the move, nothing
asked (The Closest Ghost, Ghosts Love Candy, Candy Crave); otherwise the
question stays. It never reads the table as one change from the state before
the gap, which forgets the gap: the contrast each case asserts where that
reading recorded a wrong state (The Closest Ghost: the wrong player's turn;
Girls vs Ghouls: a round of cards the camera never saw). Nor does a gap the
referee could not explain close by itself: the tables after it are read as
after a gap until one is caught up.

The tables are drawn on the simulated table and read by the real pipeline;
each case is a stretch of a seeded game (the drivers the other scenario tests
name) and checks that it is what it says.
"""
from __future__ import annotations

from typing import Any

import pytest

from companion.bench.autonomy import recorded_wrongly
from companion.live.session import Session
from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.simulated import seeded
from tests.support.table import snapshot_of

#: per game: the seed, the step before the gap, how many steps the gap hides, what the referee does with the
#: next move's table ("caught up" or "asked"), and whether reading that table as one change from the state
#: before the gap (what the session did before) records a wrong state
CASES: dict[str, tuple[int, int, int, str, bool]] = {
    "TCG": (2, 108, 5, "caught up", True),
    "GLC": (0, 51, 4, "caught up", False),
    "CCR": (0, 45, 6, "asked", False),
    "GVG": (1, 3, 4, "asked", True),
    "GAH": (0, 3, 3, "asked", False),
}


def seeded_game(code: str, seed: int) -> tuple[Any, list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """The states of a seeded game (the setup first) and each step's actions as JSON."""
    game = get_game(code)
    steps = list(seeded(code)(game, list(PLAYERS[code][0]), seed))
    return game, [steps[0][0]] + [after for _, _, after in steps], [[a.to_json() for a in acts]
                                                                    for _, acts, _ in steps]


def the_table(game: Any, state: dict[str, Any]) -> Any:
    table = game.table_mm(len(state["players"]))
    return snapshot_of(game.arrange(state, table), table)


def after_a_gap(session: Session, code: str, seed: int, first: int,
                skipped: int) -> tuple[Any, list[dict[str, Any]], int, int]:
    """A seeded game watched up to step ``first``, then ``skipped`` steps under an
    arm (a gap the session knows of): the referee waits, nothing applied. The
    game, its states, the step the gap ends at and the game's journal id."""
    game, states, steps = seeded_game(code, seed)
    gid = session.new_game(code, list(states[0]["players"]), {})
    session.apply([a for step in steps[:first] for a in step])
    assert session.state == states[first]
    session._on_snapshot(the_table(game, states[first]))
    assert session.view()["status"] == "in_sync"
    session._on_snapshot(the_table(game, states[first + skipped]), gap=True)
    assert session.state == states[first]
    assert session.view()["status"] == "waiting"
    return game, states, first + skipped, gid


@pytest.mark.parametrize("code", sorted(CASES))
def test_a_question_left_open_is_read_on_from_the_explanations_offered(code, session):
    seed, first, skipped, outcome, contrast = CASES[code]
    game, states, j, gid = after_a_gap(session, code, seed, first, skipped)
    assert session.table.choices
    entries = len(session.journal.entries(gid))
    offered = {repr(c.actions) for c in session.table.choices}
    nxt = states[j + 1]
    assert not game.same_table(game.expected_table(nxt), game.expected_table(states[j])), "the move leaves a trace"
    table = the_table(game, nxt)
    session._on_snapshot(table)
    if outcome == "caught up":
        assert session.state == nxt
        assert session.view()["status"] == "applied"
        assert len(session.journal.entries(gid)) == entries + 1
    else:
        assert session.state == states[first]
        assert session.view()["status"] == "waiting" and session.table.choices
        assert len(session.journal.entries(gid)) == entries
        # each offered now is one offered before, led on to this table
        assert all(any(repr(c.actions).startswith(o[:-1]) for o in offered) for c in session.table.choices)
    one_change = game.referee(states[first], table)      # the reading before: the gap forgotten
    wrong = one_change.status == "applied" and recorded_wrongly(game, one_change.state, states, first, j + 1)
    assert wrong == contrast


def test_what_leads_on_from_a_search_that_stopped_at_its_bound_is_offered_and_picked(session):
    """Candy Crave, five moves under an arm (takes and locks): the search
    stopped at its bound with one explanation, so it was asked. BLUE's next
    take leads on from it: offered again, the gap and the take in one pick,
    which lands on the game as it went; never applied by itself (the search
    may not have found all). Searched again from the state before the gap,
    the longer gap runs out of moves with nothing to offer (the console would
    have entered every move: asserted as the contrast)."""
    first = 90
    game, states, j, _ = after_a_gap(session, "CCR", 0, first, 5)
    assert len(session.table.choices) == 1
    assert not session.table.choices_complete
    nxt = j + 1
    table = the_table(game, states[nxt])
    session._on_snapshot(table)
    assert session.state == states[first] and session.view()["status"] == "waiting"
    true = [n for n, c in enumerate(session.table.choices, 1) if c.state == states[nxt]]
    assert true, "the truth is among the explanations offered"
    session.confirm(true[0])
    assert session.state == states[nxt]
    assert session.view()["status"] in ("applied", "in_sync")
    assert not game.referee(states[first], table, gap=True).choices


def test_a_gap_the_referee_could_not_explain_stays_open_for_the_next_table(session):
    """Girls vs Ghouls, six moves under an arm that no sequence the search
    tries explains (the referee is asked to enter them), then the next move:
    its table is read as after a gap too, so nothing is recorded by itself;
    read as one change from the state before the gap it would be recorded
    wrongly (asserted as the contrast)."""
    first = 31
    game, states, j, _ = after_a_gap(session, "GVG", 1, first, 6)
    assert not session.table.choices
    nxt = j + 1
    table = the_table(game, states[nxt])
    session._on_snapshot(table)
    assert session.state == states[first]
    assert session.view()["status"] == "waiting"
    one_change = game.referee(states[first], table)
    assert one_change.status == "applied" and recorded_wrongly(game, one_change.state, states, first, nxt)
