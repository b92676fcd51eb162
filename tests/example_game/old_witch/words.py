"""Old Witch's actions and their fields in the game's words
(:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers; and the names of the pairs, which the events and
the scores say. All translated in the game's own ``locale/``."""
from __future__ import annotations

from models.engine import ActionWords
from models.text import Text, tr, trn


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({"draw": tr("Draw a card"), "lay_pair": tr("Lay a pair")})
    words["descriptions"].update({
        "draw": tr("A card drawn face down from the hand to your left."),
        "lay_pair": tr("A pair from your hand, laid face up before your seat."),
    })
    words["fields"].update({"cards": tr("pair")})
    return words


def pair_name(pair: str, count: int = 1) -> Text:
    """The name of a pair's card in the game's words, for ``count`` cards:
    ``pair_name("BAT") == "bat"``, ``pair_name("CANDY", 2) == "candies"`` (a
    pair the catalog adds is named here too, so that locale/ translates it)."""
    return {"BAT": trn("bat", "bats", count), "CAT": trn("cat", "cats", count),
            "PUMPKIN": trn("pumpkin", "pumpkins", count), "SKULL": trn("skull", "skulls", count),
            "GHOST": trn("ghost", "ghosts", count), "CANDY": trn("candy", "candies", count),
            "SPIDER": trn("spider", "spiders", count), "MOON": trn("moon", "moons", count)}[pair]
