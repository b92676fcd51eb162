"""Benchmark: event mode on a real Mosquitto (the broker `companion broker` sets up).

1. **50 tables into one broker and one hub.** 50 MQTT clients, each logged in
   as its table, publish a real public view (a game of Ghosts Love Candy under
   way) once a second each, staggered, as often as a coalescing table ever
   does; the hub (:class:`companion.event.hub.EventHub`, in this process) takes
   them in. Figures: the latency from a table's publish to the hub having it
   (median, 95th percentile, max), the broker's CPU and this process's (the
   tables' clients and the hub together), % of one core.
2. **1,000 spectators of the event page.** The page's live stream
   (``/api/events`` of ``companion event``: the hub's changes, at most twice a
   second, held by the web server's event loop) read by 1,000 Server-Sent
   Events clients, split between two reader processes (one Python reader for
   all 1,000 was itself the slowest part: it made the tail), while the 50 tables publish a view
   every 5 s each (a real table publishes when something settles). Figures: the
   latency from a table's publish to each spectator (median, p95, p99, max over
   every delivery), the share within 1 s, the spectators still connected, and a
   baseline in the same run, the same tables with 1 spectator, as a ratio.
3. **Why not the broker's WebSocket listener.** One MQTT-over-WebSocket
   subscriber (as a browser would be) to Mosquitto, sent a burst of 50 views:
   how long until it has them all. Mosquitto 2.0 polls its WebSocket
   connections every 100 ms and sends about one message per poll.

The latencies include this process's own work of receiving (one Python thread
for all spectators), so they are an upper bound.

    python -m companion.bench --only event [--quick]
"""
from __future__ import annotations

import re
import resource
import selectors
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

TITLE = "Event mode: 50 tables into one broker and hub, 1,000 spectators over WebSocket"
EVENT = "bench"
TIME_RE = re.compile(rb'"time":([0-9.]+)')


def _cpu_s(pid: int | None = None) -> float:
    """CPU seconds used so far by a process (this one when None)."""
    if pid is None:
        t = resource.getrusage(resource.RUSAGE_SELF)
        return t.ru_utime + t.ru_stime
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    import os
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _view() -> dict[str, Any]:
    """A real public view of a game under way (about 10 kB of JSON)."""
    from companion.config import load_config
    from companion.examples import example_states
    from companion.live.session import Session
    s = Session(load_config(None, env={"COMPANION_JOURNAL_PATH": ":memory:", "COMPANION_PINS_FACTORY": "mock"}),
                indicators=False)
    try:
        s.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "Ana", "BLUE": "Bo", "GREEN": "Cy"})
        _, _, states = example_states("GLC")
        s.state = states[60]
        s.broadcast.publish()
        return s.view()
    finally:
        s.close()


def _payload(view: dict[str, Any], table: str, seq: int) -> bytes:
    from companion.event import topics
    v = dict(view)
    v["seq"], v["time"] = seq, time.time()
    return topics.dumps(topics.view_payload(EVENT, table, v))


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _publishers(setup: Any, names: list[str]) -> list[Any]:
    from companion.event.broker_url import BrokerURL
    clients = []
    for n in names:
        c = BrokerURL.parse(setup.url(n)).client(f"bench-{n}")
        c.connect("127.0.0.1", setup.port)
        c.loop_start()
        clients.append(c)
    return clients


def _publish_for(clients: list[Any], names: list[str], view: dict[str, Any], seconds: float, every_s: float) -> int:
    """Each client publishes its table's view every ``every_s``, staggered; returns how many were sent."""
    from companion.event import topics
    sent, seq = 0, 0
    start = time.monotonic()
    step = every_s / len(clients)
    while time.monotonic() - start < seconds:
        for c, n in zip(clients, names):
            seq += 1
            c.publish(topics.topic(EVENT, n, "view"), _payload(view, n, seq), qos=0, retain=True)
            sent += 1
            time.sleep(step)
    return sent


