"""A reflection hiding a tag is told in the game's words: which card and where,
never a secret card's name in public."""
from __future__ import annotations

import pytest

from models.reflection import reflection_prompts
from models.registry import get_game
from tests.support.glare import CASES, CODES, case, case_of, derived_case


def game_of(payload: str):
    try:
        return get_game(payload.split(":", 1)[0])
    except KeyError:
        return None


def test_the_measured_glare_cases_are_the_derived_ones_where_the_game_places_the_first_such_card():
    """A new game needs no entry: its case is derived from its example and
    whereabouts. For the shipped games the derived case is a real one, the
    card named and placed as the measured sentences say."""
    assert set(CASES) <= set(CODES)
    for code in CODES:
        derived = derived_case(code)
        assert derived.told.startswith("A reflection hides ") and derived.told.endswith(": tilt the lamp or the card")
        game = get_game(code)
        assert game.catalog.get(derived.payload) is not None and not game.catalog.is_secret(derived.payload)
        assert game.catalog[derived.payload].name in derived.told


@pytest.mark.parametrize("code", CODES)
def test_the_card_and_its_place_in_the_games_words(code):
    game, state, _, target = case(code)
    told = case_of(code).told
    [prompt] = reflection_prompts([target], game, state, game_of)
    assert prompt.text == told and prompt.level == "warning" and prompt.to is None
    assert prompt.to_json() == {"text": told, "to": None, "level": "warning"}


def test_a_component_without_a_named_place_and_a_table_marker():
    game, state, _, _ = case("TCG")
    ghost, marker = reflection_prompts(["TCG:GHOST:1", "TC:CORNER:2"], game, state, game_of)
    assert ghost.text == "A reflection hides Ghost 1: tilt the lamp or the card"
    assert marker.text == "A reflection hides a table marker: tilt the lamp or the card" and marker.detail is None


def test_a_secret_or_face_down_card_is_never_named_in_public():
    game, state, _, _ = case("GLC")
    love = next(c.payload for c in game.catalog if game.catalog.is_secret(c.payload))
    secret, back = reflection_prompts([love, "GLC:GHOST:BACK"], game, state, game_of)
    assert secret.text == "A reflection hides a card: tilt the lamp or the card"
    assert love not in str(secret.to_json()) and game.catalog[love].name not in str(secret.to_json())
    assert game.catalog[love].name in secret.to_referee_json()["detail"]
    assert back.text == "A reflection hides a card: tilt the lamp or the card"


def test_another_games_tag_is_named_by_its_own_catalog_without_a_place():
    game, state, _, _ = case("GLC")
    [p] = reflection_prompts(["TCG:AVATAR:RED"], game, state, game_of)
    assert p.text == "A reflection hides Red avatar: tilt the lamp or the card"
    [p] = reflection_prompts(["GLC:KID:19"], None, None, game_of)
    assert p.text == "A reflection hides VAMPIRE: tilt the lamp or the card"
