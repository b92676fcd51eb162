"""The page in German and Spanish: picked from the browser, a link or the config,
and everything it shows in that language: the page's own words, the engine's
prompts, refusals and events, the live updates and the exported story.

The expected words come from the catalogs (``web/locale``, ``models/*/locale``);
``tests/i18n`` checks that every sentence has a translation, these tests that
the page really uses them."""
from __future__ import annotations

import json
import re
import urllib.request

import pytest

from models.text import Text
from tests.web.conftest import PIN, REFEREE, deal_kids, play_example
from web import create_app
from web.i18n import catalog, localize, pick_language


def de(msgid: str, **params: object) -> str:
    return catalog("de").text(msgid, **params)


def es(msgid: str, **params: object) -> str:
    return catalog("es").text(msgid, **params)


def test_the_language_is_asked_then_kept_then_configured_then_the_browsers() -> None:
    assert pick_language("es", "de", "en", ["de-DE"]) == "es"
    assert pick_language(None, "de", "es", ["en"]) == "de"
    assert pick_language(None, None, "es", ["de-DE", "en"]) == "es"
    assert pick_language(None, None, None, ["fr-FR", "de-CH", "en"]) == "de"
    assert pick_language("xx", "yy", None, ["fr"]) == "en"


def test_the_display_speaks_the_browsers_language(client) -> None:
    page = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}).get_data(as_text=True)
    assert '<html lang="de">' in page
    assert f"<h2>{de('What to do')}</h2>" in page and de("What to do") != "What to do"
    assert "<h2>What to do</h2>" not in page
    page = client.get("/", headers={"Accept-Language": "es-ES,es"}).get_data(as_text=True)
    assert '<html lang="es">' in page and f"<h2>{es('What to do')}</h2>" in page
    page = client.get("/", headers={"Accept-Language": "fr-FR"}).get_data(as_text=True)
    assert '<html lang="en">' in page and "<h2>What to do</h2>" in page


def test_a_link_picks_the_language_and_a_cookie_keeps_it(client) -> None:
    resp = client.get("/?lang=es", headers={"Accept-Language": "de"})
    assert '<html lang="es">' in resp.get_data(as_text=True)
    assert "tc_lang=es" in resp.headers["Set-Cookie"]
    again = client.get("/history", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="es">' in again and es("Games played here") in again


def test_the_config_sets_the_language_for_every_visitor_unless_they_pick_one(session) -> None:
    client = create_app(session, language="de").test_client()
    assert '<html lang="de">' in client.get("/", headers={"Accept-Language": "en-GB"}).get_data(as_text=True)
    assert '<html lang="es">' in client.get("/?lang=es").get_data(as_text=True)
    with pytest.raises(ValueError, match="speaks"):
        create_app(session, language="fr")


@pytest.mark.parametrize("lang", ["de", "es"])
@pytest.mark.parametrize("path", ["/", "/referee", "/camera", "/history", "/story", "/score", "/camera/phone"])
def test_every_page_renders_in_each_language(glc, lang, path) -> None:
    from companion.photo_score import PhotoScorer
    client = create_app(glc, scorer=PhotoScorer((900.0, 600.0))).test_client()
    client.post("/referee/login", data={"pin": PIN})
    resp = client.get(path, headers={"Accept-Language": lang})
    assert resp.status_code == 200, path
    page = resp.get_data(as_text=True)
    assert f'<html lang="{lang}">' in page
    messages = json.loads(re.search(r'<script type="application/json" id="tc-messages">(.*?)</script>', page,
                                    re.S).group(1))
    assert messages, "the scripts get their translations"
    assert all(v for v in messages.values())


def test_the_engines_prompts_and_events_arrive_translated(client, glc) -> None:
    deal_kids(glc)
    view = glc.view()
    assert view["prompts"] and all(isinstance(p["text"], Text) for p in view["prompts"])
    english = client.get("/api/state", headers={"Accept-Language": "en"}).get_json()
    german = client.get("/api/state?lang=de").get_json()
    assert german["prompts"] == localize(view["prompts"], "de")
    assert [p["text"] for p in german["prompts"]] != [p["text"] for p in english["prompts"]]
    assert german["events"] == localize(view["events"], "de") != english["events"]
    assert german["players"] == english["players"] and german["seq"] == english["seq"]


def test_a_refusal_is_in_the_referees_language(client, glc) -> None:
    deal_kids(glc)
    twice = {"action": {"type": "reveal_kid", "slot": 1, "kid": glc.state["kid_deck"][0]}}   # slot 1 is taken
    resp = client.post("/api/referee/apply?lang=es", headers=REFEREE, json=twice)
    assert resp.status_code == 409, resp.get_json()
    english = client.post("/api/referee/apply?lang=en", headers=REFEREE, json=twice).get_json()   # (the cookie says es)
    assert resp.get_json()["error"] != english["error"]
    assert resp.get_json()["error"].startswith("reveal_kid: ")          # the action's name stays


def _first_event(url: str, lang_headers: dict[str, str]) -> dict:
    req = urllib.request.Request(url, headers=lang_headers)
    with urllib.request.urlopen(req, timeout=10) as resp:
        for raw in resp:
            line = raw.decode()
            if line.startswith("data: "):
                return json.loads(line[6:])
    raise AssertionError("no view on the stream")


def test_live_updates_come_in_each_viewers_language(server, glc) -> None:
    deal_kids(glc)
    prompts = glc.view()["prompts"]
    german = _first_event(server.url + "/api/events?lang=de", {})
    spanish = _first_event(server.url + "/api/events", {"Accept-Language": "es-MX,es;q=0.9"})
    english = _first_event(server.url + "/api/events", {})
    assert german["prompts"] == localize(prompts, "de")
    assert spanish["prompts"] == localize(prompts, "es")
    assert english["prompts"] == prompts
    assert len({json.dumps(v["prompts"]) for v in (german, spanish, english)}) == 3


def test_the_exported_story_is_in_the_asked_language(glc) -> None:
    from companion.journal.story_html import story_html
    from companion.journal.timeline import game_story
    from models.registry import get_game
    play_example(glc, moves=12)
    record = glc.journal.game(glc.game_id)
    story = game_story(get_game("GLC"), record, glc.journal.entries(glc.game_id))
    page = story_html(story, lang="de")
    assert '<html lang="de">' in page
    assert de("{game}: the story", game="Ghosts Love Candy") in page
    data = json.loads(re.search(r'id="story-data">(.*?)</script>', page, re.S).group(1).replace("<\\/", "</"))
    texts = [t for step in data["steps"] for t in step["texts"]]
    assert texts == [t for step in localize(story, "de")["steps"] for t in step["texts"]]
    assert texts != [t for step in story["steps"] for t in step["texts"]]


def test_a_hostile_language_is_english_and_nothing_breaks(client, server) -> None:
    for path, headers in (("/?lang=<script>alert(1)</script>", {}), ("/?lang=../../etc/passwd", {}),
                          ("/", {"Accept-Language": ";;;q=x,,zz-ZZ;q=2," + "x" * 5000}),
                          ("/", {"Cookie": "tc_lang=<b>; tc_lang=de=es"})):
        resp = client.get(path, headers=headers)
        assert resp.status_code == 200, path
        page = resp.get_data(as_text=True)
        assert '<html lang="en">' in page and "<script>alert" not in page
        assert "tc_lang=<" not in resp.headers.get("Set-Cookie", "")
    # the live stream too, straight from the server's own parser
    view = _first_event(server.url + "/api/events?lang=%3Cscript%3E", {"Cookie": "tc_lang=zz", "Accept-Language": "!!"})
    assert view["seq"] >= 0
