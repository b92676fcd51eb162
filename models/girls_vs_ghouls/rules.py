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
     "used": [...], "pending": null, "identities": {}, "history": [],
     "chores": [], "leftover": null}  # after a round: what the table still has to tidy, and what it may still show
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import Action, Event, GameSetupError, IllegalAction
from . import resolve
from .actions import ChooseHouse, Move, Peek, Place, PlayTreat, PlayTrick, RevealIdentity, RevealTrick
from .kit import GHOULS, GIRLS, IDENTITY_DECK, REPORTER, TEAM_NAMES, TRICK_NAMES, Board, cubes_text, other

HAND = {"treat": 3, "trick": 2, "unknown": 0}
ROUNDS = 3


# --------------------------------------------------------------------------- setup


def parse_vp_order(text: Any, board: Board) -> list[int]:
    try:
        order = [int(p) for p in str(text).replace(" ", "").split(",") if p]
    except ValueError:
        raise GameSetupError(f"option vp_order: expected points such as 1,2,3, not {text!r}") from None
    if len(order) != ROUNDS or sorted(order) != sorted(board.vp_cards):
        raise GameSetupError(f"option vp_order: must list the VP cards {sorted(board.vp_cards)} once each "
                             f"in the order the rounds award them, not {text!r}")
    return order


def new_state(board: Board, players: Sequence[str], options: Mapping[str, Any]) -> dict[str, Any]:
    opts = dict(options)
    opts["vp_order"] = parse_vp_order(opts["vp_order"], board)
    for p in players:
        if f"GVG:STANDEE:{p}" not in board.standees:
            raise GameSetupError(f"player {p}: there is no standee GVG:STANDEE:{p} in the catalog "
                                 f"(seat colours: {', '.join(sorted(s.split(':')[2] for s in board.standees))})")
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
        raise IllegalAction(f"{action.type}: not now: {_phase_text(state)}")
    return HANDLERS[type(action)](board, state, action)


def _phase_text(state: dict[str, Any]) -> str:
    phase = state["phase"]
    if phase == "setup":
        missing = [p for p in state["players"] if p not in state["positions"]]
        return f"the game is being set up (standees still to place: {', '.join(missing)})"
    if phase == "play":
        return f"round {state['round']}, it is {state['turn']}'s turn"
    if phase == "reveal":
        return f"round {state['round']} is over and the Tricks are being revealed"
    if phase == "tiebreak":
        return f"{state['first']} must break a tie between {_houses_text(state['pending']['houses'])}"
    if phase == "identities":
        return "the game is over and the identity cards are being revealed"
    return "the game is over"


def _houses_text(houses: Sequence[int]) -> str:
    return ", ".join(f"House {h}" for h in houses)


def _check_player(state: dict[str, Any], player: str, action: Any) -> None:
    if player not in state["players"]:
        raise IllegalAction(f"{action.type}: {player} is not playing (players: {', '.join(state['players'])})")


def _check_house(board: Board, house: int, action: Any) -> None:
    if house not in board.houses:
        raise IllegalAction(f"{action.type}: there is no House {house} (houses 1 to {len(board.houses)})")


def _place(board: Board, state: dict[str, Any], a: Place) -> list[Event]:
    _check_player(state, a.player, a)
    _check_house(board, a.house, a)
    state["positions"][a.player] = a.house
    events = [Event("placed", f"{a.player}'s standee starts at House "
                              f"{a.house}", {"player": a.player, "house": a.house})]
    if all(p in state["positions"] for p in state["players"]):
        _start_round(state, events)
    return events


def _check_turn(state: dict[str, Any], player: str, action: Any) -> None:
    _check_player(state, player, action)
    if player != state["turn"]:
        raise IllegalAction(f"{action.type}: it is {state['turn']}'s turn, not {player}'s")


