"""The invariant every random-game test checks after each step: each kind's
components add up (known places + unknown places = the catalog's count), the
unknown count never goes below zero, and no component is in two places."""
from __future__ import annotations

from typing import Any


def assert_components_add_up(game: Any, state: dict) -> None:
    w = game.whereabouts(state)
    assert w is not None, f"{game.title} keeps no whereabouts"
    assert w.duplicates() == {}, f"in two places: {w.duplicates()}"
    counts = game._kind_counts()
    unknown = w.unaccounted(counts)
    for kind, total in counts.items():
        assert w.known.get(kind, 0) + unknown[kind] == total, kind
        assert unknown[kind] >= 0, f"{kind}: {-unknown[kind]} more on record than the catalog holds"
