"""The registered games a table laid out for set-up offers: those whose table
just after set-up shows a tag or a zone of their own. A game that deals every
card into hands (Old Witch, an example game) lays only seats, and a table of
seats alone offers no game (models/game_from_tags.py): it is offered once one
of its tags shows."""
from __future__ import annotations

from models.game_from_tags import games_on
from models.registry import game_classes, get_game
from models.table import seen_from_above


def shows_itself_at_setup(code: str) -> bool:
    """Whether ``code``'s table just after set-up (its example's players) names it."""
    game = get_game(code)
    state = game.setup(list(game.example_players), game.resolve_options({}))
    table = game.table_mm(len(state["players"]))
    return games_on(seen_from_above(game.arrange(state, table), table)) == [code]


def offered_at_setup() -> list[str]:
    """The codes of the registered games a set-up table offers (every shipped one)."""
    return [cls.code for cls in game_classes() if shows_itself_at_setup(cls.code)]
