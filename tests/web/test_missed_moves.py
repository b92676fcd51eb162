"""Moves the camera missed that more than one sequence explains: the referee
sees the explanations on the console (never on the public page) and picks the
one that happened; a wrong pick is undone like any other change.

The gap: round 2 of a seeded Ghosts Love Candy game, from its candy to the
first haunt, with a tie-break in it. Which of the two discarded kids each tied
player drew decides who goes first, and the table no longer shows it.
"""
from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.live.session import Session
from models.registry import get_game
from tests.contract.drivers import DRIVERS
from tests.games.glc.bot import table_steps
from tests.support.contract import camera_of

from .conftest import PLAYERS, REFEREE, open_console

FIRST, LAST, SEED = 18, 29, 1          # the steps of the gap (tests/live/test_camera_gaps.py has the same)


def key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


@pytest.fixture
def gap(glc: Session) -> dict[str, Any]:
    """The session played up to the gap, then shown the table after it; returns
    the true state after the gap."""
    steps = list(table_steps(get_game("GLC"), PLAYERS, SEED))
    for _, actions, _ in steps[:FIRST]:
        glc.apply([a.to_json() for a in actions])
    assert key(glc.state) == key(steps[FIRST][0])
    truth = steps[LAST][2]
    glc._on_snapshot(camera_of(glc.engine.arrange(truth)))
    return truth


def test_the_referee_picks_among_the_explanations_and_can_take_it_back(glc, gap, client):
    before = key(glc.state)
    public = client.get("/api/state").get_json()
    assert public["status"] == "waiting" and "choices" not in public
    assert "The camera missed some moves" in public["prompts"][0]["text"]

    choices = client.get("/api/referee/view", headers=REFEREE).get_json()["choices"]
    assert len(choices) == 2
    assert all(any("tie" in line.lower() or "draw" in line.lower() for line in c["lines"]) for c in choices)

    r = client.post("/api/referee/confirm", headers=REFEREE)              # which one? not a guess
    assert r.status_code == 409 and "pick one (choice 1 to 2)" in r.get_json()["error"]
    assert client.post("/api/referee/confirm", headers=REFEREE, json={"choice": 3}).status_code == 409
    assert client.post("/api/referee/confirm", headers=REFEREE, json={"choice": "1"}).status_code == 400
    assert client.post("/api/referee/confirm", headers=REFEREE, json={"pick": 1}).status_code == 400
    assert key(glc.state) == before                                      # nothing applied yet

    right = next(i for i, c in enumerate(choices, 1)
                 if get_game("GLC").apply_all(glc.state, [get_game("GLC").parse_action(a) for a in c["actions"]])[0]
                 == gap)
    wrong = 3 - right
    assert client.post("/api/referee/confirm", headers=REFEREE, json={"choice": wrong}).status_code == 200
    assert key(glc.state) != key(gap) and client.get("/api/state").get_json()["status"] == "in_sync"
    entry = glc.journal.entries(glc.game_id)[-1]
    assert entry.kind == "confirm" and f"explanation {wrong} of 2" in entry.note

    assert client.post("/api/referee/undo", headers=REFEREE).status_code == 200   # the wrong pick, taken back
    assert key(glc.state) == before
    glc._on_snapshot(camera_of(glc.engine.arrange(gap)))                  # the camera sees the table again
    assert client.post("/api/referee/confirm", headers=REFEREE, json={"choice": right}).status_code == 200
    assert key(glc.state) == key(gap)
    assert client.post("/api/referee/confirm", headers=REFEREE, json={"choice": 1}).status_code == 409


@pytest.mark.browser
def test_the_console_shows_the_explanations_and_one_tap_applies_one(glc, gap, server, page):
    open_console(page, server)
    expect(page.locator("#choices")).to_contain_text("Which of these happened?")
    expect(page.locator("#choices .choice-pick")).to_have_count(2)
    # each explanation shows first what tells it from the other: who drew which kid
    expect(page.locator("#choices .choice-own").first).to_contain_text("draws")
    expect(page.locator("#choices .choice-own").first).not_to_contain_text("placed on")
    page.locator("#choices .choice-pick").first.click()
    expect(page.locator("#result")).to_contain_text("Done: confirm")
    expect(page.locator("#choices")).to_be_hidden()
    assert glc.journal.entries(glc.game_id)[-1].kind == "confirm"


def test_a_gap_longer_than_the_search_follows_asks_the_referee_in_words(session, client, server, page, tmp_path):
    """Candy Crave, seven moves while the camera was away: more than the search
    follows. The page says so, amber, and offers the way back as information,
    not a red "out of sync"; the console enters the moves, and nothing was
    recorded meanwhile."""
    players = ["RED", "BLUE", "GREEN"]
    session.new_game("CCR", players, {})
    engine = session.engine
    steps = list(DRIVERS["CCR"](engine, players, 2))
    i = next(i for i in range(len(steps) - 6) if "search can follow" in
             engine.referee(steps[i][0], camera_of(engine.arrange(steps[i + 6][2])), gap=True).prompts[0].text)
    for _, actions, _ in steps[:i]:
        session.apply([a.to_json() for a in actions])
    before = key(session.state)
    assert before == key(steps[i][0])
    session._on_snapshot(camera_of(engine.arrange(steps[i + 6][2])), gap=True)
    public = client.get("/api/state").get_json()
    assert public["status"] == "waiting" and key(session.state) == before
    first, *rest = public["prompts"]
    assert first["text"].startswith("The camera missed some moves, more than the referee's search can follow")
    assert first["level"] == "warning" and rest and all(p["level"] == "info" for p in rest)

    page.goto(server.url + "/")
    expect(page.get_by_text("more than the referee's search can follow")).to_be_visible()
    expect(page.locator("body")).not_to_contain_text("Out of sync")
    page.screenshot(path=str(tmp_path / "ccr-unexplained-gap.png"))       # looked at: amber, the words above
