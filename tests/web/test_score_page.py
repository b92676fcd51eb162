"""``/score``: a finished game scored from a phone's photo, in the companion's
app (behind the referee PIN) and in ``companion score --serve``'s (open), through
the real server and in a real browser."""
from __future__ import annotations

import io
import json
import socket
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.examples import example_states
from companion.photo_score import PhotoScorer
from tests.support.photos import phone_photo
from web import create_app
from web.score import create_score_app

from .conftest import PIN, REFEREE


@pytest.fixture(scope="module")
def photo(tmp_path_factory):
    """A tilted phone photo of Ghosts Love Candy's example game at its end (RED wins, 29 to 27 to 26)."""
    game, _, states = example_states("GLC")
    return phone_photo(game.arrange(states[-1]), tmp_path_factory.mktemp("score") / "table.jpg", tilt_deg=22)


def form(photo, players="RED,BLUE,GREEN", game="GLC") -> dict:
    return {"game": game, "players": players, "photo": (io.BytesIO(photo.read_bytes()), "table.jpg")}


def test_the_companions_scoring_page_needs_the_referee(session, photo):
    client = create_app(session, scorer=PhotoScorer()).test_client()
    page = client.get("/score")
    assert page.status_code == 303 and "/referee/login" in page.headers["Location"]
    assert client.post("/score/photo", data=form(photo)).status_code == 401
    assert client.post("/score/photo", data=form(photo), headers={"X-Referee-Pin": "0000"}).status_code == 403
    ok = client.post("/score/photo", data=form(photo), headers=REFEREE)
    assert ok.status_code == 200
    assert ok.json["score"]["winners"] == ["RED"] and ok.json["score"]["entries"]["BLUE"]["total"] == 27


def test_bad_forms_and_photos_get_a_reason(photo):
    client = create_score_app(PhotoScorer()).test_client()
    assert client.get("/score").status_code == 200
    bad = client.post("/score/photo", data={"game": "GLC", "players": "RED,BLUE,GREEN"})
    assert bad.status_code == 400 and "photo" in bad.json["error"]
    bad = client.post("/score/photo", data=form(photo, players="RED,PINK,BLUE"))
    assert bad.status_code == 400 and "PINK is not a seat" in bad.json["error"]
    bad = client.post("/score/photo", data=form(photo, game="CHESS"))
    assert bad.status_code == 400 and "CHESS" in bad.json["error"]
    deep = client.post("/score/photo", data={**form(photo), "options": "[" * 3000 + "]" * 3000})
    assert deep.status_code == 400 and "nested more than 64 levels" in deep.json["error"]     # was a 500
    junk = {"game": "GLC", "players": "RED,BLUE,GREEN", "photo": (io.BytesIO(b"\xff\xd8 not a jpeg"), "x.jpg")}
    bad = client.post("/score/photo", data=junk)
    assert bad.status_code == 400 and "cannot read the photo" in bad.json["error"]
    # Candy Crave's score needs round 1's written points: without them, no score and why
    ccr = client.post("/score/photo", data=form(photo, game="CCR", players="RED,BLUE,GREEN"))
    assert ccr.status_code == 422 and ccr.json["score"] is None and ccr.json["reason"]


