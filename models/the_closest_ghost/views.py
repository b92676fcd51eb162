"""What the players are told: prompts and the public view (the scoreboard is in
scoring.py).

Nothing in The Closest Ghost is hidden, so the public view and each player's view
hold the whole state plus what is worth lighting up: the squares the mover's
avatar may reach, or the ghosts they may choose among.
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt
from ..text import concat, or_list, tr, trn
from .grid import BOARDS, WORD, Area
from .rules import avatar_targets, board_candy, ghost_choices, ghost_targets

State = dict[str, Any]


def ghost_prompt(area: Area, state: State, player: str) -> str:
    """"Move the ghost on B2 or C3: both are 2 squares away." and the like."""
    dist, movable, blocked = ghost_choices(area, state, player)
    here = state["avatars"][player]
    n = dist or 0
    if len(movable) == 1:
        g = movable[0]
        text = trn("{player}: move the ghost on {square}, the closest to your avatar on {avatar} "
                   "({n} square away), one square: to {targets}.",
                   "{player}: move the ghost on {square}, the closest to your avatar on {avatar} "
                   "({n} squares away), one square: to {targets}.",
                   n, player=player, square=g, avatar=here,
                   targets=or_list(ghost_targets(area, state, g)) or tr("nothing"))
    elif len(movable) == 2:
        text = trn("{player}: move the ghost on {squares}: both are {n} square away from your avatar on {avatar}. "
                   "You choose which.",
                   "{player}: move the ghost on {squares}: both are {n} squares away from your avatar on {avatar}. "
                   "You choose which.",
                   n, player=player, squares=or_list(movable), avatar=here)
    else:
        text = trn("{player}: move the ghost on {squares}: all are {n} square away from your avatar on {avatar}. "
                   "You choose which.",
                   "{player}: move the ghost on {squares}: all are {n} squares away from your avatar on {avatar}. "
                   "You choose which.",
                   n, player=player, squares=or_list(movable), avatar=here)
    asides = []
    for g in blocked:
        if area.distance(here, g) == dist:
            asides.append(tr("(The ghost on {square} is as close but blocked on every side.)", square=g))
        else:
            asides.append(tr("(The ghost on {square} is closer but blocked on every side.)", square=g))
    return concat(text, *asides, sep=" ") if asides else text


def prompts(game: Any, state: State) -> list[Prompt]:
    area: Area = game.area(state)
    out = [Prompt(n, None, "info") for n in state["notes"]]
    phase, p = state["phase"], state["turn"]
    if phase == "over":
        out.append(Prompt(state["result"], None, "info"))
        return out
    if phase == "place_ghost":
        out.append(Prompt(tr("{player}: place the third ghost on any open square (not on an avatar or a ghost).",
                             player=p), p))
        out.append(Prompt(tr("Before that, each player may turn their board (0, 90, 180 or 270 degrees): "
                             "the camera reads it from the board's markers."), None, "info"))
        return out
    if phase == "move":
        here = state["avatars"][p]
        targets = avatar_targets(area, state, p)
        opts = concat(*(tr("{direction} to {square}", direction=WORD[d], square=sq)
                        for sq, d in sorted(targets.items(), key=lambda kv: "URDL".index(kv[1]))), sep=", ")
        out.append(Prompt(tr("{player}: move your avatar from {square} one square along an arrow: {moves}.",
                             player=p, square=here, moves=opts), p))
        return out
    out.append(Prompt(ghost_prompt(area, state, p), p))
    return out




def public_view(game: Any, state: State) -> dict[str, Any]:
    area: Area = game.area(state)
    view: dict[str, Any] = {
        "players": list(state["players"]),
        "owners": dict(state["owners"]),
        "layout": state["options"]["layout"],
        "rotations": dict(state["rotations"]),
        "phase": state["phase"],
        "turn": state["turn"] if state["phase"] != "over" else None,    # nobody's turn once it is over
        "avatars": dict(state["avatars"]),
        "ghosts": list(state["ghosts"]),
        "candy": list(state["candy"]),
        "candy_left": {b: board_candy(area, state, b) for b in BOARDS},
        "winner": state["winner"],
        "result": state["result"],
        "arrows": {sq: area.arrows(sq) for sq in area.squares()},
        "dots": {b: area.dot(b) for b in BOARDS},
    }
    if state["phase"] == "move":
        view["avatar_targets"] = sorted(avatar_targets(area, state, state["turn"]))
    elif state["phase"] == "ghost":
        dist, movable, _ = ghost_choices(area, state, state["turn"])
        view["movable_ghosts"] = movable
        view["ghost_distance"] = dist
    return view
