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

from ..engine import Action, Game, Layout, Modules, Option, Prompt, State
from ..plan_table import Area, Dim, PlanTable
from ..text import tr
from . import final_table, house, layout, moves, referee, rules, scoring, takeover, views, whereabouts, words
from .actions import ACTIONS, LightTold
from .kit import CATALOG_SCHEMA, Kit
from .state import GhostAtHomeState


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
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, takeover=takeover, final_table=final_table, words=words)
    #: a pass clears the floor's rooms and the ghost: a whole turn can come and
    #: go within a camera gap, so the referee picks among the search's findings
    jumps_leave_traces = False
    #: a light no camera saw paid and a ghost no camera saw (gone to the pile
    #: before the camera came back), the deck counted (draws no camera saw),
    #: then what paid for a light, told on the console
    unseen_forms = ("light_unseen", "ghost_unseen", "deck_counted", "light_told")
    late_notes = (tr("A discard and draw never shows on the table: a game with one cannot be taken over as it "
                     "lies."),)
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
        "empty_hand": Option(
            "pass",
            tr("A player whose turn comes with no card in hand, every one spent on cat defences (a guess; the "
               "rulebook is silent and every action needs a card): pass = the turn ends at once and they draw up "
               "to 3, as at every turn's end; draw = they draw up to 3 and play"),
            ("pass", "draw")),
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

    def seats(self) -> list[str]:
        """A seat per complete house (floors.csv: all six floor faces of a colour)."""
        return [c for c in self.kit.houses if self.kit.has_house(c)]

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> GhostAtHomeState:
        state = rules.setup(self.kit, self.check_players(players), self.resolve_options(options or {}))
        return cast(GhostAtHomeState, state)

    def _apply(self, state: State, action: Any) -> list[Any]:
        if state["phase"] == "over" and not isinstance(action, LightTold):
            raise rules.fail(action, tr("the game is over, {player} escaped", player=state["winner"]))
        return self.rules.apply(state, action)

    def handlers(self) -> dict[type[Action], Any]:
        """The dispatch table (action class -> the rules function applying it)."""
        return self.rules.handlers()

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
                "deck_counted.count": [(n, str(n)) for n in range(state["deck"] + state["discard"]["count"] + 1)],

                "rooms.rooms.keys": [("card", "card"), ("floor", "floor"), ("side", "side")]}

    def shows_a_gap(self, state: State, reading: Layout) -> bool:
        """The table needs two moves or more (:meth:`distance`: two cats, a
        light and a cat, rooms in two houses...): the players were quicker
        than the table settled, and a discard and draw may lie between those
        moves, so a legal table the one change cannot explain is asked about
        (the moves entered on the console, or the table put back), not called
        wrong. A table one move could make (a room played too high) is still
        called wrong, with what to put back."""
        d = self.distance(state, reading)
        return d is not None and d >= 2

    def unexplained_prompt(self, found: Any, state: State) -> Prompt:
        """After a camera gap that no sequence of moves a camera sees explains:
        a discard and draw, or a ghost cancelled by a cat from the hand, leaves
        no trace, so the table is not called wrong."""
        return Prompt(tr("The camera missed some moves, and none it can see explains the table: a discard and draw, "
                         "or a ghost cancelled by a cat from the hand, leaves no trace. The referee enters them on "
                         "the console, or put the table back as it was:"), level="warning")

    def tells_for(self, state: State, truth: State) -> list[Action]:
        """A ``light_told`` for each light ``state`` holds unpaid that ``truth``
        (the same game, as far or further) says what paid for: the payment of
        that floor's last light there."""
        out: list[Action] = []
        for u in house.untold(state):
            paid = truth.get("lit_by", {}).get(house.lit_key(u["player"], u["floor"]))
            if paid:
                out.append(LightTold(u["player"], u["floor"], tuple(paid)))
        return out

    def answers_differ(self, state: State, truth: State) -> list[str]:
        """As every game's, but the deck is held as the range its lights untold
        leave open (:func:`.house.deck_doubt`): from that many cards fewer than
        the count up to the count."""
        out = super().answers_differ(state, truth)
        if "deck" in out and state["deck"] - house.deck_doubt(state) <= truth["deck"] <= state["deck"]:
            out.remove("deck")
        return out

    def arrange_as_left(self, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any] | None:
        """Right after a light, its payment face up beside the house
        (:func:`.layout.arrange_as_left`): what the game page asks players to
        do, so that the camera reads what paid for it."""
        return layout.arrange_as_left(self, state, table_mm)

    def same_table(self, expected: Layout, reading: Layout) -> bool:
        """Equal, but cards the last action took off may still lie there (:func:`.layout.same_table`)."""
        return layout.same_table(expected, reading)
