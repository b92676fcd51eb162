"""``GirlsVsGhouls.distance`` (models/girls_vs_ghouls/referee.py): a lower bound
of the actions from a state to a table, that never overestimates along random
driver games, is 0 at the state's own table, and prunes for real."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from models.engine import Action
from models.referee import explore
from tests.contract.drivers import PLAYERS
from tests.games.gvg.gvg_support import GAME, started, table_steps
from tests.support.contract import camera_of


def _game(players: list[str], seed: int) -> tuple[list[dict[str, Any]], list[Action]]:
    """Every state of a driver game, one per action, and the actions."""
    states: list[dict[str, Any]] = []
    actions: list[Action] = []
    state = None
    for before, step, _ in table_steps(GAME, players, seed):
        state = before
        for a in step:
            states.append(state)
            actions.append(a)
            state, _ = GAME.apply(state, a)
    assert state is not None
    states.append(state)
    return states, actions


GAMES = {(len(p), seed): _game(list(p), seed) for p in PLAYERS["GVG"] for seed in (0, 1)}


@pytest.mark.parametrize("case", sorted(GAMES))
def test_the_distance_never_overestimates_and_is_zero_at_the_states_own_table(case):
    states, _ = GAMES[case]
    pruned = pairs = 0
    for i, state in enumerate(states):
        assert GAME.distance(state, GAME.expected_table(state)) == 0
        for j in range(i + 1, min(len(states), i + 9)):
            d = GAME.distance(state, GAME.expected_table(states[j]))
            assert d is not None and d <= j - i, f"{case}: states {i} to {j}: {d}"
            pairs += 1
            pruned += d > 0
    assert pruned > 0.7 * pairs          # measured: about 89% of the pairs are not 0


@pytest.mark.parametrize("case", sorted(GAMES))
def test_far_ahead_too_and_the_past_is_mostly_unreachable(case):
    states, _ = GAMES[case]
    rng = random.Random(len(states))
    back = 0
    for _ in range(150):
        i, j = sorted(rng.sample(range(len(states)), 2))
        d = GAME.distance(states[i], GAME.expected_table(states[j]))
        assert d is not None and d <= j - i
        back += GAME.distance(states[j], GAME.expected_table(states[i])) is None
    assert back > 40            # a VP card, a standee gone, a tile turned back...


def test_what_the_bound_counts():
    state = started(["RED", "BLUE", "GREEN", "YELLOW"], houses=[1, 3, 5, 7])
    table = GAME.expected_table(state)
    far = json.loads(json.dumps(table))
    far["standees"]["RED"] = 5                 # 4 spaces from House 1: two moves, on two turns of RED's
    assert GAME.distance(state, far) == 2
    far["standees"]["BLUE"] = 4                # BLUE moves on their turn, after RED's card
    assert GAME.distance(state, far) == 2 + 1 + 1
    scored = json.loads(json.dumps(table))
    scored["houses"]["2"]["vp"] = 1            # round 1's VP card: every card of the round played first
    assert GAME.distance(state, scored) == 4 * 5
    scored["houses"]["4"]["vp"] = 3            # round 3's: two more rounds of 20 cards
    assert GAME.distance(state, scored) == 3 * 4 * 5
    wrong = json.loads(json.dumps(table))
    wrong["houses"]["2"]["vp"] = 7             # no such VP card
    assert GAME.distance(state, wrong) is None
    gone = json.loads(json.dumps(table))
    del gone["standees"]["RED"]                # a standee never leaves the table
    assert GAME.distance(state, gone) is None


def test_the_search_finds_the_same_explanations_with_fewer_states():
    players = list(PLAYERS["GVG"][1])
    states = [before for before, _, _ in table_steps(GAME, players, 4)]
    cls = type(GAME)
    bound = cls.distance
    tried = {True: 0, False: 0}
    # tables three steps on, and tables some steps back that no legal sequence
    # reaches (a Trick stack or a VP card would have to go back): not searched at all
    pairs = [(i, i + 3) for i in range(3, len(states) - 4, 23)]
    back = [(i, j) for i in range(10, len(states), 23) for j in (i - 4, i - 8)
            if GAME.distance(states[i], GAME.expected_table(states[j])) is None]
    assert len(back) >= 3
    for i, j in pairs + back:
        reading = GAME.read(states[i], camera_of(GAME.arrange(states[j])))
        found = explore(GAME, states[i], reading)
        try:
            cls.distance = lambda self, s, r: 0         # type: ignore[method-assign]
            blind = explore(GAME, states[i], reading)
        finally:
            cls.distance = bound                        # type: ignore[method-assign]
        assert [f.state for f in found.fits] == [f.state for f in blind.fits]
        tried[True] += found.nodes
        tried[False] += blind.nodes
    assert tried[True] < tried[False]
