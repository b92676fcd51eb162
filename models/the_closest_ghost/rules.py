"""The rules: avatar moves along arrows, the closest ghost, passes and the win.

Every function takes the board geometry and the state (plain JSON, see
``game.py``); ``apply_*`` functions mutate a private copy (the engine's ``apply``
makes it) and raise IllegalAction before changing anything.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action, Event, IllegalAction
from ..text import Text, and_list, concat, or_list, tr, trn
from .actions import MoveAvatar, MoveGhost, PlaceGhost, TurnBoard
from .grid import BOARDS, ROTATIONS, WORD, Area, wrap_target, wrapping
from .kit import BoardSpec

State = dict[str, Any]


def area_of(spec: BoardSpec, state: State) -> Area:
    return Area(state["options"]["layout"], dict(state["rotations"]), spec)


def other(state: State, player: str) -> str:
    a, b = state["players"]
    return b if player == a else a


def board_candy(area: Area, state: State, board: str) -> int:
    """Candy still on a board, hidden under ghosts included."""
    return sum(1 for sq in state["candy"] if area.board_of(sq) == board)


def refusal(action: Any, reason: str) -> IllegalAction:
    """The refusal ``"<action type>: <reason>"``; the type stays as it is in every
    language, the reason (a :class:`~models.text.Text`) is translated."""
    return IllegalAction(tr("{action}: {reason}", action=action.type, reason=reason))


def reason_of(e: IllegalAction) -> str:
    """A refusal's reason without its action-type prefix, still translatable."""
    r = e.reason
    if isinstance(r, Text) and r.msgid == "{action}: {reason}":
        return r.params["reason"]
    return r.split(": ", 1)[1] if ": " in r else r


def _square(area: Area, name: Any, what: str, action: Any) -> str:
    try:
        area.parse(name)
    except ValueError as e:
        raise refusal(action, tr("{field}: {problem}", field=what, problem=e.args[0])) from None
    return name.upper()


# --------------------------------------------------------------------------- avatars


def avatar_targets(area: Area, state: State, player: str) -> dict[str, str]:
    """Legal squares for a player's avatar -> the arrow direction that reaches it."""
    opts = state["options"]
    here = state["avatars"][player]
    out: dict[str, str] = {}
    for d in area.arrows(here):
        to = area.step(here, d, wrapping(opts))
        if to is None or to in state["ghosts"]:
            continue
        if opts["avatars_block"] and to == state["avatars"][other(state, player)]:
            continue
        out.setdefault(to, d)
    return out


def why_avatar_cannot(area: Area, state: State, player: str, to: str) -> str:
    """Plain words: why a player's avatar cannot go to ``to`` (which is not a legal target)."""
    opts = state["options"]
    here = state["avatars"][player]
    arrows = area.arrows(here)
    if to == here:
        return tr("{player}'s avatar must leave {square}", player=player, square=here)
    by_step = [d for d in "URDL" if area.step(here, d, wrap_target(opts)) == to]
    if not by_step:
        return trn("{player}'s avatar cannot jump from {start} to {end} ({n} square away): "
                   "an avatar moves exactly one square",
                   "{player}'s avatar cannot jump from {start} to {end} ({n} squares away): "
                   "an avatar moves exactly one square",
                   area.distance(here, to), player=player, start=here, end=to)
    arrowed = [d for d in by_step if d in arrows]
    if not arrowed:
        return tr("{player}'s avatar cannot go {direction} from {start} to {end}: that is against the arrows "
                  "({start}'s arrows point {directions})", player=player, direction=WORD[by_step[0]],
                  start=here, end=to, directions=and_list([WORD[d] for d in arrows]))
    if not opts["wrap"] and all(area.step(here, d, False) is None for d in arrowed):
        return tr("{player}'s avatar cannot wrap from {start} to {end}: wrapping off the edge is switched off "
                  "(option wrap)", player=player, start=here, end=to)
    if to in state["ghosts"]:
        return tr("{player}'s avatar cannot enter {square}: a ghost stands there", player=player, square=to)
    if opts["avatars_block"] and to == state["avatars"][other(state, player)]:
        return tr("{player}'s avatar cannot enter {square}: the other avatar stands there (option avatars_block)",
                  player=player, square=to)
    return tr("{player}'s avatar cannot go from {start} to {end}", player=player, start=here, end=to)


def is_trapped(area: Area, state: State, player: str) -> bool:
    return not avatar_targets(area, state, player)


# --------------------------------------------------------------------------- ghosts


