"""``distance``: a lower bound of the actions from a state to a table, never
more than the truth, zero at the state's own table, None where the table can
never come (and a real prune: mostly more than zero)."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.ccr.driver import table_steps

GAME = get_game("CCR")
GAMES = [(list(p), seed) for p in PLAYERS["CCR"] for seed in (0, 1)] + [(["RED", "BLUE", "GREEN"], 2)]
AHEAD = 8


def states_of(players: list[str], seed: int) -> list[dict[str, Any]]:
    steps = list(table_steps(GAME, players, seed))
    return [steps[0][0]] + [after for _, _, after in steps]


@pytest.fixture(scope="module")
def played() -> list[tuple[list[str], int, list[dict[str, Any]]]]:
    return [(players, seed, states_of(players, seed)) for players, seed in GAMES]


def test_distance_never_overestimates_and_is_zero_at_home(played):
    pairs = positive = exact = 0
    for players, seed, states in played:
        tables = [GAME.expected_table(s) for s in states]
        for i, s in enumerate(states):
            assert GAME.distance(s, tables[i]) == 0, f"{len(players)} players seed {seed} state {i}"
            for j in range(i + 1, min(len(states), i + AHEAD + 1)):
                d = GAME.distance(s, tables[j])
                where = f"{len(players)} players seed {seed}: state {i} ({s['phase']}) to {j}"
                assert d is not None and d <= j - i, f"{where}: {d}"
                pairs += 1
                positive += d > 0
                exact += d == j - i
        r2 = [j for j, s in enumerate(states) if s["round"] == 2]
        for i in range(0, r2[0], 9):               # from round 1 to a table of round 2
            for j in r2[::17]:
                d = GAME.distance(states[i], tables[j])
                assert d is not None and d <= j - i, (len(players), seed, i, j, d)
    # measured: about 9 in 10 pairs get a bound above 0, and 4 in 10 the exact count of actions
    assert positive >= 0.8 * pairs and exact >= 0.25 * pairs, (positive, exact, pairs)


def test_a_table_the_game_has_left_behind_is_unreachable(played):
    players, seed, states = played[-1]
    tables = [GAME.expected_table(s) for s in states]
    unreachable = tried = 0
    for i in range(6, len(states), 3):
        for j in range(i - 6, i):
            if tables[j] != tables[i]:
                tried += 1
                unreachable += GAME.distance(states[i], tables[j]) is None
    assert unreachable >= 0.9 * tried, (unreachable, tried)


def test_what_cannot_be_on_the_table_is_unreachable(played):
    _, _, states = played[0]
    mid = next(s for s in states if s["phase"] == "distribute" and s["turns"] > 3)
    table = GAME.expected_table(mid)
    area, locked = next((a, v["locked"]) for a, v in table["areas"].items() if v["locked"])
    moved = {**table, "areas": {**table["areas"], area: {"play": [*table["areas"][area]["play"], locked[0]],
                                                          "locked": locked[1:]}}}
    assert GAME.distance(mid, moved) is None            # a locked sweet never goes back in play
    assert GAME.distance(mid, {**table, "strays": ["CCR:FAV:1Q"]}) is None
    half_row = {**table, "tiles": {**table["tiles"], "L": [*table["tiles"]["L"], "5Q"]}}
    assert GAME.distance(mid, half_row) is None         # a row is laid whole
    first = states[0]
    later = GAME.expected_table(mid)
    assert GAME.distance(first, later) is not None and GAME.distance(first, later) >= 10   # 5 draws, 5 turn-ups


def test_an_area_still_holding_its_play_area_has_not_had_its_turn():
    """RED must lock C03 before anything else it does, and a steal from RED
    would take C03 away: with C03 still in RED's play area, RED has not
    played, so neither has BLUE after it; and a sweet locked from the bowls
    needs its area's take and a later action."""
    state = next(s for s in states_of(["RED", "BLUE", "GREEN"], 2)
                 if s["phase"] == "distribute" and s["turn"] == "RED" and s["areas"]["RED"]["play"] == ["C03"])
    table = GAME.expected_table(state)
    sweet = sorted(state["bowls"])[0]

    def with_sweet(area: str, side: str) -> dict[str, Any]:
        t = copy.deepcopy(table)
        t["areas"][area][side] = sorted(t["areas"][area][side] + [sweet])
        return t

    assert GAME.distance(state, with_sweet("BLUE", "play")) is None      # BLUE took while C03 waits: RED came first
    assert GAME.distance(state, with_sweet("RED", "play")) is None       # RED took without locking C03
    t = with_sweet("GREEN", "locked")          # GREEN's take (third in turn), then a lock or a steal after it
    assert GAME.distance(state, t) is None     # ... but RED and BLUE came first, and C03 is still in play
    t["areas"]["BLUE"] = {"play": [], "locked": ["K08", "L03"]}
    assert GAME.distance(state, t) is None     # BLUE locked, yet RED, before it, still holds C03 in play
    t["areas"]["RED"] = {"play": [], "locked": ["C03"]}
    assert GAME.distance(state, t) is None     # GREEN took, yet still holds its play area: it locks first
    t["areas"]["GREEN"] = {"play": [], "locked": sorted(["H06", "K02", "L02", sweet])}
    d = GAME.distance(state, t)                # RED's and BLUE's turns, GREEN's lock and take, an action after it
    assert d is not None and d >= 4
