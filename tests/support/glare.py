"""A lamp's reflection burnt into simulated-table frames, for the glare tests.

    >>> src = Glaring(SimulatedTable(scene, CameraModel(resolution=(1600, 900))),   # doctest: +SKIP
    ...               over="GLC:KID:03", start_s=2.0, stop_s=4.0)

:func:`burn_highlight` draws what a glossy sleeve under a lamp gives a camera:
an elliptical core clipped to white in every channel, with a soft edge, and a
bloom (the lens's and the sensor's glow around it) that brightens what lies
around without hiding it. :class:`Glaring` burns one into the frames of a
source from ``start_s`` to ``stop_s``, over the spot where a tag lay in the
first frame that showed it (a reflection stays where the lamp puts it,
whatever is laid under it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from hardware.frames import Frame, FrameSource
from hardware.simtable import SimulatedTable
from models.registry import game_classes


def burn_highlight(image: np.ndarray, centre: tuple[float, float], axes: tuple[float, float],
                   angle_deg: float = 20.0, bloom: float = 1.8) -> np.ndarray:
    """A copy of ``image`` (BGR) with a specular highlight: a core ellipse of
    half-axes ``axes`` px at ``centre`` clipped to 255, a soft edge, and a
    bloom reaching ``bloom`` times as far that lifts what lies under it
    halfway to white at the core's edge."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    t = np.deg2rad(angle_deg)
    dx, dy = xx - centre[0], yy - centre[1]
    u = (dx * np.cos(t) + dy * np.sin(t)) / axes[0]
    v = (-dx * np.sin(t) + dy * np.cos(t)) / axes[1]
    r = np.sqrt(u * u + v * v)
    core = np.clip((1.15 - r) / 0.3, 0.0, 1.0)                  # 1 inside, soft edge around r = 1
    glow = 0.5 * np.exp(-((np.maximum(r - 1.0, 0.0) / (bloom - 1.0)) ** 2) * 2.0)
    lift = np.maximum(core * 1.4, glow)[..., None]              # over 1: clipped, however dark the print
    out = image.astype(np.float32) + (255.0 - image.astype(np.float32)) * lift
    return np.clip(out, 0, 255).astype(np.uint8)


class Glaring(FrameSource):
    """The frames of ``source`` with a highlight over the spot of tag ``over``
    (its core's half-axes ``size`` times the tag's side) while
    ``start_s <= t < stop_s``."""

    def __init__(self, source: SimulatedTable, over: str, start_s: float, stop_s: float, size: float = 0.8) -> None:
        self.source, self.over = source, over
        self.start_s, self.stop_s, self.size = start_s, stop_s, size
        self.spot: tuple[float, float] | None = None
        self.axes: tuple[float, float] = (0.0, 0.0)
        self.glaring = False          # whether the last frame had the highlight

    def read(self) -> Frame | None:
        f = self.source.read()
        if f is None:
            return None
        truth = self.source.truth
        if self.spot is None and truth is not None and self.over in truth and truth[self.over].visible:
            tag = truth[self.over]
            xs, ys = zip(*tag.corners_px)
            side = float(np.hypot(xs[1] - xs[0], ys[1] - ys[0]))
            self.spot, self.axes = tag.px, (self.size * side, 0.75 * self.size * side)
        self.glaring = self.spot is not None and self.start_s <= f.t < self.stop_s
        if self.glaring:
            assert self.spot is not None
            f = Frame(burn_highlight(f.image, self.spot, self.axes), f.t, f.index)
        return f


def saturated_share(image: np.ndarray, corners: list[tuple[float, float]]) -> float:
    """The share of a tag's code (its corners, px) clipped to white in every channel."""
    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(np.array(corners)).astype(np.int32), 1)
    clipped = (image.min(axis=2) >= 250) & (mask > 0)
    return float(clipped.sum()) / max(1, int(mask.sum()))


@dataclass(frozen=True)
class GlareCase:
    """One game's glare case: how many moves of its example game to play, the
    tag a reflection hides then (a component whose place the game names), and
    what the page then tells, in English (a measured expectation, not derived)."""

    moves: int
    payload: str
    told: str


