"""The companion's HTTP server: one asyncio event loop owns every socket.

Why not a thread per connection (waitress): a live viewer holds its connection
for as long as the page is open, so threads capped the page at ~120 viewers and
every thread that once ran a heavy request kept its malloc arena for good. Here:

* the event loop accepts, reads and writes every connection (HTTP/1.1 parsed by
  ``h11``, a small pure-Python parser); a viewer costs a few kB, not a thread;
* live updates (``GET /api/events``) are served in the loop: ONE session
  subscription feeds a :class:`Hub`, which encodes each view once and writes the
  same bytes to every viewer, plus a keep-alive comment every ``keepalive_s``;
  a viewer whose socket closes is dropped at once (the loop sees the EOF), one
  that stops reading is dropped when ``stream_buffer`` bytes pile up for it;
* every other route goes through the Flask app in a small thread pool; the
  referee's routes (``/api/referee/*``, ``/referee``) have their own threads;
* connection limits (:class:`Limits`): a request must arrive within
  ``idle_timeout_s`` of connecting (or of the previous answer); one address holds
  at most ``per_address_connections`` connections and ``per_address_streams``
  live streams; when an address or the server is full, its oldest idle
  connection is closed to make room, and when nothing is idle the newcomer is
  served only if it is a referee request (``referee_reserve`` connections are
  kept for those), else answered 503.

Example::

    server = Server(app, "0.0.0.0", 8000)     # bound now: .effective_port
    server.run()                              # blocks until server.close()
"""
from __future__ import annotations

import asyncio
import io
import json
import logging
import resource
import socket
import ssl
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote_to_bytes

import h11

from . import hosts

log = logging.getLogger(__name__)

EVENTS_PATH = "/api/events"
SECURITY_HEADERS = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
                    ("X-Frame-Options", "DENY")]


@dataclass
class Limits:
    """What one server holds, and what one address may take of it."""
    max_connections: int = 0            # 0: as many as the open-file limit allows (at most 4096)
    per_address_connections: int = 64   # a browser opens ~6; a big screen with tabs a few more
    per_address_streams: int = 32       # live viewers from one address (more: 429)
    idle_timeout_s: float = 10.0        # a request's headers must arrive within this
    body_timeout_s: float = 30.0        # and its body within this
    pool_threads: int = 6               # threads running ordinary Flask requests
    referee_threads: int = 2            # threads kept for the referee's requests
    queue_limit: int = 64               # ordinary requests waiting for a thread (more: 503)
    referee_reserve: int = 32           # connections past max_connections kept for referee requests
    stream_buffer: int = 256 * 1024     # unsent bytes a viewer may lag before it is dropped
    uploads: int = 2                    # large bodies (TC_UPLOADS routes) received at once, one per address
                                        # (more: 503); who may send one is checked before its body is read


#: what a request the HTTP parser refuses is told, by status (never the parser's own words, which quote
#: the raw bytes as Python sees them)
PROTOCOL_ERRORS = {
    400: "bad request: the request line or its headers are not HTTP/1.1",
    431: "the request's headers are too large (at most 16 KiB)",
    501: "this server speaks HTTP/1.1 only, and no transfer coding but chunked",
}


def raise_open_file_limit(want: int = 16384) -> int:
    """Raise this process's soft open-file limit towards ``want`` (never past the
    hard limit); the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else want


def is_referee_path(path: str) -> bool:
    """The referee's routes, which always get a thread and a connection."""
    return path.startswith("/api/referee/") or path == "/referee" or path.startswith("/referee/")


def body_limit(app: Any, path: str) -> int:
    """The largest body a request to ``path`` may send: the app's
    ``MAX_CONTENT_LENGTH``, or more on the upload routes the app names in
    ``TC_UPLOADS`` (path -> bytes: a photo to score, a phone's camera frame)."""
    uploads = app.config.get("TC_UPLOADS") or {}
    return int(uploads.get(path) or app.config.get("MAX_CONTENT_LENGTH") or 1 << 20)


def _json_error(status: int, reason: str) -> bytes:
    return json.dumps({"error": reason, "status": status}).encode()


