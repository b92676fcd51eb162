"""Turning a difference between the expected table and a reading into actions, or
into precise out-of-sync prompts ("RED's avatar cannot go left from B2 to A2: that
is against the arrows ...: put it back on B2")."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine import Action, IllegalAction, Prompt, VerdictStatus
from ..referee import outcomes
from ..text import or_list, tr, trn
from . import moves
from .actions import MoveAvatar, MoveGhost, PlaceGhost, TurnBoard
from .grid import BOARDS
from .rules import expecting, other, reason_of

State = dict[str, Any]
Apply = Callable[[State, Action], tuple[State, list[Any]]]
Expected = Callable[[State], dict[str, Any]]


def _ghost_diff(expected: list[str], got: list[str]) -> tuple[list[str], list[str]]:
    e, g = Counter(expected), Counter(got)
    return sorted((e - g).elements()), sorted((g - e).elements())


def candidates(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    """Action sequences that could explain a reading, in the order the table plays them."""
    if any(reading["boards"].get(b) is None for b in BOARDS):
        return []
    turns: list[Action] = [TurnBoard(b, reading["boards"][b]) for b in BOARDS
                           if reading["boards"][b] != state["rotations"][b]]
    phase, p = state["phase"], state["turn"]
    turned = state
    if turns and phase == "place_ghost":
        try:     # the pieces turn with the board: compare with the turned boards
            turned, _ = game.apply_all(state, turns)
        except IllegalAction:
            return []
    moved = {p: sq for p, sq in reading["avatars"].items()
             if p in state["players"] and sq is not None and sq != turned["avatars"][p]}
    gone, new = _ghost_diff(turned["ghosts"], reading["ghosts"])
    out: list[list[Action]] = []
    if phase == "place_ghost":
        place: list[Action] = [PlaceGhost(p, new[0])] if len(new) == 1 and not gone else []
        first = state["players"][0]
        out.append(turns + place)
        if place and first in moved:
            if _placed_then_moved(game, turned, first, moved[first], new[0]):
                return []     # two turns of different length show this table: the search asks which
            out.append(turns + place + [MoveAvatar(first, moved[first])])
        return [seq for seq in out if seq]
    if turns:
        return []
    ghost_move = [len(gone) == 1 and len(new) == 1]
    q = other(state, p)
    if phase == "move" and p in moved:
        out.append([MoveAvatar(p, moved[p])])
        if ghost_move[0]:
            out.append([MoveAvatar(p, moved[p]), MoveGhost(p, gone[0], new[0])])
            if q in moved:
                out.append([MoveAvatar(p, moved[p]), MoveGhost(p, gone[0], new[0]), MoveAvatar(q, moved[q])])
        if q in moved:       # no ghost could move after p's move
            out.append([MoveAvatar(p, moved[p]), MoveAvatar(q, moved[q])])
    elif phase == "move" and q in moved:     # p was trapped? never: the engine passes for them
        out.append([MoveAvatar(q, moved[q])])
    elif phase == "ghost" and ghost_move[0]:
        out.append([MoveGhost(p, gone[0], new[0])])
        if q in moved:
            out.append([MoveGhost(p, gone[0], new[0]), MoveAvatar(q, moved[q])])
    return out


def _placed_then_moved(game: Any, state: State, first: str, to: str, seen: str) -> bool:
    """Whether the third ghost, seen on ``seen`` with the first player's avatar
    moved to ``to``, may have been placed next to it and then moved there as
    the first player's closest ghost. The table is then the same after the
    first player's avatar move alone (their ghost still to move) and after
    their whole turn (the other player to move): not the camera's to choose."""
    for place in game.legal_actions(state):
        if not isinstance(place, PlaceGhost) or place.square == seen:
            continue
        try:
            game.apply_all(state, [place, MoveAvatar(first, to), MoveGhost(first, place.square, seen)])
        except IllegalAction:
            continue
        return True
    return False


