"""Telling systemd how the service is: ready, alive, stopping (``sd_notify``).

systemd's ``Type=notify`` units give the service a datagram socket in
``$NOTIFY_SOCKET``; ``WatchdogSec=`` adds ``$WATCHDOG_USEC``, and a service that
does not send ``WATCHDOG=1`` at least that often is killed and restarted. No
library is needed: the protocol is one datagram of ``KEY=VALUE`` lines. Outside
systemd (no ``$NOTIFY_SOCKET``) every call does nothing.

:class:`LoopWatchdog` is what ``companion run`` uses: it pings systemd only while
the session's camera loop keeps turning, so a loop that hangs (a driver stuck
past every time-out, a referee in an endless loop) gets the service restarted,
and the game resumes from the journal::

    notify = Notifier.from_environment()
    notify.send("READY=1")
    LoopWatchdog(session, notify).start()
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)


class Notifier:
    """The service manager's notification socket, or nothing (``address`` None)."""

    def __init__(self, address: str | None, watchdog_s: float | None = None):
        self.address = address
        self.watchdog_s = watchdog_s

    @classmethod
    def from_environment(cls, env: Mapping[str, str] | None = None) -> Notifier:
        """From ``$NOTIFY_SOCKET`` and ``$WATCHDOG_USEC`` (the watchdog only when
        ``$WATCHDOG_PID`` is unset or names this process, as sd_notify does)."""
        env = os.environ if env is None else env
        address = env.get("NOTIFY_SOCKET") or None
        watchdog_s = None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            watchdog_s = int(usec) / 1e6
        return cls(address, watchdog_s)

    def send(self, *lines: str) -> bool:
        """Send ``KEY=VALUE`` lines in one datagram; False when there is no
        socket or it cannot be reached (never raises: the service goes on)."""
        if not self.address:
            return False
        target = self.address
        if target.startswith("@"):                   # an abstract socket
            target = "\0" + target[1:]
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
                s.connect(target)
                s.sendall("\n".join(lines).encode())
            return True
        except OSError as e:
            log.debug("sd_notify %s: %s", self.address, e)
            return False


class LoopWatchdog:
    """Sends ``WATCHDOG=1`` every ``watchdog_s / 3`` seconds while the session's
    loop has turned within the last ``watchdog_s / 2`` seconds (or is not meant
    to turn: no camera loop running). A hung loop stops the pings, and systemd
    restarts the service after ``WatchdogSec``."""

    def __init__(self, session: Any, notifier: Notifier):
        self.session = session
        self.notifier = notifier
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def alive(self) -> bool:
        """Whether the service deserves a ping now."""
        age = self.session.loop_age()
        limit = (self.notifier.watchdog_s or 30.0) / 2
        return age is None or age < limit

    def start(self) -> LoopWatchdog:
        if self.notifier.watchdog_s and self.notifier.address:
            self._thread = threading.Thread(target=self._run, name="sd-watchdog", daemon=True)
            self._thread.start()
        return self

    def _run(self) -> None:
        period = max(0.05, (self.notifier.watchdog_s or 30.0) / 3)
        stale_since: float | None = None
        while not self._stop.wait(period):
            if self.alive():
                stale_since = None
                self.notifier.send("WATCHDOG=1")
            elif stale_since is None:
                stale_since = time.monotonic()
                log.error("the camera loop has not turned for %.0f s: no watchdog ping, systemd will restart "
                          "the service (the game resumes from the journal)", self.session.loop_age() or 0)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1.0)