def tables_into_hub(setup: Any, broker_pid: int, tables: int, seconds: float, view: dict[str, Any]
                    ) -> dict[str, Any]:
    from companion.event.broker_url import BrokerURL
    from companion.event.hub import EventHub
    hub = EventHub(BrokerURL.parse(setup.url("hub")), event=EVENT)
    lags: list[float] = []
    receive = hub.receive

    def timed(topic_name: str, payload: bytes) -> bool:
        m = TIME_RE.search(payload[:400])
        if m and topic_name.endswith("/view"):
            lags.append(time.time() - float(m.group(1)))
        return receive(topic_name, payload)
    hub.receive = timed  # type: ignore[method-assign]
    hub.start()
    hub.wait_for(lambda h: h.connected, 10)
    names = [f"t{i + 1}" for i in range(tables)]
    clients = _publishers(setup, names)
    try:
        _publish_for(clients, names, view, 2.0, 1.0)                 # warm up: every table known
        lags.clear()
        cpu0, bcpu0, t0 = _cpu_s(), _cpu_s(broker_pid), time.monotonic()
        sent = _publish_for(clients, names, view, seconds, 1.0)
        time.sleep(0.5)
        wall = time.monotonic() - t0
        cpu, bcpu = _cpu_s() - cpu0, _cpu_s(broker_pid) - bcpu0
        return {"tables": len(hub.tables), "sent": sent, "received": len(lags), "rate": sent / wall,
                "median_ms": 1000 * statistics.median(lags), "p95_ms": 1000 * _pct(lags, 0.95),
                "max_ms": 1000 * max(lags), "broker_cpu": 100 * bcpu / wall, "process_cpu": 100 * cpu / wall}
    finally:
        for c in clients:
            c.disconnect()
            c.loop_stop()
        hub.close()


def _mqtt_string(text: str) -> bytes:
    b = text.encode()
    return len(b).to_bytes(2, "big") + b


def _mqtt_packet(kind: int, body: bytes) -> bytes:
    n, head = len(body), bytearray([kind])
    while True:
        d, n = n % 128, n // 128
        head.append(d | (128 if n else 0))
        if not n:
            return bytes(head) + body


def _ws_frame(payload: bytes) -> bytes:
    """A client's binary WebSocket frame (masked, as RFC 6455 requires of clients)."""
    import os
    mask = os.urandom(4)
    n = len(payload)
    head = bytes([0x82, 0x80 | n]) if n < 126 else bytes([0x82, 0x80 | 126]) + n.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Spectator:
    """One spectator as a browser is one: MQTT 3.1.1 over a WebSocket, the
    viewer login, subscribed at QoS 0 (a minimal client for load: paho's
    WebSocket layer reads a frame a few bytes at a time, too slowly to stand
    for a thousand browsers on one thread)."""

    def __init__(self, port: int, password: str, topics_wanted: list[str], name: str):
        import base64
        import os
        import socket
        self.sock = socket.create_connection(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                           "Sec-WebSocket-Protocol: mqtt\r\n\r\n").encode())
        reply = b""
        while b"\r\n\r\n" not in reply:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("the broker closed the WebSocket handshake")
            reply += chunk
        head, _, self.ws = reply.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace"))
        self.mqtt = b""
        self.connected = False
        self.closed = False
        body = _mqtt_string("MQTT") + bytes([4, 0xC2, 0, 60]) + _mqtt_string(name) + _mqtt_string("viewer") \
            + _mqtt_string(password)
        self.sock.sendall(_ws_frame(_mqtt_packet(0x10, body)))
        sub = b"\x00\x01" + b"".join(_mqtt_string(t) + b"\x00" for t in topics_wanted)
        self.sock.sendall(_ws_frame(_mqtt_packet(0x82, sub)))
        self.sock.setblocking(False)

    def read(self, on_publish: Any) -> None:
        """Everything the socket holds: WebSocket frames, then MQTT packets."""
        try:
            data = self.sock.recv(1 << 20)
        except BlockingIOError:
            return
        if not data:
            self.closed = True
            return
        self.ws += data
        while len(self.ws) >= 2:                        # server frames are not masked
            n, at = self.ws[1] & 0x7F, 2
            if n == 126:
                if len(self.ws) < 4:
                    break
                n, at = int.from_bytes(self.ws[2:4], "big"), 4
            elif n == 127:
                if len(self.ws) < 10:
                    break
                n, at = int.from_bytes(self.ws[2:10], "big"), 10
            if len(self.ws) < at + n:
                break
            opcode, payload, self.ws = self.ws[0] & 0x0F, self.ws[at:at + n], self.ws[at + n:]
            if opcode in (0, 2):
                self.mqtt += payload
            elif opcode == 8:
                self.closed = True
        while len(self.mqtt) >= 2:
            n, mult, i = 0, 1, 1
            while True:
                if i >= len(self.mqtt):
                    return
                d = self.mqtt[i]
                n += (d & 127) * mult
                mult, i = mult * 128, i + 1
                if not d & 128:
                    break
            if len(self.mqtt) < i + n:
                return
            kind, body, self.mqtt = self.mqtt[0], self.mqtt[i:i + n], self.mqtt[i + n:]
            if kind >> 4 == 2:
                self.connected = body[1] == 0
            elif kind >> 4 == 3:
                tlen = int.from_bytes(body[:2], "big")
                on_publish(bool(kind & 1), body[2 + tlen:])

    def ping(self) -> None:
        try:
            self.sock.send(_ws_frame(b"\xc0\x00"))
        except OSError:
            self.closed = True

    def close(self) -> None:
        try:
            self.sock.send(_ws_frame(b"\xe0\x00"))
        except OSError:
            pass
        self.sock.close()


