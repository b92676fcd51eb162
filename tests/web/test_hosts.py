"""The table's page answers only to its own names (web.hosts): a web site that
points a name of its own at the companion's address (DNS rebinding) gets a 400
with the setting that admits a name, on the page, the API, the referee's
operations and the live stream alike; the names a player on the local network
uses (an address, localhost, a .local name, the machine's own name, the
config's [web] hosts) are served as before."""
from __future__ import annotations

import http.client
import json
import socket

import pytest

from companion.bench.web import ServerThread
from tests.support.referee import PIN
from web import create_app


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "192.168.1.20", "[fe80::1]:8000", "localhost:8000",
                                  "companion.local", "Companion.Local.:8000", socket.gethostname()])
def test_the_names_of_the_local_network_are_served(session, host):
    client = create_app(session, pin=PIN).test_client()
    r = client.get("/api/state", headers={"Host": host})
    assert r.status_code == 200


@pytest.mark.parametrize("path", ["/", "/api/state", "/referee/login", "/camera"])
def test_another_sites_name_is_refused_everywhere(session, path):
    client = create_app(session, pin=PIN).test_client()
    r = client.get(path, headers={"Host": "evil.example:8000", "X-Referee-Pin": PIN})
    assert r.status_code == 400
    assert b"evil.example" in r.data and b"[web] hosts" in r.data


def test_a_referee_operation_through_another_name_is_refused_before_the_pin_is_tried(session):
    client = create_app(session, pin=PIN).test_client()
    new = {"game": "GLC", "players": ["RED", "BLUE", "GREEN"]}
    r = client.post("/api/referee/new", json=new,
                    headers={"Host": "evil.example", "X-Referee-Pin": PIN, "Origin": "http://evil.example"})
    assert r.status_code == 400
    assert "[web] hosts" in r.get_json()["error"]
    assert not session.game_open
    r = client.post("/api/referee/new", json=new, headers={"X-Referee-Pin": PIN})     # by its own name
    assert r.status_code == 200, r.get_json()
    assert session.game_open


def test_the_configs_names_are_served_and_a_leading_dot_takes_the_names_under_it(session):
    client = create_app(session, pin=PIN, host_names=["table3.club.example", ".events.example"]).test_client()
    for host in ("table3.club.example", "events.example", "hall-b.events.example:8000"):
        assert client.get("/api/state", headers={"Host": host}).status_code == 200, host
    for host in ("table4.club.example", "club.example", "notevents.example"):
        assert client.get("/api/state", headers={"Host": host}).status_code == 400, host


def test_the_live_stream_is_refused_to_another_name_and_served_to_the_address(session):
    app = create_app(session, pin=PIN, keepalive_s=1.0)
    with ServerThread(app) as srv:
        conn = http.client.HTTPConnection(srv.host, srv.port, timeout=10)
        conn.request("GET", "/api/events", headers={"Host": "evil.example"})
        r = conn.getresponse()
        assert r.status == 400
        assert "[web] hosts" in json.loads(r.read())["error"]
        conn.close()
        conn = http.client.HTTPConnection(srv.host, srv.port, timeout=10)
        conn.request("GET", "/api/events")                    # Host: 127.0.0.1:<port>
        r = conn.getresponse()
        assert r.status == 200
        assert r.readline().startswith(b"retry: ")
        conn.close()