#: the shipped games' glare cases, by code, with the sentences measured; the
#: glare tests run over :data:`CODES`, and a game with no entry here gets one
#: derived from it (:func:`derived_case`): adding a game needs no edit here
CASES: dict[str, GlareCase] = {
    "GLC": GlareCase(8, "GLC:KID:19", "A reflection hides VAMPIRE in slot 3: tilt the lamp or the card"),
    "TCG": GlareCase(8, "TCG:AVATAR:RED", "A reflection hides Red avatar on B2: tilt the lamp or the card"),
    "GVG": GlareCase(10, "GVG:TREAT:30", "A reflection hides Treat -1 at House 6: tilt the lamp or the card"),
    "GAH": GlareCase(8, "GAH:ROOM:1A",
                     "A reflection hides Floor 1 room A on RED's floor 1 (left): tilt the lamp or the card"),
    "CCR": GlareCase(8, "CCR:FAV:4P2",
                     "A reflection hides Favourite +2 (set 4) face up on the lollipops stack: "
                     "tilt the lamp or the card"),
}
#: the games the glare tests run over: every registered one
CODES = [cls.code for cls in game_classes()]


def case_of(code: str) -> GlareCase:
    """``code``'s entry in :data:`CASES`, or, for a game without one, :func:`derived_case`."""
    return CASES[code] if code in CASES else derived_case(code)


def derived_case(code: str, moves: int = 8) -> GlareCase:
    """A glare case from the game alone: from ``moves`` moves into its example
    game on, the first tag on its table that is the game's own, no secret, and
    whose place the game names (its reflection sentence says more than the
    card's name), or, in a game whose every card is secret (Old Witch), the
    first such card of a secret kind, told as "a card" and its public place;
    told as the game tells it. The
    tests then hold what is not derived: the sentence's shape, the tag read
    again once the reflection goes, the page and the LEDs."""
    from companion.examples import example_states
    from models.reflection import reflection_prompts
    game, _, states = example_states(code)
    bare = "A reflection hides {name}: tilt the lamp or the card"
    for secrets in (False, True):       # a secret card ("a card" in front of RED) where no other is placed
        for n in range(min(moves, len(states) - 1), len(states)):
            for p in game.arrange(states[n]):
                component = game.catalog.get(p.payload)
                if component is None or game.catalog.is_secret(p.payload) != secrets:
                    continue
                [prompt] = reflection_prompts([p.payload], game, states[n])
                if prompt.text != bare.format(name="a card" if secrets else component.name):
                    return GlareCase(n, p.payload, str(prompt.text))
    raise AssertionError(f"{code}: no tag on its example's table whose place the game names "
                         f"(Game.whereabouts): a reflection could not say where the hidden card lies")


def case(code: str, moves: int | None = None) -> tuple[Any, Any, list[Any], str]:
    """The game, the example's state after :data:`CASES`' moves (or ``moves``),
    its placements, and the payload a reflection hides in the glare tests."""
    from companion.examples import example_states
    given = case_of(code)
    moves, payload = (moves or given.moves), given.payload
    game, _, states = example_states(code, moves)
    state = states[moves]
    placements = game.arrange(state)
    assert moves != given.moves or payload in {p.payload for p in placements}, \
        f"{payload} is not on {code}'s table after {moves} moves"
    return game, state, placements, payload


def case_actions(code: str, moves: int | None = None) -> list[dict[str, Any]]:
    """The legal actions of the example game that lead to :func:`case`'s state
    (the script's refusals left out, as :func:`companion.examples.example_states` does)."""
    import json

    from companion.examples import ROOT
    from models.engine import IllegalAction
    from models.registry import get_game
    game = get_game(code)
    moves = moves or case_of(code).moves
    state = game.setup(list(game.example_players), {})
    out: list[dict[str, Any]] = []
    for data in json.loads((ROOT / "docs" / "games" / f"{game.slug}.script.json").read_text(encoding="utf-8")):
        if len(out) == moves:
            break
        try:
            state, _ = game.apply(state, game.parse_action(data))
        except IllegalAction:
            continue
        out.append(data)
    return out
