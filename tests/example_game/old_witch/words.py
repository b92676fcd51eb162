"""Old Witch's actions and their fields in the game's words
(:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers, translated in the game's own ``locale/``."""
from __future__ import annotations

from models.engine import ActionWords
from models.text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({"draw": tr("Draw a card"), "lay_pair": tr("Lay a pair")})
    words["descriptions"].update({
        "draw": tr("A card drawn face down from the hand to your left."),
        "lay_pair": tr("A pair from your hand, laid face up before your seat."),
    })
    words["fields"].update({"cards": tr("pair")})
    return words
