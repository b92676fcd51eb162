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
from models.engine import Action, Event, Game, Prompt, Scoreboard, VerdictStatus
from models.whereabouts import Whereabouts

from . import layout, referee, rules, scoring, views
from .actions import ACTIONS, Draw, LayPair
from .kit import SEATS, Kit
from .state import OldWitchState
from .whereabouts import whereabouts


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

    def legal_actions(self, state: dict[str, Any]) -> list[Action]:
        """Every action apply accepts: the pairs not yet laid, by whoever may lay
        now and holds two cards (each pair in both orders), then the next draw."""
        s = cast(OldWitchState, state)
        if s["phase"] == "over":
            return []
        out: list[Action] = [LayPair(p, cards) for p in rules.may_lay(s) if s["hands"][p] >= 2
                             for a, b in rules.unlaid_pairs(self.kit, s) for cards in ((a, b), (b, a))]
        drawer = rules.next_drawer(s)
        if drawer is not None and rules.left_of(s, drawer) is not None:
            out.append(Draw(drawer))
        return out

    def whereabouts(self, state: dict[str, Any]) -> Whereabouts:
        return whereabouts(self.new_whereabouts(), cast(OldWitchState, state))

    def prompts(self, state: dict[str, Any]) -> list[Prompt]:
        return views.prompts(cast(OldWitchState, state))

    def score(self, state: dict[str, Any]) -> Scoreboard:
        return scoring.scoreboard(self.kit, cast(OldWitchState, state))

    def public_view(self, state: dict[str, Any]) -> dict[str, Any]:
        return views.public_view(cast(OldWitchState, state))

    def expected_table(self, state: dict[str, Any]) -> dict[str, Any]:
        return layout.expected_table(cast(OldWitchState, state))

    def read(self, state: dict[str, Any], snapshot: Any) -> dict[str, Any]:
        return layout.read(cast(OldWitchState, state), snapshot)

    def arrange(self, state: dict[str, Any], table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any]:
        return layout.arrange(cast(OldWitchState, state), table_mm)

    def candidates(self, state: dict[str, Any], reading: dict[str, Any]) -> list[list[Action]]:
        return referee.candidates(self.kit, cast(OldWitchState, state), reading)

    def steps(self, state: dict[str, Any], reading: dict[str, Any]) -> list[list[Action]]:
        return referee.steps(self.kit, cast(OldWitchState, state), reading)

    def explain(self, state: dict[str, Any], expected: dict[str, Any],
                reading: dict[str, Any]) -> tuple[VerdictStatus, list[Prompt]]:
        return referee.explain(cast(OldWitchState, state), reading)


GAME = OldWitch
