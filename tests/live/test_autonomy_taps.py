"""The autonomy bench's count of console taps (``make bench``, section
*autonomy*, :mod:`companion.bench.autonomy`): each tap is counted once, by
what it was for, so the published "where the taps go" table adds up to the
taps a game costs, and a move no camera sees is never counted as one the
referee asked about."""
from __future__ import annotations

import pytest

from companion.bench.autonomy import HIDDEN, TAPS, TOLD, measure


@pytest.mark.parametrize("code", ["GLC", "TCG", "GVG", "GAH", "CCR"])
def test_every_tap_is_counted_once_by_what_it_was_for(code: str) -> None:
    t = measure(code, 3)
    assert set(t.taps_by) <= set(TAPS)
    assert sum(t.taps_by.values()) == t.taps
    assert t.taps_by.get(TOLD, 0) == t.told
    # a move entered as one no camera sees is one: never more than the game had
    assert t.taps_by.get(HIDDEN, 0) <= t.hidden
    assert t.wrong == 0
