"""What each audience may see.

The public view (the big screen, the web page, the journal's public log) never
holds hidden information: hands are counts, a face-down ghost is only "chosen",
Love cards appear only once revealed. Nor does it hold history the table does
not show and no rule reads (the order ghosts went to the discard, the order in
which the players who already haunted this round played): a game taken over
from its table has the same public view as the game followed from its start.
"""
from __future__ import annotations

from typing import Any

from .abilities import pending_text
from .kit import Cards
from .prompts import prompts as prompts  # the views' prompts, the longer part, have their own module
from .state import State, current_player, ghost_total


def public_view(game: Any, state: State) -> dict[str, Any]:
    cards: Cards = game.cards
    slots = []
    for i, s in enumerate(state["slots"], 1):
        kid = cards.kid(s["kid"]) if s["kid"] is not None else None
        slots.append({
            "slot": i,
            "kid": None if kid is None else {"number": kid.number, "name": kid.name, "courage": kid.courage,
                                             "ability": kid.ability, "text": kid.text},
            "candy": list(s["candy"]), "ghosts": list(s["ghosts"]),
            "total": ghost_total(state, cards, s),
        })
    pending = state["pending"]
    return {
        "game": "GLC", "players": list(state["players"]), "colours": dict(state["colours"]),
        "round": state["round"], "rounds": state["rounds"], "last_round": state["last_round"],
        # the turn order from the current player on, and who already haunted this round (in seat
        # order: the order they played in is history no table shows, and no rule reads)
        "phase": state["phase"], "current": current_player(state), "order": list(state["order"][state["turn"]:]),
        "haunted": [p for p in state["players"] if p in state["order"][:state["turn"]]],
        "slots": slots,
        "stashes": {p: {"candy": list(st["candy"]), "kids": list(st["kids"])} for p, st in state["stashes"].items()},
        "revealed": dict(state["revealed"]),
        "chosen": sorted(state["chosen"]),
        "hand_sizes": {p: len(h) for p, h in state["hands"].items()},
        "kid_deck": len(state["kid_deck"]), "candy_deck": len(state["candy_deck"]),
        "discard": {k: sorted(v) for k, v in state["discard"].items()},     # a pile spread: no order
        "tie": None if state["tie"] is None else {"groups": [list(g) for g in state["tie"]["groups"]],
                                                  "draws": dict(state["tie"]["draws"])},
        "pending": None if pending is None else {**pending, "text": pending_text(state, cards, pending)},
        "manual": None if state["manual"] is None else dict(state["manual"]),
        "love_shown": dict(state["love_shown"]),
        # each shown Love card by the candy type it loves most (its favourite, read from the catalog)
        "love_favourite": {p: cards.love_favourite(c) for p, c in state["love_shown"].items() if c in cards.love},
    }


