"""The rules: avatar moves along arrows, the closest ghost, passes and the win.

Every function takes the board geometry and the state (plain JSON, see
``game.py``); ``apply_*`` functions mutate a private copy (the engine's ``apply``
makes it) and raise IllegalAction before changing anything.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Action, Event, IllegalAction
from .actions import MoveAvatar, MoveGhost, PlaceGhost, TurnBoard
from .grid import BOARDS, ROTATIONS, WORD, Area, words
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


def _square(area: Area, name: Any, what: str, action: Any) -> str:
    try:
        area.parse(name)
    except ValueError as e:
        raise IllegalAction(f"{action.type}: {what}: {e}") from None
    return name.upper()


# --------------------------------------------------------------------------- avatars


def avatar_targets(area: Area, state: State, player: str) -> dict[str, str]:
    """Legal squares for a player's avatar -> the arrow direction that reaches it."""
    opts = state["options"]
    here = state["avatars"][player]
    out: dict[str, str] = {}
    for d in area.arrows(here):
        to = area.step(here, d, opts["wrap"])
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
    arrow_words = words([WORD[d] for d in arrows], "and")
    if to == here:
        return f"{player}'s avatar must leave {here}"
    by_step = [d for d in "URDL" if area.step(here, d, True) == to]
    if not by_step:
        dist = area.distance(here, to)
        return (f"{player}'s avatar cannot jump from {here} to {to} ({dist} squares away): "
                f"an avatar moves exactly one square")
    arrowed = [d for d in by_step if d in arrows]
    if not arrowed:
        return (f"{player}'s avatar cannot go {WORD[by_step[0]]} from {here} to {to}: that is against the arrows "
                f"({here}'s arrows point {arrow_words})")
    if not opts["wrap"] and all(area.step(here, d, False) is None for d in arrowed):
        return (f"{player}'s avatar cannot wrap from {here} to {to}: wrapping off the edge is switched off "
                f"(option wrap)")
    if to in state["ghosts"]:
        return f"{player}'s avatar cannot enter {to}: a ghost stands there"
    if opts["avatars_block"] and to == state["avatars"][other(state, player)]:
        return f"{player}'s avatar cannot enter {to}: the other avatar stands there (option avatars_block)"
    return f"{player}'s avatar cannot go from {here} to {to}"


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


def legal_actions(area: Area, state: State) -> list[Action]:
    """Every action the rules allow now, in the manner of OpenSpiel's legal
    actions: turning a board (while ghosts are placed), placing a ghost on any
    free square, moving the avatar along an arrow, moving one of the closest
    ghosts. Empty once the game is over."""
    p = state["turn"]
    if state["phase"] == "place_ghost":
        turns: list[Action] = [TurnBoard(b, r) for b in BOARDS for r in ROTATIONS if r != state["rotations"][b]]
        taken = set(state["ghosts"]) | set(state["avatars"].values())
        return turns + [PlaceGhost(p, sq) for sq in area.squares() if sq not in taken]
    if state["phase"] == "move":
        return [MoveAvatar(p, sq) for sq in avatar_targets(area, state, p)]
    if state["phase"] == "ghost":
        _, movable, _ = ghost_choices(area, state, p)
        return [MoveGhost(p, g, t) for g in movable for t in ghost_targets(area, state, g)]
    return []


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
            text = (f"{player}'s avatar on {here} is trapped: {player} does not move it, "
                    "but still moves the closest ghost.")
            state["notes"].append(text)
            events.append(Event("trapped", text, {"player": player, "square": here}))
            state["phase"] = "ghost"
            if ghost_choices(area, state, player)[1]:
                return
            text = f"No ghost can move for {player}: the closest ghost is blocked on every side."
            state["notes"].append(text)
            events.append(Event("ghost_blocked", text, {"player": player}))
        else:
            text = f"{player}'s avatar on {here} is trapped: {player} passes."
            state["notes"].append(text)
            events.append(Event("pass", text, {"player": player, "square": here}))
        player = other(state, player)
    # both players trapped, and nothing can free them
    state["phase"] = "over"
    state["winner"] = None
    state["result"] = "Both avatars are trapped and no ghost can free them: the game ends without a winner."
    events.append(Event("stalemate", state["result"]))


