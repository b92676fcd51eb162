"""The per-game table drawings the pages load: every ``web/static/boards/*.js``.

Each file registers one game's drawing with ``Board.games[<code>]`` (see
``web/static/board.js``); a game with no file is drawn by the generic drawing.
A new game's drawing is one file dropped in that folder: the pages include
whatever is there (``templates/_board_scripts.html``)::

    install(app)          # then {% include "_board_scripts.html" %} in a template
"""
from __future__ import annotations

from pathlib import Path

from flask import Flask

FOLDER = Path(__file__).parent / "static" / "boards"


def drawings() -> list[str]:
    """The drawing files, by name (``gah.js``, ...), sorted."""
    return sorted(p.name for p in FOLDER.glob("*.js"))


def install(app: Flask) -> None:
    """Let the app's templates list the drawings (``board_drawings()``)."""
    app.jinja_env.globals["board_drawings"] = drawings
