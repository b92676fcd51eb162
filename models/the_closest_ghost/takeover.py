"""Taking a game of The Closest Ghost over as it lies on the table.

The camera sees almost everything: each board's rotation, both avatars, the
three ghosts and every piece of candy not covered. What it cannot see, and is
asked once (:func:`questions`):

* ``turn``: whose turn it is, and whether that player has already moved their
  avatar and now owes the ghost move (offered only where a ghost could move);
* ``under_<square>``: whether a piece of candy lies under the ghost on that
  square (a ghost may stand on candy; the clear pyramid hides the tag). Never
  asked for a board's centre square: the avatars start there, so no candy ever
  lies on it; and never for an avatar's square: an avatar takes the candy it
  lands on;
* ``taken_<board>``: how many pieces of the candy gone from a board its
  owner's opponent picked up (the rest the owner picked up): the scoreboard
  says who took what, and the table keeps no such record.

Not asked: before the third ghost is placed (two ghosts on the boards) the
table must be the setup, its boards as turned; a board with no candy left, none
possibly under a ghost, ends the game (its owner won), so the turn is not asked.
The number of avatar moves played before is not known: ``moves`` counts from the
take-over (it is in no public output). Example::

    questions(game, ["RED", "BLUE"], options, reading)    # turn, under_D1, taken_A, taken_B
    state = from_table(game, ["RED", "BLUE"], options, reading,
                       {"turn": "BLUE", "under_D1": True, "taken_A": 0, "taken_B": 2})
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import Event, GameSetupError, IllegalAction
from ..takeover import Question, answers_for
from ..text import and_list, tr, trn
from .actions import TurnBoard
from .grid import BOARDS, Area
from .rules import _after_avatar, board_candy, ghost_choices, start_turn

State = dict[str, Any]
YES_NO = ((True, tr("yes, a piece of candy")), (False, tr("no candy")))


def _refuse(reason: str) -> IllegalAction:
    return IllegalAction(tr("cannot take The Closest Ghost over as it lies: {reason}", reason=reason))


def _setup(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Mapping[str, Any]) -> State:
    """The setup with the boards turned as the table shows them (the pieces turn
    with them), after checking that the table can be read at all."""
    state: State = game.setup(players, options)
    boards = reading.get("boards") or {}
    unseen = [b for b in BOARDS if boards.get(b) is None]
    if unseen:
        raise _refuse(trn("board {boards} cannot be seen: uncover at least one of its markers",
                          "boards {boards} cannot be seen: uncover at least one of their markers",
                          len(unseen), boards=and_list(unseen)))
    for b in BOARDS:
        if boards[b] != state["rotations"][b]:
            state, _ = game.apply(state, TurnBoard(b, boards[b]))
    return state


def _check(game: Any, state: State, reading: Mapping[str, Any]) -> None:
    """Refuse a table that is no position of the game, saying what to put right."""
    if reading.get("unknown"):
        raise _refuse(tr("{tags} are not The Closest Ghost's tags: take them off the table",
                         tags=and_list(reading["unknown"])))
    if reading.get("off_board"):
        raise _refuse(tr("a ghost ({tags}) lies off the boards: every ghost stands on a square",
                         tags=and_list(reading["off_board"])))
    avatars = reading["avatars"]
    for p in state["players"]:
        if avatars.get(p) is None:
            raise _refuse(tr("{player}'s avatar is not on the boards: put it on its square", player=p))
    strays = sorted(c for c, sq in avatars.items() if c not in state["players"] and sq is not None)
    if strays:
        raise _refuse(tr("the {colours} avatar is not in this game: take it off the boards",
                         colours=and_list(strays)))
    ghosts = list(reading["ghosts"])
    doubled = sorted({g for g in ghosts if ghosts.count(g) > 1})
    if doubled:
        raise _refuse(tr("two ghosts stand on {squares}: a square holds one ghost", squares=and_list(doubled)))
    if len(ghosts) not in (2, 3):
        raise _refuse(trn("{n} ghost is on the boards: two stand on the corner dots from the start and the "
                          "third is placed before anyone moves",
                          "{n} ghosts are on the boards: two stand on the corner dots from the start and the "
                          "third is placed before anyone moves", len(ghosts)))
    shared = sorted(set(ghosts) & set(avatars.values()))
    if shared:
        raise _refuse(tr("a ghost and an avatar share {squares}: no piece may enter a square with a ghost",
                         squares=and_list(shared)))
    area = game.area(state)
    centres = sorted(sq for b in BOARDS if (sq := area.centre(b)) in reading["candy"])
    if centres:
        raise _refuse(tr("a piece of candy lies on {squares}, a board's centre where an avatar starts: "
                         "no candy is ever there; take it off", squares=and_list(centres)))


def _hidden(area: Area, reading: Mapping[str, Any]) -> list[str]:
    """The ghost squares that may hide candy (not a board's centre)."""
    if len(reading["ghosts"]) != 3:
        return []
    centres = {area.centre(b) for b in BOARDS}
    return sorted((g for g in reading["ghosts"] if g not in centres), key=area.parse)


def _over(area: Area, reading: Mapping[str, Any], hidden: list[str]) -> bool:
    """Whether the table alone shows a board with no candy left (none visible, none can be hidden)."""
    return any(not any(area.board_of(sq) == b for sq in [*reading["candy"], *hidden]) for b in BOARDS)


def questions(game: Any, players: Sequence[str], options: Mapping[str, Any],
              reading: Mapping[str, Any]) -> list[Question]:
    """What the table cannot tell (see the module docstring), the turn first."""
    try:
        state = _setup(game, players, options, reading)
        _check(game, state, reading)
    except IllegalAction:
        return []          # from_table says what is wrong
    if len(reading["ghosts"]) == 2:
        return []
    area = game.area(state)
    hidden = _hidden(area, reading)
    out: list[Question] = []
    if not _over(area, reading, hidden):
        out.append(Question("turn", tr("Whose turn is it, and has that player moved their avatar yet?"),
                            _turn_choices(game, state, reading)))
    for sq in hidden:
        out.append(Question(f"under_{sq}", tr("Is there a piece of candy under the ghost on {square}?", square=sq),
                            YES_NO))
    for b in BOARDS:
        owner = state["owners"][b]
        rival = next(p for p in state["players"] if p != owner)
        out.append(Question(f"taken_{b}", tr("How many pieces of candy has {player} picked up from {owner}'s "
                                             "board {board}?", player=rival, owner=owner, board=b),
                            low=0, high=board_candy(area, state, b)))
    return out


def _placed(state: State, reading: Mapping[str, Any]) -> State:
    """The state with the pieces where the table shows them (candy: the visible only)."""
    s = dict(state)
    s["avatars"] = {p: reading["avatars"][p] for p in state["players"]}
    s["ghosts"] = sorted(reading["ghosts"])
    s["candy"] = sorted(reading["candy"])
    return s


def _turn_choices(game: Any, state: State, reading: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Each player's avatar move next; then each player's ghost move, where one of the
    ghosts closest to their avatar can move."""
    placed = _placed(state, reading)
    area = game.area(state)
    moves = [(p, tr("{player} moves their avatar next", player=p)) for p in state["players"]]
    ghosts = [(f"{p}:ghost", tr("{player} has moved their avatar and moves the closest ghost next", player=p))
              for p in state["players"] if ghost_choices(area, placed, p)[1]]
    return tuple(moves + ghosts)


def from_table(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Mapping[str, Any],
               answers: Mapping[str, Any]) -> State:
    """The state the table shows, with the answers to :func:`questions`."""
    state = _setup(game, players, options, reading)
    _check(game, state, reading)
    area = game.area(state)
    if len(reading["ghosts"]) == 2:
        return _before_play(game, state, reading)
    hidden = _hidden(area, reading)
    try:           # typed answers ("yes", "2") as the form takes them; a bad one named
        answers, missing = answers_for(questions(game, players, options, reading), answers)
    except GameSetupError as e:
        raise _refuse(str(e)) from None
    if missing:
        raise _refuse(tr("answer {questions} first", questions=and_list([q.key for q in missing])))
    full = {b: board_candy(area, state, b) for b in BOARDS}
    s = _placed(state, reading)
    s["candy"] = sorted([*reading["candy"], *(sq for sq in hidden if answers[f"under_{sq}"])], key=area.parse)
    s["candy"] = sorted(s["candy"])
    s["phase"] = "move"
    s["notes"] = []
    s["moves"] = 0
    for b in BOARDS:
        owner = s["owners"][b]
        rival = next(p for p in s["players"] if p != owner)
        left = board_candy(area, s, b)
        gone = full[b] - left
        by_rival = answers[f"taken_{b}"]
        if by_rival > gone:
            raise _refuse(trn("{player} cannot have picked up {n} pieces from board {board}: only {gone} are gone "
                              "from it ({left} left on the board)",
                              "{player} cannot have picked up {n} pieces from board {board}: only {gone} are gone "
                              "from it ({left} left on the board)",
                              by_rival, player=rival, board=b, gone=gone, left=left))
        s["taken"] = {**s["taken"], b: {owner: gone - by_rival, rival: by_rival}}
    empty = [b for b in BOARDS if board_candy(area, s, b) == 0]
    if len(empty) == 2:
        raise _refuse(tr("both boards are empty of candy, but the game ends when the first one is: put back "
                         "the candy still on the board that was not emptied first"))
    if empty:
        b = empty[0]
        s["phase"], s["winner"] = "over", s["owners"][b]
        if answers.get("turn") is not None:       # who took the last piece, if the table was asked
            s["turn"] = str(answers["turn"]).partition(":")[0]
        s["result"] = tr("{owner} wins: board {board} has no candy left.", owner=s["owners"][b], board=b)
        return s
    player, _, ghost = str(answers["turn"]).partition(":")
    events: list[Event] = []
    if ghost:
        s["turn"], s["phase"] = player, "ghost"
        if not ghost_choices(area, s, player)[1]:
            _after_avatar(area, s, player, events)
    else:
        start_turn(area, s, player, events)
    return s


def _before_play(game: Any, state: State, reading: Mapping[str, Any]) -> State:
    """Two ghosts on the boards: the third is still to be placed, so the table must be the
    setup (its boards as turned)."""
    want = game.expected_table(state)
    wrong = []
    if dict(reading["avatars"]) != want["avatars"]:
        wrong.append(tr("the avatars start on the boards' centres ({squares})",
                        squares=and_list(sorted(want["avatars"].values()))))
    if sorted(reading["ghosts"]) != want["ghosts"]:
        wrong.append(tr("the first two ghosts start on the corner dots ({squares})",
                        squares=and_list(want["ghosts"])))
    if sorted(reading["candy"]) != want["candy"]:
        gone = sorted(set(want["candy"]) - set(reading["candy"]))
        wrong.append(trn("a piece of candy stands on every other square (none on {squares})",
                         "a piece of candy stands on every other square (none on {squares})",
                         len(gone), squares=and_list(gone) if gone else tr("a centre or a dot")))
    if wrong:
        raise _refuse(tr("only two ghosts are on the boards, so the third is not placed yet and nobody has "
                         "moved, but {problems}: place the third ghost, or set the boards up",
                         problems=and_list(wrong)))
    return state


def answers(game: Any, state: State) -> dict[str, Any]:
    """The answers a known state gives to the questions its table raises."""
    table = game.expected_table(state)
    out: dict[str, Any] = {}
    for q in questions(game, state["players"], state["options"], table):
        if q.key == "turn":
            out["turn"] = f"{state['turn']}:ghost" if state["phase"] == "ghost" else state["turn"]
        elif q.key.startswith("under_"):
            out[q.key] = q.key[len("under_"):] in state["candy"]
        elif q.key.startswith("taken_"):
            b = q.key[len("taken_"):]
            owner = state["owners"][b]
            out[q.key] = sum(n for p, n in state["taken"][b].items() if p != owner)
    return out
