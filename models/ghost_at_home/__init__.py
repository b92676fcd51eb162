"""Ghost at Home: explore your haunted house floor by floor, send ghosts to your
opponents, defend with cats and lights, and escape first.

See docs/games/ghost-at-home.md for the actions, options and table layout.
"""
from .game import GhostAtHome

GAME = GhostAtHome

__all__ = ["GAME", "GhostAtHome"]
