"""Every refused request gets its status and a reason, as JSON: ``{"error": "...",
"status": 413}``. A browser navigating to a page (it asks for HTML, and the
path is not under ``/api``) gets the same reason on a small HTML page instead.
An unexpected failure is a 500 saying only ``internal error, logged as <id>``;
the traceback is logged under that id, never sent.
"""
from __future__ import annotations

import logging
import secrets

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from models.jsonio import cut
from models.text import tr

log = logging.getLogger(__name__)

#: Plain words for the statuses a user meets, where werkzeug's own are vague.
REASONS = {
    400: tr("bad request"),
    404: tr("no such page or API route"),
    405: tr("this route does not take that method"),
    413: tr("the request body is too large"),
    415: tr("send the body as JSON (Content-Type: application/json)"),
}


class ApiError(Exception):
    """A refusal with a status, a reason and optional headers::

        raise ApiError(409, "RED cannot haunt slot 7: the neighbourhood has 6 kids")
    """

    def __init__(self, status: int, reason: str, headers: dict[str, str] | None = None):
        super().__init__(reason)
        self.status = status
        self.reason = reason
        self.headers = headers or {}


def wants_html() -> bool:
    if request.path.startswith("/api/") or request.path == "/api":
        return False
    best = request.accept_mimetypes.best_match(["application/json", "text/html"])
    return best == "text/html" and request.accept_mimetypes[best] > request.accept_mimetypes["application/json"]


def error_response(status: int, reason: str, headers: dict[str, str] | None = None):
    if wants_html():
        return render_template("error.html", status=status, reason=reason), status, headers or {}
    resp = jsonify({"error": reason, "status": status})
    resp.status_code = status
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def _api_error(e: ApiError):
        return error_response(e.status, e.reason, e.headers)

    @app.errorhandler(HTTPException)
    def _http_error(e: HTTPException):
        status = e.code or 500
        reason = REASONS.get(status, (e.name or "error").lower())
        if status == 413:
            limit = app.config.get("MAX_CONTENT_LENGTH")
            reason = tr("the request body is too large (at most {limit} bytes)", limit=limit)
        elif status == 405:
            allowed = ", ".join(m for m in (getattr(e, "valid_methods", None) or []) if m not in ("HEAD", "OPTIONS"))
            path = cut(request.path, 200)
            reason = (tr("{method} is not allowed on {path}; use {allowed}", method=request.method, path=path,
                         allowed=allowed) if allowed
                      else tr("{method} is not allowed on {path}", method=request.method, path=path))
        elif status == 404:
            reason = tr("no such page or API route: {path}", path=cut(request.path, 200))
        elif e.description and status == 400:
            reason = e.description
        headers = dict(e.get_headers()) if status == 405 else {}
        headers.pop("Content-Type", None)
        return error_response(status, reason, headers)

    @app.errorhandler(Exception)
    def _crash(e: Exception):
        # the client learns only an id; the traceback (which may name internals) goes to the log
        ident = secrets.token_hex(4)
        log.exception("internal error %s: web request %s %s failed", ident, request.method, request.path)
        return error_response(500, tr("internal error, logged as {ident}", ident=ident))
