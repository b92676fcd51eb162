"""The rules of Candy Crave: state, phases, and what each action does.

The state is plain JSON. Its parts:

* ``players`` (seat order, clockwise; the first listed is the hungriest and
  starts round 1), ``order`` (the turn order of the *areas*: the players
  themselves, or the parties A-D with 2 players) and ``owner`` (area -> player);
* ``areas``: per area its ``play`` and ``locked`` sweets and whether it has
  ``withdrawn`` from this round; ``bowls`` (sweets in the bowls) and ``box``
  (sweets removed from the game after round 1);
* ``round`` (1 or 2) and ``phase``: ``base`` (draw base values) ->
  ``favourites`` (stacks laid face down, one tile turned up per stack) ->
  ``distribute`` (the turns) -> ``endphase`` (bowls empty: pocket one sweet a
  turn) -> ``scoring`` (lay out the rows) -> ``remove`` (round 1 only: each
  player removes locked sweets) -> ``start`` (only on a tie for fewest points)
  -> ``return`` (sweets back in the bowls) -> round 2 ``base`` ... -> ``over``;
* ``base`` / ``faceup`` / ``rows``: this round's base value tile, face-up
  favourites tile and revealed row per sweet type;
* ``turn`` (the area to play), ``turns`` (turns played this round),
  ``short_take_used`` (None in a game taken over after the bowls ran empty:
  the table cannot tell, and it no longer matters), ``rounds`` (the record
  of each scored round: what the table showed, or, for a game taken over in
  round 2, round 1's points as written down, ``{"round": 1, "points": ...}``);
* ``hidden_box`` (only in a game taken over in round 2): how many of the
  sweets in ``bowls`` are in fact in the box, removed after round 1; the
  camera never sees which (:func:`in_bowls` counts the bowls without them).
  Once the bowls run empty, the sweets left are the box's.

The face-down favourites tiles are never known to the engine until the row is
revealed at scoring: nothing secret is held, so nothing can leak.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, Event, GameSetupError, IllegalAction, State
from ..text import Text, and_list, concat, or_list, tr, trn
from .actions import ChooseStart, DrawBase, Lock, NextRound, Pocket, Remove, Reveal, Steal, Take, TurnUp, Withdraw
from .kit import FACES, Kit
from .values import type_value

PARTIES_2P = ("A", "B", "C", "D")


# --------------------------------------------------------------------------- setup


def setup(kit: Kit, players: Sequence[str], options: dict[str, Any]) -> State:
    n = len(players)
    two = n == 2
    order = list(PARTIES_2P) if two else list(players)
    for area in order:
        if area not in kit.dividers:
            raise GameSetupError(tr("no divider CCR:DIVIDER:{area} in the catalog (dividers.csv): "
                                    "add one for seat colour {area}", area=area))
    state: State = {
        "players": list(players),
        "options": dict(options),
        "order": order,
        "owner": _owners(players),
        "areas": {a: {"play": [], "locked": [], "withdrawn": False} for a in order},
        "bowls": kit.sweets_for(n),
        "box": [],
        "round": 1,
        "phase": "base",
        "base": {},
        "faceup": {},
        "rows": {},
        "base_spent": [],
        "start": order[0],
        "turn": None,
        "turns": 0,
        "short_take_used": False,
        "removed": {p: [] for p in players},
        "tied": [],
        "rounds": [],
    }
    return state


def _owners(players: Sequence[str], starter: str | None = None) -> dict[str, str]:
    """Area -> player. With 2 players the starter (first player) has A and D."""
    if len(players) != 2:
        return {p: p for p in players}
    first = starter or players[0]
    second = players[1] if first == players[0] else players[0]
    return {"A": first, "B": second, "C": second, "D": first}


def sets_in_play(n_players: int) -> int:
    """How many favourites sets lie in the stacks: one per player, plus the extra
    set turned up with 2 or 3 players. Also each row's length."""
    return n_players + 1 if n_players <= 3 else n_players


def most_face_up(n_players: int) -> int:
    """How many face-up favourites tiles may show one face: 1 with 2 or 3
    players (the five are one shuffled extra set), else one per set in the
    stacks (:func:`sets_in_play`)."""
    return 1 if n_players <= 3 else sets_in_play(n_players)


def removals_due(state: State) -> int:
    return 2 if len(state["players"]) == 2 else 1