def ghost_targets(area: Area, state: State, square: str) -> list[str]:
    """Squares the ghost on ``square`` may step to: one square (orthogonally, or also
    diagonally with ghost_step=king), never onto an avatar or another ghost."""
    opts = state["options"]
    taken = set(state["ghosts"]) | set(state["avatars"].values())
    return [n for n in area.neighbours(square, diagonal=opts["ghost_step"] == "king", wrap=opts["ghost_wrap"])
            if n not in taken]


def ghost_choices(area: Area, state: State, player: str) -> tuple[int | None, list[str], list[str]]:
    """(distance, movable ghosts the player may choose among, blocked closest ghosts).

    The closest ghosts to the player's avatar (Manhattan distance, no wrap); the mover
    chooses among those that can move. When every closest ghost is blocked, nobody
    moves (blocked_ghost=skip) or the next closest movable ghosts are the choice
    (blocked_ghost=next). An empty choice means no ghost moves."""
    here = state["avatars"][player]
    by_dist: dict[int, list[str]] = {}
    for g in state["ghosts"]:
        by_dist.setdefault(area.distance(here, g), []).append(g)
    blocked: list[str] = []
    for dist in sorted(by_dist):
        group = sorted(by_dist[dist])
        movable = [g for g in group if ghost_targets(area, state, g)]
        blocked.extend(g for g in group if g not in movable)
        if movable:
            return dist, movable, blocked
        if state["options"]["blocked_ghost"] == "skip":
            return dist, [], blocked
    return None, [], blocked


# --------------------------------------------------------------------------- turn flow


def start_turn(area: Area, state: State, player: str, events: list[Event]) -> None:
    """Hand the turn to ``player``; a trapped player passes (or only moves a ghost,
    with trapped=ghost), and the engine says so."""
    for _ in range(2):
        state["turn"] = player
        state["phase"] = "move"
        if not is_trapped(area, state, player):
            return
        here = state["avatars"][player]
        if state["options"]["trapped"] == "ghost":
            text = tr("{player}'s avatar on {square} is trapped: {player} does not move it, "
                      "but still moves the closest ghost.", player=player, square=here)
            state["notes"].append(text)
            events.append(Event("trapped", text, {"player": player, "square": here}))
            state["phase"] = "ghost"
            if ghost_choices(area, state, player)[1]:
                return
            text = tr("No ghost can move for {player}: the closest ghost is blocked on every side.", player=player)
            state["notes"].append(text)
            events.append(Event("ghost_blocked", text, {"player": player}))
        else:
            text = tr("{player}'s avatar on {square} is trapped: {player} passes.", player=player, square=here)
            state["notes"].append(text)
            events.append(Event("pass", text, {"player": player, "square": here}))
        player = other(state, player)
    # both players trapped, and nothing can free them
    state["phase"] = "over"
    state["winner"] = None
    state["result"] = tr("Both avatars are trapped and no ghost can free them: the game ends without a winner.")
    events.append(Event("stalemate", state["result"]))


def _after_avatar(area: Area, state: State, player: str, events: list[Event]) -> None:
    """The ghost part of a turn: move to the ghost phase, or skip it when no ghost may move."""
    dist, movable, blocked = ghost_choices(area, state, player)
    if movable:
        state["phase"] = "ghost"
        return
    if blocked:
        text = tr("No ghost moves: the closest ghost to {player}'s avatar ({squares}) is blocked on every side.",
                  player=player, squares=or_list(blocked))
    else:
        text = tr("No ghost can move.")
    state["notes"].append(text)
    events.append(Event("ghost_blocked", text, {"player": player, "blocked": blocked}))
    start_turn(area, state, other(state, player), events)


def _check_turn(state: State, action: Any, player: str, phase: str) -> None:
    if player not in state["players"]:
        raise refusal(action, tr("{player} is not playing (players: {players})", player=player,
                                 players=", ".join(state["players"])))
    if state["phase"] == "over":
        raise refusal(action, tr("the game is over"))
    if state["phase"] != phase or state["turn"] != player:
        now = expecting(state)
        if phase == "place_ghost":
            why = tr("{player} cannot place the third ghost now: {expecting}", player=player, expecting=now)
        elif phase == "move":
            why = tr("{player} cannot move their avatar now: {expecting}", player=player, expecting=now)
        else:
            why = tr("{player} cannot move a ghost now: {expecting}", player=player, expecting=now)
        raise refusal(action, why)


