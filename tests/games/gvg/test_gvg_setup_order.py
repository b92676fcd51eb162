"""Set-up in the order people do it (issue #26): many groups lay the First Player
Token before the standees. The empty board with the token in front of its holder,
then the standees one by one, is followed, read from real frames of the simulated
table through the real pipeline."""
from __future__ import annotations

from models.table import Placement
from tests.games.gvg.gvg_support import FOUR, GAME, run
from tests.support.table import snapshot_of

TOKEN = "GVG:TOKEN:FIRST"


def test_the_first_player_token_laid_before_the_standees():
    empty = GAME.setup(FOUR)
    placed = [{"type": "place", "player": p, "house": h} for p, h in zip(FOUR, (1, 3, 5, 7))]
    ready, _ = run(empty, placed)
    token = next(p for p in GAME.arrange(ready) if p.payload == TOKEN)
    board = [p for p in GAME.arrange(empty) if p.payload != TOKEN]

    # the token first: the empty board is still in sync
    verdict = GAME.referee(empty, snapshot_of(board + [token]))
    assert verdict.status == "in_sync", [p.text for p in verdict.prompts]

    # then two standees, with the token already there
    half, _ = run(empty, placed[:2])
    standees = [p for p in GAME.arrange(half) if p.payload.startswith("GVG:STANDEE:")]
    verdict = GAME.referee(empty, snapshot_of(board + [token] + standees))
    assert verdict.status == "applied", [p.text for p in verdict.prompts]
    assert sorted(a.to_json()["player"] for a in verdict.actions) == ["BLUE", "RED"]
    assert verdict.state == half

    # a token in front of someone else is still a question, not silently taken
    elsewhere = Placement(TOKEN, 900.0 - token.x_mm, 600.0 - token.y_mm, size_mm=token.size_mm)
    assert GAME.referee(empty, snapshot_of(board + [elsewhere])).status != "in_sync"


def test_standees_laid_and_one_moved_again_while_the_camera_was_away():
    """Two standees already stand; in a gap the camera knew of (or one it did
    not see), one of them is set on another house and the last two are laid.
    The last standee laid starts the round, so the standee set again must go
    first: the table is explained, not refused as a move "not now". The
    explanation is offered, not recorded: the round began in the gap, so the
    first player may have moved from where their standee was laid, and cards
    no camera sees may have followed. Three standees changed in one settled
    table are such a gap even when the session did not see one."""
    empty = GAME.setup(FOUR)
    before, _ = run(empty, [{"type": "place", "player": "YELLOW", "house": 7},
                            {"type": "place", "player": "GREEN", "house": 5}])
    after, _ = run(empty, [{"type": "place", "player": p, "house": h} for p, h in zip(FOUR, (6, 3, 5, 1))])
    assert after["phase"] == "play"
    for gap in (False, True):
        verdict = GAME.referee(before, snapshot_of(GAME.arrange(after)), gap=gap)
        assert verdict.status == "waiting" and verdict.state == before, gap
        assert [c.state for c in verdict.choices] == [after]
        assert [a.to_json()["player"] for a in verdict.choices[0].actions][0] == "YELLOW"  # the standee set again first


def test_the_last_standee_laid_and_the_first_move_in_one_settled_table_are_asked():
    """A gap the session does not see (the table settled only after both
    moves): BLUE lays the last standee, and RED, the first player, moves on at
    once. The table reads as RED's standee set again during the set-up, which
    in play is a move: the round may have begun unwatched. Asked, never
    recorded as RED's turn begun at the house it moved to (it began at House
    1: it may move one space less). Standees all laid at once are not asked."""
    empty = GAME.setup(FOUR)
    before, _ = run(empty, [{"type": "place", "player": p, "house": h}
                            for p, h in (("RED", 1), ("GREEN", 5), ("YELLOW", 7))])
    laid, _ = run(before, [{"type": "place", "player": "BLUE", "house": 3}])
    assert laid["phase"] == "play" and laid["turn"] == "RED" and laid["turn_start"] == 1
    moved, _ = run(laid, [{"type": "move", "player": "RED", "house": 2}])
    verdict = GAME.referee(before, snapshot_of(GAME.arrange(moved)), gap=False)
    assert verdict.status == "waiting" and verdict.state == before, [p.text for p in verdict.prompts]

    verdict = GAME.referee(empty, snapshot_of(GAME.arrange(laid)), gap=False)
    assert verdict.status == "applied" and verdict.state == laid, [p.text for p in verdict.prompts]


def test_the_round_begun_in_a_gap_is_asked_the_first_player_may_have_moved():
    """The last standee laid and the first player's move, both while the
    camera was away: the table shows the standee where it went, which reads
    as laid there. Where it began the turn (so how far it may still move) is
    not on the table: asked, never recorded as laid where it stands."""
    empty = GAME.setup(FOUR)
    before, _ = run(empty, [{"type": "place", "player": p, "house": h} for p, h in zip(FOUR[1:], (3, 5, 7))])
    laid, _ = run(before, [{"type": "place", "player": FOUR[0], "house": 1}])
    first = laid["turn"]
    moved, _ = run(laid, [{"type": "move", "player": first, "house": laid["positions"][first] % 8 + 1}])
    verdict = GAME.referee(before, snapshot_of(GAME.arrange(moved)), gap=True)
    assert verdict.status == "waiting" and verdict.state == before
