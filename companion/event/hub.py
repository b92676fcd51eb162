"""The event's hub: everything the tables publish, read back from the broker.

:class:`EventHub` subscribes to ``tc/<event>/tables/#`` with the hub's
read-only login and keeps, per table, its status (online or offline), its
newest public view and its recent events, and every result by its id. All of it
comes from retained messages, so a restarted hub has it all again as soon as it
subscribes. A payload that is not JSON, not an object or of a schema version the
hub does not know is counted in ``rejected`` and ignored: nothing a table sends
can break the page.

    hub = EventHub(BrokerURL.parse("mqtt://hub:pw@localhost"), event="night")
    hub.start(); hub.wait_for(lambda h: h.tables, 5)
    hub.snapshot()["standings"]
"""
from __future__ import annotations

import collections
import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from . import topics
from .broker_url import BrokerURL
from .standings import TIE_RULES, result_problem, standings, standings_csv

log = logging.getLogger(__name__)

SCHEMAS = {"status": f"tc.status/{topics.SCHEMA_VERSION}", "view": f"tc.view/{topics.SCHEMA_VERSION}",
           "events": f"tc.events/{topics.SCHEMA_VERSION}", "results": f"tc.result/{topics.SCHEMA_VERSION}"}
RECENT_EVENTS = 20
#: a table not heard from for this long (seconds) counts as offline: three of its
#: heartbeats (companion.event.publisher.HEARTBEAT_S) missed. Covers what no Last
#: Will can say: a table that vanished while the broker itself was down.
STALE_S = 90.0


