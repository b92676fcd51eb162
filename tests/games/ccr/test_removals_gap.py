"""Round 1's removals and the sweets' return to the bowls, missed by the
camera (arms all over the table between the rounds): no later table shows
which sweets went into the box, so no search over what the table shows can
rule the removals out. The referee asks for them instead of calling the table
wrong, and records nothing until told."""
from __future__ import annotations

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


def test_removals_hidden_by_the_return_to_the_bowls_are_asked_not_called_wrong():
    for players, seed in ((["RED", "BLUE", "GREEN"], 0), (["RED", "BLUE", "GREEN", "YELLOW"], 1)):
        before, after, moves = removals_then_round_2(players, seed)
        assert "remove" in [a.type for a in moves] and moves[-1].type == "next_round"
        table = snapshot_of(GAME.arrange(after))
        verdict = GAME.referee(before, table, gap=True)
        assert verdict.status == "waiting" and verdict.state == before and not verdict.choices
        assert str(verdict.prompts[0].text).startswith("The camera missed some moves, and which sweets went into "
                                                       "the box no later table shows")
        assert all(p.level == "info" for p in verdict.prompts[1:])
        # entered on the console, they make the game as played
        assert GAME.apply_all(before, moves)[0] == after
        # seen as one change, with no gap, the same table is out of sync: nothing was missed
        assert GAME.referee(before, table).status == "out_of_sync"
