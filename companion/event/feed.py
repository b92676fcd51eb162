"""The event page's live updates: what changed at the hub, at most ten times a
second, as one message for every spectator.

:class:`EventFeed` looks like a session to the web server's live-update fan-out
(``web/server.py``: ``on_change`` and ``view``), so spectators of the event page
are held exactly as viewers of a table's page are: by the server's event loop,
each message encoded once and the same bytes written to all, no thread per
viewer. Each message is a change, not the whole event: the tables that changed
since the last one (name, online, view), and the results and standings when
they changed; ``seq`` counts messages. A page takes
the whole event from ``/api/event`` when its stream (re)opens.

**Refined:** the issue proposed that browsers subscribe to the broker's
WebSocket listener. Measured on Debian's Mosquitto 2.0.11, that listener
delivers about ten messages a second per connection (its loop polls WebSockets
every 100 ms), and over MQTT every table's view is a message of its own: a page
following 50 tables would need 50 a second, and a burst of 50 retained views
took 14 s to arrive (``make bench``, section ``event``). Here one message
carries every table that changed, at most ten a second whatever the number of
tables, and the server writes to sockets as fast as they take it.

    feed = EventFeed(hub); feed.start()
    app = create_event_app(hub, feed)
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class EventFeed:
    """Changes at ``hub``, coalesced every ``interval_s`` seconds."""

    def __init__(self, hub: Any, interval_s: float = 0.1):
        self.hub = hub
        self.interval_s = float(interval_s)
        self.seq = 0
        self._listeners: list[Callable[[dict[str, Any]], None]] = []
        self._latest: dict[str, Any] = {"seq": 0}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="event-feed", daemon=True)
        self._version = -1
        self._connected: bool | None = None

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread.ident is not None:        # started (a demo that could not serve never starts it)
            self._thread.join(2.0)

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """``callback(message)`` for every message (the web server's fan-out)."""
        self._listeners.append(callback)

    def view(self) -> dict[str, Any]:
        """The last message (what a spectator gets first on connecting)."""
        return dict(self._latest)

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                self.flush()
            except Exception as e:           # a bad table must not stop the page's updates
                log.warning("event feed: %s", e)

    def flush(self) -> dict[str, Any] | None:
        """Send what changed since the last message, if anything did."""
        hub = self.hub
        if hub.version == self._version:
            return None
        self._version = hub.version
        dirty, results = hub.take_changes()
        connected = bool(hub.connected)
        if connected != self._connected:          # every table's "online" follows the hub's connection
            dirty |= set(hub.tables)
        elif not dirty and not results:
            return None
        self._connected = connected
        self.seq += 1
        message: dict[str, Any] = {"seq": self.seq, "connected": connected, "error": hub.last_error,
                                   "tables": [t for t in (hub.table_summary(n, brief=True) for n in sorted(dirty))
                                              if t]}
        if results:
            snap = hub.snapshot()
            message.update(results=snap["results"], standings=snap["standings"])
        self._latest = message
        for cb in list(self._listeners):
            cb(message)
        return message
