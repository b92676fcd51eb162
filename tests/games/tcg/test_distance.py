"""``distance(state, reading)``: a lower bound of the actions to a table, never
more than the actions really played, None only where no play gets there.

Along random games (the contract driver's, and games under other options), for
every pair of states s_i, s_j up to 8 actions apart, the bound for s_j's table
from s_i is at most j - i; a state's own table is 0 away; and the bound prunes:
most later tables are more than 0 away, and tables no play reaches (a candy put
back, a board turned after play began) are None.
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from tests.contract.drivers import PLAYERS
from tests.games.tcg.tcg_support import GAME, state_with, table_steps
from tests.games.tcg.test_legal_actions import VARIANTS, variant_game


def states_of(steps: list[tuple[dict[str, Any], Any]]) -> list[dict[str, Any]]:
    return [s for s, _ in steps]


def driver_states(players: list[str], seed: int) -> list[dict[str, Any]]:
    steps = list(table_steps(GAME, list(players), seed))
    return [s for s, _, _ in steps] + [steps[-1][2]]


def check_along(states: list[dict[str, Any]]) -> tuple[int, int]:
    """(pairs checked, pairs where the bound is above 0)."""
    pairs = positive = 0
    tables = [GAME.expected_table(s) for s in states]
    for i, s in enumerate(states):
        assert GAME.distance(s, tables[i]) == 0, f"step {i}: its own table is not 0 away"
        for j in range(i + 1, min(i + 9, len(states))):
            d = GAME.distance(s, tables[j])
            assert d is not None, f"step {i} -> {j}: said unreachable, but it was reached"
            assert d <= j - i, f"step {i} -> {j}: bound {d} above the {j - i} actions played"
            pairs += 1
            positive += d > 0
    return pairs, positive


def test_the_bound_never_overestimates_along_the_drivers_games():
    pairs = positive = 0
    for players in PLAYERS["TCG"]:
        for seed in range(4):
            p, q = check_along(driver_states(players, seed))
            pairs, positive = pairs + p, positive + q
    assert positive > 0.9 * pairs, f"only {positive} of {pairs} later tables are more than 0 away"


@pytest.mark.parametrize("options", VARIANTS, ids=["king-wrap-trapped-ghost-next", "6x3-turned-nowrap-block"])
def test_the_bound_never_overestimates_under_other_options(options):
    for seed in (7, 8):
        pairs, positive = check_along(states_of(variant_game(options, seed)))
        assert pairs and positive > 0.8 * pairs


def test_the_bound_counts_what_must_change():
    # RED on B2, BLUE on E2; RED's way to A1 along the arrows: B2 (URD) up to B1, left... B1 is LRD: left to A1
    s = state_with({"RED": "B2", "BLUE": "E2"}, ["A3", "D1", "F3"],
                   candy=["A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3", "D2", "D3", "E1", "E3", "F1", "F2"])
    table = GAME.expected_table(s)
    moved = dict(table, avatars={"RED": "A1", "BLUE": "E2"},
                 candy=[c for c in table["candy"] if c not in ("A1", "B1")])
    assert GAME.distance(s, moved) == 2           # two avatar moves, each took a candy; no ghost moved
    ghost_far = dict(table, ghosts=["A3", "C1", "D1"], candy=[c for c in table["candy"] if c != "C1"])
    assert GAME.distance(s, ghost_far) == 5 + 5          # F3 to C1: 5 ghost steps, each after an avatar move
    due = dict(s, phase="ghost")                         # RED has moved and owes the ghost move: one avatar move fewer
    assert GAME.distance(due, ghost_far) == 5 + 4
    gone = dict(table, candy=table["candy"][4:])        # four pieces gone: four avatar moves at least
    assert GAME.distance(s, gone) == 4
    # only BLUE's avatar elsewhere (E2 to E1: E2 is printed B2, arrows up, right, down), but RED moves first:
    # RED's avatar leaves B2 and must come back, two moves, and BLUE's one took the candy on E1
    blue_moved = dict(table, avatars={"RED": "B2", "BLUE": "E1"}, candy=[c for c in table["candy"] if c != "E1"])
    assert GAME.distance(s, blue_moved) == 3


def test_tables_no_play_reaches_are_none():
    s = driver_states(["RED", "BLUE"], 0)[20]
    table = GAME.expected_table(s)
    missing = [sq for sq in GAME.area(s).squares()
               if sq not in s["candy"] and sq not in s["ghosts"] and sq not in s["avatars"].values()]
    assert missing
    assert GAME.distance(s, dict(table, candy=sorted(table["candy"] + missing[:1]))) is None   # candy never returns
    assert GAME.distance(s, dict(table, boards={"A": 90, "B": table["boards"]["B"]})) is None  # turned too late
    assert GAME.distance(s, dict(table, ghosts=table["ghosts"][:2])) is None                   # a ghost gone
    assert GAME.distance(s, dict(table, avatars={**table["avatars"], "RED": None})) is None    # off the boards
    assert GAME.distance(s, dict(table, unknown=["TCG:CANDY:99"])) is None                     # a stray tag
    ghost = table["ghosts"][0]
    assert GAME.distance(s, dict(table, candy=sorted(table["candy"] + [ghost]))) is None       # seen under a ghost


def test_before_play_a_turned_board_costs_one_turn():
    s = GAME.setup(["RED", "BLUE"], {})
    turned, _ = GAME.apply(s, GAME.parse_action({"type": "turn_board", "board": "B", "rotation": 270}))
    assert GAME.distance(s, GAME.expected_table(turned)) == 1
    placed, _ = GAME.apply(turned, GAME.parse_action({"type": "place_ghost", "player": "BLUE", "square": "C3"}))
    assert GAME.distance(s, GAME.expected_table(placed)) == 2
    assert GAME.distance(placed, GAME.expected_table(s)) is None       # the boards stay as they were turned


def test_the_search_finds_the_same_with_the_bound_as_without():
    """The referee's search pruned by the bound (:func:`models.referee.explore`
    drops a state whose bound exceeds the steps left) finds exactly the
    explanations the unpruned search finds, after trying far fewer states."""
    from models.referee import explore
    from models.the_closest_ghost import TheClosestGhost

    class Blind(TheClosestGhost):
        def distance(self, state: dict[str, Any], reading: dict[str, Any]) -> int | None:
            return 0

    blind = Blind(GAME.catalog, GAME.board)
    rng = random.Random(5)
    states = driver_states(["RED", "BLUE"], 2)
    tried = saved = 0
    for _ in range(6):
        i = rng.randrange(2, len(states) - 5)
        reading = GAME.expected_table(states[i + 4])
        full = explore(blind, states[i], reading, max_depth=4)
        pruned = explore(GAME, states[i], reading, max_depth=4)
        assert sorted(map(str, (f.actions for f in full.fits))) == sorted(map(str, (f.actions for f in pruned.fits)))
        tried, saved = tried + full.nodes, saved + full.nodes - pruned.nodes
    assert saved > tried / 2, f"the bound saved {saved} of {tried} states tried"