class Spectators:
    """``n`` spectators (:class:`Spectator`) read by one thread through a selector."""

    def __init__(self, setup: Any, n: int):
        self.lags: list[float] = []
        self.counting = False
        self.sel = selectors.DefaultSelector()
        want = [f"tc/{EVENT}/tables/+/view", f"tc/{EVENT}/tables/+/status"]
        self.clients = []
        for i in range(n):
            c = Spectator(setup.ws_port, setup.passwords["viewer"], want, f"spectator-{i}")
            self.sel.register(c.sock, selectors.EVENT_READ, c)
            self.clients.append(c)
            if i % 50 == 49:
                self.turn(0.0)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="spectators", daemon=True)

    @property
    def ready(self) -> int:
        return sum(1 for c in self.clients if c.connected and not c.closed)

    def _publish(self, retained: bool, payload: bytes) -> None:
        if not self.counting or retained:
            return
        m = TIME_RE.search(payload[:400])
        if m:
            self.lags.append(time.time() - float(m.group(1)))

    def turn(self, timeout: float) -> None:
        for key, _ in self.sel.select(timeout):
            key.data.read(self._publish)

    def _run(self) -> None:
        pinged = time.monotonic()
        while not self.stop.is_set():
            self.turn(0.05)
            if time.monotonic() - pinged > 30:
                pinged = time.monotonic()
                for c in self.clients:
                    c.ping()

    def start(self) -> None:
        self.thread.start()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(5)
        for c in self.clients:
            c.close()
        self.sel.close()


def _watch(host: str, port: int, n: int, seconds: float, start_t: float, ready: Any, out: Any) -> None:
    """In a process of its own: ``n`` spectators of the live stream for
    ``seconds``; puts (connected, [lag of each view's first arrival]) on ``out``."""
    import json as _json

    from companion.bench.web import Crowd
    offset = time.time() - time.perf_counter()
    with Crowd(host, port, n, keep_data=True) as crowd:
        crowd.wait(lambda c: c.status is not None, 30)
        ready.set()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            crowd.pump(0.05)
        lags: list[float] = []
        for c in crowd.clients:
            seen: set[tuple[str, int]] = set()          # a table's view counts once, when it first arrives
            for data in c.data:
                msg = _json.loads(data)
                at = c.received_at.get(msg.get("seq", -1))
                for t in msg.get("tables", []):
                    v = t.get("view") or {}
                    key = (t["name"], int(v.get("seq", -1)))
                    if at is None or not v.get("time") or v["time"] < start_t or key in seen:
                        continue
                    seen.add(key)
                    lags.append(at + offset - float(v["time"]))
        out.put((sum(1 for c in crowd.clients if not c.closed and c.status == 200), lags))


