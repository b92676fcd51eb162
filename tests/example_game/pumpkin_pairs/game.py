"""Pumpkin Pairs: the Game that describes it and plays a state (RULES.md).

Example::

    game = GAME()
    state = game.setup(["RED", "BLUE"])
    state, events = game.apply(state, game.parse_action({"type": "reveal", "card": "PUP:PUMPKIN:3A"}))
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from models.catalog import Column
from models.engine import Action, Event, Game, Modules
from models.plan_table import Dim, PlanTable

from . import layout, moves, referee, rules, scoring, views, whereabouts, words
from .actions import ACTIONS, Reveal, Take
from .kit import SEATS, Kit
from .state import PumpkinPairsState


class PumpkinPairs(Game):
    code = "PUP"
    slug = "pumpkin-pairs"
    title = "Pumpkin Pairs"
    min_players, max_players = 2, 4
    actions = ACTIONS
    phases: ClassVar[dict[str, tuple[type[Action], ...]]] = rules.PHASES
    catalog_dir = Path(__file__).parent / "catalog"
    catalog_schema: ClassVar[dict[str, dict[str, Any]]] = {"pumpkins": {"value": Column("int")}}
    #: the modules that implement the hooks: Game calls views.prompts(game, state), layout.read(...)...
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, words=words)
    #: who plays the page's example (docs/games/<slug>.script.json)
    example_players = ("RED", "BLUE")
    #: the page's plan: the example after nine moves, a card turned up in the middle
    plan_table = PlanTable(9, "RED's fifth turn: 3A turned up in the middle, two cards taken each",
                           dims=(Dim("TC:ZONE:DECK", "TC:ZONE:MIDDLE", axis="x", offset=-40),
                                 Dim("TC:ZONE:MIDDLE", "PUP:PUMPKIN:3A", axis="x", offset=40),
                                 Dim("TC:SEAT:RED", "edge", axis="y")))

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.kit = Kit.load(self.catalog)

    def seats(self) -> list[str]:
        return list(SEATS)

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> PumpkinPairsState:
        self.resolve_options(options or {})
        return cast(PumpkinPairsState, rules.setup(self.check_players(players)))

    def field_choices(self, state: dict[str, Any]) -> dict[str, list[tuple[Any, str]]]:
        """The players, and the pumpkins by value (the console's forms)."""
        cards = [(c, f"{v} ({c.rsplit(':', 1)[1]})") for c, v in sorted(self.kit.value.items())]
        return {**super().field_choices(state), "card": cards}

    def handlers(self) -> Mapping[type[Action], Callable[..., Any]]:
        return {Reveal: rules.reveal, Take: rules.take}

    def _apply(self, state: dict[str, Any], action: Action) -> list[Event]:
        handler = self.handlers()[type(action)]
        events: list[Event] = handler(self.kit, state, action)
        return events


GAME = PumpkinPairs
