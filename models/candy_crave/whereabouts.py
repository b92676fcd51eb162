"""Where each Candy Crave component is known to be, for the engine's shared check
(:mod:`models.whereabouts`): sweets in the bowls, in a play area, locked, or
removed from the game; base value tiles drawn this round or spent in round 1;
favourites tiles face up on a stack or laid out in a row. The face-down
favourites stacks and the unused tiles are unknown.
"""
from __future__ import annotations

from typing import Any

from ..engine import State
from ..text import tr
from ..whereabouts import Whereabouts
from .kit import Kit
from .rules import area_name


def whereabouts(game: Any, state: State) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts()
    kit: Kit = game.kit
    w.place_all((f"CCR:SWEET:{s}" for s in state["bowls"]),
                tr("in the bowls or the box") if state.get("hidden_box") else tr("in the bowls"))
    w.place_all((f"CCR:SWEET:{s}" for s in state["box"]), tr("removed from the game"))
    for a, area in state["areas"].items():
        name = area_name(state, a)
        w.place_all((f"CCR:SWEET:{s}" for s in area["play"]), tr("in {area}'s play area", area=name),
                    tr("in a play area"))
        w.place_all((f"CCR:SWEET:{s}" for s in area["locked"]), tr("locked by {area}", area=name), tr("locked"))
    for t, tile in state["base"].items():
        w.place(f"CCR:BASE:{tile}", tr("at the {sweets}", sweets=kit.name(t)), tr("drawn this round"))
    w.place_all((f"CCR:BASE:{t}" for t in state["base_spent"]), tr("back in the box (used in round 1)"))
    for t, tile in state["faceup"].items():
        if tile not in state["rows"].get(t, ()):
            w.place(f"CCR:FAV:{tile}", tr("face up on the {sweets} stack", sweets=kit.name(t)),
                    tr("face up on a stack"))
    for t, row in state["rows"].items():
        w.place_all((f"CCR:FAV:{x}" for x in row), tr("in the {sweets} row", sweets=kit.name(t)), tr("in a row"))
    return w
