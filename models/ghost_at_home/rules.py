"""The rules of Ghost at Home: the state, its set-up and what each action does
to it (what a state says, read without changing it: house.py).

The state is plain JSON::

    {"players": ["RED", "BLUE"], "options": {...},
     "houses": {"RED": [floor 1, floor 2, floor 3]},     # each floor:
         # {"lit": false, "rooms": {"L": "GAH:ROOM:1A", "R": null},
         #  "cats": {"L": null, "R": null}, "ghosts": []}
     "hands": {"RED": 3},                  # how many cards each hand holds (never which)
     "deck": 47,                           # cards left in the deck
     "discard": {"count": 4, "seen": [...]},   # the pile: its size, and the cards seen going
                                           # there since the last reshuffle, sorted (the rest are secret)
     "phase": "turn" | "escape" | "over", "turn": "RED", "turns": 0,
     "pending": null | {"player": "BLUE", "by": "RED", "ghost": "GAH:GHOST:2", "floor": 2,
                        "resume": "turn" | "escape"},    # BLUE may answer with a cat from hand
     "escape": null | {"player": "RED", "waiting": ["BLUE"], "ghosts_left": {"BLUE": 2}},
     "winner": null, "clearing": [...],    # cards the last action sent to the pile that may still lie
                                           # on the table (a light's payment laid face up for the camera)
     "lit_by": {"RED:1": ["GAH:ROOM:1D", "GAH:ROOM:2C"]},   # what paid for each floor's last light
     "untold": [{"player": "BLUE", "floor": 1, "paid": 1, "most": 3}]}
                                           # lights no camera saw paid (light_unseen), until light_told
                                           # names the payment: counted meanwhile as the fewest cards
                                           # they can have cost (paid), of at most ``most``; by player
                                           # and floor, so that the order of unseen moves leaves no trace

Nothing in the state is secret: the engine never knows what a hand holds, only
how many cards; a card is known from the moment it is played on the table.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, Event, GameSetupError, IllegalAction, State
from ..text import Text, tr, trn
from .actions import (
    ACTIONS,
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
from .house import (
    cats_of,
    deck_doubt,
    empty_floor,
    floor_full,
    fully_explored,
    ghost_can_vanish,
    light_blocker,
    lit_key,
    locate,
    rooms_of,
    seat_after,
    seats_from,
    target_floor,
    untold,
)
from .kit import FLOORS, SIDES, Kit

HAND_SIZE = 3
LIGHT_BULBS = 5

def not_of_kind(card: str, kind: str, wanted: tuple[str, ...]) -> Text:
    """Why ``card`` (of ``kind``) is not one of the ``wanted`` kinds, said whole
    (a card type is a word no sentence takes as a parameter: it would not agree)."""
    if wanted == ("ghost",):
        if kind == "room":
            return tr("{card} is a room card, not a ghost card", card=card)
        if kind == "wild":
            return tr("{card} is a wild card, not a ghost card", card=card)
        if kind == "cat":
            return tr("{card} is a cat card, not a ghost card", card=card)
        if kind == "special":
            return tr("{card} is a special card, not a ghost card", card=card)
    if wanted == ("cat",):
        if kind == "room":
            return tr("{card} is a room card, not a cat card", card=card)
        if kind == "wild":
            return tr("{card} is a wild card, not a cat card", card=card)
        if kind == "ghost":
            return tr("{card} is a ghost card, not a cat card", card=card)
        if kind == "special":
            return tr("{card} is a special card, not a cat card", card=card)
    if wanted == ("room", "wild"):
        if kind == "ghost":
            return tr("{card} is a ghost card, not a room or wild card", card=card)
        if kind == "cat":
            return tr("{card} is a cat card, not a room or wild card", card=card)
        if kind == "special":
            return tr("{card} is a special card, not a room or wild card", card=card)
    # card types (catalog identifiers) the sentences above do not know
    return tr("{card} is of card type {kind}, not {wanted}", card=card, kind=kind, wanted=" | ".join(wanted))


# --------------------------------------------------------------------------- setup


def setup(kit: Kit, players: Sequence[str], options: dict[str, Any]) -> State:
    for p in players:
        if not kit.has_house(p):
            raise GameSetupError(tr("no house for seat colour {colour} in the catalog (floors.csv needs its six "
                                    "floor faces); houses: {houses}", colour=p, houses=", ".join(sorted(kit.houses))))
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
        "lit_by": {},
        "untold": [],
    }


# --------------------------------------------------------------------------- apply


def empty_handed(state: State, player: str) -> bool:
    """Whether ``player`` holds no card while cards are left to draw: a turn
    that comes to them so cannot be played as it comes, and the option
    ``empty_hand`` passes it or draws first (:meth:`Rules._empty_hand`)."""
    return state["hands"][player] == 0 and state["deck"] + state["discard"]["count"] > 0


def empty_hand_draws(state: State) -> bool:
    """Whether the option ``empty_hand`` has an empty-handed player draw and
    play (``draw``) rather than pass (``pass``, the default; a game journalled
    before the option existed passes)."""
    return state["options"].get("empty_hand", "pass") == "draw"


def on_pile(card: str) -> Text:
    """Why a card seen going to the discard pile cannot be played: unless the
    pile was shuffled back into the deck since, which the console says."""
    return tr("{card} is in the discard pile (shuffled into the deck since? count the deck on the console: "
              "deck_counted, reshuffled)", card=card)


class DeckInDoubt(Exception):
    """A draw that may run the deck out while a light's cost is untold: the
    action that ends the turn is refused with :attr:`reason`."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Untold(IllegalAction):
    """An action refused only until the console says what a light cost (or
    counts the deck): the table is not wrong, the referee must first know how
    many cards the deck holds. ``why``: what to say, without the action."""

    def __init__(self, reason: str, why: str):
        super().__init__(reason)
        self.why = why


