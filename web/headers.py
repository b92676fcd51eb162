"""The security headers every page and answer of the companion's apps carry
(the table's app, :func:`web.create_app`, and the event page's,
:func:`web.event.create_event_app`): everything from this origin only, no
framing, no sniffing; and the referee's pages (the console, the camera views)
are never kept in a browser's cache, since they show the secret cards by name::

    app = Flask(__name__)
    install(app)
"""
from __future__ import annotations

from flask import Flask, Response, request

#: what every response gets, unless a route set its own
PAGE_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    # same-origin, not no-referrer: under no-referrer a browser sends "Origin: null"
    # even on the console's own POSTs, and web.auth refuses those as cross-site
    ("Referrer-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                                "connect-src 'self'; frame-ancestors 'none'"),
)

#: the pages that show what only the referee may see: never cached (Back after logout shows nothing)
REFEREE_PAGES = ("/referee", "/camera")


def install(app: Flask) -> None:
    """Add :data:`PAGE_HEADERS` to every response of ``app``."""
    @app.after_request
    def _headers(resp: Response) -> Response:
        for name, value in PAGE_HEADERS:
            resp.headers.setdefault(name, value)
        if request.path.startswith(REFEREE_PAGES):
            resp.headers["Cache-Control"] = "no-store"
        return resp
