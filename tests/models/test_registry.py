"""Finding a game by code or name, and surviving a broken game package."""
import sys

import pytest

from models import registry


def test_every_game_is_found_by_code_and_by_name():
    codes = {c.code for c in registry.game_classes()}
    assert {"GLC", "TCG", "GVG", "CCR"} <= codes
    for cls in registry.game_classes():
        assert registry.find_game_class(cls.code.lower()) is cls
        assert registry.find_game_class(cls.slug) is cls
        assert registry.find_game_class(cls.title) is cls


def test_an_unknown_game_lists_the_known_ones():
    with pytest.raises(KeyError, match="no game called 'chess'; known games: .*GLC \\(ghosts-love-candy\\)"):
        registry.find_game_class("chess")


def test_a_broken_game_package_is_reported_and_the_others_still_load(tmp_path, monkeypatch):
    pkg = tmp_path / "models" / "half_written"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("raise ValueError('kids.csv:3: field courage: is empty')\n")
    import models
    monkeypatch.setattr(models, "__path__", [*models.__path__, str(tmp_path / "models")])
    registry.game_classes.cache_clear()
    monkeypatch.setattr(registry, "broken", {})
    try:
        assert {"GLC", "CCR"} <= {c.code for c in registry.game_classes()}
        assert "kids.csv:3" in registry.broken["half_written"]
        with pytest.raises(KeyError, match="game 'half-written' cannot be loaded: ValueError: kids.csv:3"):
            registry.find_game_class("half-written")
    finally:
        registry.game_classes.cache_clear()
        sys.modules.pop("models.half_written", None)
    assert {"GLC", "CCR"} <= {c.code for c in registry.game_classes()}
