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

from . import layout, moves, referee, rules, scoring, views, whereabouts
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
                      referee=referee, search=referee)

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.kit = Kit.load(self.catalog)

    def seats(self) -> list[str]:
        return list(SEATS)

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> OldWitchState:
        self.resolve_options(options or {})
        return cast(OldWitchState, rules.setup(self.kit, self.check_players(players)))

    def handlers(self) -> Mapping[type[Action], Callable[..., Any]]:
        return {Draw: rules.draw, LayPair: rules.lay_pair}

    def _apply(self, state: dict[str, Any], action: Action) -> list[Event]:
        handler = self.handlers()[type(action)]
        events: list[Event] = handler(self.kit, state, action)
        return events


GAME = OldWitch
