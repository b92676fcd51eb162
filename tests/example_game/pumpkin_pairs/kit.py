"""The components of Pumpkin Pairs, read from its catalog: each card's value.

Example::

    kit = Kit.load(catalog)
    kit.value["PUP:PUMPKIN:3A"]     # 3
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SEATS = ("RED", "BLUE", "GREEN", "YELLOW")


@dataclass(frozen=True)
class Kit:
    """Every card's value, by payload."""

    value: dict[str, int]

    @classmethod
    def load(cls, catalog: Any) -> Kit:
        return cls({c.payload: c["value"] for c in catalog.of_kind("pumpkins")})
