"""The components of Old Witch, read from its catalog: each card's pair, and the Witch.

Example::

    kit = Kit.load(catalog)
    kit.pairs["BAT"]        # ("OWT:CARD:BAT1", "OWT:CARD:BAT2")
    kit.witch               # "OWT:CARD:WITCH"
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEATS = ("RED", "BLUE", "GREEN", "YELLOW")
WITCH = "WITCH"


@dataclass(frozen=True)
class Kit:
    """Every card's pair (by payload), the two cards of each pair, and the Witch."""

    pair_of: dict[str, str]
    pairs: dict[str, tuple[str, str]]
    witch: str

    @classmethod
    def load(cls, catalog: Any) -> Kit:
        pair_of = {c.payload: c["pair"] for c in catalog.of_kind("cards")}
        pairs = {k: (a, b) for k in dict.fromkeys(pair_of.values()) if k != WITCH
                 for a, b in [sorted(c for c, p in pair_of.items() if p == k)]}
        witch = next(c for c, p in pair_of.items() if p == WITCH)
        return cls(pair_of, pairs, witch)
