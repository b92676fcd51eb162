"""The one random-game driver (see :mod:`tests.support.contract`), for every game.

A random game is played from the game's own :meth:`~models.engine.Game.legal_actions`
alone: at each step a kind of action among those legal now, then one action of
that kind, both at random (a uniform pick over every action would nearly always
be one of Ghost at Home's thousands of room plays; a kind first plays every
rule). What lies face down needs no simulator of its own: the engine never
knows a hand or a deck's order, so a card turned up from a hidden deck is one
legal action per card it can still be (OpenSpiel's chance outcomes) and the
pick is the draw; what the table never shows is left out as the players would
tell it. Every registered game is in :data:`DRIVERS` with the player
counts of :data:`PLAYERS` (its seats, at its smallest and largest table), read
from the game itself: adding a game needs no edit here. The example games of
docs/adding-a-game.md (``tests/example_game/``) are played by :func:`random_game`
too.

Each game's own table simulator (``tests/games/<code>/``), which keeps real
hands and decks, stays with that game's tests: an independent source of moves
that its ``test_legal_actions.py`` holds the list against.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from models.engine import Action, Game
from models.registry import game_classes, get_game
from tests.support.contract import Driver, Step

LIMIT = 3000        # steps: every game ends long before


def pick(legal: list[Action], rng: random.Random) -> Action:
    """One of ``legal``: a kind (action type) at random, then one of that kind."""
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(a.type, []).append(a)
    return rng.choice(kinds[rng.choice(list(kinds))])


def random_game(game: Game, players: list[str], seed: int) -> Iterator[Step]:
    """A random legal game of ``game``, one action a step, each :func:`pick` ed
    from ``game.legal_actions`` and told as the table tells it
    (:meth:`~models.engine.Game.as_told`: a ghost chosen face down, without its
    value), until it is over (or nothing is legal). A table plays real cards:
    the forms in which the referee records a move no camera saw
    (:attr:`~models.engine.Game.unseen_forms`) are not picked."""
    rng = random.Random(seed)
    state = game.setup(players, {})
    for _ in range(LIMIT):
        legal = [a for a in game.legal_actions(state) if a.type not in game.unseen_forms]
        if game.is_over(state) or not legal:
            return
        action = game.as_told(pick(legal, rng))
        after, _ = game.apply(state, action)
        yield state, [action], after
        state = after


def table_sizes(game: Game) -> list[list[str]]:
    """The players of a random game at the smallest and the largest table: the
    game's first seats (one list when both are the same size)."""
    seats = game.seats() or [f"P{i}" for i in range(1, game.max_players + 1)]
    sizes = sorted({game.min_players, game.max_players})
    return [list(seats[:n]) for n in sizes]


#: every registered game's code -> the driver that plays its random games
DRIVERS: dict[str, Driver] = {cls.code: random_game for cls in game_classes()}
#: every registered game's code -> the tables its random games are played at
PLAYERS: dict[str, list[list[str]]] = {cls.code: table_sizes(get_game(cls.code)) for cls in game_classes()}


def played_to_the_end(game: Game, driver: Callable[..., Iterator[Step]], players: list[str],
                      seed: int) -> dict[str, Any]:
    """The final state of one random legal game played by ``driver`` (asserted over)."""
    *_, (_, _, after) = driver(game, players, seed)
    assert game.is_over(after), f"{game.code} seed {seed}: the driver stopped before the end"
    return after