def expecting(state: State) -> str:
    """What the game waits for, in a few words."""
    p = state["turn"]
    phase = state["phase"]
    if phase == "place_ghost":
        return tr("{player} must place the third ghost", player=p)
    if phase == "move":
        return tr("it is {player}'s turn to move their avatar", player=p)
    if phase == "ghost":
        return tr("{player} must move the closest ghost", player=p)
    return tr("the game is over")


# --------------------------------------------------------------------------- actions


def apply_turn_board(spec: BoardSpec, state: State, a: TurnBoard) -> list[Event]:
    if state["phase"] != "place_ghost":
        raise refusal(a, tr("boards can only be turned before play starts (until the third ghost is placed); "
                            "{expecting}", expecting=expecting(state)))
    if a.board not in BOARDS:
        raise refusal(a, tr("there is no board {board!r} (boards A and B)", board=a.board))
    if a.rotation not in ROTATIONS:
        raise refusal(a, tr("a board turns by 0, 90, 180 or 270 degrees, not {rotation}", rotation=a.rotation))
    old = area_of(spec, state)
    if state["rotations"][a.board] == a.rotation:
        raise refusal(a, tr("board {board} is already turned {rotation} degrees", board=a.board,
                            rotation=a.rotation))
    state["rotations"][a.board] = a.rotation
    new = area_of(spec, state)
    # the pieces turn with the board: each square's content moves to the square's new place
    def moved(sq: str) -> str:
        board, pr, pc = old.to_printed(sq)
        return new.from_printed(board, pr, pc) if board == a.board else sq
    state["ghosts"] = sorted(moved(g) for g in state["ghosts"])
    state["candy"] = sorted(moved(c) for c in state["candy"])
    state["avatars"] = {p: moved(sq) for p, sq in state["avatars"].items()}
    owner = state["owners"][a.board]
    return [Event("board_turned", tr("{owner} turned board {board} to {rotation} degrees "
                                     "(the corner dot is now on {square}).", owner=owner, board=a.board,
                                     rotation=a.rotation, square=new.dot(a.board)),
                  {"board": a.board, "rotation": a.rotation})]


def apply_place_ghost(spec: BoardSpec, state: State, a: PlaceGhost) -> list[Event]:
    area = area_of(spec, state)
    _check_turn(state, a, a.player, "place_ghost")
    sq = _square(area, a.square, "square", a)
    if sq in state["avatars"].values():
        raise refusal(a, tr("{square} holds an avatar; the third ghost goes on an open square", square=sq))
    if sq in state["ghosts"]:
        raise refusal(a, tr("{square} already holds a ghost; the third ghost goes on an open square", square=sq))
    state["ghosts"] = sorted(state["ghosts"] + [sq])
    events = [Event("ghost_placed", tr("{player} placed the third ghost on {square}.", player=a.player, square=sq),
                    {"square": sq})]
    state["notes"] = []
    start_turn(area, state, state["players"][0], events)
    return events


def apply_move_avatar(spec: BoardSpec, state: State, a: MoveAvatar) -> list[Event]:
    area = area_of(spec, state)
    _check_turn(state, a, a.player, "move")
    to = _square(area, a.to, "to", a)
    targets = avatar_targets(area, state, a.player)
    if to not in targets:
        raise refusal(a, why_avatar_cannot(area, state, a.player, to))
    here = state["avatars"][a.player]
    state["avatars"][a.player] = to
    state["moves"] += 1
    state["notes"] = []
    d = targets[to]
    wrapped = area.step(here, d, False) is None
    if wrapped:
        text = tr("{player} moved their avatar {direction}, wrapping around from {start} to {end}.",
                  player=a.player, direction=WORD[d], start=here, end=to)
    else:
        text = tr("{player} moved their avatar {direction} from {start} to {end}.",
                  player=a.player, direction=WORD[d], start=here, end=to)
    events = [Event("avatar_moved", text,
                    {"player": a.player, "from": here, "to": to})]
    if to in state["candy"]:
        state["candy"].remove(to)
        board = area.board_of(to)
        owner = state["owners"][board]
        state["taken"][board][a.player] += 1
        left = board_candy(area, state, board)
        if owner == a.player:
            text = trn("{player} took the candy on {square} from their own board {board} ({n} left there).",
                       "{player} took the candy on {square} from their own board {board} ({n} left there).",
                       left, player=a.player, square=to, board=board)
        else:
            text = trn("{player} took the candy on {square} from {owner}'s board {board} ({n} left there).",
                       "{player} took the candy on {square} from {owner}'s board {board} ({n} left there).",
                       left, player=a.player, square=to, owner=owner, board=board)
        events.append(Event("candy_taken", text,
                            {"player": a.player, "square": to, "board": board, "left": left}))
        if left == 0:
            state["phase"] = "over"
            state["winner"] = owner
            state["result"] = tr("{owner} wins: board {board} has no candy left "
                                 "({player} took the last piece, from {square}).",
                                 owner=owner, board=board, player=a.player, square=to)
            events.append(Event("win", state["result"], {"winner": owner, "board": board}))
            return events
    _after_avatar(area, state, a.player, events)
    return events


