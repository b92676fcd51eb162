"""Girls vs Ghouls: two hidden teams fight over 8 houses of a cul-de-sac with
Treats (cubes that cancel pairwise) and face-down Tricks revealed at the end of
each round. See docs/games/girls-vs-ghouls.md."""
from .game import GirlsVsGhouls

GAME = GirlsVsGhouls

__all__ = ["GAME", "GirlsVsGhouls"]
