"""The event page (``companion event``): every table of an event, live, and the
standings. A Flask app around an event hub handed in (``companion.event.hub``),
as :func:`web.create_app` is around a session.

* ``/``: every table as a live mini board (the display's drawing, small), its
  game, whose turn and its scores, online or offline; the standings and the
  latest results. ``/?big=1`` is the big-screen mode: one table at a time,
  large, cycling, beside the standings.
* ``/tables/<name>``: one table's page.
* ``/api/event``: all of it as JSON; ``/api/standings``; ``/standings.csv``.

* ``/api/events``: the live updates (Server-Sent Events): what changed, at
  most ten times a second (``companion.event.feed``), held by the server's event
  loop like a table page's viewers.

The pages draw what they were served with, then follow ``/api/events``,
taking the whole event from ``/api/event`` each time the stream (re)opens.
Public: the tables publish only their public views.

    app = create_event_app(hub, feed)
"""
from __future__ import annotations

from typing import Any, Protocol

from flask import Blueprint, Flask, Response, current_app, jsonify, render_template, request

from models.jsonio import cut

from . import boards, errors, headers, i18n


class EventSource(Protocol):
    """What the event page needs of the hub (companion.event.hub.EventHub)."""

    event: str

    def snapshot(self) -> dict[str, Any]: ...

    def table_summary(self, name: str) -> dict[str, Any] | None: ...

    def standings_csv(self) -> str: ...


bp = Blueprint("event", __name__)


def _hub() -> EventSource:
    hub: EventSource = current_app.extensions["companion_event"]
    return hub


@bp.get("/")
def index():
    snap = _hub().snapshot()
    big = request.args.get("big") in ("1", "yes", "true")
    return render_template("event.html", event=snap, big=big)


@bp.get("/tables/<name>")
def table(name: str):
    summary = _hub().table_summary(name)
    if summary is None:
        raise errors.ApiError(404, f"no table {cut(name)!r} has published to this event")
    return render_template("event_table.html", table=summary, event={"event": _hub().event},
                           view=summary["view"] or {})


@bp.get("/api/event")
def api_event():
    return jsonify(_hub().snapshot())


@bp.get("/api/standings")
def api_standings():
    snap = _hub().snapshot()
    return jsonify({k: snap[k] for k in ("event", "version", "standings", "tie_rules")})


@bp.get("/standings.csv")
def standings_csv():
    hub = _hub()
    return Response(hub.standings_csv(), mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="standings-{hub.event}.csv"'})


def create_event_app(hub: EventSource, feed: Any, *, max_streams: int = 4000, keepalive_s: float = 5.0) -> Flask:
    """The event page's Flask app for ``hub``; ``feed`` (companion.event.feed.
    EventFeed) is what the server streams at ``/api/events``."""
    from .api import StreamCounter
    app = Flask(__name__)
    app.config.update(MAX_CONTENT_LENGTH=16 * 1024, TC_KEEPALIVE_S=float(keepalive_s),
                      TC_RETRY_MS=2000, TC_MAX_STREAMS=int(max_streams))
    i18n.init_app(app)
    app.extensions["companion_event"] = hub
    app.extensions["companion_session"] = feed            # web.server streams its changes
    app.extensions["companion_streams"] = StreamCounter(int(max_streams))
    app.jinja_env.globals["csrf_token"] = lambda: ""
    errors.register(app)
    app.register_blueprint(bp)
    boards.install(app)
    headers.install(app)
    return app
