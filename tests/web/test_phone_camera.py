"""A phone as the camera: ``/camera/phone`` over HTTPS, driven for real.

Chromium (headless, Debian's) plays a video of the simulated table as its camera
(tests.support.video); the page opens it with getUserMedia, posts its pictures
to the companion over HTTPS (a certificate made by ``companion.service.tls``), and the
session referees the moves in the video as from any camera. A phone that stops
sending is a lost camera."""
from __future__ import annotations

import threading
import time

import pytest
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.examples import example_states
from companion.service.network import free_ports
from companion.service.tls import ensure_certificate, server_context
from hardware.simtable import Item, Scene
from hardware.sources import BrowserSource
from tests.support.video import write_y4m
from web import create_app, make_server

from .conftest import CHROMIUM, CHROMIUM_ARGS, PIN

pytestmark = pytest.mark.browser


def scene(placements) -> Scene:
    return Scene(table_mm=(900.0, 600.0), items=[Item.from_placement(p) for p in placements])


@pytest.fixture(scope="module")
def table_video(tmp_path_factory):
    """Ghosts Love Candy from its setup: six kids turned into the neighbourhood
    after 6 s, a candy on each after 14 s, then that table until the end."""
    game, _, states = example_states("GLC")
    steps = [(0.0, scene(game.arrange(states[0]))), (6.0, scene(game.arrange(states[6]))),
             (14.0, scene(game.arrange(states[12])))]
    return write_y4m(tmp_path_factory.mktemp("video") / "table.y4m", steps, seconds=60, fps=2), states


def wait_for(check, timeout: float = 60.0, what: str = ""):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.2)
    raise AssertionError(f"not within {timeout} s: {what}")


def test_the_phones_camera_referees_the_moves_in_its_video(glc, tmp_path, table_video, playwright_driver):
    video, states = table_video
    source = BrowserSource(lost_after_s=1.6)
    glc.start(source)
    cert, key = ensure_certificate(tmp_path / "tls")
    app = create_app(glc, phone_camera=source)
    with ServerThread(app) as plain:       # the same app over HTTPS: a second server, as `companion run` makes
        secure = make_server(app, "127.0.0.1", 0, ssl_context=server_context(cert, key))
        threading.Thread(target=secure.run, daemon=True).start()
        url = f"https://127.0.0.1:{secure.effective_port}"
        chromium = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=[
            *CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}"])
        try:
            ctx = chromium.new_context(ignore_https_errors=True, viewport={"width": 1000, "height": 900})
            page = ctx.new_page()
            page.goto(url + "/camera/phone")             # the PIN first
            page.fill("input[name=pin]", PIN)
            page.click("button[type=submit]")
            expect(page.locator("#phone-main[data-ready=yes]")).to_have_count(1)
            page.click("#phone-start")
            expect(page.locator("#phone-res")).to_have_text("1600x900")
            expect(page.locator("#phone-state")).to_have_text("sending")
            # the referee applies the moves the video shows: the kids, then the candy
            kids = [s["kid"] for s in states[6]["slots"]]
            wait_for(lambda: [s["kid"] for s in glc.state["slots"]] == kids, what="the six kids revealed")
            candy = [s["candy"] for s in states[12]["slots"]]
            wait_for(lambda: [s["candy"] for s in glc.state["slots"]] == candy, what="a candy on each kid")
            assert glc.view()["status"] in ("in_sync", "applied")
            assert int(page.locator("#phone-sent").inner_text()) > 10
            # the phone stops: the camera is lost, and comes back when it sends again
            page.click("#phone-stop")
            wait_for(lambda: glc.view()["status"] == "camera_lost", timeout=20, what="camera lost")
            page.click("#phone-start")
            wait_for(lambda: glc.view()["status"] != "camera_lost", timeout=30, what="the camera back")
            ctx.close()
        finally:
            chromium.close()
            secure.close()
        assert plain.url                                  # the plain server stayed up beside it


def test_a_picture_that_does_not_read_is_refused_and_changes_nothing(glc, client):
    source = BrowserSource()
    app = create_app(glc, phone_camera=source)
    c = app.test_client()
    bad = c.post("/camera/phone/frame", data=b"not a jpeg", content_type="image/jpeg",
                 headers={"X-Referee-Pin": PIN})
    assert bad.status_code == 400 and "does not read" in bad.json["error"]
    assert source.received == 0
    assert c.post("/camera/phone/frame", data=b"x", content_type="image/jpeg").status_code == 401
    # the companion's camera is not the phone: the page says how to make it so
    other = create_app(glc).test_client()
    assert other.post("/camera/phone/frame", data=b"x", content_type="image/jpeg",
                      headers={"X-Referee-Pin": PIN}).status_code == 503


def test_companion_run_with_the_phone_as_camera_serves_its_page_over_https(tmp_path):
    """``companion run --camera browser``: the page over HTTPS with a certificate
    made on first run beside the journal, and the same one on the next run."""
    import os
    import ssl
    import subprocess
    import urllib.request

    from tests.support.cli import COMPANION
    port, https_port = free_ports(2)
    env = {**os.environ, "COMPANION_REFEREE_PIN": PIN, "COMPANION_WEB_BIND": "127.0.0.1",
           "COMPANION_WEB_PORT": str(port), "COMPANION_WEB_HTTPS_PORT": str(https_port),
           "COMPANION_JOURNAL_PATH": str(tmp_path / "state" / "journal.sqlite"), "COMPANION_PINS_FACTORY": "mock"}
    made = []
    for run in range(2):
        log = tmp_path / f"run{run}.log"
        with open(log, "w") as err:
            proc = subprocess.Popen([*COMPANION, "run", "--camera", "browser", "--game", "GLC",
                                     "--players", "RED,BLUE,GREEN"], env=env, stderr=err, text=True)
        try:
            def served(log=log, proc=proc):
                return [line for line in log.read_text().splitlines() if "https://" in line] or proc.poll() is not None

            serving = wait_for(served, timeout=60, what="serving https")
            assert proc.poll() is None, log.read_text()
            assert f":{https_port}/camera/phone" in serving[0]
            context = ssl.create_default_context(cafile=str(tmp_path / "state" / "tls" / "companion-cert.pem"))
            context.check_hostname = False                  # the certificate names this machine's addresses
            req = urllib.request.Request(f"https://127.0.0.1:{https_port}/camera/phone",
                                         headers={"X-Referee-Pin": PIN, "Accept": "text/html"})
            deadline = time.monotonic() + 20
            while True:
                try:
                    with urllib.request.urlopen(req, context=context, timeout=10) as r:
                        # the login page first (a browser with no login), then the page itself after the PIN
                        assert r.status == 200 and b"PIN" in r.read()
                    break
                except (ConnectionError, urllib.error.URLError):
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.3)
            made.append((tmp_path / "state" / "tls" / "companion-cert.pem").read_bytes())
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    assert made[0] == made[1]                               # made once, kept: a phone trusts it once