# --------------------------------------------------------------------------- helpers


def areas_of(state: State, player: str) -> list[str]:
    return [a for a in state["order"] if state["owner"][a] == player]


def where_is(state: State, sweet: str) -> tuple[str, str | None]:
    """``("bowls", None)``, ``("box", None)``, ``("play", area)``, ``("locked", area)``
    or ``("nowhere", None)``."""
    if sweet in state["bowls"]:
        return "bowls", None
    if sweet in state["box"]:
        return "box", None
    for a, area in state["areas"].items():
        for side in ("play", "locked"):
            if sweet in area[side]:
                return side, a
    return "nowhere", None


def area_name(state: State, area: str | None) -> str:
    """``"RED"``, or ``"party A (RED)"`` in the 2-player game; ``"the bowls"``
    for no area (a sweet still in the bowls)."""
    if area is None:
        return tr("the bowls")
    if len(state["players"]) == 2:
        return tr("party {party} ({player})", party=area, player=state["owner"][area])
    return area


def refused(action: Any, reason: Text) -> IllegalAction:
    """A refusal: the action's type (as it is in every language), then why."""
    return IllegalAction(tr("{action}: {reason}", action=action.type, reason=reason))


def active_areas(state: State) -> list[str]:
    return [a for a in state["order"] if not state["areas"][a]["withdrawn"]]


def next_active(state: State, after: str) -> str | None:
    order = state["order"]
    i = order.index(after)
    for k in range(1, len(order) + 1):
        a = order[(i + k) % len(order)]
        if not state["areas"][a]["withdrawn"]:
            return a
    return None


def reference_area(state: State, area: str) -> str:
    """The area to the right of ``area`` whose play area sets the size of a take:
    the seat just before it in turn order (option ``reference=neighbour``), or
    the nearest one before it still in the round (``previous_active``, default)."""
    order = state["order"]
    i = order.index(area)
    if state["options"].get("reference", "previous_active") == "neighbour":
        return order[i - 1]
    for k in range(1, len(order) + 1):
        a = order[(i - k) % len(order)]
        if not state["areas"][a]["withdrawn"]:
            return a
    return area


def in_bowls(state: State) -> int:
    """How many sweets the bowls hold: ``bowls`` less the removed sweets of a
    taken-over game that are among them unseen (``hidden_box``)."""
    return len(state["bowls"]) - int(state.get("hidden_box", 0))


def take_sizes(state: State, area: str) -> list[int]:
    """The sizes a take may have now (before the bowls' stock is considered)."""
    if state["turns"] == 0:
        return [1]
    ref = len(state["areas"][reference_area(state, area)]["play"])
    low = 0 if state["options"].get("zero_take") else 1
    return sorted({s for s in (ref - 1, ref + 1) if s >= low})


def short_take_size(state: State, area: str) -> int | None:
    """The once-only smaller take: every sweet left in the bowls, when they hold
    fewer than a permitted take (option ``short_take``: fewer than the larger
    permitted size, default, or fewer than every permitted size)."""
    if state["turns"] == 0 or state["short_take_used"]:
        return None
    left = in_bowls(state)
    sizes = take_sizes(state, area)
    if left == 0 or left in sizes:
        return None
    bound = max(sizes) if state["options"].get("short_take", "below_larger") == "below_larger" else min(sizes)
    return left if left < bound else None


def steal_victims(state: State, area: str) -> list[str]:
    return [a for a in state["order"] if a != area and len(state["areas"][a]["play"]) >= 2]


def turn_choices(state: State) -> dict[str, Any]:
    """What the area whose turn it is may do now, for prompts and tests."""
    area = state["turn"]
    if area is None or state["phase"] not in ("distribute", "endphase"):
        return {}
    own = state["areas"][area]["play"]
    if state["phase"] == "endphase":
        return {"area": area, "pocket_own": bool(own),
                "pocket_from": [] if own else [a for a in state["order"]
                                                if a != area and state["areas"][a]["play"]],
                "withdraw": not own}
    if own:
        return {"area": area, "lock": len(own)}
    left = in_bowls(state)
    return {"area": area, "take": [s for s in take_sizes(state, area) if s <= left],
            "short_take": short_take_size(state, area),
            "steal": [] if state["turns"] == 0 else steal_victims(state, area),
            "withdraw": state["turns"] > 0}


