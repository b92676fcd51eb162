"""Candy Crave's actions, their fields and values, and its options, in the game's
words (:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers (``turn_up`` -> "Turn up a favourites tile")."""
from __future__ import annotations

from ..engine import ActionWords
from ..text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({
        "base": tr("Draw a base value tile"),
        "turn_up": tr("Turn up a favourites tile"),
        "lock": tr("Lock the play area"),
        "take": tr("Take sweets from the bowls"),
        "steal": tr("Steal a play area"),
        "withdraw": tr("Withdraw from the round"),
        "pocket": tr("Pocket a sweet"),
        "reveal": tr("Lay out a bowl's favourites"),
        "remove": tr("Remove a locked sweet from the game"),
        "choose_start": tr("Choose who starts round 2"),
        "next_round": tr("Start round 2"),
    })
    words["descriptions"].update({
        "base": tr("A base value tile, drawn and laid face up beside a bowl."),
        "turn_up": tr("A favourites tile turned face up on top of a bowl's stack."),
        "lock": tr("Start of a turn: your play area goes behind your divider."),
        "take": tr("Take one more or one less than the play area to your right."),
        "steal": tr("Steal a play area of 2 or more; its owner pockets one first."),
        "withdraw": tr("Take no sweets and leave this round."),
        "pocket": tr("The bowls are empty: pocket one sweet from a play area."),
        "reveal": tr("At scoring, a favourites stack laid face up in a row."),
        "remove": tr("After round 1, a player puts a locked sweet back in the box."),
        "choose_start": tr("Players tied for the fewest points choose who starts round 2."),
        "next_round": tr("Every sweet back in its bowl, round 1's tiles cleared away."),
    })
    words["fields"].update({
        "sweet": tr("sweet"),
        "base.sweet": tr("bowl"),
        "turn_up.sweet": tr("bowl"),
        "reveal.sweet": tr("bowl"),
        "tile": tr("tile"),
        "base.tile": tr("base value tile"),
        "turn_up.tile": tr("favourites tile"),
        "tiles": tr("favourites tiles, left to right"),
        "party": tr("party"),
        "sweets": tr("sweets"),
        "victim": tr("victim"),
        "pocket": tr("sweet the victim pockets first"),
    })
    words["options"].update({
        "reference": tr("whose play area sets the take"),
        "zero_take": tr("'one less' than 1 allows taking 0"),
        "short_take": tr("when the smaller take is allowed"),
    })
    words["values"].update({
        "reference": {
            "previous_active": tr("the nearest player to your right still in the round"),
            "neighbour": tr("the seat to your right, even when withdrawn"),
        },
        "short_take": {
            "below_larger": tr("the bowls hold fewer than the larger take"),
            "below_both": tr("fewer than every permitted take"),
        },
    })
    return words
