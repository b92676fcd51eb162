"""A round's end as the players leave it (``Game.arrange_as_left``): the last
Trick turned up and left face up with the others while the players read them,
before anyone tidies. Read from a real frame of the simulated table, the
referee records the last Trick and the round's scoring by itself and asks the
table to be tidied; the tidy table is then in sync. Had the Tricks been cleared
before the camera read the last one, it would have to ask which Trick it was."""
from __future__ import annotations

from tests.games.gvg.gvg_support import GAME, round_one_of_four, run
from tests.support.table import snapshot_of


def _round_one_before_its_last_reveal() -> tuple[dict, dict, dict]:
    """The state before round 1's last Trick is turned up, that Trick, and the state after."""
    actions, states = round_one_of_four()
    return states[-2], actions[-1], states[-1]


def test_the_last_trick_left_face_up_is_read_and_the_round_scored_without_a_question():
    before, last, after = _round_one_before_its_last_reveal()
    as_left = GAME.arrange_as_left(after)
    assert as_left is not None and GAME.arrange_as_left(before) is None
    assert last["card"] in {p.payload for p in as_left}         # the last Trick lies face up
    assert last["card"] not in {p.payload for p in GAME.arrange(after)}

    verdict = GAME.referee(before, snapshot_of(as_left))
    assert verdict.status == "applied", [p.text for p in verdict.prompts]
    assert verdict.state == after
    assert any("Clear the Tricks from House" in p.text for p in verdict.prompts)

    assert GAME.referee(after, snapshot_of(GAME.arrange(after))).status == "in_sync"


def test_cleared_before_the_camera_read_the_last_trick_it_is_asked():
    before, last, after = _round_one_before_its_last_reveal()
    verdict = GAME.referee(before, snapshot_of(GAME.arrange(after)))
    assert verdict.status == "waiting" and verdict.state == before
    assert any("was turned up and the round cleared away" in p.text for p in verdict.prompts)


def test_once_the_new_round_is_under_way_the_table_is_tidy():
    """The faces lie only until the next move: the first player's move of the
    new round is made on a tidied table."""
    _, _, after = _round_one_before_its_last_reveal()
    first = after["turn"]
    moved, _ = run(after, [{"type": "move", "player": first, "house": after["positions"][first] % 8 + 1}])
    assert moved.get("leftover") and GAME.arrange_as_left(moved) is None
