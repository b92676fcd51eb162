"""What the players see: the public view and the prompts (the scoreboard is in
scoring.py).

Hands are hidden: the engine never knows which cards a hand holds, only how
many, so no view can show a hand's cards; the discard pile shows its size only
(discards for a fresh draw are secret).
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt, State
from .kit import FLOORS, Kit
from .rules import light_blocker, next_floor, rooms_explored, rooms_of, target_floor


def public_view(kit: Kit, state: State) -> dict[str, Any]:
    houses = {}
    for p, house in state["houses"].items():
        houses[p] = [{"floor": i + 1, "lit": fl["lit"], "rooms": dict(fl["rooms"]), "cats": dict(fl["cats"]),
                      "ghosts": list(fl["ghosts"])} for i, fl in enumerate(house)]
    return {
        "phase": state["phase"],
        "players": list(state["players"]),
        "turn": state["turn"] if state["phase"] != "over" else None,
        "houses": houses,
        "explored": {p: rooms_explored(state, p) for p in state["players"]},
        "hand_counts": dict(state["hands"]),
        "deck": state["deck"],
        "discard_count": state["discard"]["count"],
        "pending": dict(state["pending"]) if state["pending"] else None,
        "escape": ({"player": state["escape"]["player"], "waiting": list(state["escape"]["waiting"])}
                   if state["escape"] else None),
        "winner": state["winner"],
        "clearing": list(state["clearing"]),
    }


def _turn_prompt(state: State) -> Prompt:
    p = state["turn"]
    parts = []
    nf = next_floor(state, p)
    if nf is not None:
        parts.append(f"play room cards (floor {nf} next)")
    victims = [o for o in state["players"] if o != p and target_floor(state, o) is not None]
    if victims:
        parts.append("a ghost on " + " or ".join(f"{o}'s floor {target_floor(state, o)}" for o in victims))
    if any(rooms_of(fl) for fl in state["houses"][p]):
        parts.append("a cat on one of your rooms")
    dark = [f for f in FLOORS if light_blocker(state, p, f) is None]
    if dark:
        parts.append(f"turn on a light (floor {' or '.join(map(str, dark))}: discard 2-3 cards with 5 bulbs)")
    parts.append("a special card")
    parts.append("discard and draw")
    return Prompt(f"{p}'s turn: " + "; ".join(parts) + ".", to=p)


def prompts(kit: Kit, state: State) -> list[Prompt]:
    out: list[Prompt] = []
    if state["clearing"]:
        out.append(Prompt(f"Put {', '.join(state['clearing'])} on the discard pile.", level="todo"))
    if state["phase"] == "over":
        out.append(Prompt(f"{state['winner']} escaped the haunted house and wins!", level="info"))
        return out
    pd = state["pending"]
    if pd:
        fl = state["houses"][pd["player"]][pd["floor"] - 1]
        if not fl["lit"] or len(fl["ghosts"]) >= 2:
            why = ("the light is off" if not fl["lit"] else "two ghosts on a lit floor: the light goes off")
            text = (f"{pd['player']}: {pd['by']}'s ghost is on your floor {pd['floor']} ({why}). Discard a cat from "
                    f"your hand to cancel it (then clear the ghost away), or let it in: put the floor's rooms and "
                    f"the ghost{'s' if len(fl['ghosts']) > 1 else ''} on the discard pile"
                    f"{' and turn the floor card to its dark face' if fl['lit'] else ''}.")
        else:
            text = (f"{pd['player']}: {pd['by']}'s ghost is on your floor {pd['floor']} (the light is on: it would "
                    f"stay). Discard a cat from your hand to cancel it (then clear the ghost away), or let it stay "
                    f"(pass on the console, or just play on).")
        out.append(Prompt(text, to=pd["player"]))
    if state["phase"] == "escape":
        esc = state["escape"]
        x = esc["player"]
        out.append(Prompt(f"{x} is escaping! Waiting for {', '.join(esc['waiting'])}: play a ghost on {x}'s floor "
                          f"{target_floor(state, x)} to stop it, or pass.", level="todo"))
        if not pd:
            for o in esc["waiting"]:
                n = esc["ghosts_left"][o]
                what = "a ghost" if n == 1 else f"up to {n} ghosts"
                out.append(Prompt(f"{o}: play {what} on {x}'s floor {target_floor(state, x)}, or pass "
                                  f"(on the console).", to=o))
        return out
    if not pd:
        out.append(_turn_prompt(state))
    return out




__all__ = ["public_view", "prompts"]
