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
from ..text import concat, tr, trn
from .kit import TEAM_NAMES, TRICK_NAMES, Board, cubes_text
from .rules import ROUNDS, cards_left, has_reporter, untold


def house_views(board: Board, state: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for h in sorted(state["control"], key=int):
        closed = state["closed"].get(h)
        net = state["cubes"][h]
        if closed:
            text = tr("House {house}: closed ({points} VP, {team})", house=int(h), points=closed["points"],
                      team=TEAM_NAMES[state["control"][h]])
        else:
            text = tr("House {house}: {cubes}", house=int(h), cubes=cubes_text(net))
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


def public_view(game: Any, state: dict[str, Any]) -> dict[str, Any]:
    board: Board = game.board
    return {
        "phase": state["phase"],
        "round": state["round"],
        "rounds": ROUNDS,
        "first_player": state["first"],
        "turn": state["turn"],
        "turn_start": state["turn_start"],          # where the turn's standee began (a move is at most 2 from it)
        "reporter_in_game": has_reporter(state),
        "houses": house_views(board, state),
        "positions": dict(state["positions"]),
        "hands": {p: dict(h) for p, h in state["hands"].items()},
        "unseen": untold(state),                     # cards played that no camera saw, still to be told
        "treats_played": {h: [{"by": t["by"], "value": t["value"], "turn": t["turn"]} for t in ts]
                          for h, ts in state["treats"].items() if ts},
        "tie": dict(state["pending"]) if state["pending"] else None,
        "history": [dict(r) for r in state["history"]],
        "identities": {p: board.identities[c] for p, c in state["identities"].items()},
        "chores": list(state["chores"]),
    }


def prompts(game: Any, state: dict[str, Any]) -> list[Prompt]:
    """What the table does next; once the game is over, the scoreboard's notes."""
    out = [Prompt(c, None, "todo") for c in state["chores"]]
    phase = state["phase"]
    if phase == "setup":
        for p in state["players"]:
            if p not in state["positions"]:
                out.append(Prompt(tr("{player}: put your standee on the sidewalk space nearest your seat",
                                     player=p), p))
    elif phase == "play":
        p = state["turn"]
        here = state["positions"][p]
        hand = state["hands"][p]
        # a hand with discards of an unseen deck (a Peek no camera saw, a game taken over) is counted whole
        left = (trn("{n} card left", "{n} cards left", cards_left(hand)) if hand["unknown"] else
                tr("{treats} Treat, {tricks} Trick left", treats=hand["treat"], tricks=hand["trick"]))
        turn = {"player": p, "start": state["turn_start"], "house": here, "left": left}
        if str(here) in state["closed"]:
            text = tr("{player}: move up to 2 spaces if you like (you began at House {start}), then play one card at "
                      "the house where you stand, now House {house} (closed: move to an open house to play a Treat "
                      "or Trick): a Treat, a Trick, or a discard to Peek ({left})", **turn)
        else:
            text = tr("{player}: move up to 2 spaces if you like (you began at House {start}), then play one card at "
                      "the house where you stand, now House {house}: a Treat, a Trick, or a discard to Peek "
                      "({left})", **turn)
        out.append(Prompt(text, p))
    elif phase == "reveal" and not untold(state):
        for h in sorted(state["tricks"], key=int):
            stack = state["tricks"][h]
            hidden = sum(1 for t in stack if t["card"] is None)
            if hidden:
                nxt = len(stack) - hidden + 1
                out.append(Prompt(tr("House {house}: turn up Trick {position} of {total} (bottom first, one at a time)",
                                     house=int(h), position=nxt, total=len(stack))))
    if phase in ("play", "reveal"):
        out += [Prompt(tr("Referee: say what {player} played at House {house} on card turn {turn}, which the camera "
                          "did not see: a Treat (its value), a Trick or a discard to Peek. If {player} played no card, "
                          "Undo: the next card or standee seen was out of turn", **u), None, "todo", enter=("tell",))
                for u in untold(state)]
    if phase == "tiebreak":
        pend = state["pending"]
        houses = concat(*(tr("House {house}", house=h) for h in pend["houses"]), sep=", ")
        if pend["step"] == "flip":
            text = tr("{player}: {why}; you hold the First Player Token, so choose which house flips (turn its tile "
                      "over): {houses}", player=state["first"], why=pend["why"], houses=houses)
        else:
            text = tr("{player}: {why}; you hold the First Player Token, so choose which house gets the VP card (put "
                      "it in its Trick slot): {houses}", player=state["first"], why=pend["why"], houses=houses)
        out.append(Prompt(text, state["first"]))
    elif phase == "identities":
        for p in state["players"]:
            if p not in state["identities"]:
                out.append(Prompt(tr("{player}: turn your identity card face up in front of you", player=p), p))
    elif phase == "over":
        out.extend(Prompt(n, None, "info") for n in game.score(state).notes)
    return out