def steps(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    """For the referee's search over a jump (:func:`models.referee.explore`): every
    legal action (a turn has at most four arrows and a few closest ghosts),
    except that a board turns only to the rotation the table shows; ghosts are
    placed where the table shows one first (a ghost may have moved since)."""
    if any(reading["boards"].get(b) is None for b in BOARDS):
        return []
    legal = [a for a in game.legal_actions(state)
             if not isinstance(a, TurnBoard) or a.rotation == reading["boards"][a.board]]
    return [[a] for a in sorted(legal, key=lambda a: isinstance(a, PlaceGhost) and a.square not in reading["ghosts"])]


def distance(game: Any, state: State, reading: dict[str, Any]) -> int | None:
    """A lower bound of the actions from ``state`` to the reading, None when
    unreachable (:func:`.moves.distance`). Before play the boards the table
    shows turned are turned first (the pieces turn with them)."""
    turned = None
    boards = reading.get("boards")
    if state["phase"] == "place_ghost" and isinstance(boards, dict) and all(
            boards.get(b) is not None for b in state["rotations"]):
        turns = [TurnBoard(b, boards[b]) for b in sorted(state["rotations"])
                 if boards[b] != state["rotations"][b]]
        if turns:
            try:
                turned, _ = game.apply_all(state, turns)
            except IllegalAction:
                return None
    return moves.distance(game.board, state, reading, turned)


def explain(game: Any, state: State, expected: dict[str, Any],
            reading: dict[str, Any]) -> tuple[VerdictStatus, list[Prompt]]:
    """Why a reading is not the expected table: the root cause first, each with how to
    put it right. ``waiting`` when the table is part-way through a legal move (the
    taken candy is still on the board)."""
    catalog = game.catalog
    errors: list[str] = []
    # 1. the boards themselves
    for b in BOARDS:
        if reading["boards"].get(b) is None:
            names = or_list([m.payload for m in game.board.markers.get(b, ())]) or tr("nothing")
            errors.append(tr("Cannot see board {board}: none of its markers ({markers}) is in view. "
                             "Uncover at least one of them.", board=b, markers=names))
    if errors:
        return "out_of_sync", [Prompt(e, None, "error") for e in errors]
    for b in BOARDS:
        got, want = reading["boards"][b], state["rotations"][b]
        if got != want:
            owner = state["owners"][b]
            if state["phase"] == "place_ghost":
                try:
                    state, _ = game.apply(state, TurnBoard(b, got))
                    expected = game.expected_table(state)
                    continue
                except IllegalAction:
                    pass
            errors.append(tr("Board {board} ({owner}'s) is turned {seen} degrees, but the game has it at {rotation}: "
                             "turn it back (boards are turned only before the third ghost is placed).",
                             board=b, owner=owner, seen=got, rotation=want))
    if errors:
        return "out_of_sync", [Prompt(e, None, "error") for e in errors]

    # 2. a legal move, still waiting for the taken candy to leave the board
    for seq, after, _ in outcomes(game, state, candidates(game, state, reading)):
        landed = [a.to for a in seq if isinstance(a, MoveAvatar) and a.to in state["candy"]]
        want = game.expected_table(after)
        if landed and reading["candy"] != want["candy"]:
            patched = dict(want, candy=sorted(want["candy"] + [sq for sq in landed if sq in reading["candy"]]))
            if patched == reading:
                return "waiting", [Prompt(tr("{player} took the candy on {square}: lift it off the board.",
                                             player=a.player, square=a.to),
                                          a.player, "todo")
                                   for a in seq if isinstance(a, MoveAvatar) and a.to in landed]

    # 3. stray tags
    for payload in reading.get("unknown", []):
        errors.append(tr("{tag} is not in The Closest Ghost's catalog: take it off the table "
                         "(or add it to the catalog).", tag=payload))
    for payload in reading.get("off_board", []):
        errors.append(tr("A ghost ({tag}) lies off the boards: every ghost stands on a square.", tag=payload))

    # 4. avatars
    phase, turn = state["phase"], state["turn"]
    legal_avatar_move = False
    for p in state["players"]:
        want = state["avatars"][p]
        tag = next((c.payload for c in catalog.of_kind("avatars") if c.values.get("colour") == p), p)
        if p not in reading["avatars"]:
            errors.append(tr("{player}'s avatar ({tag}) is not seen: put it on {square}.", player=p, tag=tag,
                             square=want))
            continue
        got = reading["avatars"][p]
        if got is None:
            errors.append(tr("{player}'s avatar is off the boards: put it on {square}.", player=p, square=want))
        elif got != want:
            if phase == "move" and turn == p:
                try:
                    game.apply(state, MoveAvatar(p, got))
                    legal_avatar_move = True
                except IllegalAction as e:
                    errors.append(tr("Out of sync: {reason}. Put it back on {square}.", reason=reason_of(e),
                                     square=want))
            else:
                errors.append(tr("{player}'s avatar moved from {start} to {end}, but {expecting}: "
                                 "put it back on {start}.", player=p, start=want, end=got,
                                 expecting=expecting(state)))
    for colour, sq in reading["avatars"].items():
        if colour not in state["players"] and sq is not None:
            errors.append(tr("The {colour} avatar on {square} is not in this game: take it off the board.",
                             colour=colour, square=sq))

    # 5. ghosts
    gone, new = _ghost_diff(expected["ghosts"], reading["ghosts"])
    dup = sorted(sq for sq, n in Counter(reading["ghosts"]).items() if n > 1)
    for sq in dup:
        errors.append(tr("Two ghosts stand on {square}: a square holds one ghost.", square=sq))
    if phase == "ghost" and len(gone) == 1 and len(new) == 1:
        try:
            game.apply(state, MoveGhost(turn, gone[0], new[0]))
        except IllegalAction as e:
            errors.append(tr("Out of sync: the ghost moved from {start} to {end}, but {reason}. "
                             "Put it back on {start}.", start=gone[0], end=new[0], reason=reason_of(e)))
    elif phase == "place_ghost" and len(new) == 1 and not gone:
        try:
            game.apply(state, PlaceGhost(turn, new[0]))
        except IllegalAction as e:
            errors.append(tr("Out of sync: {reason}.", reason=e.reason))
    else:
        if len(gone) == 1 and len(new) == 1:
            errors.append(tr("A ghost moved from {start} to {end}, but {expecting}: put it back on {start}.",
                             start=gone[0], end=new[0], expecting=expecting(state)))
        else:
            for sq in gone:
                errors.append(tr("The ghost on {square} is missing: put it back on {square}.", square=sq))
            for sq in new:
                if sq not in dup:
                    errors.append(tr("A ghost stands on {square}, where the game has none: take it off.",
                                     square=sq))

    # 6. candy
    avatar_at = {sq: p for p, sq in reading["avatars"].items() if sq}
    for sq in sorted(set(reading["candy"]) - set(expected["candy"])):
        if sq in avatar_at and legal_avatar_move:
            continue
        if sq in state["candy"] and sq in expected["ghosts"]:
            continue   # the ghost left it: reported with the ghosts
        errors.append(tr("A candy lies on {square}, but the game has none there: take it off the board.",
                         square=sq))
    for sq in sorted(set(expected["candy"]) - set(reading["candy"])):
        if sq in reading["ghosts"] or sq in avatar_at:
            continue   # covered by a piece that should not be there: reported above
        errors.append(tr("The candy on {square} is missing: put a candy back on {square}.", square=sq))
    for sq, n in Counter(reading["candy"]).items():
        if n > 1:
            errors.append(trn("{n} candy lies on {square}: a square holds one.",
                              "{n} candies lie on {square}: a square holds one.", n, square=sq))

    if not errors:
        if legal_avatar_move:
            return "waiting", [Prompt(tr("{player}'s avatar move is legal; now finish the turn as shown.",
                                         player=turn), turn)]
        errors.append(tr("The table does not match the game: put it back as shown."))
    return "out_of_sync", [Prompt(e, None, "error") for e in errors]
