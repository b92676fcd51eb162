"""Who may change the game: the referee, proven by the PIN (or token) set at start-up.

A request proves it three ways: the console's login cookie (set by the login
form), an ``X-Referee-Pin: <PIN>`` header, or ``Authorization: Bearer <PIN>``.
No proof is 401, a wrong PIN 403; too many wrong PINs from one address in a
minute, or from all addresses together in :data:`GLOBAL_WINDOW_S`, is 429 (a
four-digit PIN must not be guessable by a script, even from many addresses).
The lockout of all addresses spares those that have logged in with the right
PIN before (the referee's phone, the Pi itself): a stranger's wrong PINs cannot
keep the referee out, while a new address still waits::

    @bp.post("/undo")
    @referee_required
    def undo(): ...

What a typed PIN is: surrounding whitespace is dropped (a PIN never holds any:
the config refuses one that does), the rest compared in constant time.

Logins live on the server: the cookie holds only a random login id, kept in
:class:`Referee`'s set of live logins until logout (or a restart), so a cookie
copied before logout is worth nothing after it.

Cross-site requests (:func:`guard_request`, run before every request): a
state-changing request (not GET/HEAD/OPTIONS) whose ``Origin`` (or, without one,
``Referer``) is not this server's own host is refused with 403; one that rides on
the login cookie must also carry that login's token, in an ``X-CSRF-Token``
header (the console's script) or a ``csrf_token`` form field (the logout form).
A request carrying the PIN itself needs no token: a browser never adds that header
across sites. The login form needs no token (there is no login yet) but gets the
origin check.
"""
from __future__ import annotations

import functools
import hmac
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, current_app, redirect, request, session as cookie, url_for

from .errors import ApiError

#: Wrong PINs one address may try per window before it is told to wait.
MAX_FAILURES = 10
FAILURE_WINDOW_S = 60.0
#: Wrong PINs all addresses together may try per window; past it every address
#: waits (logins already made keep working). 30 per 5 minutes: ~14 hours to try
#: half of the 4-digit PINs, ~58 days for a 6-digit one.
GLOBAL_MAX_FAILURES = 30
GLOBAL_WINDOW_S = 300.0
#: Live logins kept at once; a new one past this drops the oldest.
MAX_LOGINS = 64
#: Addresses remembered as having given the right PIN (spared the lockout of all
#: addresses); a new one past this forgets the oldest.
MAX_KNOWN_ADDRESSES = 64
#: Where the console's script and forms put the login's token.
TOKEN_HEADER = "X-CSRF-Token"
TOKEN_FIELD = "csrf_token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class Referee:
    """The referee's credentials for one app: checks PINs (against ``pin`` when
    one was given to ``create_app``, otherwise with the session's own
    ``check_pin``), counts wrong ones per address and overall, and holds the
    live logins (login id -> that login's token)."""

    def __init__(self, session: Any, pin: str | None):
        self._session = session
        self._pin = None if pin is None else str(pin)
        self._failures: dict[str, deque[float]] = {}
        self._all_failures: deque[float] = deque()
        self._logins: OrderedDict[str, str] = OrderedDict()
        self._known: OrderedDict[str, None] = OrderedDict()     # addresses that gave the right PIN
        self._lock = threading.Lock()

    def check(self, given: str) -> bool:
        if self._pin is not None:
            return bool(self._pin) and hmac.compare_digest(given.encode(), self._pin.encode())
        checker = getattr(self._session, "check_pin", None)
        return bool(checker(given)) if checker else False

    def locked_out(self, addr: str) -> tuple[float, str]:
        """Seconds ``addr`` must wait before trying another PIN (0: may try now),
        and whose wrong PINs locked it out ("this address" or "all addresses together")."""
        now = time.monotonic()
        with self._lock:
            everyone = self._all_failures
            while everyone and now - everyone[0] > GLOBAL_WINDOW_S:
                everyone.popleft()
            if len(everyone) >= GLOBAL_MAX_FAILURES and addr not in self._known:
                return max(1.0, GLOBAL_WINDOW_S - (now - everyone[0])), "all addresses together"
            q = self._failures.get(addr)
            if not q:
                return 0.0, ""
            while q and now - q[0] > FAILURE_WINDOW_S:
                q.popleft()
            if len(q) < MAX_FAILURES:
                return 0.0, ""
            return max(1.0, FAILURE_WINDOW_S - (now - q[0])), "this address"

    def failed(self, addr: str) -> None:
        now = time.monotonic()
        with self._lock:
            self._all_failures.append(now)
            if len(self._failures) > 4 * GLOBAL_MAX_FAILURES:    # forget addresses gone quiet
                for a in [a for a, q in self._failures.items() if not q or now - q[-1] > FAILURE_WINDOW_S]:
                    del self._failures[a]
            self._failures.setdefault(addr, deque()).append(now)

    def succeeded(self, addr: str) -> None:
        with self._lock:
            self._failures.pop(addr, None)
            self._known[addr] = None
            self._known.move_to_end(addr)
            while len(self._known) > MAX_KNOWN_ADDRESSES:
                self._known.popitem(last=False)

    def attempt(self, given: str, addr: str) -> bool:
        """Check a PIN typed by ``addr``; raises 429 while it is locked out."""
        wait, who = self.locked_out(addr)
        if wait:
            raise ApiError(429, f"too many wrong PINs from {who}: try again in {int(wait) + 1} s",
                           headers={"Retry-After": str(int(wait) + 1)})
        if self.check(given):
            self.succeeded(addr)
            return True
        self.failed(addr)
        return False

    # ------------------------------------------------------------ logins

    def open_login(self) -> str:
        """A new live login; its id (what the cookie holds)."""
        login_id = secrets.token_urlsafe(24)
        with self._lock:
            self._logins[login_id] = secrets.token_urlsafe(32)
            while len(self._logins) > MAX_LOGINS:
                self._logins.popitem(last=False)
        return login_id

    def login_token(self, login_id: Any) -> str | None:
        """The token of the live login ``login_id`` (None: no such live login)."""
        if not isinstance(login_id, str):
            return None
        with self._lock:
            return self._logins.get(login_id)

    def close_login(self, login_id: Any) -> None:
        """End a login: its cookie and token are worth nothing from now on."""
        if isinstance(login_id, str):
            with self._lock:
                self._logins.pop(login_id, None)


