"""Every route of the web app through Flask's test client, on a real session
playing Ghosts Love Candy: what the public sees, what the referee may do, and
every refusal with its status and reason."""
from __future__ import annotations

import re
import time

import pytest

from web import create_app

from .conftest import PIN, PLAYERS, REFEREE, deal_kids

# ---------------------------------------------------------------- public pages and API


def test_display_page_uses_only_local_assets(client, glc):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    html = r.get_data(as_text=True)
    assert "Ghosts Love Candy" in html
    refs = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert refs, "the page loads its scripts and styles"
    for ref in refs:
        assert not re.match(r"^(https?:)?//", ref), f"{ref} is not served by the companion"
        if ref.startswith("/static/"):
            asset = client.get(ref)
            assert asset.status_code == 200, ref
            body = asset.data.replace(b"http://www.w3.org/", b"")     # XML namespace names are not fetched
            assert b"http://" not in body and b"https://" not in body, f"{ref} reaches out to the internet"


def test_the_pages_first_view_keeps_the_seats_in_turn_order(client, session):
    """The view written into the page (before its stream's first message) and the
    API's both list seats as the game does, so the board does not draw BLUE,
    GREEN, RED for a moment and then redraw RED, BLUE, GREEN."""
    import json
    session.new_game("CCR", ["RED", "BLUE", "GREEN"], {})
    page = client.get("/").get_data(as_text=True)
    first = json.loads(re.search(r'<script type="application/json" id="initial-view">(.*?)</script>', page, re.S)[1])
    assert list(first["state"]["areas"]) == ["RED", "BLUE", "GREEN"]
    assert list(client.get("/api/state").get_json()["state"]["areas"]) == ["RED", "BLUE", "GREEN"]


def test_state_is_the_public_view(client, glc):
    r = client.get("/api/state")
    assert r.status_code == 200
    view = r.get_json()
    assert view["game"]["code"] == "GLC"
    assert view["players"] == PLAYERS
    assert view["seq"] == glc.view()["seq"]
    assert r.headers["Cache-Control"] == "no-store"


def test_score_follows_the_game(client, glc):
    before = client.get("/api/score").get_json()
    assert before["game"]["code"] == "GLC"
    assert set(before["score"]["entries"]) == set(PLAYERS)
    assert before["score"]["final"] is False
    client.post("/api/referee/end", headers=REFEREE)
    after = client.get("/api/score").get_json()
    assert after["status"] == "over"
    assert set(after["score"]["entries"]) == set(PLAYERS)


def test_games_lists_ghosts_love_candy_with_actions_and_options(client):
    games = client.get("/api/games").get_json()["games"]
    glc = next(g for g in games if g["code"] == "GLC")
    assert glc["title"] == "Ghosts Love Candy"
    types = {a["type"] for a in glc["actions"]}
    assert {"reveal_kid", "place_candy", "reveal", "haunt"} <= types
    reveal = next(a for a in glc["actions"] if a["type"] == "reveal")
    assert {f["name"] for f in reveal["fields"]} == {"player", "ghost"}


def test_api_index_names_the_routes(client):
    body = client.get("/api").get_json()
    assert "GET /api/state" in body["public"]
    assert "POST /api/referee/undo" in body["referee"]


# ---------------------------------------------------------------- refusals


def test_unknown_api_route_is_404_json(client):
    r = client.get("/api/nothing/here")
    assert r.status_code == 404
    assert r.get_json()["error"] == "no such page or API route: /api/nothing/here"


def test_unknown_page_is_404_for_browsers_and_scripts(client):
    html = client.get("/nowhere", headers={"Accept": "text/html"})
    assert html.status_code == 404 and b"no such page" in html.data and html.mimetype == "text/html"
    js = client.get("/nowhere")
    assert js.status_code == 404 and js.get_json()["status"] == 404


@pytest.mark.parametrize("method,path", [("GET", "/api/referee/undo"), ("POST", "/api/state"),
                                         ("DELETE", "/api/score"), ("PUT", "/")])
def test_wrong_method_is_405_with_reason(client, method, path):
    r = client.open(path, method=method, headers=REFEREE)
    assert r.status_code == 405
    assert r.get_json()["error"].startswith(f"{method} is not allowed on {path}")
    assert "Allow" in r.headers


def test_malformed_json_is_400(client, glc):
    r = client.post("/api/referee/apply", headers=REFEREE, data='{"action": {"type": "reveal_kid",',
                    content_type="application/json")
    assert r.status_code == 400
    assert r.get_json()["error"].startswith("malformed JSON")


