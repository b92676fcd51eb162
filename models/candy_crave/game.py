"""The Candy Crave engine: the rules, the table and the scoring wired into
:class:`models.engine.Game`.

Example::

    game = get_game("CCR")
    state = game.setup(["RED", "BLUE", "GREEN"], {})
    state, events = game.apply(state, game.parse_action({"type": "base", "sweet": "L", "tile": "4A"}))
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

from ..engine import Action, Game, Layout, Modules, Option, Prompt, State
from ..plan_table import Dim, PlanTable
from ..text import tr
from . import final_table, layout, moves, referee, rules, scoring, takeover, views, whereabouts, words
from .actions import ACTIONS
from .kit import CATALOG_SCHEMA, Kit
from .state import CandyCraveState


class CandyCrave(Game):
    """Candy Crave (Friedemann Friese, 2F-Spiele), 2-5 players, two rounds."""

    code = "CCR"
    slug = "candy-crave"
    title = "Candy Crave"
    min_players = 2
    max_players = 5
    example_players = ("RED", "BLUE", "GREEN")
    demo_watched = 30
    plan_table = PlanTable(
        37,
        "round 1, the middle of the distribution",
        dims=(Dim("CCR:BOWL:L", "CCR:BOWL:H", "y", -45.0),
              Dim("CCR:BOWL:K", "CCR:BASE:5A", "x", 30.0),
              Dim("CCR:BASE:5A", "CCR:FAV:4M1", "x", 30.0),
              Dim("CCR:DIVIDER:GREEN", "CCR:SWEET:H01", "x", 32.0),
              Dim("CCR:DIVIDER:GREEN", "CCR:SWEET:K04", "x", 32.0)),
        notes=("Each bowl's sweets cover its sticker (the camera remembers a bowl sticker it has seen). "
               "Base value tile beside the bowl, the favourites stack beside that.",
               "Sweets in a play area or behind a divider: spread, every tag showing; the play area on the "
               "side the divider's tag points to."))
    actions = ACTIONS
    phases = rules.PHASES
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, takeover=takeover, final_table=final_table, words=words)
    catalog_dir = Path(__file__).parent / "catalog"
    catalog_schema = CATALOG_SCHEMA
    options = {
        "reference": Option(
            "previous_active",
            tr("Whose play area sets the size of a take when the player to your right has withdrawn (a guess: "
               "the rulebook says 'the player to your right'): previous_active = the nearest player to your "
               "right still in the round; neighbour = the seat to your right even when withdrawn (its play "
               "area is empty, so you take 1)"),
            ("previous_active", "neighbour")),
        "zero_take": Option(
            False,
            tr("Whether 'one less' than a play area of 1 allows taking 0 sweets (a guess: the rulebook calls "
               "taking no sweets at all a withdrawal, so by default a take is at least 1 sweet)")),
        "short_take": Option(
            "below_larger",
            tr("When the once-only smaller take (all sweets left) is allowed (a guess at 'less than the amount "
               "you are permitted to take'): below_larger = the bowls hold fewer than the larger permitted "
               "take; below_both = fewer than every permitted take"),
            ("below_larger", "below_both")),
    }
    score_inputs = {"round1": tr("Round 1 points, as written down (e.g. RED:51,BLUE:44)")}

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.kit = Kit.load(self.catalog)
        self.rules = rules.Rules(self.kit)

    def score_input_problem(self, key: str, players: Sequence[str], value: Any) -> str | None:
        """Round 1's written points: every player's, each a whole number."""
        return final_table.parse_round1(players, value)[1] if key == final_table.ROUND1 else None

    kind_names = {"sweets": (tr("sweet"), tr("sweets")),
                  "base_tiles": (tr("base value tile"), tr("base value tiles")),
                  "favourites": (tr("favourites tile"), tr("favourites tiles"))}
    #: each bowl's sticker lies under the bowl's own sweets (layout.py)
    fixed_markers = ("CCR:BOWL:",)

    def count_kind_of(self, component: Any) -> str | None:
        """Sweets, base tiles and favourites are counted; bowls and dividers stay put."""
        return component.kind if component.kind in ("sweets", "base_tiles", "favourites") else None

    #: the phases of round 1 from whose table a camera gap may run past the
    #: removals: the sweets going back to the bowls hide which ones were boxed
    BOXED_UNSEEN = ("scoring", "remove", "start", "return")

    def gap_may_hide(self, state: State) -> bool:
        """From round 1's scoring on, a gap may hold the removals and the
        sweets' return to the bowls, after which no table shows which sweets
        went into the box: finding no explanation does not make the table wrong."""
        return state["round"] == 1 and state["phase"] in self.BOXED_UNSEEN

    def shows_a_gap(self, state: State, reading: Layout) -> bool:
        """Round 1's removals (or the tied players' choice of who starts) still
        owed, and no sweet left in any play area or locked: the sweets went
        back to the bowls, which comes after the removals. Unless the owed
        removals are every sweet still locked, several moves lie behind it."""
        if state["round"] != 1 or state["phase"] not in ("remove", "start") or referee.locations(reading):
            return False
        locked = sum(len(ar["locked"]) for ar in state["areas"].values())
        owed = sum(self.rules.removals_for(state, p) - len(state["removed"][p]) for p in state["players"])
        return state["phase"] == "start" or locked > owed

    def unexplained_prompt(self, found: Any, state: State) -> Prompt:
        if self.gap_may_hide(state):
            return Prompt(tr("The camera missed some moves, and which sweets went into the box no later table shows. "
                             "The referee enters the removals (and the moves after them) on the console, or put the "
                             "table back as it was:"), level="warning", enter=("remove",))
        return super().unexplained_prompt(found, state)

    def seats(self) -> list[str]:
        """A seat per seat-colour divider (dividers.csv rows owned by ``seat``; the
        2-player parties A-D are not seats)."""
        return [d for d, owner in self.kit.dividers.items() if owner == "seat"]

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> CandyCraveState:
        state = rules.setup(self.kit, self.check_players(players), self.resolve_options(options or {}))
        return cast(CandyCraveState, state)

    def _apply(self, state: State, action: Any) -> list[Any]:
        if state["phase"] == "over":
            raise rules.refused(action, tr("the game is over"))
        return self.rules.apply(state, action)

    def handlers(self) -> dict[type[Action], Any]:
        """The dispatch table (action class -> the rules function applying it)."""
        return self.rules.handlers()

    def field_choices(self, state: State) -> dict[str, list[tuple[Any, str]]]:
        """Bowls by their sweet, tiles and sweets by id, parties (a victim may be
        one: the 2-player game's parties A-D), from the catalog."""
        cat, base = self.catalog, super().field_choices(state)
        tokens = [(c.id, c.name) for c in cat.of_kind("sweets")]
        parties = [(a, a) for a in state["areas"] if a not in state["players"]]
        return {**base, "victim": base["player"] + parties, "sweet": [(b.id, b.name) for b in cat.of_kind("bowls")],
                "pocket": tokens, "pocket.sweet": tokens, "remove.sweet": tokens, "sweets": tokens,
                "base.tile": [(c.id, c.id) for c in cat.of_kind("base_tiles")],
                "tile": [(c.id, c.id) for c in cat.of_kind("favourites")],
                "tiles": [(c.id, c.id) for c in cat.of_kind("favourites")], "party": parties}
