"""Where The Closest Ghost's pieces are, for the engine's shared check
(:mod:`models.whereabouts`): each avatar (named by its seat colour) on its
square; the ghosts and the candy are interchangeable, so they are counted,
not named: a ghost on each ghost square, the candy on the boards and the
candy each player took. A ghost placed when every ghost token is already on
the boards cannot exist.
"""
from __future__ import annotations

from typing import Any

from ..text import tr
from ..whereabouts import Whereabouts


def whereabouts(game: Any, state: dict[str, Any]) -> Whereabouts:
    w: Whereabouts = game.new_whereabouts(tr("none is left in the box"))
    for p, sq in state["avatars"].items():
        w.place(f"TCG:AVATAR:{p}", tr("on {square}", square=sq), tr("on the boards"))
    for sq in state["ghosts"]:
        w.unnamed("ghosts", tr("on {square}", square=sq), 1, tr("on the boards"))
    w.unnamed("candy", tr("on the boards"), len(state["candy"]))
    for b, by in state["taken"].items():
        for p, n in by.items():
            w.unnamed("candy", tr("taken by {player} from board {board}", player=p, board=b), n, tr("taken"))
    return w
