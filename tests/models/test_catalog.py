"""Catalog files: what a user edits to match their printing of a game."""
from pathlib import Path

import pytest

from models.catalog import Catalog, CatalogError, Column

SCHEMA = {"courage": Column("int"), "ability": Column("str", required=False, default="")}


def write(tmp_path: Path, text: str, name: str = "kids.csv") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_loads_rows_with_typed_values_and_skips_comments(tmp_path):
    p = write(tmp_path, "payload,name,courage,ability\n# a comment row\n"
                        "GLC:KID:02,Werewolf,15,werewolf\nGLC:KID:03,Angel,10,\n")
    cat = Catalog("GLC")
    cat.load_file(p, SCHEMA)
    assert cat["GLC:KID:02"].values == {"courage": 15, "ability": "werewolf"}
    assert cat["GLC:KID:03"]["ability"] == ""
    assert [c.name for c in cat.of_kind("kids")] == ["Werewolf", "Angel"]
    assert cat["GLC:KID:02"].source == "kids.csv:3"


@pytest.mark.parametrize("text, message", [
    ("payload,name,courage\nGLC:KID:02,Werewolf,ten\n",
     "kids.csv:2: field 'courage': expected a whole number, got 'ten'"),
    ("payload,name,courage\nGLC:KID:02,Werewolf,\n", "kids.csv:2: field 'courage': is empty"),
    ("payload,name\nGLC:KID:02,Werewolf\n", "kids.csv:1: field 'courage': column missing from the header"),
    ("payload,name,courage,colour\nGLC:KID:02,Werewolf,3,red\n", "kids.csv:1: field 'colour': unknown column"),
    ("payload,name,courage\nglc:kid:02,Werewolf,3\n", "kids.csv:2: field 'payload'"),
    ("payload,name,courage\nTCG:KID:02,Werewolf,3\n", "belongs to game TCG, not GLC"),
    ("payload,name,courage\nGLC:KID:02,A,3\n\nGLC:KID:02,B,4\n",
     "kids.csv:4: field 'payload': 'GLC:KID:02' is listed twice (first at kids.csv:2)"),
    ("payload,name,courage\nGLC:KID:02,A\n", "kids.csv:2: has 2 fields, the header has 3"),
    ("payload,name,courage\nGLC:KID:02,,3\n", "kids.csv:2: field 'name': is empty"),
])
def test_broken_catalog_names_file_line_and_field(tmp_path, text, message):
    p = write(tmp_path, text)
    with pytest.raises(CatalogError) as err:
        Catalog("GLC").load_file(p, SCHEMA)
    assert message in str(err.value)


def test_override_folder_replaces_a_shipped_file(tmp_path, monkeypatch):
    shipped = tmp_path / "shipped"
    shipped.mkdir()
    write(shipped, "payload,name,courage\nGLC:KID:02,Werewolf,15\n")
    mine = tmp_path / "mine" / "GLC"
    mine.mkdir(parents=True)
    write(mine, "payload,name,courage\nGLC:KID:02,Werewolf,14\nGLC:KID:25,Witch,9\n")

    class Game:
        code = "GLC"
        catalog_dir = shipped
        catalog_schema = {"kids": {"courage": Column("int")}}

    assert Catalog.for_game(Game)["GLC:KID:02"]["courage"] == 15
    monkeypatch.setenv("COMPANION_CATALOGS", str(tmp_path / "mine"))
    cat = Catalog.for_game(Game)
    assert cat["GLC:KID:02"]["courage"] == 14
    assert "GLC:KID:25" in cat
    assert cat.files["kids"] == mine / "kids.csv"