def _after_avatar(area: Area, state: State, player: str, events: list[Event]) -> None:
    """The ghost part of a turn: move to the ghost phase, or skip it when no ghost may move."""
    dist, movable, blocked = ghost_choices(area, state, player)
    if movable:
        state["phase"] = "ghost"
        return
    if blocked:
        text = (f"No ghost moves: the closest ghost to {player}'s avatar ({words(blocked)}) "
                f"is blocked on every side.")
    else:
        text = "No ghost can move."
    state["notes"].append(text)
    events.append(Event("ghost_blocked", text, {"player": player, "blocked": blocked}))
    start_turn(area, state, other(state, player), events)


def _check_turn(state: State, action: Any, player: str, phase: str, doing: str) -> None:
    if player not in state["players"]:
        raise IllegalAction(f"{action.type}: {player} is not playing (players: {', '.join(state['players'])})")
    if state["phase"] == "over":
        raise IllegalAction(f"{action.type}: the game is over")
    if state["phase"] != phase or state["turn"] != player:
        raise IllegalAction(f"{action.type}: {player} cannot {doing} now: {expecting(state)}")


def expecting(state: State) -> str:
    """What the game waits for, in a few words."""
    p = state["turn"]
    return {
        "place_ghost": f"{p} must place the third ghost",
        "move": f"it is {p}'s turn to move their avatar",
        "ghost": f"{p} must move the closest ghost",
        "over": "the game is over",
    }[state["phase"]]


# --------------------------------------------------------------------------- actions


def apply_turn_board(spec: BoardSpec, state: State, a: TurnBoard) -> list[Event]:
    if state["phase"] != "place_ghost":
        raise IllegalAction(f"{a.type}: boards can only be turned before play starts "
                            f"(until the third ghost is placed); {expecting(state)}")
    if a.board not in BOARDS:
        raise IllegalAction(f"{a.type}: there is no board {a.board!r} (boards A and B)")
    if a.rotation not in ROTATIONS:
        raise IllegalAction(f"{a.type}: a board turns by 0, 90, 180 or 270 degrees, not {a.rotation}")
    old = area_of(spec, state)
    if state["rotations"][a.board] == a.rotation:
        raise IllegalAction(f"{a.type}: board {a.board} is already turned {a.rotation} degrees")
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
    return [Event("board_turned", f"{owner} turned board {a.board} to {a.rotation} degrees "
                                  f"(the corner dot is now on {new.dot(a.board)}).",
                  {"board": a.board, "rotation": a.rotation})]


def apply_place_ghost(spec: BoardSpec, state: State, a: PlaceGhost) -> list[Event]:
    area = area_of(spec, state)
    _check_turn(state, a, a.player, "place_ghost", "place the third ghost")
    sq = _square(area, a.square, "square", a)
    if sq in state["avatars"].values():
        raise IllegalAction(f"{a.type}: {sq} holds an avatar; the third ghost goes on an open square")
    if sq in state["ghosts"]:
        raise IllegalAction(f"{a.type}: {sq} already holds a ghost; the third ghost goes on an open square")
    state["ghosts"] = sorted(state["ghosts"] + [sq])
    events = [Event("ghost_placed", f"{a.player} placed the third ghost on {sq}.", {"square": sq})]
    state["notes"] = []
    start_turn(area, state, state["players"][0], events)
    return events