def fail(action: Any, reason: str) -> IllegalAction:
    """The refusal of ``action``: its type (as it is in every language), then why."""
    return IllegalAction(tr("{action}: {reason}", action=action.type, reason=reason))


class Rules:
    """Applies actions to a state (a private copy, see ``Game.apply``)."""

    def __init__(self, kit: Kit):
        self.kit = kit

    def handlers(self) -> dict[type[Action], Callable[[State, Any], list[Event]]]:
        """The dispatch table: each action class and the method that applies it."""
        return {Rooms: self._rooms, Ghost: self._ghost, CatDefence: self._cat_defence, Pass: self._pass,
                Cat: self._cat, Light: self._light, TimeSpaceHole: self._time_space_hole,
                LightBulb: self._light_bulb, CatFood: self._cat_food, Elevator: self._elevator,
                Lightning: self._lightning, Discard: self._discard, LightUnseen: self._light_unseen,
                LightTold: self._light_told, GhostUnseen: self._ghost_unseen, DeckCounted: self._deck_counted}

    def apply(self, state: State, action: Any) -> list[Event]:
        if not isinstance(action, BOOKKEEPING):     # what the console says at any time moves nothing on the table
            state["clearing"] = []
        try:
            return self.handlers()[type(action)](state, action)
        except DeckInDoubt as e:        # a draw, deep in whichever action ends a turn
            raise Untold(fail(action, e.reason).reason, e.reason) from None

    # ---- checks

    def _player(self, state: State, a: Any, name: str) -> str:
        p = name.strip().upper()
        if p not in state["players"]:
            raise fail(a, tr("{name!r} is not playing (players: {players})", name=name,
                             players=", ".join(state["players"])))
        return p

    def _in_turn(self, state: State, a: Any) -> str:
        """The acting player, who must be the one whose turn it is, with nothing pending."""
        p = self._player(state, a, a.player)
        if state["pending"]:
            pd = state["pending"]
            raise fail(a, tr("{player} must first answer {by}'s ghost on floor {floor} (cat_defence or pass)",
                             player=pd["player"], by=pd["by"], floor=pd["floor"]))
        if state["phase"] == "escape":
            esc = state["escape"]
            raise fail(a, tr("{player} is escaping: only ghosts against {player} and passes from {waiting} now",
                             player=esc["player"], waiting=", ".join(esc["waiting"])))
        if p != state["turn"]:
            raise fail(a, tr("it is {turn}'s turn, not {player}'s", turn=state["turn"], player=p))
        return p

    def _hand(self, state: State, a: Any, p: str, n: int) -> None:
        if state["hands"][p] < n:
            raise fail(a, trn("{player} holds {n} card, not {needed}", "{player} holds {n} card(s), not {needed}",
                              state["hands"][p], player=p, needed=n))

    def _card(self, state: State, a: Any, text: str, kinds: tuple[str, ...]) -> str:
        """A card named in an action, of one of ``kinds``."""
        c = self.kit.card(text)
        if c is None:
            raise fail(a, tr("there is no card {text!r} in Ghost at Home", text=text))
        if self.kit.kind(c) not in kinds:
            raise fail(a, not_of_kind(self.kit.said(c), self.kit.kind(c), kinds))
        return c

    def _from_hand(self, state: State, a: Any, text: str, kinds: tuple[str, ...]) -> str:
        """A card played from a hand: it must not lie on the table or in the discard pile."""
        c = self._card(state, a, text, kinds)
        where = locate(state, c)
        if where:
            raise fail(a, tr("{card} already lies on {player}'s floor {floor}", card=self.kit.said(c), player=where[0],
                             floor=where[1]))
        if c in state["discard"]["seen"]:
            raise fail(a, on_pile(self.kit.said(c)))
        if self.kit.kind(c) == "cat" and self.unknown_cats(state) < 1:
            raise fail(a, self.no_cat_left(state))
        return c

    def no_cat_left(self, state: State) -> Text:
        """Why no hand can hold a cat: every cat is on the table or on the pile.
        When some lie on the pile, it may have been shuffled into the deck since
        (a count of the deck no camera follows: discards made before the table
        settled), and the console can say so."""
        pile = state["discard"]
        if any(self.kit.kind(c) == "cat" for c in pile["seen"]) or pile.get("unnamed", {}).get("cat", 0):
            return tr("every cat is on the table or on the discard pile: no hand can hold one (the pile shuffled into "
                      "the deck since? count the deck on the console: deck_counted, reshuffled)")
        return tr("every cat is on the table or on the discard pile: no hand can hold one")

    def unknown_cats(self, state: State) -> int:
        """How many cats may be in a hand (or the deck, or face down on the pile): the catalog's cats less
        those on the table, those seen going to the discard pile since the last reshuffle, and those
        discarded unnamed since then."""
        cats = [c for c in self.kit.cards if self.kit.kind(c) == "cat"]
        known = sum(1 for c in cats if locate(state, c) or c in state["discard"]["seen"])
        return len(cats) - known - state["discard"].get("unnamed", {}).get("cat", 0)

    def _special(self, state: State, a: Any, p: str) -> str:
        c = self.kit.specials.get(a.type)
        if c is None:
            raise fail(a, tr("the catalog has no {effect} card", effect=a.type))
        self._hand(state, a, p, 1)
        if c in state["discard"]["seen"]:
            raise fail(a, on_pile(self.kit.said(c)))
        return c

    def _space(self, a: Any, floor: Any, side: Any) -> tuple[int, str]:
        if floor not in FLOORS:
            raise fail(a, tr("floor must be 1, 2 or 3, not {floor!r}", floor=floor))
        s = str(side).strip().upper()
        if s not in SIDES:
            raise fail(a, tr("side must be L or R, not {side!r}", side=side))
        return floor, s

    # ---- the pile and the deck

    def _to_pile(self, state: State, cards: Sequence[str | None], count: int | None = None) -> None:
        state["discard"]["count"] += len(cards) if count is None else count
        # sorted: moves no camera saw in order leave the same record in either order
        state["discard"]["seen"] = sorted([*state["discard"]["seen"], *(c for c in cards if c)])

    def _off_table(self, state: State, cards: Sequence[str]) -> None:
        """Cards leaving the table for the discard pile, which may still lie on it
        until the next action (the table has a chore): a haunted floor's rooms, a
        ghost and the cat it met, a light's payment laid face up for the camera."""
        self._to_pile(state, cards)
        state["clearing"].extend(cards)

    def _draw(self, state: State, p: str, n: int, events: list[Event]) -> None:
        got = 0
        for _ in range(n):
            if 0 < deck_doubt(state) >= state["deck"]:
                u = next(u for u in untold(state) if u["most"] > u["paid"])
                raise DeckInDoubt(tr("say first how {player}'s light of floor {floor} was paid (or count the deck): "
                                     "the deck may be running out, and how many cards it holds depends on it",
                                     player=u["player"], floor=u["floor"]))
            if state["deck"] == 0:
                if state["discard"]["count"] == 0:
                    break
                state["deck"] = state["discard"]["count"]
                state["discard"] = {"count": 0, "seen": []}
                events.append(Event("reshuffle", tr("The deck ran out: shuffle the discard pile into a new deck")))
            state["deck"] -= 1
            state["hands"][p] += 1
            got += 1
        if got:
            events.append(Event("draw", trn("{player} draws {n} card", "{player} draws {n} card(s)", got, player=p),
                                {"player": p, "count": got}))

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
            text = (tr("{player}'s house is fully explored: {player} tries to escape! {others} may play up to 2 "
                       "ghosts to stop it", player=p, others=", ".join(others)) if n == 2 else
                    tr("{player}'s house is fully explored: {player} tries to escape! {others} may play a ghost "
                       "to stop it", player=p, others=", ".join(others)))
            events.append(Event("escape", text, {"player": p}))
            return
        self._refill(state, p, events)
        state["turn"] = seat_after(state, p)
        nxt = state["turn"]
        if empty_handed(state, nxt):
            self._empty_hand(state, nxt, events)

    def _empty_hand(self, state: State, p: str, events: list[Event]) -> None:
        """``p``'s turn comes with no card in hand (every one went on cat
        defences in the other players' turns). Every action needs a card and
        the rulebook does not say what then, so the option ``empty_hand``
        decides (a guess): ``pass`` = the turn ends at once and ``p`` draws
        up to 3, as at every turn's end; ``draw`` = ``p`` draws up to 3 and
        plays. Before, no action was legal and the game could not go on."""
        if empty_hand_draws(state):
            events.append(Event("empty_hand", tr("{player} holds no card: {player} draws up to 3 cards and plays",
                                                 player=p), {"player": p}))
            self._refill(state, p, events)
            return
        events.append(Event("empty_hand", tr("{player} holds no card: the turn passes, and {player} draws up to 3 "
                                             "cards", player=p), {"player": p}))
        self._end_turn(state, events)

    def _escape_step(self, state: State, events: list[Event]) -> None:
        esc = state["escape"]
        x = esc["player"]
        if not fully_explored(state, x):
            events.append(Event("escape_stopped", tr("{player}'s escape is stopped; everyone refills to 3 cards, "
                                                     "starting with {player}", player=x), {"player": x}))
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
            events.append(Event("escaped", tr("Nobody stopped {player}: {player} escapes the haunted house and wins!",
                                              player=x), {"player": x}))

    def _resume(self, state: State, how: str, events: list[Event]) -> None:
        if how == "escape":
            self._escape_step(state, events)
        else:
            self._end_turn(state, events)

    # ---- ghosts arriving on a floor

    def _arrive(self, state: State, a: Any, ghost: str, target: str, floor: int, by: str, resume: str,
                events: list[Event]) -> None:
        fl = state["houses"][target][floor - 1]
        cat = self._met_cat(state, a, cats_of(fl), target, floor)
        if cat is not None:
            fl["cats"] = {s: (None if c == cat else c) for s, c in fl["cats"].items()}
            self._off_table(state, [ghost, cat])
            events.append(Event("ghost_meets_cat", tr("{ghost} meets {cat} on {player}'s floor {floor}: discard "
                                                      "both", ghost=self.kit.said(ghost), cat=self.kit.said(cat),
                                                      player=target, floor=floor),
                                {"ghost": ghost, "cat": cat, "player": target}))
            self._resume(state, resume, events)
            return
        fl["ghosts"].append(ghost)
        state["pending"] = {"player": target, "by": by, "ghost": ghost, "floor": floor, "resume": resume}
        if fl["lit"]:
            text = tr("{by}'s {ghost} comes to {player}'s floor {floor} (lit): {player} may discard a cat "
                      "from hand to cancel it", by=by, ghost=self.kit.said(ghost), player=target, floor=floor)
        else:
            text = tr("{by}'s {ghost} comes to {player}'s floor {floor} (dark): {player} may discard a cat "
                      "from hand to cancel it", by=by, ghost=self.kit.said(ghost), player=target, floor=floor)
        events.append(Event("ghost", text, {"ghost": ghost, "player": target, "floor": floor}))

    def _met_cat(self, state: State, a: Any, cats: list[str], target: str, floor: int) -> str | None:
        """The cat of ``cats``, on ``target``'s ``floor``, that a ghost arriving
        there meets: the one ``a.cat`` names (the table shows which went), else
        the left one; None on a floor with no cat."""
        if not cats:
            if a.cat is not None:
                raise fail(a, tr("no cat sits on {player}'s floor {floor}: name no cat for the ghost to meet",
                                 player=target, floor=floor))
            return None
        if a.cat is None:
            return cats[0]
        cat = self._card(state, a, a.cat, ("cat",))
        if cat not in cats:
            raise fail(a, tr("{cat} is not on {player}'s floor {floor} (cats there: {cats})", cat=self.kit.said(cat),
                             player=target, floor=floor, cats=self.kit.listed(cats)))
        return cat

    def _haunt(self, state: State, p: str, floor: int, events: list[Event], why: Text) -> None:
        """The floor's rooms and ghosts are discarded and its light goes off."""
        fl = state["houses"][p][floor - 1]
        gone = rooms_of(fl) + list(fl["ghosts"])
        fl["rooms"] = {"L": None, "R": None}
        fl["ghosts"] = []
        fl["lit"] = False
        self._off_table(state, gone)
        events.append(Event("haunted", tr("{why}: discard {cards} from {player}'s floor {floor}", why=why,
                                          cards=self.kit.listed(gone), player=p, floor=floor),
                            {"player": p, "floor": floor, "cards": gone}))

    # ---- actions

    def _rooms(self, state: State, a: Rooms) -> list[Event]:
        p = self._in_turn(state, a)
        if not a.rooms:
            raise fail(a, tr("name at least one room card"))
        self._hand(state, a, p, len(a.rooms))
        plays = []
        for r in a.rooms:
            if not isinstance(r, dict) or set(r) - {"card", "floor", "side"} or "card" not in r:
                raise fail(a, f"each room is {{\"card\", \"floor\", \"side\"}}, not {r!r}")
            c = self._from_hand(state, a, str(r["card"]), ("room", "wild"))
            f, s = self._space(a, r.get("floor"), r.get("side"))
            if self.kit.kind(c) == "room" and self.kit.floor_of(c) != f:
                raise fail(a, tr("{card} is a floor {own} room, not a floor {floor} room", card=self.kit.said(c),
                                 own=self.kit.floor_of(c), floor=f))
            plays.append((f, s, c))
        if len({c for _, _, c in plays}) != len(plays):
            raise fail(a, tr("a card is named twice"))
        house = state["houses"][p]
        events = []
        for f, s, c in sorted(plays, key=lambda t: t[0]):
            fl = house[f - 1]
            if fl["rooms"][s]:
                raise fail(a, tr("{player}'s floor {floor} {side} already holds {card}", player=p, floor=f, side=s,
                                 card=self.kit.said(fl["rooms"][s])))
            low = next((g for g in FLOORS[: f - 1] if not floor_full(house[g - 1])), None)
            if low is not None:
                raise fail(a, tr("fill every lower floor first: floor {lower} holds {rooms} of 2 rooms", lower=low,
                                 rooms=len(rooms_of(house[low - 1]))))
            fl["rooms"][s] = c
            if s == "L":
                text = tr("{player} explores floor {floor} (left) with {room}", player=p, floor=f,
                          room=self.kit.said(c))
            else:
                text = tr("{player} explores floor {floor} (right) with {room}", player=p, floor=f,
                          room=self.kit.said(c))
            events.append(Event("room", text, {"player": p, "floor": f, "side": s, "card": c}))
        state["hands"][p] -= len(plays)
        self._end_turn(state, events)
        return events

    def _ghost(self, state: State, a: Ghost) -> list[Event]:
        p, target, f, resume, g = self._ghost_play(state, a, a.card)
        assert g is not None
        self._ghost_left_hand(state, p, resume)
        events: list[Event] = []
        self._arrive(state, a, g, target, f, p, resume, events)
        return events

    def _ghost_unseen(self, state: State, a: GhostUnseen) -> list[Event]:
        p, target, f, resume, _ = self._ghost_play(state, a, None)
        fl = state["houses"][target][f - 1]
        if not ghost_can_vanish(fl):
            raise fail(a, tr("{player}'s floor {floor} is lit and holds no cat: a ghost played there stays, and the "
                             "camera would see it", player=target, floor=f))
        cat = self._met_cat(state, a, cats_of(fl), target, f)
        self._ghost_left_hand(state, p, resume)
        self._to_pile(state, [None])              # the ghost: which one, no camera saw
        where = {"by": p, "player": target, "floor": f}
        if cat is not None:
            fl["cats"] = {s: (None if c == cat else c) for s, c in fl["cats"].items()}
            self._off_table(state, [cat])
            events = [Event("ghost_meets_cat", tr("{by} played a ghost the camera did not see on {player}'s floor "
                                                  "{floor}: it met {cat}; both are on the discard pile",
                                                  cat=self.kit.said(cat), **where),
                            {"cat": cat, "player": target})]
        else:
            events = []
            self._haunt(state, target, f, events,
                        tr("{by} played a ghost the camera did not see on {player}'s dark floor {floor} and {player} "
                           "let it in", **where))
        self._resume(state, resume, events)
        return events

    def _ghost_play(self, state: State, a: Ghost | GhostUnseen,
                    card: str | None) -> tuple[str, str, int, str, str | None]:
        """Who plays a ghost on whom, the floor it goes to, what comes after it
        (the turn's end, or the escape's next answer) and the ghost ``card``
        named (None: unnamed): the checks every ghost from a hand passes."""
        p = self._player(state, a, a.player)
        target = self._player(state, a, a.target)
        if state["pending"]:
            self._in_turn(state, a)
        if state["phase"] == "escape":
            esc = state["escape"]
            if p not in esc["waiting"]:
                raise fail(a, tr("{player} has answered {escaper}'s escape already", player=p,
                                 escaper=esc["player"]) if p != esc["player"] else
                           tr("{player} is the one escaping", player=p))
            if target != esc["player"]:
                raise fail(a, tr("{player} is escaping: a ghost now can only go to {player}", player=esc["player"]))
            resume = "escape"
        else:
            self._in_turn(state, a)
            resume = "turn"
        if target == p:
            raise fail(a, tr("{player} cannot play a ghost on their own house", player=p))
        self._hand(state, a, p, 1)
        g = None if card is None else self._from_hand(state, a, card, ("ghost",))
        f = target_floor(state, target)
        if f is None:
            raise fail(a, tr("{player} has no room card to haunt", player=target))
        if state["houses"][target][f - 1]["ghosts"]:
            raise fail(a, tr("{player}'s highest floor with a room, floor {floor}, already has a ghost",
                             player=target, floor=f))
        return p, target, f, resume, g

    def _ghost_left_hand(self, state: State, p: str, resume: str) -> None:
        state["hands"][p] -= 1
        if resume == "escape":
            esc = state["escape"]
            esc["ghosts_left"][p] -= 1
            if esc["ghosts_left"][p] == 0:
                esc["waiting"].remove(p)

    def _cat_defence(self, state: State, a: CatDefence) -> list[Event]:
        p = self._player(state, a, a.player)
        pd = state["pending"]
        if not pd:
            raise fail(a, tr("no ghost is waiting for an answer"))
        if p != pd["player"]:
            raise fail(a, tr("the ghost on floor {floor} is against {target}, not {player}", floor=pd["floor"],
                             target=pd["player"], player=p))
        self._hand(state, a, p, 1)
        cat = self._from_hand(state, a, a.card, ("cat",)) if a.card else None
        if cat is None and self.unknown_cats(state) < 1:
            # checked here, before the turn ends: the refill after the defence may reshuffle the pile into a
            # new deck, which would make the pile's cats unknown again, but only after this cat left the hand
            raise fail(a, self.no_cat_left(state))
        fl = state["houses"][p][pd["floor"] - 1]
        fl["ghosts"].remove(pd["ghost"])
        state["hands"][p] -= 1
        state["clearing"].append(pd["ghost"])
        self._to_pile(state, [pd["ghost"], cat], 2)
        if cat is None:     # a cat nobody named: one of the cats whose place is unknown (the engine checks one can be)
            unnamed = state["discard"].setdefault("unnamed", {})
            unnamed["cat"] = unnamed.get("cat", 0) + 1
        state["pending"] = None
        if cat:
            text = tr("{player} discards {cat} from hand: {by}'s {ghost} is cancelled; discard it", player=p,
                      cat=self.kit.said(cat), by=pd["by"], ghost=self.kit.said(pd["ghost"]))
        else:
            text = tr("{player} discards a cat from hand: {by}'s {ghost} is cancelled; discard it", player=p,
                      by=pd["by"], ghost=self.kit.said(pd["ghost"]))
        events = [Event("cat_defence", text, {"player": p, "ghost": pd["ghost"]})]
        self._resume(state, pd["resume"], events)
        return events

    def _pass(self, state: State, a: Pass) -> list[Event]:
        p = self._player(state, a, a.player)
        pd = state["pending"]
        events: list[Event] = []
        if pd:
            if p != pd["player"]:
                raise fail(a, tr("{player} must answer {by}'s ghost first (cat_defence or pass)",
                                 player=pd["player"], by=pd["by"]))
            fl = state["houses"][p][pd["floor"] - 1]
            state["pending"] = None
            if not fl["lit"]:
                self._haunt(state, p, pd["floor"], events,
                            tr("The light of {player}'s floor {floor} is off", player=p, floor=pd["floor"]))
            elif len(fl["ghosts"]) >= 2:
                self._haunt(state, p, pd["floor"], events,
                            tr("Two ghosts on {player}'s lit floor {floor}: the light goes off", player=p,
                               floor=pd["floor"]))
            else:
                events.append(Event("ghost_stays", tr("The light is on: {ghost} stays on {player}'s floor {floor}",
                                                      ghost=self.kit.said(pd["ghost"]), player=p, floor=pd["floor"]),
                                    {"player": p, "floor": pd["floor"]}))
            self._resume(state, pd["resume"], events)
            return events
        if state["phase"] != "escape":
            raise fail(a, tr("there is nothing to pass on: no ghost waits for an answer and nobody is escaping"))
        esc = state["escape"]
        if p not in esc["waiting"]:
            raise fail(a, tr("{player} is the one escaping", player=p) if p == esc["player"] else
                       tr("{player} has answered {escaper}'s escape already", player=p, escaper=esc["player"]))
        esc["waiting"].remove(p)
        events.append(Event("pass", tr("{player} lets {escaper} go", player=p, escaper=esc["player"]),
                            {"player": p}))
        self._escape_step(state, events)
        return events

    def _place_cat(self, state: State, p: str, cat: str, f: int, s: str, a: Any, events: list[Event],
                   how: str) -> None:
        """``how``: the card that puts the cat there (``cat``, ``cat_food`` or ``elevator``)."""
        fl = state["houses"][p][f - 1]
        if not fl["rooms"][s]:
            raise fail(a, tr("{player}'s floor {floor} {side} holds no room: cats go on explored rooms", player=p,
                             floor=f, side=s))
        if fl["cats"][s]:
            raise fail(a, tr("{cat} already sits on {player}'s floor {floor} {side}",
                             cat=self.kit.said(fl["cats"][s]), player=p,
                             floor=f, side=s))
        if fl["ghosts"]:
            g = fl["ghosts"].pop(0)
            self._off_table(state, [cat, g])
            if how == "cat_food":
                text = tr("{player} plays Cat Food and moves {cat} onto {player}'s floor {floor}, where it meets "
                          "{ghost}: discard both; the rooms stay",
                          player=p, cat=self.kit.said(cat), floor=f, ghost=self.kit.said(g))
            elif how == "elevator":
                text = tr("{player} plays the Elevator and moves {cat} onto {player}'s floor {floor}, where it "
                          "meets {ghost}: discard both; the rooms stay",
                          player=p, cat=self.kit.said(cat), floor=f, ghost=self.kit.said(g))
            else:
                text = tr("{player} plays {cat} onto {player}'s floor {floor}, where it meets {ghost}: discard "
                          "both; the rooms stay", player=p, cat=self.kit.said(cat), floor=f, ghost=self.kit.said(g))
            events.append(Event("cat_meets_ghost", text, {"player": p, "cat": cat, "ghost": g}))
            return
        fl["cats"][s] = cat
        if how == "cat_food" and s == "L":
            text = tr("{player} plays Cat Food and moves {cat} onto {player}'s floor {floor} (left)", player=p,
                      cat=self.kit.said(cat), floor=f)
        elif how == "cat_food":
            text = tr("{player} plays Cat Food and moves {cat} onto {player}'s floor {floor} (right)", player=p,
                      cat=self.kit.said(cat), floor=f)
        elif how == "elevator" and s == "L":
            text = tr("{player} plays the Elevator and moves {cat} onto {player}'s floor {floor} (left)", player=p,
                      cat=self.kit.said(cat), floor=f)
        elif how == "elevator":
            text = tr("{player} plays the Elevator and moves {cat} onto {player}'s floor {floor} (right)",
                      player=p, cat=self.kit.said(cat), floor=f)
        elif s == "L":
            text = tr("{player} plays {cat} onto {player}'s floor {floor} (left)",
                      player=p, cat=self.kit.said(cat), floor=f)
        else:
            text = tr("{player} plays {cat} onto {player}'s floor {floor} (right)",
                      player=p, cat=self.kit.said(cat), floor=f)
        events.append(Event("cat", text, {"player": p, "cat": cat, "floor": f, "side": s}))

    def _cat(self, state: State, a: Cat) -> list[Event]:
        p = self._in_turn(state, a)
        self._hand(state, a, p, 1)
        c = self._from_hand(state, a, a.card, ("cat",))
        f, s = self._space(a, a.floor, a.side)
        events: list[Event] = []
        self._place_cat(state, p, c, f, s, a, events, "cat")
        state["hands"][p] -= 1
        self._end_turn(state, events)
        return events

    def _light(self, state: State, a: Light) -> list[Event]:
        p = self._in_turn(state, a)
        f, _ = self._space(a, a.floor, "L")
        if not 2 <= len(a.cards) <= 3:
            raise fail(a, tr("turning on a light costs 2 or 3 cards, not {count}", count=len(a.cards)))
        cards, bulbs = self._payment(state, a, a.cards, from_hand=p)
        why = light_blocker(state, p, f)
        if why:
            raise fail(a, why)
        state["hands"][p] -= len(cards)
        self._off_table(state, sorted(cards))   # a payment laid face up for the camera may still lie there
        state["houses"][p][f - 1]["lit"] = True
        self._paid_for(state, p, f, cards)
        events = [Event("light", tr("{player} discards {cards} ({bulbs} lightbulbs) and turns on the light of floor "
                                    "{floor}: turn the floor card to its lit face", player=p,
                                    cards=self.kit.listed(cards), bulbs=bulbs, floor=f),
                        {"player": p, "floor": f})]
        self._end_turn(state, events)
        return events

    def _payment(self, state: State, a: Any, named: Sequence[str], from_hand: str | None) -> tuple[list[str], int]:
        """The cards ``named`` as a light's payment, checked as the rules check
        one (each from a hand, none twice, no more cats than may be in hands, 5
        lightbulbs; the hand of ``from_hand`` holding them all, when it pays now),
        and their lightbulbs."""
        cards = [self._from_hand(state, a, c, ("room", "wild", "ghost", "cat", "special")) for c in named]
        if len(set(cards)) != len(cards):
            raise fail(a, tr("a card is named twice"))
        if sum(1 for c in cards if self.kit.kind(c) == "cat") > self.unknown_cats(state):
            raise fail(a, self.no_cat_left(state))
        if from_hand is not None:
            self._hand(state, a, from_hand, len(cards))
        bulbs = sum(self.kit.bulbs(c) for c in cards)
        if bulbs < LIGHT_BULBS:
            raise fail(a, trn("{cards} show {n} lightbulb icon(s); the light needs {needed}",
                              "{cards} show {n} lightbulb icon(s); the light needs {needed}", bulbs,
                              cards=self.kit.listed(cards), needed=LIGHT_BULBS))
        return cards, bulbs

    def _paid_for(self, state: State, p: str, f: int, cards: list[str]) -> None:
        """What paid for ``p``'s floor ``f``'s light, on record (``lit_by``), sorted:
        the order a payment is named in means nothing."""
        state.setdefault("lit_by", {})[lit_key(p, f)] = sorted(cards)

    def _time_space_hole(self, state: State, a: TimeSpaceHole) -> list[Event]:
        p = self._in_turn(state, a)
        card = self._special(state, a, p)
        g = self._card(state, a, a.ghost, ("ghost",))
        where = locate(state, g)
        if not where:
            raise fail(a, tr("{ghost} is not in any house", ghost=self.kit.said(g)))
        target = self._player(state, a, a.target)
        if target == p:
            raise fail(a, tr("the Time Space Hole sends a ghost to an opponent's house, not your own"))
        f = target_floor(state, target)
        if f is None:
            raise fail(a, tr("{player} has no room card for the ghost", player=target))
        if (where[0], where[1]) == (target, f):
            raise fail(a, tr("{ghost} already haunts {player}'s floor {floor}",
                             ghost=self.kit.said(g), player=target, floor=f))
        if state["houses"][target][f - 1]["ghosts"] and not state["options"].get("hole_onto_ghost", True):
            raise fail(a, tr("{player}'s floor {floor} already has a ghost (option hole_onto_ghost is off)",
                             player=target, floor=f))
        state["houses"][where[0]][where[1] - 1]["ghosts"].remove(g)
        state["hands"][p] -= 1
        self._to_pile(state, [card])
        events = [Event("time_space_hole", tr("{player} plays the Time Space Hole: move {ghost} from {source}'s "
                                              "floor {source_floor} to {target}'s floor {floor}",
                                              player=p, ghost=self.kit.said(g),
                                              source=where[0], source_floor=where[1], target=target, floor=f),
                        {"player": p, "ghost": g})]
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
        self._off_table(state, [card])          # laid face up for the camera, it may still lie there
        state["houses"][p][f - 1]["lit"] = True
        self._paid_for(state, p, f, [card])
        events = [Event("light_bulb", tr("{player} plays the Light Bulb: the light of floor {floor} is on; turn the "
                                         "floor card to its lit face", player=p, floor=f), {"player": p, "floor": f})]
        self._end_turn(state, events)
        return events

    def _move_cat(self, state: State, a: Any, p: str, own: bool) -> list[Event]:
        card = self._special(state, a, p)
        cat = self._card(state, a, a.cat, ("cat",))
        where = locate(state, cat)
        f, s = self._space(a, a.floor, a.side)
        if not where:
            raise fail(a, tr("{cat} is not in any house", cat=self.kit.said(cat)))
        if own and where[0] != p:
            raise fail(a, tr("{cat} sits in {owner}'s house: the Elevator moves a cat of your own house",
                             cat=self.kit.said(cat),
                             owner=where[0]))
        if own and where[1] == f:
            raise fail(a, tr("{cat} is already on floor {floor}: the Elevator moves a cat to another floor",
                             cat=self.kit.said(cat),
                             floor=f))
        if not own and where[0] == p:
            raise fail(a, tr("{cat} is already in {player}'s house: Cat Food takes a cat from an opponent",
                             cat=self.kit.said(cat),
                             player=p))
        src = state["houses"][where[0]][where[1] - 1]
        side = where[2].split(":")[1]
        src["cats"][side] = None
        events: list[Event] = []
        self._place_cat(state, p, cat, f, s, a, events, "elevator" if own else "cat_food")
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
            raise fail(a, tr("Lightning strikes an opponent's house, not your own"))
        f = target_floor(state, target)
        if f is None:
            raise fail(a, tr("{player} has explored no room", player=target))
        fl = state["houses"][target][f - 1]
        if not fl["lit"]:
            raise fail(a, tr("the light of {player}'s floor {floor} (the highest with a room) is already off",
                             player=target, floor=f))
        state["hands"][p] -= 1
        self._to_pile(state, [card])
        fl["lit"] = False
        events = [Event("lightning", tr("{player} plays Lightning: the light of {target}'s floor {floor} goes off; "
                                        "turn the floor card to its dark face", player=p, target=target, floor=f),
                        {"player": target, "floor": f})]
        if fl["ghosts"] and state["options"].get("lightning_ghost", "discard") == "discard":
            self._haunt(state, target, f, events,
                        tr("The ghost on {player}'s floor {floor} is in the dark now", player=target, floor=f))
        self._end_turn(state, events)
        return events

    def _discard(self, state: State, a: Discard) -> list[Event]:
        p = self._in_turn(state, a)
        if a.count < 1:
            raise fail(a, tr("discard at least 1 card"))
        self._hand(state, a, p, a.count)
        state["hands"][p] -= a.count
        self._to_pile(state, [], a.count)
        events = [Event("discard", trn("{player} discards {n} card face down",
                                       "{player} discards {n} card(s) face down", a.count, player=p),
                        {"player": p, "count": a.count})]
        self._draw(state, p, a.count, events)
        self._end_turn(state, events)
        return events


    # ---- a light no camera saw paid

    def light_costs(self, state: State, p: str) -> list[int]:
        """How many cards a light ``p`` turns on now may cost: 1 (the Light Bulb,
        while it is not known to be on the pile), 2 or 3 (cards with 5 bulbs),
        no more than the hand holds."""
        bulb = self.kit.specials.get("light_bulb")
        hand = state["hands"][p]
        one = [1] if bulb is not None and bulb not in state["discard"]["seen"] and hand >= 1 else []
        return one + [n for n in (2, 3) if n <= hand]

    def _light_unseen(self, state: State, a: LightUnseen) -> list[Event]:
        p = self._in_turn(state, a)
        f, _ = self._space(a, a.floor, "L")
        why = light_blocker(state, p, f)
        if why:
            raise fail(a, why)
        costs = self.light_costs(state, p)
        if not costs:
            raise fail(a, tr("{player} holds no card to pay for a light", player=p) if not state["hands"][p] else
                       tr("{player} holds 1 card and the Light Bulb is on the discard pile: no light can be paid",
                          player=p))
        state["hands"][p] -= costs[0]
        self._to_pile(state, [], costs[0])
        state["houses"][p][f - 1]["lit"] = True
        entry = {"player": p, "floor": f, "paid": costs[0], "most": costs[-1]}
        state["untold"] = sorted([*untold(state), entry], key=lambda u: (u["player"], u["floor"]))
        events = [Event("light_unseen", tr("{player} turns on the light of floor {floor}: the referee says on the "
                                           "console how it was paid (the Light Bulb, or which 2-3 cards)",
                                           player=p, floor=f), {"player": p, "floor": f})]
        self._end_turn(state, events)
        # how many the refill drew depends on the payment: said without a count (the tell settles it)
        return [Event("draw", tr("{player} draws back up to 3 cards", player=p), {"player": p})
                if e.type == "draw" and e.data.get("player") == p else e for e in events]

    def _light_told(self, state: State, a: LightTold) -> list[Event]:
        p = self._player(state, a, a.player)
        u = next((u for u in untold(state) if u["player"] == p and u["floor"] == a.floor), None)
        if u is None:
            raise fail(a, tr("no light of {player}'s floor {floor} waits for its payment to be told", player=p,
                             floor=a.floor))
        bulb = self.kit.specials.get("light_bulb")
        cards = [self._card(state, a, c, ("room", "wild", "ghost", "cat", "special")) for c in a.cards]
        if bulb is not None and cards == [bulb]:
            if u["paid"] != 1:
                raise fail(a, tr("the Light Bulb was on the discard pile when {player} turned on the light",
                                 player=p))
            if bulb in state["discard"]["seen"]:
                raise fail(a, on_pile(self.kit.said(bulb)))
        else:
            if not 2 <= len(cards) <= u["most"]:
                raise fail(a, tr("{player} held 1 card when turning on the light: only the Light Bulb can have paid "
                                 "for it", player=p) if u["most"] == 1 else
                           tr("{player} held 2 cards when turning on the light: name the Light Bulb or 2 cards",
                              player=p) if u["most"] == 2 else
                           tr("name the Light Bulb, or the 2 or 3 cards discarded for the light"))
            cards, _ = self._payment(state, a, a.cards, from_hand=None)    # the hand held them: "most" says
        more = len(cards) - u["paid"]
        state["deck"] -= more           # its refill drew as many more (never into the doubt: see _draw)
        self._to_pile(state, cards, more)
        state["untold"].remove(u)
        self._paid_for(state, p, u["floor"], cards)
        return [Event("light_told", tr("{player}'s light of floor {floor} was paid with {cards}",
                                       player=p, floor=u["floor"], cards=self.kit.listed(cards)),
                      {"player": p, "floor": u["floor"], "cards": cards})]


    # ---- the deck, counted

    def _deck_counted(self, state: State, a: DeckCounted) -> list[Event]:
        off = state["deck"] + state["discard"]["count"]     # neither in a hand nor on the table
        if not isinstance(a.count, int) or not 0 <= a.count <= off:
            raise fail(a, tr("the deck and the discard pile hold {n} cards together (the rest are in hands and on "
                             "the table): the deck cannot hold {count}", n=off, count=a.count))
        if a.count > state["deck"] and not a.reshuffled:
            raise fail(a, tr("the deck held {n} cards at most; only a reshuffle of the discard pile makes it more "
                             "(say reshuffled)", n=state["deck"]))
        state["deck"], state["discard"]["count"] = a.count, off - a.count
        state["untold"] = []                # what a light cost no longer changes the count
        if a.reshuffled:
            state["discard"]["seen"] = []
            state["discard"].pop("unnamed", None)
        text = (tr("The deck was counted: {count} cards, after a reshuffle of the discard pile", count=a.count)
                if a.reshuffled else tr("The deck was counted: {count} cards", count=a.count))
        return [Event("deck_counted", text, {"count": a.count, "reshuffled": bool(a.reshuffled)})]


#: what the console says at any time, which moves nothing on the table: the
#: cards the last move left to clear away still lie there after it
BOOKKEEPING: tuple[type[Action], ...] = (LightTold, DeckCounted)

#: the actions each phase allows (the engine refuses the others): during an
#: escape only ghosts against the escaper and the answers to them; a light's
#: payment may be told, and the deck counted, at any time
PHASES: dict[str, tuple[type[Action], ...]] = {
    "turn": ACTIONS, "escape": (Ghost, GhostUnseen, CatDefence, Pass, LightTold, DeckCounted),
    "over": (LightTold,)}
