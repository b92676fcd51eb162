"""What the voice says about the demo's real changes: the page's own prompts
and words, short, one kind of sentence for each thing the players must hear."""
from __future__ import annotations

import copy

import pytest

from companion.voice.sentences import announcements, whose_turn
from models.registry import game_classes
from tests.support.demo_run import group
from tests.voice.conftest import demo_views
from web.i18n import catalog, localize

#: the demo runs these tests read are played once per worker (tests.support.demo_run)
pytestmark = pytest.mark.xdist_group(group("GLC"))


def said(views, lang="en"):
    out, before = [], None
    for v in views:
        out += [(u.kind, str(localize(u.text, lang))) for u in announcements(before, v)]
        before = v
    return out


def test_the_demo_round_of_ghosts_love_candy_is_told_in_order() -> None:
    # the pipeline's frame budget is wall-clock time, so a loaded machine may read a change
    # a frame later: what is said must not hang on that, only on what the table did
    got = said(demo_views("GLC"))
    illegal = [t for k, t in got if k == "illegal"]
    assert ("Not allowed: haunt: it is RED's turn, not BLUE's. "
            "Ghost B1 is under the kid in slot 2; it belongs in front of BLUE.") in illegal, got
    haunt = next(i for i, (k, t) in enumerate(got) if k == "illegal")
    assert ("turn", "RED: your turn") in got[:haunt]                    # RED's turn came before BLUE's haunt
    assert any("Move the WEREWOLF (kid 2) to RED's stash." in t for t in illegal), got   # what to do about it
    for fix in (t for k, t in got if k == "fix"):                       # at most two prompts, then "more"
        assert fix.count(".") <= 3, fix
    assert got[-1] == ("over", "Game over: GREEN wins with 43 points."), got
    assert [k for k, _ in got].count("over") == 1


def test_the_sentences_are_the_pages_own_in_german_and_spanish() -> None:
    de, es = said(demo_views("GLC"), "de"), said(demo_views("GLC"), "es")
    assert ("turn", "RED: du bist dran") in de          # the page's "{seat}: your turn"
    assert ("turn", "RED: es tu turno") in es
    assert any(t.startswith("Nicht erlaubt") for k, t in de if k == "illegal")
    assert de[-1] == ("over", "Spielende: GREEN gewinnt mit 43 Punkten.")
    assert es[-1][1].startswith("Fin de la partida")


@pytest.mark.parametrize("code", [pytest.param(c.code, marks=pytest.mark.xdist_group(group(c.code)))
                                  for c in game_classes() if c.code != "GLC"])  # GLC: the test above
def test_each_games_demo_ends_with_its_winner(code) -> None:
    """Every registered game's demo (``companion demo --game``) ends with the
    voice naming its winner."""
    views = demo_views(code)
    got = said(views)
    assert got[-1][0] == "over"
    final = views[-1]["score"]
    labels = final.get("labels") or {}
    assert any(str(labels.get(w, w)) in got[-1][1] for w in final["winners"]), got[-1]


@pytest.mark.xdist_group(group("GVG"))
def test_girls_vs_ghouls_turns_are_not_read_out_while_a_round_finishes() -> None:
    gvg = said(demo_views("GVG"))
    # GVG's round: every player lit, then fewer and fewer as each one's turn is done; said once
    everyone = [t for k, t in gvg if k == "turn" and "each of you" in t]
    assert len(everyone) <= 2


def test_a_camera_that_stops_is_said_in_the_pages_words() -> None:
    view = copy.deepcopy(demo_views("GLC")[20])
    lost = {**view, "status": "camera_lost", "camera": {**view["camera"], "ok": False}}
    [u] = announcements(view, lost)
    assert u.kind == "camera"
    assert str(localize(u.text, "en")).startswith("Camera lost. Check the camera cable")
    assert str(localize(u.text, "de")).startswith(catalog("de")("Camera lost", domain="web"))
    missing = {**lost, "camera": {**lost["camera"], "missing": True}}
    [u] = announcements(view, missing)
    assert str(localize(u.text, "es")).startswith(catalog("es")("Camera missing, retrying", domain="web"))
    assert announcements(lost, lost) == []


def test_whose_turn_is_what_the_page_shows() -> None:
    views = demo_views("GLC")
    out_of_sync = next(v for v in views if v["status"] == "out_of_sync")
    assert whose_turn(out_of_sync) == ["RED"]          # BLUE's light is on to put the ghost back; RED is to move
    assert whose_turn(views[-1]) == []                  # over: nobody


def test_the_pages_words_the_voice_borrows_are_in_the_pages_catalogs() -> None:
    import re
    from pathlib import Path

    import companion.voice.sentences as sentences
    source = Path(sentences.__file__).read_text()
    borrowed = re.findall(r'page\(\s*"([^"]+)"', source)
    assert len(borrowed) >= 7
    for lang in ("de", "es"):
        missing = [m for m in borrowed if not catalog(lang)(m, domain="web")]
        assert not missing, (lang, missing)


@pytest.mark.xdist_group(group("GVG"))
def test_a_tag_payload_in_a_prompt_is_said_by_its_number() -> None:
    from companion.voice.voice import spoken
    gvg = [t for k, t in said(demo_views("GVG")) if "GVG:TRICK:" in t]
    assert gvg, "Girls vs Ghouls' demo names a revealed Trick by its tag"
    assert spoken(gvg[0]) == "Put the revealed Trick 38 back face up at House 2."