# --------------------------------------------------------------------------- apply


class Rules:
    """Applies actions to a state (a private copy, see ``Game.apply``)."""

    def __init__(self, kit: Kit):
        self.kit = kit

    # ---- id normalisation

    def sweet_id(self, text: str, action: Any) -> str:
        sid = _strip(text, "CCR:SWEET:")
        if sid not in self.kit.sweet_type:
            raise refused(action, tr("there is no sweet {sweet!r} (sweets are L01-L08, H01-H09, K01-K10, "
                                     "B01-B11, C01-C12)", sweet=text))
        return sid

    def sweet_type(self, text: str, action: Any) -> str:
        t = text.strip().upper()
        if t not in self.kit.types:
            raise refused(action, tr("sweet type must be one of {types}, not {given!r}",
                                     types=", ".join(self.kit.types), given=text))
        return t

    def name_sweet(self, sid: str) -> str:
        """``"L03 (lollipop)"``."""
        return tr("{sweet} ({name})", sweet=sid, name=self.kit.name(self.kit.type_of(sid), 1))

    # ---- dispatch

    def handlers(self) -> dict[type[Action], Callable[[State, Any], list[Event]]]:
        """The dispatch table: each action class and the method that applies it."""
        return {DrawBase: self._base, TurnUp: self._turn_up, Lock: self._lock, Take: self._take,
                Steal: self._steal, Withdraw: self._withdraw, Pocket: self._pocket, Reveal: self._reveal,
                Remove: self._remove, ChooseStart: self._choose_start, NextRound: self._next_round}

    def apply(self, state: State, action: Any) -> list[Event]:
        return self.handlers()[type(action)](state, action)

    # ---- phase: base values

    def _base(self, state: State, a: DrawBase) -> list[Event]:
        t = self.sweet_type(a.sweet, a)
        tile = _strip(a.tile, "CCR:BASE:")
        if state["phase"] != "base":
            raise refused(a, tr("base values are drawn at the start of a round, not during {phase}",
                                phase=state["phase"]))
        if tile not in self.kit.base_values:
            raise refused(a, tr("there is no base value tile {tile!r} (tiles: {tiles})", tile=a.tile,
                                tiles=", ".join(self.kit.base_values)))
        if t in state["base"]:
            raise refused(a, tr("the {sweets} already have base tile {tile}", sweets=self.kit.name(t),
                                tile=state["base"][t]))
        if tile in state["base"].values():
            other = next(k for k, v in state["base"].items() if v == tile)
            raise refused(a, tr("tile {tile} already lies at the {sweets}", tile=tile, sweets=self.kit.name(other)))
        if tile in state["base_spent"]:
            raise refused(a, tr("tile {tile} was used in round 1 and is back in the box; round 2 draws from "
                                "the other five", tile=tile))
        state["base"][t] = tile
        events = [Event("base", tr("Each {sweet} has base value {value}", sweet=self.kit.name(t, 1),
                                   value=self.kit.base_value(tile)),
                        {"sweet": t, "tile": tile})]
        if len(state["base"]) == len(self.kit.types):
            state["phase"] = "favourites"
            events.append(Event("phase", tr("All base values are out: lay the favourites tiles")))
        return events

    # ---- phase: favourites

    def _turn_up(self, state: State, a: TurnUp) -> list[Event]:
        t = self.sweet_type(a.sweet, a)
        tile = _strip(a.tile, "CCR:FAV:")
        if state["phase"] != "favourites":
            raise refused(a, tr("favourites stacks are turned up after the base values are drawn, not during "
                                "{phase}", phase=state["phase"]))
        if tile not in self.kit.faces:
            raise refused(a, tr("there is no favourites tile {tile!r}", tile=a.tile))
        if t in state["faceup"]:
            raise refused(a, tr("the {sweets} stack already shows tile {tile}", sweets=self.kit.name(t),
                                tile=state["faceup"][t]))
        if tile in state["faceup"].values():
            raise refused(a, tr("tile {tile} is already face up on another stack", tile=tile))
        face = self.kit.face(tile)
        shown = [self.kit.face(x) for x in state["faceup"].values()]
        n = len(state["players"])
        if shown.count(face) >= most_face_up(n):
            if n <= 3:
                raise refused(a, tr("with {n} players the five face-up tiles are one shuffled extra set, and "
                                    "its {face} is already face up", n=n, face=face))
            raise refused(a, tr("with {n} players the stacks hold the players' {k} sets, so {k} tiles showing "
                                "{face}, and all of them are face up already", n=n, k=sets_in_play(n), face=face))

        state["faceup"][t] = tile
        events = [Event("turn_up", tr("The {sweets} stack shows {face}", sweets=self.kit.name(t), face=face),
                        {"sweet": t, "face": face})]
        if len(state["faceup"]) == len(self.kit.types):
            state["phase"] = "distribute"
            state["turn"] = state["start"]
            state["turns"] = 0
            events.append(Event("phase", tr("Distribute the sweets: {player} starts",
                                            player=area_name(state, state["start"]))))
        return events

    # ---- turns

    def _actor(self, state: State, a: Any, phases: tuple[str, ...]) -> str:
        """The area acting: checks the phase, whose turn it is and the party."""
        if state["phase"] not in phases:
            when = {("distribute",): tr("while the bowls still hold sweets"),
                    ("endphase",): tr("once the bowls are empty"),
                    ("distribute", "endphase"): tr("while the bowls still hold sweets or once the bowls are empty")}
            raise refused(a, tr("{action} is played {when}; now is {phase}", action=a.type, when=when[phases],
                                phase=describe_phase(state)))
        area = state["turn"]
        owner = state["owner"][area]
        if a.player != owner:
            raise refused(a, tr("it is {turn}'s turn, not {player}'s", turn=area_name(state, area), player=a.player))
        if a.party is not None and a.party != area:
            raise refused(a, tr("it is party {turn}'s turn, not party {party}'s", turn=area, party=a.party))
        return area

    def _end_turn(self, state: State, area: str, events: list[Event]) -> None:
        state["turns"] += 1
        if state["phase"] == "endphase" and all(not ar["play"] for ar in state["areas"].values()):
            self._round_over(state, events, tr("every sweet is locked"))
            return
        if not active_areas(state):
            self._round_over(state, events, tr("everyone has withdrawn"))
            return
        state["turn"] = next_active(state, area)

    def _round_over(self, state: State, events: list[Event], why: str) -> None:
        state["phase"] = "scoring"
        state["turn"] = None
        events.append(Event("round_over", tr("Round {round} is over: {why}. Turn every favourites stack face up "
                                             "and lay its tiles in a row below its base value tile",
                                             round=state["round"], why=why)))

    def _lock(self, state: State, a: Lock) -> list[Event]:
        area = self._actor(state, a, ("distribute",))
        own = state["areas"][area]
        if not own["play"]:
            raise refused(a, tr("{area}'s play area is empty: nothing to lock", area=area_name(state, area)))
        moved = list(own["play"])
        own["locked"] = sorted(own["locked"] + moved)
        own["play"] = []
        return [Event("lock", trn("{area} locks {n} sweet(s): {sweets}", "{area} locks {n} sweet(s): {sweets}",
                                  len(moved), area=area_name(state, area), sweets=", ".join(moved)),
                      {"area": area, "sweets": moved})]

    def _must_have_locked(self, state: State, area: str, a: Any) -> None:
        n = len(state["areas"][area]["play"])
        if n:
            raise refused(a, trn("{area} must first lock the {n} sweet(s) in the play area (move them behind "
                                 "the divider)",
                                 "{area} must first lock the {n} sweet(s) in the play area (move them behind "
                                 "the divider)", n, area=area_name(state, area)))

    def _take(self, state: State, a: Take) -> list[Event]:
        area = self._actor(state, a, ("distribute",))
        self._must_have_locked(state, area, a)
        sweets = [self.sweet_id(s, a) for s in a.sweets]
        if len(set(sweets)) != len(sweets):
            raise refused(a, tr("a sweet is named twice"))
        for s in sweets:
            place, owner = where_is(state, s)
            if place != "bowls":
                sweet, holder = self.name_sweet(s), _an(state, owner)
                if place == "box":
                    why = tr("{sweet} was removed from the game, not in a bowl", sweet=sweet)
                elif place == "play":
                    why = tr("{sweet} lies in {area}'s play area, not in a bowl", sweet=sweet, area=holder)
                elif place == "locked":
                    why = tr("{sweet} is locked by {area}, not in a bowl", sweet=sweet, area=holder)
                else:
                    why = tr("{sweet} is not in play, not in a bowl", sweet=sweet)
                raise refused(a, why)
        k = len(sweets)
        sizes = take_sizes(state, area)
        short = short_take_size(state, area)
        if k == 0 and 0 not in sizes:
            raise refused(a, tr("a take of no sweets is not a take; to take nothing, withdraw"))
        if k not in sizes:
            if short is not None and k == short:
                state["short_take_used"] = True
            else:
                raise refused(a, self._size_reason(state, area, k))
        elif k > in_bowls(state):
            raise refused(a, trn("the bowls hold only {n} sweets", "the bowls hold only {n} sweets",
                                 in_bowls(state)))
        for s in sweets:
            state["bowls"].remove(s)
        state["areas"][area]["play"] = sorted(sweets)
        took = (trn("{area} takes {n} sweet(s): {sweets}", "{area} takes {n} sweet(s): {sweets}", k,
                    area=area_name(state, area), sweets=", ".join(sweets)) if sweets else
                tr("{area} takes 0 sweet(s): none", area=area_name(state, area)))
        events = [Event("take", took,
                        {"area": area, "sweets": sweets})]
        if in_bowls(state) == 0:
            if state["bowls"]:          # a taken-over game: what is left is what was removed
                state["box"] = sorted(state["box"] + state["bowls"])
                state["bowls"] = []
            state.pop("hidden_box", None)
            state["phase"] = "endphase"
            events.append(Event("phase", tr("The bowls are empty: from the next player on, each pockets one "
                                            "sweet a turn")))
        self._end_turn(state, area, events)
        return events

    def _size_reason(self, state: State, area: str, k: int) -> Text:
        if state["turns"] == 0:
            return tr("the first turn of a round takes exactly 1 sweet, not {taken}", taken=k)
        ref = reference_area(state, area)
        n = len(state["areas"][ref]["play"])
        sizes = take_sizes(state, area)
        left = in_bowls(state)
        text = trn("{area} must take exactly {sizes} sweet(s) ({other}'s play area holds {held}), not {taken}",
                   "{area} must take exactly {sizes} sweet(s) ({other}'s play area holds {held}), not {taken}",
                   max(sizes), area=area_name(state, area), sizes=or_list([str(x) for x in sizes]),
                   other=area_name(state, ref), held=n, taken=k)
        short = short_take_size(state, area)
        if short is not None:
            return concat(text, tr("or, once only, all {left} left in the bowls", left=short), sep="; ")
        if state["short_take_used"] and left < max(sizes):
            return concat(text, tr("the once-only smaller take is used up"), sep="; ")
        return text

    def _steal(self, state: State, a: Steal) -> list[Event]:
        area = self._actor(state, a, ("distribute",))
        self._must_have_locked(state, area, a)
        victim = a.victim.strip().upper()
        if victim not in state["areas"]:
            raise refused(a, tr("there is no play area {victim!r} (play areas: {areas})", victim=a.victim,
                                areas=", ".join(state["order"])))
        if state["turns"] == 0:
            raise refused(a, tr("the first turn of a round takes 1 sweet"))
        if victim == area:
            raise refused(a, tr("{area} cannot steal from its own play area", area=area_name(state, area)))
        vplay = state["areas"][victim]["play"]
        if len(vplay) < 2:
            raise refused(a, trn("{victim}'s play area holds only {n} sweet(s); a steal needs 2 or more",
                                 "{victim}'s play area holds only {n} sweet(s); a steal needs 2 or more",
                                 len(vplay), victim=area_name(state, victim)))
        pocket = self.sweet_id(a.pocket, a)
        if pocket not in vplay:
            raise refused(a, tr("{sweet} is not in {victim}'s play area ({sweets})", sweet=self.name_sweet(pocket),
                                victim=area_name(state, victim), sweets=", ".join(vplay)))
        rest = [s for s in vplay if s != pocket]
        v = state["areas"][victim]
        v["locked"] = sorted(v["locked"] + [pocket])
        v["play"] = []
        state["areas"][area]["play"] = sorted(rest)
        events = [Event("steal", trn("{area} steals {n} sweet(s) ({sweets}) from {victim}, who pockets {pocket}",
                                     "{area} steals {n} sweet(s) ({sweets}) from {victim}, who pockets {pocket}",
                                     len(rest), area=area_name(state, area), sweets=", ".join(rest),
                                     victim=area_name(state, victim), pocket=pocket),
                        {"area": area, "victim": victim, "pocket": pocket, "sweets": rest})]
        self._end_turn(state, area, events)
        return events

    def _withdraw(self, state: State, a: Withdraw) -> list[Event]:
        area = self._actor(state, a, ("distribute", "endphase"))
        if state["phase"] == "distribute":
            if state["turns"] == 0:
                raise refused(a, tr("the first turn of a round takes 1 sweet"))
            self._must_have_locked(state, area, a)
        elif state["areas"][area]["play"]:
            raise refused(a, tr("once the bowls are empty, {area} may withdraw only with an empty play area "
                                "(it holds {held})", area=area_name(state, area),
                                held=len(state["areas"][area]["play"])))
        state["areas"][area]["withdrawn"] = True
        events = [Event("withdraw", tr("{area} withdraws from round {round}", area=area_name(state, area),
                                       round=state["round"]),
                        {"area": area})]
        self._end_turn(state, area, events)
        return events

    def _pocket(self, state: State, a: Pocket) -> list[Event]:
        area = self._actor(state, a, ("endphase",))
        sid = self.sweet_id(a.sweet, a)
        own = state["areas"][area]
        place, owner = where_is(state, sid)
        if own["play"]:
            if (place, owner) != ("play", area):
                raise refused(a, tr("{area} must pocket a sweet from its own play area ({sweets}), not {sweet}",
                                    area=area_name(state, area), sweets=", ".join(own["play"]), sweet=sid))
        elif place != "play":
            raise refused(a, tr("{sweet} is not in a play area; with an empty play area {area} pockets one sweet "
                                "from another play area", sweet=self.name_sweet(sid), area=area_name(state, area)))
        state["areas"][owner]["play"].remove(sid)
        own["locked"] = sorted(own["locked"] + [sid])
        pocketed = (tr("{area} pockets {sweet}", area=area_name(state, area), sweet=sid) if owner == area else
                    tr("{area} pockets {sweet} from {other}'s play area", area=area_name(state, area), sweet=sid,
                       other=area_name(state, owner)))
        events = [Event("pocket", pocketed,
                        {"area": area, "sweet": sid, "from": owner})]
        self._end_turn(state, area, events)
        return events

    # ---- scoring

    def _reveal(self, state: State, a: Reveal) -> list[Event]:
        t = self.sweet_type(a.sweet, a)
        if state["phase"] != "scoring":
            raise refused(a, tr("the favourites rows are laid out once the round is over; now is {phase}",
                                phase=describe_phase(state)))
        if t in state["rows"]:
            raise refused(a, tr("the {sweets} row is already laid out", sweets=self.kit.name(t)))
        tiles = [_strip(x, "CCR:FAV:") for x in a.tiles]
        for x in tiles:
            if x not in self.kit.faces:
                raise refused(a, tr("there is no favourites tile {tile!r}", tile=x))
        if len(set(tiles)) != len(tiles):
            raise refused(a, tr("a tile is named twice"))
        k = sets_in_play(len(state["players"]))
        if len(tiles) != k:
            raise refused(a, tr("each stack holds {k} tiles with {n} players, the row shows {shown}", k=k,
                                n=len(state["players"]), shown=len(tiles)))
        used = {x: s for s, row in state["rows"].items() for x in row}
        for x in tiles:
            if x in used:
                raise refused(a, tr("tile {tile} already lies in the {sweets} row", tile=x,
                                    sweets=self.kit.name(used[x])))
        for x in tiles:
            other = next((s for s, y in state["faceup"].items() if y == x and s != t), None)
            if other is not None:
                raise refused(a, tr("tile {tile} lies face up on the {sweets} stack, so it is in that row, not this "
                                    "one", tile=x, sweets=self.kit.name(other)))
        up = state["faceup"].get(t)
        if up is not None and up not in tiles:
            raise refused(a, tr("the {sweets} stack's face-up tile {tile} ({face}) is missing from the row",
                                sweets=self.kit.name(t), tile=up, face=self.kit.face(up)))
        if up is not None and up not in (tiles[0], tiles[-1]):
            # the rulebook: the turned-up tile lies on top of its stack, and the row keeps
            # the stack's order, so it starts or ends the row
            raise refused(a, tr("the {sweets} stack's face-up tile {tile} ({face}) lies on top of its stack, so it "
                                "comes first or last in the row (a row keeps the stack's order), not in place "
                                "{place} of {k}", sweets=self.kit.name(t), tile=up, face=self.kit.face(up),
                                place=tiles.index(up) + 1, k=len(tiles)))
        counts = {f: 0 for f in FACES}
        # the face-up tiles of the stacks still to lay out will lie in their rows too
        waiting = [x for s, x in state["faceup"].items() if s != t and s not in state["rows"]]
        for x in list(used) + tiles + waiting:
            counts[self.kit.face(x)] += 1
        over = [f for f, c in counts.items() if c > k]
        if over:
            raise refused(a, tr("the rows would hold {count} tiles showing {face}, but the {k} sets in play have "
                                "only {k}", count=counts[over[0]], face=over[0], k=k))
        state["rows"][t] = tiles
        faces = [self.kit.face(x) for x in tiles]
        value = type_value(self.kit.base_value(state["base"][t]), faces)
        events = [Event("reveal", tr("The {sweets} row: {faces}: each {sweet} is worth {value}",
                                     sweets=self.kit.name(t), faces=" ".join(faces), sweet=self.kit.name(t, 1),
                                     value=value), {"sweet": t, "value": value})]
        if len(state["rows"]) == len(self.kit.types):
            self._score_round(state, events)
        return events

    def _score_round(self, state: State, events: list[Event]) -> None:
        from .scoring import round_totals  # local: scoring imports rules
        record = {
            "round": state["round"],
            "base": dict(state["base"]),
            "rows": {t: list(r) for t, r in state["rows"].items()},
            "owner": dict(state["owner"]),
            "locked": {a: list(ar["locked"]) for a, ar in state["areas"].items()},
            "left_in_bowls": in_bowls(state),
        }
        state["rounds"].append(record)
        totals = round_totals(self.kit, state, record)
        text = ", ".join(f"{p} {v}" for p, v in totals.items())
        events.append(Event("round_scored", tr("Round {round} scores: {points}", round=state["round"], points=text),
                            {"points": totals}))
        if state["round"] == 2:
            state["phase"] = "over"
            events.append(Event("game_over", tr("The game is over")))
            return
        state["phase"] = "remove"
        due = removals_due(state)
        events.append(Event("phase", trn("Each player removes {n} locked sweet(s) from the game",
                                         "Each player removes {n} locked sweet(s) from the game", due)))
        self._maybe_removals_done(state, events)

    # ---- between the rounds

    def _remove(self, state: State, a: Remove) -> list[Event]:
        if state["phase"] != "remove":
            raise refused(a, tr("sweets are removed from the game after round 1's scoring; now is {phase}",
                                phase=describe_phase(state)))
        if a.player not in state["players"]:
            raise refused(a, tr("there is no player {player}", player=a.player))
        sid = self.sweet_id(a.sweet, a)
        place, area = where_is(state, sid)
        if place != "locked" or state["owner"][area] != a.player:
            whose = (tr("locked by {area}", area=area_name(state, area)) if place == "locked" else
                     {"bowls": tr("in bowls"), "play": tr("in play"), "box": tr("in box")}.get(place, tr("in nowhere")))
            raise refused(a, tr("{player} removes one of their own locked sweets; {sweet} is {where}",
                                player=a.player, sweet=sid, where=whose))
        if len(state["removed"][a.player]) >= self.removals_for(state, a.player):
            raise refused(a, trn("{player} has already removed {n} sweet(s)",
                                 "{player} has already removed {n} sweet(s)", len(state["removed"][a.player]),
                                 player=a.player))
        state["areas"][area]["locked"].remove(sid)
        state["box"] = sorted(state["box"] + [sid])
        state["removed"][a.player] = sorted(state["removed"][a.player] + [sid])   # a set: one order for every history
        events = [Event("remove", tr("{player} removes {sweet} from the game", player=a.player, sweet=sid),
                        {"player": a.player, "sweet": sid})]
        self._maybe_removals_done(state, events)
        return events

    def removals_for(self, state: State, player: str) -> int:
        """Removals due from a player: as many as the rules ask, or all their locked
        sweets if they hold fewer."""
        held = sum(len(state["areas"][a]["locked"]) for a in areas_of(state, player))
        return min(removals_due(state), held + len(state["removed"][player]))

    def _maybe_removals_done(self, state: State, events: list[Event]) -> None:
        if any(len(state["removed"][p]) < self.removals_for(state, p) for p in state["players"]):
            return
        totals = state_round_points(self.kit, state, 0)
        low = min(totals.values())
        tied = [p for p in state["players"] if totals[p] == low]
        if len(tied) > 1:
            state["phase"] = "start"
            state["tied"] = tied
            events.append(Event("phase", tr("{tied} tie with the fewest points ({points}): they choose who starts "
                                            "round 2", tied=and_list(tied), points=low)))
        else:
            self._set_start(state, tied[0], events)

    def _choose_start(self, state: State, a: ChooseStart) -> list[Event]:
        if state["phase"] != "start":
            raise refused(a, tr("the start player is chosen only when players tie for the fewest points after "
                                "round 1; now is {phase}", phase=describe_phase(state)))
        if a.player not in state["tied"]:
            raise refused(a, tr("only a player tied for the fewest points may start ({tied})",
                                tied=", ".join(state["tied"])))
        events: list[Event] = []
        self._set_start(state, a.player, events)
        return events

    def _set_start(self, state: State, player: str, events: list[Event]) -> None:
        state["tied"] = []
        state["phase"] = "return"
        state["next_start"] = player
        if len(state["players"]) == 2:
            text = tr("{player} starts round 2 and plays parties A and D: put every sweet back in its bowl and "
                      "clear the tiles away", player=player)
        else:
            text = tr("{player} starts round 2: put every sweet back in its bowl and clear the tiles away",
                      player=player)
        events.append(Event("start", text, {"player": player}))

    def _next_round(self, state: State, a: NextRound) -> list[Event]:
        if state["phase"] != "return":
            raise refused(a, tr("round 2 begins after the removals; now is {phase}", phase=describe_phase(state)))
        starter = state.pop("next_start")
        back = [s for ar in state["areas"].values() for s in ar["play"] + ar["locked"]]
        state["bowls"] = sorted(state["bowls"] + back)
        state["owner"] = _owners(state["players"], starter)
        state["areas"] = {x: {"play": [], "locked": [], "withdrawn": False} for x in state["order"]}
        state["start"] = next(x for x in state["order"] if state["owner"][x] == starter)
        state["base_spent"] = sorted(state["base_spent"] + list(state["base"].values()))
        state["base"], state["faceup"], state["rows"] = {}, {}, {}
        state["round"] = 2
        state["phase"] = "base"
        state["turn"] = None
        state["turns"] = 0
        state["short_take_used"] = False
        return [Event("round", tr("Round 2: {n} sweets in the bowls; draw new base values", n=len(state["bowls"])),
                      {"round": 2})]


