"""Round 1's removals and the sweets' return to the bowls, missed by the
camera (arms all over the table between the rounds, or hands quicker than the
table settled): no later table shows which sweets went into the box. When the
ways it can have gone are few, the referee offers each (the truth among them);
when they are more than a search lists, it asks for the removals instead of
calling the table wrong. Either way it records nothing until told, and a table
of round 2 while removals are owed is read as after a gap even when the camera
saw none (``Game.shows_a_gap``): the return to the bowls comes after them."""
from __future__ import annotations

import pytest

from models.registry import get_game
from tests.contract.drivers import DRIVERS
from tests.support.table import snapshot_of

GAME = get_game("CCR")


def removals_then_round_2(players: list[str], seed: int):
    """(the state before the first removal, the state once round 2 began, the actions between)."""
    steps = list(DRIVERS["CCR"](GAME, players, seed))
    first = next(i for i, (_, acts, _) in enumerate(steps) if acts and acts[0].type == "remove")
    last = next(i for i, (_, acts, _) in enumerate(steps) if acts and acts[0].type == "next_round")
    return steps[first][0], steps[last][2], [a for _, acts, _ in steps[first:last + 1] for a in acts]


@pytest.mark.parametrize("gap", [True, False])
def test_removals_with_few_ways_are_offered_each_with_the_truth_among_them(gap):
    """Three players; RED holds two locked sweets and BLUE one, one removal
    each: two ways (RED's one or the other), both offered, the truth one."""
    before, after, moves = removals_then_round_2(["RED", "BLUE", "GREEN"], 0)
    assert [a.type for a in moves] == ["remove", "remove", "next_round"]
    verdict = GAME.referee(before, snapshot_of(GAME.arrange(after)), gap=gap)
    assert verdict.status == "waiting" and verdict.state == before
    assert len(verdict.choices) == 2 and verdict.complete
    assert [c.state for c in verdict.choices].count(after) == 1
    offered = [[a.to_json() for a in c.actions] for c in verdict.choices]
    assert all(a.to_json() in sum(offered, []) for a in moves if a.type == "remove")


@pytest.mark.parametrize("gap", [True, False])
@pytest.mark.parametrize("players, seed", [(["RED", "BLUE", "GREEN", "YELLOW"], 1), (["RED", "BLUE"], 2)])
def test_removals_with_many_ways_are_asked_not_called_wrong(players, seed, gap):
    before, after, moves = removals_then_round_2(players, seed)
    assert "remove" in [a.type for a in moves] and moves[-1].type == "next_round"
    table = snapshot_of(GAME.arrange(after))
    verdict = GAME.referee(before, table, gap=gap)
    assert verdict.status == "waiting" and verdict.state == before and not verdict.choices
    assert str(verdict.prompts[0].text).startswith("The camera missed some moves, and which sweets went into "
                                                   "the box no later table shows")
    assert all(p.level == "info" for p in verdict.prompts[1:])
    # entered on the console, they make the game as played
    assert GAME.apply_all(before, moves)[0] == after


def test_a_wrong_table_during_the_removals_is_still_called_wrong():
    """The table shows a gap only when round 2's table lies there: during the
    removals, BLUE's locked sweet put behind RED's divider is one change, and
    out of sync, not a question about what the camera missed."""
    import copy

    before, _, _ = removals_then_round_2(["RED", "BLUE", "GREEN"], 0)
    red, blue = (next(a for a in before["areas"] if before["owner"][a] == p) for p in ("RED", "BLUE"))
    wrong = copy.deepcopy(before)
    sweet = wrong["areas"][blue]["locked"].pop(0)
    wrong["areas"][red]["locked"].append(sweet)
    table = snapshot_of(GAME.arrange(wrong))
    assert not GAME.shows_a_gap(before, GAME.read(before, table))
    verdict = GAME.referee(before, table)
    assert verdict.status == "out_of_sync" and not verdict.choices


@pytest.mark.parametrize("gap", [True, False])
def test_a_tied_start_player_chosen_and_round_2_begun_is_offered_each_way(gap):
    """After the removals, RED and another player tie for the fewest points and
    agree who starts round 2 (nothing on the table shows it); the sweets go
    back and round 2's base tiles are drawn before the camera sees a settled
    table. Each tied player is offered as the start player, the truth among
    them; nothing is recorded until the referee picks."""
    steps = list(DRIVERS["CCR"](GAME, ["RED", "BLUE", "GREEN"], 2))
    at = next(i for i, (_, acts, _) in enumerate(steps) if acts and acts[0].type == "choose_start")
    before = steps[at][0]
    end = next(i for i, (_, acts, _) in enumerate(steps) if i > at and acts and acts[0].type == "base")
    after = steps[end][2]
    assert len(before["tied"]) >= 2 and after["round"] == 2
    verdict = GAME.referee(before, snapshot_of(GAME.arrange(after)), gap=gap)
    assert verdict.status == "waiting" and verdict.state == before
    assert [c.state for c in verdict.choices].count(after) == 1
    assert {c.actions[0].player for c in verdict.choices} == set(before["tied"])
