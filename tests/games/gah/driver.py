"""A table simulator for Ghost at Home tests: the hidden side of the table (the
shuffled deck, each hand, the discard pile) played with random but legal
choices. The engine never sees the hands: the simulator tells it what is played,
and follows the engine's draws (refills, reshuffles) with real cards."""
from __future__ import annotations

import itertools
import random
from typing import Any

from models.ghost_at_home.actions import (
    Cat,
    CatDefence,
    CatFood,
    Discard,
    Elevator,
    Ghost,
    Light,
    LightBulb,
    Lightning,
    Pass,
    Rooms,
    TimeSpaceHole,
)
from models.ghost_at_home.house import light_blocker, locate, target_floor
from models.ghost_at_home.kit import FLOORS, SIDES
from models.registry import get_game

GAME = get_game("GAH")
KIT = GAME.kit


def on_table(state: dict) -> set[str]:
    out = set()
    for house in state["houses"].values():
        for fl in house:
            out.update(c for c in fl["rooms"].values() if c)
            out.update(c for c in fl["cats"].values() if c)
            out.update(fl["ghosts"])
    return out


class Table:
    """The real cards: ``deck`` (top last), ``hands`` and the discard pile (what
    is neither in the deck, a hand nor on the table)."""

    def __init__(self, state: dict, seed: int = 0, defend_rate: float = 0.6, ghost_rate: float = 0.8):
        self.rng = random.Random(seed)
        self.defend_rate, self.ghost_rate = defend_rate, ghost_rate
        self.deck = sorted(KIT.cards)
        self.rng.shuffle(self.deck)
        self.hands = {p: [self.deck.pop() for _ in range(3)] for p in state["players"]}
        self.pile: list[str] = []     # the discard pile, known to the simulator only

    # ---- following the engine

    def play(self, state: dict, action: Any) -> tuple[dict, list]:
        """Apply ``action`` to the engine and follow it with the real cards."""
        before = on_table(state)
        new, events = GAME.apply(state, action)
        played = self._from_hand(action)
        after = on_table(new)
        self.pile.extend(sorted(before - after))
        self.pile.extend(c for c in played if c not in after)
        for e in events:
            if e.type == "draw":
                for _ in range(e.data["count"]):
                    if not self.deck:
                        self.deck, self.pile = self.pile, []
                        self.rng.shuffle(self.deck)
                    self.hands[e.data["player"]].append(self.deck.pop())
        return new, events

    def _from_hand(self, a: Any) -> list[str]:
        """Take the played cards out of the hand: those that went to the table."""
        hand = self.hands[a.player]
        played: list[str] = []
        if isinstance(a, Rooms):
            played = [KIT.card(r["card"]) for r in a.rooms]
        elif isinstance(a, (Ghost, Cat)):
            played = [KIT.card(a.card)]
        elif isinstance(a, Light):
            played = [KIT.card(c) for c in a.cards]
            self.pile.extend(played)
        elif isinstance(a, CatDefence):
            cat = KIT.card(a.card) if a.card else next(c for c in hand if KIT.kind(c) == "cat")
            played = [cat]
            self.pile.append(cat)
        elif a.type in KIT.specials:
            played = [KIT.specials[a.type]]
            self.pile.extend(played)
        elif isinstance(a, Discard):
            played = self.rng.sample(hand, a.count)
            self.pile.extend(played)
        for c in played:
            hand.remove(c)
        return played if isinstance(a, (Rooms, Ghost, Cat)) else []

    # ---- choosing

    def of_kind(self, p: str, *kinds: str) -> list[str]:
        return [c for c in self.hands[p] if KIT.kind(c) in kinds]

    def next_action(self, state: dict) -> Any:
        rng = self.rng
        pd = state["pending"]
        if pd:
            t = pd["player"]
            cats = self.of_kind(t, "cat")
            if cats and rng.random() < self.defend_rate:
                return CatDefence(t, rng.choice([cats[0], None]))
            return Pass(t)
        if state["phase"] == "escape":
            esc = state["escape"]
            o = esc["waiting"][0]
            x = esc["player"]
            f = target_floor(state, x)
            ghosts = self.of_kind(o, "ghost")
            if ghosts and not state["houses"][x][f - 1]["ghosts"] and rng.random() < self.ghost_rate:
                return Ghost(o, ghosts[0], x)
            return Pass(o)
        options = self.turn_options(state)
        weights = [w for w, _ in options]
        return rng.choices([a for _, a in options], weights)[0]

    def turn_options(self, state: dict) -> list[tuple[float, Any]]:
        p = state["turn"]
        house = state["houses"][p]
        opts: list[tuple[float, Any]] = []
        rooms = self.room_play(state, p)
        if rooms:
            opts.append((8.0, Rooms(p, tuple(rooms))))
        others = [o for o in state["players"] if o != p]
        for g in self.of_kind(p, "ghost")[:1]:
            for o in others:
                f = target_floor(state, o)
                if f is not None and not state["houses"][o][f - 1]["ghosts"]:
                    opts.append((3.0, Ghost(p, g, o)))
        free = [(i + 1, s) for i, fl in enumerate(house) for s in SIDES if fl["rooms"][s] and not fl["cats"][s]]
        for c in self.of_kind(p, "cat")[:1]:
            if free:
                f, s = self.rng.choice(free)
                opts.append((2.0, Cat(p, c, f, s)))
        floors = [f for f in FLOORS if light_blocker(state, p, f) is None]
        if floors:
            pay = self.light_payment(p)
            if pay:
                opts.append((2.0, Light(p, floors[-1], tuple(pay))))
        for c in self.of_kind(p, "special"):
            a = self.special(state, p, KIT.effect(c), free, floors)
            if a is not None:
                opts.append((2.0, a))
        if self.hands[p]:
            opts.append((1.0, Discard(p, self.rng.randint(1, len(self.hands[p])))))
        return opts

    def room_play(self, state: dict, p: str) -> list[dict]:
        """As many rooms as the hand allows, lower floors first."""
        house = [dict(fl["rooms"]) for fl in state["houses"][p]]
        hand = self.of_kind(p, "room", "wild")
        out = []
        for f in FLOORS:
            if any(house[g - 1][s] is None for g in FLOORS[: f - 1] for s in SIDES):
                break
            for s in SIDES:
                if house[f - 1][s] is None:
                    card = next((c for c in hand if KIT.floor_of(c) == f), None) or \
                        next((c for c in hand if KIT.kind(c) == "wild"), None)
                    if card:
                        hand.remove(card)
                        house[f - 1][s] = card
                        out.append({"card": card, "floor": f, "side": s})
        return out

    def light_payment(self, p: str) -> list[str] | None:
        hand = self.hands[p]
        for k in (2, 3):
            for combo in itertools.combinations(hand, k):
                if sum(KIT.bulbs(c) for c in combo) >= 5:
                    return list(combo)
        return None

    def special(self, state: dict, p: str, effect: str, free: list, floors: list) -> Any:
        others = [o for o in state["players"] if o != p]
        if effect == "light_bulb" and floors:
            return LightBulb(p, floors[0])
        if effect == "lightning":
            for o in others:
                f = target_floor(state, o)
                if f and state["houses"][o][f - 1]["lit"]:
                    return Lightning(p, o)
        if effect == "time_space_hole":
            ghosts = [g for h in state["houses"].values() for fl in h for g in fl["ghosts"]]
            for g in ghosts:
                src = locate(state, g)
                for o in others:
                    f = target_floor(state, o)
                    if f and (src[0], src[1]) != (o, f):
                        return TimeSpaceHole(p, g, o)
        if effect == "cat_food" and free:
            for o in others:
                for fl in state["houses"][o]:
                    for c in fl["cats"].values():
                        if c:
                            f, s = free[0]
                            return CatFood(p, c, f, s)
        if effect == "elevator":
            for i, fl in enumerate(state["houses"][p]):
                for c in fl["cats"].values():
                    if c:
                        dest = [(f, s) for f, s in free if f != i + 1]
                        if dest:
                            return Elevator(p, c, *dest[0])
        return None


def play(players: list[str], seed: int = 0, limit: int = 3000, options: dict | None = None,
         **kw: Any) -> tuple[dict, list[Any], Table]:
    """A whole game: the final state, every action applied, and the simulator."""
    state = GAME.setup(players, options or {})
    table = Table(state, seed, **kw)
    actions = []
    for _ in range(limit):
        if GAME.is_over(state):
            return state, actions, table
        a = table.next_action(state)
        state, _ = table.play(state, a)
        actions.append(a)
    raise AssertionError("the game did not end")


def table_steps(game: Any, players: list[str], seed: int, limit: int = 3000) -> Any:
    """A whole random game played by this simulator, step by step as
    ``(state before, [action], state after)``: moves chosen from the rules and
    the hidden cards it keeps, not from ``legal_actions`` (what
    test_legal_actions.py holds the list against)."""
    state = game.setup(players, {})
    table = Table(state, seed)
    for _ in range(limit):
        if game.is_over(state):
            return
        action = table.next_action(state)
        after, _ = table.play(state, action)
        yield state, [action], after
        state = after
