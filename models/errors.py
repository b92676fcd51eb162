"""The errors every game raises: an illegal action, action data that is not an
action, and players or options a game cannot be set up with."""
from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid in this state. ``reason`` says why, in plain words
    that name the action's type and the state ("haunt: RED cannot haunt slot 7:
    the neighbourhood has 6 kids")."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class MalformedAction(ValueError):
    """Action data that is not an action at all: unknown type, missing or mistyped field."""


class GameSetupError(ValueError):
    """Players or options a game cannot be set up with."""
