"""Random action sequences, legal and illegal, never corrupt the state: an
illegal action changes nothing, the state survives a JSON round trip, and the
game's invariants hold."""
import json

from hypothesis import HealthCheck, given, settings, strategies as st

from models.engine import IllegalAction
from tests.games.gvg.gvg_support import BOARD, FIVE, FOUR, GAME, TrueTable, run
from tests.support.components import assert_components_add_up

PLAYERS = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE", "PINK"]
HOUSES = st.integers(min_value=0, max_value=9)
CARDS = st.sampled_from(list(BOARD.treats)[:8] + list(BOARD.tricks)[:8] + ["GVG:ID:GIRL1", "GVG:ID:REPORTER"])

ACTION = st.one_of(
    st.builds(lambda p, h: {"type": "place", "player": p, "house": h}, st.sampled_from(PLAYERS), HOUSES),
    st.builds(lambda p, h: {"type": "move", "player": p, "house": h}, st.sampled_from(PLAYERS), HOUSES),
    st.builds(lambda p, h, c, v: {"type": "treat", "player": p, "house": h, "card": c, "value": v},
              st.sampled_from(PLAYERS), HOUSES, CARDS, st.sampled_from([None, 1, -1, 2])),
    st.builds(lambda p, h: {"type": "trick", "player": p, "house": h}, st.sampled_from(PLAYERS), HOUSES),
    st.builds(lambda p, h, d: {"type": "peek", "player": p, "house": h, "discard": d},
              st.sampled_from(PLAYERS), HOUSES, st.sampled_from([None, "treat", "trick"])),
    st.builds(lambda h, c: {"type": "reveal", "house": h, "card": c}, HOUSES, CARDS),
    st.builds(lambda p, h: {"type": "choose", "player": p, "house": h}, st.sampled_from(PLAYERS), HOUSES),
    st.builds(lambda p, c: {"type": "identity", "player": p, "card": c}, st.sampled_from(PLAYERS), CARDS),
)


def check_invariants(state):
    assert_components_add_up(GAME, state)
    assert json.loads(json.dumps(state)) == state
    assert state["phase"] in ("setup", "play", "reveal", "tiebreak", "identities", "over")
    assert len(state["closed"]) <= 3
    for hand in state["hands"].values():
        assert hand["treat"] >= 0 and hand["trick"] >= 0 and hand["unknown"] >= 0
        assert hand["treat"] + hand["trick"] - hand["unknown"] >= 0
    for h in state["closed"]:
        assert state["cubes"][h] == 0 and not state["tricks"][h]
    assert all(team in ("GIRLS", "GHOULS") for team in state["control"].values())
    total = sum(len(s) for s in state["tricks"].values())
    played = sum(2 - hand["trick"] for hand in state["hands"].values())
    if state["phase"] == "play":
        assert total == played
    GAME.public_view(state)
    GAME.score(state)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ACTION, max_size=40), st.sampled_from([FOUR, FIVE]))
def test_random_actions_never_corrupt_the_state(actions, players):
    state = GAME.setup(players)
    for data in actions:
        before = json.dumps(state, sort_keys=True)
        try:
            state, _ = GAME.apply(state, GAME.parse_action(data))
        except IllegalAction as e:
            assert e.reason
            assert json.dumps(state, sort_keys=True) == before
        check_invariants(state)


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from([FOUR, FIVE, FIVE + ["ORANGE"],
                                                                    FIVE + ["ORANGE", "BLACK"]]),
       st.lists(ACTION, max_size=6))
def test_legal_games_with_illegal_noise(seed, players, noise):
    """A whole legal game with random actions tried between its steps: each one
    the rules refuse leaves the game exactly as it was, and the game ends."""
    table = TrueTable(players, seed)
    state = GAME.setup(players)
    refused = 0
    for i in range(500):
        if state["phase"] == "over":
            break
        state, _ = run(state, table.next_actions(state))
        check_invariants(state)
        if i < len(noise):
            before = json.dumps(state, sort_keys=True)
            try:
                GAME.apply(state, GAME.parse_action(noise[i]))
            except IllegalAction:
                refused += 1
            assert json.dumps(state, sort_keys=True) == before      # apply never touches its input
    assert GAME.is_over(state) and GAME.score(state).final