def _move(board: Board, state: dict[str, Any], a: Move) -> list[Event]:
    _check_turn(state, a.player, a)
    _check_house(board, a.house, a)
    start = state["turn_start"]
    d = board.distance(start, a.house, state["options"]["crosswalk_passable"])
    if d > 2:
        raise IllegalAction(f"{a.type}: {a.player} began the turn at House {start}, and House {a.house} is {d} spaces "
                            f"away; a move is at most 2 spaces (the crosswalk is not a space)")
    state["positions"][a.player] = a.house
    return [Event("moved", f"{a.player} moves to House {a.house} ({d} space{'s' if d != 1 else ''} from House {start})",
                  {"player": a.player, "house": a.house, "spaces": d})]


def _check_card(board: Board, state: dict[str, Any], a: Any, kind: str) -> str:
    """Common checks of a card played at a house; returns the house key."""
    _check_turn(state, a.player, a)
    _check_house(board, a.house, a)
    here = state["positions"][a.player]
    if a.house != here:
        raise IllegalAction(f"{a.type}: {a.player} stands at House {here}; a card may only be played at the house "
                            f"where you stand, not at House {a.house}")
    h = str(a.house)
    if h in state["closed"] and not (kind == "peek" and state["options"]["peek_at_closed_house"]):
        what = {"treat": "Treats", "trick": "Tricks", "peek": "Peeks"}[kind]
        raise IllegalAction(f"{a.type}: House {a.house} is closed (it scored {state['closed'][h]['points']} VP "
                            f"in round "
                            f"{state['closed'][h]['round']}); no more {what} there")
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
    left = f"{hand['treat']} Treat, {hand['trick']} Trick"
    if hand["unknown"]:
        left += f", {hand['unknown']} unknown discard"
    if cards_left(hand) <= 0:
        raise IllegalAction(f"{a.type}: {a.player} has no card left this round")
    if deck is not None:
        if hand[deck] <= 0:
            raise IllegalAction(f"{a.type}: {a.player} has no {deck.title()} card left this round (of 3 Treats and "
                                f"2 Tricks dealt, left: {left})")
        hand[deck] -= 1
    else:
        hand["unknown"] += 1
    state["turn_no"] += 1


def _treat(board: Board, state: dict[str, Any], a: PlayTreat) -> list[Event]:
    h = _check_card(board, state, a, "treat")
    if a.card not in board.treats:
        raise IllegalAction(f"{a.type}: {a.card} is not a Treat card")
    if a.card in state["used"]:
        raise IllegalAction(f"{a.type}: {a.card} has already been played this game")
    printed, corn = board.treats[a.card]
    if corn:
        if a.value not in (1, -1):
            raise IllegalAction(f"{a.type}: candy corn counts +1 or -1: turn it upright for +1 or upside down for -1")
        value = a.value
    else:
        if a.value is not None and a.value != printed:
            raise IllegalAction(f"{a.type}: {a.card} is a {printed:+d} Treat, not {a.value:+d}")
        value = printed
    _use_card(state, a, "treat")
    change = resolve.add_treat(state["cubes"][h], value)
    state["cubes"][h] = change.after
    state["used"].append(a.card)
    state["treats"][h].append({"card": a.card, "value": value, "by": a.player, "turn": state["turn_no"]})
    corn_text = " (candy corn)" if corn else ""
    events = [Event("treat", f"{a.player} plays a {value:+d} Treat{corn_text} at House {a.house}: "
                             f"{change.describe(a.house)}",
                    {"player": a.player, "house": a.house, "card": a.card, "value": value,
                     "pairs_removed": change.pairs_removed, "net": change.after, "cubes": cubes_text(change.after)})]
    return events + _next_turn(board, state)


def _trick(board: Board, state: dict[str, Any], a: PlayTrick) -> list[Event]:
    h = _check_card(board, state, a, "trick")
    _use_card(state, a, "trick")
    stack = state["tricks"][h]
    stack.append({"by": a.player, "turn": state["turn_no"], "card": None})
    where = "in front of" if len(stack) == 1 else f"on top of the stack (now {len(stack)} Tricks) at"
    events = [Event("trick", f"{a.player} plays a Trick face down {where} House {a.house}",
                    {"player": a.player, "house": a.house, "stack": len(stack)})]
    return events + _next_turn(board, state)