def state_round_points(kit: Kit, state: State, index: int) -> dict[str, int]:
    from .scoring import round_totals
    return round_totals(kit, state, state["rounds"][index])


def describe_phase(state: State) -> str:
    """The phase in words: ``"round 1's distribution"``."""
    r = state["round"]
    return {
        "base": tr("round {round}'s base value draw", round=r),
        "favourites": tr("round {round}'s favourites", round=r),
        "distribute": tr("round {round}'s distribution", round=r),
        "endphase": tr("round {round}'s end phase (the bowls are empty)", round=r),
        "scoring": tr("round {round}'s scoring", round=r),
        "remove": tr("the removals after round 1"),
        "start": tr("the choice of round 2's start player"),
        "return": tr("the return of the sweets to the bowls"),
        "over": tr("the end of the game"),
    }[state["phase"]]


def _an(state: State, area: str | None) -> str:
    return area_name(state, area) if area else "?"


def _strip(text: str, prefix: str) -> str:
    t = text.strip().upper()
    return t[len(prefix):] if t.startswith(prefix) else t


#: the actions each phase allows (the engine refuses the others)
PHASES: dict[str, tuple[type[Action], ...]] = {
    "base": (DrawBase,), "favourites": (TurnUp,), "distribute": (Lock, Take, Steal, Withdraw),
    "endphase": (Withdraw, Pocket), "scoring": (Reveal,), "remove": (Remove,), "start": (ChooseStart,),
    "return": (NextRound,), "over": ()}
