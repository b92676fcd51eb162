"""Live updates over Server-Sent Events, against the real server on
loopback: the stream's format (``retry:``, ``id: seq``, the full public view,
keep-alive comments), reconnection, the viewer limit, and 100 viewers who each
receive every update."""
from __future__ import annotations

import json
import urllib.error
import urllib.request

from companion.bench.web import Crowd, ServerThread
from web import close_streams, create_app, server_threads

from .conftest import deal_kids

LOOP_TIMEOUT = 20.0


def test_the_stream_starts_with_retry_and_the_full_view(glc, server):
    with Crowd(server.host, server.port, 1, keep_data=True) as crowd:
        assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT)
        c = crowd.clients[0]
    assert c.status == 200
    assert c.retry_ms == 2000
    first = json.loads(c.data[0])
    assert first == glc.view()
    assert c.seqs[0] == first["seq"]


def test_headers_say_event_stream_not_to_be_cached(glc, server):
    with urllib.request.urlopen(server.url + "/api/events", timeout=10) as r:
        assert r.headers["Content-Type"].startswith("text/event-stream")
        assert r.headers["Cache-Control"] == "no-store"
        assert r.readline().startswith(b"retry: ")


def test_each_change_arrives_with_its_seq(glc, server):
    with Crowd(server.host, server.port, 1, keep_data=True) as crowd:
        assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT)
        deal_kids(glc)
        target = glc.view()["seq"]
        assert crowd.wait(lambda c: target in c.seqs, LOOP_TIMEOUT)
        c = crowd.clients[0]
    last = json.loads(c.data[-1])
    assert last["seq"] == target
    assert all(s["kid"] is not None for s in last["state"]["slots"])
    assert c.seqs == sorted(set(c.seqs))


def test_an_idle_stream_gets_keep_alive_comments(glc, server):
    # the server fixture sends one every second (the default is 15 s)
    with Crowd(server.host, server.port, 1) as crowd:
        assert crowd.wait(lambda c: c.comments >= 3, LOOP_TIMEOUT)   # ": connected" and two keep-alives


def test_a_reconnecting_viewer_gets_the_current_view_at_once(glc, server):
    with Crowd(server.host, server.port, 1) as crowd:
        assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT)
    deal_kids(glc)                                   # while nobody watches
    with Crowd(server.host, server.port, 1, keep_data=True) as crowd:
        assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT)
        view = json.loads(crowd.clients[0].data[0])
    assert view["seq"] == glc.view()["seq"]
    assert view["state"]["slots"][0]["kid"] is not None


def test_viewers_past_the_limit_are_told_to_retry(session):
    app = create_app(session, max_streams=2, keepalive_s=1.0)
    with ServerThread(app) as srv, Crowd(srv.host, srv.port, 2) as crowd:
        assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT)
        try:
            urllib.request.urlopen(srv.url + "/api/events", timeout=10)
            raise AssertionError("a third stream was accepted")
        except urllib.error.HTTPError as e:
            assert e.code == 503
            assert e.headers["Retry-After"] == "5"
            assert "too many live viewers" in json.loads(e.read())["error"]
        # ordinary requests still get through
        with urllib.request.urlopen(srv.url + "/api/state", timeout=10) as r:
            assert r.status == 200


def test_the_server_is_sized_for_the_viewers(session):
    """Viewers live in the event loop: a thousand are promised while the threads
    for ordinary requests stay few (each thread keeps its memory arena)."""
    app = create_app(session)
    assert app.extensions["companion_streams"].limit >= 1000
    assert server_threads(app) <= 16
    assert server_threads(app, 500) <= 32                # a config cannot ask for a thread per viewer
    srv = ServerThread(app, threads=4)
    try:
        assert srv.server.limits.pool_threads == 4
        assert srv.server.max_connections > 1000
    finally:
        srv.server.close()


def test_shutdown_ends_every_stream(glc):
    app = create_app(glc, keepalive_s=60.0)
    srv = ServerThread(app).start()
    try:
        with Crowd(srv.host, srv.port, 5) as crowd:
            assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT)
            assert app.extensions["companion_streams"].open == 5
            assert close_streams(app, timeout=5.0)
            assert app.extensions["companion_streams"].open == 0
    finally:
        srv.stop()


def test_a_hundred_viewers_each_receive_every_update(glc, server):
    """100 clients on loopback; 10 referee changes one at a time, then 10 back to
    back; every client must hold every published view, in order."""
    changes = [lambda: deal_kids(glc), glc.undo] * 10
    with Crowd(server.host, server.port, 100) as crowd:
        assert crowd.wait(lambda c: c.seqs, LOOP_TIMEOUT), "every viewer connects"
        assert all(c.status == 200 for c in crowd.clients)
        start = glc.view()["seq"]
        for change in changes[:10]:
            change()
            target = glc.view()["seq"]
            assert crowd.wait(lambda c, target=target: target in c.seqs, LOOP_TIMEOUT)
        for change in changes[10:]:
            change()
        final = glc.view()["seq"]
        assert crowd.wait(lambda c: final in c.seqs, LOOP_TIMEOUT)
    expected = set(range(start + 1, final + 1))
    assert len(expected) >= 20
    for c in crowd.clients:
        assert expected <= set(c.seqs)
        assert c.seqs == sorted(c.seqs)
