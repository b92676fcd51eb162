"""Random sequences of legal and illegal Candy Crave actions never corrupt the
state: illegal actions change nothing and say why, every sweet is always in
exactly one place, the state survives a JSON round trip, and the public view
never shows what is face down."""
import dataclasses
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from models.candy_crave.actions import ACTIONS
from models.engine import IllegalAction
from models.registry import get_game
from tests.games.ccr.driver import Table
from tests.support.components import assert_components_add_up

GAME = get_game("CCR")
ALL_PLAYERS = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]
NAMES = ALL_PLAYERS + ["PINK", "A", "B", "C", "D"]
SWEETS = sorted(GAME.kit.sweet_type) + ["X99", "CCR:SWEET:L01", ""]
TILES = sorted(GAME.kit.faces) + sorted(GAME.kit.base_values) + ["9", "CCR:FAV:1Q"]
TYPES = list(GAME.kit.types) + ["Z"]


@st.composite
def junk(draw):
    """Any action type with plausible-looking but random fields."""
    cls = draw(st.sampled_from(ACTIONS))
    data = {"type": cls.type}
    fields = {"player": st.sampled_from(NAMES), "party": st.one_of(st.none(), st.sampled_from("ABCDE")),
              "victim": st.sampled_from(NAMES), "pocket": st.sampled_from(SWEETS), "sweet": st.sampled_from(
                  TYPES if cls.type in ("base", "turn_up", "reveal") else SWEETS),
              "sweets": st.lists(st.sampled_from(SWEETS), max_size=6), "tile": st.sampled_from(TILES),
              "tiles": st.lists(st.sampled_from(TILES), max_size=6)}
    for f in dataclasses.fields(cls):
        data[f.name] = draw(fields[f.name])
    return GAME.parse_action(data)


def check_invariants(state, n):
    assert_components_add_up(GAME, state)
    places = list(state["bowls"]) + list(state["box"])
    for ar in state["areas"].values():
        places += ar["play"] + ar["locked"]
        assert not (ar["withdrawn"] and ar["play"])
    assert sorted(places) == GAME.kit.sweets_for(n), "every sweet in exactly one place"
    assert json.loads(json.dumps(state)) == state
    view = json.dumps(GAME.public_view(state))
    # face-down favourites are never known to the engine, so never in any view: only face-up tiles' faces
    assert all(k in ("L", "H", "K", "B", "C") for k in GAME.public_view(state)["face_up"])
    assert "stack" not in view


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 5), seed=st.integers(0, 10_000), data=st.data())
def test_random_sequences_never_corrupt_the_state(n, seed, data):
    players = ALL_PLAYERS[:n]
    state = GAME.setup(players)
    table = Table(GAME, state, seed, withdraw_rate=0.1)
    for _ in range(data.draw(st.integers(20, 220))):
        if GAME.is_over(state):
            break
        # mostly the table's legal moves, often random ones (which a random legal one may upset)
        action = data.draw(junk()) if data.draw(st.integers(0, 3)) == 0 else table.next_action(state)
        before = json.dumps(state, sort_keys=True)
        try:
            state, events = GAME.apply(state, action)
        except IllegalAction as e:
            assert json.dumps(state, sort_keys=True) == before
            assert e.reason.startswith(f"{action.type}: ") and len(e.reason) > len(action.type) + 7
            continue
        check_invariants(state, n)
        GAME.prompts(state)
        GAME.score(state)