def spectators(setup: Any, n: int, tables: int, seconds: float, every_s: float, view: dict[str, Any]
               ) -> dict[str, Any]:
    """``n`` spectators of the event page's live stream (read by two other
    processes, as browsers read on their own machines) while ``tables`` publish."""
    import multiprocessing

    from companion.bench.web import ServerThread
    from companion.event.broker_url import BrokerURL
    from companion.event.feed import EventFeed
    from companion.event.hub import EventHub
    from web.event import create_event_app
    hub = EventHub(BrokerURL.parse(setup.url("hub")), event=EVENT)
    hub.start()
    hub.wait_for(lambda h: h.connected, 10)
    feed = EventFeed(hub)
    feed.start()
    names = [f"t{i + 1}" for i in range(tables)]
    clients = _publishers(setup, names)
    ctx = multiprocessing.get_context("spawn")
    try:
        with ServerThread(create_event_app(hub, feed)) as site:
            out = ctx.Queue()
            start_t = time.time() + 4.0
            shares = [n - n // 2, n // 2] if n > 1 else [n]        # browsers read in parallel: two readers
            watchers = []
            for share in shares:
                ready = ctx.Event()
                w = ctx.Process(target=_watch, args=(site.host, site.port, share, seconds + 7.0, start_t, ready, out))
                w.start()
                ready.wait(60)
                watchers.append(w)
            time.sleep(max(0.0, start_t - time.time()))
            sent = _publish_for(clients, names, view, seconds, every_s)
            alive, lags = 0, list[float]()
            for _ in watchers:
                a, part = out.get(timeout=120)
                alive, lags = alive + a, lags + part
            for w in watchers:
                w.join(10)
        return {"spectators": alive, "sent": sent, "deliveries": len(lags),
                "median_ms": 1000 * statistics.median(lags) if lags else float("nan"),
                "p95_ms": 1000 * _pct(lags, 0.95), "p99_ms": 1000 * _pct(lags, 0.99),
                "max_ms": 1000 * max(lags) if lags else float("nan"),
                "within_1s": sum(1 for x in lags if x <= 1.0) / max(1, len(lags))}
    finally:
        for c in clients:
            c.disconnect()
            c.loop_stop()
        feed.close()
        hub.close()


def websocket_burst(setup: Any, view: dict[str, Any], burst: int = 50) -> float:
    """Seconds until one MQTT-over-WebSocket subscriber has a burst of views."""
    from companion.event import topics
    (pub,) = _publishers(setup, ["t1"])
    crowd = Spectators(setup, 1)
    try:
        crowd.start()
        end = time.monotonic() + 10
        while crowd.ready < 1 and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.5)
        crowd.counting = True
        t0 = time.time()
        for i in range(burst):
            pub.publish(topics.topic(EVENT, "t1", "view"), _payload(view, "t1", i), qos=0)
        end = time.monotonic() + 30
        while len(crowd.lags) < burst and time.monotonic() < end:
            time.sleep(0.02)
        return max(crowd.lags) if len(crowd.lags) == burst else time.time() - t0
    finally:
        crowd.close()
        pub.disconnect()
        pub.loop_stop()


def run(report: Any) -> None:
    from companion.event.broker import Mosquitto, write_broker
    from companion.service.network import free_ports
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    quick = report.quick
    n_tables, n_viewers = 50, (200 if quick else 1000)
    seconds = 6.0 if quick else 20.0
    view = _view()
    report.line(f"a table's view: {len(_payload(view, 't1', 1)) / 1024:.1f} kB of JSON")
    with tempfile.TemporaryDirectory(prefix="bench-event-") as tmp:
        port, ws_port = free_ports(2)
        setup = write_broker(Path(tmp) / "broker", event=EVENT, tables=[f"t{i + 1}" for i in range(n_tables)],
                             port=port, ws_port=ws_port, bind="127.0.0.1")
        with Mosquitto(setup) as broker:
            assert broker.process is not None
            pid = broker.process.pid
            hub = tables_into_hub(setup, pid, n_tables, seconds, view)
            report.line(f"\n{n_tables} tables, a view a second each, into one broker and the hub ({seconds:.0f} s):")
            report.table(["tables", "views/s", "received", "median ms", "p95 ms", "max ms", "broker CPU %",
                          "tables+hub CPU %"],
                         [[hub["tables"], hub["rate"], f"{hub['received']}/{hub['sent']}", hub["median_ms"],
                           hub["p95_ms"], hub["max_ms"], hub["broker_cpu"], hub["process_cpu"]]])
            one = spectators(setup, 1, n_tables, seconds / 2, 5.0, view)
            many = spectators(setup, n_viewers, n_tables, seconds, 5.0, view)
            report.line(f"\nspectators of the event page's live stream, {n_tables} tables each publishing a view "
                        f"every 5 s ({seconds:.0f} s):")
            rows = [[r["spectators"], r["deliveries"], r["median_ms"], r["p95_ms"], r["p99_ms"], r["max_ms"],
                     f"{100 * r['within_1s']:.1f} %"] for r in (one, many)]
            report.table(["spectators", "deliveries", "median ms", "p95 ms", "p99 ms", "max ms", "within 1 s"], rows)
            ratio = many["median_ms"] / one["median_ms"] if one["median_ms"] else float("nan")
            report.line(f"median latency with {many['spectators']} spectators: {ratio:.2f}x that with 1")
            held = many["spectators"] == n_viewers and many["max_ms"] <= 1000.0
            report.line(f"{n_viewers} spectators, every update within 1 s: {'held' if held else 'NOT held'} "
                        f"({100 * many['within_1s']:.2f} % within 1 s, the slowest {many['max_ms'] / 1000:.2f} s)")
            burst = websocket_burst(setup, view)
            report.line(f"\nMosquitto's WebSocket listener, one subscriber, a burst of 50 views: all there after "
                        f"{burst:.1f} s (why the page does not subscribe to the broker itself)")
