"""Taking a Girls vs Ghouls game over as it lies on the table
(:meth:`GirlsVsGhouls.from_table`).

What the camera shows exactly: each house's face (who controls it), the VP
cards in the Trick slots of the houses that scored (so which rounds are over,
through ``vp_order``), which Trick slots a face-down stack covers, the
standees, the First Player Token, a Treat still face up, and at the end the
identity cards.

What no camera can see is held as counts, never as invented cards: the Treats
tucked under a tile this round are so many Treats (``card`` null) at that
house, a stack is so many face-down Tricks played by nobody knows whom, the
cards played in earlier rounds are so many Treat- and Trick-deck cards out of
the game (``gone``), and a hand is so many cards whose decks are unknown
(``unknown``, as a Peek's unseen discard is counted).

What the table cannot tell at all is asked (:func:`questions`): whose turn it
is (or that every card of the round is played), how many cards that player
still holds, where their turn began, and for each open house its net cubes and
its Treat cards under the tile (the cubes are not tagged; the Treats decide
ties), and for each covered slot how many Tricks lie face down there.

While a round's Tricks are being turned up, the order of those already face up
at a house is asked (the camera sees them, not the order they came up in). With
every Trick face up, the tiles and cubes show the round resolved: which tie the
First Player Token holder is breaking is asked (the tied houses follow from the
cubes and Treats); a round over but not yet tidied is refused with what to do.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import IllegalAction
from ..takeover import Question
from ..text import concat, tr
from . import resolve
from .kit import GHOULS, GIRLS, IDENTITY_DECK, REPORTER, TEAM_NAMES, TRICK_NAMES, Board
from .rules import ROUNDS, _nets, _resolve_round, cards_left, new_state

HAND_SIZE = 5            # 3 Treats and 2 Tricks a round
NOBODY = "-"             # the answer to "whose turn": every card of the round is played
MAX_ORDERED = 4          # face-up Tricks at a house whose order is asked (4! = 24 choices)


def _open_houses(reading: Mapping[str, Any]) -> list[str]:
    return [h for h, r in sorted(reading["houses"].items(), key=lambda kv: int(kv[0])) if r["vp"] is None]


def _kind_of_table(board: Board, setup: dict[str, Any], reading: Mapping[str, Any]) -> str:
    """``setup``, ``play`` (a round under way) or ``end`` (every VP card scored)."""
    if len([r for r in reading["houses"].values() if r["vp"] is not None]) >= ROUNDS or reading["identities"]:
        return "end"
    if len(reading["standees"]) < len(setup["players"]):
        return "setup"
    if any(r["tricks_up"] for r in reading["houses"].values()):
        if any(r["slot"] == "covered" and r["vp"] is None for r in reading["houses"].values()):
            return "reveal"     # Tricks being turned up, some still face down
        return "tiebreak"       # every Trick face up: a tie to break (or a round's end to tidy)
    return "play"


def questions(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Mapping[str, Any]) \
        -> list[Question]:
    """What the table cannot tell (see the module doc); none at setup or at the end."""
    board: Board = game.board
    setup: dict[str, Any] = dict(game.setup(players, options))
    kind = _kind_of_table(board, setup, reading)
    if kind not in ("play", "reveal", "tiebreak"):
        return []
    players = setup["players"]
    n = len(players)
    out = [Question("tie", tr("Every Trick is face up: which tie is the First Player Token holder breaking?"),
                    (("flip", tr("which house flips (tied for the most black cubes)")),
                     ("score", tr("which house scores the VP card (tied for it)")),
                     ("none", tr("none: the round is over, its table not tidied yet"))))] if kind == "tiebreak" else []
    out += [] if kind != "play" else [
        Question("turn", tr("Whose turn is it?"),
                 tuple((p, p) for p in players) + ((NOBODY, tr("nobody: every card of this round is played")),)),
        Question("cards", tr("How many cards does the player whose turn it is still hold?"), low=0, high=HAND_SIZE),
        Question("began", tr("Where did the player whose turn it is stand when the turn began?"),
                 ((0, tr("where their standee stands now")),)
                 + tuple((h, tr("House {house}", house=h)) for h in board.houses)),
    ]
    for h in _open_houses(reading):
        out.append(Question(f"cubes_{h}", tr("House {house}: its cubes, orange counting +1 and black -1 (e.g. -2 "
                                             "for 2 black cubes, 0 for none)", house=h), low=-99, high=99))
        out.append(Question(f"treats_{h}", tr("House {house}: how many Treat cards lie under its tile (this "
                                              "round's)?", house=h), low=0, high=3 * n))
        if reading["houses"][h]["slot"] == "covered":
            out.append(Question(f"tricks_{h}", tr("House {house}: how many Tricks lie face down in its Trick "
                                                  "slot?", house=h), low=1, high=2 * n))
        up = reading["houses"][h]["tricks_up"]
        if kind != "play" and 1 < len(up) <= MAX_ORDERED:
            out.append(Question(f"order_{h}", tr("House {house}: in which order were its face-up Tricks turned up "
                                                 "(the first one was the bottom of the stack)?", house=h),
                                tuple((",".join(cards), concat(*(concat(TRICK_NAMES[board.tricks[c]], f"({c})", sep=" ")
                                                                 for c in cards), sep=" > "))
                                      for cards in itertools.permutations(up))))
    return out


def answers(game: Any, state: Mapping[str, Any]) -> dict[str, Any]:
    """The answers a known state gives to the questions its table raises (the
    tests answer from the truth)."""
    out: dict[str, Any] = {}
    if state["phase"] in ("setup", "identities", "over"):
        return out
    turning = state["phase"] in ("reveal", "tiebreak") and any(
        t["card"] for stack in state["tricks"].values() for t in stack)
    if turning and state["phase"] == "tiebreak":
        out["tie"] = state["pending"]["step"]
    if not turning:
        p = state["turn"]
        out["turn"] = p if p is not None else NOBODY
        out["cards"] = cards_left(state["hands"][p]) if p is not None else 0
        began = state["turn_start"] if p is not None else None
        out["began"] = 0 if began is None or began == state["positions"][p] else began
    for h in state["control"]:
        if h in state["closed"]:
            continue
        out[f"cubes_{h}"] = state["cubes"][h]
        out[f"treats_{h}"] = len(state["treats"][h])
        hidden = sum(1 for t in state["tricks"][h] if t["card"] is None)
        if hidden and state["phase"] in ("play", "reveal"):      # a face-down stack covers the slot
            out[f"tricks_{h}"] = hidden
        up = [t["card"] for t in state["tricks"][h] if t["card"]]
        if turning and 1 < len(up) <= MAX_ORDERED:
            out[f"order_{h}"] = ",".join(up)
    return out


def from_table(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Mapping[str, Any],
               answers: Mapping[str, Any]) -> dict[str, Any]:
    """The state the table shows, with the answers (see the module doc)."""
    board: Board = game.board
    state = new_state(board, players, options)
    players = state["players"]
    n = len(players)
    kind = _kind_of_table(board, state, reading)
    _check_faces(reading)
    for p, h in reading["standees"].items():
        state["positions"][p] = h
    if kind == "setup":
        return _setup(state, reading)
    for h, r in reading["houses"].items():
        state["control"][h] = r["face"]
    _closed(state, reading)
    done = len(state["closed"])
    state["round"] = min(done + 1, ROUNDS)
    first = players[(state["round"] - 1) % n]
    state["first"] = first
    if reading["first_player"] != first:
        raise IllegalAction(tr("the First Player Token lies {where}, but in round {round} {player} holds it (players "
                               "are listed clockwise from its first holder): give it to {player}",
                               where=tr("in front of {player}", player=reading["first_player"])
                               if reading["first_player"] else tr("nowhere the camera sees"),
                               round=state["round"], player=first))
    state["gone"] = {"treats": 3 * n * (state["round"] - 1), "tricks": 2 * n * (state["round"] - 1)}
    if kind == "end":
        return _end(board, state, reading)
    if kind == "reveal":
        return _reveal(board, state, reading, answers)
    if kind == "tiebreak":
        return _tiebreak(board, state, reading, answers)
    _no_tricks_up(reading)
    return _play(board, state, reading, answers)


def _check_faces(reading: Mapping[str, Any]) -> None:
    unseen = [h for h, r in sorted(reading["houses"].items(), key=lambda kv: int(kv[0])) if r["face"] is None]
    if unseen:
        raise IllegalAction(tr("the tile of House {houses} is not seen (or both its faces are): lay each tile with "
                               "its controlling team's face up", houses=", ".join(unseen)))


def _setup(state: dict[str, Any], reading: Mapping[str, Any]) -> dict[str, Any]:
    busy = [h for h, r in sorted(reading["houses"].items(), key=lambda kv: int(kv[0]))
            if r["vp"] is not None or r["slot"] == "covered" or r["tricks_up"] or r["face"] != state["control"][h]]
    if busy or reading["new_treats"] or reading["identities"]:
        raise IllegalAction(tr("the table is being set up (not every standee is on a house) but House {houses} is "
                               "not as set up: put every standee on its house first",
                               houses=", ".join(busy) or "-"))
    return state


def _closed(state: dict[str, Any], reading: Mapping[str, Any]) -> None:
    order = state["options"]["vp_order"]
    scored = {int(r["vp"]): h for h, r in reading["houses"].items() if r["vp"] is not None}
    if sorted(scored) != sorted(order[:len(scored)]):
        raise IllegalAction(tr("the VP cards {cards} lie on the houses, but the rounds award {order} in that order: "
                               "put each VP card on the house that scored it",
                               cards=", ".join(str(p) for p in sorted(scored)),
                               order=", ".join(str(p) for p in order)))
    for points, h in scored.items():
        state["closed"][h] = {"points": points, "round": order.index(points) + 1}
    for points, h in sorted(scored.items(), key=lambda kv: order.index(kv[0])):
        state["history"].append({"round": order.index(points) + 1, "scored": int(h), "points": points,
                                 "team": state["control"][h]})


def _reveal(board: Board, state: dict[str, Any], reading: Mapping[str, Any],
            answers: Mapping[str, Any]) -> dict[str, Any]:
    """Every card of the round played, its Tricks being turned up: the face-up
    ones at the bottom of their stacks, in the order the players say."""
    n = len(state["players"])
    on_board = _houses(state, reading, answers) + _faces_up(board, state, reading, answers)
    if on_board > HAND_SIZE * n:
        raise IllegalAction(tr("the houses hold {cards} cards of this round, but only {played} are dealt: check "
                               "the counts", cards=on_board, played=HAND_SIZE * n))
    state["hands"] = {p: {"treat": 3, "trick": 2, "unknown": HAND_SIZE} for p in state["players"]}
    state["turn"] = state["turn_start"] = None
    state["turn_no"] = state["round"] * HAND_SIZE * n
    state["phase"] = "reveal"
    return state


def _tiebreak(board: Board, state: dict[str, Any], reading: Mapping[str, Any],
              answers: Mapping[str, Any]) -> dict[str, Any]:
    """Every Trick face up and resolved (the tiles and cubes show it): the tie the
    First Player Token holder breaks, as the rules find it from the cubes and Treats."""
    tie = answers.get("tie")
    if tie not in ("flip", "score"):
        _no_tricks_up(reading)
    state = _reveal(board, state, reading, answers)
    nets, treats = _nets(state)
    if tie == "flip":
        houses, why = resolve.flip_candidates(nets, treats)
    else:
        houses, why = resolve.score_candidates(nets, treats, empty_beats_black=state["options"]["empty_beats_black"])
        state["history"].append({"round": state["round"]})      # this round's flip is done (which, unseen)
    if len(houses) < 2:
        raise IllegalAction(tr("with these cubes and Treat counts no houses tie to {step}: check the cubes and "
                               "the Treats under each tile", step=tr("flip") if tie == "flip" else tr("score")))
    state["pending"] = {"step": tie, "houses": houses, "why": why}
    state["phase"] = "tiebreak"
    return state


def _faces_up(board: Board, state: dict[str, Any], reading: Mapping[str, Any], answers: Mapping[str, Any]) -> int:
    """The face-up Tricks at the bottom of their stacks, in the order answered;
    returns how many."""
    on_board = 0
    for h, r in sorted(reading["houses"].items(), key=lambda kv: int(kv[0])):
        up = r["tricks_up"]
        if not up:
            continue
        if r["vp"] is not None:
            raise IllegalAction(tr("Tricks lie face up at House {house}, which is closed: take them away",
                                   house=h))
        if len(up) > MAX_ORDERED:
            _no_tricks_up(reading)
        given = answers.get(f"order_{h}", up[0]) if len(up) > 1 else up[0]
        cards = str(given).split(",")
        if sorted(cards) != sorted(up):
            raise IllegalAction(tr("order_{house}: the Tricks face up at House {house} are {cards}", house=h,
                                   cards=", ".join(up)))
        state["tricks"][h] = [{"by": None, "turn": None, "card": c} for c in cards] + state["tricks"][h]
        state["used"] += cards
        on_board += len(cards)
    return on_board


def _no_tricks_up(reading: Mapping[str, Any]) -> None:
    up = [h for h, r in sorted(reading["houses"].items(), key=lambda kv: int(kv[0])) if r["tricks_up"]]
    if up:
        raise IllegalAction(tr("Tricks lie face up at House {houses}: the camera cannot tell in which order they were "
                               "turned up. Turn them face down again on their stacks, in the order they were played, "
                               "then turn them up one at a time once the companion follows the game; or, if the "
                               "round is over, finish its chores (clear the Tricks, put the VP card in place)",
                               houses=", ".join(up)))


def _end(board: Board, state: dict[str, Any], reading: Mapping[str, Any]) -> dict[str, Any]:
    """Every VP card scored: identities being turned up."""
    if len(state["closed"]) < ROUNDS:
        raise IllegalAction(tr("identity cards are turned up before the three VP cards are scored: turn them face "
                               "down again until the game ends"))
    _no_tricks_up(reading)
    n = len(state["players"])
    state["gone"] = {"treats": 3 * n * ROUNDS, "tricks": 2 * n * ROUNDS}
    deck = dict(zip((GIRLS, GHOULS, REPORTER), IDENTITY_DECK[n]))
    for team, most in deck.items():
        shown = [p for p, c in reading["identities"].items() if board.identities[c] == team]
        if len(shown) > most:
            raise IllegalAction(tr("{players} show {team} identity cards, but a {n}-player game deals {most}: check "
                                   "the identity cards", players=", ".join(shown), team=TEAM_NAMES[team], n=n,
                                   most=most))
    state["identities"] = {p: reading["identities"][p] for p in state["players"] if p in reading["identities"]}
    state["hands"] = {p: {"treat": 0, "trick": 0, "unknown": 0} for p in state["players"]}
    state["turn"] = None
    state["phase"] = "over" if len(state["identities"]) == n else "identities"
    return state


def _number(answers: Mapping[str, Any], key: str, low: int, high: int) -> int:
    if key not in answers:
        raise IllegalAction(tr("the take-over needs an answer to {question}", question=key))
    value = answers[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(tr("{question}: a whole number from {low} to {high}, not {value!r}", question=key,
                               low=low, high=high, value=value))
    return value


def _play(board: Board, state: dict[str, Any], reading: Mapping[str, Any],
          answers: Mapping[str, Any]) -> dict[str, Any]:
    """A round under way: the houses from the answers, the hands from whose turn it is."""
    players = state["players"]
    n = len(players)
    on_board = _houses(state, reading, answers)
    turn = answers.get("turn")
    if turn == NOBODY:
        left = {p: 0 for p in players}
    elif turn in players:
        cards = _number(answers, "cards", 1, HAND_SIZE)
        offset = (players.index(turn) - players.index(state["first"])) % n
        after = players[players.index(state["first"]):] + players[:players.index(state["first"])]
        left = {p: cards - 1 if i < offset else cards for i, p in enumerate(after)}
    else:
        raise IllegalAction(tr("the take-over needs to know whose turn it is"))
    played = HAND_SIZE * n - sum(left.values())
    if on_board > played:
        raise IllegalAction(tr("the houses hold {cards} cards of this round, but only {played} have been played "
                               "(the hands hold the rest): check the counts", cards=on_board, played=played))
    state["hands"] = {p: {"treat": 3, "trick": 2, "unknown": HAND_SIZE - left[p]} for p in players}
    state["turn_no"] = (state["round"] - 1) * HAND_SIZE * n + played
    state["phase"] = "play"
    if turn == NOBODY:
        state["turn"] = state["turn_start"] = None
        if any(state["tricks"].values()):
            state["phase"] = "reveal"
        else:
            _resolve_round(board, state)        # a tie to break, or the next round
        return state
    state["turn"] = turn
    began = answers.get("began", 0)
    here = state["positions"][turn]
    if began not in [0, *board.houses]:
        raise IllegalAction(tr("began: a house from 1 to {last}, or 0 for where the standee stands now",
                               last=len(board.houses)))
    state["turn_start"] = here if began == 0 else began
    if board.distance(state["turn_start"], here, state["options"]["crosswalk_passable"]) > 2:
        raise IllegalAction(tr("{player} stands at House {house}, more than 2 spaces from House {start} where the "
                               "turn began", player=turn, house=here, start=state["turn_start"]))
    return state


def _houses(state: dict[str, Any], reading: Mapping[str, Any], answers: Mapping[str, Any]) -> int:
    """Each open house's cubes, Treats and face-down Tricks, from the answers and
    the Treats face up; returns how many cards of this round lie at the houses."""
    n = len(state["players"])
    on_board = 0
    for h in _open_houses(reading):
        r = reading["houses"][h]
        state["cubes"][h] = _number(answers, f"cubes_{h}", -99, 99)
        treats = _number(answers, f"treats_{h}", 0, 3 * n)
        face_up = [t for t in reading["new_treats"] if str(t["house"]) == h]
        if len(face_up) > treats:
            raise IllegalAction(tr("House {house} shows {shown} Treats face up, more than the {count} Treat cards "
                                   "said to be there this round", house=h, shown=len(face_up), count=treats))
        for t in face_up:
            if t["value"] is None:
                raise IllegalAction(tr("the candy corn at House {house} lies sideways: turn it upright for +1 or "
                                       "upside down for -1", house=h))
            state["treats"][h].append({"card": t["card"], "value": t["value"], "by": None, "turn": None})
            state["used"].append(t["card"])
        state["treats"][h] += [{"card": None, "value": None, "by": None, "turn": None}
                               for _ in range(treats - len(face_up))]
        if r["slot"] == "covered":
            stack = _number(answers, f"tricks_{h}", 1, 2 * n)
            state["tricks"][h] = [{"by": None, "turn": None, "card": None} for _ in range(stack)]
        on_board += len(state["treats"][h]) + len(state["tricks"][h])
    for h, r in reading["houses"].items():
        if r["vp"] is not None and r["slot"] == "open":
            raise IllegalAction(tr("the {points} VP card lies at House {house} but not in its Trick slot: put it in "
                                   "the slot", points=r["vp"], house=h))
    return on_board
