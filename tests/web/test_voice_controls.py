"""The referee's voice on the web: the console mutes it and sets its volume (at
once, for this session), the public view says whether it is muted, and a
phone's page hears the same sentences in its own language as WAV from the
table's espeak-ng: only sentences the voice said, each rendered once."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.live.session import Session
from companion.voice import Voice
from companion.voice.sinks import FileSink
from companion.voice.synth import Espeak
from tests.voice.test_controls import deal, wait_for

from .conftest import REFEREE, open_console


@pytest.fixture
def voice(session: Session, tmp_path: Any) -> Iterator[Voice]:
    """The table's voice in English, its sentences written as WAV files."""
    v = Voice("en", Espeak("en"), [FileSink(tmp_path / "said")])
    v.attach(session)
    v.start()
    yield v
    v.close()


def said_turn(session: Session) -> int:
    """Start a game and deal: the voice says whose turn it is; that sentence's number."""
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    deal(session)
    assert wait_for(lambda: (session.view()["voice"] or {}).get("kind") == "turn")
    return int(session.view()["voice"]["said"])


def test_the_console_mutes_and_sets_the_volume_at_once(client, session, voice):
    r = client.post("/api/referee/voice", json={"muted": True, "volume": 35}, headers=REFEREE)
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["result"]["muted"] is True and r.get_json()["view"]["voice"]["volume"] == 35
    state = client.get("/api/state").get_json()["voice"]
    assert state["muted"] is True and state["volume"] == 35 and voice.synth.volume == 35
    assert client.post("/api/referee/voice", json={"muted": False}, headers=REFEREE).status_code == 200
    assert client.get("/api/state").get_json()["voice"]["muted"] is False


@pytest.mark.parametrize("body, why", [
    ({"volume": 101}, "whole number from 0 to 100"), ({"volume": -5}, "whole number from 0 to 100"),
    ({"volume": "60"}, "whole number from 0 to 100"), ({"volume": 12.5}, "whole number from 0 to 100"),
    ({"volume": True}, "whole number from 0 to 100"), ({"muted": "yes"}, "true or false"),
    ({"muted": 1}, "true or false"), ({}, "give muted"), ({"loud": 3}, "unknown field"),
])
def test_a_bad_value_is_a_clear_400(client, voice, body, why):
    r = client.post("/api/referee/voice", json=body, headers=REFEREE)
    assert r.status_code == 400 and why in r.get_json()["error"]
    assert client.get("/api/state").get_json()["voice"]["volume"] == 100


def test_the_voice_control_is_the_referees_only(client, voice):
    assert client.post("/api/referee/voice", json={"muted": True}).status_code == 401
    assert client.get("/api/state").get_json()["voice"]["muted"] is False


def test_a_table_without_a_voice_says_so(client):
    assert client.get("/api/state").get_json()["voice"] is None
    r = client.post("/api/referee/voice", json={"muted": True}, headers=REFEREE)
    assert r.status_code == 409 and "no voice" in r.get_json()["error"]
    assert client.get("/api/voice/1.wav").status_code == 404


def test_a_phone_gets_the_sentence_as_wav_in_its_language(client, session, voice):
    n = said_turn(session)
    en = client.get(f"/api/voice/{n}.wav?lang=en")
    de = client.get(f"/api/voice/{n}.wav?lang=de")
    assert en.status_code == 200 and en.mimetype == "audio/wav" and en.headers["Cache-Control"] == "no-store"
    assert en.data[:4] == b"RIFF" and en.data[8:12] == b"WAVE" and len(en.data) > 20_000   # a second of speech
    assert de.status_code == 200 and de.data[:4] == b"RIFF" and de.data != en.data
    assert client.get(f"/api/voice/{n}.wav?lang=de").data == de.data       # kept: the same bytes again


@pytest.mark.parametrize("path, status", [
    ("/api/voice/{n1}.wav", 404), ("/api/voice/0.wav", 404), ("/api/voice/-1.wav", 404),
    ("/api/voice/99999999999999999999.wav", 404), ("/api/voice/x.wav", 404), ("/api/voice/{n}.mp3", 404),
    ("/api/voice/{n}.wav?lang=fr", 400), ("/api/voice/{n}.wav?lang=" + "e" * 300, 400),
    ("/api/voice/{n}.wav?text=Hello+world", 200),          # a request's own text is never said: the voice's is
])
def test_a_bad_number_or_language_is_refused(client, session, voice, path, status):
    n = said_turn(session)
    r = client.get(path.format(n=n, n1=n + 1))
    assert r.status_code == status, r.data[:200]
    if status == 200:
        assert r.data == client.get(f"/api/voice/{n}.wav?lang=en").data


def test_the_page_has_a_voice_switch_only_when_the_table_has_a_voice(client, session):
    page = client.get("/").get_data(as_text=True)
    assert 'id="voice"' in page and "voice off" in page and "hidden" in page.split('id="voice"')[1][:120]


# ---------------------------------------------------------------- in a real browser


@pytest.mark.browser
def test_the_switch_on_a_phone_plays_what_the_voice_says(session, voice, server, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")   # a phone, in German
    page = ctx.new_page()
    page.set_default_timeout(20_000)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/voice/" in r.url else None)
    page.goto(server.url + "/?lang=de")
    switch = page.locator("#voice")
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "false")
    session.new_game("GLC", ["RED", "BLUE", "GREEN"], {})             # switched off: nothing is fetched
    expect(page.locator("body")).to_have_attribute("data-seq", str(session.view()["seq"]))
    assert asked == []
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    with page.expect_response(lambda r: "/api/voice/" in r.url) as got:
        deal(session)                                                  # the voice says whose turn it is
    wav = got.value
    n = session.view()["voice"]["said"]
    assert wav.status == 200 and wav.headers["content-type"] == "audio/wav"
    assert wav.url.endswith(f"/api/voice/{n}.wav?lang=de") and wav.body()[:4] == b"RIFF"
    ctx.close()


@pytest.mark.browser
def test_the_console_mutes_the_voice_and_sets_its_volume(session, voice, server, page):
    open_console(page, server)
    expect(page.locator("#voice-controls")).to_be_visible()
    expect(page.locator("#voice-none")).to_be_hidden()
    page.check("#voice-mute")
    expect(page.locator("#result")).to_contain_text("Done: voice")
    assert wait_for(lambda: session.view()["voice"]["muted"] is True)
    page.locator("#voice-volume").fill("40")                        # a range input: set and changed
    assert wait_for(lambda: session.view()["voice"]["volume"] == 40)
    expect(page.locator("#voice-volume-out")).to_have_text("40")
