"""Every action the Ghosts Love Candy rules accept in a state (``Game.legal_actions``).

The list is generated from the state, with the rules' own checks, and holds:

* the players' moves: a reveal per ghost in hand, a haunt per kid (the PIRATE's
  ``take_from`` per other kid), an ability's choice per candy, ghost, kid or
  player it may name, a ``skip`` where the ability says "may";
* what the table tells the engine, one action per card it can still be
  (OpenSpiel's chance outcomes): a kid revealed from the Kid deck (from the
  discard once the deck has run out: the reshuffle), a candy placed from the
  Candy deck, a kid drawn for a tie-break;
* the optional, secret actions in every form the rules accept: ``choose``
  without a value first (a ghost face down is what the table shows), then with
  each value in hand; ``deal_love`` per player without a Love card and per card
  not dealt yet; ``resolve`` with nothing moved (the moves of a hand resolution
  are whatever the table did: the referee reads them, they are not listed).

Likeliest first: the step the table is on (the first slot still to fill, the
first player still to reveal), then the rest; ``deal_love`` (rarely used) last.

Cost: no ``apply`` is called; the list is at most a few hundred actions (Place
Candy in round 1 with 8 kids: 8 slots x 48 candies), usually a few dozen.
"""
from __future__ import annotations

from typing import Any

from ..engine import Action
from . import actions as A
from .abilities import OPTIONAL, ghost_id
from .kit import Cards
from .rules import NOTHING_MOVED, PHASES
from .state import State, current_player, kid_source, owner_of_ghost


def legal_actions(game: Any, state: State) -> list[Action]:
    """Every action ``apply`` accepts in ``state`` (see the module doc)."""
    cards: Cards = game.cards
    phase = state["phase"]
    if phase == "over":
        return []
    out: list[Action] = _pending(state, cards) if state["pending"] is not None else _phase(state, cards)
    out += _deal_love(state, cards)
    allowed = PHASES.get(phase, ())
    return [a for a in out if isinstance(a, allowed)]


def _pending(state: State, cards: Cards) -> list[Action]:
    p = state["pending"]
    kind, who = p["kind"], p.get("player")
    if kind == "reveal_kid":
        return [A.RevealKid(p["slot"], k) for k in kid_source(state)]
    if kind == "werewolf":
        return [A.WerewolfPay(who, c) for c in state["stashes"][who]["candy"]]
    if kind == "vampire":
        return [A.VampireGive(who, c) for c in state["stashes"][who]["candy"]]
    out: list[Action] = []
    if kind == "skeleton":
        own = sorted(cards.ghost_value(g) for g in state["discard"]["ghosts"] if owner_of_ghost(state, g) == who)
        hand = sorted(cards.ghost_value(g) for g in state["hands"][who])
        out += [A.SkeletonSwap(who, give, take) for take in own for give in hand]
    elif kind == "ninja":
        top_only = state["options"].get("ninja_moves") == "top"
        for src, s in enumerate(state["slots"], 1):
            movable = s["ghosts"][-1:] if top_only else s["ghosts"]
            for g in reversed(movable):          # the top ghost first
                out += [A.NinjaMove(who, g, to) for to, d in enumerate(state["slots"], 1)
                        if to != src and d["kid"] is not None]
    elif kind == "move_scared_kid":
        for holder, st in state["stashes"].items():
            out += [A.MoveScaredKid(who, k, to) for k in st["kids"] for to in state["players"] if to != holder]
    elif kind == "black_cat":
        out += [A.PlaceBlackCat(who, to) for to in [p["holder"]] + [q for q in state["players"] if q != p["holder"]]]
    if kind in OPTIONAL:
        out.append(A.Skip(who))
    return out


def _phase(state: State, cards: Cards) -> list[Action]:
    phase = state["phase"]
    out: list[Action] = []
    if phase == "setup":
        empty = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is None]
        out = [A.RevealKid(i, k) for i in empty for k in sorted(state["kid_deck"])]
    elif phase == "candy":
        todo = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None and i not in state["candied"]]
        out = [A.PlaceCandy(i, c) for i in todo for c in sorted(state["candy_deck"])]
    elif phase == "choose":
        for p in state["players"]:
            if p in state["revealed"]:
                continue
            hand = sorted(cards.ghost_value(g) for g in state["hands"][p])
            secret = state["chosen"].get(p, "?")
            out += [A.Reveal(p, v) for v in hand if secret in ("?", ghost_id(state, p, v))]
        for p in state["players"]:
            if p not in state["revealed"]:
                out += [A.Choose(p)] + [A.Choose(p, cards.ghost_value(g))
                                        for g in sorted(state["hands"][p], key=cards.ghost_value)]
    elif phase == "tiebreak":
        tie = state["tie"]
        undrawn = [p for g in tie["groups"] for p in g if p not in tie["draws"]]
        out = [A.TieDraw(p, k) for p in undrawn for k in kid_source(state)]
    elif phase == "turns":
        cur = current_player(state)
        if cur is not None and state["scare"] is None and cur in state["revealed"]:
            kids = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None]
            out = [A.Haunt(cur, i) for i in kids]
            for i in kids:
                if cards.kid(state["slots"][i - 1]["kid"]).ability == "pirate":
                    out += [A.Haunt(cur, i, j) for j in kids if j != i]
            out += [A.Haunt(cur, i, i) for i in kids]     # "instead of the kid haunted": the kid itself
    elif phase == "love":
        shown = set(state["love_shown"].values())
        for p in state["players"]:
            if p in state["love_shown"]:
                continue
            dealt = state["love"].get(p)
            others = {lid for q, lid in state["love"].items() if q != p}     # dealt to someone else
            out += [A.RevealLove(p, lid) for lid in cards.love
                    if lid not in shown and lid not in others and dealt in (None, lid)]
    m = state["manual"]
    if m is not None:
        out.append(A.Resolve(m["player"], NOTHING_MOVED))
        out.append(A.Resolve(m["player"]))
    return out


def _deal_love(state: State, cards: Cards) -> list[Action]:
    """A Love card noted for a player who has none yet; a card dealt to someone
    else is refused (the whereabouts check), so it is not listed."""
    dealt = set(state["love"].values())
    return [A.DealLove(p, lid) for p in state["players"] if p not in state["love"]
            for lid in cards.love if lid not in dealt]
