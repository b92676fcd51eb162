"""The Ghosts Love Candy catalog: complete, correctable by the user, and a broken
file fails naming the file, the line and the field."""
import pytest

from models.catalog import Catalog, CatalogError
from models.ghosts_love_candy import GhostsLoveCandy
from models.ghosts_love_candy.kit import CANDY_TYPES
from tests.games.glc.glc_support import GAME, THREE


def test_shipped_catalog_holds_every_component():
    cards = GAME.cards
    assert len(cards.kids) == 24 and sorted(cards.kids) == list(range(1, 25))
    assert len(cards.ghosts) == 54 and len(cards.colours) == 6
    assert len(cards.candy) == 48
    assert sorted(cards.candy_type(c) for c in cards.candy) == sorted(t for t in CANDY_TYPES for _ in range(8))
    assert len(cards.love) == 6
    for love in cards.love.values():
        assert sorted(love.values.values()) == [0, 1, 2, 3, 4, 5]
    werewolf = cards.kid(2)
    assert (werewolf.name, werewolf.courage, werewolf.ability) == ("WEREWOLF", 15, "werewolf")
    assert cards.kid(6).ability == "zombie" and cards.kid(17).ability == "black_cat"


def write_override(tmp_path, name, text):
    d = tmp_path / "GLC"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text)
    return tmp_path


def shipped(name):
    return (GhostsLoveCandy.catalog_dir / name).read_text()


def test_a_corrected_catalog_changes_the_game(tmp_path):
    text = shipped("kids.csv").replace("GLC:KID:07,PRINCESS,7,11,", "GLC:KID:07,PRINCESS,7,20,")
    game = GhostsLoveCandy(Catalog.for_game(GhostsLoveCandy, [write_override(tmp_path, "kids.csv", text)]))
    assert game.cards.kid(7).courage == 20
    s = game.setup(THREE)
    for i, k in enumerate([5, 7, 11, 13, 16, 18], 1):
        s, _ = game.apply(s, game.parse_action({"type": "reveal_kid", "slot": i, "kid": k}))
    assert game.public_view(s)["slots"][1]["kid"]["courage"] == 20


@pytest.mark.parametrize("name, old, new, message", [
    ("kids.csv", "GLC:KID:07,PRINCESS,7,11,", "GLC:KID:07,PRINCESS,7,eleven,",
     "field 'courage': expected a whole number"),
    ("kids.csv", "GLC:KID:07,PRINCESS,7,", "GLC:KID:07,PRINCESS,2,", "field 'number': card number 2 is used twice"),
    ("ghosts.csv", "GLC:GHOST:R7,McSpooky 7,RED,7", "GLC:GHOST:R7,McSpooky 7,RED,8", "a ghost's id is its colour"),
    ("candy.csv", "GLC:CANDY:CHOC3,Chocolate 3,CHOC", "GLC:CANDY:CHOC3,Chocolate 3,FUDGE",
     "field 'type': must be one of"),
    ("love.csv", "GLC:LOVE:L2,", "TCG:LOVE:L2,", "belongs to game TCG, not GLC"),
])
def test_a_broken_catalog_names_file_line_and_field(tmp_path, name, old, new, message):
    text = shipped(name)
    assert old in text
    path = write_override(tmp_path, name, text.replace(old, new))
    line = next(i for i, l in enumerate(text.replace(old, new).splitlines(), 1) if new in l)
    with pytest.raises(CatalogError) as err:
        GhostsLoveCandy(Catalog.for_game(GhostsLoveCandy, [path]))
    assert f"{name}:{line}" in str(err.value) and message in str(err.value)
