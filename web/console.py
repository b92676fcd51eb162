"""The referee console (``/referee``), behind the PIN.

``/referee/login`` takes the PIN in a form and sets a signed cookie holding a
login id the server keeps until logout (see :mod:`web.auth`: the cookie alone
changes nothing, each change also carries the login's token); ``/referee`` then offers new game (game,
players in seat order, options), confirm, correct or apply an action typed as
JSON, undo, and end and score. The page calls the JSON API with the cookie.
"""
from __future__ import annotations

from urllib.parse import urlparse

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from models.text import tr

from .auth import log_in, log_out, logged_in, referee, referee_page
from .games import SEAT_COLOURS, games_catalog

bp = Blueprint("console", __name__, url_prefix="/referee")


def _safe_next(target: str | None) -> str:
    """Only a local path may follow the login (no open redirect)."""
    if target and target.startswith("/") and not target.startswith("//") and not urlparse(target).netloc:
        return target
    return url_for("console.index")


@bp.get("")
@bp.get("/")
@referee_page
def index():
    view = current_app.extensions["companion_session"].referee_view()     # behind the PIN: the details too
    return render_template("console.html", view=view, games=games_catalog(), colours=SEAT_COLOURS)


@bp.get("/login")
def login():
    if logged_in():
        return redirect(_safe_next(request.args.get("next")), code=303)
    return render_template("login.html", next=_safe_next(request.args.get("next")), message=None)


@bp.post("/login")
def login_post():
    pin = (request.form.get("pin") or "").strip()
    nxt = _safe_next(request.form.get("next"))
    if not pin:
        return render_template("login.html", next=nxt, message=tr("Type the referee PIN.")), 401
    if not referee().attempt(pin, request.remote_addr or "?"):
        return render_template("login.html", next=nxt, message=tr("Wrong PIN. Try again.")), 403
    log_in()
    return redirect(nxt, code=303)


@bp.post("/logout")
def logout():
    log_out()                      # the login ends on the server too: an old cookie is worthless
    return redirect(url_for("display.index"), code=303)
