"""The Closest Ghost's actions, their fields and values, and its options, in the game's
words (:meth:`models.engine.Game.action_words`): what the referee console shows
instead of the identifiers (``move_ghost`` -> "Move the closest ghost")."""
from __future__ import annotations

from ..engine import ActionWords
from ..text import tr


def action_words(words: ActionWords) -> ActionWords:
    """``words`` (the engine's) with the game's own."""
    words["actions"].update({
        "turn_board": tr("Turn a board"),
        "place_ghost": tr("Place the third ghost"),
        "move_avatar": tr("Move an avatar"),
        "move_ghost": tr("Move the closest ghost"),
    })
    words["descriptions"].update({
        "turn_board": tr("Before play, an owner turns their board and its pieces."),
        "place_ghost": tr("The second player puts the third ghost on an open square."),
        "move_avatar": tr("An avatar moves one square along an arrow of its square."),
        "move_ghost": tr("Then the ghost closest to that avatar moves one square."),
    })
    words["fields"].update({
        "board": tr("board"),
        "rotation": tr("rotation"),
        "square": tr("square"),
        "move_ghost.square": tr("the ghost on"),
        "to": tr("to square"),
    })
    words["options"].update({
        "layout": tr("how the boards lie"),
        "rotation_a": tr("board A's rotation"),
        "rotation_b": tr("board B's rotation"),
        "wrap": tr("avatars wrap around the edge"),
        "wrap_to": tr("a wrapping avatar comes back"),
        "ghost_step": tr("how a ghost moves"),
        "ghost_wrap": tr("ghosts wrap around the edge"),
        "blocked_ghost": tr("when every closest ghost is blocked"),
        "trapped": tr("a trapped avatar's player"),
        "avatars_block": tr("avatars block each other"),
    })
    words["values"].update({
        "layout": {
            "3x6": tr("board A left of board B (3x6)"),
            "6x3": tr("board A above board B (6x3)"),
        },
        "ghost_step": {
            "orthogonal": tr("one square orthogonally"),
            "king": tr("also diagonally (like a king)"),
        },
        "blocked_ghost": {
            "skip": tr("no ghost moves"),
            "next": tr("the next closest that can move does"),
        },
        "wrap_to": {
            "area": tr("at the other edge of both boards"),
            "board": tr("at the other edge of its own board"),
        },
        "trapped": {
            "pass": tr("passes the whole turn"),
            "ghost": tr("still moves the closest ghost"),
        },
    })
    degrees = {str(r): tr("{rotation} degrees", rotation=r) for r in (0, 90, 180, 270)}
    words["values"].update({"rotation_a": degrees, "rotation_b": dict(degrees),
                            "board": {b: tr("board {board}", board=b) for b in ("A", "B")}})
    return words
