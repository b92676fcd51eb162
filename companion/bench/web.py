"""Benchmark: live viewers of the web page (``make bench``, section "web").

1,000 Server-Sent Events clients on loopback hold ``/api/events`` open against the
real server (:func:`web.make_server`: one event loop), in front of a real
:class:`~companion.live.session.Session` playing Ghosts Love Candy. The referee then
changes the game N times (a kid revealed, then undone, and again), one change at
a time, and once more N times back to back. Reported:

* delivery: every client must receive every view (every ``seq``) published;
* latency: from the session publishing a view to the LAST of the 1,000 clients
  holding it (median and worst of the paced changes), in milliseconds and as a
  ratio to one raw in-process ``session.view()`` call, timed on the same machine
  in the same run (so the figure means something on a noisy machine);
* waves: 300 viewers join and leave, five times, against a server that holds
  exactly 300: how many each wave got in (a place not freed at once shows here);
* the referee API's latency with 300 idle sockets open, against none.

The clients are plain sockets read by one selector loop (no browser), so the
figure is the server's: the session fan-out, the JSON encoding, the event
loop and the loopback network.

Example::

    python -m companion.bench.web          # just this section
"""
from __future__ import annotations

import json
import selectors
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CLIENTS = 1000
UPDATES = 20
TIMEOUT_S = 30.0
PER_SOURCE = 16          # viewers per loopback source address (the server caps one address's share)
WAVES = 5               # waves of viewers joining and leaving
WAVE_SIZE = 300
IDLE_SOCKETS = 300


# --------------------------------------------------------------------------- a crowd of SSE clients


class SSEClient:
    """One viewer: an HTTP/1.1 GET of the event stream on a non-blocking socket,
    de-chunked and split into Server-Sent Events messages as bytes arrive.
    ``seqs`` holds the ``id`` of every message received, ``received_at`` when."""

    def __init__(self, host: str, port: int, path: str = "/api/events", timeout: float = 10.0,
                 keep_data: bool = False, source: str | None = None):
        self.keep_data = keep_data
        self.data: list[str] = []    # every message's data, when keep_data
        self.sock = socket.create_connection((host, port), timeout=timeout,
                                             source_address=(source, 0) if source else None)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                          f"Accept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n".encode())
        self.sock.setblocking(False)
        self.status: int | None = None
        self.chunked = False
        self._raw = b""          # bytes not yet de-chunked
        self._text = ""          # event-stream text not yet split into messages
        self.seqs: list[int] = []
        self.received_at: dict[int, float] = {}
        self.last_data: str | None = None
        self.comments = 0
        self.retry_ms: int | None = None
        self.closed = False

    def feed(self, data: bytes, now: float) -> None:
        if not data:
            self.closed = True
            return
        self._raw += data
        if self.status is None:
            head, sep, rest = self._raw.partition(b"\r\n\r\n")
            if not sep:
                return
            lines = head.decode("latin-1").split("\r\n")
            self.status = int(lines[0].split()[1])
            self.chunked = any(l.lower().startswith("transfer-encoding:") and "chunked" in l.lower() for l in lines)
            self._raw = rest
        if self.chunked:
            self._dechunk()
        else:
            self._text += self._raw.decode("utf-8")
            self._raw = b""
        self._messages(now)

    def _dechunk(self) -> None:
        while True:
            size_line, sep, rest = self._raw.partition(b"\r\n")
            if not sep:
                return
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                self.closed = True
                return
            if len(rest) < size + 2:
                return
            self._text += rest[:size].decode("utf-8")
            self._raw = rest[size + 2:]

    def _messages(self, now: float) -> None:
        while "\n\n" in self._text:
            block, self._text = self._text.split("\n\n", 1)
            seq = None
            data = []
            for line in block.split("\n"):
                if line.startswith(":"):
                    self.comments += 1
                elif line.startswith("id:"):
                    seq = int(line[3:].strip())
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip(" "))
                elif line.startswith("retry:"):
                    self.retry_ms = int(line[6:].strip())
            if seq is not None:
                self.seqs.append(seq)
                self.received_at.setdefault(seq, now)
                self.last_data = "\n".join(data)
                if self.keep_data:
                    self.data.append(self.last_data)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def source_address(i: int, per_source: int = PER_SOURCE, first: int = 1) -> str:
    """The loopback address viewer ``i`` connects from: ``per_source`` viewers per
    address (127.0.0.2, 127.0.0.3, ...), so a crowd looks like many phones and
    not one address over its fair share."""
    k = first + i // per_source
    return f"127.0.{k // 254}.{k % 254 + 1}"


