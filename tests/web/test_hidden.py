"""The public display and API never show hidden information: the ghosts in the
players' hands, a ghost chosen face down before its reveal, the Love cards.

The game is played to the moment the secrets exist (RED has chosen a 7 face
down and told the companion; RED and BLUE's Love cards were noted), then every
public surface is searched for them: ``/api/state``, ``/api/score``, the
display page, and the live stream as served by the real server."""
from __future__ import annotations

import json
import re

import pytest

from companion.bench.web import Crowd

from .conftest import REFEREE, deal_kids, place_candy


@pytest.fixture
def secrets_dealt(glc):
    """RED and BLUE hold Love cards L3 and L5; RED chose the 7 face down."""
    deal_kids(glc)
    place_candy(glc)
    glc.apply([{"type": "deal_love", "player": "RED", "love": "L3"},
               {"type": "deal_love", "player": "BLUE", "love": "L5"},
               {"type": "choose", "player": "RED", "ghost": 7},
               {"type": "choose", "player": "BLUE"}])
    assert glc.state["chosen"]["RED"] == "R7" and glc.state["love"] == {"RED": "L3", "BLUE": "L5"}
    return glc


def hand_ids(session) -> set[str]:
    return {g for hand in session.state["hands"].values() for g in hand}


def secrets_in(text: str, session) -> list[str]:
    """Every secret named in ``text``: a ghost still in a hand (or chosen), a dealt Love card."""
    quoted = set(re.findall(r'"([A-Z0-9:]+)"', text))
    found = []
    for gid in hand_ids(session):
        if gid in quoted or f"GLC:GHOST:{gid}" in quoted:
            found.append(gid)
    for lid in session.state["love"].values():
        if lid in quoted or f"GLC:LOVE:{lid}" in quoted:
            found.append(lid)
    return found


def keys_of(data, out=None) -> set[str]:
    out = set() if out is None else out
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            keys_of(v, out)
    elif isinstance(data, list):
        for v in data:
            keys_of(v, out)
    return out


def test_the_search_finds_a_ghost_once_it_is_public(secrets_dealt, client):
    # the check below is not blind: a revealed ghost does show, by its id
    client.post("/api/referee/apply", headers=REFEREE, json={"action": {"type": "reveal", "player": "RED", "ghost": 7}})
    text = client.get("/api/state").get_data(as_text=True)
    assert '"R7"' in text
    assert "R7" not in hand_ids(secrets_dealt)


def test_api_state_and_score_hold_no_secrets(secrets_dealt, client):
    for path in ("/api/state", "/api/score"):
        text = client.get(path).get_data(as_text=True)
        assert secrets_in(text, secrets_dealt) == [], path
    view = client.get("/api/state").get_json()
    assert not {"hands", "love", "you"} & keys_of(view["state"])
    assert view["state"]["chosen"] == ["BLUE", "RED"]           # who has chosen, not what
    assert view["state"]["hand_sizes"] == {"RED": 9, "BLUE": 9, "GREEN": 9}


def test_the_display_page_holds_no_secrets(secrets_dealt, client):
    html = client.get("/").get_data(as_text=True)
    assert "Ghosts Love Candy" in html
    assert secrets_in(html.replace("&#34;", '"'), secrets_dealt) == []


def test_the_referee_answer_may_name_the_action_but_the_view_does_not(secrets_dealt, client):
    # the console's own answer carries the public view only
    r = client.post("/api/referee/apply", headers=REFEREE,
                    json={"action": {"type": "choose", "player": "GREEN", "ghost": 9}})
    assert r.status_code == 200
    assert secrets_in(json.dumps(r.get_json()["view"]), secrets_dealt) == []


def test_the_live_stream_holds_no_secrets(secrets_dealt, server):
    with Crowd(server.host, server.port, 1, keep_data=True) as crowd:
        assert crowd.wait(lambda c: c.seqs, timeout=10)
        client = crowd.clients[0]
        secrets_dealt.apply({"type": "choose", "player": "GREEN", "ghost": 2})
        target = secrets_dealt.view()["seq"]
        assert crowd.wait(lambda c: target in c.seqs, timeout=10)
    assert len(client.data) >= 2
    for data in client.data:
        assert secrets_in(data, secrets_dealt) == []
    assert json.loads(client.last_data)["state"]["chosen"] == ["BLUE", "GREEN", "RED"]
