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
from models.engine import Action, Event, Game, Prompt, Scoreboard
from models.whereabouts import Whereabouts

from . import layout, referee, rules, scoring, views
from .actions import ACTIONS, Reveal, Take
from .kit import SEATS, Kit
from .state import PumpkinPairsState
from .whereabouts import whereabouts


class PumpkinPairs(Game):
    code = "PUP"
    slug = "pumpkin-pairs"
    title = "Pumpkin Pairs"
    min_players, max_players = 2, 4
    actions = ACTIONS
    phases: ClassVar[dict[str, tuple[type[Action], ...]]] = rules.PHASES
    catalog_dir = Path(__file__).parent / "catalog"
    catalog_schema: ClassVar[dict[str, dict[str, Any]]] = {"pumpkins": {"value": Column("int")}}

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.kit = Kit.load(self.catalog)

    def seats(self) -> list[str]:
        return list(SEATS)

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> PumpkinPairsState:
        self.resolve_options(options or {})
        return cast(PumpkinPairsState, rules.setup(self.check_players(players)))

    def handlers(self) -> Mapping[type[Action], Callable[..., Any]]:
        return {Reveal: rules.reveal, Take: rules.take}

    def _apply(self, state: dict[str, Any], action: Action) -> list[Event]:
        handler = self.handlers()[type(action)]
        events: list[Event] = handler(self.kit, state, action)
        return events

    def legal_actions(self, state: dict[str, Any]) -> list[Action]:
        """Every action apply accepts: a card turned up, one action per card the
        face-down deck can still hand out (the chance outcomes), or the card in
        the middle taken by whoever's turn it is."""
        s = cast(PumpkinPairsState, state)
        if s["phase"] == "reveal":
            return [Reveal(c) for c in rules.deck(self.kit, s)]
        if s["phase"] == "take" and s["middle"]:
            return [Take(s["players"][s["turn"]], s["middle"])]
        return []

    def whereabouts(self, state: dict[str, Any]) -> Whereabouts:
        return whereabouts(self.new_whereabouts(), cast(PumpkinPairsState, state))

    def prompts(self, state: dict[str, Any]) -> list[Prompt]:
        return views.prompts(cast(PumpkinPairsState, state))

    def score(self, state: dict[str, Any]) -> Scoreboard:
        return scoring.scoreboard(self.kit, cast(PumpkinPairsState, state))

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return views.public_view(cast(PumpkinPairsState, state))

    def expected_table(self, state: dict[str, Any]) -> dict[str, Any]:
        return layout.expected_table(cast(PumpkinPairsState, state))

    def read(self, state: dict[str, Any], snapshot: Any) -> dict[str, Any]:
        return layout.read(cast(PumpkinPairsState, state), snapshot)

    def arrange(self, state: dict[str, Any], table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any]:
        return layout.arrange(cast(PumpkinPairsState, state), table_mm)

    def candidates(self, state: dict[str, Any], reading: dict[str, Any]) -> list[list[Action]]:
        return referee.candidates(cast(PumpkinPairsState, state), reading)


GAME = PumpkinPairs
