"""The engine's one bookkeeping of where every component is (models/whereabouts.py
and Game.apply): nothing in two places, nothing that cannot exist, secret
components never named in a refusal; and every real game keeps it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from models.catalog import Catalog, Component
from models.engine import Action, Game, IllegalAction
from models.registry import game_classes, get_game
from models.whereabouts import Whereabouts
from tests.support.components import assert_components_add_up


@dataclass(frozen=True)
class Deal(Action):
    """A card from the deck to a player, named or not (face down)."""
    type: ClassVar[str] = "deal"
    player: str
    card: str | None = None


class Tiny(Game):
    """Three gems (public) and two secret notes; ``table`` names cards, ``hidden``
    counts unnamed gems dealt face down."""
    code, title = "TT", "Tiny"
    actions = (Deal,)
    secret_kinds = frozenset({"notes"})
    kind_names = {"notes": ("secret note", "secret notes")}

    def __init__(self):
        cat = Catalog("TT")
        for p, kind in (("TT:GEM:1", "gems"), ("TT:GEM:2", "gems"), ("TT:GEM:3", "gems"),
                        ("TT:NOTE:1", "notes"), ("TT:NOTE:2", "notes")):
            cat.components[p] = Component(p, kind, p.split(":")[1].title() + " " + p[-1], {})
        super().__init__(cat)

    def setup(self, players, options=None):
        return {"table": {}, "hidden": {}}

    def _apply(self, state, a):
        if a.card is None:
            state["hidden"][a.player] = state["hidden"].get(a.player, 0) + 1
        else:
            state["table"].setdefault(a.player, []).append(a.card)
        return []

    def whereabouts(self, state):
        w = self.new_whereabouts("no hand can hold one")
        for p, cards in state["table"].items():
            w.place_all(cards, f"in front of {p}", "on the table")
        for p, n in state["hidden"].items():
            w.unnamed("gems", f"face down before {p}", n, "dealt face down")
        return w


def test_a_component_in_two_places_is_refused_with_its_first_place():
    g = Tiny()
    s, _ = g.apply(g.setup([]), Deal("RED", "TT:GEM:1"))
    with pytest.raises(IllegalAction) as e:
        g.apply(s, Deal("BLUE", "TT:GEM:1"))
    assert e.value.reason == "deal: Gem 1 (TT:GEM:1) is already in front of RED"


def test_a_secret_component_is_never_named_nor_its_holder():
    g = Tiny()
    s, _ = g.apply(g.setup([]), Deal("RED", "TT:NOTE:2"))
    with pytest.raises(IllegalAction) as e:
        g.apply(s, Deal("BLUE", "TT:NOTE:2"))
    assert e.value.reason == "deal: that secret note is already on the table"


def test_an_unnamed_component_must_be_one_whose_place_is_unknown():
    g = Tiny()
    s = g.setup([])
    for a in (Deal("RED", "TT:GEM:1"), Deal("RED", "TT:GEM:2"), Deal("BLUE")):
        s, _ = g.apply(s, a)
    with pytest.raises(IllegalAction) as e:
        g.apply(s, Deal("BLUE"))
    assert e.value.reason == "deal: every gem is on the table or dealt face down: no hand can hold one"
    with pytest.raises(IllegalAction):      # nor named: gem 3 is the face-down one
        g.apply(s, Deal("BLUE", "TT:GEM:3"))


def test_a_state_already_wrong_stays_playable_but_cannot_get_worse():
    g = Tiny()
    s = {"table": {"RED": ["TT:GEM:1", "TT:GEM:1"]}, "hidden": {}}     # e.g. an old journal
    s2, _ = g.apply(s, Deal("BLUE", "TT:NOTE:1"))
    with pytest.raises(IllegalAction):
        g.apply(s2, Deal("BLUE", "TT:GEM:1"))


def test_whereabouts_counts():
    w = Whereabouts({"A": "x", "B": "x", "C": "y"}.get)
    w.place("A", "here")
    w.place("A", "there")
    w.unnamed("y", "pile", 2)
    assert w.duplicates() == {"A": ["here", "there"]}
    assert w.unaccounted({"x": 2, "y": 1}) == {"x": 0, "y": -1}
    assert w.areas("y") == ["pile"]


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_every_game_keeps_whereabouts_from_setup(code):
    """Every registered game, at the table of its example game (``example_players``)."""
    game = get_game(code)
    state = game.setup(list(game.example_players))
    assert_components_add_up(game, state)
    assert game._kind_counts(), f"{code} tracks no kind"