def _peek(board: Board, state: dict[str, Any], a: Peek) -> list[Event]:
    h = _check_card(board, state, a, "peek")
    _use_card(state, a, a.discard)
    n = len(state["tricks"][h])
    card = f"a {a.discard.title()}" if a.discard else "a card"
    events = [Event("peek", f"{a.player} discards {card} to peek at the {n} Trick{'s' if n != 1 else ''} "
                            f"at House {a.house}", {"player": a.player, "house": a.house, "tricks": n})]
    return events + _next_turn(board, state)


# --------------------------------------------------------------------------- turns and rounds


def _start_round(state: dict[str, Any], events: list[Event]) -> None:
    state["phase"] = "play"
    state["turn"] = state["first"]
    state["turn_start"] = state["positions"][state["first"]]
    events.append(Event("round", f"Round {state['round']} begins: {state['first']} holds the First Player Token and "
                                 f"plays first", {"round": state["round"], "first": state["first"]}))


def _next_turn(board: Board, state: dict[str, Any]) -> list[Event]:
    state["chores"] = []
    state["leftover"] = None
    players = state["players"]
    if all(cards_left(hand) == 0 for hand in state["hands"].values()):
        state["turn"] = None
        state["turn_start"] = None
        hidden = sum(1 for stack in state["tricks"].values() for t in stack if t["card"] is None)
        events = [Event("round_over", f"Round {state['round']} is over: every card has been played",
                        {"round": state["round"]})]
        if hidden:
            state["phase"] = "reveal"
            houses = [int(h) for h, s in state["tricks"].items() if s]
            events.append(Event("reveal", f"Reveal the Tricks one at a time, bottom first, at {_houses_text(houses)}",
                                {"houses": houses}))
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
        raise IllegalAction(f"{a.type}: {a.card} is not a Trick card")
    if a.card in state["used"]:
        raise IllegalAction(f"{a.type}: {a.card} has already been revealed this game")
    stack = state["tricks"][str(a.house)]
    hidden = [t for t in stack if t["card"] is None]
    if not hidden:
        have = f"its {len(stack)} Tricks are all face up" if stack else "it has no Tricks"
        raise IllegalAction(f"{a.type}: no face-down Trick left at House {a.house} ({have})")
    slot = hidden[0]
    slot["card"] = a.card
    state["used"].append(a.card)
    pos = stack.index(slot) + 1
    kind = board.tricks[a.card]
    events = [Event("revealed", f"House {a.house}, Trick {pos} of {len(stack)} (played by {slot['by']}): "
                                f"{TRICK_NAMES[kind]}",
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
                state["chores"].append(f"Flip House {h} to its {TEAM_NAMES[step.control_after]} face "
                                       f"({TRICK_NAMES[step.kind]} Trick)")
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
                events.append(Event("no_flip", f"Round {state['round']}: {why}", {"round": state["round"]}))
        if chosen is not None:
            h = str(chosen)
            before = state["control"][h]
            state["control"][h] = other(before)
            events.append(Event("flipped", f"House {chosen} has the most black cubes "
                                           f"({cubes_text(state['cubes'][h])}): "
                                           f"it flips from the {TEAM_NAMES[before]} to the "
                                           f"{TEAM_NAMES[state['control'][h]]}",
                                {"house": chosen, "control": state["control"][h]}))
            state["chores"].append(f"Flip House {chosen} to its {TEAM_NAMES[state['control'][h]]} face")
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
    reason = f"the most orange cubes ({cubes_text(net)})" if net > 0 else f"{cubes_text(net)}"
    if why:
        reason += f"; {why}"
    events.append(Event("scored", f"The Trick-or-Treaters go to House {chosen}, {reason}: the {TEAM_NAMES[team]} "
                                  f"earn the {points} VP card and House {chosen} is closed for the rest of the game",
                        {"house": chosen, "points": points, "team": team, "round": state["round"]}))
    state["chores"].append(f"Put the {points} VP card in House {chosen}'s Trick slot")
    return events + _next_round(state)


def _ask(state: dict[str, Any], step: str, houses: list[int], why: str) -> list[Event]:
    state["phase"] = "tiebreak"
    state["pending"] = {"step": step, "houses": houses, "why": why}
    what = "flips" if step == "flip" else "scores the VP card"
    return [Event("tie", f"{why}: {state['first']} (First Player Token) chooses which house {what}",
                  {"step": step, "houses": houses, "chooser": state["first"]})]


def _choose(board: Board, state: dict[str, Any], a: ChooseHouse) -> list[Event]:
    _check_player(state, a.player, a)
    pending = state["pending"]
    if a.player != state["first"]:
        raise IllegalAction(f"{a.type}: only {state['first']}, who holds the First Player Token, breaks the tie")
    if a.house not in pending["houses"]:
        raise IllegalAction(f"{a.type}: House {a.house} is not one of the tied houses "
                            f"({_houses_text(pending['houses'])})")
    state["phase"] = "play"
    state["pending"] = None
    events = [Event("chosen", f"{a.player} chooses House {a.house}", {"player": a.player, "house": a.house})]
    return events + _round_end_from(state, pending["step"], chosen=a.house)


def _next_round(state: dict[str, Any]) -> list[Event]:
    chores = state["chores"]
    tricks = [int(h) for h, s in state["tricks"].items() if s]
    if tricks:
        chores.append(f"Clear the Tricks from {_houses_text(tricks)}")
    if any(state["cubes"].values()) or any(state["treats"].values()):
        chores.append("Remove every cube and Treat from the board")
    for h in state["cubes"]:
        state["cubes"][h] = 0
        state["treats"][h] = []
        state["tricks"][h] = []
    if len(state["closed"]) >= ROUNDS or state["round"] >= ROUNDS:
        state["phase"] = "identities"
        state["turn"] = None
        return [Event("game_over", "All three VP cards are scored: everyone, turn your identity card face up", {})]
    players = state["players"]
    state["round"] += 1
    state["first"] = players[(players.index(state["first"]) + 1) % len(players)]
    state["hands"] = {p: dict(HAND) for p in players}
    chores.append(f"Pass the First Player Token to {state['first']}")
    chores.append("Deal everyone 3 Treat and 2 Trick cards")
    events: list[Event] = []
    _start_round(state, events)
    return events


def _identity(board: Board, state: dict[str, Any], a: RevealIdentity) -> list[Event]:
    _check_player(state, a.player, a)
    if a.card not in board.identities:
        raise IllegalAction(f"{a.type}: {a.card} is not an identity card")
    if a.player in state["identities"]:
        raise IllegalAction(f"{a.type}: {a.player} has already revealed {state['identities'][a.player]}")
    # an identity card another player turned up: refused by the engine's whereabouts check
    team = board.identities[a.card]
    n = len(state["players"])
    deck = dict(zip((GIRLS, GHOULS, REPORTER), IDENTITY_DECK[n]))
    shown = sum(1 for c in state["identities"].values() if board.identities[c] == team)
    if shown >= deck[team]:
        raise IllegalAction(f"{a.type}: a {n}-player game deals {deck[team]} {TEAM_NAMES[team]} identity "
                            f"card{'s' if deck[team] != 1 else ''}, and {shown} {'is' if shown == 1 else 'are'} "
                            f"already revealed")
    state["identities"][a.player] = a.card
    events = [Event("identity", f"{a.player} was "
                                f"{'the Reporter' if team == REPORTER else 'one of the ' + TEAM_NAMES[team]}",
                    {"player": a.player, "team": team})]
    if len(state["identities"]) == n:
        state["phase"] = "over"
        events.append(Event("over", "Every identity is revealed: the game is over", {}))
    return events


#: the dispatch table: each action class and the function that applies it
HANDLERS: dict[type[Action], Callable[[Board, dict[str, Any], Any], list[Event]]] = {
    Place: _place, Move: _move, PlayTreat: _treat, PlayTrick: _trick, Peek: _peek,
    RevealTrick: _reveal, ChooseHouse: _choose, RevealIdentity: _identity}

#: the actions each phase allows
PHASES: dict[str, tuple[type[Action], ...]] = {
    "setup": (Place,), "play": (Move, PlayTreat, PlayTrick, Peek), "reveal": (RevealTrick,),
    "tiebreak": (ChooseHouse,), "identities": (RevealIdentity,), "over": ()}
