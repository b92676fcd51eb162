"""Every action the Ghost at Home rules accept in a state (``Game.legal_actions``).

What the list represents: the engine never knows a hand, so a card "in the
player's hand" is any card whose place is unknown (not on the table, not seen
going to the discard pile since the last reshuffle; a cat also only while the
cats on record leave one unaccounted for). Each action is listed once, spelled
the way ``apply`` would see it after the camera or the console named it: cards
by full payload (``GAH:ROOM:1A``), the rooms of a play in floor order (left
before right), a light's cards sorted; a ``cat_defence`` both unnamed (the
form the table can tell: the ghost leaves, the rooms stay) and naming each cat
it can still be (``apply`` accepts both). A ghost meeting a cat is listed
without ``cat`` and naming each cat on that floor (the same play, spelled both
ways ``apply`` accepts).

Likeliest first: an answer to a waiting ghost (``pass``, then a cat from hand);
in a turn, rooms (more rooms first), ghosts, cats, the special cards, a light
paid with cards, a discard.

The candidates come from the state and are filtered by the rules' own tests
(house.py's ``light_blocker`` and ``target_floor``, the lower-floors-first rule,
the hand size, ``Rules.unknown_cats``); nothing is applied. Cost: a few thousand tuples
at most (an empty house and three cards: ~4,000 room plays; a light over ~40
unknown cards: up to ~10,000 payments per floor), a few to a few tens of
milliseconds.
"""
from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

from ..engine import Action, State
from .actions import (
    Cat,
    CatDefence,
    CatFood,
    DeckCounted,
    Discard,
    Elevator,
    Ghost,
    GhostUnseen,
    Light,
    LightBulb,
    Lightning,
    LightTold,
    LightUnseen,
    Pass,
    Rooms,
    TimeSpaceHole,
)
from .house import cat_spots, cats_of, ghost_can_vanish, light_blocker, locate, target_floor, untold
from .kit import FLOORS, SIDES
from .rules import LIGHT_BULBS, Rules


def unknown_cards(rules: Rules, state: State) -> list[str]:
    """The cards a hand may hold: neither on the table nor seen on the pile (cats
    only while one is unaccounted for), in catalog order."""
    kit = rules.kit
    seen = set(state["discard"]["seen"])
    on_table = {c for house in state["houses"].values() for fl in house
                for c in [*fl["rooms"].values(), *fl["cats"].values(), *fl["ghosts"]] if c}
    cats_free = rules.unknown_cats(state) > 0
    return [c for c in kit.cards if c not in seen and c not in on_table
            and (cats_free or kit.kind(c) != "cat")]


def legal_actions(game: Any, state: State) -> list[Action]:
    """Every action ``apply`` accepts in ``state`` (see the module doc)."""
    rules: Rules = game.rules
    tells = list(_tells(rules, state))
    if state["phase"] == "over":
        return tells
    tells += _counts(state)
    pd = state["pending"]
    if pd:
        return list(_answers(rules, state, pd["player"])) + tells
    if state["phase"] == "escape":
        return list(_escape(rules, state)) + tells
    return _turn(rules, state, state["turn"]) + tells


def _counts(state: State) -> list[Action]:
    """Each count of the deck the players may say: up to what it holds (fewer:
    draws the camera missed), or, after a reshuffle, up to every card neither
    in a hand nor on the table."""
    off = state["deck"] + state["discard"]["count"]
    out: list[Action] = [DeckCounted(n, False) for n in range(state["deck"] + 1)]
    return out + [DeckCounted(n, True) for n in range(off + 1)]


def _tells(rules: Rules, state: State) -> Iterator[Action]:
    """Each way a light no camera saw paid can be told: the Light Bulb (when it
    cost the fewest it could), then every payment of 2 cards up to as many as
    the hand held."""
    pool = unknown_cards(rules, state)
    bulb = rules.kit.specials.get("light_bulb")
    for u in untold(state):
        if u["paid"] == 1 and bulb is not None and bulb not in state["discard"]["seen"]:
            yield LightTold(u["player"], u["floor"], (bulb,))
        for combo in _payments(rules, state, u["most"], pool):
            yield LightTold(u["player"], u["floor"], combo)


