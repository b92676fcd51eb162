"""A busy machine played in a test: one function made slower in wall time.

The frames a test feeds are not slowed, so work that outlasts a frame (the
candidate filter, the crops, the lens) falls behind the frames as it does on a
loaded Pi::

    slowed(monkeypatch, later_patches, "candidates", 0.25)   # each call sleeps 0.25 s first
"""
from __future__ import annotations

import time
from typing import Any


def slowed(monkeypatch: Any, owner: Any, name: str, delay_s: float) -> None:
    """``owner.name`` made ``delay_s`` slower in wall time, for this test only."""
    quick = getattr(owner, name)

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(delay_s)
        return quick(*args, **kwargs)
    monkeypatch.setattr(owner, name, slow)
