"""What the table should do next, addressed to a player or to everyone."""
from __future__ import annotations

import re

from ..engine import Prompt
from .abilities import pending_text
from .kit import Cards
from .scoring import scoreboard
from .state import State, current_player


def prompts(state: State, cards: Cards) -> list[Prompt]:
    out: list[Prompt] = []
    ph = state["phase"]
    p = state["pending"]
    if p is not None:
        return [Prompt(pending_text(state, cards, p), p.get("player"))]
    m = state["manual"]
    if m is not None:
        kid = cards.kid(m["kid"])
        out.append(Prompt(f"{m['player']}: do what the {kid.name} card says: {kid.text} "
                          "Then the referee confirms it on the console.", m["player"],
                          detail=f"{m['player']}: resolve the {kid.name}'s ability by hand: {kid.text} "
                                 "If nothing moved, press Confirm reading; if something did, record it with "
                                 "a resolve action."))
    if ph == "setup":
        empty = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is None]
        out.append(Prompt(f"Deal kids from the Kid deck face up into the neighbourhood: slot {empty[0]} next "
                          f"({len(empty)} of {state['slot_count']} to deal)"))
    elif ph == "candy":
        todo = [str(i) for i, s in enumerate(state["slots"], 1)
                if s["kid"] is not None and i not in state["candied"]]
        out.append(Prompt(f"Round {state['round']}: place one candy from the Candy deck above each kid "
                          f"(slots {', '.join(todo)} still need one)"))
    elif ph == "choose":
        for pl in state["players"]:
            if pl not in state["revealed"]:
                what = "reveal it" if pl in state["chosen"] else "choose a ghost and place it face down"
                out.append(Prompt(f"{pl}: {what}; everyone reveals together", pl))
    elif ph == "tiebreak":
        for pl in [q for g in state["tie"]["groups"] for q in g]:
            if pl not in state["tie"]["draws"]:
                out.append(Prompt(f"{pl}: tied for turn order: draw a kid from the Kid deck and reveal it", pl))
    elif ph == "turns":
        cur = current_player(state)
        value = cards.ghost_value(state["revealed"][cur])
        out.append(Prompt(f"{cur}: haunt a kid with your {value} (place it on top of the kid's pile, "
                          f"then take its candy)", cur))
    elif ph == "love":
        for pl in state["players"]:
            if pl not in state["love_shown"]:
                out.append(Prompt(f"{pl}: reveal your Love card", pl))
    elif ph == "over":
        board = scoreboard(cards, state)
        top = board.entries[board.winners[0]].total if board.winners else 0
        if board.tie:
            out.append(Prompt(f"Game over: a tie between {', '.join(board.winners)} with {top} points — "
                              f"shout BOO! and play again", level="info"))
        else:
            out.append(Prompt(f"Game over: {board.winners[0]} wins with {top} points", level="info"))
    return out


def hide_love(state: State, cards: Cards, prompts: list[Prompt]) -> list[Prompt]:
    """The prompts with every Love card still secret named only as "a Love card"
    (prompts are public); the full text stays in each prompt's ``detail``, for
    the referee. A Love card revealed at the end is named as it is."""
    shown = set(state.get("love_shown", {}).values())
    secret = [lid for lid in cards.love if lid not in shown]
    if not secret:
        return prompts
    alternatives = "|".join(re.escape(lid) for lid in secret)
    name = re.compile(rf"\bLove card (?:{alternatives})\b")
    out = []
    for p in prompts:
        text = name.sub("a Love card", p.text)
        if text != p.text:
            p = Prompt(text[0].upper() + text[1:], p.to, p.level, detail=p.detail or p.text)
        out.append(p)
    return out