@pytest.mark.parametrize("body, why", [
    ('{"game": "GLC", "players": ["RED", "BLUE"], "options": {"slots": ' + "9" * 5000 + "}}", "4300 digits"),
    ('{"game": "GLC", "players": ["RED", "BLUE"], "options": {"slots": NaN}}', "NaN is not a JSON number"),
    ('{"game": "GLC", "players": ["RED", "BLUE"], "options": {"slots": -Infinity}}', "Infinity is not a JSON"),
])
def test_a_number_json_does_not_have_is_400_and_changes_nothing(client, glc, body, why):
    """A 5,000-digit number (Python's parser stops at 4,300) used to be a 500 on
    every referee operation; NaN and Infinity are not JSON at all."""
    before, seq = glc.state, glc.view()["seq"]
    r = client.post("/api/referee/new", headers=REFEREE, data=body, content_type="application/json")
    assert r.status_code == 400 and why in r.get_json()["error"]
    assert glc.state == before and glc.view()["seq"] == seq


LONG = "X" * 60_000


@pytest.mark.parametrize("op, body", [
    ("apply", {"action": {"type": LONG}}),                                   # an unknown action type
    ("apply", {"action": {"type": "reveal_kid", "player": "RED", "slot": LONG}}),     # a number that is text
    ("apply", {"action": {"type": "resolve", "player": "RED", "note": LONG}}),        # text too long to be one
    ("new", {"game": LONG, "players": ["RED", "BLUE"]}),                    # no such game
    ("new", {"game": "GLC", "players": [LONG, "BLUE", "GREEN"]}),          # no such seat
    ("new", {"game": "GLC", "players": ["RED", "BLUE", "GREEN"], "options": {LONG: 1}}),        # no such option
    ("new", {"game": "GLC", "players": ["RED", "BLUE", "GREEN"], "options": {"ninja_moves": LONG}}),
])
def test_a_huge_value_is_refused_without_being_echoed_back(client, glc, op, body):
    """A 60,000-character value in a request is refused in one short line that
    quotes its start: the refusal is shown on the console and written to the
    log, and repeating the whole value back helps nobody."""
    before, seq = glc.state, glc.view()["seq"]
    r = client.post(f"/api/referee/{op}", headers=REFEREE, json=body)
    assert r.status_code == 400, r.get_json()
    error = r.get_json()["error"]
    assert len(error) < 600 and "XXXXXXXXXX..." in error, error[:300]
    assert glc.state == before and glc.view()["seq"] == seq


def test_a_huge_unknown_path_is_refused_without_being_echoed_back(client):
    r = client.get("/api/" + "X" * 6000)
    assert r.status_code == 404
    assert len(r.get_json()["error"]) < 300 and r.get_json()["error"].endswith("XXXX...")


def test_body_that_is_not_an_object_is_400(client, glc):
    r = client.post("/api/referee/apply", headers=REFEREE, json=[1, 2])
    assert r.status_code == 400 and "must be a JSON object" in r.get_json()["error"]


def test_body_that_is_not_json_is_415(client, glc):
    r = client.post("/api/referee/apply", headers=REFEREE, data="slot=1", content_type="text/plain")
    assert r.status_code == 415 and "application/json" in r.get_json()["error"]


def test_oversize_body_is_413_and_changes_nothing(client, glc):
    before = glc.state
    blob = '{"action": {"type": "reveal_kid", "pad": "' + "x" * (64 * 1024) + '"}}'
    r = client.post("/api/referee/apply", headers=REFEREE, data=blob, content_type="application/json")
    assert r.status_code == 413
    assert "too large" in r.get_json()["error"]
    assert glc.state == before


def test_body_limit_is_configurable(session):
    small = create_app(session, max_body=100).test_client()
    r = small.post("/api/referee/new", headers=REFEREE,
                   json={"game": "GLC", "players": PLAYERS, "options": {"x": "y" * 200}})
    assert r.status_code == 413


# ---------------------------------------------------------------- the PIN


def test_referee_operations_need_the_pin(client, glc):
    r = client.post("/api/referee/undo")
    assert r.status_code == 401
    assert "PIN" in r.get_json()["error"]
    assert r.headers["WWW-Authenticate"].startswith("Bearer")


def test_wrong_pin_is_403(client, glc):
    r = client.post("/api/referee/end", headers={"X-Referee-Pin": "0000"})
    assert r.status_code == 403 and r.get_json()["error"] == "wrong referee PIN"
    assert glc.view()["status"] != "over"


