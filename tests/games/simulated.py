"""The seeded stretches of play that scenario tests outside a game's folder were
written against (``tests/live``: a camera gap at steps 63-66 of seed 2...): the
shipped games' own table simulators, which keep real hands and decks, by code.

Any other game, a new one included, is played by the one generic driver
(:func:`tests.contract.drivers.random_game`, from its ``legal_actions``), so
adding a game needs no edit here. Re-recording those scenarios on the generic
driver would let this module go.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from tests.contract.drivers import random_game
from tests.games.ccr.driver import table_steps as ccr
from tests.games.gah.driver import table_steps as gah
from tests.games.glc.bot import table_steps as glc
from tests.games.gvg.gvg_support import table_steps as gvg
from tests.games.tcg.tcg_support import table_steps as tcg

_OWN: dict[str, Callable[..., Iterator[Any]]] = {"CCR": ccr, "GAH": gah, "GLC": glc, "GVG": gvg, "TCG": tcg}


def seeded(code: str) -> Callable[..., Iterator[Any]]:
    """The driver whose seeds the scenarios of ``code`` name: the game's own
    simulator, or the generic driver for a game without one."""
    return _OWN.get(code, random_game)
