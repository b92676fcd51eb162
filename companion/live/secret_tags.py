"""Which tags a public output must not name: a card of a kind its game's catalog
declares secret (a Love card), seen on the table or among the tag faults.

A tag is looked up in the game being played when it is one of that game's, and
otherwise in its own game's catalog (an engine built once per game code, and
built again after a card's text was filled in at the table: :func:`forget`)::

    secret_kind("GLC:LOVE:03", engine)          # "love"
    kind_noun("GLC:LOVE:03", "love", engine)    # "Love card"
"""
from __future__ import annotations

from typing import Any

from models.engine import Game
from models.registry import get_game

_GAMES_BY_CODE: dict[str, Game] = {}


def forget(code: str) -> None:
    """Build the engine of the game ``code`` again at its next look-up (its catalog changed)."""
    _GAMES_BY_CODE.pop(code, None)


def game_of(payload: str, playing: Game | None) -> Game | None:
    """The engine a tag belongs to: the game in play for its own tags, another
    game's (built once) by the tag's code; None for an unknown code."""
    code = payload.split(":", 1)[0]
    if playing is not None and playing.code == code:
        return playing
    if code not in _GAMES_BY_CODE:
        try:
            _GAMES_BY_CODE[code] = get_game(code)
        except KeyError:
            return None
    return _GAMES_BY_CODE[code]


def secret_kind(payload: Any, playing: Game | None) -> str | None:
    """A payload's catalog kind (``love``) when its game's catalog declares that
    kind secret (``Catalog.is_secret``), else None."""
    if not isinstance(payload, str):
        return None
    catalog = getattr(game_of(payload, playing), "catalog", None)
    if catalog is None or not catalog.is_secret(payload):
        return None
    kind: str = catalog[payload].kind
    return kind


def kind_noun(payload: str, kind: str, playing: Game | None) -> str:
    """The word for a kind, as its game says it (``Love card``)."""
    noun = getattr(game_of(payload, playing), "kind_noun", None)
    return noun(kind) if noun is not None else kind
