"""Old Witch: the Game that describes it and plays a state (RULES.md).

Example::

    game = GAME()
    state = game.setup(["RED", "BLUE"])
    state, events = game.apply(state, game.parse_action({"type": "draw", "player": "RED"}))
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from models.catalog import Column
from models.engine import Action, Event, Game, Modules
from models.plan_table import Dim, PlanTable

from . import layout, moves, referee, rules, scoring, takeover, views, whereabouts, words
from .actions import ACTIONS, Draw, LayPair
from .kit import SEATS, Kit
from .state import OldWitchState


class OldWitch(Game):
    code = "OWT"
    slug = "old-witch"
    title = "Old Witch"
    min_players, max_players = 2, 4
    actions = ACTIONS
    phases: ClassVar[dict[str, tuple[type[Action], ...]]] = rules.PHASES
    catalog_dir = Path(__file__).parent / "catalog"
    catalog_schema: ClassVar[dict[str, dict[str, Any]]] = {"cards": {"pair": Column("str")}}
    #: a card not laid is in a hand: no public output may name it
    secret_kinds: ClassVar[frozenset[str]] = frozenset({"cards"})
    kind_names: ClassVar[dict[str, tuple[str, str]]] = {"cards": ("card", "cards")}
    #: a draw leaves no trace on the table: what the search finds is asked, never applied
    jumps_leave_traces: ClassVar[bool] = False
    #: the modules that implement the hooks (the referee's search: referee.steps and referee.distance)
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, takeover=takeover, words=words)
    #: who plays the page's example (docs/games/<slug>.script.json)
    example_players = ("RED", "BLUE", "GREEN")
    #: the page's plan: the example after ten moves, pairs laid in front of two seats
    plan_table = PlanTable(10, "RED has laid three pairs, GREEN one; the hands are held, off the table",
                           dims=(Dim("TC:SEAT:RED", "edge", axis="y"),))

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.kit = Kit.load(self.catalog)

    def seats(self) -> list[str]:
        return list(SEATS)

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> OldWitchState:
        self.resolve_options(options or {})
        return cast(OldWitchState, rules.setup(self.kit, self.check_players(players)))

    def field_choices(self, state: dict[str, Any]) -> dict[str, list[tuple[Any, str]]]:
        """The players, and the cards of the pairs (the console's forms)."""
        cards = [(c, c.rsplit(":", 1)[1]) for pair in self.kit.pairs.values() for c in pair]
        return {**super().field_choices(state), "cards": cards}

    def handlers(self) -> Mapping[type[Action], Callable[..., Any]]:
        return {Draw: rules.draw, LayPair: rules.lay_pair}

    def _apply(self, state: dict[str, Any], action: Action) -> list[Event]:
        handler = self.handlers()[type(action)]
        events: list[Event] = handler(self.kit, state, action)
        return events


GAME = OldWitch
