"""Who may change the game: the referee, proven by the PIN (or token) set at start-up.

A request proves it three ways: the console's signed session cookie (set by the
login form), an ``X-Referee-Pin: <PIN>`` header, or ``Authorization: Bearer <PIN>``.
No proof is 401, a wrong PIN 403; too many wrong PINs from one address in a
minute is 429 (a four-digit PIN must not be guessable by a script)::

    @bp.post("/undo")
    @referee_required
    def undo(): ...
"""
from __future__ import annotations

import functools
import hmac
import threading
import time
from collections import defaultdict, deque
from typing import Any, Callable

from flask import current_app, redirect, request, session as cookie, url_for

from .errors import ApiError

#: Wrong PINs one address may try per window before it is told to wait.
MAX_FAILURES = 10
FAILURE_WINDOW_S = 60.0


class Referee:
    """Checks referee PINs for one app: against ``pin`` when one was given to
    ``create_app``, otherwise with the session's own ``check_pin``."""

    def __init__(self, session: Any, pin: str | None):
        self._session = session
        self._pin = None if pin is None else str(pin)
        self._failures: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def check(self, given: str) -> bool:
        if self._pin is not None:
            return bool(self._pin) and hmac.compare_digest(given.encode(), self._pin.encode())
        checker = getattr(self._session, "check_pin", None)
        return bool(checker(given)) if checker else False

    def locked_out(self, addr: str) -> float:
        """Seconds ``addr`` must wait before trying another PIN (0: may try now)."""
        now = time.monotonic()
        with self._lock:
            q = self._failures.get(addr)
            if not q:
                return 0.0
            while q and now - q[0] > FAILURE_WINDOW_S:
                q.popleft()
            if len(q) < MAX_FAILURES:
                return 0.0
            return max(1.0, FAILURE_WINDOW_S - (now - q[0]))

    def failed(self, addr: str) -> None:
        with self._lock:
            self._failures[addr].append(time.monotonic())

    def succeeded(self, addr: str) -> None:
        with self._lock:
            self._failures.pop(addr, None)

    def attempt(self, given: str, addr: str) -> bool:
        """Check a PIN typed by ``addr``; raises 429 while it is locked out."""
        wait = self.locked_out(addr)
        if wait:
            raise ApiError(429, f"too many wrong PINs: try again in {int(wait) + 1} s",
                           headers={"Retry-After": str(int(wait) + 1)})
        if self.check(given):
            self.succeeded(addr)
            return True
        self.failed(addr)
        return False


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
    """Whether the browser holds the console's signed cookie."""
    return bool(cookie.get("referee"))


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
