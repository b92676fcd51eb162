"""Find a game by its tag code or its name: ``get_game("GLC")``,
``get_game("ghosts-love-candy")``.

Every subpackage of ``models`` that defines ``GAME`` (a :class:`~models.engine.Game`
subclass) is a game; adding a game needs no edit here. The folders named in
``TABLE_COMPANION_GAME_PATH`` (:data:`GAME_PATH`) are searched too, as if their game
packages lay in ``models/``: the tests register the example games of
docs/adding-a-game.md with it (``make test-example-games``).
"""
from __future__ import annotations

import importlib
import logging
import os
import pkgutil
from functools import cache
from pathlib import Path

from .engine import Game
from .jsonio import cut

log = logging.getLogger(__name__)

#: The environment variable naming more folders of game packages (separated by
#: ``os.pathsep``), searched after ``models/``: each package in them is imported as
#: ``models.<package>``, exactly as one in ``models/`` is. Unset: ``models/`` alone.
#: (Not ``COMPANION_...``: those are the config's settings, companion/config.py.)
GAME_PATH = "TABLE_COMPANION_GAME_PATH"

#: game packages that failed to import: package name -> the error, so that one
#: broken game (a half-edited catalog, a typo) does not take the others down.
broken: dict[str, str] = {}


def game_folders() -> list[Path]:
    """Where game packages lie: ``models/``, then the folders of :data:`GAME_PATH`,
    each put on ``models.__path__`` so that its packages import as ``models.<name>``.
    Nothing is imported here (the translations' catalogs look for each game's
    ``locale/`` in these folders)."""
    import models

    for folder in os.environ.get(GAME_PATH, "").split(os.pathsep):
        if folder and folder not in models.__path__:
            models.__path__.append(folder)
    return [Path(p) for p in models.__path__]


@cache
def game_classes() -> tuple[type[Game], ...]:
    """Every game class, sorted by code."""
    found = []
    for info in pkgutil.iter_modules([str(p) for p in game_folders()]):
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
    raise KeyError(f"no game called {cut(name)!r}; known games: {known}")


@cache
def get_game(name: str) -> Game:
    """A ready engine for a game, with its catalog loaded."""
    return find_game_class(name)()
