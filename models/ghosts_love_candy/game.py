"""The Ghosts Love Candy engine: the :class:`~models.engine.Game` hooks, wired to
the modules that do the work (rules, abilities, scoring, views, layout, referee).

Example::

    >>> from models.registry import get_game
    >>> game = get_game("GLC")
    >>> state = game.setup(["RED", "BLUE", "GREEN"])
    >>> state, events = game.apply(state, game.parse_action({"type": "reveal_kid", "slot": 1, "kid": 2}))
    >>> events[0].text
    'WEREWOLF (courage 15) is revealed into slot 1'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from ..engine import Action, Event, Game, Layout, Modules, Option, Prompt, VerdictStatus
from ..plan_table import Dim, PlanTable
from ..text import concat, tr
from . import final_table, layout, moves, referee, rules, scoring, takeover, views, whereabouts, words
from .abilities import OPTIONAL
from .actions import ACTIONS, Choose, MoveScaredKid, NinjaMove, Resolve, Skip
from .kit import SCHEMA, Cards
from .prompts import hide_love
from .state import GhostsLoveCandyState, State, canonical_sets

#: how the shipped catalog marks a kid whose ability's wording is not in it
UNTRANSCRIBED = "Not transcribed"


class GhostsLoveCandy(Game):
    """Haunt kids, gobble candy, don't scare the kids (3-6 players)."""

    code: ClassVar[str] = "GLC"
    slug: ClassVar[str] = "ghosts-love-candy"
    title: ClassVar[str] = "Ghosts Love Candy"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    example_players: ClassVar[tuple[str, ...]] = ("RED", "BLUE", "GREEN")
    demo_watched: ClassVar[int] = 24
    plan_table: ClassVar[PlanTable | None] = PlanTable(
        37,
        "round 2, BLUE has haunted the kid in slot 3",
        dims=(Dim("TC:ZONE:KIDDISCARD", "TC:ZONE:KIDDECK", "x", 50.0),
              Dim("TC:ZONE:KIDDECK", "TC:ZONE:CANDYDECK", "y", 21.0),
              Dim("GLC:KID:09", "GLC:KID:02", "x", -52.0),
              Dim("TC:ZONE:KIDDECK", "TC:SEAT:BLUE", "y", 0.0),
              Dim("TC:SEAT:GREEN", "edge", "y", 45.0)),
        notes=("Kid row: slot 1 is next to the Kid deck marker; each kid's candy above it (2 a row), "
               "its ghosts below it, the first ghost nearest the kid, overlapping but every tag showing.",
               "Stashes, revealed ghosts and Love cards: spread in front of their player's seat marker. "
               "Discards: beside the two discard markers, away from the kids (a pile is fine: only the cards "
               "seen there are checked).",),
        view=180)
    actions: ClassVar[tuple[type[Action], ...]] = ACTIONS
    phases: ClassVar[dict[str, tuple[type[Action], ...]]] = rules.PHASES
    modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts, moves=moves,
                      referee=referee, search=referee, takeover=takeover, final_table=final_table, words=words)
    catalog_dir: ClassVar[Path | None] = Path(__file__).parent / "catalog"
    catalog_schema: ClassVar[dict[str, Any]] = SCHEMA
    editable_fields: ClassVar[dict[str, tuple[str, ...]]] = {"kids": ("text",)}
    options: ClassVar[dict[str, Option]] = {
        "scarer": Option("last_haunter",
                         tr("ruling (a guess): who 'scares' a kid for the ZOMBIE and the BLACK CAT: the owner of "
                            "the top ghost, who also takes the kid (last_haunter), or the player whose turn it is "
                            "(current_player)"), ("last_haunter", "current_player")),
        "ninja_moves": Option("any",
                              tr("ruling (a guess): which ghost the NINJA may move: any ghost in the "
                                 "neighbourhood (any) or only the top ghost of a pile (top)"), ("any", "top")),
    }


    def table_mm(self, players: int) -> tuple[float, float]:
        """900x600 mm for 3-4 players; 5-6 players sit on both long sides: 900x850."""
        return (900.0, 850.0) if players > 4 else (900.0, 600.0)
    def __init__(self, catalog: Any | None = None):
        super().__init__(catalog)
        self.cards = Cards.from_catalog(self.catalog)

    secret_kinds: ClassVar[frozenset[str]] = frozenset({"love"})
    alerts: ClassVar[dict[str, str]] = {"scared": "scare"}
    kind_names: ClassVar[dict[str, tuple[str, str]]] = {
        "love": (tr("Love card"), tr("Love cards")), "kids": (tr("kid"), tr("kids")),
        "ghosts": (tr("ghost"), tr("ghosts")), "candy": (tr("candy card"), tr("candy cards"))}

    def seats(self) -> list[str]:
        """A seat per ghost set: its colour (ghosts.csv), in catalog order."""
        return list(self.cards.colours)

    # ---- rules

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> GhostsLoveCandyState:
        players = self.check_players(players)
        opts = self.resolve_options(options or {})
        return cast(GhostsLoveCandyState, rules.new_state(self.cards, players, opts))

    def _apply(self, state: State, action: Action) -> list[Event]:
        events = rules.apply_action(state, self.cards, action)
        canonical_sets(state)
        return events

    def handlers(self) -> dict[type[Action], Any]:
        """The dispatch table (action class -> the rules function applying it)."""
        return rules.HANDLERS

    def same_table(self, expected: Layout, reading: Layout) -> bool:
        return layout.same_table(expected, reading)

    def missing_texts(self, state: State) -> list[dict[str, str]]:
        """The kid being resolved by hand, when its ability is not transcribed."""
        m = state["manual"]
        if not m:
            return []
        kid = self.cards.kid(m["kid"])
        return [{"payload": kid.payload, "field": "text", "name": kid.name}] if kid.text.startswith(UNTRANSCRIBED) \
            else []

    def doubts(self, state: State, reading: Layout, actions: Sequence[Action], gap: bool = False) -> bool:
        """An explanation that ends with a NINJA's move still owed when a NINJA
        moved a ghost earlier in it, or with the ANGEL's move of a scared kid
        owed when an ANGEL moved a kid earlier in it: the later one may have
        moved that very ghost or kid on (or back where it was: a card moved
        twice shows only where it ended), so its move may be made already. The
        table cannot tell: asked, after a gap or not (two such haunts read at
        once were made before the table settled)."""
        kinds = {kind for kind, made in (("ninja", NinjaMove), ("move_scared_kid", MoveScaredKid))
                 if any(isinstance(a, made) for a in actions)}
        if not kinds:
            return False
        pending = self.apply_all(state, actions)[0]["pending"]
        return pending is not None and pending["kind"] in kinds

    def chores(self, state: State) -> list[list[Action]]:
        """What one confirm records when the table shows nothing moved: a kid's
        ability resolved by hand, or a "may" ability (SKELETON, BLACK CAT)
        declined."""
        out: list[list[Action]] = []
        m, pend = state["manual"], state["pending"]
        if m:
            out.append([Resolve(player=m["player"], note=rules.NOTHING_MOVED)])
        if pend is not None and pend["kind"] in OPTIONAL:
            out.append([Skip(pend["player"])])
        return out

    def as_told(self, action: Action) -> Action:
        """A ghost chosen face down is told without its value: only its player knows it."""
        if isinstance(action, Choose) and action.ghost is not None:
            return Choose(action.player)
        return action

    def field_choices(self, state: State) -> dict[str, list[tuple[Any, str]]]:
        """Slots by their kid, kids (the Kid deck's order first), candy, ghosts and
        Love cards by name, from the state and the catalog."""
        cards, base = self.cards, super().field_choices(state)
        slots: list[tuple[Any, str]] = [
            (i, tr("slot {slot} ({kid})", slot=i, kid=cards.kid(s["kid"]).name) if s["kid"] is not None
             else tr("slot {slot} (empty)", slot=i)) for i, s in enumerate(state["slots"], 1)]
        deck = list(state["kid_deck"])
        kids: list[tuple[Any, str]] = [(n, concat(str(n), cards.kid(n).name, sep=" "))
                                       for n in deck + sorted(set(cards.kids) - set(deck))]
        places = base["player"] + [(f"slot:{i}", label) for i, label in slots] + [("discard", tr("the discard"))]
        values = [(v, str(v)) for v in sorted({g.value for g in cards.ghosts.values()})]
        return {**base, "slot": slots, "take_from": slots, "give": values, "take": values, "to_slot": slots,
                "kid": kids,
                "candy": [(c.id, concat(cards.candy_name(c.id), f"({c.id})", sep=" ")) for c in cards.candy.values()],
                "ghost": values,
                "ninja_move.ghost": [(g.id, f"{g.colour} {g.value}") for g in cards.ghosts.values()],
                "love": [(l.id, cards.love_name(l.id)) for l in cards.love.values()],
                "move_scared_kid.to": places, "place_black_cat.to": places,
                # a hand resolution's moves: which card ({"candy": ...}, {"kid": ...}, {"ghost": ...}) went where
                "resolve.moves.keys": [("card", "card"), ("to", "to")],
                "card": [({"candy": c.id}, tr("candy: {candy}", candy=cards.candy_name(c.id)))
                         for c in cards.candy.values()]
                + [({"kid": n}, tr("kid: {kid}", kid=label)) for n, label in kids]
                + [({"ghost": g.id}, tr("ghost: {colour} {value}", colour=g.colour, value=g.value))
                   for g in cards.ghosts.values()],
                "to": places}

    def explain(self, state: State, expected: Layout, reading: Layout) -> tuple[VerdictStatus, list[Prompt]]:
        """Why the table differs (:func:`.referee.explain`); a Love card still secret is "a Love card" (its
        name in ``detail``)."""
        status, prompts = super().explain(state, expected, reading)
        return status, hide_love(state, self.cards, prompts)