def _answers(rules: Rules, state: State, t: str) -> Iterator[Action]:
    yield Pass(t)
    if state["hands"][t] < 1:
        return
    cats = [c for c in unknown_cards(rules, state) if rules.kit.kind(c) == "cat"]
    if cats:
        yield CatDefence(t)
        for c in cats:
            yield CatDefence(t, c)


def _escape(rules: Rules, state: State) -> Iterator[Action]:
    esc = state["escape"]
    x = esc["player"]
    f = target_floor(state, x)
    ghosts = [c for c in unknown_cards(rules, state) if rules.kit.kind(c) == "ghost"]
    for q in esc["waiting"]:
        if f is not None and state["hands"][q] >= 1 and not state["houses"][x][f - 1]["ghosts"]:
            for g in ghosts:
                yield from _with_cats(Ghost(q, g, x), state, x, f)
            if ghost_can_vanish(state["houses"][x][f - 1]):
                yield from _with_cats(GhostUnseen(q, x), state, x, f)
        yield Pass(q)


def _with_cats(a: Ghost | GhostUnseen | TimeSpaceHole, state: State, target: str, f: int) -> Iterator[Action]:
    """The play without ``cat``, then naming each cat on the floor it arrives on."""
    yield a
    for c in cats_of(state["houses"][target][f - 1]):
        yield dataclasses.replace(a, cat=c)


def _turn(rules: Rules, state: State, p: str) -> list[Action]:
    """Each action of ``p``'s turn, in the order of the module doc (built as
    lists: a turn has thousands, and each generator they would pass through
    costs as much again)."""
    kit = rules.kit
    hand = state["hands"][p]
    pool = unknown_cards(rules, state) if hand else []
    by_kind: dict[str, list[str]] = {}
    for c in pool:
        by_kind.setdefault(kit.kind(c), []).append(c)
    house = state["houses"][p]
    others = [o for o in state["players"] if o != p]
    out = _rooms(rules, state, p, hand, by_kind)
    if not hand:
        return out
    for o in others:
        f = target_floor(state, o)
        if f is not None and not state["houses"][o][f - 1]["ghosts"]:
            for g in by_kind.get("ghost", []):
                out += _with_cats(Ghost(p, g, o), state, o, f)
            if ghost_can_vanish(state["houses"][o][f - 1]):
                out += _with_cats(GhostUnseen(p, o), state, o, f)
    explored = [(i + 1, s) for i, fl in enumerate(house) for s in cat_spots(fl)]
    out += [Cat(p, c, f, s) for c in by_kind.get("cat", []) for f, s in explored]
    out += _specials(rules, state, p, others, explored)
    out += _lights(rules, state, p, hand, pool)
    if rules.light_costs(state, p):
        out += [LightUnseen(p, f) for f in FLOORS if light_blocker(state, p, f) is None]
    out += [Discard(p, n) for n in range(1, hand + 1)]
    return out


def _rooms(rules: Rules, state: State, p: str, hand: int, by_kind: dict[str, list[str]]) -> list[Action]:
    """Every set of empty spaces a play may fill (all empty spaces of the floors
    below the highest one it reaches, and some of that floor's), each with every
    assignment of distinct unknown cards that fit (a floor's rooms, or wilds)."""
    if not hand:
        return []
    kit = rules.kit
    wilds = by_kind.get("wild", [])
    fits = {f: [c for c in by_kind.get("room", []) if kit.floor_of(c) == f] + wilds for f in FLOORS}
    house = state["houses"][p]
    below: list[tuple[int, str]] = []       # the empty spaces of the floors below
    plays: list[list[tuple[int, str]]] = []
    for f in FLOORS:
        empty = [(f, s) for s in SIDES if not house[f - 1]["rooms"][s]]
        for k in range(1, len(empty) + 1):
            for part in itertools.combinations(empty, k):
                if len(below) + k <= hand:
                    plays.append(below + list(part))
        below = below + empty
        if len(below) > hand:
            break
    plays.sort(key=len, reverse=True)
    return [Rooms(p, tuple([{"card": c, "floor": f, "side": s} for c, (f, s) in zip(cards, spaces)]))
            for spaces in plays for cards in _assign([fits[f] for f, _ in spaces])]


