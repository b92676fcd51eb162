"""The referee console against a hostile neighbour and a guesser.

* Cross-site requests: a page served on ANOTHER port of the same host (the
  browser counts it as the same site, so a ``SameSite=Strict`` cookie goes with
  it) tries to end the game with an auto-submitted form and a credentialed
  fetch, in real headless Chromium, after the referee logged in: refused, the
  game goes on. The console itself still works (its token rides along).
* The PIN: one rule for the command line, the config file and the environment,
  and for typing it; logout kills the login on the server (an old cookie replayed
  is refused); wrong PINs from many addresses still lock out.
"""
from __future__ import annotations

import http.server
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.bench.web import ServerThread
from companion.live.session import Session
from tests.web.conftest import PIN, PLAYERS, make_config
from web import create_app
from web.auth import GLOBAL_MAX_FAILURES

ROOT = Path(__file__).resolve().parents[2]
TOKEN_HEADER = "X-CSRF-Token"


@pytest.fixture
def glc(tmp_path) -> Iterator[Session]:
    """A real session playing Ghosts Love Candy, with one kid dealt."""
    s = Session(make_config(tmp_path), indicators=False)
    s.new_game("GLC", PLAYERS, {})
    s.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    yield s
    s.close()


@pytest.fixture
def app(glc):
    return create_app(glc)


@pytest.fixture
def client(app):
    return app.test_client()


def login(client, addr: str = "127.0.0.1") -> str:
    """Log ``client`` in through the form; the console page's token."""
    r = client.post("/referee/login", data={"pin": PIN, "next": "/referee"},
                    environ_base={"REMOTE_ADDR": addr})
    assert r.status_code == 303, r.data
    page = client.get("/referee", environ_base={"REMOTE_ADDR": addr})
    m = re.search(rb'<meta name="csrf-token" content="([^"]+)"', page.data)
    assert m, "the console page carries its token"
    return m.group(1).decode()


# ---------------------------------------------------------------- cross-site, in Chromium


class Hostile:
    """A page on another port of 127.0.0.1 that, once opened, tries to end the
    game at ``target``: a credentialed fetch, then an auto-submitted form (both
    with an empty body, which the end operation accepts)."""

    def __init__(self, target: str):
        html = f"""<!doctype html><title>free candy</title>
<form id="f" method="post" action="{target}"></form>
<script>
fetch("{target}", {{method: "POST", mode: "no-cors", credentials: "include"}})
  .catch(function () {{}})
  .then(function () {{ document.getElementById("f").submit(); }});
</script>""".encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(html)))
                self.end_headers()
                self.wfile.write(html)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> Hostile:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def served(glc) -> Iterator[tuple[ServerThread, list]]:
    """The real server on a loopback port, recording what it answered to each POST."""
    app = create_app(glc)
    answers: list[tuple[str, int, str]] = []

    @app.after_request
    def _record(resp):
        from flask import request
        if request.method == "POST":
            body = resp.get_json(silent=True) or {}
            answers.append((request.path, resp.status_code, str(body.get("error", ""))))
        return resp

    with ServerThread(app) as srv:
        yield srv, answers


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(10_000)
    yield ctx
    ctx.close()


def browser_login(page, url: str) -> None:
    from playwright.sync_api import expect
    page.goto(url + "/referee")
    page.fill("input[name=pin]", PIN)
    page.click("button[type=submit]")
    expect(page.locator("#btn-end")).to_be_visible()
    # the buttons show before the console's script has run: wait until it has drawn a view
    expect(page.locator("body[data-seq]")).to_have_count(1)


@pytest.mark.browser
def test_a_page_on_another_port_cannot_end_the_game(glc, served, context):
    from playwright.sync_api import expect
    srv, answers = served
    console = context.new_page()
    browser_login(console, srv.url)
    target = srv.url + "/api/referee/end"
    with Hostile(target) as hostile:
        evil = context.new_page()
        with evil.expect_navigation(url=target):          # the form was submitted
            evil.goto(hostile.url)
        ends = [a for a in answers if a[0] == "/api/referee/end"]
        assert len(ends) == 2, answers                    # the fetch and the form both reached it
        assert all(status == 403 for _, status, _ in ends), ends
        assert all("cross-site request refused" in why for _, _, why in ends), ends
        expect(evil.locator("body")).to_contain_text("cross-site request refused")
    assert glc.view()["status"] != "over"                 # the game goes on
    assert glc.state["slots"][0]["kid"] == 2
    console.reload()
    expect(console.locator("#btn-end")).to_be_visible()   # and the referee is still logged in
    assert glc.journal.entries(glc.game_id)[-1].kind != "end"


