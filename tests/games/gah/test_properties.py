"""Random sequences of legal and illegal Ghost at Home actions never corrupt the
state: illegal actions change nothing and say why, the engine's counts always
match the real cards (53 in all: deck, hands, pile, table), no card lies twice
on the table, a ghost never shares a floor with a cat, the state survives a JSON
round trip, and no view shows a hand."""
import dataclasses
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from models.engine import IllegalAction
from models.ghost_at_home.actions import ACTIONS
from models.registry import get_game
from tests.games.gah.driver import Table
from tests.support.components import assert_components_add_up

GAME = get_game("GAH")
ALL_PLAYERS = ["RED", "BLUE", "GREEN", "YELLOW"]
NAMES = ALL_PLAYERS + ["PURPLE", "red", ""]
CARDS = sorted(GAME.kit.cards) + ["ROOM:1A", "GHOST:9", "GAH:FLOOR:R1D", "X"]


@st.composite
def junk(draw):
    """Any action type with plausible-looking but random fields."""
    cls = draw(st.sampled_from(ACTIONS))
    card = st.sampled_from(CARDS)
    fields = {"player": st.sampled_from(NAMES), "target": st.sampled_from(NAMES), "card": card,
              "cat": card if cls.type in ("cat_food", "elevator") else st.one_of(st.none(), card),
              "ghost": card, "floor": st.integers(0, 4), "reshuffled": st.booleans(),
              "side": st.sampled_from(["L", "R", "l", "X"]), "count": st.integers(-1, 4),
              "cards": st.lists(card, max_size=4),
              "rooms": st.lists(st.fixed_dictionaries({"card": card, "floor": st.integers(0, 4),
                                                       "side": st.sampled_from(["L", "R", "M"])}), max_size=4)}
    data = {"type": cls.type}
    for f in dataclasses.fields(cls):
        data[f.name] = draw(fields[f.name])
    if cls.type == "cat_defence" and data["card"] is not None and draw(st.booleans()):
        data["card"] = None
    return GAME.parse_action(data)


def check_invariants(state):
    assert_components_add_up(GAME, state)
    assert json.loads(json.dumps(state)) == state
    cards = [c for h in state["houses"].values() for fl in h
             for c in [*fl["rooms"].values(), *fl["cats"].values(), *fl["ghosts"]] if c]
    assert len(cards) == len(set(cards)), "no card lies twice on the table"
    for h in state["houses"].values():
        for fl in h:
            assert not (fl["ghosts"] and any(fl["cats"].values())), "a ghost never shares a floor with a cat"
            assert len(fl["ghosts"]) <= 2
    total = state["deck"] + state["discard"]["count"] + sum(state["hands"].values()) + len(cards)
    assert total == 53
    for view in [GAME.public_view(state)]:
        assert "hands" not in view and "seen" not in json.dumps(view)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 10_000), data=st.data())
def test_random_sequences_never_corrupt_the_state(n, seed, data):
    players = ALL_PLAYERS[:n]
    state = GAME.setup(players)
    table = Table(state, seed)
    for _ in range(data.draw(st.integers(10, 150))):
        if GAME.is_over(state):
            break
        before = json.dumps(state, sort_keys=True)
        use_junk = table is None or data.draw(st.integers(0, 3)) == 0
        action = data.draw(junk()) if use_junk else table.next_action(state)
        try:
            state, _ = GAME.apply(state, action) if use_junk else table.play(state, action)
        except IllegalAction as e:
            assert use_junk, f"the simulated table's move {action} was refused: {e.reason}"
            assert json.dumps(state, sort_keys=True) == before
            assert e.reason.startswith(f"{action.type}: ") and len(e.reason) > len(action.type) + 7
            continue
        if use_junk:
            table = None      # a random card was played: the simulated hands no longer hold the truth
        check_invariants(state)
        GAME.prompts(state)
        GAME.score(state)
