"""The Ghost at Home engine: the rules, the table and the scoring wired into
:class:`models.engine.Game`.

Example::

    game = get_game("GAH")
    state = game.setup(["RED", "BLUE"], {})
    state, events = game.apply(state, game.parse_action(
        {"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:1A", "floor": 1, "side": "L"}]}))
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from ..engine import Action, ActionWords, Game, Layout, Option, Prompt, Scoreboard, State, VerdictStatus
from ..final_table import TableScore
from ..plan_table import Area, Dim, PlanTable
from ..takeover import Question
from ..text import tr
from . import final_table, layout, moves, referee, rules, scoring, takeover, views, words
from .actions import ACTIONS
from .kit import CATALOG_SCHEMA, Kit
from .state import GhostAtHomeState
from .whereabouts import whereabouts as _whereabouts


class GhostAtHome(Game):
    """Ghost at Home (José Joaquín Bernal; Doit Games), 2-4 players: explore your
    haunted house floor by floor; the first to escape wins."""

    code = "GAH"
    slug = "ghost-at-home"
    title = "Ghost at Home"
    min_players = 2
    max_players = 4
    example_players = ("RED", "BLUE")
    demo_watched = 30
    plan_table = PlanTable(
        18,
        "RED's floor 2 is lit, with BLUE's ghost on it",
        dims=(Dim("TC:SEAT:RED", "GAH:FLOOR:R1D", "x", -40.0),
              Dim("GAH:FLOOR:R1D", "GAH:ROOM:1B", "x", -40.0),
              Dim("GAH:ROOM:1A", "GAH:ROOM:2B", "y", -45.0),
              Dim("GAH:FLOOR:R2L", "GAH:GHOST:5", "x", -33.0),
              Dim("TC:SEAT:RED", "edge", "y", -30.0)),
        notes=("Each house: one row per floor, floor 1 nearest its player; rooms beside the floor card, "
               "cats further out, ghosts furthest out; no card on another.",
               f"The deck and the discard pile: within {layout.PILE_MM:g} mm of their markers (cards there are "
               f"not read).",),
        areas=(Area("TC:ZONE:DECK", layout.PILE_MM, 135.0), Area("TC:ZONE:DISCARD", layout.PILE_MM, 45.0)))
    actions = ACTIONS
    phases = rules.PHASES
    alerts: ClassVar[dict[str, str]] = {"escape": "escape"}
    catalog_dir = Path(__file__).parent / "catalog"
    catalog_schema = CATALOG_SCHEMA
    options = {
        "hole_onto_ghost": Option(
            True,
            tr("Whether the Time Space Hole may move a ghost onto a floor that already holds one (a guess: the "
               "rulebook forbids it for a ghost played from hand only, and its 'second ghost on a lit floor' can "
               "arrive no other way)")),
        "lightning_ghost": Option(
            "discard",
            tr("What happens to a ghost on the floor Lightning darkens (a guess; the rulebook is silent): discard = "
               "a ghost in the dark discards the floor's rooms and itself, as on arrival; stay = it just stays"),
            ("discard", "stay")),
    }

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.kit = Kit.load(self.catalog)
        self.rules = rules.Rules(self.kit)

    kind_names: ClassVar[dict[str, tuple[str, str]]] = {
        "room": (tr("room card"), tr("room cards")), "wild": (tr("wild room card"), tr("wild room cards")),
        "ghost": (tr("ghost"), tr("ghosts")), "cat": (tr("cat"), tr("cats")),
        "special": (tr("special card"), tr("special cards"))}

    def count_kind_of(self, component: Any) -> str | None:
        """Cards count by their type (cats, ghosts...); floor and roof cards are not tracked."""
        return component["kind"] if component.kind == "cards" else None

    def whereabouts(self, state: State) -> Any:
        """The cards on the table and on the discard pile (see whereabouts.py)."""
        return _whereabouts(self.new_whereabouts(tr("no hand can hold one")), state)

    def seats(self) -> list[str]:
        """A seat per complete house (floors.csv: all six floor faces of a colour)."""
        return [c for c in self.kit.houses if self.kit.has_house(c)]

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> GhostAtHomeState:
        state = rules.setup(self.kit, self.check_players(players), self.resolve_options(options or {}))
        return cast(GhostAtHomeState, state)

    def _apply(self, state: State, action: Any) -> list[Any]:
        if state["phase"] == "over":
            raise rules.fail(action, tr("the game is over, {player} escaped", player=state["winner"]))
        return self.rules.apply(state, action)

    def handlers(self) -> dict[type[Action], Any]:
        """The dispatch table (action class -> the rules function applying it)."""
        return self.rules.handlers()

    def legal_actions(self, state: State) -> list[Action]:
        """Every action ``apply`` accepts, likeliest first (:mod:`.moves`: a card in a hand is any card whose
        place is unknown; an unnamed cat defence is listed as the table tells it)."""
        return moves.legal_actions(self.rules, state)

    def prompts(self, state: State) -> list[Prompt]:
        return views.prompts(self.kit, state)

    def score(self, state: State) -> Scoreboard:
        return scoring.scoreboard(self.kit, state)

    def public_view(self, state: State) -> dict[str, Any]:
        return views.public_view(self.kit, state)

    def expected_table(self, state: State) -> Layout:
        return layout.expected_table(self.kit, state)

    def read(self, state: State, snapshot: Any) -> Layout:
        return layout.read(self.kit, state, snapshot)

    @classmethod
    def action_words(cls) -> ActionWords:
        """The actions, fields, options and values in the game's words (:mod:`.words`)."""
        return words.action_words(super().action_words())

    def field_choices(self, state: State) -> dict[str, list[tuple[Any, str]]]:
        """Cards by full payload (rooms, ghosts, cats, specials: spelled as
        :meth:`legal_actions` lists them, so that the console offers exactly the
        cards a legal action holds), floors 1-3, sides, targets."""
        base = super().field_choices(state)
        cards = [(c.payload, c.name) for c in self.catalog.of_kind("cards")]
        cats = [c for c in cards if c[0].startswith("GAH:CAT:")]
        return {**base, "target": base["player"], "card": cards, "cat": cats, "ghost": cards,
                "floor": [(f, tr("floor {floor}", floor=f)) for f in (1, 2, 3)],
                "side": [("L", tr("left side")), ("R", tr("right side"))],
                "cards": cards, "count": [(n, str(n)) for n in range(1, 8)],
                "rooms.rooms.keys": [("card", "card"), ("floor", "floor"), ("side", "side")]}

    def score_table(self, players: Sequence[str], options: Mapping[str, Any], snapshot: Any) -> TableScore:
        """The houses as they lie when the game ends; the one full house escaped (:mod:`.final_table`)."""
        return final_table.score_table(self, self.kit, players, options, snapshot)

    def same_table(self, expected: Layout, reading: Layout) -> bool:
        return layout.same_table(expected, reading)

    def arrange(self, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any]:
        return layout.arrange(self.kit, state, table_mm)

    def candidates(self, state: State, reading: Layout) -> list[list[Any]]:
        return referee.candidates(self, state, reading)

    #: a pass clears the floor's rooms and the ghost: a whole turn can come and
    #: go within a camera gap, so the referee picks among the search's findings
    jumps_leave_traces = False
    late_notes = (tr("A discard and draw never shows on the table: a game with one cannot be taken over as it "
                     "lies."),)

    def takeover_questions(self, players: Sequence[str], options: Mapping[str, Any],
                           reading: Layout) -> list[Question]:
        """Hand sizes, the deck's size, whose turn, a ghost still waiting for its answer, who may still answer
        an escape: what the table cannot show (:mod:`.takeover`)."""
        return takeover.questions(self.kit, self.check_players(players), self.resolve_options(options), reading)

    def from_table(self, players: Sequence[str], options: Mapping[str, Any], reading: Layout,
                   answers: Mapping[str, Any]) -> State:
        """The game as its table lies, with the answers (:mod:`.takeover`)."""
        return takeover.from_table(self, self.check_players(players), self.resolve_options(options), reading,
                                   answers)

    def takeover_answers(self, state: State) -> dict[str, Any]:
        """The answers to :meth:`takeover_questions` that ``state`` gives (a test's truth)."""
        return takeover.answers(self, state)

    def steps(self, state: State, reading: Layout) -> list[list[Any]]:
        return referee.steps(self, state, reading)

    def distance(self, state: State, reading: Layout) -> int | None:
        """A lower bound of the actions to the reading; None when no play leads there (:func:`.referee.distance`)."""
        return referee.distance(self, state, reading)

    def explain(self, state: State, expected: Layout, reading: Layout) -> tuple[VerdictStatus, list[Prompt]]:
        return referee.explain(self, state, expected, reading)
