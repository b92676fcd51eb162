"""A table simulator for Candy Crave tests: plays whole games with random but
legal choices, keeping the face-down favourites stacks the way a real table
does (the engine only learns them when the rows are laid out at scoring)."""
from __future__ import annotations

import random
from typing import Any

from models.candy_crave.actions import (
    ChooseStart,
    DrawBase,
    Lock,
    NextRound,
    Pocket,
    Remove,
    Reveal,
    Steal,
    Take,
    TurnUp,
    Withdraw,
)
from models.candy_crave.rules import sets_in_play, turn_choices
from models.registry import get_game

CODES = ("P3", "P2", "Q", "M1", "M2")


class Table:
    """The hidden side of the table: base tiles not yet drawn and the favourites stacks."""

    def __init__(self, game: Any, state: dict, seed: int = 0, withdraw_rate: float = 0.05,
                 lollipop_example: bool = False):
        """``lollipop_example``: round 1 lays the rulebook's lollipops (base 4, row
        +2 ? -1 +2, worth 6 each); needs 3 or 4 players."""
        self.game, self.rng = game, random.Random(seed)
        self.withdraw_rate = withdraw_rate
        self.lollipops = lollipop_example
        self.stacks: dict[str, list[str]] = {}
        self.up: dict[str, str] = {}
        self.dealt = 0
        self.base_pool = list(game.kit.base_values)
        self.rng.shuffle(self.base_pool)
        if lollipop_example:
            self.base_pool.remove("4A")
            self.base_pool.insert(0, "4A")

    def deal_stacks(self, state: dict) -> None:
        """Each player lays one tile per bowl face down; with 2-3 players an extra
        set gives one face-up tile to each stack, else one stack tile is turned up."""
        types = self.game.kit.types
        n = len(state["players"])
        k = sets_in_play(n)
        self.stacks = {t: [] for t in types}
        example = self.lollipops and state["round"] == 1
        forced = ["P2", "Q", "M1", "P2"]          # sets 1-3 (and the extra set 4) at the lollipops
        for s in range(1, n + 1):
            codes = list(CODES)
            self.rng.shuffle(codes)
            if example:
                codes.remove(forced[s - 1])
                codes.insert(0, forced[s - 1])
            for t, c in zip(types, codes):
                self.stacks[t].append(f"{s}{c}")
        self.up = {}
        for t in types:
            if not (example and t == types[0]):
                self.rng.shuffle(self.stacks[t])
            if n >= 4:
                self.up[t] = self.stacks[t][-1] if example and t == types[0] else self.stacks[t][0]
        if n <= 3:
            # the extra set's tile goes face up ON TOP of the shuffled stack (the row's last tile)
            codes = list(CODES)
            self.rng.shuffle(codes)
            if example:
                codes.remove("P2")
                codes.insert(0, "P2")
            for t, c in zip(types, codes):
                self.up[t] = f"{k}{c}"
                self.stacks[t].append(self.up[t])

    def next_action(self, state: dict) -> Any:
        g, rng = self.game, self.rng
        phase = state["phase"]
        if phase == "base":
            t = next(t for t in g.kit.types if t not in state["base"])
            tile = next(x for x in self.base_pool if x not in state["base"].values()
                        and x not in state["base_spent"])
            return DrawBase(t, tile)
        if phase == "favourites":
            if self.dealt != state["round"]:
                self.deal_stacks(state)
                self.dealt = state["round"]
            t = next(t for t in g.kit.types if t not in state["faceup"])
            return TurnUp(t, self.up[t])
        if phase == "scoring":
            t = next(t for t in g.kit.types if t not in state["rows"])
            return Reveal(t, tuple(self.stacks[t]))
        if phase == "remove":
            for p in state["players"]:
                mine = [s for a in state["order"] if state["owner"][a] == p for s in state["areas"][a]["locked"]]
                due = 2 if len(state["players"]) == 2 else 1
                if mine and len(state["removed"][p]) < due:
                    return Remove(p, rng.choice(sorted(mine)))
            raise AssertionError("nothing to remove")
        if phase == "start":
            return ChooseStart(rng.choice(state["tied"]))
        if phase == "return":
            return NextRound()
        return self.turn_action(state)

    def turn_action(self, state: dict) -> Any:
        rng = self.rng
        c = turn_choices(state)
        area = c["area"]
        p = state["owner"][area]
        party = area if len(state["players"]) == 2 else None
        if state["phase"] == "endphase":
            if c["pocket_own"]:
                return Pocket(p, rng.choice(state["areas"][area]["play"]), party)
            if c["pocket_from"] and rng.random() > self.withdraw_rate:
                src = rng.choice(c["pocket_from"])
                return Pocket(p, rng.choice(state["areas"][src]["play"]), party)
            return Withdraw(p, party)
        if "lock" in c:
            return Lock(p, party)
        options = []
        for k in c["take"]:
            options.append(("take", k))
        if c["short_take"]:
            options.append(("take", c["short_take"]))
        for v in c["steal"]:
            options.append(("steal", v))
        if c["withdraw"] and (rng.random() < self.withdraw_rate or not options):
            return Withdraw(p, party)
        kind, arg = rng.choice(options)
        if kind == "take":
            return Take(p, tuple(sorted(rng.sample(state["bowls"], arg))), party)
        return Steal(p, arg, rng.choice(state["areas"][arg]["play"]), party)


