"""The display shows a QR code of the page's LAN address, so a phone at the table
joins by pointing its camera: read back from a screenshot by the real decoder."""
from __future__ import annotations

import socket
from pathlib import Path

import cv2
import numpy as np
import pytest
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.service.network import free_ports, join_link, page_urls
from companion.vision import get_decoder
from web import create_app

pytestmark = pytest.mark.browser


def test_the_display_shows_a_qr_code_a_phone_can_read(glc, page):
    if page_urls("0.0.0.0", 8000) == ["http://127.0.0.1:8000/"]:
        pytest.skip("this machine has no LAN address to show")
    app = create_app(glc)
    with ServerThread(app) as srv:
        join = join_link("0.0.0.0", srv.port)
        assert join is not None and "127.0.0.1" not in join["url"]
        app.config["TC_JOIN"] = join
        page.goto(srv.url + "/")
        qr = page.locator(".join img")
        expect(qr).to_be_visible()
        expect(page.locator(".join")).to_contain_text(join["url"])
        png = qr.screenshot()
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_COLOR)
    assert [d.payload for d in get_decoder("zxing").decode(image)] == [join["url"]]


def test_nothing_to_join_when_only_this_machine_can_open_the_page():
    assert join_link("127.0.0.1", 8000) is None


def test_free_ports_are_distinct_and_free():
    """Two listeners of one broker get two ports: picked together, never the same
    one twice, below the ports the system hands to outgoing connections (which
    could take one before the broker binds it), and each can be listened on."""
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    for _ in range(50):
        ports = free_ports(3)
        assert len(set(ports)) == 3
        assert all(1024 < p < low for p in ports)
    held = []
    try:
        for port in ports:
            s = socket.socket()
            held.append(s)
            s.bind(("127.0.0.1", port))
            s.listen()
    finally:
        for s in held:
            s.close()
