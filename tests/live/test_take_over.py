"""Starting late: the companion is started (or restarted with no journal) when
a game is already under way, and takes it over as it lies on the table
(``Session.take_over``, the console's "Take over the game as it lies",
``companion run --from-table``). The table is drawn on the simulated table and
read by the real pipeline; the game is followed from its setup by the
referee's search. Nothing wrong is ever applied: the only explanation is
journalled, several wait for the referee's pick, none is refused.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from models.engine import IllegalAction
from models.registry import get_game
from models.table import Placement
from tests.contract.drivers import DRIVERS, PLAYERS
from tests.support.table import snapshot_of

from .tables import source_for
from .test_session import make_session


def key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def played(code: str, players: int, moves: int) -> tuple[list[str], dict[str, Any]]:
    """The players and the true state after the first ``moves`` steps of a seeded game."""
    game = get_game(code)
    who = list(PLAYERS[code][players])
    steps = list(DRIVERS[code](game, who, 0))
    return who, steps[moves - 1][2]


def shown(session: Any, code: str, truth: dict[str, Any]) -> None:
    """The camera settles on the table as the game left it."""
    session._on_snapshot(snapshot_of(get_game(code).arrange(truth)))


@pytest.mark.parametrize("code, players, moves", [
    ("GLC", 0, 20),         # the kids dealt, round 1's candy, the reveals and two haunts
    ("CCR", 0, 10),         # the base values, the favourites and the first turns
])
def test_a_game_under_way_is_taken_over_with_its_moves_inferred(tmp_path, code, players, moves):
    who, truth = played(code, players, moves)
    s = make_session(tmp_path)
    shown(s, code, truth)
    s.take_over(code, who)
    assert key(s.state) == key(truth)
    assert s.view()["status"] == "in_sync"
    entry = s.journal.entries(s.game_id)[-1]
    assert entry.kind == "confirm" and "taken over as it lies" in entry.note
    assert any(e["type"] == "take_over" for e in s.view()["events"])
    s.close()
    again = make_session(tmp_path)                 # the journal replays to the same state
    assert again.resume() and key(again.state) == key(truth)
    again.close()


@pytest.mark.parametrize("code, players, moves, ways", [
    ("TCG", 0, 3, 2),       # the ghost placements: which player laid which
    ("GAH", 1, 5, 1),       # four players' rooms and a ghost: the game never decides alone
    ("GVG", 1, 3, 1),
])
def test_where_the_table_cannot_tell_the_referee_picks(tmp_path, code, players, moves, ways):
    who, truth = played(code, players, moves)
    s = make_session(tmp_path)
    shown(s, code, truth)
    s.take_over(code, who)
    setup = get_game(code).setup(who, get_game(code).resolve_options({}))
    assert key(s.state) == key(setup)                         # nothing applied before the pick
    view = s.referee_view()
    assert view["status"] == "waiting" and len(view["choices"]) == ways
    right = next(i for i, c in enumerate(s._choices, 1) if key(c.state) == key(truth))
    s.confirm(right if ways > 1 else None)
    assert key(s.state) == key(truth)
    s.close()


def test_a_table_nothing_explains_is_refused_and_the_open_game_stays(tmp_path):
    who, truth = played("GLC", 0, 20)
    s = make_session(tmp_path)
    s.new_game("CCR", ["RED", "BLUE"], {})
    before = (s.game_id, key(s.state))
    placements = get_game("GLC").arrange(truth)
    kid = next(p for p in placements if p.payload.startswith("GLC:KID:"))
    seat = next(p for p in placements if p.payload == "TC:SEAT:RED")
    # a kid in RED's stash before any kid was ever scared
    s._on_snapshot(snapshot_of([p for p in placements if p is not kid]
                               + [Placement(kid.payload, seat.x_mm + 60, seat.y_mm - 40, 0.0, size_mm=kid.size_mm)]))
    with pytest.raises(IllegalAction, match="cannot take the game as it lies: no sequence of legal moves"):
        s.take_over("GLC", who)
    assert (s.game_id, key(s.state)) == before
    s.close()


def test_run_from_table_takes_over_at_the_first_settled_table(tmp_path):
    """``companion run --from-table``: no game yet; the first settled table is
    taken over, then refereed on as usual."""
    code = "GLC"
    game = get_game(code)
    who = list(PLAYERS[code][0])
    steps = list(DRIVERS[code](game, who, 0))
    s = make_session(tmp_path)
    s.take_over_when_seen(code, who)
    assert s.engine is None
    s.start(source_for(game.arrange(steps[14][2]), []))
    assert s.wait(60)
    s.stop()
    assert key(s.state) == key(steps[14][2])
    s.close()


@pytest.mark.parametrize("code", ["GLC", "CCR", "TCG", "GAH", "GVG"])
def test_a_take_over_is_never_wrong(code):
    """At a few points of a random game (a perfect camera): the game taken over
    is the truth, or the referee is asked (the truth usually among the
    choices), or it is refused; never another state applied."""
    from tests.support.contract import camera_of
    game = get_game(code)
    steps = list(DRIVERS[code](game, list(PLAYERS[code][0]), 0))
    for n in (2, 5, 12):
        truth = steps[n - 1][2]
        verdict = game.referee(steps[0][0], camera_of(game.arrange(truth)), late=True)
        if verdict.status == "applied":
            assert key(verdict.state) == key(truth), f"{code} after {n} moves"
        else:
            assert key(verdict.state) == key(steps[0][0])
