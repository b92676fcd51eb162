"""One table's side of event mode: publish the table to the event's broker.

:class:`TablePublisher` listens to the session's views and, on its own thread,
publishes (topics in :mod:`.topics`):

* the **status**, retained: online at every connect and every
  :data:`HEARTBEAT_S` seconds; offline by the broker's Last Will when the table
  vanishes, or said on a clean close;
* the **view**, retained, QoS 0: the newest public view, at most one every
  ``view_interval_s`` (views in between are coalesced; while the broker is
  away they are dropped: the next connect sends the newest);
* the **events** since the last view, QoS 0;
* every finished game's **result**, retained, QoS 1. The journal is the outbox:
  the results are the games the journal holds as finished (and the open game
  once it is over); its ``sent`` ledger records which payload the broker
  acknowledged on which topic. At every change of the game, whatever the
  ledger lacks is sent, and whatever it holds that is no longer a result (the
  referee undid the last move) is withdrawn. At every connect every result is
  sent again: a broker that crashed may have lost retained messages it had
  acknowledged. A result is keyed by its game (:func:`.topics.result_id`), so
  sending it again replaces the same retained message: never two games.

The broker being down never stops refereeing: the session's thread only hands
a view over; the connection retries with back-off (1 s to 30 s).

    pub = TablePublisher(session, BrokerURL.parse("mqtt://t1:pw@hub.local"), event="night", table="t1")
    pub.start()        # ... pub.close() at the end
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping
from typing import Any

from models.registry import get_game
from web.i18n import localize

from . import topics
from .broker_url import BrokerURL

log = logging.getLogger(__name__)

#: a connected table says it is online at least this often (seconds); the hub
#: counts a table it has not heard from for :data:`companion.event.hub.STALE_S` as offline
HEARTBEAT_S = 30.0
#: how long the publisher's thread waits for the broker to acknowledge a result
ACK_WAIT_S = 10.0


class TablePublisher:
    """Publishes one table (``session``) as ``table`` of ``event`` to ``broker``."""

    def __init__(self, session: Any, broker: BrokerURL, *, event: str, table: str,
                 view_interval_s: float = 1.0, language: str | None = None):
        self.session = session
        #: the language the table's own sentences reach the event page in (events, prompts,
        #: scores): ``language``, else the table's ``[web] language``, else English
        config = getattr(session, "config", None)
        self.language = language or (config.web.language if config is not None else "") or "en"
        self.journal = session.journal
        self.broker = broker
        self.event = topics.check_name(event)
        self.table = topics.check_name(table)
        self.view_interval_s = float(view_interval_s)
        self.client = broker.client(f"tc-{event}-{table}")
        self.client.will_set(self._topic("status"), topics.dumps(topics.status_payload(event, table, False)),
                             qos=1, retain=True)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_connect_fail = self._on_connect_fail
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._view: dict[str, Any] | None = None        # the newest view not yet published
        self._latest: dict[str, Any] = session.view()
        self._game_key: tuple[Any, ...] | None = None
        self._sent_events: set[tuple[Any, Any]] = {(e.get("time"), e.get("text")) for e in self._latest["events"]}
        self._sync = True                               # results to check at the next turn
        self._resend = False                            # send every result again (after a connect)
        self._connected = threading.Event()
        self._thread: threading.Thread | None = None
        #: what happened, for the page and the tests: connects, results acknowledged
        self.stats = {"connects": 0, "views": 0, "results_sent": 0, "results_acked": 0, "withdrawn": 0}
        self.last_error: str | None = None

    # ---------------------------------------------------------------- lifecycle

    def start(self) -> None:
        """Connect (in the background, retried with back-off) and start publishing."""
        self.session.on_change(self._on_view)
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=15)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name=f"event-{self.table}", daemon=True)
        self._thread.start()

    def close(self, timeout: float = 3.0) -> None:
        """Publish the newest view and any result not yet acknowledged (waiting
        up to ``timeout`` for the broker), say offline, disconnect, stop."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        if self._connected.is_set():
            try:
                with self._lock:
                    self._sync = True
                self._turn()
            except Exception as e:                  # closing must not fail on a journal or broker hiccup
                log.warning("event: at close: %s", e)
            info = self.client.publish(self._topic("status"),
                                       topics.dumps(topics.status_payload(self.event, self.table, False)),
                                       qos=1, retain=True)
            try:
                info.wait_for_publish(timeout)
            except (RuntimeError, ValueError):
                pass
        self.client.disconnect()
        self.client.loop_stop()

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def wait_connected(self, timeout: float) -> bool:
        return self._connected.wait(timeout)

    def pending_results(self) -> int:
        """Results (and withdrawals) the broker has not acknowledged yet."""
        return len(self._changes())

    # ---------------------------------------------------------------- paho's thread

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        if reason_code.is_failure:
            self.last_error = f"the broker refused the table: {reason_code}"
            log.warning("event: %s", self.last_error)
            return
        self.stats["connects"] += 1
        self.last_error = None
        self._connected.set()
        client.publish(self._topic("status"),
                       topics.dumps(topics.status_payload(self.event, self.table, True, self._latest)),
                       qos=1, retain=True)
        with self._lock:
            self._view = self._latest            # the newest view, at once: the hub may have missed some
            self._sync = self._resend = True      # a broker that crashed may have lost retained results
        self._wake.set()

    def _on_connect_fail(self, client: Any, userdata: Any) -> None:
        why = self.broker.diagnose() or "the connection failed"
        if why != self.last_error:
            log.warning("event: %s; retrying", why)
        self.last_error = why

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason_code: Any, properties: Any) -> None:
        self._connected.clear()
        if not self._stop.is_set() and not (self.last_error or "").startswith("the broker refused"):
            self.last_error = f"lost the broker ({reason_code}); retrying"
            log.info("event: %s", self.last_error)

    # ---------------------------------------------------------------- the session's thread

    def _on_view(self, view: dict[str, Any]) -> None:
        """Keep the newest view; the publisher's thread takes it from here."""
        key = (view.get("game_id"), view.get("over"), view.get("ended"))
        with self._lock:
            self._latest = self._view = view
            if key != self._game_key:
                self._game_key, self._sync = key, True
        self._wake.set()

    # ---------------------------------------------------------------- the publisher's thread

    def _run(self) -> None:
        last = 0.0
        said = time.monotonic()
        while not self._stop.is_set():
            self._wake.wait(timeout=min(5.0, HEARTBEAT_S))
            self._wake.clear()
            if self._stop.is_set() or not self._connected.is_set():
                continue
            if time.monotonic() - said >= HEARTBEAT_S:       # still here (the hub counts silence as offline)
                said = time.monotonic()
                self.client.publish(self._topic("status"), topics.dumps(
                    topics.status_payload(self.event, self.table, True, self._latest)), qos=1, retain=True)
            wait = self.view_interval_s - (time.monotonic() - last)
            if wait > 0 and self._stop.wait(wait):       # coalesce: the newest view in a moment
                break
            last = time.monotonic()
            try:
                self._turn()
            except Exception as e:          # never let a bad view or a journal hiccup stop the thread
                log.warning("event: %s", e)
                self.last_error = str(e)

    def _turn(self) -> None:
        with self._lock:
            view, self._view = self._view, None
            sync, self._sync = self._sync, False
        if view is not None:
            view = localize(view, self.language)
            self.client.publish(self._topic("view"), topics.dumps(topics.view_payload(self.event, self.table, view)),
                                qos=0, retain=True)
            self.stats["views"] += 1
            new = [e for e in view.get("events", []) if (e.get("time"), e.get("text")) not in self._sent_events]
            if new:
                self._sent_events = {(e.get("time"), e.get("text")) for e in view.get("events", [])}
                self.client.publish(self._topic("events"),
                                    topics.dumps(topics.events_payload(self.event, self.table, view.get("game_id"),
                                                                       new)), qos=0)
        if sync:
            self._send_results()

    def _send_results(self) -> None:
        """Send each result (or withdrawal) and wait for the broker's
        acknowledgement before recording it in the journal's ledger. This
        thread waits, never paho's, and no lock is held while paho is called
        (paho calls back into this object holding its own locks)."""
        with self._lock:
            resend, self._resend = self._resend, False
        for game_id, topic_name, payload, digest in self._changes(everything=resend):
            info = self.client.publish(topic_name, topics.dumps(payload) if payload else b"", qos=1, retain=True)
            self.stats["results_sent"] += 1
            try:
                info.wait_for_publish(ACK_WAIT_S)
            except (RuntimeError, ValueError):   # not connected: the next connect sends everything again
                return
            if not info.is_published():
                return
            try:
                self.journal.mark_sent(game_id, topic_name, digest)
            except Exception as e:     # the journal cannot be written: the result is sent again next time
                log.warning("event: cannot record result %s as sent: %s", topic_name, e)
                continue
            self.stats["results_acked" if digest else "withdrawn"] += 1

    # ---------------------------------------------------------------- the outbox

    def results(self) -> dict[str, tuple[int, dict[str, Any]]]:
        """Every result this table has, by topic: (game id, payload). The
        games the journal holds as finished (a final scoreboard), and the open
        game if it is over."""
        out: dict[str, tuple[int, dict[str, Any]]] = {}
        for record in self.journal.games():
            score = record.result
            if record.ended is None or not isinstance(score, Mapping) or not score.get("final"):
                continue                 # open, abandoned before its end, or unrecoverable: no result
            entries = self.journal.entries(record.id)
            ended = next((e.time for e in reversed(entries) if e.kind != "end"), record.ended)
            out.update([self._result(record.id, record.game, record.players, record.names, score,
                                     record.started, ended)])
        view = self._latest
        gid = view.get("game_id")
        if gid is not None and view.get("over") and not view.get("ended") and (view.get("score") or {}).get("final"):
            record = self.journal.game(gid)
            entries = self.journal.entries(gid)
            out.update([self._result(gid, record.game, record.players, record.names, view["score"],
                                     record.started, entries[-1].time if entries else record.started)])
        return out

    def _result(self, game_id: int, code: str, players: list[str], names: Mapping[str, str],
                score: Mapping[str, Any], started: float, ended: float) -> tuple[str, tuple[int, dict[str, Any]]]:
        try:
            title = get_game(code).title
        except KeyError:
            title = code
        payload = topics.result_payload(self.event, self.table, game_id=game_id, code=code, title=title,
                                        players=players, names=names, score=score, started=started, ended=ended)
        return self._topic("results", payload["id"]), (game_id, payload)

    def _changes(self, everything: bool = False) -> list[tuple[int, str, dict[str, Any] | None, str | None]]:
        """(game id, topic, payload or None to withdraw, digest) for every result
        the broker does not hold as the journal has it (``everything``: every
        result, acknowledged or not)."""
        sent = self.journal.sent(topics.prefix(self.event, self.table))
        want = self.results()
        changes: list[tuple[int, str, dict[str, Any] | None, str | None]] = []
        for topic_name, (game_id, payload) in sorted(want.items()):
            d = topics.digest(payload)
            if everything or sent.get((game_id, topic_name)) != d:
                changes.append((game_id, topic_name, payload, d))
        for (game_id, topic_name) in sorted(sent):
            if topic_name not in want:
                changes.append((game_id, topic_name, None, None))
        return changes

    def _topic(self, *parts: str) -> str:
        return topics.topic(self.event, self.table, *parts)


def from_config(session: Any, event: Any) -> TablePublisher | None:
    """The publisher the config's ``[event]`` section asks for (None: no
    broker, no event mode). Raises ValueError naming what is missing."""
    if not event.broker:
        return None
    if not event.event or not event.table:
        raise ValueError("event mode needs the event's name and this table's ([event] event and table, "
                         "or --event and --table)")
    broker = BrokerURL.parse(event.broker, username=event.username or event.table,
                             password=event.password or None, ca_file=event.ca_file or None)
    return TablePublisher(session, broker, event=event.event, table=event.table,
                          view_interval_s=event.view_interval_s)
