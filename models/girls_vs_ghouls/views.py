"""What the players may see: the public view, a player's own view, and prompts.

Nothing here can leak a secret, because the state holds none: identities are
unknown to the companion until they are turned up at the end, and a face-down
Trick is only "a Trick played by RED on turn 7" until the round's reveal.

Each house in the public view carries its net cube value in the players' terms,
so they can check the cubes on the board::

    {"house": 5, "control": "GHOULS", "cubes": -2, "cubes_text": "2 black",
     "text": "House 5: 2 black", "treats": 2, "tricks": [{"by": "RED", "turn": 7, "trick": null}], ...}
"""
from __future__ import annotations

from typing import Any

from ..engine import Prompt
from .kit import TEAM_NAMES, TRICK_NAMES, Board, cubes_text
from .rules import has_reporter


def house_views(board: Board, state: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for h in sorted(state["control"], key=int):
        closed = state["closed"].get(h)
        net = state["cubes"][h]
        if closed:
            text = f"House {h}: closed ({closed['points']} VP, {TEAM_NAMES[state['control'][h]]})"
        else:
            text = f"House {h}: {cubes_text(net)}"
        out.append({
            "house": int(h),
            "control": state["control"][h],
            "closed": bool(closed),
            "vp": closed["points"] if closed else None,
            "cubes": net,
            "cubes_text": cubes_text(net),
            "orange": max(net, 0),
            "black": max(-net, 0),
            "treats": len(state["treats"][h]),
            "tricks": [{"by": t["by"], "turn": t["turn"],
                        "trick": TRICK_NAMES[board.tricks[t["card"]]] if t["card"] else None}
                       for t in state["tricks"][h]],
            "standees": [p for p in state["players"] if state["positions"].get(p) == int(h)],
            "text": text,
        })
    return out


def public_view(board: Board, state: dict[str, Any]) -> dict[str, Any]:
    return {
        "phase": state["phase"],
        "round": state["round"],
        "first_player": state["first"],
        "turn": state["turn"],
        "reporter_in_game": has_reporter(state),
        "houses": house_views(board, state),
        "positions": dict(state["positions"]),
        "hands": {p: dict(h) for p, h in state["hands"].items()},
        "treats_played": {h: [{"by": t["by"], "value": t["value"], "turn": t["turn"]} for t in ts]
                          for h, ts in state["treats"].items() if ts},
        "tie": dict(state["pending"]) if state["pending"] else None,
        "history": [dict(r) for r in state["history"]],
        "identities": {p: board.identities[c] for p, c in state["identities"].items()},
        "chores": list(state["chores"]),
    }


def prompts(board: Board, state: dict[str, Any]) -> list[Prompt]:
    out = [Prompt(c, None, "todo") for c in state["chores"]]
    phase = state["phase"]
    if phase == "setup":
        for p in state["players"]:
            if p not in state["positions"]:
                out.append(Prompt(f"{p}: put your standee on the sidewalk space nearest your seat", p))
    elif phase == "play":
        p = state["turn"]
        here = state["positions"][p]
        hand = state["hands"][p]
        closed = str(here) in state["closed"]
        where = f"House {here}" + (" (closed: move to an open house to play a Treat or Trick)" if closed else "")
        out.append(Prompt(f"{p}: move up to 2 spaces if you like (you began at House {state['turn_start']}), then play "
                          f"one card at the house where you stand, now {where}: a Treat, a Trick, or a discard to Peek "
                          f"({hand['treat']} Treat, {hand['trick']} Trick left)", p))
    elif phase == "reveal":
        for h in sorted(state["tricks"], key=int):
            stack = state["tricks"][h]
            hidden = sum(1 for t in stack if t["card"] is None)
            if hidden:
                nxt = len(stack) - hidden + 1
                out.append(Prompt(f"House {h}: turn up Trick {nxt} of {len(stack)} (bottom first, one at a time)"))
    elif phase == "tiebreak":
        pend = state["pending"]
        what = "flips (turn its tile over)" if pend["step"] == "flip" else "gets the VP card (put it in its Trick slot)"
        out.append(Prompt(f"{state['first']}: {pend['why']}; you hold the First Player Token, so choose which house "
                          f"{what}: {', '.join('House ' + str(h) for h in pend['houses'])}", state["first"]))
    elif phase == "identities":
        for p in state["players"]:
            if p not in state["identities"]:
                out.append(Prompt(f"{p}: turn your identity card face up in front of you", p))
    return out
