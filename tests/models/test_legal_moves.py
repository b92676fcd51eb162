"""One legal-move source per game: :meth:`Game.legal_actions`.

Every registered game lists what ``apply`` accepts (each game's own test holds
the list equal to what ``apply`` accepts on random states); here, for every
game alike:

* a game played by picking uniformly among its legal actions alone (chance
  outcomes included: which card is turned up) never meets a refusal, keeps
  its whereabouts, and never gets stuck before its end;
* the referee's search, which tries the game's steps toward a table, tries
  only legal actions: every step the rules accept is made of actions the
  game lists at each state along it.
"""
from __future__ import annotations

import random

import pytest

from models.engine import IllegalAction
from models.registry import game_classes, get_game
from tests.contract.drivers import DRIVERS, PLAYERS

CODES = [cls.code for cls in game_classes()]
#: actions per random game: every shipped game ends long before
LIMIT = 3000


def listed(actions: list) -> set[str]:
    return {repr(sorted(a.to_json().items())) for a in actions}


@pytest.mark.parametrize("code", CODES)
def test_a_game_played_from_its_legal_actions_alone_reaches_its_end(code):
    game = get_game(code)
    for seed, players in enumerate(PLAYERS[code]):
        rng = random.Random(seed)
        state = game.setup(players, game.resolve_options({}))
        for n in range(LIMIT):
            if game.is_over(state):
                break
            actions = game.legal_actions(state)
            assert actions, f"{code} seed {seed}: nothing legal after {n} actions in phase {state.get('phase')}"
            action = rng.choice(actions)
            try:
                state, _ = game.apply(state, action)
            except IllegalAction as e:
                raise AssertionError(f"{code} seed {seed}: listed but refused: {action}: {e.reason}") from None
        assert game.is_over(state), f"{code} seed {seed}: not over after {LIMIT} actions"


@pytest.mark.parametrize("code", CODES)
def test_every_legal_step_the_search_tries_is_made_of_listed_actions(code):
    game = get_game(code)
    steps = list(DRIVERS[code](game, list(PLAYERS[code][0]), 1))
    rng = random.Random(7)
    for _ in range(12):
        i = rng.randrange(0, len(steps) - 4)
        start, end = steps[i][0], steps[i + rng.randint(1, 3)][2]
        reading = game.expected_table(end)
        for step in game.steps(start, reading)[:40]:
            state = start
            for action in step:
                ok = listed(game.legal_actions(state))
                try:
                    after, _ = game.apply(state, action)
                except IllegalAction:
                    break
                assert repr(sorted(action.to_json().items())) in ok, \
                    f"{code}: the search tried {action}, which legal_actions does not list"
                state = after
