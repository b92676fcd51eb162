"""What the players see: the public view, each player's view, and the prompts.

Nothing in Candy Crave is secret to the engine: the face-down favourites tiles
are not known to it until the rows are laid out at scoring, so the views show
only what lies face up on the table (face-up tiles by their face, not their
set), the sweets, and whose turn it is.
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt, State
from .kit import Kit
from .rules import area_name, describe_phase, reference_area, sets_in_play, turn_choices
from .values import type_value


def public_view(kit: Kit, state: State) -> dict[str, Any]:
    bowls = {t: sum(1 for s in state["bowls"] if kit.type_of(s) == t) for t in kit.types}
    values = {}
    for t in kit.types:
        if t in state["rows"]:
            values[t] = type_value(kit.base_value(state["base"][t]), [kit.face(x) for x in state["rows"][t]])
    return {
        "round": state["round"],
        "phase": state["phase"],
        "phase_text": describe_phase(state),
        "players": list(state["players"]),
        "parties": dict(state["owner"]) if len(state["players"]) == 2 else None,
        "turn": state["turn"],
        "turn_player": state["owner"][state["turn"]] if state["turn"] else None,
        "bowls": bowls,
        "areas": {a: {"owner": state["owner"][a], "play": list(ar["play"]), "locked": list(ar["locked"]),
                      "withdrawn": ar["withdrawn"]} for a, ar in state["areas"].items()},
        "base": {t: kit.base_value(b) for t, b in state["base"].items()},
        "face_up": {t: kit.face(x) for t, x in state["faceup"].items()},
        "rows": {t: [kit.face(x) for x in r] for t, r in state["rows"].items()},
        "values": values,
        "short_take_used": state["short_take_used"],
        "removed": sorted(state["box"]),
        "round_points": _round_points(kit, state),
        "choices": turn_choices(state),
    }


def _round_points(kit: Kit, state: State) -> list[dict[str, int]]:
    from .scoring import round_totals
    return [round_totals(kit, state, r) for r in state["rounds"]]


def prompts(kit: Kit, state: State) -> list[Prompt]:
    phase = state["phase"]
    n = len(state["players"])
    if phase == "base":
        todo = [kit.name(t) for t in kit.types if t not in state["base"]]
        src = "the five tiles set aside after round 1" if state["round"] == 2 else "the ten shuffled base value tiles"
        return [Prompt(f"Draw a base value tile from {src} for each bowl and lay it face up beside the bowl: "
                       f"still {', '.join(todo)}.")]
    if phase == "favourites":
        todo = [kit.name(t) for t in kit.types if t not in state["faceup"]]
        if n >= 4:
            how = "shuffle each stack and turn one of its tiles face up on top"
        else:
            extra = "a fourth" if n == 3 else "a third"
            how = f"shuffle each stack, then shuffle {extra} set and lay one of its tiles face up on each stack"
        return [Prompt(f"Starting at the lollipops, each player lays one favourites tile face down beside each "
                       f"bowl; {how}. Still to turn up: {', '.join(todo)}.")]
    if phase in ("distribute", "endphase"):
        return [_turn_prompt(kit, state)]
    if phase == "scoring":
        k = sets_in_play(n)
        todo = [kit.name(t) for t in kit.types if t not in state["rows"]]
        return [Prompt(f"Round {state['round']} is over. Turn each favourites stack face up and lay its {k} "
                       f"tiles in a row below its base value tile, in stack order, left to right: "
                       f"{', '.join(todo)}.")]
    if phase == "remove":
        due = 2 if n == 2 else 1
        out = []
        for p in state["players"]:
            done = len(state["removed"][p])
            held = sum(len(state["areas"][a]["locked"]) for a in state["order"] if state["owner"][a] == p)
            left = min(due - done, held)
            if left > 0:
                out.append(Prompt(f"{p}: remove {left} of your locked sweets from the game (into the box).", to=p))
        return out
    if phase == "start":
        return [Prompt(f"{' and '.join(state['tied'])} tie with the fewest points: choose who starts round 2 "
                       f"(on the referee console).")]
    if phase == "return":
        starter = state.get("next_start")
        extra = f" {starter} starts round 2."
        if n == 2:
            other = next(p for p in state["players"] if p != starter)
            extra = (f" {starter} starts round 2 and plays parties A and D: dividers A and D in front of "
                     f"{starter}, B and C in front of {other}.")
        return [Prompt("Put every sweet back in its bowl and clear round 1's tiles away." + extra)]
    if phase == "over":
        from .scoring import scoreboard
        board = scoreboard(kit, state)
        best = board.entries[board.winners[0]].total
        who = " and ".join(board.winners)
        return [Prompt(f"Game over: {who} {'win' if len(board.winners) > 1 else 'wins'} with {best} points.",
                       level="info")]
    return []


def _turn_prompt(kit: Kit, state: State) -> Prompt:
    area = state["turn"]
    player = state["owner"][area]
    who = area_name(state, area)
    c = turn_choices(state)
    if state["phase"] == "endphase":
        if c["pocket_own"]:
            return Prompt(f"{who}: the bowls are empty; pocket one sweet from your play area.", to=player)
        others = ", ".join(area_name(state, a) for a in c["pocket_from"])
        return Prompt(f"{who}: your play area is empty; pocket one sweet from another play area ({others}), "
                      f"or withdraw.", to=player)
    if "lock" in c:
        return Prompt(f"{who}: lock the {c['lock']} sweet(s) of your play area behind your divider.", to=player)
    if state["turns"] == 0:
        return Prompt(f"{who} starts: take 1 sweet from any bowl into your play area.", to=player)
    ref = reference_area(state, area)
    parts = []
    if c["take"]:
        parts.append(f"take {' or '.join(map(str, c['take']))} sweets ({area_name(state, ref)}'s play area holds "
                     f"{len(state['areas'][ref]['play'])})")
    if c["short_take"]:
        parts.append(f"once only, take all {c['short_take']} sweets left in the bowls")
    if c["steal"]:
        parts.append("steal the play area of " + " or ".join(
            f"{area_name(state, v)} ({len(state['areas'][v]['play'])})" for v in c["steal"]))
    parts.append("withdraw (tell the referee console)")
    return Prompt(f"{who}: " + "; or ".join(parts) + ".", to=player)
