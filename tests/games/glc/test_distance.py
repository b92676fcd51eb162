"""``distance`` (models/ghosts_love_candy/referee.py): a lower bound of the actions
from a state to a table, never more than the actions a random driver game took
between them, 0 at the state's own table, None where no play can lead, and
more than 0 often enough to prune the referee's search."""
from __future__ import annotations

import copy
import random

import pytest

from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.glc.bot import table_steps

GAME = get_game("GLC")


def hidden_discard(table: dict) -> dict:
    """The same table with the discard piles showing only their top card (what a
    real pile lets the camera see): a reading ``same_table`` still accepts."""
    t = copy.deepcopy(table)
    t["discard"] = {k: v[-1:] for k, v in t["discard"].items()}
    return t


@pytest.mark.parametrize("players", PLAYERS["GLC"], ids=len)
def test_distance_never_overestimates_and_prunes(players):
    rng = random.Random(len(players))
    pruned = tried = 0
    for seed in (0, 1):
        states = [GAME.setup(list(players), {})] + [after for _, _, after in table_steps(GAME, list(players), seed)]
        tables = [GAME.expected_table(s) for s in states]
        for i, s in enumerate(states):
            assert GAME.distance(s, tables[i]) == 0
            for _ in range(3):
                j = min(len(states) - 1, i + rng.randint(1, 8))
                for table in (tables[j], hidden_discard(tables[j])):
                    d = GAME.distance(s, table)
                    assert d is not None and d <= j - i, f"seed {seed}: {i}->{j} needs {j - i}, bound {d}"
                    tried += 1
                    pruned += d > 0
    # measured: 97-99% of the pairs (1 to 8 actions apart) have a bound above 0
    assert pruned > tried / 3, (pruned, tried)


def test_distance_says_when_no_play_leads_to_the_table():
    players = PLAYERS["GLC"][1]
    steps = list(table_steps(GAME, list(players), 0))
    state = steps[40][0]
    table = GAME.expected_table(state)
    boxed = copy.deepcopy(table)
    boxed["discard"]["ghosts"].append(state["box"][0])             # a ghost back in the box, on the table
    assert GAME.distance(state, boxed) is None
    other = copy.deepcopy(table)                                    # RED's ghost in front of BLUE
    red = next(g for g in state["hands"]["RED"])
    other["seats"]["BLUE"]["ghosts"].append(red)
    assert GAME.distance(state, other) is None
    unread = {**table, "problems": ["two kids lie in slot 1"]}
    assert GAME.distance(state, unread) is None
    # a card from a hand and two from the decks on the table: three actions at least
    later = copy.deepcopy(table)
    later["seats"]["RED"]["ghosts"] = [red]
    later["slots"][0]["candy"].append(state["candy_deck"][0])
    later["discard"]["kids"].append(state["kid_deck"][0])
    assert GAME.distance(state, later) == 3 + sum(1 for p, g in state["revealed"].items() if p == "RED")
