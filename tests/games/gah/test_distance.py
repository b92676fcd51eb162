"""``distance`` (models/ghost_at_home/referee.py) is an admissible lower bound:
along random driver games, from a state s_i to the table of a later state s_j
(up to 8 actions on), it never exceeds the number of actions between them, also
when the cards the last action took off the table still lie where they were;
it is 0 on a state's own table; it is not trivially 0 (it grows with the
actions between, and prunes the referee's search); and it is None for tables
no play can lead to."""
from __future__ import annotations

import copy
import random
import statistics

import pytest

from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.gah.driver import table_steps

GAME = get_game("GAH")
SPAN = 8
GAMES = [(players, seed) for players in PLAYERS["GAH"] for seed in (2, 5)]


def states_of(players, seed):
    steps = list(table_steps(GAME, players, seed))
    return [s for s, _, _ in steps] + [steps[-1][2]]


def lingering(before, after):
    """``after``'s table with the cards its last action took off still lying where
    they lay before it (a table the referee accepts as ``after``'s)."""
    table = copy.deepcopy(GAME.expected_table(after))
    was = GAME.expected_table(before)
    for p, floors in was["houses"].items():
        for i, fl in enumerate(floors):
            into = table["houses"][p][i]
            for key in ("rooms", "cats"):
                for side, cards in fl[key].items():
                    into[key][side] += [c for c in cards if c in after["clearing"]]
            into["ghosts"] += [c for c in fl["ghosts"] if c in after["clearing"]]
    assert GAME.same_table(GAME.expected_table(after), table)
    return table


@pytest.mark.parametrize("players,seed", GAMES, ids=[f"{len(p)}p-seed{s}" for p, s in GAMES])
def test_distance_never_overestimates(players, seed):
    states = states_of(players, seed)
    ratios, positive = [], 0
    for j in range(1, len(states)):
        target = GAME.expected_table(states[j])
        tables = [target, lingering(states[j - 1], states[j])] if states[j]["clearing"] else [target]
        assert GAME.distance(states[j], target) == 0
        for i in range(max(0, j - SPAN), j):
            for table in tables:
                d = GAME.distance(states[i], table)
                assert d is not None and d <= j - i, f"step {i} to {j}: distance {d} > {j - i} actions"
            positive += d > 0
            ratios.append(d / (j - i))
    # not trivially 0: most later tables are at least one action away, and far ones further
    assert positive > 0.8 * len(ratios)
    assert statistics.mean(ratios) > 0.25


def test_distance_prunes_the_search():
    """A real prune: from a state k actions (1-3) before a table, the search with
    a bound of k keeps only successors whose distance leaves room (1 + distance
    <= k). The action actually played is always kept (admissible), and most of
    the other legal actions are cut off."""
    rng = random.Random(3)
    steps = list(table_steps(GAME, ["RED", "BLUE", "GREEN", "YELLOW"], 2))
    kept = cut = 0
    for i in range(0, len(steps) - 3, 4):
        state, played, _ = steps[i]
        for k in (1, 2, 3):
            reading = GAME.expected_table(steps[i + k - 1][2])
            after, _ = GAME.apply_all(state, played)
            left = GAME.distance(after, reading)
            assert left is not None and 1 + left <= k          # the way the game went is never cut off
            legal = GAME.legal_actions(state)
            for a in rng.sample(legal, min(30, len(legal))):
                new, _ = GAME.apply(state, a)
                left = GAME.distance(new, reading)
                if left is None or 1 + left > k:
                    cut += 1
                else:
                    kept += 1
    assert cut > 2 * kept, f"the bound cut {cut} of {cut + kept} legal successors"


def test_tables_no_play_leads_to():
    s = GAME.setup(["RED", "BLUE"])
    table = GAME.expected_table(s)
    assert GAME.distance(s, table) == 0
    missing = {**table, "missing": ["RED floor 2"]}
    assert GAME.distance(s, missing) is None
    special = {**table, "strays": ["GAH:SPECIAL:BULB"]}      # a special goes straight to the pile
    assert GAME.distance(s, special) is None
    rooms = {**table, "strays": ["GAH:ROOM:1A", "GAH:ROOM:1B", "GAH:ROOM:1C"]}   # one floor clears 2 rooms
    assert GAME.distance(s, rooms) is None
    # two rooms in each house, a ghost, two lights on: 2 room plays, a ghost, 2 lights
    far = copy.deepcopy(table)
    for p, (a, b) in (("RED", ("GAH:ROOM:1A", "GAH:ROOM:1B")), ("BLUE", ("GAH:ROOM:1C", "GAH:ROOM:1D"))):
        far["houses"][p][0]["rooms"] = {"L": [a], "R": [b]}
        far["houses"][p][0]["light"] = "lit"
    far["houses"]["BLUE"][0]["ghosts"] = ["GAH:GHOST:1"]
    assert GAME.distance(s, far) == 5
