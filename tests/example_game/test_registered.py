"""The example games are games of the product only when a run asks for them
(``--with-example-games``, ``make test-example-games``), and then every test
parametrized over the registry runs over each of them: one that drops out (a
broken import the registry logs and skips, a test's list that leaves it out)
fails here instead of passing unnoticed."""
from __future__ import annotations

from models import registry
from tests.support.example_games import CODES, codes_of


def test_every_registry_wide_test_runs_over_every_example_game(request):
    registered = {cls.code for cls in registry.game_classes()}
    if not request.config.getoption("--with-example-games"):
        assert not registered & set(CODES), "the companion alone knows only the games in models/"
        return
    assert set(CODES) <= registered, f"example games not registered: {registry.broken}"
    by_file: dict[str, set[str]] = {}
    for item in request.session.items:
        codes = codes_of(item)
        if codes:
            by_file.setdefault(item.path.name, set()).update(codes)
    assert by_file, "no test parametrized over the registry was collected"
    left_out = {name: sorted(set(CODES) - codes) for name, codes in sorted(by_file.items())
                if not set(CODES) <= codes}
    assert left_out == {}, f"test files whose cases leave an example game out: {left_out}"
