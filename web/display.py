"""The display (``/``): the table as the companion sees it, for a phone or a big
screen at an event. Public: it shows only ``session.view()``, which never holds
hidden information. The page draws itself from the view embedded in it, then
follows every change over ``/api/events``. With the page's LAN address handed in
(``create_app(join=...)``) it shows a QR code for phones to join.
"""
from __future__ import annotations

from flask import Blueprint, current_app, render_template, url_for

bp = Blueprint("display", __name__)


@bp.get("/")
def index():
    view = current_app.extensions["companion_session"].view()
    return render_template("display.html", view=view, join=current_app.config.get("TC_JOIN"))


@bp.get("/history")
def history():
    """The games of the journal, newest first, how each ended, with the current
    game's results to download (CSV, JSON)."""
    session = current_app.extensions["companion_session"]
    return render_template("history.html", view=session.view(), games=session.past_games())


@bp.get("/story")
def story():
    """The game's story: every change with its time and cause, and the table
    replayed at any step (the data from ``/api/story``)."""
    return render_template("story.html", src=url_for("api.story"))