class Crowd:
    """``n`` viewers of one server, read together by one selector loop::

        with Crowd("127.0.0.1", port, 100) as crowd:
            crowd.wait(lambda c: c.seqs, timeout=10)      # everyone has the first view

    On loopback the viewers come from many source addresses (``per_source`` each,
    see :func:`source_address`); ``per_source=0`` keeps them all on one."""

    def __init__(self, host: str, port: int, n: int, path: str = "/api/events", keep_data: bool = False,
                 per_source: int = PER_SOURCE, first_source: int = 1):
        self.clients: list[SSEClient] = []
        self.selector = selectors.DefaultSelector()
        spread = per_source > 0 and host.startswith("127.")
        try:
            for i in range(n):
                c = SSEClient(host, port, path, keep_data=keep_data,
                              source=source_address(i, per_source, first_source) if spread else None)
                self.clients.append(c)
                self.selector.register(c.sock, selectors.EVENT_READ, c)
        except BaseException:
            self.close()
            raise

    def pump(self, timeout: float) -> None:
        """Read whatever has arrived within ``timeout`` seconds."""
        for key, _ in self.selector.select(timeout):
            c: SSEClient = key.data
            try:
                data = c.sock.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            c.feed(data, time.perf_counter())
            if c.closed:
                self.selector.unregister(c.sock)

    def wait(self, done: Callable[[SSEClient], Any], timeout: float) -> bool:
        """Pump until ``done(client)`` holds for every client; False on timeout."""
        end = time.monotonic() + timeout
        while not all(done(c) for c in self.clients):
            left = end - time.monotonic()
            if left <= 0:
                return False
            self.pump(min(left, 0.2))
        return True

    def close(self) -> None:
        for c in self.clients:
            c.close()
        self.selector.close()

    def __enter__(self) -> Crowd:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --------------------------------------------------------------------------- a server in a thread


class ServerThread:
    """The real server (:func:`web.make_server`) for ``app`` on a free loopback port, in a thread::

        with ServerThread(app) as srv:
            urllib.request.urlopen(srv.url + "/api/state")
    """

    def __init__(self, app: Any, host: str = "127.0.0.1", threads: int | None = None, limits: Any = None):
        from web import make_server
        self.app = app
        self.server = make_server(app, host, 0, threads, limits=limits)
        self.host = host
        self.port = int(self.server.effective_port)
        self.url = f"http://{host}:{self.port}"
        self.thread = threading.Thread(target=self._run, name="web-server", daemon=True)

    def _run(self) -> None:
        try:
            self.server.run()
        except (OSError, ValueError):   # closed under it
            pass

    def start(self) -> ServerThread:
        self.thread.start()
        return self

    def stop(self) -> None:
        from web import close_streams
        close_streams(self.app)
        self.server.close()
        dispatcher = getattr(self.server, "task_dispatcher", None)
        if dispatcher is not None:
            dispatcher.shutdown(cancel_pending=True, timeout=2)
        self.thread.join(5)

    def __enter__(self) -> ServerThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --------------------------------------------------------------------------- the measurement


def glc_session(journal_dir: str | Path, pin: str = "2468") -> Any:
    """A real session playing Ghosts Love Candy with three players, no camera."""
    from companion.config import load_config
    from companion.live.session import Session
    cfg = load_config(None, env={"COMPANION_REFEREE_PIN": pin,
                                 "COMPANION_JOURNAL_PATH": str(Path(journal_dir) / "journal.sqlite"),
                                 "COMPANION_PINS_FACTORY": "mock"})
    session = Session(cfg, indicators=False)
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    return session


