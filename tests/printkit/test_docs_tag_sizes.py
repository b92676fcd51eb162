"""The tag sizes the documentation names are the ones `companion tags` prints.

A user prints with the defaults and lays the table out from the game's page: a
page that says "a 25 mm tag" on a token the kit prints with an 18 mm tag sends
them measuring the wrong thing. Every "<N> mm tag" in a game page, the printing
guide and the README must be a size the default kit really prints for what the
sentence names: a marker's size in a sentence about markers, a component's
otherwise."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.config import load_config
from companion.printkit import make_kit, size_for
from models.registry import game_classes, get_game

ROOT = Path(__file__).resolve().parents[2]
SIZE = re.compile(r"(\d+(?:\.\d+)?)[ -]mm (?:QR )?tags?\b")
GAMES = sorted(game_classes(), key=lambda c: c.code)


def default_kit_sizes(code: str) -> tuple[set[float], set[float]]:
    """(component tag sizes, marker tag sizes) of `companion tags CODE` with the
    built-in config."""
    cfg = load_config(None)
    game = get_game(code)
    tag_mm = size_for((int(cfg.camera.width), int(cfg.camera.height)), cfg.table_mm).tag_mm
    kit = make_kit(game, tag_mm, "a4", cfg.table_mm)
    components: set[float] = set()
    markers: set[float] = set()
    for page in kit.pages:
        for s, _, _ in page.stickers:
            (markers if s.payload.startswith("TC:") else components).add(s.tag_mm)
        if page.board is not None:
            spec, name = page.board
            markers.update(m.tag_mm for m in spec.markers.get(name, ()))
    return components, markers


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;:])\s+(?=[A-Z*`(])", " ".join(text.split()))


def mentions(text: str) -> list[tuple[float, str]]:
    return [(float(m.group(1)), s) for s in sentences(text) for m in SIZE.finditer(s)]


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_a_game_page_names_the_tag_sizes_its_kit_prints(cls):
    components, markers = default_kit_sizes(cls.code)
    page = ROOT / "docs" / "games" / f"{cls.slug}.md"
    for size, sentence in mentions(page.read_text()):
        printed = markers if "marker" in sentence.lower() else components
        assert size in printed, (f"{page.name} says {size:g} mm tags but `companion tags {cls.code}` prints "
                                 f"{', '.join(f'{s:g}' for s in sorted(printed))} mm there: {sentence!r}")


def test_the_checker_catches_a_token_tag_of_the_wrong_size():
    components, _ = default_kit_sizes("TCG")
    wrong = "Tokens are square: avatars and ghosts 40 mm, candy 36 mm, each with a 25 mm tag in its middle."
    assert [s for s, _ in mentions(wrong) if s not in components] == [25.0]


def test_the_printing_guide_names_the_default_size():
    components = set().union(*(default_kit_sizes(c.code)[0] for c in GAMES))
    guide = (ROOT / "docs" / "printing.md").read_text()
    first = mentions(guide)[0][0]
    assert first in components
