"""Whole Candy Crave games read by the real vision pipeline on the simulated
table: at the turning points of each game the table is drawn, decoded and
settled, and the referee must find exactly the action the players made."""
import pytest

from tests.games.ccr.driver import Table, ready
from tests.support.table import snapshot_of

GAMES = {2: (["RED", "BLUE"], 1), 3: (["RED", "BLUE", "GREEN"], 0),
         5: (["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"], 3)}


def groups(game, state, table):
    """Yield (state before, actions, state after) turn by turn: a lock and the
    action after it form one group, as the camera often sees them together."""
    while not game.is_over(state):
        before, acts = state, []
        while True:
            a = table.next_action(state)
            state, _ = game.apply(state, a)
            acts.append(a)
            if a.type != "lock":
                break
        yield before, acts, state


@pytest.mark.parametrize("n", sorted(GAMES))
def test_whole_game_through_the_camera(n):
    players, seed = GAMES[n]
    game = ready(players)[0]
    state = game.setup(players)
    table = Table(game, state, seed, withdraw_rate=0.08)
    wanted = {"base", "turn_up", "take", "lock", "steal", "pocket", "reveal", "remove", "next_round"}
    seen: dict[tuple[int, str], int] = {}
    renders = 0
    for before, acts, after in groups(game, state, table):
        state = after
        last = acts[-1]
        kind = "lock" if acts[0].type == "lock" else last.type
        key = (before["round"], kind)
        if kind not in wanted or seen.get(key, 0) >= 1:
            continue
        seen[key] = seen.get(key, 0) + 1
        snap = snapshot_of(game.arrange(after))
        renders += 1
        v = game.referee(before, snap)
        assert (v.status, v.actions) == ("applied", acts), (acts, [p.text for p in v.prompts])
        assert v.state == after
    assert game.is_over(state)
    final = snapshot_of(game.arrange(state))
    assert game.read(state, final) == game.expected_table(state)
    assert {k for _, k in seen} == wanted and renders >= 15


def test_round_two_begun_and_its_bases_drawn_while_the_camera_was_away_are_caught_up():
    """Round 1's removals seen, then every sweet back in its bowl and round 2's
    base tiles drawn while the camera was away: one sequence explains the new
    table, and it is the truth. Round 1's bases still lying where they were,
    the rest cleared, are not taken for round 2's."""
    players, seed = GAMES[3]
    game = ready(players)[0]
    state = game.setup(players)
    table = Table(game, state, seed, withdraw_rate=0.08)
    history = [state]
    while not (state["round"] == 2 and state["phase"] != "base"):
        state, _ = game.apply(state, table.next_action(state))
        history.append(state)
    before, after = next(s for s in history if s["phase"] == "return"), history[-1]
    assert after["round"] == 2 and len(after["base"]) == len(before["base"])
    for gap in (False, True):
        v = game.referee(before, snapshot_of(game.arrange(after)), gap=gap)
        assert v.status == "applied" and v.state == after, [p.text for p in v.prompts]
        assert [a.type for a in v.actions][0] == "next_round"
    # every sweet and favourite tile cleared but round 1's base tiles, left where they lay: round
    # 2 has not begun (with them cleared too, it has)
    cleared = [p for p in game.arrange(before) if not p.payload.startswith(("CCR:SWEET", "CCR:FAV"))]
    assert {p.payload for p in cleared if p.payload.startswith("CCR:BASE")} == \
        {f"CCR:BASE:{t}" for t in before["base"].values()}
    v = game.referee(before, snapshot_of(cleared))
    assert "next_round" not in [a.type for a in v.actions]
    v = game.referee(before, snapshot_of([p for p in cleared if not p.payload.startswith("CCR:BASE")]))
    assert v.status == "applied" and [a.type for a in v.actions] == ["next_round"]
