"""How Pumpkin Pairs lies on the table, in the game's own terms.

A card belongs to the nearest marker: ``TC:ZONE:MIDDLE`` (turned up, not yet
taken) or a seat ``TC:SEAT:<COLOUR>`` (that player's area). The deck lies face
down: the camera sees no tag there. The terms (``expected_table`` and ``read``)::

    {"middle": ["PUP:PUMPKIN:3A"], "areas": {"RED": [...], "BLUE": [...]}, "problems": []}
"""
from __future__ import annotations

from typing import Any

from models.table import Placement, Snapshot
from models.tags import seat, zone
from models.text import tr

from .state import PumpkinPairsState as State

CARD_MM = (44.0, 63.0)


def expected_table(game: Any, state: State) -> dict[str, Any]:
    return {"middle": [state["middle"]] if state["middle"] else [],
            "areas": {p: sorted(c) for p, c in state["areas"].items()}, "problems": []}


def read(game: Any, state: State, snapshot: Snapshot) -> dict[str, Any]:
    out: dict[str, Any] = {"middle": [], "areas": {p: [] for p in state["players"]}, "problems": []}
    for s in snapshot.of("PUP"):
        area = snapshot.area_of(s)
        if area == ("ZONE", "MIDDLE"):
            out["middle"].append(s.payload)
        elif area is not None and area[0] == "SEAT" and area[1] in out["areas"]:
            out["areas"][area[1]].append(s.payload)
        else:
            out["problems"].append(tr("{card} lies where no marker says whose it is", card=s.payload))
    out["middle"].sort()
    for cards in out["areas"].values():
        cards.sort()
    return out


def arrange(game: Any, state: State, table_mm: tuple[float, float]) -> list[Placement]:
    """The middle marker in the centre, the seats along the near edge, each
    player's cards in a row above their seat."""
    w, h = table_mm
    out = [Placement(zone("MIDDLE"), w / 2, h / 3), Placement(zone("DECK"), w / 2 - 120, h / 3)]
    if state["middle"]:
        out.append(Placement(state["middle"], w / 2 + 40, h / 3, size_mm=CARD_MM))
    n = len(state["players"])
    for i, p in enumerate(state["players"]):
        x = w * (i + 0.5) / n
        out.append(Placement(seat(p), x, h - 30))
        for j, c in enumerate(sorted(state["areas"][p])):
            out.append(Placement(c, x - 75 + 50 * (j % 4), h - 110 - 70 * (j // 4), size_mm=CARD_MM))
    return out