def play(players: list[str], seed: int = 0, options: dict | None = None, limit: int = 2000,
         withdraw_rate: float = 0.05, lollipop_example: bool = False) -> tuple[dict, list[Any]]:
    """A whole game: the final state and every action applied."""
    game = get_game("CCR")
    state = game.setup(players, options or {})
    table = Table(game, state, seed, withdraw_rate, lollipop_example)
    actions = []
    for _ in range(limit):
        if game.is_over(state):
            return state, actions
        a = table.next_action(state)
        state, _ = game.apply(state, a)
        actions.append(a)
    raise AssertionError("the game did not end")


def features(game: Any, players: list[str], actions: list[Any]) -> set[str]:
    """Which rules a played game exercised (to pick example scripts)."""
    state = game.setup(players, {})
    seen = set()
    for a in actions:
        phase = state["phase"]
        if a.type == "take" and state["turns"] > 0:
            from models.candy_crave.rules import take_sizes
            seen.add("short_take" if len(a.sweets) not in take_sizes(state, state["turn"]) else "take")
        elif a.type == "steal":
            own = state["owner"][a.victim] == a.player
            seen.add("steal_own_party" if own else "steal")
        elif a.type == "withdraw":
            seen.add(f"withdraw_{phase}")
        elif a.type == "pocket":
            seen.add("pocket_own" if a.sweet in state["areas"][state["turn"]]["play"] else "pocket_other")
        elif a.type == "choose_start":
            seen.add("tie")
        state, _ = game.apply(state, a)
    return seen


BASES = {"L": "4A", "H": "5A", "K": "6", "B": "7", "C": "8"}


def ready(players: list[str], options: dict | None = None) -> tuple[Any, dict]:
    """A game at the start of the distribution: base values L4 H5 K6 B7 C8, one
    face-up tile per stack (the extra set with 2-3 players)."""
    game = get_game("CCR")
    state = game.setup(players, options or {})
    for t, tile in BASES.items():
        state, _ = game.apply(state, DrawBase(t, tile))
    k = sets_in_play(len(players))
    for t, c in zip(game.kit.types, CODES):
        state, _ = game.apply(state, TurnUp(t, f"{k}{c}"))
    return game, state


def run(game: Any, state: dict, actions: list[dict]) -> dict:
    """Apply JSON actions one by one (each must be legal)."""
    for a in actions:
        state, _ = game.apply(state, game.parse_action(a))
    return state


def table_steps(game: Any, players: list[str], seed: int, limit: int = 3000) -> Any:
    """A whole random game played by this simulator, step by step as
    ``(state before, [action], state after)``: moves chosen from the rules and
    the hidden cards it keeps, not from ``legal_actions`` (what
    test_legal_actions.py holds the list against)."""
    state = game.setup(players, {})
    table = Table(game, state, seed)
    for _ in range(limit):
        if game.is_over(state):
            return
        action = table.next_action(state)
        after, _ = game.apply(state, action)
        yield state, [action], after
        state = after