def toggler(session: Any) -> Callable[[], None]:
    """A referee change that can repeat forever: reveal a kid into slot 1, then undo it."""
    state = {"up": False}

    def change() -> None:
        if state["up"]:
            session.undo()
        else:
            kid = session.state["kid_deck"][0] if session.state.get("kid_deck") else 1
            session.apply({"type": "reveal_kid", "slot": 1, "kid": kid})
        state["up"] = not state["up"]
    return change


def view_call_s(session: Any, repeat: int = 200) -> float:
    """Median seconds of one raw in-process ``session.view()`` call."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        session.view()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(session: Any, change: Callable[[], None], clients: int = CLIENTS, updates: int = UPDATES,
            timeout_s: float = TIMEOUT_S, keepalive_s: float = 15.0) -> dict[str, Any]:
    """Run ``clients`` viewers against the server for ``session`` while
    ``change()`` is called ``updates`` times paced (waiting for every client each
    time) and ``updates`` times back to back. Returns the figures."""
    from web import create_app

    published: dict[int, float] = {}
    session.on_change(lambda v: published.setdefault(v["seq"], time.perf_counter()))
    app = create_app(session, pin="bench", keepalive_s=keepalive_s, max_streams=max(clients + 8, 120))
    out: dict[str, Any] = {"clients": clients, "updates": updates * 2}
    with ServerThread(app) as srv, Crowd(srv.host, srv.port, clients) as crowd:
        first_seq = session.view()["seq"]
        connected = crowd.wait(lambda c: c.seqs and c.seqs[-1] >= first_seq, timeout_s)
        out["connected"] = sum(1 for c in crowd.clients if c.status == 200 and c.seqs)
        if not connected:
            out["error"] = f"only {out['connected']} of {clients} clients got the first view"
            return out
        latencies = []
        start_seq = session.view()["seq"]
        for _ in range(updates):                                  # paced: one change at a time
            change()
            target = session.view()["seq"]
            if not crowd.wait(lambda c: target in c.received_at, timeout_s):  # noqa: B023 (waited on here)
                break
            last = max(c.received_at[target] for c in crowd.clients)
            latencies.append(last - published.get(target, last))
        for _ in range(updates):                                  # a burst: back to back
            change()
        final = session.view()["seq"]
        crowd.wait(lambda c: final in c.received_at, timeout_s)
        expected = set(range(start_seq + 1, final + 1))
        complete = [c for c in crowd.clients if expected <= set(c.seqs)]
        missing = sum(len(expected - set(c.seqs)) for c in crowd.clients)
    out.update({
        "views_published": len(expected),
        "clients_complete": len(complete),
        "views_missing": missing,
        "in_order": all(c.seqs == sorted(c.seqs) for c in crowd.clients),
        "latency_ms_median": round(statistics.median(latencies) * 1000, 2) if latencies else None,
        "latency_ms_max": round(max(latencies) * 1000, 2) if latencies else None,
    })
    return out


def waves(session: Any, n_waves: int = WAVES, size: int = WAVE_SIZE, timeout_s: float = TIMEOUT_S) -> dict[str, Any]:
    """Viewers joining and leaving in waves: ``size`` viewers connect, get the
    current view and close their sockets, ``n_waves`` times, against a server
    that holds exactly ``size`` viewers (so a place not freed at once shows)."""
    from web import create_app
    app = create_app(session, pin="bench", max_streams=size)
    admitted, refused, times = [], 0, []
    with ServerThread(app) as srv:
        for _ in range(n_waves):
            t = time.perf_counter()
            with Crowd(srv.host, srv.port, size) as crowd:
                crowd.wait(lambda c: c.seqs or (c.status is not None and c.status != 200), timeout_s)
                admitted.append(sum(1 for c in crowd.clients if c.status == 200 and c.seqs))
                refused += sum(1 for c in crowd.clients if c.status not in (None, 200))
            times.append(time.perf_counter() - t)
    return {"waves": n_waves, "wave_size": size, "wave_admitted_min": min(admitted), "wave_refused": refused,
            "wave_ms_median": round(statistics.median(times) * 1000, 1)}


def referee_under_idle(session: Any, idle: int = IDLE_SOCKETS, repeat: int = 30) -> dict[str, Any]:
    """The referee API's latency (``POST /api/referee/undo`` after an apply) with
    no other connection, then with ``idle`` sockets open that never send a byte."""
    import urllib.request

    from web import create_app
    app = create_app(session, pin="bench")
    change = toggler(session)

    def call(url: str) -> float:
        req = urllib.request.Request(url + "/api/referee/check", headers={"X-Referee-Pin": "bench"})
        t = time.perf_counter()
        with urllib.request.urlopen(req, timeout=30) as r:
            r.read()
        return time.perf_counter() - t

    out: dict[str, Any] = {"idle_sockets": idle}
    with ServerThread(app) as srv:
        quiet = [call(srv.url) for _ in range(repeat)]
        socks = []
        try:
            for _ in range(idle):
                socks.append(socket.create_connection((srv.host, srv.port), timeout=10))
            time.sleep(0.2)
            busy = [call(srv.url) for _ in range(repeat)]
            change()                                   # a real referee operation, too
            change()
        finally:
            for s in socks:
                s.close()
    q, b = statistics.median(quiet), statistics.median(busy)
    out.update({"referee_ms_quiet": round(q * 1000, 2), "referee_ms_idle": round(b * 1000, 2),
                "referee_ms_idle_max": round(max(busy) * 1000, 2),
                "referee_idle_x_quiet": round(b / q, 2) if q > 0 else None})
    return out


def run_bench(clients: int = CLIENTS, updates: int = UPDATES) -> dict[str, Any]:
    """The whole section: a fresh GLC session in a temporary folder, measured."""
    from web.server import raise_open_file_limit
    raise_open_file_limit()                            # a thousand viewers and the server, one process
    with tempfile.TemporaryDirectory() as tmp:
        session = glc_session(tmp)
        try:
            raw = view_call_s(session)
            figures = measure(session, toggler(session), clients, updates)
            figures.update(waves(session))
            figures.update(referee_under_idle(session))
        finally:
            session.close()
    figures["view_call_us"] = round(raw * 1e6, 1)
    for k in ("median", "max"):
        ms = figures.get(f"latency_ms_{k}")
        figures[f"latency_{k}_x_view"] = round(ms / 1000 / raw, 1) if ms is not None and raw > 0 else None
    return figures


def summary(f: dict[str, Any]) -> list[str]:
    """The figures as lines for the report."""
    if f.get("error"):
        return [f"web: {f['error']}"]
    return [
        f"web: {f['clients']} SSE clients on loopback (event loop, {PER_SOURCE} per source address), "
        f"{f['views_published']} views published ({f['updates']} referee changes, half paced, half back to back)",
        f"  delivery: {f['clients_complete']}/{f['clients']} clients received every view; "
        f"{f['views_missing']} missing; in order: {'yes' if f['in_order'] else 'NO'}",
        f"  publish -> last client: median {f['latency_ms_median']} ms, worst {f['latency_ms_max']} ms "
        f"(= {f['latency_median_x_view']}x / {f['latency_max_x_view']}x one raw session.view() call "
        f"of {f['view_call_us']} us; the goal is under 1000 ms)",
        f"  waves: {f['waves']} x {f['wave_size']} viewers joining then leaving, on a server holding "
        f"{f['wave_size']}: at least {f['wave_admitted_min']}/{f['wave_size']} admitted per wave, "
        f"{f['wave_refused']} refused; a wave takes {f['wave_ms_median']} ms (median)",
        f"  referee API with {f['idle_sockets']} idle sockets open: median {f['referee_ms_idle']} ms "
        f"(worst {f['referee_ms_idle_max']} ms) vs {f['referee_ms_quiet']} ms without "
        f"(= {f['referee_idle_x_quiet']}x)",
    ]


def run(report: Any) -> dict[str, Any]:
    """``make bench`` entry point: measure, then hand the lines to ``report``."""
    figures = run_bench()
    lines = summary(figures)
    if callable(report):
        for line in lines:
            report(line)
    else:
        for line in lines:
            print(line)
    return figures


if __name__ == "__main__":
    f = run_bench()
    print("\n".join(summary(f)))
    print(json.dumps(f, indent=1))
