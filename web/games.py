"""What the console offers when starting a game: every registered game's code,
title, player counts, options and actions, and the game's words for them
(``words``: :meth:`models.engine.Game.action_words`), read from the game
classes, no engine is run here::

    >>> [g["code"] for g in games_catalog()]        # doctest: +SKIP
    ['GLC', ...]
"""
from __future__ import annotations

import dataclasses
import typing
from functools import lru_cache
from typing import Any

from models.action_form import action_description
from models.engine import ActionWords
from models.registry import game_classes

#: Seat colours offered by the console, in the order players usually sit.
SEAT_COLOURS = ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "ORANGE", "WHITE", "BLACK")


def _type_name(hint: Any) -> str:
    name = getattr(hint, "__name__", None)
    return name if name and not typing.get_args(hint) else str(hint).replace("typing.", "")


def _action_info(cls: type[Any], words: ActionWords) -> dict[str, Any]:
    """An action's type, fields and ``doc``: what the move is in the game's words
    (a sentence, said in the page's language), not the class's English docstring."""
    hints = typing.get_type_hints(cls)
    fields = []
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        fields.append({"name": f.name, "type": _type_name(hints.get(f.name, Any)), "required": required})
    return {"type": cls.type, "doc": action_description(words, cls.type), "fields": fields}


@lru_cache(maxsize=1)
def _catalog() -> tuple[dict[str, Any], ...]:
    out = []
    for cls in game_classes():
        words = cls.action_words()
        out.append({
            "code": cls.code, "slug": cls.slug, "title": cls.title,
            "min_players": cls.min_players, "max_players": cls.max_players,
            "options": {k: {"default": o.default, "help": o.help,
                            "choices": list(o.choices) if o.choices is not None else None}
                        for k, o in cls.options.items()},
            "actions": [_action_info(a, words) for a in cls.actions],
            # the actions, fields, options and values in the game's words (sentences: in the page's language)
            "words": words,
        })
    return tuple(out)


def games_catalog() -> list[dict[str, Any]]:
    """Every registered game, as JSON data for the console's forms."""
    return [dict(g) for g in _catalog()]
