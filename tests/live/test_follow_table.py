"""The referee enters what no camera sees; the companion follows the rest.

In every game two moves made before the table settled can leave a table the
camera alone cannot explain (two tie-break kids drawn, which no table says
who drew, a Trick laid face down and the round's Tricks turned up, a ghost and
the answer to it). The page
then asks the referee to enter the first one; the companion reads the camera's
last settled table again from there, as after a gap (it may hold more than one
move), and applies what it shows by itself, journalled as the camera's change,
so the console costs one entry, not two. Ghost at Home records nothing by
itself after a gap (a discard and draw may lie in any): there the move that
follows is offered as the one explanation, one tap to confirm. An undo or a
correction never makes it follow the table.

The games are their documented example scripts (docs/games/), shown to the
session as a perfect camera sees them (``models.table.seen_from_above``).
"""
from __future__ import annotations

import pytest

from companion.examples import PLAYERS, example_moves
from companion.live.session import Session
from models.registry import get_game
from models.table import seen_from_above

#: per game, the first of two moves of its example script that the camera alone
#: cannot explain when both are made before the table settles
PAIRS = {"GLC": 16, "TCG": 1, "GVG": 40, "GAH": 6, "CCR": 67}
#: the games whose search is sure of the second move by itself once the first is entered
FOLLOWED = ("CCR", "GLC", "GVG", "TCG")


def camera(code: str, state: dict) -> object:
    game = get_game(code)
    table = game.table_mm(len(state["players"]))
    return seen_from_above(game.arrange(state, table), table)


def two_moves_unsettled(session: Session, code: str) -> tuple[list[dict], list[dict], int, int]:
    """A game at the first move of its pair, and the table after both moves settled in front of the camera."""
    states, actions = example_moves(code)         # the script's legal moves, the state before and after each
    k = PAIRS[code]
    gid = session.new_game(code, list(PLAYERS[code]), {})
    session.apply(actions[:k])                     # the game so far (no table seen yet: nothing to follow)
    session._on_snapshot(camera(code, states[k + 2]))
    assert session.state == states[k]              # the camera alone could not tell what happened
    assert session.view()["status"] in ("waiting", "out_of_sync")
    return states, actions, k, gid


@pytest.mark.parametrize("code", sorted(PAIRS))
def test_the_move_entered_on_the_console_is_followed_by_what_the_table_shows(code, session):
    states, actions, k, gid = two_moves_unsettled(session, code)
    session.apply(actions[k])
    if code not in FOLLOWED:                       # asked: the move that follows is the one explanation offered
        view = session.view()
        assert view["status"] == "waiting" and len(session.table.choices) == 1
        assert [a.to_json() for a in session.table.choices[0].actions] == [actions[k + 1]]
        session.confirm()
    assert session.state == states[k + 2]
    entries = session.journal.entries(gid)
    assert entries[-2].kind == "action" and entries[-2].note == "referee"
    if code in FOLLOWED:
        assert entries[-1].kind == "action" and "read again" in entries[-1].note
    assert session.view()["status"] in ("applied", "in_sync")


@pytest.mark.parametrize("code", FOLLOWED)
def test_an_undo_does_not_follow_the_table(code, session):
    states, actions, k, _ = two_moves_unsettled(session, code)
    session.apply(actions[k])
    assert session.state == states[k + 2]
    session.undo()                                 # the camera's follow-up taken back
    assert session.state == states[k + 1]          # and not applied again from the same table
    assert session.view()["status"] != "in_sync"


@pytest.mark.parametrize("code", sorted(PAIRS))
def test_a_correction_does_not_follow_the_table(code, session):
    states, actions, k, _ = two_moves_unsettled(session, code)
    session.correct(actions[k])
    assert session.state == states[k + 1]
    assert session.view()["status"] != "in_sync" and not session.table.choices
