"""The rules of Old Witch (RULES.md): set-up, whose turn it is, and one handler per action.

The hands are counts, so the rules check what counts can tell: who may draw
now and from whom, who may lay a pair now and whether they hold two cards; a
pair is two cards of the catalog's same pair, not yet laid. Which cards a hand
holds is never known, so a lay the counts allow is accepted."""
from __future__ import annotations

from typing import Any

from models.engine import Action, Event, IllegalAction

from .actions import Draw, LayPair
from .kit import Kit
from .state import OldWitchState as State


def setup(kit: Kit, players: list[str]) -> dict[str, Any]:
    n, cards = len(players), len(kit.pair_of)
    hands = {p: cards // n + (1 if i < cards % n else 0) for i, p in enumerate(players)}
    return {"players": list(players), "phase": "opening", "turn": None, "hands": hands,
            "laid": {p: [] for p in players}, "loser": None}


def next_drawer(state: State) -> str | None:
    """Who draws next: the first seat still holding cards, from the first seat in
    the opening, after the player who drew last otherwise (never themselves)."""
    players, turn = state["players"], state["turn"]
    n = len(players)
    order = players if turn is None else [players[(turn + k) % n] for k in range(1, n)]
    return next((p for p in order if state["hands"][p] > 0), None)


def left_of(state: State, player: str) -> str | None:
    """The player to ``player``'s left: the next seat still holding cards."""
    players = state["players"]
    i, n = players.index(player), len(players)
    return next((q for q in (players[(i + k) % n] for k in range(1, n)) if state["hands"][q] > 0), None)


def may_lay(state: State) -> list[str]:
    """Who may lay a pair now: anyone in the opening, then only who drew last,
    or whoever alone still holds cards (no one is left to draw from)."""
    if state["phase"] == "opening":
        return list(state["players"])
    if state["phase"] != "play" or state["turn"] is None:
        return []
    holders = [p for p in state["players"] if state["hands"][p] > 0]
    return holders if len(holders) == 1 else [state["players"][state["turn"]]]


def unlaid_pairs(kit: Kit, state: State) -> list[tuple[str, str]]:
    laid = {c for cards in state["laid"].values() for c in cards}
    return [pair for pair in kit.pairs.values() if pair[0] not in laid]


def draw(kit: Kit, state: State, a: Draw) -> list[Event]:
    if state["phase"] == "over":
        raise IllegalAction("draw: the game is over")
    if a.player not in state["players"]:
        raise IllegalAction(f"draw: {a.player} is not playing")
    if state["hands"][a.player] == 0:
        raise IllegalAction(f"draw: {a.player} is out (no cards left)")
    drawer = next_drawer(state)
    source = left_of(state, drawer) if drawer else None
    if drawer is None or source is None:
        raise IllegalAction(f"draw: only {a.player} holds cards: there is no one to draw from")
    if a.player != drawer:
        raise IllegalAction(f"draw: it is {drawer}'s turn to draw, not {a.player}'s")
    state["hands"][source] -= 1
    state["hands"][drawer] += 1
    state["turn"], state["phase"] = state["players"].index(drawer), "play"
    events = [Event("drew", f"{drawer} draws a card from {source}'s hand", {"player": drawer, "from": source})]
    if state["hands"][source] == 0:
        events.append(Event("out", f"{source} has no cards left: {source} is out", {"player": source}))
    return events


def lay_pair(kit: Kit, state: State, a: LayPair) -> list[Event]:
    if state["phase"] == "over":
        raise IllegalAction("lay_pair: the game is over")
    if a.player not in state["players"]:
        raise IllegalAction(f"lay_pair: {a.player} is not playing")
    if len(a.cards) != 2 or a.cards[0] == a.cards[1]:
        raise IllegalAction("lay_pair: a pair is two different cards")
    for c in a.cards:
        if c not in kit.pair_of:
            raise IllegalAction(f"lay_pair: {c} is not an Old Witch card")
    if kit.witch in a.cards:
        raise IllegalAction("lay_pair: the Old Witch has no pair")
    first, second = a.cards
    if kit.pair_of[first] != kit.pair_of[second]:
        raise IllegalAction(f"lay_pair: {first} and {second} are not a pair")
    if first in {c for cards in state["laid"].values() for c in cards}:
        raise IllegalAction(f"lay_pair: the {kit.pair_of[first].lower()} pair is already laid")
    if a.player not in may_lay(state):
        now = may_lay(state)[0]
        raise IllegalAction(f"lay_pair: it is {now}'s turn: only {now} may lay a pair now")
    held = state["hands"][a.player]
    if held < 2:
        raise IllegalAction(f"lay_pair: {a.player} holds {held} card{'s' if held != 1 else ''}, not a pair")
    state["hands"][a.player] -= 2
    state["laid"][a.player] = sorted(state["laid"][a.player] + list(a.cards))
    events = [Event("laid", f"{a.player} lays a pair: {kit.pair_of[first].lower()}",
                    {"player": a.player, "cards": sorted(a.cards)})]
    if state["hands"][a.player] == 0:
        events.append(Event("out", f"{a.player} has no cards left: {a.player} is out", {"player": a.player}))
    if not unlaid_pairs(kit, state):
        loser = next(p for p, n in state["hands"].items() if n > 0)
        state["phase"], state["loser"] = "over", loser
        events.append(Event("game_over", f"Every pair is laid: {loser} is left holding the Old Witch",
                            {"loser": loser}))
    return events


#: the actions each phase allows (the engine refuses the others)
PHASES: dict[str, tuple[type[Action], ...]] = {"opening": (Draw, LayPair), "play": (Draw, LayPair), "over": ()}
