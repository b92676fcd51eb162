"""The Girls vs Ghouls engine: the :class:`~models.engine.Game` hooks, each
handed to the module that knows the subject (rules, layout, referee, scoring,
views).

    >>> game = GirlsVsGhouls()
    >>> state = game.setup(["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"])
    >>> state, events = game.apply(state, game.parse_action({"type": "place", "player": "RED", "house": 1}))
    >>> events[0].text
    "RED's standee starts at House 1"
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast

from ..catalog import Column
from ..engine import Action, Game, IllegalAction, Modules, Option, Prompt
from ..plan_table import Dim, PlanTable
from ..referee import Search, state_key
from ..text import tr
from . import final_table, layout, moves, referee, rules, scoring, takeover, views, whereabouts, words
from .actions import ACTIONS, TellUnseen
from .kit import Board
from .state import GirlsVsGhoulsState


class GirlsVsGhouls(Game):
    """Girls vs Ghouls (Tess Evans and Tyler Phelps; Holly House Games), 4-7 players."""

    code = "GVG"
    slug = "girls-vs-ghouls"
    title = "Girls vs Ghouls"
    min_players = 4
    max_players = 7
    example_players = ("RED", "BLUE", "GREEN", "YELLOW", "PURPLE")
    demo_watched = 40
    plan_table = PlanTable(
        47,
        "the end of round 1: the Tricks are being turned up",
        dims=(Dim("GVG:HOUSE:7G", "GVG:HOUSE:3G", "x", -45.0),
              Dim("GVG:HOUSE:5G", "GVG:SLOT:5", "y", 45.0),
              Dim("TC:SEAT:RED", "edge", "x", 30.0)),
        notes=("A face-down Trick stack lies ON its house's slot sticker: the hidden sticker is how the camera "
               "sees the stack. Treats: face up beside the house tile, then tucked under it.",
               "At the end of a round, turn the Tricks up one at a time and lay each face up beside its house, "
               "every tag showing. Standees on the sidewalk between the tile and the slot."))
    actions = ACTIONS
    phases = rules.PHASES
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, takeover=takeover, final_table=final_table, words=words)
    #: a Peek, a Trick on a stack and a Treat tucked under its house's tile at
    #: once show nothing: the referee and its search read such a card as played
    #: ``unseen`` (the console tells what it was later), so every move leaves a
    #: trace or is that one move; the search's only explanation is applied,
    #: unless the card seen may be another player's at the same house (:meth:`doubts`)
    jumps_leave_traces = True
    unseen_forms = ("unseen", "tell")
    late_notes = (tr("A Peek, a Trick laid on a stack or a Treat tucked away at once shows nothing: the companion "
                     "records a card played unseen and the referee says on the console what it was."),)
    catalog_dir = Path(__file__).parent / "catalog"
    catalog_schema = {
        "houses": {"house": Column("int"), "face": Column("str", choices=("GIRLS", "GHOULS")),
                   "start": Column("bool"), "crosswalk_after": Column("bool", required=False, default=False)},
        "slots": {"house": Column("int")},
        "treats": {"value": Column("int"), "candy_corn": Column("bool", required=False, default=False)},
        "tricks": {"trick": Column("str", choices=("FLIP", "INVERT", "DOUBLE", "TRAP"))},
        "standees": {},
        "identities": {"team": Column("str", choices=("GIRLS", "GHOULS", "REPORTER"))},
        "vp": {"points": Column("int")},
        "tokens": {},
    }
    options = {
        "vp_order": Option("1,2,3", tr("Ruling (a guess): the VP card each round awards, in round order.")),
        "crosswalk_passable": Option(True, tr("Ruling (a guess): the walk goes on across the crosswalk (which is no "
                                              "space), so the 8 houses form a ring; false: the crosswalk ends the "
                                              "walk.")),
        "trapped_trap_traps": Option(False, tr("Ruling (a guess): a Trap nullified by a Trap below it still "
                                               "nullifies the Trick on top of it.")),
        "empty_beats_black": Option(False, tr("Ruling (a guess): with no orange cubes anywhere, a house with no "
                                              "cubes counts as 'fewest black' (default: bad candy beats no candy, so "
                                              "only houses with black cubes score, unless no house has any cube).")),
        "peek_at_closed_house": Option(True, tr("Ruling (a guess): a Peek is allowed at a closed house (only Treats "
                                                "and Tricks are forbidden there; there is nothing to see).")),
    }

    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.board = Board.from_catalog(self.catalog)

    #: an identity card is secret until the end, when all are turned up: one the camera catches face up
    #: before that (a player peeking at their own) is never named by a public output, nor shown by its tag
    secret_kinds = frozenset({"identities"})
    kind_names = {"treats": (tr("Treat card"), tr("Treat cards")), "tricks": (tr("Trick card"), tr("Trick cards")),
                  "identities": (tr("identity card"), tr("identity cards"))}

    def count_kind_of(self, component: Any) -> str | None:
        """Treats, Tricks and identity cards are counted; the board's tags stay put."""
        return component.kind if component.kind in ("treats", "tricks", "identities") else None

    def seats(self) -> list[str]:
        """A seat per standee tag (standees.csv, ``GVG:STANDEE:<COLOUR>``), in catalog order."""
        return [c.id.upper() for c in self.catalog.of_kind("standees")]

    # ---- rules
    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> GirlsVsGhoulsState:
        state = rules.new_state(self.board, self.check_players(players), self.resolve_options(options or {}))
        return cast(GirlsVsGhoulsState, state)

    def _apply(self, state: dict[str, Any], action: Any) -> list[Any]:
        return rules.apply(self.board, state, action)

    def handlers(self) -> dict[type[Action], Any]:
        """The dispatch table (action class -> the rules function applying it)."""
        return rules.HANDLERS

    def field_choices(self, state: dict[str, Any]) -> dict[str, list[tuple[Any, str]]]:
        """Houses 1-8, cards by their catalog id: Treats and Tricks, identities."""
        cat, base = self.catalog, super().field_choices(state)
        houses: list[tuple[Any, str]] = [(h, tr("house {house}", house=h)) for h in range(1, 9)]
        treats = [(c.payload, c.name) for c in cat.of_kind("treats")]
        values = sorted({c["value"] for c in cat.of_kind("treats")} | {1, -1})
        turns: list[tuple[Any, str]] = [(u["turn"], tr("card turn {turn}: {player} at House {house}", **u))
                                        for u in rules.untold(state)]
        return {**base, "house": houses, "card": treats + [(c.payload, c.name) for c in cat.of_kind("tricks")],
                "treat.card": treats, "identity.card": [(c.payload, c.name) for c in cat.of_kind("identities")],
                "treat.value": [(1, tr("+1 (candy corn upright)")), (-1, tr("-1 (candy corn upside down)"))],
                "tell.card": treats, "tell.value": [(v, f"{v:+d}") for v in values], "turn": turns}

    def tells_for(self, state: dict[str, Any], truth: dict[str, Any]) -> list[Any]:
        """A ``tell`` for each card ``state`` holds as played unseen that
        ``truth`` (the same round, as far as that card or further) names: the
        Treat there on that card turn (its card and value), else the Trick,
        else a Peek (with its deck, when the truth's hand shows it)."""
        out: list[Any] = []
        if truth.get("round") != state.get("round"):
            return out
        for u in rules.untold(state):
            if truth["turn_no"] < u["turn"]:
                continue
            h = str(u["house"])
            treat = next((t for t in truth["treats"][h] if t["turn"] == u["turn"]), None)
            trick = any(t["turn"] == u["turn"] for t in truth["tricks"][h])
            if treat:
                out.append(TellUnseen(u["player"], u["turn"], "treat", treat["card"], treat["value"]))
            elif trick:
                out.append(TellUnseen(u["player"], u["turn"], "trick"))
            else:                   # a Peek, with its deck when the truth's hand shows it
                mine, theirs = state["hands"][u["player"]], truth["hands"][u["player"]]
                decks: list[Literal["treat", "trick"]] = [d for d in ("treat", "trick") if theirs[d] < mine[d]]
                known = len(decks) == 1 and theirs["unknown"] < mine["unknown"]
                out.append(TellUnseen(u["player"], u["turn"], "peek", discard=decks[0] if known else None))
        return out

    def gap_may_hide(self, state: dict[str, Any]) -> bool:
        """While a round is played or its Tricks turned up, a camera gap may
        hold the round's end: its last cards, its Tricks turned up and cleared
        away before the camera was back, which no later table shows. Finding
        no explanation then does not make the table wrong (the VP card laid,
        the Trick stacks gone): the referee enters the moves."""
        return state["phase"] in ("play", "reveal")

    def shows_a_gap(self, state: dict[str, Any], reading: dict[str, Any]) -> bool:
        """While a round is played or revealed, a VP card in the Trick slot of a
        house that has not scored: the round's end (its last cards, its Tricks
        turned up and scored) lies behind this table, though the camera saw no
        gap. Read as after one, the referee asks what happened (the way back,
        the VP card taken off, is shown as information) instead of ordering it
        off a table that may be right."""
        if state["phase"] not in ("play", "reveal"):
            return False
        expected = self.expected_table(state)["houses"]
        return any(expected[h]["vp"] is None and r["vp"] is not None for h, r in reading["houses"].items()
                   if h in expected)

    def unexplained_prompt(self, found: Any, state: dict[str, Any]) -> Prompt:
        if self.gap_may_hide(state):
            return Prompt(tr("The camera missed some moves, and the round may have ended in them: Tricks turned up "
                             "and cleared away before the camera was back show on no later table. The referee "
                             "enters the moves on the console (the last cards, then each Trick revealed, bottom "
                             "first), or put the table back as it was:"), level="warning")
        return super().unexplained_prompt(found, state)

    def arrange_as_left(self, state: dict[str, Any],
                        table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any] | None:
        """After a round: its Tricks still face up by their houses
        (:func:`.layout.arrange_as_left`)."""
        return layout.arrange_as_left(self, state, table_mm)

    def doubts(self, state: dict[str, Any], reading: dict[str, Any], actions: Sequence[Any], gap: bool = False) -> bool:
        """A card seen at a house another player with cards left stands at too
        (:func:`.referee.shared_card`): the search's bound may have cut the
        turns of unseen cards that make it theirs. Two Tricks of one house
        turned up unseen: their order decides a Trap. After a camera gap, also
        while every player still holds a card: each may have played one no
        camera saw, a whole turn round beyond what the table shows; and when
        the explanation reaches a new round (the set-up's last standee laid,
        or a round's last cards played unseen and the next one dealt), for the
        same reason on the new round's side. The same holds without a gap the
        session saw when the set-up ends in a change that also sets a standee
        laid before on another house: in play that is a move, so the round
        may have begun before the table settled. (Standees all laid at once,
        as most groups do, are not asked.)"""
        if referee.shared_card(state, reading, list(actions)) is not None:
            return True
        revealed = [a.house for a in actions if a.type == "reveal"]
        if len(revealed) != len(set(revealed)):        # two Tricks of a house turned up unseen: in which order?
            return True
        if not gap and not any(a.type == "place" and a.player in state["positions"] for a in actions):
            return False
        if gap and state["phase"] == "play" and all(rules.cards_left(h) > 0 for h in state["hands"].values()):
            return True
        try:
            end, _ = self.apply_all(state, list(actions))
        except IllegalAction:
            return False
        # the set-up's last standees laid, or the next round dealt (a round with no Trick to turn up): the
        # explanation reaches a round every player holds cards of
        return end["phase"] == "play" and (state["phase"] != "play" or end.get("round") != state.get("round"))

    def jump(self, state: dict[str, Any], reading: dict[str, Any], late: bool = False, gap: bool = False) -> Search:
        """The search (``Game.jump``), and beside it, for a card seen where
        several players stand, the readings that make it a later player's
        there (:func:`.referee.later_readings`), which its bound cuts where
        players lie between: so the referee is offered each, not only the
        first player's."""
        found = super().jump(state, reading, late=late, gap=gap)
        if late:
            return found
        keys = {state_key(f.state) for f in found.fits}
        found.fits += [f for f in referee.later_readings(self, state, reading) if state_key(f.state) not in keys]
        return found

    def same_table(self, expected: dict[str, Any], reading: dict[str, Any]) -> bool:
        """Equal, but for what the table may still show (:func:`.layout.same_table`)."""
        return layout.same_table(expected, reading)
