"""Helpers for The Closest Ghost's tests: states built as plain data, and snapshots of
an arrangement without the camera (the simulated-table tests use tests.support.table)."""
from __future__ import annotations

import json
from pathlib import Path

from models.table import Placement, Sighting, Snapshot
from models.the_closest_ghost import TheClosestGhost

ROOT = Path(__file__).resolve().parents[3]
SCRIPT = ROOT / "docs" / "games" / "the-closest-ghost.script.json"
DOC = ROOT / "docs" / "games" / "the-closest-ghost.md"

GAME = TheClosestGhost()

# The ruling's transcription (rules/README.md), dot in the top-left corner, rows top to bottom.
RULING = [["URD", "LRD", "LUR"],
          ["LUR", "URD", "URD"],
          ["LRD", "LURD", "LUR"]]
STEP = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}


def name(row: int, col: int) -> str:
    return f"{'ABCDEF'[col]}{row + 1}"


def state_with(avatars: dict[str, str], ghosts: list[str], *, turn: str = "RED", phase: str = "move",
               candy: list[str] | None = None, **options) -> dict:
    """A state in the middle of a game: RED owns board A, BLUE board B. Candy defaults
    to every square without an avatar."""
    s = GAME.setup(["RED", "BLUE"], options)
    area = GAME.area(s)
    s["avatars"] = dict(avatars)
    s["ghosts"] = sorted(ghosts)
    if candy is None:
        candy = [sq for sq in area.squares() if sq not in avatars.values()]
    s["candy"] = sorted(candy)
    s["phase"], s["turn"] = phase, turn
    return json.loads(json.dumps(s))


def act(state: dict, data: dict):
    return GAME.apply(state, GAME.parse_action(data))


def snapshot(placements: list[Placement], drop: tuple[str, ...] = (),
             move: dict[str, tuple[float, float]] | None = None) -> Snapshot:
    """A snapshot as the tracker would hand it over: every placement's tag, minus
    ``drop``, with ``move`` overriding positions (payload -> (x, y))."""
    move = move or {}
    out = []
    for p in placements:
        if p.payload in drop:
            continue
        x, y = move.get(p.payload, (p.x_mm, p.y_mm))
        out.append(Sighting(p.payload, x, y, p.angle_deg))
    return Snapshot(0.0, tuple(out))


def snap_of_state(state: dict, **kw) -> Snapshot:
    return snapshot(GAME.arrange(state), **kw)


def square_xy(state: dict, square: str) -> tuple[float, float]:
    """Table coordinates of a square's centre in the canonical arrangement."""
    from models.the_closest_ghost.layout import board_poses
    area = GAME.area(state)
    poses = board_poses(GAME.board, state, (900.0, 600.0))
    b, r, c = area.to_printed(square)
    return poses[b].to_table(*GAME.board.square_centre(r, c))


def tag_on(state: dict, square: str, kind: str) -> str:
    """The payload of the token the canonical arrangement puts on a square."""
    for p in GAME.arrange(state):
        if p.payload.startswith(f"TCG:{kind}:"):
            x, y = square_xy(state, square)
            if abs(p.x_mm - x) < 1 and abs(p.y_mm - y) < 1:
                return p.payload
    raise KeyError(f"no {kind} on {square}")


def script() -> list[dict]:
    return json.loads(SCRIPT.read_text())


def table_steps(game, players: list[str], seed: int, limit: int = 3000):
    """A whole random game, step by step as ``(state before, [action], state
    after)``: each move one of ``legal_actions``, all equally likely (The Closest
    Ghost hides nothing, so its table needs no simulator of its own). The seeds
    of this folder's tests name games of this pick."""
    import random
    rng = random.Random(seed)
    state = game.setup(players, {})
    for _ in range(limit):
        choices = game.legal_actions(state)
        if game.is_over(state) or not choices:
            return
        action = rng.choice(choices)
        after, _ = game.apply(state, action)
        yield state, [action], after
        state = after
