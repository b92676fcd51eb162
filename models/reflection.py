"""What the table is told when a lamp's reflection hides a tag.

The vision pipeline holds a tag a reflection burns out where it was last seen
(``Snapshot.glare``); the players are told which card and where, in the game's
own words, so they tilt the lamp or the card::

    >>> from models.registry import get_game
    >>> glc = get_game("GLC")
    >>> state = glc.setup(["RED", "BLUE", "GREEN"], {})
    >>> state, _ = glc.apply(state, glc.parse_action({"type": "reveal_kid", "slot": 3, "kid": 19}))
    >>> [p.text for p in reflection_prompts(["GLC:KID:19"], glc, state)]
    ['A reflection hides VAMPIRE in slot 3: tilt the lamp or the card']

The card is named by its catalog name and placed by the game's
:meth:`~models.engine.Game.whereabouts` (``in slot 3``, ``on B2``, ``at
House 6``); a component whose place the game does not name is told without
one (the page draws where it lies). A card never named in public is never
named here either: a secret kind's card, or a face-down card's back (a tag
that is no component of the catalog), is "a card", placed by its public
area; only the referee's ``detail`` names it.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .engine import Game, Prompt
from .text import Text, tr


def reflection_prompts(payloads: Iterable[str], engine: Game | None, state: Mapping[str, Any] | None,
                       game_of: Callable[[str], Game | None] | None = None) -> list[Prompt]:
    """One warning per tag a reflection hides (``payloads``), in order: "A
    reflection hides {card} {place}: tilt the lamp or the card". ``engine``
    and ``state``: the game in play, which places its own components (None:
    no game, nothing is placed); ``game_of``: the game a payload of another
    code belongs to (its catalog names it; None: only the game in play's)."""
    where = engine.whereabouts(dict(state)) if engine is not None and state is not None else None
    out: list[Prompt] = []
    for p in payloads:
        game = engine if engine is not None and p.split(":", 1)[0] == engine.code else \
            game_of(p) if game_of is not None else None
        component = game.catalog.get(p) if game is not None else None
        secret = component is None or (game is not None and game.catalog.is_secret(p))
        place = where.where(p) if where is not None and game is engine else None
        if component is None and p.startswith("TC:"):
            public: Text | str = tr("a table marker")
        elif secret:
            public = tr("a card")
        else:
            public = component.name if component is not None else p
        named = component.name if component is not None else public if p.startswith("TC:") else p
        text = _sentence(public, place[1] if place and secret else place[0] if place else None)
        detail = _sentence(named, place[0] if place else None)
        out.append(Prompt(text, None, "warning", detail if detail != text else None))
    return out


def _sentence(card: Any, place: Any) -> Text:
    if place is None:
        return tr("A reflection hides {card}: tilt the lamp or the card", card=card)
    return tr("A reflection hides {card} {place}: tilt the lamp or the card", card=card, place=place)
