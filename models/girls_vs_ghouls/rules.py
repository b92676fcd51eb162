"""The rules: setup, turns, cube cancellation, the end of a round and of the game.

The state is plain JSON. House numbers are JSON object keys, so they are strings
in the state (``state["cubes"]["5"]``) and integers everywhere else. What the
state holds (and never holds: identities before they are revealed, which Trick a
face-down card is)::

    {"players": ["RED", ...],       # clockwise from the first First Player Token holder
     "options": {...}, "phase": "setup|play|reveal|tiebreak|identities|over",
     "round": 1, "first": "RED",    # the First Player Token holder
     "turn": "RED", "turn_start": 3, "turn_no": 0,   # whose turn, where it began, cards played
     "positions": {"RED": 3},       # standees
     "control": {"1": "GIRLS", ...}, "closed": {"4": {"points": 1, "round": 1}},
     "cubes": {"1": -2, ...},       # net value: + orange, - black
     "treats": {"1": [{"card", "value", "by", "turn"}]},
     "tricks": {"1": [{"by", "turn", "card": null}]},   # bottom first; card known once revealed
     "hands": {"RED": {"treat": 3, "trick": 2, "unknown": 0}},   # cards left; unknown: Peek discards of an unseen deck
     "unseen": [{"player", "house", "turn"}],   # only while cards played that no camera saw are still to be told
     "used": [...], "pending": null, "identities": {}, "history": [],
     "chores": [], "leftover": null,  # after a round: what the table still has to tidy, and what it may still show
     "face_up": {"card", "house", "value"}}   # only right after a Treat: it lies face up until the next action

A game taken over as it lies (:mod:`.takeover`) may hold what nobody saw: Treats
``{"card": null, "value": null, "by": null, "turn": null}`` under a tile, Tricks
``{"by": null, "turn": null, "card": null}`` on a stack, hands whose played
cards are all ``unknown``, and ``"gone": {"treats": 21, "tricks": 14}``, the
cards of the rounds before, out of the game and unnamed.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import Action, Event, GameSetupError, IllegalAction
from ..text import Text, concat, tr, trn
from . import resolve
from .actions import (
    ChooseHouse,
    Move,
    Peek,
    Place,
    PlayTreat,
    PlayTrick,
    PlayUnseen,
    RevealIdentity,
    RevealTrick,
    TellUnseen,
)
from .kit import GHOULS, GIRLS, IDENTITY_DECK, REPORTER, TEAM_NAMES, TRICK_NAMES, Board, cubes_text, other

HAND = {"treat": 3, "trick": 2, "unknown": 0}
ROUNDS = 3


# --------------------------------------------------------------------------- setup


def parse_vp_order(text: Any, board: Board) -> list[int]:
    try:
        order = [int(p) for p in str(text).replace(" ", "").split(",") if p]
    except ValueError:
        raise GameSetupError(tr("option vp_order: expected points such as 1,2,3, not {given!r}",
                                given=text)) from None
    if len(order) != ROUNDS or sorted(order) != sorted(board.vp_cards):
        raise GameSetupError(tr("option vp_order: must list the VP cards {cards} once each in the order the "
                                "rounds award them, not {given!r}", cards=sorted(board.vp_cards), given=text))
    return order


def new_state(board: Board, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    opts = dict(options)
    opts["vp_order"] = parse_vp_order(opts["vp_order"], board)
    for p in players:
        if f"GVG:STANDEE:{p}" not in board.standees:
            raise GameSetupError(tr("player {player}: there is no standee GVG:STANDEE:{player} in the catalog "
                                    "(seat colours: {colours})", player=p,
                                    colours=", ".join(sorted(s.split(":")[2] for s in board.standees))))
    houses = [str(h) for h in board.houses]
    return {
        "players": list(players),
        "options": opts,
        "phase": "setup",
        "round": 1,
        "first": players[0],
        "turn": None,
        "turn_start": None,
        "turn_no": 0,
        "positions": {},
        "control": {h: board.start[int(h)] for h in houses},
        "closed": {},
        "cubes": {h: 0 for h in houses},
        "treats": {h: [] for h in houses},
        "tricks": {h: [] for h in houses},
        "hands": {p: dict(HAND) for p in players},
        "leftover": None,
        "used": [],
        "pending": None,
        "chores": [],
        "identities": {},
        "history": [],
    }


def has_reporter(state: dict[str, Any]) -> bool:
    return IDENTITY_DECK[len(state["players"])][2] > 0


def open_houses(state: dict[str, Any]) -> list[int]:
    return [int(h) for h in state["control"] if h not in state["closed"]]


# --------------------------------------------------------------------------- apply


def apply(board: Board, state: dict[str, Any], action: Any) -> list[Event]:
    """Check ``action`` against ``state`` and apply it in place (``state`` is a
    private copy: an IllegalAction may be raised at any point)."""
    if not isinstance(action, PHASES[state["phase"]]):
        raise IllegalAction(tr("{action}: not now: {situation}", action=action.type, situation=_phase_text(state)))
    if not isinstance(action, TellUnseen):      # telling moves nothing on the table
        state.pop("face_up", None)      # whatever comes next, the Treat played before is tucked away by now
    return HANDLERS[type(action)](board, state, action)


def _phase_text(state: dict[str, Any]) -> Text:
    phase = state["phase"]
    if phase == "setup":
        missing = [p for p in state["players"] if p not in state["positions"]]
        return tr("the game is being set up (standees still to place: {players})", players=", ".join(missing))
    if phase == "play":
        return tr("round {round}, it is {player}'s turn", round=state["round"], player=state["turn"])
    if phase == "reveal":
        return tr("round {round} is over and the Tricks are being revealed", round=state["round"])
    if phase == "tiebreak":
        return tr("{player} must break a tie between {houses}", player=state["first"],
                  houses=_houses_text(state["pending"]["houses"]))
    if phase == "identities":
        return tr("the game is over and the identity cards are being revealed")
    return tr("the game is over")


def _houses_text(houses: Sequence[int]) -> Text:
    return concat(*(tr("House {house}", house=h) for h in houses), sep=", ")


def _check_player(state: dict[str, Any], player: str, action: Any) -> None:
    if player not in state["players"]:
        raise IllegalAction(tr("{action}: {player} is not playing (players: {players})", action=action.type,
                               player=player, players=", ".join(state["players"])))


def _check_house(board: Board, house: int, action: Any) -> None:
    if house not in board.houses:
        raise IllegalAction(tr("{action}: there is no House {house} (houses 1 to {last})", action=action.type,
                               house=house, last=len(board.houses)))


def _place(board: Board, state: dict[str, Any], a: Place) -> list[Event]:
    _check_player(state, a.player, a)
    _check_house(board, a.house, a)
    state["positions"][a.player] = a.house
    events = [Event("placed", tr("{player}'s standee starts at House {house}", player=a.player, house=a.house),
                    {"player": a.player, "house": a.house})]
    if all(p in state["positions"] for p in state["players"]):
        _start_round(state, events)
    return events


def _check_turn(state: dict[str, Any], player: str, action: Any) -> None:
    _check_player(state, player, action)
    if player != state["turn"]:
        raise IllegalAction(tr("{action}: it is {current}'s turn, not {player}'s", action=action.type,
                               current=state["turn"], player=player))


def _move(board: Board, state: dict[str, Any], a: Move) -> list[Event]:
    _check_turn(state, a.player, a)
    _check_house(board, a.house, a)
    if state["positions"][a.player] == a.house:
        raise IllegalAction(tr("{action}: {player} already stands at House {house}: staying is no move",
                               action=a.type, player=a.player, house=a.house))
    start = state["turn_start"]
    d = board.distance(start, a.house, state["options"]["crosswalk_passable"])
    if d > 2:
        raise IllegalAction(tr("{action}: {player} began the turn at House {start}, and House {house} is {spaces} "
                               "spaces away; a move is at most 2 spaces (the crosswalk is not a space)",
                               action=a.type, player=a.player, start=start, house=a.house, spaces=d))
    state["positions"][a.player] = a.house
    return [Event("moved", trn("{player} moves to House {house} ({n} space from House {start})",
                               "{player} moves to House {house} ({n} spaces from House {start})", d,
                               player=a.player, house=a.house, start=start),
                  {"player": a.player, "house": a.house, "spaces": d})]


def _check_card(board: Board, state: dict[str, Any], a: Any, kind: str) -> str:
    """Common checks of a card played at a house; returns the house key."""
    _check_turn(state, a.player, a)
    _check_house(board, a.house, a)
    here = state["positions"][a.player]
    if a.house != here:
        raise IllegalAction(tr("{action}: {player} stands at House {here}; a card may only be played at the house "
                               "where you stand, not at House {house}",
                               action=a.type, player=a.player, here=here, house=a.house))
    h = str(a.house)
    if h in state["closed"] and not (kind == "peek" and state["options"]["peek_at_closed_house"]):
        closed = {"action": a.type, "house": a.house, "points": state["closed"][h]["points"],
                  "round": state["closed"][h]["round"]}
        if kind == "treat":
            reason = tr("{action}: House {house} is closed (it scored {points} VP in round {round}); "
                        "no more Treats there", **closed)
        elif kind == "trick":
            reason = tr("{action}: House {house} is closed (it scored {points} VP in round {round}); "
                        "no more Tricks there", **closed)
        else:
            reason = tr("{action}: House {house} is closed (it scored {points} VP in round {round}); "
                        "no more Peeks there", **closed)
        raise IllegalAction(reason)
    return h


def cards_left(hand: dict[str, Any]) -> int:
    """Cards still in a hand: the Treats and Tricks not played, less the discards
    whose deck nobody saw (a Peek's discard lies face down)."""
    return hand["treat"] + hand["trick"] - hand["unknown"]


def _use_card(state: dict[str, Any], a: Any, deck: str | None) -> None:
    """Take a card from the player's hand: ``treat``, ``trick``, or ``None`` for a
    discard whose deck is unknown (it may be either, as long as some assignment
    of the unknown discards to the two decks still fits the hand)."""
    hand = state["hands"][a.player]
    if hand["unknown"]:
        left = tr("{treats} Treat, {tricks} Trick, {unknown} unknown discard", treats=hand["treat"],
                  tricks=hand["trick"], unknown=hand["unknown"])
    else:
        left = tr("{treats} Treat, {tricks} Trick", treats=hand["treat"], tricks=hand["trick"])
    if cards_left(hand) <= 0:
        raise IllegalAction(tr("{action}: {player} has no card left this round", action=a.type, player=a.player))
    if deck is not None:
        if hand[deck] <= 0 and deck == "treat":
            raise IllegalAction(tr("{action}: {player} has no Treat card left this round (of 3 Treats and 2 Tricks "
                                   "dealt, left: {left})", action=a.type, player=a.player, left=left))
        if hand[deck] <= 0:
            raise IllegalAction(tr("{action}: {player} has no Trick card left this round (of 3 Treats and 2 Tricks "
                                   "dealt, left: {left})", action=a.type, player=a.player, left=left))
        hand[deck] -= 1
    else:
        hand["unknown"] += 1
    state["turn_no"] += 1


def _treat(board: Board, state: dict[str, Any], a: PlayTreat) -> list[Event]:
    h = _check_card(board, state, a, "treat")
    if a.card not in board.treats:
        raise IllegalAction(tr("{action}: {card} is not a Treat card", action=a.type, card=a.card))
    if a.card in state["used"]:
        raise IllegalAction(tr("{action}: {card} has already been played this game", action=a.type, card=a.card))
    printed, corn = board.treats[a.card]
    if corn:
        if a.value not in (1, -1):
            raise IllegalAction(tr("{action}: candy corn counts +1 or -1: turn it upright for +1 or upside down "
                                   "for -1", action=a.type))
        value = a.value
    else:
        if a.value is not None and a.value != printed:
            raise IllegalAction(tr("{action}: {card} is a {printed} Treat, not {given}", action=a.type, card=a.card,
                                   printed=f"{printed:+d}", given=f"{a.value:+d}"))
        value = printed
    _use_card(state, a, "treat")
    change = resolve.add_treat(state["cubes"][h], value)
    state["cubes"][h] = change.after
    state["used"].append(a.card)
    state["treats"][h].append({"card": a.card, "value": value, "by": a.player, "turn": state["turn_no"]})
    state["face_up"] = {"card": a.card, "house": a.house, "value": value}
    played = {"player": a.player, "value": f"{value:+d}", "house": a.house, "effect": change.describe(a.house)}
    if corn:
        text = tr("{player} plays a {value} Treat (candy corn) at House {house}: {effect}", **played)
    else:
        text = tr("{player} plays a {value} Treat at House {house}: {effect}", **played)
    events = [Event("treat", text,
                    {"player": a.player, "house": a.house, "card": a.card, "value": value,
                     "pairs_removed": change.pairs_removed, "net": change.after, "cubes": cubes_text(change.after)})]
    return events + _next_turn(board, state)


def _trick(board: Board, state: dict[str, Any], a: PlayTrick) -> list[Event]:
    h = _check_card(board, state, a, "trick")
    _use_card(state, a, "trick")
    stack = state["tricks"][h]
    stack.append({"by": a.player, "turn": state["turn_no"], "card": None})
    if len(stack) == 1:
        text = tr("{player} plays a Trick face down in front of House {house}", player=a.player, house=a.house)
    else:
        text = tr("{player} plays a Trick face down on top of the stack (now {tricks} Tricks) at House {house}",
                  player=a.player, tricks=len(stack), house=a.house)
    events = [Event("trick", text,
                    {"player": a.player, "house": a.house, "stack": len(stack)})]
    return events + _next_turn(board, state)


def _peek(board: Board, state: dict[str, Any], a: Peek) -> list[Event]:
    h = _check_card(board, state, a, "peek")
    _use_card(state, a, a.discard)
    n = len(state["tricks"][h])
    if n == 0:              # legal, and nothing to see: said so, not "the 0 Tricks"
        text = (tr("{player} discards a Treat to peek at House {house}, where no Trick lies",
                   player=a.player, house=a.house) if a.discard == "treat" else
                tr("{player} discards a Trick to peek at House {house}, where no Trick lies",
                   player=a.player, house=a.house) if a.discard == "trick" else
                tr("{player} discards a card to peek at House {house}, where no Trick lies",
                   player=a.player, house=a.house))
    elif a.discard == "treat":
        text = trn("{player} discards a Treat to peek at the {n} Trick at House {house}",
                   "{player} discards a Treat to peek at the {n} Tricks at House {house}", n,
                   player=a.player, house=a.house)
    elif a.discard == "trick":
        text = trn("{player} discards a Trick to peek at the {n} Trick at House {house}",
                   "{player} discards a Trick to peek at the {n} Tricks at House {house}", n,
                   player=a.player, house=a.house)
    else:
        text = trn("{player} discards a card to peek at the {n} Trick at House {house}",
                   "{player} discards a card to peek at the {n} Tricks at House {house}", n,
                   player=a.player, house=a.house)
    events = [Event("peek", text, {"player": a.player, "house": a.house, "tricks": n})]
    return events + _next_turn(board, state)


# --------------------------------------------------------------------------- cards no camera saw


def untold(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The cards played unseen whose kind is still to be told, oldest first."""
    return list(state.get("unseen") or [])


def unseen_kinds(board: Board, state: dict[str, Any], player: str, house: int, turn: int) -> list[str]:
    """What a card ``player`` played unseen at ``house`` on card turn ``turn``
    may have been, by the rules and the table: a ``trick`` only on a stack
    already there (on an open slot the camera would have seen it), a ``treat``
    or a ``trick`` only at an open house, with such a card still in the hand
    (counting this one as played), a ``peek`` always."""
    h = str(house)
    hand = state["hands"][player]
    kinds = []
    if h not in state["closed"]:
        if hand["treat"] > 0 and any(c not in state["used"] for c in board.treats):
            kinds.append("treat")
        below = [t for t in state["tricks"][h] if t["turn"] is None or t["turn"] < turn]
        if hand["trick"] > 0 and below:
            kinds.append("trick")
    return kinds + ["peek"]


def _unseen(board: Board, state: dict[str, Any], a: PlayUnseen) -> list[Event]:
    _check_card(board, state, a, "peek")       # at a closed house only a Peek may be played
    _use_card(state, a, None)
    turn = state["turn_no"]
    data = {"player": a.player, "house": a.house, "turn": turn}
    if unseen_kinds(board, state, a.player, a.house, turn) == ["peek"]:    # nothing else it can be
        text = tr("{player} discards a card to peek at House {house} (the camera did not see it; nothing else "
                  "could be played there)", **data)
        return [Event("peek", text, {**data, "tricks": len(state["tricks"][str(a.house)])})] + _next_turn(board, state)
    state.setdefault("unseen", []).append(data)
    text = tr("{player} plays a card at House {house} that the camera did not see (a Trick on the stack, a discard "
              "to Peek or a Treat tucked away at once): the referee tells which on the console", **data)
    return [Event("unseen", text, data)] + _next_turn(board, state)


def _tell(board: Board, state: dict[str, Any], a: TellUnseen) -> list[Event]:
    entry = next((u for u in untold(state) if u["player"] == a.player and u["turn"] == a.turn), None)
    if entry is None:
        raise IllegalAction(tr("{action}: {player} played no card unseen on card turn {turn} that is still to be "
                               "told", action=a.type, player=a.player, turn=a.turn))
    h, hand = str(entry["house"]), state["hands"][a.player]
    kinds = unseen_kinds(board, state, a.player, entry["house"], a.turn)
    if a.was not in kinds:
        raise IllegalAction(tr("{action}: {player}'s card at House {house} cannot have been a {was} (it may have "
                               "been: {kinds})", action=a.type, player=a.player, house=entry["house"], was=a.was,
                               kinds=", ".join(kinds)))
    if (a.was != "treat" and (a.card is not None or a.value is not None)) or (a.was != "peek" and a.discard):
        raise IllegalAction(tr("{action}: only a Treat has a card and a value, and only a Peek a discarded deck",
                               action=a.type))
    data: dict[str, Any] = {"player": a.player, "house": entry["house"], "turn": a.turn, "was": a.was}
    if a.was == "peek":
        if a.discard is not None:
            if hand[a.discard] <= 0:
                raise IllegalAction(tr("{action}: {player} has no card of that deck left to have discarded",
                                       action=a.type, player=a.player))
            hand[a.discard] -= 1
            hand["unknown"] -= 1
        text = tr("{player}'s card at House {house} (card turn {turn}) was a discard to Peek", **data)
    elif a.was == "trick":
        stack = state["tricks"][h]
        below = [t for t in stack if t["turn"] is None or t["turn"] < a.turn]
        stack.insert(len(below), {"by": a.player, "turn": a.turn, "card": None})
        hand["trick"] -= 1
        hand["unknown"] -= 1
        text = tr("{player}'s card at House {house} (card turn {turn}) was a Trick: the stack holds {n} now",
                  n=len(stack), **data)
    else:
        value = _told_treat_value(board, state, a)
        hand["treat"] -= 1
        hand["unknown"] -= 1
        change = resolve.add_treat(state["cubes"][h], value)
        state["cubes"][h] = change.after
        if a.card is not None:          # in play order: before the Treats named since
            later = sum(1 for ts in state["treats"].values() for t in ts
                        if t["card"] is not None and t["turn"] is not None and t["turn"] > a.turn)
            state["used"].insert(len(state["used"]) - later, a.card)
        treats = state["treats"][h]
        before = [t for t in treats if t["turn"] is None or t["turn"] < a.turn]
        treats.insert(len(before), {"card": a.card, "value": value, "by": a.player, "turn": a.turn})
        data.update(value=f"{value:+d}", effect=change.describe(entry["house"]), net=change.after)
        text = tr("{player}'s card at House {house} (card turn {turn}) was a {value} Treat: {effect}", **data)
    state["unseen"].remove(entry)
    if not state["unseen"]:
        del state["unseen"]
    events = [Event("told", text, data)]
    hidden = any(t["card"] is None for s in state["tricks"].values() for t in s)
    if state["phase"] == "reveal" and not untold(state) and not hidden:
        events += _resolve_round(board, state)
    return events


def _told_treat_value(board: Board, state: dict[str, Any], a: TellUnseen) -> int:
    """The value of a Treat told for a card played unseen: its card's, or the
    value told, which some Treat not played yet must have."""
    if a.card is not None:
        if a.card not in board.treats:
            raise IllegalAction(tr("{action}: {card} is not a Treat card", action=a.type, card=a.card))
        if a.card in state["used"]:
            raise IllegalAction(tr("{action}: {card} has already been played this game", action=a.type,
                                   card=a.card))
        printed, corn = board.treats[a.card]
        if corn and a.value not in (1, -1):
            raise IllegalAction(tr("{action}: candy corn counts +1 or -1: say which it was", action=a.type))
        if not corn and a.value is not None and a.value != printed:
            raise IllegalAction(tr("{action}: {card} is a {printed} Treat, not {given}", action=a.type, card=a.card,
                                   printed=f"{printed:+d}", given=f"{a.value:+d}"))
        return a.value if corn and a.value is not None else printed
    values = told_treat_values(board, state)
    if a.value is None or a.value not in values:
        raise IllegalAction(tr("{action}: say the Treat's value; no Treat still unplayed has {given} (left: {values})",
                               action=a.type, given="?" if a.value is None else f"{a.value:+d}",
                               values=", ".join(f"{v:+d}" for v in sorted(values))))
    return a.value


def told_treat_values(board: Board, state: dict[str, Any]) -> set[int]:
    """The values a Treat not yet played may have: printed, or +1 and -1 for candy corn."""
    out: set[int] = set()
    for card, (printed, corn) in board.treats.items():
        if card not in state["used"]:
            out |= {1, -1} if corn else {printed}
    return out


# --------------------------------------------------------------------------- turns and rounds


def _start_round(state: dict[str, Any], events: list[Event]) -> None:
    state["phase"] = "play"
    state["turn"] = state["first"]
    state["turn_start"] = state["positions"][state["first"]]
    events.append(Event("round", tr("Round {round} begins: {player} holds the First Player Token and plays first",
                                    round=state["round"], player=state["first"]),
                        {"round": state["round"], "first": state["first"]}))


def _next_turn(board: Board, state: dict[str, Any]) -> list[Event]:
    state["chores"] = []
    state["leftover"] = None
    players = state["players"]
    if all(cards_left(hand) == 0 for hand in state["hands"].values()):
        state["turn"] = None
        state["turn_start"] = None
        hidden = sum(1 for stack in state["tricks"].values() for t in stack if t["card"] is None)
        events = [Event("round_over", tr("Round {round} is over: every card has been played", round=state["round"]),
                        {"round": state["round"]})]
        if untold(state):
            state["phase"] = "reveal"
            events.append(Event("tell", trn("Referee: say on the console what the card played unseen was, before "
                                            "the Tricks are turned up",
                                            "Referee: say on the console what the {n} cards played unseen were, "
                                            "before the Tricks are turned up", len(untold(state))),
                                {"unseen": untold(state)}))
        if hidden:
            state["phase"] = "reveal"
            houses = [int(h) for h, s in state["tricks"].items() if s]
            events.append(Event("reveal", tr("Reveal the Tricks one at a time, bottom first, at {houses}",
                                             houses=_houses_text(houses)),
                                {"houses": houses}))
        if hidden or untold(state):     # a card told later may be a Treat: the round is scored after it (_tell)
            return events
        return events + _resolve_round(board, state)
    i = players.index(state["turn"])
    nxt = players[(i + 1) % len(players)]
    state["turn"] = nxt
    state["turn_start"] = state["positions"][nxt]
    return []


def _reveal(board: Board, state: dict[str, Any], a: RevealTrick) -> list[Event]:
    _check_house(board, a.house, a)
    if a.card not in board.tricks:
        raise IllegalAction(tr("{action}: {card} is not a Trick card", action=a.type, card=a.card))
    if a.card in state["used"]:
        raise IllegalAction(tr("{action}: {card} has already been revealed this game", action=a.type, card=a.card))
    if untold(state):
        u = untold(state)[0]
        raise IllegalAction(tr("{action}: first the referee says what {player}'s card played unseen at House {house} "
                               "was (a Trick would change the stack)", action=a.type, player=u["player"],
                               house=u["house"]))
    stack = state["tricks"][str(a.house)]
    hidden = [t for t in stack if t["card"] is None]
    if not hidden and stack:
        raise IllegalAction(trn("{action}: no face-down Trick left at House {house} (its {n} Trick is face up)",
                                "{action}: no face-down Trick left at House {house} (its {n} Tricks are all face up)",
                                len(stack), action=a.type, house=a.house))
    if not hidden:
        raise IllegalAction(tr("{action}: no face-down Trick left at House {house} (it has no Tricks)",
                               action=a.type, house=a.house))
    slot = hidden[0]
    slot["card"] = a.card
    state["used"].append(a.card)
    pos = stack.index(slot) + 1
    kind = board.tricks[a.card]
    if slot["by"] is None:           # played before the companion took the game over
        text = tr("House {house}, Trick {position} of {total}: {trick}", house=a.house, position=pos,
                  total=len(stack), trick=TRICK_NAMES[kind])
    else:
        text = tr("House {house}, Trick {position} of {total} (played by {player}): {trick}", house=a.house,
                  position=pos, total=len(stack), player=slot["by"], trick=TRICK_NAMES[kind])
    events = [Event("revealed", text,
                    {"house": a.house, "position": pos, "card": a.card, "trick": kind, "by": slot["by"]})]
    if all(t["card"] is not None for s in state["tricks"].values() for t in s):
        events += _resolve_round(board, state)
    return events


def _resolve_round(board: Board, state: dict[str, Any]) -> list[Event]:
    """Resolve every house's Tricks, then flip and score (stopping at a tie the
    First Player Token holder must break)."""
    events: list[Event] = []
    state["chores"] = []
    state["leftover"] = {"faces": dict(state["control"]), "first": state["first"],
                         "tricks": {h: [t["card"] for t in s] for h, s in state["tricks"].items() if s}}
    for h, stack in state["tricks"].items():
        if not stack:
            continue
        kinds = [board.tricks[t["card"]] for t in stack]
        net0, control0 = state["cubes"][h], state["control"][h]
        net, control, steps = resolve.resolve_stack(net0, control0, kinds, state["options"]["trapped_trap_traps"])
        before_net, before_control = net0, control0
        for step in steps:
            events.append(Event("trick_resolved", step.describe(int(h), before_net, before_control),
                                {"house": int(h), "trick": step.kind, "nullified": step.nullified,
                                 "net": step.net_after, "control": step.control_after}))
            if step.control_after != before_control:    # a Flip House: the tile turns now, as people do it
                state["chores"].append(tr("Flip House {house} to its {team} face ({trick} Trick)", house=int(h),
                                          team=TEAM_NAMES[step.control_after], trick=TRICK_NAMES[step.kind]))
            before_net, before_control = step.net_after, step.control_after
        state["cubes"][h] = net
        state["control"][h] = control
    return events + _round_end_from(state, "flip")


def _nets(state: dict[str, Any]) -> tuple[dict[int, int], dict[int, int]]:
    opened = open_houses(state)
    return ({h: state["cubes"][str(h)] for h in opened}, {h: len(state["treats"][str(h)]) for h in opened})


def _round_end_from(state: dict[str, Any], step: str, chosen: int | None = None) -> list[Event]:
    events: list[Event] = []
    if step == "flip":
        if chosen is None:
            houses, why = resolve.flip_candidates(*_nets(state))
            if len(houses) > 1:
                return events + _ask(state, "flip", houses, why)
            chosen = houses[0] if houses else None
            if chosen is None:
                events.append(Event("no_flip", tr("Round {round}: {why}", round=state["round"], why=why),
                                    {"round": state["round"]}))
        if chosen is not None:
            h = str(chosen)
            before = state["control"][h]
            state["control"][h] = other(before)
            cubes = cubes_text(state["cubes"][h])
            if state["control"][h] == GHOULS:
                text = tr("House {house} has the most black cubes ({cubes}): it flips from the Girls to the Ghouls",
                          house=chosen, cubes=cubes)
            else:
                text = tr("House {house} has the most black cubes ({cubes}): it flips from the Ghouls to the Girls",
                          house=chosen, cubes=cubes)
            events.append(Event("flipped", text, {"house": chosen, "control": state["control"][h]}))
            state["chores"].append(tr("Flip House {house} to its {team} face", house=chosen,
                                      team=TEAM_NAMES[state["control"][h]]))
        state["history"].append({"round": state["round"], "flipped": chosen})
        chosen = None
    houses, why = resolve.score_candidates(*_nets(state), empty_beats_black=state["options"]["empty_beats_black"])
    if chosen is None:
        if len(houses) > 1:
            return events + _ask(state, "score", houses, why)
        chosen = houses[0]
    h = str(chosen)
    points = state["options"]["vp_order"][state["round"] - 1]
    team = state["control"][h]
    state["closed"][h] = {"points": points, "round": state["round"]}
    state["history"][-1].update({"scored": chosen, "points": points, "team": team})
    net = state["cubes"][h]
    reason = tr("the most orange cubes ({cubes})", cubes=cubes_text(net)) if net > 0 else cubes_text(net)
    if why:
        reason = concat(reason, why, sep="; ")
    if team == GIRLS:
        text = tr("The Trick-or-Treaters go to House {house}, {reason}: the Girls earn the {points} VP card and "
                  "House {house} is closed for the rest of the game", house=chosen, reason=reason, points=points)
    else:
        text = tr("The Trick-or-Treaters go to House {house}, {reason}: the Ghouls earn the {points} VP card and "
                  "House {house} is closed for the rest of the game", house=chosen, reason=reason, points=points)
    events.append(Event("scored", text, {"house": chosen, "points": points, "team": team, "round": state["round"]}))
    state["chores"].append(tr("Put the {points} VP card in House {house}'s Trick slot", points=points, house=chosen))
    return events + _next_round(state)


def _ask(state: dict[str, Any], step: str, houses: list[int], why: str) -> list[Event]:
    state["phase"] = "tiebreak"
    state["pending"] = {"step": step, "houses": houses, "why": why}
    if step == "flip":
        text = tr("{why}: {player} (First Player Token) chooses which house flips", why=why, player=state["first"])
    else:
        text = tr("{why}: {player} (First Player Token) chooses which house scores the VP card", why=why,
                  player=state["first"])
    return [Event("tie", text,
                  {"step": step, "houses": houses, "chooser": state["first"]})]


def _choose(board: Board, state: dict[str, Any], a: ChooseHouse) -> list[Event]:
    _check_player(state, a.player, a)
    pending = state["pending"]
    if a.player != state["first"]:
        raise IllegalAction(tr("{action}: only {player}, who holds the First Player Token, breaks the tie",
                               action=a.type, player=state["first"]))
    if a.house not in pending["houses"]:
        raise IllegalAction(tr("{action}: House {house} is not one of the tied houses ({houses})", action=a.type,
                               house=a.house, houses=_houses_text(pending["houses"])))
    state["phase"] = "play"
    state["pending"] = None
    events = [Event("chosen", tr("{player} chooses House {house}", player=a.player, house=a.house),
                    {"player": a.player, "house": a.house})]
    return events + _round_end_from(state, pending["step"], chosen=a.house)


def _next_round(state: dict[str, Any]) -> list[Event]:
    chores = state["chores"]
    tricks = [int(h) for h, s in state["tricks"].items() if s]
    if tricks:
        chores.append(tr("Clear the Tricks from {houses}", houses=_houses_text(tricks)))
    if any(state["cubes"].values()) or any(state["treats"].values()):
        chores.append(tr("Remove every cube and Treat from the board"))
    unnamed = sum(1 for ts in state["treats"].values() for t in ts if t["card"] is None)
    if unnamed:             # Treats of a game taken over late: out of the game, still unnamed
        state.setdefault("gone", {"treats": 0, "tricks": 0})["treats"] += unnamed
    for h in state["cubes"]:
        state["cubes"][h] = 0
        state["treats"][h] = []
        state["tricks"][h] = []
    if len(state["closed"]) >= ROUNDS or state["round"] >= ROUNDS:
        state["phase"] = "identities"
        state["turn"] = None
        return [Event("game_over", tr("All three VP cards are scored: everyone, turn your identity card face up"),
                      {})]
    players = state["players"]
    state["round"] += 1
    state["first"] = players[(players.index(state["first"]) + 1) % len(players)]
    state["hands"] = {p: dict(HAND) for p in players}
    chores.append(tr("Pass the First Player Token to {player}", player=state["first"]))
    chores.append(tr("Deal everyone 3 Treat and 2 Trick cards"))
    events: list[Event] = []
    _start_round(state, events)
    return events


def _identity(board: Board, state: dict[str, Any], a: RevealIdentity) -> list[Event]:
    _check_player(state, a.player, a)
    if a.card not in board.identities:
        raise IllegalAction(tr("{action}: {card} is not an identity card", action=a.type, card=a.card))
    if a.player in state["identities"]:
        raise IllegalAction(tr("{action}: {player} has already revealed {card}", action=a.type, player=a.player,
                               card=state["identities"][a.player]))
    # an identity card another player turned up: refused by the engine's whereabouts check
    team = board.identities[a.card]
    n = len(state["players"])
    deck = dict(zip((GIRLS, GHOULS, REPORTER), IDENTITY_DECK[n]))
    shown = sum(1 for c in state["identities"].values() if board.identities[c] == team)
    if shown >= deck[team]:
        # every card of the team is turned up already, so ``shown`` is ``n`` (and agrees with it)
        raise IllegalAction(trn("{action}: a {players}-player game deals {n} {team} identity card, and {shown} is "
                                "already revealed",
                                "{action}: a {players}-player game deals {n} {team} identity cards, and {shown} are "
                                "already revealed", deck[team],
                                action=a.type, players=n, team=TEAM_NAMES[team], shown=shown))
    state["identities"][a.player] = a.card
    if team == REPORTER:
        text = tr("{player} was the Reporter", player=a.player)
    elif team == GIRLS:
        text = tr("{player} was one of the Girls", player=a.player)
    else:
        text = tr("{player} was one of the Ghouls", player=a.player)
    events = [Event("identity", text, {"player": a.player, "team": team})]
    if len(state["identities"]) == n:
        state["phase"] = "over"
        events.append(Event("over", tr("Every identity is revealed: the game is over"), {}))
    return events


#: the dispatch table: each action class and the function that applies it
HANDLERS: dict[type[Action], Callable[[Board, dict[str, Any], Any], list[Event]]] = {
    Place: _place, Move: _move, PlayTreat: _treat, PlayTrick: _trick, Peek: _peek, PlayUnseen: _unseen,
    TellUnseen: _tell, RevealTrick: _reveal, ChooseHouse: _choose, RevealIdentity: _identity}

#: the actions each phase allows
PHASES: dict[str, tuple[type[Action], ...]] = {
    "setup": (Place,), "play": (Move, PlayTreat, PlayTrick, Peek, PlayUnseen, TellUnseen),
    "reveal": (RevealTrick, TellUnseen),
    "tiebreak": (ChooseHouse,), "identities": (RevealIdentity,), "over": ()}
