"""The web server under load, with real sockets on loopback against the real
served app: idle sockets cannot lock anyone out, viewers who leave free their
place at once, a thousand viewers each get the next update, one address cannot
take more than its share, and the referee always gets through."""
from __future__ import annotations

import json
import resource
import socket
import time
from collections.abc import Iterator

import pytest

from companion.bench.web import Crowd, ServerThread
from companion.live.session import Session
from tests.support.referee import PIN
from tests.web.conftest import make_config
from web import create_app
from web.server import Limits

DEADLINE = 20.0


@pytest.fixture
def glc(tmp_path) -> Iterator[Session]:
    s = Session(make_config(tmp_path), indicators=False)
    s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    yield s
    s.close()


def _files(n: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < n:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(n, hard), hard))


def _request(url: str, method: str = "GET", body: dict | None = None, source: str | None = None,
             pin: bool = False) -> tuple[int, dict]:
    """One HTTP request on its own socket (from ``source`` if given): status, JSON."""
    host, port = url.split("//")[1].split("/")[0].split(":")
    path = "/" + url.split("//")[1].split("/", 1)[1]
    data = json.dumps(body).encode() if body is not None else b""
    head = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close",
            f"Content-Length: {len(data)}"]
    if body is not None:
        head.append("Content-Type: application/json")
    if pin:
        head.append(f"X-Referee-Pin: {PIN}")
    with socket.create_connection((host, int(port)), timeout=10,
                                  source_address=(source, 0) if source else None) as s:
        s.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
    status = int(raw.split(b" ", 2)[1])
    payload = raw.partition(b"\r\n\r\n")[2]
    return status, json.loads(payload) if payload.startswith(b"{") else {}


def _idle_sockets(port: int, n: int, source: str) -> list[socket.socket]:
    out = []
    for _ in range(n):
        s = socket.socket()
        s.bind((source, 0))
        s.connect(("127.0.0.1", port))
        out.append(s)
    return out


def test_the_referee_gets_through_300_idle_sockets(glc):
    _files(2048)
    with ServerThread(create_app(glc)) as srv:
        idle = _idle_sockets(srv.port, 300, "127.0.0.1") + _idle_sockets(srv.port, 300, "127.0.0.3")
        try:
            kid = glc.state["kid_deck"][0]
            status, body = _request(srv.url + "/api/referee/apply", "POST",
                                    {"action": {"type": "reveal_kid", "slot": 1, "kid": kid}}, pin=True)
            assert status == 200, body
            assert body["view"]["state"]["slots"][0]["kid"] is not None
            assert _request(srv.url + "/api/state", source="127.0.0.4")[0] == 200
        finally:
            for s in idle:
                s.close()


def test_a_connection_that_never_sends_a_request_is_closed(glc):
    with ServerThread(create_app(glc), limits=Limits(idle_timeout_s=1.0)) as srv, \
            socket.create_connection((srv.host, srv.port), timeout=15) as s:
        assert s.recv(100) == b""                 # the server hung up (recv timing out would raise)


def test_viewers_who_leave_free_their_places(glc):
    app = create_app(glc, max_streams=150)
    with ServerThread(app) as srv:
        with Crowd(srv.host, srv.port, 150) as crowd:
            assert crowd.wait(lambda c: c.seqs, DEADLINE)
            assert all(c.status == 200 for c in crowd.clients)
        # they closed their sockets; a new crowd is let in as soon as the server noticed
        end = time.monotonic() + DEADLINE
        while True:
            with Crowd(srv.host, srv.port, 150) as crowd:
                crowd.wait(lambda c: c.status is not None, DEADLINE)
                if all(c.status == 200 for c in crowd.clients):
                    break
            assert time.monotonic() < end, "viewers who left still hold their places"
            time.sleep(0.5)


def test_a_thousand_viewers_each_receive_the_next_update(glc):
    _files(4096)
    with ServerThread(create_app(glc)) as srv, Crowd(srv.host, srv.port, 1000) as crowd:
        assert crowd.wait(lambda c: c.seqs, DEADLINE), \
            f"{sum(1 for c in crowd.clients if c.seqs)} of 1000 viewers got the first view"
        assert all(c.status == 200 for c in crowd.clients)
        kid = glc.state["kid_deck"][0]
        glc.apply({"type": "reveal_kid", "slot": 1, "kid": kid})
        target = glc.view()["seq"]
        assert crowd.wait(lambda c: target in c.seqs, DEADLINE), \
            f"{sum(1 for c in crowd.clients if target in c.seqs)} of 1000 viewers got the update"


def test_one_address_past_its_share_is_refused_another_still_gets_in(glc):
    share = Limits().per_address_streams
    with ServerThread(create_app(glc)) as srv, \
            Crowd(srv.host, srv.port, share, per_source=0) as crowd:     # all from 127.0.0.1
        assert crowd.wait(lambda c: c.seqs, DEADLINE)
        with Crowd(srv.host, srv.port, 1, per_source=0, keep_data=True) as greedy:
            assert greedy.wait(lambda c: c.status is not None, DEADLINE)
            assert greedy.clients[0].status in (429, 503)
        with Crowd(srv.host, srv.port, 1, per_source=1, first_source=1) as other:   # from 127.0.0.2
            assert other.wait(lambda c: c.seqs, DEADLINE)
            assert other.clients[0].status == 200
        status, body = _request(srv.url + "/api/events")
        assert status in (429, 503) and "too many live viewers" in body["error"]


def test_a_full_server_still_serves_the_referee(glc):
    limits = Limits(max_connections=40, referee_reserve=8)
    with ServerThread(create_app(glc), limits=limits) as srv, Crowd(srv.host, srv.port, 40) as crowd:
        assert crowd.wait(lambda c: c.seqs, DEADLINE)                   # every connection is a viewer
        status, body = _request(srv.url + "/api/state", source="127.0.0.9")
        assert status == 503 and "try again" in body["error"]
        status, body = _request(srv.url + "/api/referee/undo", "POST", pin=True, source="127.0.0.9")
        assert status in (200, 409), body                               # served: the rules answer
        assert body.get("op") == "undo" or "undo" in body.get("error", "") or status == 409


def test_clients_that_hang_up_mid_body_leave_no_error_in_the_log(glc, caplog):
    """A request whose body is cut short by the client closing is a dropped
    connection, not a server error: 50 of them used to write 50 tracebacks."""
    import logging
    with ServerThread(create_app(glc)) as srv, caplog.at_level(logging.INFO, logger="web.server"):
        for _ in range(50):
            with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as s:
                s.sendall(b"POST /api/referee/apply HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                          b"Content-Length: 100\r\n\r\n{\"act")
        assert _request(srv.url + "/api/state")[0] == 200
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text[:500]


def test_a_request_the_parser_refuses_is_told_why_in_plain_words(glc):
    """Not the parser's own words, which quoted raw bytes as Python sees them."""
    def answer(raw: bytes) -> tuple[int, str]:
        with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as s:
            s.sendall(raw)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        return int(data.split(b" ", 2)[1]), json.loads(data.partition(b"\r\n\r\n")[2])["error"]

    with ServerThread(create_app(glc)) as srv:
        assert answer(b"NOT HTTP AT ALL\r\n\r\n") == (400, "bad request: the request line or its headers are not "
                                                           "HTTP/1.1")
        assert answer(b"POST /api/referee/undo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n") == \
            (501, "this server speaks HTTP/1.1 only, and no transfer coding but chunked")
