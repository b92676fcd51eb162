"""The catalog: every component and its tag, and a user's override of the
unpublished Treat values."""
import pytest

from models.catalog import CatalogError
from models.girls_vs_ghouls import GirlsVsGhouls
from models.registry import get_game
from models.tags import parse_tag
from tests.games.gvg.gvg_support import FOUR


def test_the_game_is_registered_by_code_and_name():
    assert type(get_game("GVG")) is type(get_game("girls-vs-ghouls")) is GirlsVsGhouls
    assert get_game("GVG").title == "Girls vs Ghouls"


def test_every_component_has_a_short_valid_tag():
    cat = get_game("GVG").catalog
    kinds = {c.kind for c in cat}
    assert kinds == {"houses", "slots", "treats", "tricks", "standees", "identities", "vp", "tokens"}
    for c in cat:
        tag = parse_tag(c.payload)
        assert tag.game == "GVG" and len(c.payload) <= 20


def test_the_component_counts_of_the_box():
    cat = get_game("GVG").catalog
    counts = {k: len(cat.of_kind(k)) for k in ("houses", "treats", "tricks", "standees", "identities", "vp", "slots")}
    assert counts == {"houses": 16, "treats": 75, "tricks": 60, "standees": 12, "identities": 7, "vp": 3, "slots": 8}
    teams = [c["team"] for c in cat.of_kind("identities")]
    assert (teams.count("GIRLS"), teams.count("GHOULS"), teams.count("REPORTER")) == (3, 3, 1)
    assert sorted(c["points"] for c in cat.of_kind("vp")) == [1, 2, 3]


def test_a_users_treat_values_override_the_shipped_guess(tmp_path, monkeypatch):
    shipped = GirlsVsGhouls.catalog_dir / "treats.csv"
    text = shipped.read_text().replace("GVG:TREAT:01,Treat +1,1,no", "GVG:TREAT:01,Treat +5,5,no")
    (tmp_path / "GVG").mkdir()
    (tmp_path / "GVG" / "treats.csv").write_text(text)
    monkeypatch.setenv("COMPANION_CATALOGS", str(tmp_path))
    game = GirlsVsGhouls()
    assert game.board.treats["GVG:TREAT:01"] == (5, False)
    state = game.setup(FOUR)
    for p, h in zip(FOUR, (1, 3, 5, 7)):
        state, _ = game.apply(state, game.parse_action({"type": "place", "player": p, "house": h}))
    state, _ = game.apply(state, game.parse_action({"type": "treat", "player": "RED", "house": 1,
                                                    "card": "GVG:TREAT:01"}))
    assert state["cubes"]["1"] == 5


def test_a_broken_trick_type_is_reported_with_file_line_and_field(tmp_path, monkeypatch):
    shipped = GirlsVsGhouls.catalog_dir / "tricks.csv"
    (tmp_path / "GVG").mkdir()
    (tmp_path / "GVG" / "tricks.csv").write_text(shipped.read_text().replace("Flip House,FLIP", "Flip House,SPIN", 1))
    monkeypatch.setenv("COMPANION_CATALOGS", str(tmp_path))
    with pytest.raises(CatalogError, match=r"tricks.csv:\d+: field 'trick': must be one of FLIP"):
        GirlsVsGhouls()