@pytest.mark.browser
def test_the_console_still_works_with_its_token(glc, served, context):
    from playwright.sync_api import expect
    srv, answers = served
    page = context.new_page()
    page.on("dialog", lambda d: d.accept())
    browser_login(page, srv.url)
    page.click("#btn-undo")
    expect(page.locator("#result")).to_contain_text("Done: undo.")
    assert glc.state["slots"][0]["kid"] is None
    page.click("#btn-end")
    page.click("#confirm-yes")                               # ending asks first
    expect(page.locator("#result")).to_contain_text("Done: end.")
    assert glc.view()["status"] == "over"
    with page.expect_navigation():
        page.click("form.logout button")
    assert page.url == srv.url + "/"
    page.goto(srv.url + "/referee")
    expect(page.locator("input[name=pin]")).to_be_visible()   # logged out for real
    assert all(status in (200, 303) for _, status, _ in answers), answers


# ---------------------------------------------------------------- cross-site, the rules


def test_a_foreign_origin_is_refused_even_with_cookie_and_token(client, glc):
    token = login(client)
    for headers in ({"Origin": "http://127.0.0.1:9999"}, {"Origin": "null"},
                    {"Referer": "http://evil.example/page"}):
        r = client.post("/api/referee/end", headers={**headers, TOKEN_HEADER: token})
        assert r.status_code == 403, headers
        assert "cross-site request refused" in r.get_json()["error"], headers
    assert glc.view()["status"] != "over"
    r = client.post("/api/referee/end", headers={"Origin": "http://localhost", TOKEN_HEADER: token})
    assert r.status_code == 200                            # this companion's own origin


def test_the_cookie_alone_is_not_enough_the_token_is_needed(client, glc):
    token = login(client)
    r = client.post("/api/referee/undo")
    assert r.status_code == 403 and "security token" in r.get_json()["error"]
    r = client.post("/api/referee/undo", headers={TOKEN_HEADER: "not-the-token"})
    assert r.status_code == 403 and "security token" in r.get_json()["error"]
    assert glc.state["slots"][0]["kid"] == 2
    r = client.post("/api/referee/undo", headers={TOKEN_HEADER: token})
    assert r.status_code == 200 and glc.state["slots"][0]["kid"] is None


def test_logout_is_a_form_post_with_the_token(client, glc):
    token = login(client)
    console = client.get("/referee")
    page = console.data.decode()
    assert re.search(r'name="csrf_token" value="' + re.escape(token) + '"', page)  # in the logout form
    assert console.headers["Cache-Control"] == "no-store"  # Back after logout shows no secret cards
    assert "no-store" not in client.get("/").headers.get("Cache-Control", "")
    r = client.post("/referee/logout")                     # no token: refused, still logged in
    assert r.status_code == 403
    assert client.get("/referee").status_code == 200
    r = client.post("/referee/logout", data={"csrf_token": token})
    assert r.status_code == 303
    assert client.get("/referee").status_code == 303      # back to the login form


def test_a_pin_header_needs_no_token(client, glc):
    r = client.post("/api/referee/undo", headers={"X-Referee-Pin": PIN})
    assert r.status_code == 200                            # curl and scripts: the PIN is the proof


def test_each_login_has_its_own_token(app, glc):
    a, b = app.test_client(), app.test_client()
    ta, tb = login(a), login(b)
    assert ta != tb
    assert a.post("/api/referee/undo", headers={TOKEN_HEADER: tb}).status_code == 403


# ---------------------------------------------------------------- sessions


def test_a_cookie_replayed_after_logout_is_refused(client, glc):
    token = login(client)
    stolen = client.get_cookie("companion_referee").value
    assert client.post("/referee/logout", data={"csrf_token": token}).status_code == 303
    client.set_cookie("companion_referee", stolen)         # the thief replays the old cookie
    r = client.post("/api/referee/end", headers={TOKEN_HEADER: token})
    assert r.status_code == 401
    assert glc.view()["status"] != "over"
    assert client.get("/referee").status_code == 303       # the console wants the PIN again
    assert client.get("/camera/frame.jpg").status_code == 401


# ---------------------------------------------------------------- the lockout


