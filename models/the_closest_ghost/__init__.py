"""The Closest Ghost (Andrew Looney; Looney Labs): two players, two 3x3 Looney Ludo
boards, three ghosts and sixteen candies. See docs/games/the-closest-ghost.md."""
from .game import TheClosestGhost

GAME = TheClosestGhost

__all__ = ["GAME", "TheClosestGhost"]
