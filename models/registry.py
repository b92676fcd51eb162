"""Find a game by its tag code or its name: ``get_game("GLC")``,
``get_game("ghosts-love-candy")``.

Every subpackage of ``models`` that defines ``GAME`` (a :class:`~models.engine.Game`
subclass) is a game; adding a game needs no edit here.
"""
from __future__ import annotations

import importlib
import logging
import pkgutil
from functools import cache

from .engine import Game

log = logging.getLogger(__name__)

#: game packages that failed to import: package name -> the error, so that one
#: broken game (a half-edited catalog, a typo) does not take the others down.
broken: dict[str, str] = {}


@cache
def game_classes() -> tuple[type[Game], ...]:
    """Every game class, sorted by code."""
    import models

    found = []
    for info in pkgutil.iter_modules(models.__path__):
        if not info.ispkg:
            continue
        try:
            mod = importlib.import_module(f"models.{info.name}")
        except Exception as e:  # noqa: BLE001 - reported, never silently dropped
            broken[info.name] = f"{type(e).__name__}: {e}"
            log.error("game package models.%s cannot be loaded: %s", info.name, broken[info.name])
            continue
        cls = getattr(mod, "GAME", None)
        if isinstance(cls, type) and issubclass(cls, Game):
            found.append(cls)
    return tuple(sorted(found, key=lambda c: c.code))


def _key(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")


def find_game_class(name: str) -> type[Game]:
    """The game class for a code (``GLC``) or name (``ghosts-love-candy``)."""
    k = _key(name)
    for cls in game_classes():
        if k in (cls.code.lower(), cls.slug, _key(cls.title)):
            return cls
    if k.replace("-", "_") in broken:
        raise KeyError(f"game {name!r} cannot be loaded: {broken[k.replace('-', '_')]}")
    known = ", ".join(f"{c.code} ({c.slug})" for c in game_classes()) or "none"
    raise KeyError(f"no game called {name!r}; known games: {known}")


@cache
def get_game(name: str) -> Game:
    """A ready engine for a game, with its catalog loaded."""
    return find_game_class(name)()
