"""Ghosts Love Candy's actions, their fields and values, and its options, in the
game's words (:meth:`models.engine.Game.action_words`): what the referee console
shows instead of the identifiers (``reveal_kid`` -> "Reveal a kid into a slot")."""
from __future__ import annotations

from ..engine import ActionWords
from ..text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({
        "reveal_kid": tr("Reveal a kid into a slot"),
        "deal_love": tr("Deal a Love card (secret)"),
        "place_candy": tr("Place a candy card on a kid"),
        "choose": tr("Choose a ghost (face down)"),
        "reveal": tr("Reveal a ghost"),
        "tie_draw": tr("Draw a kid to break a tie"),
        "haunt": tr("Haunt a kid"),
        "werewolf_pay": tr("WEREWOLF: pay him a candy card"),
        "vampire_give": tr("VAMPIRE: give a candy card away"),
        "skeleton_swap": tr("SKELETON: swap ghosts"),
        "ninja_move": tr("NINJA: move a ghost"),
        "move_scared_kid": tr("Move a scared kid to another stash"),
        "place_black_cat": tr("BLACK CAT: put her in a stash"),
        "skip": tr("Skip an ability that says 'may'"),
        "resolve": tr("Resolve an ability by hand"),
        "reveal_love": tr("Reveal a Love card"),
    })
    words["descriptions"].update({
        "reveal_kid": tr("The top kid of the Kid deck, turned up into an empty slot."),
        "deal_love": tr("A player's secret Love card, checked at the end."),
        "place_candy": tr("A candy card from the Candy deck, placed above a kid."),
        "choose": tr("A player puts a ghost face down (its value is secret)."),
        "reveal": tr("A player turns their chosen ghost face up."),
        "tie_draw": tr("A tied player draws a kid: the higher number goes first."),
        "haunt": tr("The player haunts a kid and takes its candy."),
        "werewolf_pay": tr("The WEREWOLF's haunter puts 1 candy from their stash on him."),
        "vampire_give": tr("The VAMPIRE's haunter gives 1 candy to his previous haunter."),
        "skeleton_swap": tr("Swap a ghost from your hand for one of yours in the discard."),
        "ninja_move": tr("Move a ghost in the neighbourhood onto another kid's pile."),
        "move_scared_kid": tr("Move a scared kid from one player's stash to another's."),
        "place_black_cat": tr("Whoever scared the BLACK CAT puts her in any stash."),
        "skip": tr("The player does not use an ability that says 'may'."),
        "resolve": tr("An ability done by hand at the table: say what moved."),
        "reveal_love": tr("At the end, a player turns their Love card face up."),
    })
    words["fields"].update({
        "slot": tr("slot"),
        "kid": tr("kid"),
        "tie_draw.kid": tr("kid drawn"),
        "move_scared_kid.kid": tr("scared kid"),
        "love": tr("Love card"),
        "candy": tr("candy card"),
        "ghost": tr("ghost's value"),
        "ninja_move.ghost": tr("ghost to move"),
        "take_from": tr("take the candy of (PIRATE)"),
        "give": tr("ghost from your hand"),
        "take": tr("your ghost from the discard"),
        "to_slot": tr("onto the pile of"),
        "to": tr("where to"),
        "note": tr("note"),
        "moves": tr("what moved"),
        "card": tr("card"),
    })
    words["options"].update({
        "scarer": tr("who scares a kid (ZOMBIE, BLACK CAT)"),
        "ninja_moves": tr("which ghost the NINJA may move"),
    })
    words["values"].update({
        "scarer": {"last_haunter": tr("the owner of the top ghost"),
                   "current_player": tr("the player whose turn it is")},
        "ninja_moves": {"any": tr("any ghost in the neighbourhood"),
                        "top": tr("only the top ghost of a pile")},
    })
    return words