def test_bearer_token_works_like_the_header(client, glc):
    r = client.post("/api/referee/end", headers={"Authorization": f"Bearer {PIN}"})
    assert r.status_code == 200 and r.get_json()["view"]["status"] == "over"


def test_explicit_pin_overrides_the_session(session):
    c = create_app(session, pin="9753").test_client()
    assert c.get("/api/referee/check", headers={"X-Referee-Pin": "9753"}).status_code == 200
    assert c.get("/api/referee/check", headers=REFEREE).status_code == 403


def test_no_pin_configured_means_nobody_is_referee(tmp_path):
    from companion.live.session import Session

    from .conftest import make_config
    s = Session(make_config(tmp_path, COMPANION_REFEREE_PIN=""), indicators=False)
    try:
        c = create_app(s).test_client()
        assert c.get("/api/referee/check", headers={"X-Referee-Pin": ""}).status_code == 403
        assert c.post("/referee/login", data={"pin": "x"}).status_code == 403
    finally:
        s.close()


def test_many_wrong_pins_are_throttled(client):
    codes = [client.get("/api/referee/check", headers={"X-Referee-Pin": f"{i:04d}"}).status_code
             for i in range(11)]
    assert codes[:10] == [403] * 10
    assert codes[10] == 429
    # even the right PIN waits until the minute is over
    r = client.get("/api/referee/check", headers=REFEREE)
    assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0


def test_console_needs_login_and_the_cookie_then_works(client, glc):
    r = client.get("/referee")
    assert r.status_code == 303 and "/referee/login" in r.headers["Location"]
    assert client.post("/referee/login", data={"pin": "1111"}).status_code == 403
    assert client.post("/referee/login", data={"pin": ""}).status_code == 401
    r = client.post("/referee/login", data={"pin": PIN, "next": "/referee"})
    assert r.status_code == 303 and r.headers["Location"].endswith("/referee")
    cookie = r.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    page = client.get("/referee")
    assert page.status_code == 200 and b"Undo last action" in page.data
    # the cookie and the page's token are enough for the API (tests/reliability/test_web_security.py)
    token = re.search(rb'name="csrf-token" content="([^"]+)"', page.data).group(1).decode()
    assert client.post("/api/referee/end", headers={"X-CSRF-Token": token}).status_code == 200
    client.post("/referee/logout", data={"csrf_token": token})
    assert client.post("/api/referee/undo", headers={"X-CSRF-Token": token}).status_code == 401


def test_login_never_redirects_to_another_site(client):
    from urllib.parse import urlparse
    for target in ("//evil.example/x", "https://evil.example/", "javascript:alert(1)"):
        r = client.post("/referee/login", data={"pin": PIN, "next": target})
        where = urlparse(r.headers["Location"])
        assert r.status_code == 303 and where.netloc in ("", "localhost") and where.path.startswith("/referee"), target


# ---------------------------------------------------------------- referee operations


def test_new_game_from_the_api(client, session):
    r = client.post("/api/referee/new", headers=REFEREE,
                    json={"game": "GLC", "players": ["red", "blue", "green", "yellow"]})
    assert r.status_code == 200
    view = r.get_json()["view"]
    assert view["game"]["code"] == "GLC" and view["players"] == ["RED", "BLUE", "GREEN", "YELLOW"]
    assert session.view()["game_id"] == view["game_id"]


@pytest.mark.parametrize("body,reason", [
    ({"game": "NOPE", "players": PLAYERS}, "no game called 'NOPE'"),
    ({"game": "GLC", "players": ["RED"]}, "is for 3-6 players"),
    ({"game": "GLC", "players": "RED"}, "must be a list of seat colours"),
    ({"game": "GLC", "players": PLAYERS, "options": {"speed": 3}}, "has no option 'speed'"),
    ({"players": PLAYERS}, "missing field 'game'"),
    ({"game": "GLC", "players": PLAYERS, "seats": 3}, "unknown field(s): seats"),
])
def test_bad_new_game_is_400_with_reason(client, session, body, reason):
    r = client.post("/api/referee/new", headers=REFEREE, json=body)
    assert r.status_code == 400
    assert reason in r.get_json()["error"]
    assert session.view()["game"] is None


def test_apply_a_legal_action(client, glc):
    kid = glc.state["kid_deck"][0]
    r = client.post("/api/referee/apply", headers=REFEREE,
                    json={"action": {"type": "reveal_kid", "slot": 1, "kid": kid}})
    assert r.status_code == 200
    body = r.get_json()
    assert body["result"][0]["type"] == "kid_revealed"
    assert body["view"]["state"]["slots"][0]["kid"]["number"] == kid
    assert client.get("/api/state").get_json()["seq"] == body["view"]["seq"]


