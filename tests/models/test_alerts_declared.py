"""Each game declares the events the whole table should notice (``Game.alerts``):
every one is an event the game really emits, and every cue is one the buzzer plays."""
from __future__ import annotations

import pytest

from hardware.indicators import BEEPS
from models.registry import game_classes, get_game
from tests.contract.drivers import DRIVERS, PLAYERS

GAMES = sorted(c.code for c in game_classes())


@pytest.mark.parametrize("code", GAMES)
def test_every_alert_is_an_event_the_game_emits_with_a_cue_the_buzzer_plays(code):
    game = get_game(code)
    assert set(game.alerts.values()) <= set(BEEPS)
    emitted: set[str] = set()
    for seed in range(30):                    # random games at the largest table, until each alert came
        for before, step, _ in DRIVERS[code](game, PLAYERS[code][-1], seed):
            emitted |= {e.type for e in game.apply_all(before, step)[1]}
        if set(game.alerts) <= emitted:
            break
    assert set(game.alerts) <= emitted, f"{code} declares alerts it never emits: {set(game.alerts) - emitted}"


def test_the_scare_and_the_escape_are_alerts():
    assert get_game("GLC").alerts == {"scared": "scare"}
    assert get_game("GAH").alerts == {"escape": "escape"}
