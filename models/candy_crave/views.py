"""What the players see: the public view, each player's view, and the prompts.

Nothing in Candy Crave is secret to the engine: the face-down favourites tiles
are not known to it until the rows are laid out at scoring, so the views show
only what lies face up on the table (face-up tiles by their face, not their
set), the sweets, and whose turn it is.
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt, State
from ..text import and_list, concat, or_list, tr, trn
from .kit import Kit
from .rules import area_name, describe_phase, reference_area, sets_in_play, turn_choices
from .values import type_value


def public_view(game: Any, state: State) -> dict[str, Any]:
    kit: Kit = game.kit
    bowls = {t: sum(1 for s in state["bowls"] if kit.type_of(s) == t) for t in kit.types}
    values = {}
    for t in kit.types:
        if t in state["rows"]:
            values[t] = type_value(kit.base_value(state["base"][t]), [kit.face(x) for x in state["rows"][t]])
    turns = state["phase"] in ("distribute", "endphase")
    return {
        "round": state["round"],
        "phase": state["phase"],
        "phase_text": describe_phase(state),
        "players": list(state["players"]),
        "parties": dict(state["owner"]) if len(state["players"]) == 2 else None,
        "turn": state["turn"],
        "turn_player": state["owner"][state["turn"]] if state["turn"] else None,
        "bowls": bowls,
        # who has withdrawn, and whether the short take is used, while it matters: during the turns (the
        # short take: while the bowls hold sweets); a game taken over later cannot know
        "areas": {a: {"owner": state["owner"][a], "play": list(ar["play"]), "locked": list(ar["locked"]),
                      "withdrawn": ar["withdrawn"] if turns else None} for a, ar in state["areas"].items()},
        "base": {t: kit.base_value(b) for t, b in state["base"].items()},
        # a stack's face-up tile while the stack lies; once laid out, it is one of its row's
        "face_up": {t: kit.face(x) for t, x in state["faceup"].items() if t not in state["rows"]},
        "rows": {t: [kit.face(x) for x in r] for t, r in state["rows"].items()},
        "values": values,
        "short_take_used": state["short_take_used"] if state["phase"] == "distribute" else None,
        "removed": sorted(state["box"]),
        **({"box_unknown": state["hidden_box"]} if state.get("hidden_box") else {}),
        "round_points": _round_points(kit, state),
        "choices": turn_choices(state),
    }


def _round_points(kit: Kit, state: State) -> list[dict[str, int]]:
    from .scoring import round_totals
    return [round_totals(kit, state, r) for r in state["rounds"]]


def prompts(game: Any, state: State) -> list[Prompt]:
    kit: Kit = game.kit
    phase = state["phase"]
    n = len(state["players"])
    if phase == "base":
        todo = concat(*(kit.name(t) for t in kit.types if t not in state["base"]), sep=", ")
        if state["round"] == 2:
            return [Prompt(tr("Draw a base value tile from the five tiles set aside after round 1 for each bowl "
                              "and lay it face up beside the bowl: still {sweets}.", sweets=todo))]
        return [Prompt(tr("Draw a base value tile from the ten shuffled base value tiles for each bowl and lay it "
                          "face up beside the bowl: still {sweets}.", sweets=todo))]
    if phase == "favourites":
        todo = concat(*(kit.name(t) for t in kit.types if t not in state["faceup"]), sep=", ")
        if n >= 4:
            return [Prompt(tr("Starting at the lollipops, each player lays one favourites tile face down beside "
                              "each bowl; shuffle each stack and turn one of its tiles face up on top. Still to "
                              "turn up: {sweets}.", sweets=todo))]
        if n == 3:
            return [Prompt(tr("Starting at the lollipops, each player lays one favourites tile face down beside "
                              "each bowl; shuffle each stack, then shuffle a fourth set and lay one of its tiles "
                              "face up on each stack. Still to turn up: {sweets}.", sweets=todo))]
        return [Prompt(tr("Starting at the lollipops, each player lays one favourites tile face down beside each "
                          "bowl; shuffle each stack, then shuffle a third set and lay one of its tiles face up on "
                          "each stack. Still to turn up: {sweets}.", sweets=todo))]
    if phase in ("distribute", "endphase"):
        return [_turn_prompt(kit, state)]
    if phase == "scoring":
        k = sets_in_play(n)
        todo = concat(*(kit.name(t) for t in kit.types if t not in state["rows"]), sep=", ")
        return [Prompt(tr("Round {round} is over. Turn each favourites stack face up and lay its {k} tiles in a "
                          "row below its base value tile, in stack order, left to right: {sweets}.",
                          round=state["round"], k=k, sweets=todo))]
    if phase == "remove":
        due = 2 if n == 2 else 1
        out = []
        for p in state["players"]:
            done = len(state["removed"][p])
            held = sum(len(state["areas"][a]["locked"]) for a in state["order"] if state["owner"][a] == p)
            left = min(due - done, held)
            if left > 0:
                out.append(Prompt(trn("{player}: remove {n} of your locked sweets from the game (into the box).",
                                      "{player}: remove {n} of your locked sweets from the game (into the box).",
                                      left, player=p), to=p))
        return out
    if phase == "start":
        return [Prompt(tr("{tied} tie with the fewest points: choose who starts round 2 (on the referee console).",
                          tied=and_list(state["tied"])), enter=("choose_start",))]
    if phase == "return":
        starter = state.get("next_start")
        if n == 2:
            other = next(p for p in state["players"] if p != starter)
            return [Prompt(tr("Put every sweet back in its bowl and clear round 1's tiles away. {player} starts "
                              "round 2 and plays parties A and D: dividers A and D in front of {player}, B and C "
                              "in front of {other}.", player=starter, other=other))]
        return [Prompt(tr("Put every sweet back in its bowl and clear round 1's tiles away. {player} starts round 2.",
                          player=starter))]
    if phase == "over":
        from .scoring import scoreboard
        board = scoreboard(game, state)
        best = board.entries[board.winners[0]].total
        if len(board.winners) > 1:
            text = tr("Game over: {winners} win with {points} points.", winners=and_list(board.winners), points=best)
        else:
            text = tr("Game over: {winner} wins with {points} points.", winner=board.winners[0], points=best)
        return [Prompt(text, level="info")]
    return []


def _turn_prompt(kit: Kit, state: State) -> Prompt:
    area = state["turn"]
    player = state["owner"][area]
    who = area_name(state, area)
    c = turn_choices(state)
    if state["phase"] == "endphase":
        if c["pocket_own"]:
            return Prompt(tr("{player}: the bowls are empty; pocket one sweet from your play area.", player=who),
                          to=player)
        others = concat(*(area_name(state, a) for a in c["pocket_from"]), sep=", ")
        return Prompt(tr("{player}: your play area is empty; pocket one sweet from another play area ({others}), "
                         "or withdraw.", player=who, others=others), to=player)
    if "lock" in c:
        return Prompt(trn("{player}: lock the {n} sweet(s) of your play area behind your divider.",
                          "{player}: lock the {n} sweet(s) of your play area behind your divider.",
                          c["lock"], player=who), to=player)
    if state["turns"] == 0:
        return Prompt(tr("{player} starts: take 1 sweet from any bowl into your play area.", player=who), to=player)
    ref = reference_area(state, area)
    parts: list[str] = []
    if c["take"]:
        parts.append(trn("take {sizes} sweets ({other}'s play area holds {held})",
                         "take {sizes} sweets ({other}'s play area holds {held})", max(c["take"]),
                         sizes=or_list([str(k) for k in c["take"]]), other=area_name(state, ref),
                         held=len(state["areas"][ref]["play"])))
    if c["short_take"]:
        parts.append(trn("once only, take all {n} sweets left in the bowls",
                         "once only, take all {n} sweets left in the bowls", c["short_take"]))
    if c["steal"]:
        victims = [tr("{area} ({held})", area=area_name(state, v), held=len(state["areas"][v]["play"]))
                   for v in c["steal"]]
        parts.append(tr("steal the play area of {victims}", victims=or_list(victims)))
    parts.append(tr("withdraw (tell the referee console)"))
    choices = parts[0]
    for part in parts[1:]:
        choices = tr("{choices}; or {choice}", choices=choices, choice=part)
    return Prompt(tr("{player}: {choices}.", player=who, choices=choices), to=player, enter=("withdraw",))
