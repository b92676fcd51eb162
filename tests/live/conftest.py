"""Fixtures shared by the live session's tests."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.live.session import Session
from tests.live.test_session import make_session


@pytest.fixture
def session(tmp_path) -> Iterator[Session]:
    """A real session on its own journal (:func:`make_session`), with no game
    yet, no camera and no LEDs."""
    s = make_session(tmp_path)
    yield s
    s.close()