def apply_move_avatar(spec: BoardSpec, state: State, a: MoveAvatar) -> list[Event]:
    area = area_of(spec, state)
    _check_turn(state, a, a.player, "move", "move their avatar")
    to = _square(area, a.to, "to", a)
    targets = avatar_targets(area, state, a.player)
    if to not in targets:
        raise IllegalAction(f"{a.type}: {why_avatar_cannot(area, state, a.player, to)}")
    here = state["avatars"][a.player]
    state["avatars"][a.player] = to
    state["moves"] += 1
    state["notes"] = []
    d = targets[to]
    wrapped = area.step(here, d, False) is None
    how = f"{WORD[d]}, wrapping around" if wrapped else WORD[d]
    events = [Event("avatar_moved", f"{a.player} moved their avatar {how} from {here} to {to}.",
                    {"player": a.player, "from": here, "to": to})]
    if to in state["candy"]:
        state["candy"].remove(to)
        board = area.board_of(to)
        owner = state["owners"][board]
        state["taken"][board][a.player] += 1
        left = board_candy(area, state, board)
        whose = "their own" if owner == a.player else f"{owner}'s"
        events.append(Event("candy_taken", f"{a.player} took the candy on {to} from {whose} board {board} "
                                           f"({left} left there).",
                            {"player": a.player, "square": to, "board": board, "left": left}))
        if left == 0:
            state["phase"] = "over"
            state["winner"] = owner
            state["result"] = (f"{owner} wins: board {board} has no candy left "
                               f"({a.player} took the last piece, from {to}).")
            events.append(Event("win", state["result"], {"winner": owner, "board": board}))
            return events
    _after_avatar(area, state, a.player, events)
    return events


def apply_move_ghost(spec: BoardSpec, state: State, a: MoveGhost) -> list[Event]:
    area = area_of(spec, state)
    _check_turn(state, a, a.player, "ghost", "move a ghost")
    sq = _square(area, a.square, "square", a)
    to = _square(area, a.to, "to", a)
    if sq not in state["ghosts"]:
        raise IllegalAction(f"{a.type}: there is no ghost on {sq} (ghosts on {words(state['ghosts'], 'and')})")
    dist, movable, _ = ghost_choices(area, state, a.player)
    if sq not in movable:
        mine = state["avatars"][a.player]
        d = area.distance(mine, sq)
        raise IllegalAction(f"{a.type}: the ghost on {sq} is {d} square{'s' if d != 1 else ''} from "
                            f"{a.player}'s avatar on {mine}; "
                            f"only {_ghost_phrase(movable, dist)} may move")
    targets = ghost_targets(area, state, sq)
    if to not in targets:
        raise IllegalAction(f"{a.type}: {why_ghost_cannot(area, state, sq, to)}")
    state["ghosts"] = sorted([g for g in state["ghosts"] if g != sq] + [to])
    state["notes"] = []
    events = [Event("ghost_moved", f"{a.player} moved the ghost from {sq} to {to}.",
                    {"player": a.player, "from": sq, "to": to})]
    start_turn(area, state, other(state, a.player), events)
    return events


def why_ghost_cannot(area: Area, state: State, sq: str, to: str) -> str:
    opts = state["options"]
    reach = area.neighbours(sq, diagonal=opts["ghost_step"] == "king", wrap=opts["ghost_wrap"])
    if to not in reach:
        if to in area.neighbours(sq, diagonal=True, wrap=True):
            if to not in area.neighbours(sq, diagonal=True, wrap=False):
                return f"a ghost never wraps around the edge (from {sq} to {to}; option ghost_wrap)"
            return f"a ghost steps orthogonally, not diagonally (from {sq} to {to}; option ghost_step)"
        return f"a ghost moves exactly one square, and {to} is {area.distance(sq, to)} squares from {sq}"
    if to in state["avatars"].values():
        return f"the ghost cannot enter {to}: an avatar stands there"
    if to in state["ghosts"]:
        return f"the ghost cannot enter {to}: another ghost stands there"
    return f"the ghost on {sq} cannot move to {to}"


def _ghost_phrase(movable: list[str], dist: int | None) -> str:
    if not movable:
        return "no ghost"
    unit = "square" if dist == 1 else "squares"
    if len(movable) == 1:
        return f"the ghost on {movable[0]} ({dist} {unit} away)"
    return f"the ghost on {words(movable)} (each {dist} {unit} away)"


#: the dispatch table: each action class and the function that applies it
HANDLERS: dict[type[Action], Callable[[BoardSpec, State, Any], list[Event]]] = {
    TurnBoard: apply_turn_board, PlaceGhost: apply_place_ghost, MoveAvatar: apply_move_avatar,
    MoveGhost: apply_move_ghost}


#: the actions each phase allows (the engine refuses the others)
PHASES: dict[str, tuple[type[Action], ...]] = {
    "place_ghost": (TurnBoard, PlaceGhost), "move": (MoveAvatar,), "ghost": (MoveGhost,), "over": ()}
