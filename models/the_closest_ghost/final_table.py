"""The Closest Ghost scored from a photo of the finished table.

The scoreboard (:mod:`.scoring`) gives each player the candy gone from their own
starting board, line by line for whoever took it, and the board's owner wins
when the last piece leaves it. The boards show what is left on them, but taken
candy leaves the boards (or is eaten), and the pieces are interchangeable: the
photo can tell who took which only if the players keep it. So lay the table out
for scoring like this:

* the boards with their markers, the avatars and ghosts on their squares as the
  game ended, the candy still on the boards left there (under the ghosts too);
* every piece of candy a player took in front of their seat marker
  (``TC:SEAT:<COLOUR>``, within :data:`PILE_MM`): the pieces from their own
  board to its left, those from the other player's board to its right (left
  and right as the player sees them);
* when both avatars stand on the board left empty, the one that did not take
  its last piece lifted off the boards (the table cannot tell which did).

Each board then holds its 8 pieces less those in the players' piles; the ghosts
may hide the difference, one piece each. The board left empty is the winner's;
the last piece was taken by the avatar standing on it, and the final move is
replayed with the rules, so the result reads as in the watched game. A game
that ended with both avatars trapped (no board empty) is scored as the rules
end it, without a winner.

The table cannot tell (score None, with the reason) when a board's markers,
an avatar or a seat marker are not seen, when the piles and the boards do not
add up (eaten or lost candy, a piece on the wrong side of a seat marker), when
no board is empty and the game could still go on, or when both avatars stand
on the empty board. A table laid out as the watched game's ``arrange`` draws it
(no piles) cannot be scored: the piles say who took what.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import Event
from ..final_table import TableScore, table_score
from ..table import Sighting, Snapshot
from ..tags import seat as seat_tag
from ..text import concat, tr, trn
from .actions import MoveAvatar
from .grid import BOARDS, Area
from .kit import BoardSpec
from .layout import read
from .rules import apply_move_avatar, avatar_targets, board_candy, start_turn
from .scoring import scoreboard

State = dict[str, Any]
#: a taken piece of candy lies this close to its taker's seat marker
PILE_MM = 250.0


def _side(seat: Sighting, s: Sighting) -> float:
    """How far right of the seat marker (as its player sees it) a sighting lies."""
    a = math.radians(seat.angle_deg)
    return (s.x_mm - seat.x_mm) * math.cos(a) + (s.y_mm - seat.y_mm) * math.sin(a)


def score_table(game: Any, players: Sequence[str], options: Mapping[str, Any], snapshot: Snapshot) -> TableScore:
    """The scoreboard the table in ``snapshot`` shows, for ``players`` (board A's owner first)."""
    setup: State = dict(game.setup(players, options))
    players = setup["players"]
    owners: dict[str, str] = setup["owners"]
    own_board = {p: b for b, p in owners.items()}
    board: BoardSpec = game.board
    reading = read(game, setup, snapshot)
    markers = tuple(s for s in snapshot if s.payload.startswith("TCG:BOARD:"))
    counted: list[str] = [s.payload for s in markers]
    why: dict[str, str] = {}
    wrong: list[str] = []
    problems: list[str] = []

    for b in BOARDS:
        if reading["boards"][b] is None:
            wrong.append(tr("board {board}'s markers are not seen: uncover them", board=b))
    rotations: dict[str, int] = {b: r if (r := reading["boards"][b]) is not None else setup["rotations"][b]
                                 for b in BOARDS}
    area = Area(setup["options"]["layout"], rotations, board)

    # the pieces on the boards, and the candy taken, in front of the seat markers
    avatars: dict[str, str | None] = {p: reading["avatars"].get(p) for p in players}
    seats = {p: m for p in players if (m := snapshot.find(seat_tag(p))) is not None}
    taken: dict[str, dict[str, int]] = {b: {p: 0 for p in setup["taken"][b]} for b in BOARDS}
    for s in snapshot.of("TCG"):
        if s.kind == "AVATAR":
            colour = str(game.catalog[s.payload].values.get("colour")) if s.payload in game.catalog else ""
            if avatars.get(colour) is not None:
                counted.append(s.payload)
            else:
                why[s.payload] = (tr("an avatar off the boards") if colour in players
                                  else tr("nobody's avatar in this game"))
        elif s.kind == "GHOST":
            if s.payload in reading.get("off_board", ()):
                why[s.payload] = tr("a ghost off the boards")
            else:
                counted.append(s.payload)
        elif s.kind == "CANDY":
            alone = Snapshot(snapshot.t, markers + (s,), snapshot.calibrated, snapshot.table_mm)
            if read(game, setup, alone)["candy"]:
                counted.append(s.payload)
                continue
            near = [(m.distance_to(s.x_mm, s.y_mm), p) for p, m in seats.items()]
            d, taker = min(near) if near else (math.inf, "")
            if d > PILE_MM:
                why[s.payload] = tr("off the boards and in front of no seat marker: nobody's")
                problems.append(tr("a piece of candy ({tag}) lies off the boards, in front of no seat marker",
                                   tag=s.payload))
                continue
            mine = own_board[taker]
            source = mine if _side(seats[taker], s) < 0 else next(o for o in BOARDS if o != mine)
            taken[source][taker] += 1
            counted.append(s.payload)
    for p in players:
        if p not in seats:
            wrong.append(tr("{player}'s seat marker ({tag}) is not seen: the candy {player} took lies in front of it",
                            player=p, tag=seat_tag(p)))
    for p, sq in avatars.items():
        if sq is None:
            problems.append(tr("{player}'s avatar is not on the boards", player=p))

    # each board's candy: its pieces less the taken ones, the difference hidden under its ghosts
    ghosts: list[str] = list(reading["ghosts"])
    candy: list[str] = list(reading["candy"])
    under = {b: 0 for b in BOARDS}
    left = {b: board_candy(area, setup, b) - sum(taken[b].values()) for b in BOARDS}
    for b in BOARDS:
        shown = sum(1 for c in reading["candy"] if area.board_of(c) == b)
        covers = sorted(g for g in ghosts if area.board_of(g) == b and g not in reading["candy"])
        hidden = left[b] - shown
        if not 0 <= hidden <= len(covers):
            piled = sum(taken[b].values())
            if covers:
                wrong.append(trn("board {board} ({owner}'s) should hold {n} candy, as {piled} lie in the players' "
                                 "piles, but shows {shown} and its ghosts could hide {hidden}: put every piece a "
                                 "player took in front of their seat marker (from their own board to its left, from "
                                 "the other's to its right) and leave the others on their squares",
                                 "board {board} ({owner}'s) should hold {n} candy, as {piled} lie in the players' "
                                 "piles, but shows {shown} and its ghosts could hide {hidden}: put every piece a "
                                 "player took in front of their seat marker (from their own board to its left, from "
                                 "the other's to its right) and leave the others on their squares",
                                 left[b], board=b, owner=owners[b], piled=piled, shown=shown, hidden=len(covers)))
            else:
                wrong.append(trn("board {board} ({owner}'s) should hold {n} candy, as {piled} lie in the players' "
                                 "piles, but shows {shown}: put every piece a player took in front of their seat "
                                 "marker (from their own board to its left, from the other's to its right) and leave "
                                 "the others on their squares",
                                 "board {board} ({owner}'s) should hold {n} candy, as {piled} lie in the players' "
                                 "piles, but shows {shown}: put every piece a player took in front of their seat "
                                 "marker (from their own board to its left, from the other's to its right) and leave "
                                 "the others on their squares",
                                 left[b], board=b, owner=owners[b], piled=piled, shown=shown))
        else:
            candy += covers[:hidden]
            under[b] = hidden
    for p, sq in avatars.items():
        if sq is not None and sq in reading["candy"]:
            wrong.append(tr("a piece of candy lies on {square}, the square of {player}'s avatar: an avatar takes "
                            "the candy it lands on, so put it in {player}'s pile", square=sq, player=p))
    state: State = dict(setup, rotations=rotations, avatars=avatars, ghosts=sorted(ghosts), candy=sorted(candy),
                        taken=taken, notes=[], winner=None, result="")
    if wrong:
        return table_score("TCG", snapshot, None, counted, why, problems, concat(*wrong, sep="; "),
                           game.fixed_markers)

    empty = [b for b in BOARDS if left[b] == 0]
    final: State | None = None
    reason: str
    if len(empty) > 1:
        reason = tr("both boards are empty, but the game ends when the first one is: count the piles again")
    elif empty:
        final, reason = _last_move(board, area, state, empty[0])
    elif None in avatars.values():
        off = [p for p, sq in avatars.items() if sq is None]
        if len(off) == 1:
            reason = tr("no board is empty of candy: {player}'s avatar must be on the boards", player=off[0])
        else:
            reason = tr("no board is empty of candy: {player}'s avatar and {other}'s avatar must be on the boards",
                        player=off[0], other=off[1])
    else:
        final = copy.deepcopy(state)
        events: list[Event] = []
        start_turn(area, final, players[0], events)
        if final["phase"] != "over":
            final = None
            holds = [trn("board {board} holds {n}, {under} under its ghosts",
                         "board {board} holds {n}, {under} under its ghosts", left[b], board=b, under=under[b])
                     if under[b] else
                     trn("board {board} holds {n}", "board {board} holds {n}", left[b], board=b)
                     for b in BOARDS]
            reason = tr("no board is empty of candy and an avatar can still move, so the game is not over "
                        "({boards})", boards=concat(*holds, sep=", "))
    if final is None:
        return table_score("TCG", snapshot, None, counted, why, problems, reason, game.fixed_markers)
    return table_score("TCG", snapshot, scoreboard(game, final), counted, why, problems, fixed=game.fixed_markers)


def _last_move(spec: Any, area: Area, state: State, board: str) -> tuple[State | None, str]:
    """The final state, the last candy of ``board`` taken by the avatar standing on
    it (the move replayed by the rules), or None and why the table cannot tell."""
    on = [p for p, sq in state["avatars"].items() if sq is not None and area.board_of(sq) == board]
    owner = state["owners"][board]
    if not on:
        return None, tr("board {board} ({owner}'s) is empty, but no avatar stands on it to have taken its last "
                        "piece: put the avatar that did back on that square", board=board, owner=owner)
    if len(on) > 1:
        return None, tr("both avatars stand on board {board} ({owner}'s), so the table cannot tell who took its "
                        "last piece: lift the other avatar off the boards", board=board, owner=owner)
    taker, to = on[0], state["avatars"][on[0]]
    if not state["taken"][board][taker]:
        if owner == taker:
            return None, tr("{player}'s avatar took the last piece of board {board}, but no piece from it lies to "
                            "the left of {player}'s seat marker: put it there", player=taker, board=board)
        return None, tr("{player}'s avatar took the last piece of board {board}, but no piece from it lies to "
                        "the right of {player}'s seat marker: put it there", player=taker, board=board)
    before = copy.deepcopy(state)
    before.update(phase="move", turn=taker, candy=sorted(state["candy"] + [to]))
    before["taken"][board][taker] -= 1
    for here in sorted(area.squares(), key=lambda sq: sq in before["candy"]):
        if here in before["ghosts"]:
            continue
        before["avatars"][taker] = here
        if to in avatar_targets(area, before, taker):
            apply_move_avatar(spec, before, MoveAvatar(player=taker, to=to))
            return before, ""
    return None, tr("{player}'s avatar on {square} could not have got there along an arrow: put it back where it "
                    "stopped", player=taker, square=to)