def test_wrong_pins_from_many_addresses_lock_out_every_address(app, glc):
    referee = app.test_client()
    token = login(referee, "10.0.0.1")                     # logged in before the attack
    guesser = app.test_client()
    codes = []
    for i in range(GLOBAL_MAX_FAILURES + 5):               # one guess from each of many addresses
        r = guesser.post("/referee/login", data={"pin": f"{i:04d}"},
                         environ_base={"REMOTE_ADDR": f"10.1.{i // 250}.{i % 250 + 1}"})
        codes.append(r.status_code)
    assert codes[:GLOBAL_MAX_FAILURES] == [403] * GLOBAL_MAX_FAILURES
    assert set(codes[GLOBAL_MAX_FAILURES:]) == {429}
    # a new address with the right PIN waits too: a lucky guess cannot get through
    r = app.test_client().get("/api/referee/check", headers={"X-Referee-Pin": PIN},
                              environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
    assert "too many wrong PINs" in r.get_json()["error"]
    # the referee already logged in keeps refereeing
    r = referee.post("/api/referee/undo", headers={TOKEN_HEADER: token},
                     environ_base={"REMOTE_ADDR": "10.0.0.1"})
    assert r.status_code == 200
    # and may log in again from the address that gave the right PIN before (a new tab, a restarted
    # browser): the strangers' wrong PINs cannot keep the referee out; a wrong PIN from it still counts
    again = app.test_client()
    assert again.post("/referee/login", data={"pin": "0000"}, environ_base={"REMOTE_ADDR": "10.0.0.1"}
                      ).status_code == 403
    assert login(again, "10.0.0.1")


def test_x_forwarded_for_is_not_trusted(app, glc):
    c = app.test_client()
    codes = [c.get("/api/referee/check", headers={"X-Referee-Pin": f"{i:04d}",
                                                   "X-Forwarded-For": f"10.2.0.{i + 1}"}).status_code
             for i in range(11)]
    assert codes[10] == 429                                # one address however it labels itself


# ---------------------------------------------------------------- one rule for the PIN


def run_companion(tmp_path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    full.update({"COMPANION_JOURNAL_PATH": str(tmp_path / "j.sqlite"), "COMPANION_PINS_FACTORY": "mock"})
    full.update(env or {})
    return subprocess.run([sys.executable, "-m", "companion", "run", "--no-web", "--camera", "sim:none.json",
                           *args], cwd=ROOT, env=full, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("bad", ["12", " 2468", "2468 ", "24 68", "x" * 65])
def test_a_bad_pin_is_refused_the_same_way_by_flag_config_and_environment(tmp_path, bad):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'[referee]\npin = "{bad}"\n')
    results = {
        "--pin": run_companion(tmp_path, "--pin", bad),
        "config": run_companion(tmp_path, "--config", str(cfg)),
        "environment": run_companion(tmp_path, env={"COMPANION_REFEREE_PIN": bad}),
    }
    for how, p in results.items():
        assert p.returncode == 2, (how, p.stderr)
        assert "Traceback" not in p.stderr, how
        assert "a PIN is 4-64 characters: letters, digits or punctuation, no spaces" in p.stderr, (how, p.stderr)
    assert "--pin" in results["--pin"].stderr
    assert str(cfg) in results["config"].stderr and "[referee] pin" in results["config"].stderr
    assert "COMPANION_REFEREE_PIN" in results["environment"].stderr


def test_a_good_pin_is_accepted_by_all_three(tmp_path):
    from companion.config import load_config
    cfg = tmp_path / "c.toml"
    cfg.write_text('[referee]\npin = "Ab3$5678"\n')
    assert load_config(cfg, env={}).referee.pin == "Ab3$5678"
    assert load_config(None, env={"COMPANION_REFEREE_PIN": "2468"}).referee.pin == "2468"
    p = run_companion(tmp_path, "--pin", "2468")           # gets past the PIN to the camera
    assert "PIN" not in p.stderr and "sim:none.json" in p.stderr, p.stderr


def test_a_typed_pin_ignores_the_spaces_around_it(client, glc):
    r = client.post("/referee/login", data={"pin": f"  {PIN} ", "next": "/referee"})
    assert r.status_code == 303
    assert client.get("/api/referee/check", headers={"X-Referee-Pin": f" {PIN}  "}).status_code == 200


# --------------------------------------------------------------------------- upload slots


def _start_upload(port: int, path: str, source: str, pin: str | None = None, size: int = 8_000_000) -> Any:
    """A socket that announced a large upload and sent none of it (a slow client)."""
    import socket
    s = socket.create_connection(("127.0.0.1", port), timeout=15, source_address=(source, 0))
    head = [f"POST {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Content-Type: image/jpeg",
            f"Content-Length: {size}"] + ([f"X-Referee-Pin: {pin}"] if pin else [])
    s.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
    return s


def _status(s: Any) -> int:
    """The status line's code of the answer on ``s`` (it waits for one)."""
    return int(s.recv(65536).split(b" ", 2)[1])


def test_a_stranger_cannot_hold_an_upload_slot_the_referee_still_uploads(glc):
    """Strangers announcing big uploads to the photo scorer (behind the PIN) are
    answered 401 from their headers, before any of the body is read, so they
    hold none of the two upload slots; the referee's upload is then received
    (and one address sends one upload at a time)."""
    from companion.photo_score import PhotoScorer
    with ServerThread(create_app(glc, scorer=PhotoScorer())) as srv:
        strangers = [_start_upload(srv.port, "/score/photo", f"127.0.0.{n}") for n in (21, 22, 23)]
        try:
            assert [_status(s) for s in strangers] == [401, 401, 401]
            mine = _start_upload(srv.port, "/score/photo", "127.0.0.30", pin=PIN, size=10)
            again = _start_upload(srv.port, "/score/photo", "127.0.0.30", pin=PIN)
            assert _status(again) == 503                # the same address: one upload at a time
            mine.sendall(b"not a jpeg")
            assert _status(mine) == 400                 # received and read: the picture does not decode
            mine.close()
            again.close()
        finally:
            for s in strangers:
                s.close()