class EventHub:
    """The event ``event`` as its broker holds it. Thread-safe."""

    def __init__(self, broker: BrokerURL, *, event: str):
        self.broker = broker
        self.event = topics.check_name(event)
        self.client = broker.client(f"tc-hub-{event}-{int(time.time() * 1000) % 10**9}")
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_connect_fail = self._on_connect_fail
        self._lock = threading.Condition()
        self.tables: dict[str, dict[str, Any]] = {}
        self.results: dict[str, dict[str, Any]] = {}     # "<table>/<result id>" -> tc.result/1
        self.version = 0
        self.rejected = 0
        self.connected = False
        self.last_error: str | None = None
        self._standings: tuple[int, list[dict[str, Any]]] | None = None
        self._heard: dict[str, float] = {}              # table -> when the hub last heard from it (monotonic)
        self._dirty: set[str] = set()                   # tables changed since take_changes()
        self._results_changed = False

    def start(self) -> None:
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=15)
        self.client.loop_start()

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def wait_for(self, condition: Callable[[EventHub], Any], timeout: float) -> bool:
        """Wait until ``condition(hub)`` holds (checked after every message)."""
        end = time.monotonic() + timeout
        with self._lock:
            while not condition(self):
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._lock.wait(left)
            return True

    # ---------------------------------------------------------------- paho's thread

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if reason_code.is_failure:
            self.last_error = f"the broker refused the hub: {reason_code}"
            log.warning("event hub: %s", self.last_error)
            return
        self.connected, self.last_error = True, None
        client.subscribe(topics.prefix(self.event) + "#", qos=1)
        self._changed()

    def _on_connect_fail(self, client: Any, userdata: Any) -> None:
        self.last_error = (self.broker.diagnose() or "the connection failed") + "; retrying"
        self._changed()

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        self.connected = False
        self.last_error = f"lost the broker ({reason_code}); retrying"
        self._changed()

    def _on_message(self, client: Any, userdata: Any, msg: Any) -> None:
        self.receive(msg.topic, msg.payload)

    def receive(self, topic_name: str, payload: bytes) -> bool:
        """Take one message in; False (and ``rejected`` counted) when it is not
        one of the event's messages."""
        where = topics.parse(topic_name, self.event)
        if where is None:
            return self._reject(topic_name, "not a table's topic")
        table, rest = where
        kind = rest[0]
        if kind == "results" and len(rest) == 2 and not payload:
            with self._lock:
                self.results.pop(f"{table}/{rest[1]}", None)       # withdrawn
                self._results_changed = True
                self._changed()
            return True
        try:
            data = json.loads(payload)
        except (ValueError, UnicodeDecodeError):
            return self._reject(topic_name, "not JSON")
        if kind not in SCHEMAS or not isinstance(data, dict) or data.get("schema") != SCHEMAS[kind]:
            return self._reject(topic_name, "an unknown kind or schema version")
        if data.get("table") != table or data.get("event") != self.event:
            return self._reject(topic_name, "a payload naming another table or event")
        with self._lock:
            self._heard[table] = time.monotonic()
            t = self.tables.setdefault(table, {"name": table, "status": None, "view": None,
                                               "events": collections.deque(maxlen=RECENT_EVENTS)})
            if kind == "status" and len(rest) == 1:
                t["status"] = data
            elif kind == "view" and len(rest) == 1 and isinstance(data.get("view"), dict):
                t["view"] = data["view"]
            elif kind == "events" and len(rest) == 1 and isinstance(data.get("events"), list):
                t["events"].extend(e for e in data["events"] if isinstance(e, dict))
            elif kind == "results" and len(rest) == 2 and data.get("id") == rest[1]:
                if (problem := result_problem(data)) is not None:
                    return self._reject(topic_name, f"a malformed result ({problem})")
                self.results[f"{table}/{rest[1]}"] = data
                self._results_changed = True
            else:
                return self._reject(topic_name, "a malformed payload")
            self._dirty.add(table)
            self._changed()
        return True

    def _reject(self, topic_name: str, why: str) -> bool:
        with self._lock:
            self.rejected += 1
        log.info("event hub: ignored %s: %s", topic_name, why)
        return False

    def _changed(self) -> None:
        with self._lock:
            self.version += 1
            self._lock.notify_all()

    # ---------------------------------------------------------------- what the page shows

    def standings(self) -> list[dict[str, Any]]:
        with self._lock:
            if self._standings is None or self._standings[0] != self.version:
                self._standings = (self.version, standings(self.results.values()))
            return self._standings[1]

    def take_changes(self) -> tuple[set[str], bool]:
        """The tables changed since the last call, and whether the results did."""
        with self._lock:
            dirty, self._dirty = self._dirty, set()
            results, self._results_changed = self._results_changed, False
            return dirty, results

    def standings_csv(self) -> str:
        return standings_csv(self.standings())

    def table_summary(self, name: str, brief: bool = False) -> dict[str, Any] | None:
        """One table as the event page lists it (None: never heard of);
        ``brief``: only its name, online and view (the live stream's share)."""
        with self._lock:
            t = self.tables.get(name)
            if t is None:
                return None
            view = t["view"] or {}
            status = t["status"] or {}
            heard = time.monotonic() - self._heard.get(name, float("-inf")) < STALE_S
            online = bool(self.connected and status.get("online") and heard)
            if brief:
                return {"name": name, "online": online, "view": view or None}
            return {"name": name, "online": online, "since": status.get("time"),
                    "view": view or None, "events": list(t["events"]),
                    "results": sorted((r for r in self.results.values() if r.get("table") == name),
                                      key=lambda r: r.get("ended") or 0)}

    def snapshot(self) -> dict[str, Any]:
        """The whole event: tables (by name), results (newest first), standings."""
        with self._lock:
            names = sorted(self.tables, key=_natural)
            return {"event": self.event, "version": self.version, "connected": self.connected,
                    "error": self.last_error, "rejected": self.rejected,
                    "tables": [self.table_summary(n) for n in names],
                    "results": sorted(self.results.values(), key=lambda r: -(r.get("ended") or 0)),
                    "standings": self.standings(), "tie_rules": list(TIE_RULES)}


def _natural(name: str) -> tuple[Any, ...]:
    """t2 before t10."""
    import re
    return tuple(int(p) if p.isdigit() else p.casefold() for p in re.split(r"(\d+)", name))