class Conn:
    """One client connection: its streams, where it is (``idle`` waiting for a
    request, ``busy`` in one, ``stream`` a live viewer) and since when."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader = reader
        self.writer = writer
        peer = writer.get_extra_info("peername") or ("?", 0)
        self.addr, self.port = str(peer[0]), int(peer[1]) if len(peer) > 1 else 0
        self.state = "idle"
        self.since = time.monotonic()
        self.over = False               # admitted past a limit: referee requests only
        self.task: asyncio.Task | None = None

    def idle(self) -> None:
        self.state, self.since = "idle", time.monotonic()

    def abort(self) -> None:
        self.writer.transport.abort()


class Stream:
    """One live viewer in the hub: writes shared bytes to its connection, in its
    language (``lang``: the sentences of every view are sent translated)."""

    def __init__(self, conn: Conn, loop: asyncio.AbstractEventLoop, buffer_limit: int, lang: str = "en"):
        self.conn = conn
        self.loop = loop
        self.buffer_limit = buffer_limit
        self.lang = lang

    def send(self, data: bytes) -> None:
        t = self.conn.writer.transport
        if t.is_closing():
            return
        if t.get_write_buffer_size() > self.buffer_limit:
            t.abort()                   # a viewer that stopped reading: it will reconnect
            return
        t.write(data)

    def close(self) -> None:
        """End this stream (thread-safe: the app's close_streams calls it)."""
        try:
            self.loop.call_soon_threadsafe(self.conn.writer.transport.close)
        except RuntimeError:            # the loop is already closed
            pass


class Hub:
    """The session's live updates, fanned out: one listener on the session (its
    ``on_change``, called in the publishing thread, hands each view to the loop
    before the publish returns), each view encoded once per language that has
    viewers, the same bytes written to every viewer of that language; a
    keep-alive comment to all of them every ``keepalive_s``."""

    def __init__(self, session: Any, loop: asyncio.AbstractEventLoop, keepalive_s: float):
        from .api import sse_message
        from .i18n import localize
        self._encode = lambda view, lang: sse_message(localize(view, lang)).encode("utf-8")
        self.loop = loop
        self.streams: set[Stream] = set()
        self._stopped = False
        session.on_change(self._offer)            # before reading the view: no change falls between
        view = session.view()
        self.latest_seq = int(view.get("seq", 0))
        self.latest_view = view
        self._encoded: dict[str, bytes] = {}      # the latest view, per language asked for
        self.keepalive_s = max(0.2, float(keepalive_s))
        self._ticker = loop.call_later(self.keepalive_s, self._keepalive)

    def latest(self, lang: str) -> bytes:
        """The latest view as one message in ``lang`` (encoded once per language)."""
        msg = self._encoded.get(lang)
        if msg is None:
            msg = self._encoded[lang] = self._encode(self.latest_view, lang)
        return msg

    def _offer(self, view: dict[str, Any]) -> None:
        """A published view (any thread): broadcast it in the loop."""
        if self._stopped:
            return
        try:
            self.loop.call_soon_threadsafe(self._broadcast, view)
        except RuntimeError:            # the loop is closed
            self._stopped = True

    def _broadcast(self, view: dict[str, Any]) -> None:
        seq = int(view.get("seq", 0))
        if seq <= self.latest_seq or self._stopped:
            return
        encoded: dict[str, bytes] = {}
        try:
            for lang in {s.lang for s in self.streams} | {"en"}:
                encoded[lang] = self._encode(view, lang)
        except Exception as e:          # a view that cannot be encoded: skip it, keep serving
            log.warning("live update %s not sent: %s", seq, e)
            return
        self.latest_seq, self.latest_view, self._encoded = seq, view, encoded
        for s in list(self.streams):
            s.send(encoded[s.lang])

    def _keepalive(self) -> None:
        for s in list(self.streams):
            s.send(b": keep-alive\n\n")
        self._ticker = self.loop.call_later(self.keepalive_s, self._keepalive)

    def stop(self) -> None:
        self._stopped = True
        self._ticker.cancel()


class Server:
    """The app served on ``host:port`` (bound at construction: an OSError then
    means the port is taken); :meth:`run` blocks until :meth:`close`."""

    def __init__(self, app: Any, host: str = "127.0.0.1", port: int = 8000,
                 limits: Limits | None = None, ssl_context: ssl.SSLContext | None = None):
        self.app = app
        self.ssl_context = ssl_context      # HTTPS (a phone's camera page needs a secure context)
        self.limits = limits or Limits()
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.socket = socket.create_server((host, int(port)), family=family, backlog=2048)
        self.host = host
        self.effective_port = int(self.socket.getsockname()[1])
        nofile = raise_open_file_limit()
        self.max_connections = self.limits.max_connections or max(64, min(4096, nofile - 128))
        self.pool = ThreadPoolExecutor(self.limits.pool_threads, thread_name_prefix="web")
        self.referee_pool = ThreadPoolExecutor(self.limits.referee_threads, thread_name_prefix="web-referee")
        self.conns: set[Conn] = set()
        self.by_addr: dict[str, set[Conn]] = {}
        self.streams_by_addr: dict[str, int] = {}
        self.queued = 0
        self.uploads = 0                # large bodies being received now (Limits.uploads)
        self.uploading: set[str] = set()    # the addresses sending one: one at a time each
        self.refused = 0                # connections or requests turned away (503/429)
        self.evicted = 0                # idle connections closed to make room
        self.hub: Hub | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._closed = False
        self.started = threading.Event()

    # ------------------------------------------------------------------ running

    def run(self) -> None:
        if self._closed:
            return
        self.loop = asyncio.new_event_loop()
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.referee_pool.shutdown(wait=False, cancel_futures=True)
            self.loop.close()

    async def _main(self) -> None:
        self._stopping = asyncio.Event()
        server = await asyncio.start_server(self._handle, sock=self.socket, limit=64 * 1024, ssl=self.ssl_context)
        self.started.set()
        if self._closed:
            self._stopping.set()
        try:
            await self._stopping.wait()
        finally:
            server.close()
            if self.hub is not None:
                self.hub.stop()
            tasks = [c.task for c in list(self.conns) if c.task is not None]
            for c in list(self.conns):
                c.abort()
            for t in tasks:
                t.cancel()
            if tasks:
                await asyncio.wait(tasks, timeout=2)

    def close(self) -> None:
        """Stop serving (thread-safe); :meth:`run` returns soon after."""
        self._closed = True
        loop, stopping = self.loop, self._stopping
        if loop is not None and stopping is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stopping.set)
            except RuntimeError:
                pass
        elif loop is None:
            self.socket.close()

    # ------------------------------------------------------------------ connections

    def _evict_idle(self, among: set[Conn]) -> bool:
        """Close the oldest idle connection in ``among``; False if none is idle."""
        idle = [c for c in among if c.state == "idle"]
        if not idle:
            return False
        oldest = min(idle, key=lambda c: c.since)
        oldest.abort()
        self._forget(oldest)
        self.evicted += 1
        return True

    def _admit(self, conn: Conn) -> bool:
        """Register a new connection, making room by closing idle ones; False
        when even the referee's reserve is used up."""
        mine = self.by_addr.setdefault(conn.addr, set())
        if len(mine) >= self.limits.per_address_connections and not self._evict_idle(mine):
            conn.over = True
        if len(self.conns) >= self.max_connections and not self._evict_idle(self.conns):
            conn.over = True
        if conn.over and len(self.conns) >= self.max_connections + self.limits.referee_reserve:
            return False
        self.conns.add(conn)
        mine.add(conn)
        return True

    def _forget(self, conn: Conn) -> None:
        self.conns.discard(conn)
        mine = self.by_addr.get(conn.addr)
        if mine is not None:
            mine.discard(conn)
            if not mine:
                del self.by_addr[conn.addr]

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Conn(reader, writer)
        conn.task = asyncio.current_task()
        if not self._admit(conn):
            self.refused += 1
            writer.write(self._simple(503, "the server is full; try again in a few seconds", close=True))
            writer.close()
            return
        try:
            await self._serve(conn)
        except (TimeoutError, ConnectionError, asyncio.CancelledError, h11.LocalProtocolError,
                h11.RemoteProtocolError):     # a client gone mid-request (its body cut short): not an error
            pass
        except Exception:
            log.exception("connection from %s failed", conn.addr)
        finally:
            self._forget(conn)
            writer.close()

    def _simple(self, status: int, reason: str, headers: Sequence[tuple[str, str]] = (), close: bool = False) -> bytes:
        """A complete JSON error response, as bytes (no h11 state needed)."""
        body = _json_error(status, reason)
        lines = [f"HTTP/1.1 {status} {h11_reason(status)}", "Content-Type: application/json",
                 f"Content-Length: {len(body)}", "Cache-Control: no-store"]
        lines += [f"{k}: {v}" for k, v in list(headers) + SECURITY_HEADERS]
        if close:
            lines.append("Connection: close")
        return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body

    async def _next_event(self, conn: Conn, h: h11.Connection, deadline: float) -> Any:
        while True:
            event = h.next_event()
            if event is not h11.NEED_DATA:
                return event
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            data = await asyncio.wait_for(conn.reader.read(64 * 1024), left)
            h.receive_data(data)

    async def _serve(self, conn: Conn) -> None:
        h = h11.Connection(h11.SERVER, max_incomplete_event_size=16 * 1024)
        while True:
            conn.idle()
            timeout = min(2.0, self.limits.idle_timeout_s) if conn.over else self.limits.idle_timeout_s
            try:
                event = await self._next_event(conn, h, time.monotonic() + timeout)
            except h11.RemoteProtocolError as e:
                status = e.error_status_hint or 400
                conn.writer.write(self._simple(status, PROTOCOL_ERRORS.get(status, PROTOCOL_ERRORS[400]), close=True))
                return
            if not isinstance(event, h11.Request):
                return                  # closed, or the connection is in a state we do not serve
            conn.state = "busy"
            target = event.target.decode("latin-1")
            path = target.split("?", 1)[0]
            method = event.method.decode("ascii", "replace")
            if conn.over and not is_referee_path(path):
                self.refused += 1
                conn.writer.write(self._simple(503, "too many connections from this address or to the server; "
                                               "try again in a few seconds", [("Retry-After", "5")], close=True))
                return
            if path == EVENTS_PATH and method in ("GET", "HEAD") and not self._closed:
                # the live stream is served here, not by Flask: the app's host guard (web.hosts) too
                why = hosts.refusal(_header(event, b"host") or "", self.app.config["TC_HOSTS"]) \
                    if "TC_HOSTS" in self.app.config else None
                if why is not None:
                    self.refused += 1
                    conn.writer.write(self._simple(400, why, [], close=True))
                    return
                await self._stream(conn, h, event)
                return
            if not await self._request(conn, h, event, method, path, target):
                return
            if h.our_state is h11.MUST_CLOSE or h.their_state is h11.MUST_CLOSE or conn.over:
                return
            try:
                h.start_next_cycle()
            except h11.LocalProtocolError:
                return

    # ------------------------------------------------------------------ ordinary requests

    async def _read_body(self, conn: Conn, h: h11.Connection, limit: int) -> bytes | None:
        """The request body, or None when it is larger than ``limit``."""
        parts: list[bytes] = []
        size = 0
        if h.they_are_waiting_for_100_continue:
            conn.writer.writelines(h.send_with_data_passthrough(
                h11.InformationalResponse(status_code=100, headers=[])) or [])
        deadline = time.monotonic() + self.limits.body_timeout_s
        while True:
            event = await self._next_event(conn, h, deadline)
            if isinstance(event, h11.Data):
                size += len(event.data)
                if size > limit:
                    return None
                parts.append(bytes(event.data))
            elif isinstance(event, h11.EndOfMessage):
                return b"".join(parts)
            else:
                raise ConnectionError("the client went away mid-request")

    async def _request(self, conn: Conn, h: h11.Connection, req: h11.Request, method: str,
                       path: str, target: str) -> bool:
        """Answer one request through the Flask app; False when the connection must close."""
        limit = body_limit(self.app, path)
        upload = limit > int(self.app.config.get("MAX_CONTENT_LENGTH") or 1 << 20)
        if upload:                      # who may send one is checked before a slot is taken and the body read
            refusal = await self._upload_refusal(conn, req, method, path, target)
            busy = self.uploads >= self.limits.uploads or conn.addr in self.uploading
            if refusal is None and busy:
                refusal = (503, "another upload is being received; try again in a few seconds", {"Retry-After": "2"})
            if refusal is not None:
                status, reason, extra = refusal
                await self._send(conn, h, method, status, [("Content-Type", "application/json"), *extra.items()],
                                 [_json_error(status, reason)])
                return False
        length = _header(req, b"content-length")
        too_big = length is not None and length.isdigit() and int(length) > limit
        self.uploads += upload
        if upload:
            self.uploading.add(conn.addr)
        try:
            body = None if too_big else await self._read_body(conn, h, limit)
        finally:
            self.uploads -= upload
            if upload:
                self.uploading.discard(conn.addr)
        if body is None:
            conn.writer.write(self._simple(413, f"the request body is too large (at most {limit} bytes)", close=True))
            return False
        referee = is_referee_path(path)
        if not referee and self.queued >= self.limits.queue_limit:
            self.refused += 1
            await self._send(conn, h, method, 503, [("Content-Type", "application/json"), ("Retry-After", "1")],
                             [_json_error(503, "the server is busy; try again in a second")])
            return True
        environ = self._environ(conn, req, method, path, target, body)
        self.queued += 0 if referee else 1
        try:
            status, headers, chunks = await asyncio.get_running_loop().run_in_executor(
                self.referee_pool if referee else self.pool, self._call_app, environ)
        finally:
            self.queued -= 0 if referee else 1
        await self._send(conn, h, method, status, headers, chunks)
        return True

    async def _upload_refusal(self, conn: Conn, req: h11.Request, method: str, path: str,
                              target: str) -> tuple[int, str, dict[str, str]] | None:
        """The app's answer, from the headers alone, to a large upload it would
        refuse (``TC_UPLOAD_CHECK``: web.auth.upload_refusal), or None."""
        check = self.app.config.get("TC_UPLOAD_CHECK")
        if check is None:
            return None
        environ = self._environ(conn, req, method, path, target, b"")

        def run() -> Any:
            with self.app.request_context(environ):
                return check()

        refusal: tuple[int, str, dict[str, str]] | None = await asyncio.get_running_loop().run_in_executor(
            self.referee_pool, run)
        return refusal

    async def _send(self, conn: Conn, h: h11.Connection, method: str, status: int,
                    headers: list[tuple[str, str]], chunks: list[bytes]) -> None:
        hdrs = [(k, v) for k, v in headers if k.lower() not in ("connection", "transfer-encoding")]
        if conn.over:
            hdrs.append(("Connection", "close"))
        if not any(k.lower() == "content-length" for k, _ in hdrs):
            hdrs.append(("Content-Length", str(sum(len(c) for c in chunks))))
        w = conn.writer
        w.writelines(h.send_with_data_passthrough(h11.Response(status_code=status, headers=hdrs)) or [])
        if method != "HEAD":
            for chunk in chunks:        # shared bytes (the camera picture) are written as they are
                w.writelines(h.send_with_data_passthrough(h11.Data(data=chunk)) or [])
                if w.transport.get_write_buffer_size() > 256 * 1024:
                    await w.drain()
        w.writelines(h.send_with_data_passthrough(h11.EndOfMessage()) or [])
        await w.drain()

    def _environ(self, conn: Conn, req: h11.Request, method: str, path: str, target: str,
                 body: bytes) -> dict[str, Any]:
        query = target.split("?", 1)[1] if "?" in target else ""
        env: dict[str, Any] = {
            "REQUEST_METHOD": method, "SCRIPT_NAME": "",
            "PATH_INFO": unquote_to_bytes(path).decode("latin-1"), "QUERY_STRING": query,
            "SERVER_NAME": self.host, "SERVER_PORT": str(self.effective_port),
            "SERVER_PROTOCOL": "HTTP/" + req.http_version.decode("ascii"),
            "REMOTE_ADDR": conn.addr, "REMOTE_PORT": str(conn.port),
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.version": (1, 0), "wsgi.url_scheme": "https" if self.ssl_context else "http",
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr, "wsgi.multithread": True, "wsgi.multiprocess": False,
            "wsgi.run_once": False, "wsgi.input_terminated": True,
        }
        for name, value in req.headers:
            key = name.decode("latin-1").upper()
            if "_" in key or key in ("CONTENT_LENGTH", "TRANSFER_ENCODING", "TRANSFER-ENCODING"):
                continue                # no header may pose as another (waitress drops these too)
            key = key.replace("-", "_")
            v = value.decode("latin-1")
            if key == "CONTENT_TYPE":
                env["CONTENT_TYPE"] = v
            else:
                k = "HTTP_" + key
                env[k] = env[k] + "," + v if k in env else v
        return env

    def _call_app(self, environ: dict[str, Any]) -> tuple[int, list[tuple[str, str]], list[bytes]]:
        """Run the WSGI app (in a pool thread); its status, headers and body parts."""
        head: list[Any] = []
        chunks: list[bytes] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None):
            if exc_info and head:
                raise exc_info[1].with_traceback(exc_info[2])
            head[:] = [int(status.split(" ", 1)[0]), list(headers)]
            return chunks.append

        try:
            result = self.app(environ, start_response)
            try:
                for part in result:
                    if part:
                        chunks.append(part)
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()
        except Exception:
            log.exception("web request %s %s failed", environ.get("REQUEST_METHOD"), environ.get("PATH_INFO"))
            return 500, [("Content-Type", "application/json")], [_json_error(500, "internal error")]
        return head[0], head[1], chunks

    # ------------------------------------------------------------------ live updates

    async def _stream(self, conn: Conn, h: h11.Connection, req: h11.Request) -> None:
        """Hold one live viewer until its socket closes (or the server stops)."""
        counter = self.app.extensions["companion_streams"]
        n = self.streams_by_addr.get(conn.addr, 0)
        if n >= self.limits.per_address_streams:
            self.refused += 1
            conn.writer.write(self._simple(
                429, f"too many live viewers from this address (at most {self.limits.per_address_streams}); "
                     "the page will retry", [("Retry-After", "5")], close=True))
            return
        if not counter.acquire():
            self.refused += 1
            conn.writer.write(self._simple(
                503, f"too many live viewers (at most {counter.limit}); the page will retry",
                [("Retry-After", "5")], close=True))
            return
        self.streams_by_addr[conn.addr] = n + 1
        conn.state = "stream"
        stream = Stream(conn, asyncio.get_running_loop(), self.limits.stream_buffer,
                        _language(req, self.app.config.get("TC_LANGUAGE")))
        try:
            counter.track(stream)
            if self.hub is None:
                self.hub = Hub(self.app.extensions["companion_session"], asyncio.get_running_loop(),
                               float(self.app.config.get("TC_KEEPALIVE_S", 1.0)))
            retry = int(self.app.config.get("TC_RETRY_MS", 2000))
            head = ["HTTP/1.1 200 OK", "Content-Type: text/event-stream; charset=utf-8",
                    "Cache-Control: no-store", "X-Accel-Buffering: no", "Connection: close"]
            head += [f"{k}: {v}" for k, v in SECURITY_HEADERS]
            conn.writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1"))
            if req.method == b"HEAD":
                return
            conn.writer.write(f"retry: {retry}\n: connected\n\n".encode())
            conn.writer.write(self.hub.latest(stream.lang))
            self.hub.streams.add(stream)
            while await conn.reader.read(4096):     # a viewer sends nothing more: EOF means gone
                pass
        finally:
            if self.hub is not None:
                self.hub.streams.discard(stream)
            counter.untrack(stream)
            counter.release()
            left = self.streams_by_addr.get(conn.addr, 1) - 1
            if left > 0:
                self.streams_by_addr[conn.addr] = left
            else:
                self.streams_by_addr.pop(conn.addr, None)


def _language(req: h11.Request, configured: str | None) -> str:
    """The language a live viewer asked for (``/api/events?lang=de``, as the
    page does); else its cookie, the app's configured one, its Accept-Language."""
    from urllib.parse import parse_qs, urlsplit

    from .i18n import COOKIE, pick_language
    asked = parse_qs(urlsplit(req.target.decode("latin-1")).query).get("lang", [None])[0]
    cookies = dict(c.strip().split("=", 1) for c in (_header(req, b"cookie") or "").split(";") if "=" in c)
    accepted = [part.split(";")[0].strip() for part in (_header(req, b"accept-language") or "").split(",")]
    return pick_language(asked, cookies.get(COOKIE), configured, [a for a in accepted if a])


def _header(req: h11.Request, name: bytes) -> str | None:
    for k, v in req.headers:
        if k == name:
            return v.decode("latin-1").strip()
    return None


def h11_reason(status: int) -> str:
    from http import HTTPStatus
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Status"
