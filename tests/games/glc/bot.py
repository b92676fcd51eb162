"""A random but legal Ghosts Love Candy player (and table), for whole-game tests
and for writing the documentation's example script.

``next_action(state, rng)`` returns the JSON of one legal action for whatever
the game waits for; the table's randomness (which kid, which candy) comes from
``rng``.
"""
from __future__ import annotations

import random
from typing import Any

from models.ghosts_love_candy.state import current_player


def _kid_source(state: dict) -> list[int]:
    return sorted(state["kid_deck"]) or sorted(state["discard"]["kids"])


def next_action(state: dict, rng: random.Random) -> dict[str, Any] | None:
    p = state["pending"]
    if p is not None:
        k, who = p["kind"], p.get("player")
        if k == "reveal_kid":
            return {"type": "reveal_kid", "slot": p["slot"], "kid": rng.choice(_kid_source(state))}
        if k in ("werewolf", "vampire"):
            t = "werewolf_pay" if k == "werewolf" else "vampire_give"
            return {"type": t, "player": who, "candy": rng.choice(sorted(state["stashes"][who]["candy"]))}
        if k == "skeleton":
            letter = state["colours"][who]
            own = [g for g in state["discard"]["ghosts"] if g[0] == letter]
            if rng.random() < 0.3:
                return {"type": "skip", "player": who}
            return {"type": "skeleton_swap", "player": who, "give": int(rng.choice(state["hands"][who])[1:]),
                    "take": int(rng.choice(own)[1:])}
        if k == "ninja":
            ghosts = [(i, g) for i, s in enumerate(state["slots"], 1) for g in s["ghosts"]]
            src, g = rng.choice(ghosts)
            dests = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None and i != src]
            return {"type": "ninja_move", "player": who, "ghost": g, "to_slot": rng.choice(dests)}
        if k == "move_scared_kid":
            holders = [(q, kid) for q, st in state["stashes"].items() for kid in st["kids"]]
            q, kid = rng.choice(holders)
            return {"type": "move_scared_kid", "player": who, "kid": kid,
                    "to": rng.choice([x for x in state["players"] if x != q])}
        if k == "black_cat":
            return {"type": "place_black_cat", "player": who, "to": rng.choice(state["players"])}
        raise AssertionError(f"unknown pending {p}")
    ph = state["phase"]
    if ph == "setup":
        slot = next(i for i, s in enumerate(state["slots"], 1) if s["kid"] is None)
        return {"type": "reveal_kid", "slot": slot, "kid": rng.choice(state["kid_deck"])}
    if ph == "candy":
        slot = next(i for i, s in enumerate(state["slots"], 1)
                    if s["kid"] is not None and i not in state["candied"])
        return {"type": "place_candy", "slot": slot, "candy": rng.choice(state["candy_deck"])}
    if ph == "choose":
        pl = next(q for q in state["players"] if q not in state["revealed"])
        return {"type": "reveal", "player": pl, "ghost": int(rng.choice(state["hands"][pl])[1:])}
    if ph == "tiebreak":
        pl = next(q for g in state["tie"]["groups"] for q in g if q not in state["tie"]["draws"])
        return {"type": "tie_draw", "player": pl, "kid": rng.choice(_kid_source(state))}
    if ph == "turns":
        pl = current_player(state)
        slots = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None]
        return {"type": "haunt", "player": pl, "slot": rng.choice(slots)}
    if ph == "love":
        used = set(state["love_shown"].values())
        pl = next(q for q in state["players"] if q not in state["love_shown"])
        return {"type": "reveal_love", "player": pl, "love": rng.choice([f"L{i}" for i in range(1, 7)
                                                                        if f"L{i}" not in used])}
    return None


def play(game, players: list[str], seed: int, options: dict | None = None, limit: int = 2000):
    """Play a whole random game: returns (final state, list of action JSON)."""
    rng = random.Random(seed)
    state = game.setup(players, options or {})
    script = []
    for _ in range(limit):
        a = next_action(state, rng)
        if a is None:
            break
        state, _ = game.apply(state, game.parse_action(a))
        script.append(a)
    return state, script


def table_steps(game, players: list[str], seed: int, limit: int = 3000):
    """A whole random game played by this simulator, step by step as
    ``(state before, [action], state after)``: moves chosen from the rules, not
    from ``legal_actions`` (what test_legal_actions.py holds the list against)."""
    rng = random.Random(seed)
    state = game.setup(players, {})
    for _ in range(limit):
        data = next_action(state, rng)
        if data is None:
            return
        action = game.parse_action(data)
        after, _ = game.apply(state, action)
        yield state, [action], after
        state = after
