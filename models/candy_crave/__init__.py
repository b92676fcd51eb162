"""Candy Crave: split the sweets, guess everyone's favourites, score with "?" tiles.

See docs/games/candy-crave.md for the actions, options and table layout.
"""
from .game import CandyCrave

GAME = CandyCrave

__all__ = ["GAME", "CandyCrave"]