def test_an_illegal_action_is_409_and_changes_nothing(client, glc):
    before, seq = glc.state, glc.view()["seq"]
    r = client.post("/api/referee/apply", headers=REFEREE,
                    json={"action": {"type": "haunt", "player": "RED", "slot": 1}})
    assert r.status_code == 409
    assert "haunt" in r.get_json()["error"]
    assert glc.state == before and glc.view()["seq"] == seq


def test_a_malformed_action_is_400(client, glc):
    r = client.post("/api/referee/apply", headers=REFEREE, json={"action": {"type": "teleport"}})
    assert r.status_code == 400 and "unknown action type 'teleport'" in r.get_json()["error"]
    r = client.post("/api/referee/correct", headers=REFEREE,
                    json={"action": {"type": "reveal_kid", "slot": "one", "kid": 1}})
    assert r.status_code == 400 and "whole number" in r.get_json()["error"]
    r = client.post("/api/referee/apply", headers=REFEREE, json={"type": "reveal_kid", "slot": 1, "kid": 1})
    assert r.status_code == 400 and "missing field 'action'" in r.get_json()["error"]


def test_correct_is_journalled_as_a_correction(client, glc):
    kid = glc.state["kid_deck"][0]
    r = client.post("/api/referee/correct", headers=REFEREE,
                    json={"action": {"type": "reveal_kid", "slot": 2, "kid": kid}})
    assert r.status_code == 200
    assert glc.state["slots"][1]["kid"] == kid
    kinds = [e.kind for e in glc.journal.entries(glc.game_id)]
    assert kinds[-1] == "correction"


def test_undo_takes_back_the_last_action(client, glc):
    deal_kids(glc)
    assert all(s["kid"] is not None for s in glc.state["slots"])
    r = client.post("/api/referee/undo", headers=REFEREE)
    assert r.status_code == 200
    assert all(s["kid"] is None for s in r.get_json()["view"]["state"]["slots"])
    r = client.post("/api/referee/undo", headers=REFEREE)
    assert r.status_code == 409 and "nothing to undo" in r.get_json()["error"]


def test_confirm_without_a_table_is_409(client, glc):
    r = client.post("/api/referee/confirm", headers=REFEREE)
    assert r.status_code == 409 and "nothing to confirm" in r.get_json()["error"]


def test_operations_without_a_game_are_409(client):
    for op in ("undo", "confirm", "end"):
        r = client.post(f"/api/referee/{op}", headers=REFEREE)
        assert r.status_code == 409 and "no game" in r.get_json()["error"], op


def test_a_body_on_a_plain_operation_must_still_be_json(client, glc):
    r = client.post("/api/referee/undo", headers=REFEREE, data="{oops", content_type="application/json")
    assert r.status_code == 400


def test_end_scores_the_game(client, glc):
    r = client.post("/api/referee/end", headers=REFEREE)
    assert r.status_code == 200
    body = r.get_json()
    assert set(body["result"]["entries"]) == set(PLAYERS)       # the scoreboard
    assert body["view"]["status"] == "over"
    r = client.post("/api/referee/undo", headers=REFEREE)
    assert r.status_code == 409 and "ended" in r.get_json()["error"]


# ---------------------------------------------------------------- the camera view


def test_camera_view_needs_the_referee(client, glc):
    r = client.get("/camera")
    assert r.status_code == 303 and "/referee/login" in r.headers["Location"]
    assert client.get("/camera/frame.jpg").status_code == 401


def test_camera_frame_before_any_frame_is_503(client, glc):
    r = client.get("/camera/frame.jpg", headers=REFEREE)
    assert r.status_code == 503 and "no camera frame" in r.get_json()["error"]


def test_camera_frame_is_the_latest_jpeg_with_overlay(client, glc):
    from hardware.simtable import CameraModel, Scene, SimulatedTable
    scene = Scene.from_placements(glc.engine.arrange(glc.state))
    glc.start(SimulatedTable(scene, CameraModel(resolution=(800, 450)), fps=5.0, realtime=True))
    try:
        deadline = time.monotonic() + 10
        while glc.latest_frame_jpeg() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        client.post("/referee/login", data={"pin": PIN})
        page = client.get("/camera")
        assert page.status_code == 200 and b'id="frame"' in page.data
        for overlay in ("1", "0"):
            r = client.get(f"/camera/frame.jpg?overlay={overlay}")
            assert r.status_code == 200 and r.mimetype == "image/jpeg"
            assert r.data[:2] == b"\xff\xd8"
    finally:
        glc.stop()
