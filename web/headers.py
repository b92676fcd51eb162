"""The security headers every page and answer of the companion's apps carry
(the table's app, :func:`web.create_app`, and the event page's,
:func:`web.event.create_event_app`): everything from this origin only, no
framing, no sniffing::

    app = Flask(__name__)
    install(app)
"""
from __future__ import annotations

from flask import Flask, Response

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


def install(app: Flask) -> None:
    """Add :data:`PAGE_HEADERS` to every response of ``app``."""
    @app.after_request
    def _headers(resp: Response) -> Response:
        for name, value in PAGE_HEADERS:
            resp.headers.setdefault(name, value)
        return resp
