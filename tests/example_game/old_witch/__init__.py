"""Old Witch: the hidden-information example game of docs/adding-a-game.md (tests only, not shipped)."""
from .game import GAME

__all__ = ["GAME"]
