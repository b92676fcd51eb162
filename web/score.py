"""Score a finished game from a phone's photo (``/score``).

* ``GET /score``: the page. Choose the game and the players, take a photo
  (``<input type=file accept="image/*" capture="environment">`` opens a phone's
  rear camera; plain HTTP is enough for a file input); the page shows the
  scoreboard with every point explained and the photo with every counted tag
  outlined and every uncounted one marked, with why.
* ``POST /score/photo``: ``multipart/form-data`` with ``game``, ``players``
  (comma-separated seats), optional ``options`` (a JSON object) and ``photo``;
  answers the JSON of ``companion score --json`` (:mod:`companion.photo_score`),
  200 scored, 422 not scorable (with ``reason``), 400 for a bad form,
  413 for a photo over :data:`MAX_PHOTO_BYTES` or the pixel limit.

Behind the referee PIN in the companion's app (a photo of a table can show
what the public page must not); open in ``companion score --serve``
(:func:`create_score_app`), which runs no game. The scoring itself is handed
in (:class:`PhotoScorer`), as the session is to :func:`web.create_app`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Protocol

from flask import Blueprint, Flask, current_app, jsonify, redirect, render_template, request, url_for

from . import errors, headers, i18n
from .auth import check_request, logged_in
from .errors import ApiError
from .games import games_catalog

bp = Blueprint("score", __name__, url_prefix="/score")


class PhotoScorer(Protocol):
    """What scores a photo (``companion.photo_score.PhotoScorer``): the form's
    game, players (comma-separated) and options (JSON text) and the photo's
    bytes -> (HTTP status, JSON body); a refusal's body is ``{"error": ...}``."""

    def __call__(self, game: str, players: str, options: str, photo: bytes) -> tuple[int, dict[str, Any]]: ...

#: the largest photo accepted, in bytes: a 50 MP phone JPEG is 15-25 MB
MAX_PHOTO_BYTES = 32 * 1024 * 1024
#: the page shows the photo from the browser's own memory (a blob: URL)
PAGE_CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
            "connect-src 'self'; frame-ancestors 'none'")


def _open() -> bool:
    return bool(current_app.config.get("TC_SCORE_OPEN"))


@lru_cache(maxsize=1)
def _games() -> tuple[dict[str, Any], ...]:
    """Every game for the form, with its seats (catalog order)."""
    from models.registry import get_game
    out = []
    for g in games_catalog():
        game = get_game(g["code"])
        out.append({"code": g["code"], "title": g["title"], "slug": g["slug"], "min_players": g["min_players"],
                    "max_players": g["max_players"], "seats": game.seats() or [],
                    "inputs": dict(game.score_inputs)})
    return tuple(out)


def _playing() -> tuple[str | None, list[str]]:
    """The game being played at the table and its players (the page opens on
    them); (None, []) without one, or in ``companion score --serve``."""
    session = current_app.extensions.get("companion_session")
    view = session.view() if session is not None else {}
    game = view.get("game") or {}
    return game.get("code"), list(view.get("players") or []) if game else []


@bp.get("")
@bp.get("/")
def page():
    if not _open() and not logged_in():
        return redirect(url_for("console.login", next=request.path), code=303)
    games = list(_games())
    code, players = _playing()
    if not any(g["code"] == code for g in games):          # no game at the table: the first one
        code, players = (games[0]["code"] if games else None), []
    resp = current_app.make_response(render_template("score.html", games=games, chosen=code, players=players,
                                                     table="display" in current_app.blueprints))
    resp.headers["Content-Security-Policy"] = PAGE_CSP
    return resp


@bp.post("/photo")
def photo():
    if not _open():
        check_request()
    request.max_content_length = MAX_PHOTO_BYTES
    upload = request.files.get("photo")
    if upload is None:
        raise ApiError(400, "send the photo as the form field 'photo'")
    form = request.form
    scorer: PhotoScorer = current_app.extensions["companion_scorer"]
    status, body = scorer(form.get("game", ""), form.get("players", ""), form.get("options") or "{}", upload.read())
    if "error" in body:
        raise ApiError(status, body["error"])
    resp = jsonify(body)
    resp.status_code = status
    return resp


def install(app: Flask, scorer: PhotoScorer, *, open_to_all: bool = False) -> None:
    """Add ``/score`` to ``app``, scoring with ``scorer``: behind the referee
    PIN unless ``open_to_all``."""
    app.config["TC_SCORE_OPEN"] = open_to_all
    app.extensions["companion_scorer"] = scorer
    uploads = dict(app.config.get("TC_UPLOADS") or {})
    uploads["/score/photo"] = MAX_PHOTO_BYTES       # web.server reads bodies this large only here
    app.config["TC_UPLOADS"] = uploads
    if open_to_all:                                 # no PIN to check before the body is read
        app.config["TC_UPLOADS_OPEN"] = {*(app.config.get("TC_UPLOADS_OPEN") or ()), "/score/photo"}
    app.register_blueprint(bp)


def create_score_app(scorer: PhotoScorer) -> Flask:
    """The scoring page alone, open to everyone (``companion score --serve``)::

        Server(create_score_app(PhotoScorer((900, 600))), "0.0.0.0", 8000).run()
    """
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=64 * 1024)
    i18n.init_app(app)
    errors.register(app)
    app.context_processor(lambda: {"csrf_token": lambda: ""})
    install(app, scorer, open_to_all=True)

    @app.get("/")
    def home():
        return redirect(url_for("score.page"), code=303)

    headers.install(app)
    return app
