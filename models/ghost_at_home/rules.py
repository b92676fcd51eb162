"""The rules of Ghost at Home: the state and what each action does.

The state is plain JSON::

    {"players": ["RED", "BLUE"], "options": {...},
     "houses": {"RED": [floor 1, floor 2, floor 3]},     # each floor:
         # {"lit": false, "rooms": {"L": "GAH:ROOM:1A", "R": null},
         #  "cats": {"L": null, "R": null}, "ghosts": []}
     "hands": {"RED": 3},                  # how many cards each hand holds (never which)
     "deck": 47,                           # cards left in the deck
     "discard": {"count": 4, "seen": [...]},   # the pile: its size, and the cards seen going
                                           # there since the last reshuffle (the rest are secret)
     "phase": "turn" | "escape" | "over", "turn": "RED", "turns": 0,
     "pending": null | {"player": "BLUE", "by": "RED", "ghost": "GAH:GHOST:2", "floor": 2,
                        "resume": "turn" | "escape"},    # BLUE may answer with a cat from hand
     "escape": null | {"player": "RED", "waiting": ["BLUE"], "ghosts_left": {"BLUE": 2}},
     "winner": null, "clearing": [...]}    # cards the last action took off the table

Nothing in the state is secret: the engine never knows what a hand holds, only
how many cards; a card is known from the moment it is played on the table.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, Event, GameSetupError, IllegalAction, State
from .actions import (
    ACTIONS,
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
from .kit import FLOORS, SIDES, Kit

HAND_SIZE = 3
LIGHT_BULBS = 5


# --------------------------------------------------------------------------- setup


def empty_floor() -> dict[str, Any]:
    return {"lit": False, "rooms": {"L": None, "R": None}, "cats": {"L": None, "R": None}, "ghosts": []}


def setup(kit: Kit, players: Sequence[str], options: dict[str, Any]) -> State:
    for p in players:
        if not kit.has_house(p):
            raise GameSetupError(f"no house for seat colour {p} in the catalog (floors.csv needs its six floor "
                                 f"faces); houses: {', '.join(sorted(kit.houses))}")
    n = len(players)
    return {
        "players": list(players),
        "options": dict(options),
        "houses": {p: [empty_floor() for _ in FLOORS] for p in players},
        "hands": {p: HAND_SIZE for p in players},
        "deck": kit.deck_size() - HAND_SIZE * n,
        "discard": {"count": 0, "seen": []},
        "phase": "turn",
        "turn": players[0],
        "turns": 0,
        "pending": None,
        "escape": None,
        "winner": None,
        "clearing": [],
    }


# --------------------------------------------------------------------------- reading the state


def rooms_of(floor: dict[str, Any]) -> list[str]:
    return [floor["rooms"][s] for s in SIDES if floor["rooms"][s]]


def cats_of(floor: dict[str, Any]) -> list[str]:
    return [floor["cats"][s] for s in SIDES if floor["cats"][s]]


def floor_full(floor: dict[str, Any]) -> bool:
    return len(rooms_of(floor)) == len(SIDES)


def fully_explored(state: State, player: str) -> bool:
    return all(floor_full(f) for f in state["houses"][player])


def rooms_explored(state: State, player: str) -> int:
    return sum(len(rooms_of(f)) for f in state["houses"][player])


def target_floor(state: State, player: str) -> int | None:
    """The highest floor of ``player``'s house holding a room card (ghosts go there)."""
    for f in reversed(FLOORS):
        if rooms_of(state["houses"][player][f - 1]):
            return f
    return None


def next_floor(state: State, player: str) -> int | None:
    """The lowest floor that is not full (where rooms go next)."""
    for f in FLOORS:
        if not floor_full(state["houses"][player][f - 1]):
            return f
    return None


