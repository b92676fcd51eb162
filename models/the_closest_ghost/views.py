"""What the players are told: prompts and the public view (the scoreboard is in
scoring.py).

Nothing in The Closest Ghost is hidden, so the public view and each player's view
hold the whole state plus what is worth lighting up: the squares the mover's
avatar may reach, or the ghosts they may choose among.
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt
from .grid import BOARDS, WORD, Area, words
from .rules import avatar_targets, board_candy, ghost_choices, ghost_targets

State = dict[str, Any]


def ghost_prompt(area: Area, state: State, player: str) -> str:
    """"Move the ghost on B2 or C3: both are 2 squares away." and the like."""
    dist, movable, blocked = ghost_choices(area, state, player)
    here = state["avatars"][player]
    if len(movable) == 1:
        g = movable[0]
        text = (f"{player}: move the ghost on {g}, the closest to your avatar on {here} "
                f"({dist} square{'s' if dist != 1 else ''} away), one square: to "
                f"{words(ghost_targets(area, state, g))}.")
    else:
        both = "both are" if len(movable) == 2 else "all are"
        text = (f"{player}: move the ghost on {words(movable)}: {both} {dist} square{'s' if dist != 1 else ''} "
                f"away from your avatar on {here}. You choose which.")
    for g in blocked:
        how = "as close" if area.distance(here, g) == dist else "closer"
        text += f" (The ghost on {g} is {how} but blocked on every side.)"
    return text


def prompts(area: Area, state: State) -> list[Prompt]:
    out = [Prompt(n, None, "info") for n in state["notes"]]
    phase, p = state["phase"], state["turn"]
    if phase == "over":
        out.append(Prompt(state["result"], None, "info"))
        return out
    if phase == "place_ghost":
        out.append(Prompt(f"{p}: place the third ghost on any open square (not on an avatar or a ghost).", p))
        out.append(Prompt("Before that, each player may turn their board (0, 90, 180 or 270 degrees): "
                          "the camera reads it from the board's markers.", None, "info"))
        return out
    if phase == "move":
        here = state["avatars"][p]
        targets = avatar_targets(area, state, p)
        opts = ", ".join(f"{WORD[d]} to {sq}" for sq, d in sorted(targets.items(), key=lambda kv: "URDL".index(kv[1])))
        out.append(Prompt(f"{p}: move your avatar from {here} one square along an arrow: {opts}.", p))
        return out
    out.append(Prompt(ghost_prompt(area, state, p), p))
    return out




def public_view(area: Area, state: State) -> dict[str, Any]:
    view: dict[str, Any] = {
        "players": list(state["players"]),
        "owners": dict(state["owners"]),
        "layout": state["options"]["layout"],
        "rotations": dict(state["rotations"]),
        "phase": state["phase"],
        "turn": state["turn"],
        "avatars": dict(state["avatars"]),
        "ghosts": list(state["ghosts"]),
        "candy": list(state["candy"]),
        "candy_left": {b: board_candy(area, state, b) for b in BOARDS},
        "moves": state["moves"],
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
