"""What can happen next in The Closest Ghost: every action ``apply`` accepts in a
state (:meth:`TheClosestGhost.legal_actions`, the game's one legal-move source),
and a lower bound of the actions between a state and a table
(:meth:`TheClosestGhost.distance`, which prunes the referee's search).

Nothing in the game is hidden and nothing comes from a deck, so the legal
actions are the players' moves only, generated from the state with the rules'
own checks (``avatar_targets``, ``ghost_choices``, ``ghost_targets``), never by
trying ``apply``: at most 8 board turns and 16 placements before play, at most
4 avatar moves (one per arrow), at most 3 ghosts x 4 squares (8 with
ghost_step=king) of ghost moves. The order is the table's: the boards are turned
before the third ghost is placed; arrows up, right, down, left; the closest
ghosts in reading order. (It is also the order the contract driver's seeded
games were recorded with, so those games stay the same.)

Example::

    >>> from models.the_closest_ghost import TheClosestGhost
    >>> game = TheClosestGhost()
    >>> s = game.setup(["RED", "BLUE"])
    >>> len(game.legal_actions(s))          # 6 board turns, 14 open squares
    20
    >>> s, _ = game.apply(s, game.parse_action({"type": "place_ghost", "player": "BLUE", "square": "F3"}))
    >>> [str(a) for a in game.legal_actions(s)]
    ["move_avatar(player='RED', to='B1')", "move_avatar(player='RED', to='C2')", "move_avatar(player='RED', to='B3')"]
"""
from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from ..engine import Action
from .actions import MoveAvatar, MoveGhost, PlaceGhost, TurnBoard
from .grid import BOARDS, ROTATIONS, Area, wrapping
from .kit import BoardSpec
from .rules import avatar_targets, ghost_choices, ghost_targets

State = dict[str, Any]


def legal_actions(game: Any, state: State) -> list[Action]:
    """Every action the rules allow now: turning a board (while the third ghost
    is not yet placed) to each other rotation, placing the third ghost on any
    open square, moving the avatar along an arrow, moving one of the closest
    ghosts one square. Empty once the game is over."""
    area: Area = game.area(state)
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


# --------------------------------------------------------------------------- distance


def _all_pairs(squares: list[str], neighbours: Callable[[str], Iterable[str]]) -> dict[tuple[str, str], int]:
    """Shortest path lengths (breadth first from every square) on a little graph;
    a pair missing from the result is unreachable."""
    out: dict[tuple[str, str], int] = {}
    for start in squares:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            sq = todo.popleft()
            for n in neighbours(sq):
                if n not in seen:
                    seen[n] = seen[sq] + 1
                    todo.append(n)
        for sq, d in seen.items():
            out[(start, sq)] = d
    return out


#: (board spec's id, layout, ...) -> (the spec, its shortest paths): the spec holds
#: dicts, so it cannot be a cache key itself
_PATHS: dict[tuple[Any, ...], tuple[BoardSpec, dict[tuple[str, str], int]]] = {}


def _cached(spec: BoardSpec, key: tuple[Any, ...],
            build: Callable[[], dict[tuple[str, str], int]]) -> dict[tuple[str, str], int]:
    hit = _PATHS.get((id(spec), *key))
    if hit is None or hit[0] is not spec:
        if len(_PATHS) > 512:
            _PATHS.clear()
        hit = (spec, build())
        _PATHS[(id(spec), *key)] = hit
    return hit[1]


def avatar_steps(spec: BoardSpec, layout: str, rot_a: int, rot_b: int,
                 wrap: bool | str) -> dict[tuple[str, str], int]:
    """Fewest avatar moves between two squares along the arrows, ghosts ignored
    (they move; a lower bound)."""
    return _cached(spec, ("avatar", layout, rot_a, rot_b, wrap),
                   lambda: _avatar_steps(spec, layout, rot_a, rot_b, wrap))


def _avatar_steps(spec: BoardSpec, layout: str, rot_a: int, rot_b: int,
                  wrap: bool | str) -> dict[tuple[str, str], int]:
    area = Area(layout, {"A": rot_a, "B": rot_b}, spec)

    def step(sq: str) -> Iterable[str]:
        return [to for d in area.arrows(sq) if (to := area.step(sq, d, wrap)) is not None]
    return _all_pairs(area.squares(), step)


def ghost_steps(spec: BoardSpec, layout: str, king: bool, wrap: bool) -> dict[tuple[str, str], int]:
    """Fewest ghost moves between two squares, the other pieces ignored."""
    area = Area(layout, {"A": 0, "B": 0}, spec)
    return _cached(spec, ("ghost", layout, king, wrap),
                   lambda: _all_pairs(area.squares(), lambda sq: area.neighbours(sq, diagonal=king, wrap=wrap)))


