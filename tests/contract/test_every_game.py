"""The contract of every shipped game, over random legal games played from its
own ``legal_actions`` (``tests/contract/drivers.py``; see
:mod:`tests.support.contract` for what is checked after every step).

``COMPANION_CONTRACT_GAMES`` games per game and player count (default 40, the
smallest and the largest table), seeds 0..N-1, so a failure names a seed that
replays it. ``make contract`` plays 1,000 of each.
"""
from __future__ import annotations

import os

import pytest

from models.registry import game_classes, get_game
from tests.contract.drivers import DRIVERS, PLAYERS
from tests.support.contract import check_game

GAMES = int(os.environ.get("COMPANION_CONTRACT_GAMES", "40"))
CASES = [(code, players) for code in sorted(DRIVERS) for players in PLAYERS[code]]


def test_every_shipped_game_has_a_driver_at_its_smallest_and_largest_table():
    assert set(DRIVERS) == {c.code for c in game_classes()}
    for cls in game_classes():
        counts = sorted(len(p) for p in PLAYERS[cls.code])
        assert counts[0] == cls.min_players and counts[-1] == cls.max_players, cls.code


@pytest.mark.parametrize(("code", "players"), CASES, ids=[f"{c}-{len(p)}" for c, p in CASES])
def test_random_legal_games_keep_the_contract(code, players):
    game = get_game(code)
    over = 0
    for seed in range(GAMES):
        report = check_game(game, players, seed, DRIVERS[code], read_every=10)
        assert report.steps > 0
        over += report.over
    # the drivers really play whole games, so the end of the game is checked too
    assert over == GAMES, f"{GAMES - over} of {GAMES} {code} games never reached the end"


def test_the_checks_are_not_blind():
    """A game whose score does not add up, whose apply changes its input, or
    whose public view names a card dealt face down, is caught."""
    from models.engine import Scoreboard, ScoreEntry, ScoreLine
    from tests.support.contract import ContractBroken, secret_names

    base = type(get_game("TCG"))

    class WrongSum(base):     # type: ignore[misc, valid-type]
        def score(self, state):
            return Scoreboard({"RED": ScoreEntry(3, [ScoreLine("a candy", 1)])}, [], False, final=False)

    class Mutates(base):      # type: ignore[misc, valid-type]
        def apply(self, state, action):
            new, events = super().apply(state, action)
            state["notes"].append("changed")
            return new, events

    glc = type(get_game("GLC"))

    class Leaks(glc):         # type: ignore[misc, valid-type]
        def public_view(self, state):
            return {**super().public_view(state), "love": sorted(secret_names(self, state))}

    with pytest.raises(ContractBroken, match="a public output names secret"):
        check_game(Leaks(), ["RED", "BLUE", "GREEN"], 0, DRIVERS["GLC"])
    with pytest.raises(ContractBroken, match="not the sum of its lines"):
        check_game(WrongSum(), ["RED", "BLUE"], 0, DRIVERS["TCG"])
    with pytest.raises(ContractBroken, match="changed the state it was given"):
        check_game(Mutates(), ["RED", "BLUE"], 0, DRIVERS["TCG"])
