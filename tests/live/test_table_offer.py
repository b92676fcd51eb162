"""A table starts its own game (issue 44): with no game open, a settled table
whose tags belong to one game is offered on the page ("Ghosts Love Candy for
RED, BLUE and GREEN: press the button to start"), and one press of the table's
confirm button starts it, or takes it over as it lies when it is under way.
Every registered game; the setup tables are rendered on the simulated table and
read by the real pipeline."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hardware.indicators import IndicatorPins, Indicators
from models.engine import IllegalAction
from models.registry import game_classes, get_game
from tests.support.offers import offered_at_setup
from tests.support.table import snapshot_of

from .tables import source_for
from .test_session import make_session, wait_for

CODES = [cls.code for cls in game_classes()]
#: BCM pins the status LED, the buzzer and the buttons below leave free: one seat LED each
FREE_PINS = (2, 3, 4, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 22, 23, 24, 25, 26, 27)


def _key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def _setup(code: str) -> dict[str, Any]:
    game = get_game(code)
    return game.setup(list(game.example_players), game.resolve_options({}))


def _played(code: str, moves: int, seed: int = 5) -> list[dict[str, Any]]:
    """The states of a random game of ``code`` from its setup, ``moves`` legal moves long."""
    game, rng = get_game(code), random.Random(seed)
    states = [_setup(code)]
    for _ in range(moves):
        actions = game.legal_actions(states[-1])
        if not actions or game.is_over(states[-1]):
            break
        states.append(game.apply(states[-1], rng.choice(actions))[0])
    return states


@pytest.mark.parametrize("code", offered_at_setup())    # a game whose set-up lays only seats: none
def test_a_table_laid_out_for_a_game_starts_it_with_one_press_of_the_button(tmp_path, code):
    game = get_game(code)
    factory = MockFactory(pin_class=MockPWMPin)
    pins = IndicatorPins(seats=dict(zip(game.seats() or [], FREE_PINS)), status_red=5, status_green=6,
                         status_blue=13, buzzer=19, confirm_button=20, undo_button=21)
    s = make_session(tmp_path, indicators=Indicators(pins, factory=factory))
    try:
        s.start(source_for(game.arrange(_setup(code)), []))     # the camera sees the table as laid out
        assert s.wait(120)
        offer = s.view()["offer"]
        assert offer == {"game": code, "players": list(game.example_players), "fresh": True, "ready": True,
                         "text": offer["text"]}
        assert game.title in offer["text"] and "press the button to start" in offer["text"]
        assert [p["text"] for p in s.view()["prompts"]] == [offer["text"]]
        lit = s.view()["indicators"]
        assert lit["status"] == "amber"            # the seats read from the table lit until the press
        assert {seat for seat, on in lit["seats"].items() if on} == set(game.example_players)
        factory.pin(20).drive_low()                              # the table's confirm button
        factory.pin(20).drive_high()
        assert wait_for(lambda: s.game_open, 10)
        view = s.view()
        assert view["game"]["code"] == code and view["players"] == list(game.example_players)
        assert view["status"] == "in_sync" and view["offer"] is None
        assert view["events"][-1]["type"] == "new_game"
        # refereed on from there as any game: the next legal move the table shows is applied
        shown = game.expected_table(s.state)
        nxt = next(after for after in (game.apply(s.state, a)[0] for a in game.legal_actions(s.state))
                   if game.expected_table(after) != shown)
        s._on_snapshot(snapshot_of(game.arrange(nxt)))
        assert _key(s.state) == _key(nxt)
    finally:
        s.close()


@pytest.mark.parametrize("code", CODES)
def test_a_game_under_way_is_taken_over_as_it_lies_with_one_press(tmp_path, code):
    game = get_game(code)
    truth = _played(code, 14)[-1]
    s = make_session(tmp_path)
    try:
        s._on_snapshot(snapshot_of(game.arrange(truth)))
        offer = s.view()["offer"]
        assert offer["game"] == code and offer["ready"] and not offer["fresh"]
        s.confirm()
        if s.waiting_take_over:        # what the table cannot show: the console's form, as the players answer it
            s.answer_take_over({q["key"]: game.takeover_answers(truth)[q["key"]] for q in s.takeover_questions})
        assert s.game_open and s.engine.code == code
        assert game.same_table(game.expected_table(s.state), game.expected_table(truth))
        assert game.takeover_answers(s.state) == game.takeover_answers(truth)
        assert any(e["type"] == "take_over" for e in s.view()["events"])
    finally:
        s.close()


def test_two_games_on_one_table_are_said_and_the_button_starts_nothing(tmp_path):
    glc, gah = get_game("GLC"), get_game("GAH")
    table = snapshot_of(glc.arrange(_setup("GLC")))
    mixed = replace(table, sightings=(*table.sightings, *(x for x in snapshot_of(gah.arrange(_setup("GAH"))).sightings
                                                          if x.payload.startswith("GAH:"))))
    s = make_session(tmp_path)
    try:
        s._on_snapshot(mixed)
        view = s.view()
        assert view["status"] == "no_game" and not view["offer"]["ready"]
        assert view["prompts"][0]["text"] == ("The table holds tags of Ghost at Home and Ghosts Love Candy: "
                                              "clear away all but one game to start it")
        with pytest.raises(IllegalAction, match="clear away all but one game"):
            s.confirm()
        assert not s.game_open and s.journal.open_game() is None
    finally:
        s.close()


def test_an_ended_games_own_table_is_not_offered_again_but_a_fresh_layout_is(tmp_path):
    code = "TCG"
    game = get_game(code)
    states = _played(code, 6)
    s = make_session(tmp_path)
    try:
        s.new_game(code, list(game.example_players))
        s._on_snapshot(snapshot_of(game.arrange(states[1])))
        s.end_game()
        closing = s.view()["prompts"]
        assert closing, "an ended game says how it ended"
        s._on_snapshot(snapshot_of(game.arrange(states[-1])))
        assert s.view()["offer"] is None
        assert s.view()["prompts"] == closing          # the ended game's own words stay on the page
        s._on_snapshot(snapshot_of(game.arrange(states[0])))   # laid out afresh
        assert s.view()["offer"]["fresh"] and s.view()["offer"]["ready"]
        first = s.game_id
        s.confirm()
        assert s.game_open and s.game_id != first and _key(s.state) == _key(states[0])
    finally:
        s.close()


def test_the_offer_is_on_the_page_in_the_tables_language(tmp_path):
    from web import create_app
    s = make_session(tmp_path)
    try:
        s._on_snapshot(snapshot_of(get_game("CCR").arrange(_setup("CCR"))))
        client = create_app(s, pin="4321").test_client()
        view = client.get("/api/state?lang=de").get_json()
        assert view["offer"]["text"] == "Candy Crave für RED, BLUE und GREEN: drückt den Knopf, um zu starten"
        assert view["prompts"][0]["text"] == view["offer"]["text"]
    finally:
        s.close()


def test_every_shipped_game_is_offered_by_its_set_up_table():
    """The offer tests run over the games a set-up table names: a shipped game
    dropping out of that list would drop out of them silently."""
    assert {"CCR", "GAH", "GLC", "GVG", "TCG"} <= set(offered_at_setup())
