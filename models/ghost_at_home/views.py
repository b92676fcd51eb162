"""What the players see: the public view and the prompts (the scoreboard is in
scoring.py).

Hands are hidden: the engine never knows which cards a hand holds, only how
many, so no view can show a hand's cards; the discard pile shows its size only
(discards for a fresh draw are secret).
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt, State
from ..text import Text, concat, or_list, tr, trn
from .house import deck_doubt, light_blocker, next_floor, rooms_explored, rooms_of, target_floor, untold
from .kit import FLOORS, Kit


def public_view(game: Any, state: State) -> dict[str, Any]:
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
        "deck_doubt": deck_doubt(state),             # the deck may hold this many fewer: lights still untold
        "untold_lights": [{"player": u["player"], "floor": u["floor"]} for u in untold(state)],
        "discard_count": state["discard"]["count"],
        "pending": dict(state["pending"]) if state["pending"] else None,
        "escape": ({"player": state["escape"]["player"], "waiting": list(state["escape"]["waiting"])}
                   if state["escape"] else None),
        "winner": state["winner"],
        "clearing": list(state["clearing"]),
    }


def _turn_prompt(state: State) -> Prompt:
    p = state["turn"]
    parts: list[Text] = []
    nf = next_floor(state, p)
    if nf is not None:
        parts.append(tr("play room cards (floor {floor} next)", floor=nf))
    victims = [o for o in state["players"] if o != p and target_floor(state, o) is not None]
    if victims:
        floors = [tr("{player}'s floor {floor}", player=o, floor=target_floor(state, o)) for o in victims]
        parts.append(tr("a ghost on {floors}", floors=or_list(floors)))
    if any(rooms_of(fl) for fl in state["houses"][p]):
        parts.append(tr("a cat on one of your rooms"))
    dark = [f for f in FLOORS if light_blocker(state, p, f) is None]
    if dark:
        parts.append(tr("turn on a light (floor {floors}: discard 2-3 cards with 5 bulbs)", floors=or_list(dark)))
    parts.append(tr("a special card"))
    parts.append(tr("discard and draw"))
    return Prompt(tr("{player}'s turn: {choices}.", player=p, choices=concat(*parts, sep="; ")), to=p)


def prompts(game: Any, state: State) -> list[Prompt]:
    kit: Kit = game.kit
    out: list[Prompt] = []
    if state["clearing"]:
        cards = kit.listed(state["clearing"])
        out.append(Prompt(tr("Put {cards} on the discard pile.", cards=cards), level="todo"))
    out += [Prompt(tr("Referee: say how {player} paid for the light of floor {floor}, which the camera did not see: "
                      "the Light Bulb card, or which 2-3 cards with 5 lightbulbs were discarded.",
                      player=u["player"], floor=u["floor"]), None, "todo", enter=("light_told",))
            for u in untold(state)]
    if state["phase"] == "over":
        out.append(Prompt(tr("{player} escaped the haunted house and wins!", player=state["winner"]), level="info"))
        return out
    pd = state["pending"]
    if pd:
        fl = state["houses"][pd["player"]][pd["floor"] - 1]
        who = {"player": pd["player"], "by": pd["by"], "floor": pd["floor"]}
        if fl["lit"] and len(fl["ghosts"]) >= 2:
            text = tr("{player}: {by}'s ghost is on your floor {floor} (two ghosts on a lit floor: the light goes "
                      "off). Discard a cat from your hand to cancel it (then clear the ghost away), or let it in: put "
                      "the floor's rooms and the ghosts on the discard pile and turn the floor card to its dark face.",
                      **who)
        elif not fl["lit"] and len(fl["ghosts"]) >= 2:
            text = tr("{player}: {by}'s ghost is on your floor {floor} (the light is off). Discard a cat from your "
                      "hand to cancel it (then clear the ghost away), or let it in: put the floor's rooms and the "
                      "ghosts on the discard pile.", **who)
        elif not fl["lit"]:
            text = tr("{player}: {by}'s ghost is on your floor {floor} (the light is off). Discard a cat from your "
                      "hand to cancel it (then clear the ghost away), or let it in: put the floor's rooms and the "
                      "ghost on the discard pile.", **who)
        else:
            text = tr("{player}: {by}'s ghost is on your floor {floor} (the light is on: it would stay). Discard a "
                      "cat from your hand to cancel it (then clear the ghost away), or let it stay (pass on the "
                      "console, or just play on).", **who)
        out.append(Prompt(text, to=pd["player"]))
    if state["phase"] == "escape":
        esc = state["escape"]
        x = esc["player"]
        out.append(Prompt(tr("{player} is escaping! Waiting for {waiting}: play a ghost on {player}'s floor {floor} "
                             "to stop it, or pass.", player=x, waiting=", ".join(esc["waiting"]),
                             floor=target_floor(state, x)), level="todo"))
        if not pd:
            for o in esc["waiting"]:
                out.append(Prompt(trn("{player}: play a ghost on {escaper}'s floor {floor}, or pass (on the console).",
                                      "{player}: play up to {n} ghosts on {escaper}'s floor {floor}, or pass (on the "
                                      "console).", esc["ghosts_left"][o], player=o, escaper=x,
                                      floor=target_floor(state, x)), to=o, enter=("pass", "ghost")))
        return out
    if not pd:
        out.append(_turn_prompt(state))
    return out




__all__ = ["public_view", "prompts"]
