"""Scripted tables for the live tests: a short game of Ghosts Love Candy dealt on
the simulated table, change by change, with a hand over every change.

``short_game()`` gives the states and beats: six kids dealt one by one, the
first round's candy, everyone's ghost revealed, RED's haunt. Everything drawn is
the engine's own ``arrange(state)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.demo.timeline import Beat, build_timeline
from hardware.simtable import CameraModel, SimulatedTable
from models.registry import get_game
from models.table import Placement

PLAYERS = ["RED", "BLUE", "GREEN"]
KIDS = [3, 4, 5, 7, 8, 10]
VALUES = {"RED": 9, "BLUE": 5, "GREEN": 2}
CAMERA = CameraModel(resolution=(1600, 900))


@dataclass
class Game:
    engine: Any
    start: dict
    states: list[dict]          # after each beat
    beats: list[Beat]

    def actions(self, upto: int | None = None) -> list[dict]:
        """The scripted actions of the first ``upto`` beats, as the journal writes them."""
        return [self.engine.parse_action(a).to_json() for b in self.beats[:upto] for a in b.actions]


def short_game() -> Game:
    g = get_game("GLC")
    s = g.setup(PLAYERS, {})
    start = s
    beats, states = [], []

    def beat(say: str, datas: list[dict], expect: str = "applied") -> None:
        nonlocal s
        for d in datas:
            s, _ = g.apply(s, g.parse_action(d))
        states.append(s)
        beats.append(Beat(say, g.arrange(s), expect, datas))

    for i, k in enumerate(KIDS, 1):
        beat(f"kid {k} into slot {i}", [{"type": "reveal_kid", "slot": i, "kid": k}])
    candy = sorted(s["candy_deck"])[:6]
    beat("a candy on every kid", [{"type": "place_candy", "slot": i, "candy": c} for i, c in enumerate(candy, 1)])
    beat("everyone reveals", [{"type": "reveal", "player": p, "ghost": VALUES[p]} for p in PLAYERS])
    # a mistake: BLUE (5) haunts before RED (9); then BLUE takes the ghost back
    revealed = g.arrange(s)
    after_blue = g.arrange(g.apply(s, g.parse_action({"type": "haunt", "player": "RED", "slot": 3}))[0])
    red_ghost = {p.payload: p for p in after_blue}["GLC:GHOST:R9"]
    wrong = [p for p in revealed if p.payload != "GLC:GHOST:B5"] + \
        [Placement("GLC:GHOST:B5", red_ghost.x_mm, red_ghost.y_mm, size_mm=red_ghost.size_mm, label="ghost B5")]
    states.append(s)
    beats.append(Beat("BLUE haunts slot 3 before RED", wrong, "out_of_sync"))
    states.append(s)
    beats.append(Beat("BLUE takes the ghost back", revealed, "in_sync"))
    beat("RED haunts slot 2", [{"type": "haunt", "player": "RED", "slot": 2}])
    return Game(g, start, states, beats)


def source_for(start_placements: list, beats: list[Beat], *, every_s: float = 3.0, first_s: float = 2.0,
               hold_s: float = 2.5, fps: float = 5.0, realtime: bool = False, source_cls: type = SimulatedTable,
               camera: CameraModel = CAMERA, **kw: Any) -> SimulatedTable:
    steps, _ = build_timeline(start_placements, beats, every_s=every_s, first_s=first_s)
    return source_cls(steps, camera, fps=fps, hold_s=hold_s, realtime=realtime, **kw)
