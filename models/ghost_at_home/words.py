"""Ghost at Home's actions, their fields and values, and its options, in the game's
words (:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers (``cat_defence`` -> "Cancel a ghost with a cat from the hand")."""
from __future__ import annotations

from ..engine import ActionWords
from ..text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({
        "rooms": tr("Play room cards"),
        "ghost": tr("Play a ghost"),
        "cat_defence": tr("Cancel a ghost with a cat from the hand"),
        "pass": tr("Pass (let the ghost in, or play no ghost)"),
        "cat": tr("Play a cat"),
        "light": tr("Turn on a light (discard cards)"),
        "time_space_hole": tr("Time Space Hole: move a ghost"),
        "light_bulb": tr("Light Bulb: a light for free"),
        "cat_food": tr("Cat Food: take an opponent's cat"),
        "elevator": tr("Elevator: move one of your cats"),
        "lightning": tr("Lightning: turn off an opponent's light"),
        "discard": tr("Discard and draw"),
        "light_unseen": tr("A light turned on, payment not seen"),
        "light_told": tr("Say what paid for a light"),
        "ghost_unseen": tr("A ghost nobody saw, gone with what it met"),
        "deck_counted": tr("The deck, counted"),
    })
    words["descriptions"].update({
        "rooms": tr("Play room cards in your house, lower floors full first."),
        "ghost": tr("Play a ghost on an opponent's highest floor with a room."),
        "cat_defence": tr("Out of turn, the target discards a cat to cancel the ghost."),
        "pass": tr("The target lets the ghost in, or no ghost against an escape."),
        "cat": tr("Play a cat on an explored room of yours without a cat."),
        "light": tr("Discard 2 or 3 cards with 5 lightbulbs to light a floor."),
        "time_space_hole": tr("Move any ghost to an opponent's highest floor with a room."),
        "light_bulb": tr("Turn on a floor's light in your house for free."),
        "cat_food": tr("Move an opponent's cat onto an explored room of yours."),
        "elevator": tr("Move one of your cats to an explored room on another floor."),
        "lightning": tr("Turn off the light of an opponent's highest floor with a room."),
        "discard": tr("Discard cards face down and draw as many."),
        "light_unseen": tr("A floor of yours turned lit; how it was paid is told later."),
        "light_told": tr("Name what paid for a light recorded unpaid."),
        "ghost_unseen": tr("An unseen ghost met a cat, or cleared a dark floor."),
        "deck_counted": tr("Say how many cards the deck holds, and if it was reshuffled."),
    })
    words["fields"].update({
        "rooms": tr("room cards"),
        "rooms.rooms.card": tr("room card"),
        "card": tr("card"),
        "ghost.card": tr("ghost"),
        "ghost": tr("ghost"),
        "cat.card": tr("cat"),
        "cat_defence.card": tr("cat shown"),
        "target": tr("opponent"),
        "cat": tr("cat it meets"),
        "cat_food.cat": tr("cat to take"),
        "elevator.cat": tr("cat to move"),
        "floor": tr("floor"),
        "side": tr("side"),
        "cards": tr("cards discarded"),
        "count": tr("how many cards"),
        "light_told.cards": tr("cards that paid"),
        "deck_counted.count": tr("cards in the deck"),
        "reshuffled": tr("reshuffled since"),
    })
    words["options"].update({
        "hole_onto_ghost": tr("Time Space Hole onto a floor with a ghost"),
        "lightning_ghost": tr("a ghost on the floor Lightning darkens"),
        "empty_hand": tr("a turn that comes with no card in hand"),
    })
    words["values"].update({
        "lightning_ghost": {
            "discard": tr("discards the rooms and itself"),
            "stay": tr("stays"),
        },
        "empty_hand": {
            "pass": tr("the turn passes, then draw up to 3"),
            "draw": tr("draw up to 3, then play"),
        },
    })
    return words