def light_blocker(state: State, player: str, floor: int) -> str | None:
    """Why ``player`` may not light ``floor`` now, or None."""
    house = state["houses"][player]
    if house[floor - 1]["lit"]:
        return f"the light of {player}'s floor {floor} is already on"
    for f in FLOORS[: floor - 1]:
        if not floor_full(house[f - 1]):
            return (f"floor {floor} may be lit only when every lower floor is full, and floor {f} holds "
                    f"{len(rooms_of(house[f - 1]))} of 2 rooms")
    return None


def locate(state: State, card: str) -> tuple[str, int, str] | None:
    """Where a card lies on the table: ``(player, floor, "room:L" | "cat:R" | "ghost")``."""
    for p, house in state["houses"].items():
        for i, fl in enumerate(house):
            for s in SIDES:
                if fl["rooms"][s] == card:
                    return p, i + 1, f"room:{s}"
                if fl["cats"][s] == card:
                    return p, i + 1, f"cat:{s}"
            if card in fl["ghosts"]:
                return p, i + 1, "ghost"
    return None


def seat_after(state: State, player: str) -> str:
    ps = state["players"]
    return ps[(ps.index(player) + 1) % len(ps)]


def seats_from(state: State, player: str) -> list[str]:
    """Every player in seat order, starting with ``player``."""
    ps = state["players"]
    i = ps.index(player)
    return ps[i:] + ps[:i]


# --------------------------------------------------------------------------- apply


def fail(action: Any, reason: str) -> IllegalAction:
    return IllegalAction(f"{action.type}: {reason}")