def _ghost_cost(steps: dict[tuple[str, str], int], now: list[str], want: list[str]) -> int | None:
    """The fewest ghost moves taking the ghosts on ``now`` to ``want`` (the best
    of every pairing; ghosts are interchangeable). ``now`` may be one ghost short:
    the third ghost is still to be placed, on any square, for free here."""
    best: int | None = None
    for order in itertools.permutations(want):
        cost = 0
        for g, w in zip(now, order):
            d = steps.get((g, w))
            if d is None:
                break
            cost += d
        else:
            best = cost if best is None else min(best, cost)
    return best


def distance(spec: BoardSpec, state: State, reading: dict[str, Any], turned: State | None = None) -> int | None:
    """A lower bound of the actions from ``state`` to a state whose expected
    table is ``reading``, or None when none can get there.

    Counted: a board turned otherwise needs a turn (only before the third ghost
    is placed); a third ghost on the table needs its placement; each avatar
    needs its fewest moves along the arrows (ghosts ignored); every candy gone
    from a square no ghost covers in the reading was taken, one avatar move
    each; the ghosts need their fewest steps (best pairing); when the table
differs, the move due now (the mover's avatar, or a ghost) happens, so a
piece it would leave where the table shows it moves away and back (two
moves). With trapped=pass
    every ghost move follows an avatar move of the same turn, so the avatar
    moves are at least the ghost moves (one fewer when a ghost is due now).

    None: a board, an avatar or a ghost not on the boards, a stray tag, a
    player's avatar missing, a board turned after play began, a candy where
    there is none now (candy never comes back) or under an avatar or a ghost
    as seen, a square no avatar can reach along the arrows, a finished game
    whose table differs. ``turned``: the state after the board turns, given by
    the game (which applies them)."""
    opts = state["options"]
    if set(reading) != {"boards", "avatars", "ghosts", "candy"}:
        return None        # off_board or unknown tags: never in an expected table
    boards, avatars = reading["boards"], reading["avatars"]
    ghosts, candy = list(reading["ghosts"]), list(reading["candy"])
    if any(boards.get(b) is None for b in BOARDS) or set(avatars) != set(state["players"]):
        return None
    if any(sq is None for sq in avatars.values()) or len(set(ghosts)) != len(ghosts):
        return None
    if set(candy) & (set(ghosts) | set(avatars.values())) or set(ghosts) & set(avatars.values()):
        return None
    cost = 0
    if state["phase"] == "place_ghost":
        turns = sum(1 for b in BOARDS if boards[b] != state["rotations"][b])
        if turns:
            if turned is None:
                return None
            state, cost = turned, turns
    elif any(boards[b] != state["rotations"][b] for b in BOARDS):
        return None
    if state["phase"] == "over":
        return None if _differs(state, reading) else 0
    if not set(candy) <= set(state["candy"]):
        return None
    placing = state["phase"] == "place_ghost"
    if placing and len(ghosts) == len(state["ghosts"]):
        return None if _differs(state, reading) else cost
    if len(ghosts) != len(state["ghosts"]) + placing:
        return None
    cost += placing         # the third ghost's placement
    to_take = len(set(state["candy"]) - set(candy) - set(ghosts))
    walk = avatar_steps(spec, opts["layout"], state["rotations"]["A"], state["rotations"]["B"], wrapping(opts))
    avatar_moves = 0
    for p, sq in avatars.items():
        d = walk.get((state["avatars"][p], sq))
        if d is None:
            return None
        avatar_moves += d
    paths = ghost_steps(spec, opts["layout"], opts["ghost_step"] == "king", opts["ghost_wrap"])
    ghost_moves = _ghost_cost(paths, sorted(state["ghosts"]), sorted(ghosts))
    if ghost_moves is None:
        return None
    if not placing and _differs(state, reading):
        # the next action is the due one, and a piece that leaves its square needs
        # a second move to be back: the mover's avatar already home, or the ghosts
        if state["phase"] == "move" and state["avatars"][state["turn"]] == avatars[state["turn"]]:
            avatar_moves += 2
        elif state["phase"] == "ghost" and ghost_moves == 0:
            ghost_moves = 2
    least = max(avatar_moves, to_take)
    if opts["trapped"] == "pass":
        least = max(least, ghost_moves - (1 if state["phase"] == "ghost" else 0))
    return cost + least + ghost_moves


def _differs(state: State, reading: dict[str, Any]) -> bool:
    """Whether a state with nothing left to do (or only boards to turn) shows another table."""
    ghosts = sorted(state["ghosts"])
    visible = sorted(c for c in state["candy"] if c not in ghosts and c not in state["avatars"].values())
    return (dict(state["avatars"]) != reading["avatars"] or ghosts != sorted(reading["ghosts"])
            or visible != sorted(reading["candy"]))
