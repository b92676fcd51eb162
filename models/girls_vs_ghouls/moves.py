"""Every action the rules accept in a Girls vs Ghouls state, likeliest first
(:meth:`GirlsVsGhouls.legal_actions`): the one list random play, the referee's
search, the console's forms and the tests derive from.

What each phase allows:

* ``setup``: a ``place`` of any standee on any house (the players still to
  place first; placing again moves a standee while the table is being set up);
* ``play``: for the player whose turn it is, a card at the house where they
  stand (a Treat, one action per Treat card it can still be, candy corn as +1
  and -1; a Trick, face down, unnamed; a Peek, discarding a card of a deck
  nobody saw, or of the Treat or Trick deck), then a ``move`` to any house within
  2 spaces of where the turn began. A Treat with its printed value spelled out
  (``value`` given although it is no candy corn) is accepted too and listed
  last: it is the same play; so is a card played ``unseen`` (the form the
  camera can tell a Trick on a stack, a Peek and a tucked Treat apart in);
* ``play`` and ``reveal``: for each card played unseen and not yet told, each
  ``tell`` of what it may have been (:func:`.rules.unseen_kinds`: a Trick, a
  Peek with or without its deck, a Treat by value or by card);
* ``reveal``: the next face-down Trick of each house with one, as each Trick
  card it can still be (the table shows which when it turns up), once every
  card played unseen is told;
* ``tiebreak``: the First Player Token holder's choice among the tied houses;
* ``identities``: each player still hiding theirs, as each identity card they
  may hold (a team's cards stop once the deck's count of them is turned up).

Nothing is applied: the candidates come from the state and the rules' own
checks (``rules._check_card``'s, ``rules._use_card``'s and the engine's
whereabouts count), so a state costs about one whereabouts count and one pass
over the catalog (a play turn lists about 80 to 150 actions, a reveal up to 60
per house with a face-down Trick).
"""
from __future__ import annotations

from typing import Any

from ..engine import Action
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
from .kit import GHOULS, GIRLS, IDENTITY_DECK, REPORTER, Board
from .rules import cards_left, told_treat_values, unseen_kinds, untold


def legal_actions(game: Any, state: dict[str, Any]) -> list[Action]:
    """Every action ``game.apply`` accepts in ``state`` (see the module doc)."""
    board: Board = game.board
    phase = state["phase"]
    if phase == "setup":
        return _setup(board, state)
    if phase == "play":
        return _play(game, board, state) + _tells(board, state)
    if phase == "reveal":
        return _tells(board, state) or _reveal(game, board, state)
    if phase == "tiebreak":
        return [ChooseHouse(state["first"], h) for h in state["pending"]["houses"]]
    if phase == "identities":
        return _identities(board, state)
    return []


def _setup(board: Board, state: dict[str, Any]) -> list[Action]:
    placed = state["positions"]
    order = [p for p in state["players"] if p not in placed] + [p for p in state["players"] if p in placed]
    return [Place(p, h) for p in order for h in board.houses]


def _unknown_left(game: Any, state: dict[str, Any]) -> tuple[Any, dict[str, int]]:
    """The state's whereabouts and, per kind, how many cards have no known place."""
    w = game.whereabouts(state)
    return w, w.unaccounted(game._kind_counts())


def _play(game: Any, board: Board, state: dict[str, Any]) -> list[Action]:
    p = state["turn"]
    here = state["positions"][p]
    h = str(here)
    hand = state["hands"][p]
    out: list[Action] = []
    explicit: list[Action] = []
    if cards_left(hand) > 0:
        closed = h in state["closed"]
        w, left = _unknown_left(game, state)
        if not closed and hand["treat"] > 0 and left.get("treats", 0) > 0:
            for card, (value, corn) in board.treats.items():
                if w.count(card) or card in state["used"]:
                    continue
                if corn:
                    out += [PlayTreat(p, here, card, 1), PlayTreat(p, here, card, -1)]
                else:
                    out.append(PlayTreat(p, here, card))
                    explicit.append(PlayTreat(p, here, card, value))
        if not closed and hand["trick"] > 0 and left.get("tricks", 0) > 0:
            out.append(PlayTrick(p, here))
        if not closed or state["options"]["peek_at_closed_house"]:
            out.append(Peek(p, here))
            out += [Peek(p, here, deck) for deck in ("treat", "trick") if hand[deck] > 0]
            explicit.append(PlayUnseen(p, here))
    start = state["turn_start"]
    crossing = state["options"]["crosswalk_passable"]
    moves: list[Action] = [Move(p, to) for to in board.houses
                           if to != here and board.distance(start, to, crossing) <= 2]
    return out + moves + explicit


def _tells(board: Board, state: dict[str, Any]) -> list[Action]:
    """Every ``tell`` of every card played unseen and not yet told."""
    out: list[Action] = []
    for u in untold(state):
        p, t = u["player"], u["turn"]
        kinds = unseen_kinds(board, state, p, u["house"], t)
        out.append(TellUnseen(p, t, "peek"))        # first, as the console's form offers it: the plainest
        out += [TellUnseen(p, t, "peek", discard=deck) for deck in ("treat", "trick") if state["hands"][p][deck] > 0]
        if "trick" in kinds:
            out.append(TellUnseen(p, t, "trick"))
        if "treat" in kinds:
            out += [TellUnseen(p, t, "treat", value=v) for v in sorted(told_treat_values(board, state))]
            for card, (value, corn) in board.treats.items():
                if card in state["used"]:
                    continue
                if corn:
                    out += [TellUnseen(p, t, "treat", card, 1), TellUnseen(p, t, "treat", card, -1)]
                else:
                    out += [TellUnseen(p, t, "treat", card), TellUnseen(p, t, "treat", card, value)]
    return out


def _reveal(game: Any, board: Board, state: dict[str, Any]) -> list[Action]:
    w, _ = _unknown_left(game, state)
    cards = [c for c in board.tricks if not w.count(c) and c not in state["used"]]
    out: list[Action] = []
    for h in sorted(state["tricks"], key=int):
        if any(t["card"] is None for t in state["tricks"][h]):
            out += [RevealTrick(int(h), c) for c in cards]
    return out


def _identities(board: Board, state: dict[str, Any]) -> list[Action]:
    deck = dict(zip((GIRLS, GHOULS, REPORTER), IDENTITY_DECK[len(state["players"])]))
    shown = list(state["identities"].values())
    full = {team for team, n in deck.items() if sum(1 for c in shown if board.identities[c] == team) >= n}
    cards = [c for c, team in board.identities.items() if c not in shown and team not in full]
    return [RevealIdentity(p, c) for p in state["players"] if p not in state["identities"] for c in cards]
