"""One random-game driver per shipped game (see :mod:`tests.support.contract`).

Each wraps that game's own table simulator from ``tests/games/<code>/``: it keeps
what lies face down (decks, hands, stacks) the way a real table does, chooses
legal random moves and tells the engine only what the table would show.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from models.engine import Action, Game
from tests.support.contract import Driver, Step

LIMIT = 3000        # steps: every game ends long before


def glc(game: Game, players: list[str], seed: int) -> Iterator[Step]:
    from tests.games.glc.bot import next_action
    rng = random.Random(seed)
    state = game.setup(players, {})
    for _ in range(LIMIT):
        data = next_action(state, rng)
        if data is None:
            return
        action = game.parse_action(data)
        after, _ = game.apply(state, action)
        yield state, [action], after
        state = after


def gvg(game: Game, players: list[str], seed: int) -> Iterator[Step]:
    from tests.games.gvg.gvg_support import TrueTable
    table = TrueTable(players, seed)
    state = game.setup(players, {})
    for _ in range(LIMIT):
        if game.is_over(state):
            return
        step = [game.parse_action(a) for a in table.next_actions(state)]
        after, _ = game.apply_all(state, step)
        yield state, step, after
        state = after


def _until_over(game: Game, state: dict[str, Any], next_action: Callable[[dict[str, Any]], Action],
                play: Callable[[dict[str, Any], Action], tuple[dict[str, Any], Any]]) -> Iterator[Step]:
    """One action a step, chosen by a table simulator, until the game is over."""
    for _ in range(LIMIT):
        if game.is_over(state):
            return
        action = next_action(state)
        after, _ = play(state, action)
        yield state, [action], after
        state = after


def ccr(game: Game, players: list[str], seed: int) -> Iterator[Step]:
    from tests.games.ccr.driver import Table
    state = game.setup(players, {})
    yield from _until_over(game, state, Table(game, state, seed).next_action, game.apply)


def gah(game: Game, players: list[str], seed: int) -> Iterator[Step]:
    from tests.games.gah.driver import Table
    state = game.setup(players, {})
    table = Table(state, seed)
    yield from _until_over(game, state, table.next_action, table.play)   # the simulator follows its own cards


def tcg(game: Game, players: list[str], seed: int) -> Iterator[Step]:
    from tests.games.tcg.test_tcg_properties import legal_actions
    rng = random.Random(seed)
    state = game.setup(players, {})
    for _ in range(LIMIT):
        choices = legal_actions(state)
        if game.is_over(state) or not choices:
            return
        action = game.parse_action(rng.choice(choices))
        after, _ = game.apply(state, action)
        yield state, [action], after
        state = after


class PerGame(dict):  # type: ignore[type-arg]
    """A game code -> this module's entry for it; a registered game without one
    fails the test that needs it, saying what to add (never skipped)."""

    def __missing__(self, code: str) -> Any:
        raise KeyError(f"{code} has no entry in tests/contract/drivers.py: add a driver that plays a random "
                       f"legal game to DRIVERS and its player counts to PLAYERS (docs/adding-a-game.md)")


DRIVERS: dict[str, Driver] = PerGame({"GLC": glc, "GVG": gvg, "CCR": ccr, "GAH": gah, "TCG": tcg})
PLAYERS: dict[str, list[list[str]]] = PerGame({
    "GLC": [["RED", "BLUE", "GREEN"], ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE"]],
    "GVG": [["RED", "BLUE", "GREEN", "YELLOW"], ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE", "WHITE"]],
    "CCR": [["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]],
    "GAH": [["RED", "BLUE"], ["RED", "BLUE", "GREEN", "YELLOW"]],
    "TCG": [["RED", "BLUE"]],
})



def played_to_the_end(game: Game, driver: Callable[..., Iterator[Step]], players: list[str],
                      seed: int) -> dict[str, Any]:
    """The final state of one random legal game played by ``driver`` (asserted over)."""
    *_, (_, _, after) = driver(game, players, seed)
    assert game.is_over(after), f"{game.code} seed {seed}: the driver stopped before the end"
    return after
