"""The one small interface through which the web layer reaches a session: what
the pages, the API and the live stream call, and nothing else.

:class:`companion.session.Session` provides it (mypy checks that where the
companion hands its session to :func:`web.create_app`); a test or a bench may
hand in anything else that does.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class ViewQueue(Protocol):
    """A queue of published views (``subscribe()``)."""

    def get(self, timeout: float | None = None) -> dict[str, Any] | None: ...

    def close(self) -> None: ...


class TableSession(Protocol):
    """A live table: its views, its live stream, the referee's operations."""

    #: errors meaning "the journal cannot be written: nothing changed" (HTTP 503)
    UNAVAILABLE: tuple[type[Exception], ...]

    def view(self) -> dict[str, Any]: ...

    def referee_view(self) -> dict[str, Any]: ...

    def action_form(self, type_name: str) -> dict[str, Any]: ...

    def subscribe(self, maxlen: int = 256) -> ViewQueue: ...

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None: ...

    def check_pin(self, pin: Any) -> bool: ...

    def latest_frame_jpeg(self, overlay: bool = True, quality: int = 80,
                          width: int | None = None) -> bytes | None: ...

    def new_game(self, game_code: str, players: list[str] | str,
                 options: dict[str, Any] | None = None, names: dict[str, str] | None = None) -> int: ...

    def take_over(self, game_code: str, players: list[str] | str,
                  options: dict[str, Any] | None = None, names: dict[str, str] | None = None) -> int: ...

    def apply(self, action_json: Any, note: str = "referee") -> list[dict[str, Any]]: ...

    def correct(self, action_json: Any) -> list[dict[str, Any]]: ...

    def confirm(self, choice: int | None = None) -> list[dict[str, Any]]: ...

    def undo(self) -> list[dict[str, Any]]: ...

    def end_game(self) -> dict[str, Any] | None: ...

    def reopen(self) -> None: ...

    def fill_in(self, payload: str, field: str, value: str) -> None: ...
