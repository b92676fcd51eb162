"""The example games of docs/adding-a-game.md (tests/example_game/<name>/)
registered as games of the product, for a test run that proves the guide's
claim "adding a game touches its folder, its docs page and nothing else".

``register()`` names tests/example_game in ``TABLE_COMPANION_GAME_PATH``
(:data:`models.registry.GAME_PATH`), which the registry searches after
``models/``: it then finds ``pumpkin_pairs`` and ``old_witch`` and imports them
as ``models.pumpkin_pairs`` and ``models.old_witch``, exactly as a contributor's
game in models/<name>/ is imported; the processes a test starts (``companion
rules``) inherit it. Nothing of the product calls this: pytest does when run
with ``--with-example-games`` (tests/conftest.py, ``make test-example-games``)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from models import registry

#: the folder that holds the example games' packages
FOLDER = Path(__file__).resolve().parents[1] / "example_game"

#: the code of each example game: a registry-wide run must meet them all
CODES = ("OWT", "PUP")


def register() -> None:
    """Make the registry (of this process and of the processes it starts) find
    the example games next to the shipped ones."""
    folders = [f for f in os.environ.get(registry.GAME_PATH, "").split(os.pathsep) if f]
    if str(FOLDER) not in folders:
        os.environ[registry.GAME_PATH] = os.pathsep.join([*folders, str(FOLDER)])
    registry.game_classes.cache_clear()
    registry.get_game.cache_clear()


def codes_of(item: Any) -> set[str]:
    """The codes of the registered games a collected test case is parametrized
    with (a game class, its code, or anything with a game's ``code``; a
    translation domain, :class:`web.i18n_update.Domain`, is its game's when it
    is named after the game's package)."""
    classes = registry.game_classes()
    known = {cls.code for cls in classes}
    by_package = {cls.__module__.split(".")[1]: cls.code for cls in classes}    # models.<package>.game
    callspec = getattr(item, "callspec", None)
    values = callspec.params.values() if callspec is not None else ()
    codes = {v if isinstance(v, str) else
             by_package.get(v.name) if hasattr(v, "locale_dir") else getattr(v, "code", None) for v in values}
    return {c for c in codes if isinstance(c, str) and c in known}


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.support.example_games FOLDER``: the example games'
    table plans as FOLDER/plan-<slug>.png, as ``make plans`` draws a
    registered game's (their pages show them)."""
    import sys

    from companion.printkit.plan_render import main as plans

    register()
    args = sys.argv[1:] if argv is None else argv
    return plans([*args[:1], *CODES])


if __name__ == "__main__":
    raise SystemExit(main())