def _assign(pools: list[list[str]]) -> Iterator[tuple[str, ...]]:
    """Every choice of one card per pool, no card twice."""
    if not pools:
        yield ()
        return
    for rest in _assign(pools[1:]):
        for c in pools[0]:
            if c not in rest:
                yield (c, *rest)


def _specials(rules: Rules, state: State, p: str, others: list[str],
              explored: list[tuple[int, str]]) -> Iterator[Action]:
    kit = rules.kit
    seen = set(state["discard"]["seen"])
    have = {e for e, c in kit.specials.items() if c not in seen}
    if "light_bulb" in have:
        for f in FLOORS:
            if light_blocker(state, p, f) is None:
                yield LightBulb(p, f)
    if "time_space_hole" in have:
        ghosts = [g for house in state["houses"].values() for fl in house for g in fl["ghosts"]]
        for g in ghosts:
            where = locate(state, g)
            assert where is not None
            for o in others:
                top = target_floor(state, o)
                if top is None or (where[0], where[1]) == (o, top):
                    continue
                if state["houses"][o][top - 1]["ghosts"] and not state["options"].get("hole_onto_ghost", True):
                    continue
                yield from _with_cats(TimeSpaceHole(p, g, o), state, o, top)
    if "cat_food" in have:
        for o in others:
            for fl in state["houses"][o]:
                for c in cats_of(fl):
                    for f, s in explored:
                        yield CatFood(p, c, f, s)
    if "elevator" in have:
        for i, fl in enumerate(state["houses"][p]):
            for c in cats_of(fl):
                for f, s in explored:
                    if f != i + 1:
                        yield Elevator(p, c, f, s)
    if "lightning" in have:
        for o in others:
            top = target_floor(state, o)
            if top is not None and state["houses"][o][top - 1]["lit"]:
                yield Lightning(p, o)


def _lights(rules: Rules, state: State, p: str, hand: int, pool: list[str]) -> list[Action]:
    """Each light a paid ``hand`` can turn on: every floor it may light, with
    every payment (a list: up to ~10,000 of them, made without a generator's
    cost per item)."""
    floors = [f for f in FLOORS if light_blocker(state, p, f) is None]
    if not floors or hand < 2:
        return []
    payments = _payments(rules, state, hand, pool)
    return [Light(p, f, combo) for f in floors for combo in payments]


def _payments(rules: Rules, state: State, hand: int, pool: list[str]) -> list[tuple[str, ...]]:
    """Every 2 or 3 (up to ``hand``) cards of ``pool`` with 5 lightbulbs, sorted
    (a cat only while one is unaccounted for)."""
    if hand < 2:
        return []
    kit = rules.kit
    spare_cats = rules.unknown_cats(state)
    cards = sorted(pool)
    bulbs = [kit.bulbs(c) for c in cards]
    cat = [kit.kind(c) == "cat" for c in cards]
    most = max(bulbs, default=0)
    n = len(cards)
    payments: list[tuple[str, ...]] = []
    for i in range(n):
        for j in range(i + 1, n):
            two, cats = bulbs[i] + bulbs[j], cat[i] + cat[j]
            if two >= LIGHT_BULBS and cats <= spare_cats:
                payments.append((cards[i], cards[j]))
            if hand < 3 or two + most < LIGHT_BULBS:
                continue
            for k in range(j + 1, n):
                if two + bulbs[k] >= LIGHT_BULBS and cats + cat[k] <= spare_cats:
                    payments.append((cards[i], cards[j], cards[k]))
    return payments

