"""The companion's web page: a Flask app built around a live session, served by :mod:`web.server`.

The session is handed in (the app never builds one) through one small
interface, :class:`web.session_api.TableSession`: ``view()``, ``subscribe()``,
``latest_frame_jpeg()``, ``check_pin()`` and the referee operations. Five blueprints:

* ``display`` (``/``): the table as the companion sees it, for a phone or a big
  screen; public, never hidden information;
* ``console`` (``/referee``): new game, confirm, correct, undo, end; behind the
  referee PIN (a login form setting a signed cookie);
* ``camera`` (``/camera``): the latest frame with the detected tags drawn over,
  to set the camera up; behind the PIN (a camera can see more than the table);
  ``/camera/phone`` (:mod:`web.phone`): a phone on a stand as the camera;
* ``score`` (``/score``): score a finished game from a phone's photo; behind
  the PIN (:mod:`web.score`);
* ``api`` (``/api``): the same as JSON, live updates by Server-Sent Events at
  ``/api/events``, referee operations at ``POST /api/referee/<op>`` (PIN in an
  ``X-Referee-Pin`` header, ``Authorization: Bearer <PIN>`` or the console's cookie).

Example::

    app = create_app(session, pin="2468")
    serve(app, "0.0.0.0", 8000)          # blocks; an event loop holds the viewers (web.server)

Every asset is served from ``web/static`` (a Pi at an event has no internet).
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence

from flask import Flask

from . import api, auth, boards, camera, console, display, errors, headers, hosts, i18n, phone, score
from .auth import Referee
from .session_api import TableSession

log = logging.getLogger(__name__)

#: Live viewers (Server-Sent Events streams) the server holds at once; they live
#: in the event loop (see web.server), so this is not a thread count.
DEFAULT_MAX_STREAMS = 2000
#: Threads running ordinary Flask requests (the referee has 2 more of its own).
DEFAULT_POOL_THREADS = 6
#: The most pool threads a config may ask for (each thread keeps its malloc arena).
MAX_POOL_THREADS = 32


def create_app(session: TableSession, *, pin: str | None = None, max_body: int = 64 * 1024,
               max_streams: int = DEFAULT_MAX_STREAMS, keepalive_s: float = 1.0,
               retry_ms: int = 2000, scorer: score.PhotoScorer | None = None,
               phone_camera: phone.PhoneCamera | None = None, https_port: int | None = None,
               join: dict[str, str] | None = None, language: str | None = None,
               host_names: Sequence[str] = ()) -> Flask:
    """The Flask app for one session.

    ``pin``: the referee PIN or token; when None, ``session.check_pin`` decides.
    ``max_body``: the largest request body accepted (larger: 413).
    ``max_streams``: live-update streams held at once (more: 503, the page retries).
    ``keepalive_s``: seconds between keep-alive comments on an idle stream.
    ``retry_ms``: the reconnection delay the stream tells browsers to use.
    ``scorer``: scores the photos taken at ``/score`` (``companion.photo_score.PhotoScorer``;
    None: no ``/score``).
    ``phone_camera``: where ``/camera/phone`` sends the phone's pictures (the session's
    ``hardware.sources.BrowserSource``); ``https_port``: where the page is served over HTTPS.
    ``host_names``: names the page answers to besides its addresses, ``localhost``,
    ``.local`` names and the machine's own name (the config's ``[web] hosts``,
    :mod:`web.hosts`: a guard against DNS rebinding).
    """
    app = Flask(__name__)
    app.secret_key = secrets.token_bytes(32)          # a restart logs the referee out
    app.config.update(
        MAX_CONTENT_LENGTH=int(max_body),
        SESSION_COOKIE_NAME="companion_referee",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",             # another port is the same site: see web.auth
        TC_MAX_STREAMS=int(max_streams),
        TC_KEEPALIVE_S=float(keepalive_s),
        TC_RETRY_MS=int(retry_ms),
    )
    i18n.init_app(app, language)                      # the request's language; JSON in it
    app.extensions["companion_session"] = session
    app.config["TC_JOIN"] = join
    app.extensions["companion_referee"] = Referee(session, pin)
    app.extensions["companion_streams"] = api.StreamCounter(int(max_streams))
    errors.register(app)
    hosts.install(app, host_names)                    # first: a request for another name goes no further
    auth.install(app)                                 # cross-site checks, the login's token
    app.register_blueprint(display.bp)
    app.register_blueprint(console.bp)
    app.register_blueprint(camera.bp)
    app.register_blueprint(api.bp)
    if scorer is not None:
        score.install(app, scorer)                    # behind the PIN
    phone.install(app, phone_camera, https_port)      # behind the PIN
    boards.install(app)
    headers.install(app)
    return app


def server_threads(app: Flask, threads: int | None = None) -> int:
    """Threads running ordinary Flask requests: ``threads`` (the config's [web]
    threads) within 1..MAX_POOL_THREADS; live viewers need none."""
    return max(1, min(int(threads or DEFAULT_POOL_THREADS), MAX_POOL_THREADS))


def make_server(app: Flask, host: str = "127.0.0.1", port: int = 8000, threads: int | None = None,
                limits=None, ssl_context=None):
    """The server for ``app`` (:class:`web.server.Server`), bound but not yet
    running (``.run()`` blocks, ``.close()`` stops it, ``.effective_port`` is the
    port when ``port`` was 0; OSError when the port cannot be had).

    One event loop owns every connection and serves live updates itself; Flask
    routes run in a pool of ``server_threads(app, threads)`` threads.
    ``limits``: a :class:`web.server.Limits` (idle timeout, per-address caps);
    ``ssl_context``: serve HTTPS with it (``companion.service.tls``)."""
    from dataclasses import replace

    from .server import Limits, Server

    limits = replace(limits or Limits(), pool_threads=server_threads(app, threads))
    return Server(app, host, int(port), limits, ssl_context)


def serve(app: Flask, host: str = "127.0.0.1", port: int = 8000, threads: int | None = None) -> None:
    """Serve ``app`` until interrupted (see :func:`make_server`)."""
    server = make_server(app, host, port, threads)
    log.info("web page at http://%s:%s/ (%d threads for requests)", host, server.effective_port,
             server.limits.pool_threads)
    try:
        server.run()
    finally:
        close_streams(app)
        server.close()


def close_streams(app: Flask, timeout: float = 3.0) -> bool:
    """End every open live-update stream and wait (up to ``timeout`` s) for their
    threads to finish, before the server is stopped. True if all ended."""
    import time
    counter = app.extensions.get("companion_streams")
    if counter is None:               # an app without live streams (the event page's)
        return True
    counter.close_all()
    end = time.monotonic() + timeout
    while counter.open > 0 and time.monotonic() < end:
        time.sleep(0.02)
    return counter.open == 0


__all__ = ["create_app", "serve", "make_server", "server_threads", "close_streams"]
