"""Girls vs Ghouls's actions, their fields and values, and its options, in the game's
words (:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers (``identity`` -> "Reveal an identity card")."""
from __future__ import annotations

from ..engine import ActionWords
from ..text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({
        "place": tr("Place a standee (setup)"),
        "move": tr("Move a standee"),
        "treat": tr("Play a Treat (face up)"),
        "trick": tr("Play a Trick (face down)"),
        "peek": tr("Peek at a house's Tricks"),
        "unseen": tr("A card played unseen"),
        "tell": tr("Say what a card played unseen was"),
        "reveal": tr("Turn up a Trick (end of round)"),
        "choose": tr("Choose a house (tie)"),
        "identity": tr("Reveal an identity card"),
    })
    words["descriptions"].update({
        "place": tr("Setup: a standee goes on the sidewalk space of a house."),
        "move": tr("The player moves their standee at most 2 spaces."),
        "treat": tr("A Treat played face up at the house where the player stands."),
        "trick": tr("A Trick played face down at the house where the player stands."),
        "peek": tr("A card discarded face down to look at the house's Tricks."),
        "unseen": tr("A card played that no camera saw, told later."),
        "tell": tr("What a card played unseen was: Treat, Trick or Peek."),
        "reveal": tr("End of round: a house's lowest face-down Trick is turned up."),
        "choose": tr("The First Player Token holder picks one of the tied houses."),
        "identity": tr("End of game: a player turns their identity card face up."),
    })
    words["fields"].update({
        "house": tr("house"),
        "card": tr("card"),
        "treat.card": tr("Treat card"),
        "reveal.card": tr("Trick card"),
        "identity.card": tr("identity card"),
        "value": tr("candy corn's value"),
        "discard": tr("card discarded"),
        "turn": tr("card turn"),
        "was": tr("it was"),
        "tell.card": tr("Treat card"),
        "tell.value": tr("Treat's value"),
    })
    words["options"].update({
        "vp_order": tr("VP cards, in round order"),
        "crosswalk_passable": tr("the walk goes on across the crosswalk"),
        "trapped_trap_traps": tr("a nullified Trap still nullifies"),
        "empty_beats_black": tr("no cubes count as fewest black"),
        "peek_at_closed_house": tr("Peek allowed at a closed house"),
    })
    words["values"].update({
        "discard": {
            "treat": tr("a Treat card"),
            "trick": tr("a Trick card"),
        },
        "was": {
            "treat": tr("a Treat"),
            "trick": tr("a Trick"),
            "peek": tr("a discard to Peek"),
        },
    })
    return words