def apply_move_ghost(spec: BoardSpec, state: State, a: MoveGhost) -> list[Event]:
    area = area_of(spec, state)
    _check_turn(state, a, a.player, "ghost")
    sq = _square(area, a.square, "square", a)
    to = _square(area, a.to, "to", a)
    if sq not in state["ghosts"]:
        raise refusal(a, tr("there is no ghost on {square} (ghosts on {squares})", square=sq,
                            squares=and_list(state["ghosts"])))
    dist, movable, _ = ghost_choices(area, state, a.player)
    if sq not in movable:
        mine = state["avatars"][a.player]
        d = area.distance(mine, sq)
        far = trn("the ghost on {square} is {n} square from {player}'s avatar on {avatar}",
                  "the ghost on {square} is {n} squares from {player}'s avatar on {avatar}",
                  d, square=sq, player=a.player, avatar=mine)
        raise refusal(a, concat(far, _only_these_may_move(movable, dist), sep="; "))
    targets = ghost_targets(area, state, sq)
    if to not in targets:
        raise refusal(a, why_ghost_cannot(area, state, sq, to))
    state["ghosts"] = sorted([g for g in state["ghosts"] if g != sq] + [to])
    state["notes"] = []
    events = [Event("ghost_moved", tr("{player} moved the ghost from {start} to {end}.", player=a.player,
                                      start=sq, end=to),
                    {"player": a.player, "from": sq, "to": to})]
    start_turn(area, state, other(state, a.player), events)
    return events


def why_ghost_cannot(area: Area, state: State, sq: str, to: str) -> str:
    opts = state["options"]
    reach = area.neighbours(sq, diagonal=opts["ghost_step"] == "king", wrap=opts["ghost_wrap"])
    if to not in reach:
        if to in area.neighbours(sq, diagonal=True, wrap=True):
            if to not in area.neighbours(sq, diagonal=True, wrap=False):
                return tr("a ghost never wraps around the edge (from {start} to {end}; option ghost_wrap)",
                          start=sq, end=to)
            return tr("a ghost steps orthogonally, not diagonally (from {start} to {end}; option ghost_step)",
                      start=sq, end=to)
        return trn("a ghost moves exactly one square, and {end} is {n} square from {start}",
                   "a ghost moves exactly one square, and {end} is {n} squares from {start}",
                   area.distance(sq, to), start=sq, end=to)
    if to in state["avatars"].values():
        return tr("the ghost cannot enter {square}: an avatar stands there", square=to)
    if to in state["ghosts"]:
        return tr("the ghost cannot enter {square}: another ghost stands there", square=to)
    return tr("the ghost on {start} cannot move to {end}", start=sq, end=to)


def _only_these_may_move(movable: list[str], dist: int | None) -> str:
    """Which of the closest ghosts may move, and how far they are."""
    if not movable or dist is None:
        return tr("no ghost may move")
    if len(movable) == 1:
        return trn("only the ghost on {square} ({n} square away) may move",
                   "only the ghost on {square} ({n} squares away) may move", dist, square=movable[0])
    return trn("only the ghost on {squares} (each {n} square away) may move",
               "only the ghost on {squares} (each {n} squares away) may move", dist, squares=or_list(movable))


#: the dispatch table: each action class and the function that applies it
HANDLERS: dict[type[Action], Callable[[BoardSpec, State, Any], list[Event]]] = {
    TurnBoard: apply_turn_board, PlaceGhost: apply_place_ghost, MoveAvatar: apply_move_avatar,
    MoveGhost: apply_move_ghost}


#: the actions each phase allows (the engine refuses the others)
PHASES: dict[str, tuple[type[Action], ...]] = {
    "place_ghost": (TurnBoard, PlaceGhost), "move": (MoveAvatar,), "ghost": (MoveGhost,), "over": ()}
