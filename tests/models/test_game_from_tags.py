"""A settled table with no game open offers the game its tags belong to, with
the players read from its seat markers (issue 44), for every registered game."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from models.game_from_tags import recognise
from models.registry import game_classes, get_game
from models.table import Snapshot, seen_from_above
from tests.support.offers import offered_at_setup

CODES = [cls.code for cls in game_classes()]


def _table(code: str, state: dict) -> Snapshot:
    game = get_game(code)
    table = game.table_mm(len(state["players"]))
    return seen_from_above(game.arrange(state, table), table)


def _setup(code: str, players: list[str] | None = None) -> dict:
    game = get_game(code)
    return game.setup(players or list(game.example_players), game.resolve_options({}))


def _later(code: str, moves: int = 12, seed: int = 3) -> dict:
    game, rng = get_game(code), random.Random(seed)
    state = _setup(code)
    for _ in range(moves):
        actions = game.legal_actions(state)
        if not actions or game.is_over(state):
            break
        state, _ = game.apply(state, rng.choice(actions))
    return state


#: the games a table laid out for set-up names (every shipped one)
FRESH = offered_at_setup()


def test_a_table_of_seats_alone_offers_nothing() -> None:
    """What the game lays out at set-up decides: a game whose set-up table
    shows nothing of its own is offered once one of its tags shows (its first
    pair laid), never guessed from seats."""
    assert {"CCR", "GAH", "GLC", "GVG", "TCG"} <= set(FRESH)
    for code in sorted(set(CODES) - set(FRESH)):
        assert recognise(_table(code, _setup(code))) is None


@pytest.mark.parametrize("code", FRESH)
def test_a_table_laid_out_for_a_new_game_offers_it_with_its_seats(code: str) -> None:
    game = get_game(code)
    offer = recognise(_table(code, _setup(code)))
    assert offer is not None and offer.ready and offer.fresh
    assert (offer.code, offer.players) == (code, tuple(game.example_players))
    assert offer.prompt.endswith("press the button to start") and game.title in offer.prompt


@pytest.mark.parametrize("code", FRESH)
def test_every_player_count_is_read_from_the_seat_markers(code: str) -> None:
    game = get_game(code)
    seats = game.seats() or []
    for n in range(game.min_players, game.max_players + 1):
        offer = recognise(_table(code, _setup(code, seats[:n])))
        assert offer is not None and offer.players == tuple(seats[:n]) and offer.ready


@pytest.mark.parametrize("code", CODES)
def test_a_game_under_way_is_offered_to_take_over_as_it_lies(code: str) -> None:
    offer = recognise(_table(code, _later(code)))
    assert offer is not None and offer.ready and not offer.fresh and offer.code == code
    assert "take it over as it lies" in offer.prompt


@pytest.mark.parametrize("code", FRESH)
def test_too_few_seats_are_said_and_nothing_starts(code: str) -> None:
    game = get_game(code)
    table = _table(code, _setup(code))
    keep = game.min_players - 1
    seats = [s for s in table.sightings if s.payload.startswith("TC:SEAT:")]
    dropped = {s.payload for s in seats[keep:]}
    offer = recognise(replace(table, sightings=tuple(s for s in table.sightings if s.payload not in dropped)))
    assert offer is not None and not offer.ready
    assert f"is for {game.min_players}-{game.max_players} players" in offer.prompt
    assert f"shows {keep} seat markers" in offer.prompt


def test_a_seat_the_game_does_not_have_is_named() -> None:
    table = _table("GAH", _setup("GAH"))      # Ghost at Home seats RED, BLUE, GREEN, YELLOW only
    pink = replace(next(s for s in table.sightings if s.payload == "TC:SEAT:BLUE"), payload="TC:SEAT:PINK")
    offer = recognise(replace(table, sightings=(*table.sightings, pink)))
    assert offer is not None and not offer.ready and "no seat PINK" in offer.prompt


def test_two_games_on_one_table_are_said_in_words() -> None:
    glc, gah = _table("GLC", _setup("GLC")), _table("GAH", _setup("GAH"))
    extra = tuple(s for s in gah.sightings if s.payload.startswith("GAH:"))
    offer = recognise(replace(glc, sightings=(*glc.sightings, *extra)))
    assert offer is not None and not offer.ready and offer.code is None
    assert offer.prompt == ("The table holds tags of Ghost at Home and Ghosts Love Candy: "
                            "clear away all but one game to start it")


def test_a_table_with_only_its_markers_offers_nothing() -> None:
    table = _table("GLC", _setup("GLC"))
    bare = replace(table, sightings=tuple(s for s in table.sightings
                                          if s.payload.startswith(("TC:CORNER:", "TC:SEAT:"))))
    assert recognise(bare) is None


def test_the_offer_is_said_in_the_tables_language() -> None:
    from web.i18n import localize
    offer = recognise(_table("CCR", _setup("CCR")))
    assert offer is not None
    assert localize(offer.prompt, "de") == "Candy Crave für RED, BLUE und GREEN: drückt den Knopf, um zu starten"
    assert localize(offer.prompt, "es") == "Candy Crave para RED, BLUE y GREEN: pulsad el botón para empezar"
