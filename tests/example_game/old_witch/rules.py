"""The rules of Old Witch (RULES.md): set-up, whose turn it is, and one handler per action.

The hands are counts, so the rules check what counts can tell: who may draw
now and from whom, who may lay a pair now and whether they hold two cards; a
pair is two cards of the catalog's same pair, not yet laid. Which cards a hand
holds is never known, so a lay the counts allow is accepted."""
from __future__ import annotations

from typing import Any

from models.engine import Action, Event, IllegalAction
from models.text import tr, trn

from .actions import Draw, LayPair
from .kit import Kit
from .state import OldWitchState as State
from .words import pair_name


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
        raise IllegalAction(tr("draw: the game is over"))
    if a.player not in state["players"]:
        raise IllegalAction(tr("draw: {player} is not playing", player=a.player))
    if state["hands"][a.player] == 0:
        raise IllegalAction(tr("draw: {player} is out (no cards left)", player=a.player))
    drawer = next_drawer(state)
    source = left_of(state, drawer) if drawer else None
    if drawer is None or source is None:
        raise IllegalAction(tr("draw: only {player} holds cards: there is no one to draw from", player=a.player))
    if a.player != drawer:
        raise IllegalAction(tr("draw: it is {drawer}'s turn to draw, not {player}'s", drawer=drawer, player=a.player))
    state["hands"][source] -= 1
    state["hands"][drawer] += 1
    state["turn"], state["phase"] = state["players"].index(drawer), "play"
    events = [Event("drew", tr("{player} draws a card from {source}'s hand", player=drawer, source=source),
                    {"player": drawer, "from": source})]
    if state["hands"][source] == 0:
        events.append(Event("out", tr("{player} has no cards left: {player} is out", player=source),
                            {"player": source}))
    return events


def lay_pair(kit: Kit, state: State, a: LayPair) -> list[Event]:
    if state["phase"] == "over":
        raise IllegalAction(tr("lay_pair: the game is over"))
    if a.player not in state["players"]:
        raise IllegalAction(tr("lay_pair: {player} is not playing", player=a.player))
    if len(a.cards) != 2 or a.cards[0] == a.cards[1]:
        raise IllegalAction(tr("lay_pair: a pair is two different cards"))
    for c in a.cards:
        if c not in kit.pair_of:
            raise IllegalAction(tr("lay_pair: {card} is not an Old Witch card", card=c))
    if kit.witch in a.cards:
        raise IllegalAction(tr("lay_pair: the Old Witch has no pair"))
    first, second = a.cards
    if kit.pair_of[first] != kit.pair_of[second]:
        raise IllegalAction(tr("lay_pair: {first} and {second} are not a pair", first=first, second=second))
    if first in {c for cards in state["laid"].values() for c in cards}:
        raise IllegalAction(tr("lay_pair: the {pair} pair is already laid", pair=pair_name(kit.pair_of[first])))
    if a.player not in may_lay(state):
        now = may_lay(state)[0]
        raise IllegalAction(tr("lay_pair: it is {player}'s turn: only {player} may lay a pair now", player=now))
    held = state["hands"][a.player]
    if held < 2:
        raise IllegalAction(trn("lay_pair: {player} holds {n} card, not a pair",
                                "lay_pair: {player} holds {n} cards, not a pair", held, player=a.player))
    state["hands"][a.player] -= 2
    state["laid"][a.player] = sorted(state["laid"][a.player] + list(a.cards))
    events = [Event("laid", tr("{player} lays a pair: {pair}", player=a.player, pair=pair_name(kit.pair_of[first])),
                    {"player": a.player, "cards": sorted(a.cards)})]
    if state["hands"][a.player] == 0:
        events.append(Event("out", tr("{player} has no cards left: {player} is out", player=a.player),
                            {"player": a.player}))
    if not unlaid_pairs(kit, state):
        loser = next(p for p, n in state["hands"].items() if n > 0)
        state["phase"], state["loser"] = "over", loser
        events.append(Event("game_over", tr("Every pair is laid: {loser} is left holding the Old Witch", loser=loser),
                            {"loser": loser}))
    return events


#: the actions each phase allows (the engine refuses the others)
PHASES: dict[str, tuple[type[Action], ...]] = {"opening": (Draw, LayPair), "play": (Draw, LayPair), "over": ()}
