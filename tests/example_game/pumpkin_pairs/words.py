"""Pumpkin Pairs' actions and their fields in the game's words
(:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers, translated in the game's own ``locale/``."""
from __future__ import annotations

from models.engine import ActionWords
from models.text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({"reveal": tr("Turn up a pumpkin"), "take": tr("Take the pumpkin")})
    words["descriptions"].update({
        "reveal": tr("The top card of the deck, turned up into the middle."),
        "take": tr("The pumpkin in the middle, taken into your own area."),
    })
    words["fields"].update({"card": tr("pumpkin")})
    return words