def _post(url: str, body: bytes, content_type: str, headers: dict | None = None) -> tuple[int, dict]:
    req = urllib.request.Request(url, data=body, method="POST",
                                 headers={"Content-Type": content_type, **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def _multipart(photo_bytes: bytes, players: str = "RED,BLUE,GREEN") -> tuple[bytes, str]:
    b = "----tcboundary"
    parts = [f'--{b}\r\nContent-Disposition: form-data; name="game"\r\n\r\nGLC\r\n',
             f'--{b}\r\nContent-Disposition: form-data; name="players"\r\n\r\n{players}\r\n',
             f'--{b}\r\nContent-Disposition: form-data; name="photo"; filename="t.jpg"\r\n'
             "Content-Type: image/jpeg\r\n\r\n"]
    return "".join(parts).encode() + photo_bytes + f"\r\n--{b}--\r\n".encode(), f"multipart/form-data; boundary={b}"


def test_the_server_takes_a_phone_photo_on_that_route_only(session, photo):
    """The app's bodies are small (64 KiB); a photo of several MB is taken on
    /score/photo alone, up to 32 MiB."""
    big = photo.read_bytes()
    assert len(big) > 1_000_000
    with ServerThread(create_app(session, scorer=PhotoScorer())) as srv:
        body, ctype = _multipart(big)
        status, d = _post(srv.url + "/score/photo", body, ctype, REFEREE)
        assert status == 200 and d["score"]["winners"] == ["RED"]
        # a body announced too large is refused from its headers, before it is sent
        assert _announce(srv, "/api/referee/undo", 200_000).startswith(b"HTTP/1.1 413")
        assert _announce(srv, "/score/photo", 33 * 1024 * 1024).startswith(b"HTTP/1.1 413")
        assert _announce(srv, "/score/photo", 5 * 1024 * 1024, wait=0.5) == b""    # 5 MB: waited for


def _announce(srv, path: str, length: int, wait: float = 5.0) -> bytes:
    """Send only the headers of a POST of ``length`` bytes; what the server answers within ``wait`` s."""
    with socket.create_connection((srv.host, srv.port), timeout=wait) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: {srv.host}\r\nX-Referee-Pin: {PIN}\r\n"
                     f"Content-Type: multipart/form-data; boundary=x\r\nContent-Length: {length}\r\n\r\n".encode())
        try:
            return sock.recv(200)
        except TimeoutError:
            return b""


@pytest.mark.browser
def test_a_phone_scores_the_photo_in_the_browser(browser, photo, tmp_path):
    with ServerThread(create_score_app(PhotoScorer())) as srv:
        ctx = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = ctx.new_page()
        page.goto(srv.url + "/")                       # the open app sends / to /score
        expect(page.locator("h2#score-how")).to_contain_text("Photo of the finished table")
        page.select_option("#score-game", "GLC")
        for seat in ("RED", "BLUE", "GREEN"):
            page.locator("#score-seats button", has_text=seat).click()
        expect(page.locator("#score-players")).to_have_value("RED,BLUE,GREEN")
        page.set_input_files("#score-photo", str(photo))
        page.click("#score-submit")
        expect(page.locator(".score-winner")).to_contain_text("Winner: RED")
        expect(page.locator(".score-table caption").first).to_contain_text("RED 29 points")
        expect(page.locator("#score-board")).to_contain_text("Licorice x4 at 4 each (Loves Candy Corn)")
        # every counted tag outlined on the photo, every uncounted one numbered and listed
        expect(page.locator("#score-marks polygon.counted")).to_have_count(50)
        n = page.locator("#score-uncounted li").count()
        assert n == page.locator("#score-marks polygon.uncounted").count() > 0
        expect(page.locator("#score-uncounted")).to_contain_text("GLC:CANDY:CHOC6 at 568,85 mm: candy left in slot 4")
        assert page.evaluate("document.getElementById('score-img').naturalWidth") == 4032
        # Candy Crave asks for round 1's written points
        page.select_option("#score-game", "CCR")
        expect(page.locator("#score-inputs input[data-option=round1]")).to_have_count(1)
        ctx.close()


# ---------------------------------------------------------------- the page opens on the game at the table


def _score_page(page, url: str) -> None:
    """Open the companion's /score, logging in with the referee PIN on the way."""
    page.goto(url + "/score")
    if "/referee/login" in page.url:
        page.fill("input[name=pin]", PIN)
        page.click("button[type=submit]")
    page.wait_for_url(url + "/score")
    expect(page.locator("#score-seats legend")).to_contain_text("tap to add or remove")    # its script ran


@pytest.mark.browser
def test_the_scoring_page_opens_on_the_game_being_played_and_links_back(session, page):
    with ServerThread(create_app(session, scorer=PhotoScorer())) as srv:
        _score_page(page, srv.url)                     # no game yet: the first game
        first = page.locator("#score-game option").first.get_attribute("value")
        expect(page.locator("#score-game")).to_have_value(first)
        expect(page.locator("#score-players")).to_have_value("")

        session.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
        _score_page(page, srv.url)
        expect(page.locator("#score-game")).to_have_value("GLC")
        expect(page.locator("#score-game option:checked")).to_have_text("Ghosts Love Candy")
        expect(page.locator("#score-players")).to_have_value("RED,BLUE,GREEN")      # its players, tapped in
        expect(page.locator("#score-seats button[aria-pressed=true]")).to_have_text(["RED", "BLUE", "GREEN"])

        session.new_game("GVG", ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"], {})   # another game
        _score_page(page, srv.url)
        expect(page.locator("#score-game")).to_have_value("GVG")
        expect(page.locator("#score-players")).to_have_value("RED,BLUE,GREEN,YELLOW,PURPLE")
        expect(page.locator("#score-inputs input")).to_have_count(0)

        back = page.get_by_role("link", name="back to the table")
        expect(back).to_have_attribute("href", "/")
        back.click()
        page.wait_for_url(srv.url + "/")
        expect(page.locator("#game-title")).to_have_text("Girls vs Ghouls")


@pytest.mark.browser
def test_the_scoring_page_alone_opens_on_the_first_game_with_no_link_to_a_table(page):
    with ServerThread(create_score_app(PhotoScorer())) as srv:
        page.goto(srv.url + "/score")
        first = page.locator("#score-game option").first.get_attribute("value")
        expect(page.locator("#score-game")).to_have_value(first)
        expect(page.get_by_role("link", name="back to the table")).to_have_count(0)   # no table here
        expect(page.locator(".languages")).to_have_count(1)


@pytest.mark.parametrize("make", ["score", "event"])
def test_a_missing_page_on_the_score_and_event_apps_is_a_plain_404(make):
    """``companion score --serve`` and the event page have no table page to link
    back to: their error page used to crash into a 500 (and a traceback) on
    every unknown address or method."""
    from web.event import create_event_app
    app = create_score_app(PhotoScorer()) if make == "score" else create_event_app(object(), None)  # type: ignore[arg-type]
    client = app.test_client()
    page = client.get("/no-such-page", headers={"Accept": "text/html"})
    assert page.status_code == 404 and 'href="/"' in page.get_data(as_text=True)
    assert client.get("/no-such-page").status_code == 404
    assert client.post("/no-such-page").status_code == 404
    assert client.post("/", headers={"Accept": "text/html"}).status_code == 405
