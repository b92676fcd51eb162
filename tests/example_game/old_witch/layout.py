"""How Old Witch lies on the table, in the game's own terms.

Only the pairs laid are on the table, face up, each in front of the seat marker
``TC:SEAT:<COLOUR>`` of the player who laid it (the nearest marker decides). The
hands are held: the camera never sees them, so a draw changes nothing here. The
terms (``expected_table`` and ``read``)::

    {"areas": {"RED": ["OWT:CARD:BAT1", "OWT:CARD:BAT2"], "BLUE": []}, "problems": []}
"""
from __future__ import annotations

from typing import Any

from models.table import Placement, Snapshot
from models.tags import seat
from models.text import tr

from .state import OldWitchState as State

CARD_MM = (44.0, 63.0)


def expected_table(game: Any, state: State) -> dict[str, Any]:
    return {"areas": {p: sorted(c) for p, c in state["laid"].items()}, "problems": []}


def read(game: Any, state: State, snapshot: Snapshot) -> dict[str, Any]:
    out: dict[str, Any] = {"areas": {p: [] for p in state["players"]}, "problems": []}
    for s in snapshot.of("OWT"):
        area = snapshot.area_of(s)
        if area is not None and area[0] == "SEAT" and area[1] in out["areas"]:
            out["areas"][area[1]].append(s.payload)
        else:
            out["problems"].append(tr("{card} lies where no seat marker says whose it is", card=s.payload))
    for cards in out["areas"].values():
        cards.sort()
    return out


def arrange(game: Any, state: State, table_mm: tuple[float, float]) -> list[Placement]:
    """The seats along the near edge, each player's pairs in rows of two pairs
    above their seat, the two cards of a pair side by side."""
    w, h = table_mm
    out = []
    n = len(state["players"])
    for i, p in enumerate(state["players"]):
        x = w * (i + 0.5) / n
        out.append(Placement(seat(p), x, h - 30))
        for j, c in enumerate(sorted(state["laid"][p])):
            out.append(Placement(c, x - 75 + 50 * (j % 4), h - 110 - 70 * (j // 4), size_mm=CARD_MM))
    return out
