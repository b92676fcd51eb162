"""Ghosts Love Candy (Danny Devine; Steve Jackson Games), 3-6 players.

Haunt kids in costume to gobble their candy without scaring them. See
docs/games/ghosts-love-candy.md for the actions, the rulings and the table layout.
"""
from .game import GhostsLoveCandy

GAME = GhostsLoveCandy

__all__ = ["GAME", "GhostsLoveCandy"]
