"""Fixtures shared by the live session's tests."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.config import load_config
from companion.live.session import Session


@pytest.fixture
def session(tmp_path) -> Iterator[Session]:
    """A real session on its own journal, with no game yet, no camera and no LEDs
    (the referee's PIN 4321)."""
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "j.sqlite"),
                                 "COMPANION_REFEREE_PIN": "4321"})
    s = Session(cfg, indicators=False)
    yield s
    s.close()