class Rules:
    """Applies actions to a state (a private copy, see ``Game.apply``)."""

    def __init__(self, kit: Kit):
        self.kit = kit

    def handlers(self) -> dict[type[Action], Callable[[State, Any], list[Event]]]:
        """The dispatch table: each action class and the method that applies it."""
        return {Rooms: self._rooms, Ghost: self._ghost, CatDefence: self._cat_defence, Pass: self._pass,
                Cat: self._cat, Light: self._light, TimeSpaceHole: self._time_space_hole,
                LightBulb: self._light_bulb, CatFood: self._cat_food, Elevator: self._elevator,
                Lightning: self._lightning, Discard: self._discard}

    def apply(self, state: State, action: Any) -> list[Event]:
        state["clearing"] = []
        return self.handlers()[type(action)](state, action)

    # ---- checks

    def _player(self, state: State, a: Any, name: str) -> str:
        p = name.strip().upper()
        if p not in state["players"]:
            raise fail(a, f"{name!r} is not playing (players: {', '.join(state['players'])})")
        return p

    def _in_turn(self, state: State, a: Any) -> str:
        """The acting player, who must be the one whose turn it is, with nothing pending."""
        p = self._player(state, a, a.player)
        if state["pending"]:
            pd = state["pending"]
            raise fail(a, f"{pd['player']} must first answer {pd['by']}'s ghost on floor {pd['floor']} "
                          f"(cat_defence or pass)")
        if state["phase"] == "escape":
            esc = state["escape"]
            raise fail(a, f"{esc['player']} is escaping: only ghosts against {esc['player']} and passes from "
                          f"{', '.join(esc['waiting'])} now")
        if p != state["turn"]:
            raise fail(a, f"it is {state['turn']}'s turn, not {p}'s")
        return p

    def _hand(self, state: State, a: Any, p: str, n: int) -> None:
        if state["hands"][p] < n:
            raise fail(a, f"{p} holds {state['hands'][p]} card(s), not {n}")

    def _card(self, state: State, a: Any, text: str, kinds: tuple[str, ...]) -> str:
        """A card named in an action, of one of ``kinds``."""
        c = self.kit.card(text)
        if c is None:
            raise fail(a, f"there is no card {text!r} in Ghost at Home")
        if self.kit.kind(c) not in kinds:
            raise fail(a, f"{c} is a {self.kit.kind(c)} card, not a {' or '.join(kinds)} card")
        return c

    def _from_hand(self, state: State, a: Any, text: str, kinds: tuple[str, ...]) -> str:
        """A card played from a hand: it must not lie on the table or in the discard pile."""
        c = self._card(state, a, text, kinds)
        where = locate(state, c)
        if where:
            raise fail(a, f"{c} already lies on {where[0]}'s floor {where[1]}")
        if c in state["discard"]["seen"]:
            raise fail(a, f"{c} is in the discard pile")
        return c

    def _special(self, state: State, a: Any, p: str) -> str:
        c = self.kit.specials.get(a.type)
        if c is None:
            raise fail(a, f"the catalog has no {a.type} card")
        self._hand(state, a, p, 1)
        if c in state["discard"]["seen"]:
            raise fail(a, f"{self.kit.name(c)} is in the discard pile")
        return c

    def _space(self, a: Any, floor: Any, side: Any) -> tuple[int, str]:
        if floor not in FLOORS:
            raise fail(a, f"floor must be 1, 2 or 3, not {floor!r}")
        s = str(side).strip().upper()
        if s not in SIDES:
            raise fail(a, f"side must be L or R, not {side!r}")
        return floor, s

    # ---- the pile and the deck

    def _to_pile(self, state: State, cards: Sequence[str | None], count: int | None = None) -> None:
        state["discard"]["count"] += len(cards) if count is None else count
        state["discard"]["seen"].extend(c for c in cards if c)

    def _off_table(self, state: State, cards: Sequence[str]) -> None:
        """Cards leaving the table for the discard pile (the table has a chore)."""
        self._to_pile(state, cards)
        state["clearing"].extend(cards)

    def _draw(self, state: State, p: str, n: int, events: list[Event]) -> None:
        got = 0
        for _ in range(n):
            if state["deck"] == 0:
                if state["discard"]["count"] == 0:
                    break
                state["deck"] = state["discard"]["count"]
                state["discard"] = {"count": 0, "seen": []}
                events.append(Event("reshuffle", "The deck ran out: shuffle the discard pile into a new deck"))
            state["deck"] -= 1
            state["hands"][p] += 1
            got += 1
        if got:
            events.append(Event("draw", f"{p} draws {got} card(s)", {"player": p, "count": got}))

    def _refill(self, state: State, p: str, events: list[Event]) -> None:
        if state["hands"][p] < HAND_SIZE:
            self._draw(state, p, HAND_SIZE - state["hands"][p], events)

    # ---- the end of a turn and the escape

    def _end_turn(self, state: State, events: list[Event]) -> None:
        p = state["turn"]
        state["turns"] += 1
        if fully_explored(state, p):
            others = seats_from(state, p)[1:]
            n = 2 if len(state["players"]) == 2 else 1
            state["phase"] = "escape"
            state["escape"] = {"player": p, "waiting": others, "ghosts_left": {o: n for o in others}}
            events.append(Event("escape", f"{p}'s house is fully explored: {p} tries to escape! "
                                          f"{', '.join(others)} may play {'up to 2 ghosts' if n == 2 else 'a ghost'} "
                                          f"to stop it", {"player": p}))
            return
        self._refill(state, p, events)
        state["turn"] = seat_after(state, p)

    def _escape_step(self, state: State, events: list[Event]) -> None:
        esc = state["escape"]
        x = esc["player"]
        if not fully_explored(state, x):
            events.append(Event("escape_stopped", f"{x}'s escape is stopped; everyone refills to 3 cards, "
                                                  f"starting with {x}", {"player": x}))
            for p in seats_from(state, x):
                self._refill(state, p, events)
            state["phase"] = "turn"
            state["escape"] = None
            state["turn"] = seat_after(state, x)
            return
        if not esc["waiting"]:
            state["phase"] = "over"
            state["winner"] = x
            state["escape"] = None
            events.append(Event("escaped", f"Nobody stopped {x}: {x} escapes the haunted house and wins!",
                                {"player": x}))

    def _resume(self, state: State, how: str, events: list[Event]) -> None:
        if how == "escape":
            self._escape_step(state, events)
        else:
            self._end_turn(state, events)

    # ---- ghosts arriving on a floor

    def _arrive(self, state: State, a: Any, ghost: str, target: str, floor: int, by: str, resume: str,
                events: list[Event]) -> None:
        fl = state["houses"][target][floor - 1]
        cats = cats_of(fl)
        if cats:
            cat = cats[0]
            if a.cat is not None:
                cat = self._card(state, a, a.cat, ("cat",))
                if cat not in cats:
                    raise fail(a, f"{cat} is not on {target}'s floor {floor} (cats there: {', '.join(cats)})")
            fl["cats"] = {s: (None if c == cat else c) for s, c in fl["cats"].items()}
            self._off_table(state, [ghost, cat])
            events.append(Event("ghost_meets_cat", f"{ghost} meets {cat} on {target}'s floor {floor}: discard "
                                                   f"both", {"ghost": ghost, "cat": cat, "player": target}))
            self._resume(state, resume, events)
            return
        fl["ghosts"].append(ghost)
        state["pending"] = {"player": target, "by": by, "ghost": ghost, "floor": floor, "resume": resume}
        light = "lit" if fl["lit"] else "dark"
        events.append(Event("ghost", f"{by}'s ghost {ghost} comes to {target}'s floor {floor} ({light}): "
                                     f"{target} may discard a cat from hand to cancel it",
                            {"ghost": ghost, "player": target, "floor": floor}))

    def _haunt(self, state: State, p: str, floor: int, events: list[Event], why: str) -> None:
        """The floor's rooms and ghosts are discarded and its light goes off."""
        fl = state["houses"][p][floor - 1]
        gone = rooms_of(fl) + list(fl["ghosts"])
        fl["rooms"] = {"L": None, "R": None}
        fl["ghosts"] = []
        fl["lit"] = False
        self._off_table(state, gone)
        events.append(Event("haunted", f"{why}: discard {', '.join(gone)} from {p}'s floor {floor}",
                            {"player": p, "floor": floor, "cards": gone}))

    # ---- actions

    def _rooms(self, state: State, a: Rooms) -> list[Event]:
        p = self._in_turn(state, a)
        if not a.rooms:
            raise fail(a, "name at least one room card")
        self._hand(state, a, p, len(a.rooms))
        plays = []
        for r in a.rooms:
            if not isinstance(r, dict) or set(r) - {"card", "floor", "side"} or "card" not in r:
                raise fail(a, f"each room is {{\"card\", \"floor\", \"side\"}}, not {r!r}")
            c = self._from_hand(state, a, str(r["card"]), ("room", "wild"))
            f, s = self._space(a, r.get("floor"), r.get("side"))
            if self.kit.kind(c) == "room" and self.kit.floor_of(c) != f:
                raise fail(a, f"{c} is a floor {self.kit.floor_of(c)} room, not a floor {f} room")
            plays.append((f, s, c))
        if len({c for _, _, c in plays}) != len(plays):
            raise fail(a, "a card is named twice")
        house = state["houses"][p]
        events = []
        for f, s, c in sorted(plays, key=lambda t: t[0]):
            fl = house[f - 1]
            if fl["rooms"][s]:
                raise fail(a, f"{p}'s floor {f} {s} already holds {fl['rooms'][s]}")
            low = next((g for g in FLOORS[: f - 1] if not floor_full(house[g - 1])), None)
            if low is not None:
                raise fail(a, f"fill every lower floor first: floor {low} holds {len(rooms_of(house[low - 1]))} "
                              f"of 2 rooms")
            fl["rooms"][s] = c
            events.append(Event("room", f"{p} explores floor {f} ({'left' if s == 'L' else 'right'}) with "
                                        f"{self.kit.name(c)}", {"player": p, "floor": f, "side": s, "card": c}))
        state["hands"][p] -= len(plays)
        self._end_turn(state, events)
        return events

    def _ghost(self, state: State, a: Ghost) -> list[Event]:
        p = self._player(state, a, a.player)
        target = self._player(state, a, a.target)
        if state["pending"]:
            self._in_turn(state, a)
        if state["phase"] == "escape":
            esc = state["escape"]
            if p not in esc["waiting"]:
                raise fail(a, f"{p} has answered {esc['player']}'s escape already" if p != esc["player"] else
                           f"{p} is the one escaping")
            if target != esc["player"]:
                raise fail(a, f"{esc['player']} is escaping: a ghost now can only go to {esc['player']}")
            resume = "escape"
        else:
            self._in_turn(state, a)
            resume = "turn"
        if target == p:
            raise fail(a, f"{p} cannot play a ghost on their own house")
        self._hand(state, a, p, 1)
        g = self._from_hand(state, a, a.card, ("ghost",))
        f = target_floor(state, target)
        if f is None:
            raise fail(a, f"{target} has no room card to haunt")
        if state["houses"][target][f - 1]["ghosts"]:
            raise fail(a, f"{target}'s highest floor with a room, floor {f}, already has a ghost")
        state["hands"][p] -= 1
        if resume == "escape":
            esc = state["escape"]
            esc["ghosts_left"][p] -= 1
            if esc["ghosts_left"][p] == 0:
                esc["waiting"].remove(p)
        events: list[Event] = []
        self._arrive(state, a, g, target, f, p, resume, events)
        return events

    def _cat_defence(self, state: State, a: CatDefence) -> list[Event]:
        p = self._player(state, a, a.player)
        pd = state["pending"]
        if not pd:
            raise fail(a, "no ghost is waiting for an answer")
        if p != pd["player"]:
            raise fail(a, f"the ghost on floor {pd['floor']} is against {pd['player']}, not {p}")
        self._hand(state, a, p, 1)
        cat = self._from_hand(state, a, a.card, ("cat",)) if a.card else None
        fl = state["houses"][p][pd["floor"] - 1]
        fl["ghosts"].remove(pd["ghost"])
        state["hands"][p] -= 1
        state["clearing"].append(pd["ghost"])
        self._to_pile(state, [pd["ghost"], cat], 2)
        if cat is None:     # a cat nobody named: one of the cats whose place is unknown (the engine checks one can be)
            unnamed = state["discard"].setdefault("unnamed", {})
            unnamed["cat"] = unnamed.get("cat", 0) + 1
        state["pending"] = None
        events = [Event("cat_defence", f"{p} discards {cat or 'a cat'} from hand: {pd['by']}'s ghost "
                                       f"{pd['ghost']} is cancelled; discard it", {"player": p, "ghost": pd["ghost"]})]
        self._resume(state, pd["resume"], events)
        return events

    def _pass(self, state: State, a: Pass) -> list[Event]:
        p = self._player(state, a, a.player)
        pd = state["pending"]
        events: list[Event] = []
        if pd:
            if p != pd["player"]:
                raise fail(a, f"{pd['player']} must answer {pd['by']}'s ghost first (cat_defence or pass)")
            fl = state["houses"][p][pd["floor"] - 1]
            state["pending"] = None
            if not fl["lit"]:
                self._haunt(state, p, pd["floor"], events, f"The light of {p}'s floor {pd['floor']} is off")
            elif len(fl["ghosts"]) >= 2:
                self._haunt(state, p, pd["floor"], events,
                            f"Two ghosts on {p}'s lit floor {pd['floor']}: the light goes off")
            else:
                events.append(Event("ghost_stays", f"The light is on: {pd['ghost']} stays on {p}'s floor "
                                                   f"{pd['floor']}", {"player": p, "floor": pd["floor"]}))
            self._resume(state, pd["resume"], events)
            return events
        if state["phase"] != "escape":
            raise fail(a, "there is nothing to pass on: no ghost waits for an answer and nobody is escaping")
        esc = state["escape"]
        if p not in esc["waiting"]:
            raise fail(a, f"{p} is the one escaping" if p == esc["player"] else
                       f"{p} has answered {esc['player']}'s escape already")
        esc["waiting"].remove(p)
        events.append(Event("pass", f"{p} lets {esc['player']} go", {"player": p}))
        self._escape_step(state, events)
        return events

    def _place_cat(self, state: State, p: str, cat: str, f: int, s: str, a: Any, events: list[Event],
                   how: str) -> None:
        fl = state["houses"][p][f - 1]
        if not fl["rooms"][s]:
            raise fail(a, f"{p}'s floor {f} {s} holds no room: cats go on explored rooms")
        if fl["cats"][s]:
            raise fail(a, f"{fl['cats'][s]} already sits on {p}'s floor {f} {s}")
        if fl["ghosts"]:
            g = fl["ghosts"].pop(0)
            self._off_table(state, [cat, g])
            events.append(Event("cat_meets_ghost", f"{how} {cat} onto {p}'s floor {f}, where it meets {g}: "
                                                   f"discard both; the rooms "
                                                   f"stay", {"player": p, "cat": cat, "ghost": g}))
            return
        fl["cats"][s] = cat
        events.append(Event("cat", f"{how} {cat} onto {p}'s floor {f} ({'left' if s == 'L' else 'right'})",
                            {"player": p, "cat": cat, "floor": f, "side": s}))

    def _cat(self, state: State, a: Cat) -> list[Event]:
        p = self._in_turn(state, a)
        self._hand(state, a, p, 1)
        c = self._from_hand(state, a, a.card, ("cat",))
        f, s = self._space(a, a.floor, a.side)
        events: list[Event] = []
        self._place_cat(state, p, c, f, s, a, events, f"{p} plays")
        state["hands"][p] -= 1
        self._end_turn(state, events)
        return events

    def _light(self, state: State, a: Light) -> list[Event]:
        p = self._in_turn(state, a)
        f, _ = self._space(a, a.floor, "L")
        if not 2 <= len(a.cards) <= 3:
            raise fail(a, f"turning on a light costs 2 or 3 cards, not {len(a.cards)}")
        cards = [self._from_hand(state, a, c, ("room", "wild", "ghost", "cat", "special")) for c in a.cards]
        if len(set(cards)) != len(cards):
            raise fail(a, "a card is named twice")
        self._hand(state, a, p, len(cards))
        bulbs = sum(self.kit.bulbs(c) for c in cards)
        if bulbs < LIGHT_BULBS:
            raise fail(a, f"{', '.join(cards)} show {bulbs} lightbulb icon(s); the light needs {LIGHT_BULBS}")
        why = light_blocker(state, p, f)
        if why:
            raise fail(a, why)
        state["hands"][p] -= len(cards)
        self._to_pile(state, cards)
        state["houses"][p][f - 1]["lit"] = True
        events = [Event("light", f"{p} discards {', '.join(cards)} ({bulbs} lightbulbs) and turns on the light "
                                 f"of floor {f}: turn the floor card to its lit face", {"player": p, "floor": f})]
        self._end_turn(state, events)
        return events

    def _time_space_hole(self, state: State, a: TimeSpaceHole) -> list[Event]:
        p = self._in_turn(state, a)
        card = self._special(state, a, p)
        g = self._card(state, a, a.ghost, ("ghost",))
        where = locate(state, g)
        if not where:
            raise fail(a, f"{g} is not in any house")
        target = self._player(state, a, a.target)
        if target == p:
            raise fail(a, "the Time Space Hole sends a ghost to an opponent's house, not your own")
        f = target_floor(state, target)
        if f is None:
            raise fail(a, f"{target} has no room card for the ghost")
        if (where[0], where[1]) == (target, f):
            raise fail(a, f"{g} already haunts {target}'s floor {f}")
        if state["houses"][target][f - 1]["ghosts"] and not state["options"].get("hole_onto_ghost", True):
            raise fail(a, f"{target}'s floor {f} already has a ghost (option hole_onto_ghost is off)")
        state["houses"][where[0]][where[1] - 1]["ghosts"].remove(g)
        state["hands"][p] -= 1
        self._to_pile(state, [card])
        events = [Event("time_space_hole", f"{p} plays the Time Space Hole: move {g} from {where[0]}'s floor "
                                           f"{where[1]} to {target}'s floor {f}", {"player": p, "ghost": g})]
        self._arrive(state, a, g, target, f, p, "turn", events)
        return events

    def _light_bulb(self, state: State, a: LightBulb) -> list[Event]:
        p = self._in_turn(state, a)
        card = self._special(state, a, p)
        f, _ = self._space(a, a.floor, "L")
        why = light_blocker(state, p, f)
        if why:
            raise fail(a, why)
        state["hands"][p] -= 1
        self._to_pile(state, [card])
        state["houses"][p][f - 1]["lit"] = True
        events = [Event("light_bulb", f"{p} plays the Light Bulb: the light of floor {f} is on; turn the floor "
                                      f"card to its lit face", {"player": p, "floor": f})]
        self._end_turn(state, events)
        return events

    def _move_cat(self, state: State, a: Any, p: str, own: bool) -> list[Event]:
        card = self._special(state, a, p)
        cat = self._card(state, a, a.cat, ("cat",))
        where = locate(state, cat)
        f, s = self._space(a, a.floor, a.side)
        if not where:
            raise fail(a, f"{cat} is not in any house")
        if own and where[0] != p:
            raise fail(a, f"{cat} sits in {where[0]}'s house: the Elevator moves a cat of your own house")
        if own and where[1] == f:
            raise fail(a, f"{cat} is already on floor {f}: the Elevator moves a cat to another floor")
        if not own and where[0] == p:
            raise fail(a, f"{cat} is already in {p}'s house: Cat Food takes a cat from an opponent")
        src = state["houses"][where[0]][where[1] - 1]
        side = where[2].split(":")[1]
        src["cats"][side] = None
        events: list[Event] = []
        name = "the Elevator" if own else "Cat Food"
        self._place_cat(state, p, cat, f, s, a, events, f"{p} plays {name} and moves")
        state["hands"][p] -= 1
        self._to_pile(state, [card])
        self._end_turn(state, events)
        return events

    def _cat_food(self, state: State, a: CatFood) -> list[Event]:
        return self._move_cat(state, a, self._in_turn(state, a), own=False)

    def _elevator(self, state: State, a: Elevator) -> list[Event]:
        return self._move_cat(state, a, self._in_turn(state, a), own=True)

    def _lightning(self, state: State, a: Lightning) -> list[Event]:
        p = self._in_turn(state, a)
        card = self._special(state, a, p)
        target = self._player(state, a, a.target)
        if target == p:
            raise fail(a, "Lightning strikes an opponent's house, not your own")
        f = target_floor(state, target)
        if f is None:
            raise fail(a, f"{target} has explored no room")
        fl = state["houses"][target][f - 1]
        if not fl["lit"]:
            raise fail(a, f"the light of {target}'s floor {f} (the highest with a room) is already off")
        state["hands"][p] -= 1
        self._to_pile(state, [card])
        fl["lit"] = False
        events = [Event("lightning", f"{p} plays Lightning: the light of {target}'s floor {f} goes off; turn the "
                                     f"floor card to its dark face", {"player": target, "floor": f})]
        if fl["ghosts"] and state["options"].get("lightning_ghost", "discard") == "discard":
            self._haunt(state, target, f, events, f"The ghost on {target}'s floor {f} is in the dark now")
        self._end_turn(state, events)
        return events

    def _discard(self, state: State, a: Discard) -> list[Event]:
        p = self._in_turn(state, a)
        if a.count < 1:
            raise fail(a, "discard at least 1 card")
        self._hand(state, a, p, a.count)
        state["hands"][p] -= a.count
        self._to_pile(state, [], a.count)
        events = [Event("discard", f"{p} discards {a.count} card(s) face down", {"player": p, "count": a.count})]
        self._draw(state, p, a.count, events)
        self._end_turn(state, events)
        return events


#: the actions each phase allows (the engine refuses the others): during an
#: escape only ghosts against the escaper and the answers to them
PHASES: dict[str, tuple[type[Action], ...]] = {
    "turn": ACTIONS, "escape": (Ghost, CatDefence, Pass), "over": ()}
