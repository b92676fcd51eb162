"""Every registered game follows the one package template (docs/architecture.md,
"The engine"): the same modules with the same roles, an explicit dispatch table
covering every action, the legal actions of each phase declared once (and
enforced by the engine), and refusals worded "<action type>: <reason>"."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
from pathlib import Path

import pytest

from models.engine import Game, IllegalAction
from models.registry import game_classes

ROOT = Path(__file__).resolve().parents[2]
MODULES = ("game", "rules", "actions", "state", "views", "scoring", "layout", "referee", "kit", "whereabouts",
           "moves")
GAMES = sorted(game_classes(), key=lambda c: c.code)


def package_of(cls: type[Game]) -> str:
    return cls.__module__.rsplit(".", 1)[0]


def script(cls: type[Game]) -> list[dict]:
    return json.loads((ROOT / "docs" / "games" / f"{cls.slug}.script.json").read_text())


def test_every_shipped_game_is_checked():
    """Every package under models/ (and the registry's other folders, the
    example games' with --with-example-games) with a game.py is a registered
    game (none left out by a broken import), so the checks below run on each;
    the five shipped games at least."""
    import models
    packages = {p.parent.name for folder in models.__path__ for p in Path(folder).glob("*/game.py")}
    assert {package_of(c).rsplit(".", 1)[1] for c in GAMES} == packages
    assert {"CCR", "GAH", "GLC", "GVG", "TCG"} <= {c.code for c in GAMES}


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_every_game_describes_its_example(cls):
    """What the shared code reads from the game (the example's players, the
    demo's pace, the table plan) is declared in the game's package and fits it."""
    players = cls.example_players
    assert players, f"{cls.code} sets example_players (the players of docs/games/{cls.slug}.script.json)"
    assert cls.min_players <= len(players) <= cls.max_players and len(set(players)) == len(players)
    assert (ROOT / "docs" / "games" / f"{cls.slug}.script.json").exists()
    assert cls.demo_watched > 0 and cls.demo_pace_s >= 0
    assert cls.plan_table is None or 0 <= cls.plan_table.moves <= len(script(cls))


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_the_same_modules_in_every_game(cls):
    pkg = package_of(cls)
    for name in MODULES:
        module = importlib.import_module(f"{pkg}.{name}")
        assert module.__doc__, f"{pkg}.{name} says what it holds"
    state = importlib.import_module(f"{pkg}.state")
    shapes = [v for v in vars(state).values()
              if isinstance(v, type) and v.__module__ == state.__name__ and hasattr(v, "__required_keys__")
              and v.__name__.endswith("State")]
    assert len(shapes) == 1, f"{pkg}.state declares one TypedDict of the whole state"
    scoring = importlib.import_module(f"{pkg}.scoring")
    assert callable(getattr(scoring, "scoreboard", None)), f"{pkg}.scoring holds the scoreboard"
    assert inspect.signature(cls.setup).return_annotation == shapes[0].__name__


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_the_hooks_come_from_the_games_own_modules(cls):
    """``Game.modules`` names modules of the game's own package, each in its role
    (``views=views``...; the referee's search is in referee.py)."""
    pkg = package_of(cls)
    named = {f.name: getattr(cls.modules, f.name) for f in dataclasses.fields(cls.modules)}
    for role, module in named.items():
        if module is not None:
            assert module.__name__ == f"{pkg}.{'referee' if role == 'search' else role}", (role, module.__name__)
    assert named["views"] and named["scoring"] and named["moves"] and named["referee"], \
        f"{cls.code} names the modules of the hooks every game has"
@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_a_state_has_the_declared_shape(cls):
    game = cls()
    shape = next(v for v in vars(importlib.import_module(f"{package_of(cls)}.state")).values()
                 if isinstance(v, type) and hasattr(v, "__required_keys__") and v.__name__.endswith("State"))
    state = game.setup(list(cls.example_players))
    assert shape.__required_keys__ <= set(state) <= shape.__required_keys__ | shape.__optional_keys__
    for a in script(cls):
        state, _ = game.apply(state, game.parse_action(a)) if _legal(game, state, a) else (state, [])
    assert shape.__required_keys__ <= set(state) <= shape.__required_keys__ | shape.__optional_keys__


def _legal(game: Game, state: dict, data: dict) -> bool:
    try:
        game.apply(state, game.parse_action(data))
        return True
    except IllegalAction:
        return False


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_dispatch_by_an_explicit_table_covering_every_action(cls):
    game = cls()
    assert set(game.handlers()) == set(cls.actions)
    assert all(callable(h) for h in game.handlers().values())
    pkg = Path(inspect.getfile(cls)).parent
    for f in pkg.glob("*.py"):
        assert 'getattr(self, "_" +' not in f.read_text(), f"{f.name} dispatches by name"


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_phases_declared_once_and_cover_the_actions(cls):
    game = cls()
    assert cls.phases, "the legal actions per phase are declared"
    told = cls.unseen_forms[-1:]          # what a move no camera saw was may still be told (a light's cost)
    assert "over" in cls.phases and all(a.type in told for a in cls.phases["over"]), \
        "nothing is played once the game is over"
    assert {a for acts in cls.phases.values() for a in acts} == set(cls.actions)
    assert game.setup(list(cls.example_players))["phase"] in cls.phases
    assert cls.catalog_schema, "the catalog schema is declared"
    assert "is_over" not in vars(cls), "is_over is the base class's"


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_every_phase_of_the_docs_game_is_declared_and_its_actions_allowed(cls):
    game = cls()
    state = game.setup(list(cls.example_players))
    for data in script(cls):
        action = game.parse_action(data)
        if _legal(game, state, data):
            assert isinstance(action, cls.phases[state["phase"]]), (state["phase"], action.type)
            state, _ = game.apply(state, action)
    assert game.is_over(state)


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_refusals_name_the_action_type_never_its_repr(cls):
    """A sample of illegal actions: each action type of the docs script, tried at
    the start of the game and after its end."""
    game = cls()
    start = game.setup(list(cls.example_players))
    end = start
    for data in script(cls):
        if _legal(game, end, data):
            end, _ = game.apply(end, game.parse_action(data))
    samples = {d["type"]: d for d in script(cls)}
    refused = 0
    for state in (start, end):
        for data in samples.values():
            action = game.parse_action(data)
            try:
                game.apply(state, action)
            except IllegalAction as e:
                refused += 1
                assert e.reason.startswith(f"{action.type}: "), e.reason
                assert f"{action.type}(" not in e.reason, e.reason
    assert refused >= len(samples)


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.code)
def test_the_engine_refuses_an_action_its_phase_does_not_list(cls, monkeypatch):
    """The phase table is enforced by the engine even if a handler would accept."""
    game = cls()
    state = game.setup(list(cls.example_players))
    data = next(d for d in script(cls) if _legal(game, state, d))
    monkeypatch.setitem(cls.phases, state["phase"], ())
    with pytest.raises(IllegalAction, match=f"^{data['type']}: "):
        game.apply(state, game.parse_action(data))
