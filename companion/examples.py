"""Each game's example game (``docs/games/<slug>.script.json``), played.

The game pages walk through these scripts; the table plans draw a moment of
them and the referee's benchmark skips through them. Each script shows a
refusal or two on purpose: those moves are left out, as ``companion rules``
reports and skips them::

    game, players, states = example_states("CCR")
    states[10]          # the table after the example's 10th legal move
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from models.engine import IllegalAction
from models.registry import game_classes, get_game

ROOT = Path(__file__).resolve().parents[1]

#: the players each game's example game is played by (each game's
#: ``example_players``), by game code, in the registry's order
PLAYERS: dict[str, tuple[str, ...]] = {cls.code: cls.example_players for cls in game_classes()}


def example_script(code: str) -> list[dict[str, Any]]:
    """The actions of ``code``'s example game as written, refusals included."""
    game = get_game(code)
    script: list[dict[str, Any]] = json.loads(
        (ROOT / "docs" / "games" / f"{game.slug}.script.json").read_text(encoding="utf-8"))
    return script


def example_moves(code: str, moves: int | None = None) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every state of ``code``'s example from the setup on, and the legal moves
    between them (``states[i + 1]`` follows ``moves[i]``; the moves the script
    shows refused are left out): the first ``moves`` legal moves, or all of them."""
    game = get_game(code)
    state = game.setup(list(game.example_players), {})
    states: list[dict[str, Any]] = [state]
    played: list[dict[str, Any]] = []
    for data in example_script(code):
        if moves is not None and len(played) >= moves:
            break
        try:
            state, _ = game.apply(state, game.parse_action(data))
        except IllegalAction:
            continue
        states.append(state)
        played.append(data)
    return states, played


def example_states(code: str, moves: int | None = None) -> tuple[Any, tuple[str, ...], list[dict[str, Any]]]:
    """The game, its example's players and every state of the example from the
    setup on (the first ``moves`` legal moves, or all of them)."""
    game = get_game(code)
    return game, game.example_players, example_moves(code, moves)[0]