def referee() -> Referee:
    return current_app.extensions["companion_referee"]


def presented_pin() -> str | None:
    """The PIN a request carries in a header, if any."""
    pin = request.headers.get("X-Referee-Pin")
    if pin is not None:
        return pin.strip()
    auth = request.headers.get("Authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    return None


def logged_in() -> bool:
    """Whether the browser holds the cookie of a live login."""
    return referee().login_token(cookie.get("login")) is not None


def login_token() -> str:
    """This request's login token ("" when not logged in): templates put it in
    a ``<meta name="csrf-token">`` and in every form."""
    return referee().login_token(cookie.get("login")) or ""


def log_in() -> None:
    """Start a new login for this browser (any earlier one of its ends)."""
    referee().close_login(cookie.get("login"))
    cookie.clear()
    cookie["login"] = referee().open_login()


def log_out() -> None:
    """End this browser's login on the server, and forget the cookie."""
    referee().close_login(cookie.get("login"))
    cookie.clear()


# --------------------------------------------------------------------------- cross-site requests


def _origin(url: str) -> tuple[str, str, int | None] | None:
    """(scheme, host, port) of a URL, the port filled in for http/https."""
    try:
        parts = urlsplit(url)
        port = parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname:
        return None
    return parts.scheme.lower(), parts.hostname.lower(), port


def check_origin() -> None:
    """403 unless the request's Origin (or Referer) is this server's own."""
    source, value = "Origin", request.headers.get("Origin")
    if value is None:
        source, value = "Referer", request.headers.get("Referer")
        if not value:
            return                          # not a browser (curl, a script): nothing to compare
    own = _origin(f"{request.scheme}://{request.host}")
    theirs = _origin(value)
    if theirs is None or theirs != own:
        raise ApiError(403, f"cross-site request refused: {source} {value[:200]!r} is not this "
                            f"companion ({request.host})")


def check_token() -> None:
    """403 unless a request riding on the login cookie carries its login's token."""
    if request.endpoint == "console.login_post" or presented_pin() is not None:
        return                              # no login yet / the PIN itself is the proof
    expected = login_token()
    if not expected:
        return                              # no live login: the view answers 401 (or does nothing)
    given = request.headers.get(TOKEN_HEADER) or request.form.get(TOKEN_FIELD) or ""
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise ApiError(403, "the console's security token is missing or stale: reload the page "
                            "(or log in again)")


def guard_request() -> None:
    """Run before every request: cross-site checks on the state-changing ones."""
    if request.method in SAFE_METHODS:
        return
    check_origin()
    check_token()


def install(app: Flask) -> None:
    """Hook the checks into ``app``: :func:`guard_request` before each request,
    ``csrf_token()`` for templates."""
    app.before_request(guard_request)
    app.context_processor(lambda: {"csrf_token": login_token})
    app.config["TC_UPLOAD_CHECK"] = upload_refusal


def check_request() -> None:
    """Raise the right 4xx unless the request comes from the referee."""
    pin = presented_pin()
    if pin is None:
        if logged_in():
            return
        raise ApiError(401, "the referee PIN is needed: log in at /referee/login, or send "
                            "an X-Referee-Pin header or Authorization: Bearer <PIN>",
                       headers={"WWW-Authenticate": 'Bearer realm="referee"'})
    if not referee().attempt(pin, request.remote_addr or "?"):
        raise ApiError(403, "wrong referee PIN")


def upload_refusal() -> tuple[int, str, dict[str, str]] | None:
    """Why a large upload (a route of ``TC_UPLOADS``) is refused before its body
    is read, from its headers alone (``web.server`` asks, through the app's
    ``TC_UPLOAD_CHECK``): the checks the request itself will meet, cross-site
    then the referee's, so that a stranger cannot hold one of the few upload
    slots while the referee waits; None for a route open to all
    (``TC_UPLOADS_OPEN``: ``companion score --serve``) or a request that passes."""
    if request.path in (current_app.config.get("TC_UPLOADS_OPEN") or ()):
        return None
    try:
        guard_request()
        check_request()
    except ApiError as e:
        return e.status, e.reason, e.headers
    return None


def referee_required(view: Callable) -> Callable:
    """Decorator: the view runs only for the referee (else 401/403/429 as JSON)."""

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        check_request()
        return view(*args, **kwargs)

    return wrapper


def referee_page(view: Callable) -> Callable:
    """Decorator for the referee's pages (console, camera view): without the
    console's cookie the browser is sent to the login form, which comes back here."""

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any):
        if not logged_in():
            return redirect(url_for("console.login", next=request.path), code=303)
        return view(*args, **kwargs)

    return wrapper
