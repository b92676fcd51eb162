"""A camera gap across several moves, in every game: the table after the gap is
drawn on the simulated table and read by the real pipeline (real QR codes, the
real decoder), and the referee, which last saw the table before the gap, must
catch up by itself when only one sequence of legal moves explains it, ask the
referee to pick when several do, and never apply anything else.

The games are played by each game's own random-game driver (the contract's);
each case names the stretch of a seeded game it skips and checks that the
stretch really is what it says (a steal and a pocket, a candy placed and taken
again), so a change to a driver cannot quietly turn a case into an easier one.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from companion.live.monitor import GAP_S
from models.engine import IllegalAction
from models.registry import game_classes, get_game
from tests.contract.drivers import PLAYERS
from tests.games.gvg.gvg_support import tell_unseen, tells_from
from tests.games.simulated import seeded
from tests.support.contract import leaves_no_trace
from tests.support.table import snapshot_of


def key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def stretch(code: str, players: int, seed: int, first: int, last: int) -> tuple[Any, list[Any], list[str]]:
    """The states from step ``first`` to after step ``last`` of a seeded game, and
    the types of the actions in between."""
    game, states, actions = stretch_played(code, players, seed, first, last)
    return game, states, [a["type"] for a in actions]


def stretch_played(code: str, players: int, seed: int, first: int,
                   last: int) -> tuple[Any, list[Any], list[dict[str, Any]]]:
    """:func:`stretch`, with the actions in between as JSON."""
    game = get_game(code)
    steps = list(seeded(code)(game, list(PLAYERS[code][players]), seed))[first:last + 1]
    states = [steps[0][0]] + [after for _, _, after in steps]
    return game, states, [a.to_json() for _, actions, _ in steps for a in actions]


def read_after_gap(game: Any, states: list[Any], gap: bool = False) -> Any:
    """The referee's verdict on the table after the gap, read by the pipeline
    (``gap``: the session knew the camera was away)."""
    players = states[0]["players"]
    table = game.table_mm(len(players))
    return game.referee(states[0], snapshot_of(game.arrange(states[-1], table), table), gap=gap)


def assert_nothing_wrong_applied(verdict: Any, states: list[Any], told: dict[Any, Any] | None = None) -> None:
    """What was applied is a state the game passed through (Girls vs Ghouls:
    once the players have said what its cards played unseen were, ``told``:
    :func:`tests.games.gvg.gvg_support.tells_from`); otherwise nothing changed."""
    if verdict.status == "applied":
        state = tell_unseen(verdict.state, told)[0] if told else verdict.state
        assert key(state) in {key(s) for s in states[1:]}, [str(a) for a in verdict.actions]
    else:
        assert key(verdict.state) == key(states[0]), "nothing may change while the referee is asked"


#: where in a seeded game the every-game gap test skips moves: a quarter, half way, three quarters
SHARES = (0.25, 0.5, 0.75)
#: how many moves each of those gaps hides
SKIPPED = 3


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_every_game_catches_up_a_gap_truly_or_asks(code):
    """Every registered game, with no scenario of its own needed: three moves
    of a seeded game hidden by a gap at a quarter, half way and three quarters,
    the table after them read by the real pipeline. What the referee applies
    is a state the game passed through; otherwise nothing changes. A stretch
    holding a move that leaves the table as it was (``leaves_no_trace``, by
    the game's own ``same_table``: a card chosen face down, a Peek) is passed over,
    as the console tells such moves, except in a game that says its moves can
    leave no trace (``jumps_leave_traces`` False: what the search finds is
    asked, never applied), where every stretch must hold too; the scenarios
    below are the games' hard cases."""
    game = get_game(code)
    who = list(PLAYERS[code][0])
    steps = list(seeded(code)(game, who, 0))
    tried = 0
    for share in SHARES:
        stretch_ = steps[int(len(steps) * share):][:SKIPPED]
        if game.jumps_leave_traces and any(leaves_no_trace(game, before, after) for before, _, after in stretch_):
            continue        # a game whose search results are asked, never applied (Old Witch), is tried on any
        states = [stretch_[0][0]] + [after for _, _, after in stretch_]
        table = game.table_mm(len(who))
        verdict = game.referee(states[0], snapshot_of(game.arrange(states[-1], table), table), gap=True)
        assert_nothing_wrong_applied(verdict, states)
        tried += 1
    assert tried, f"{code}: every stretch tried held a move that leaves no trace"


def test_ghosts_love_candy_catches_up_a_whole_candy_phase_with_a_candy_placed_and_taken_unseen():
    """Round 2's candy, the three reveals and a haunt, all under a hand: the
    haunted kid's candy went from the deck onto the kid and into the haunter's
    stash without the camera ever seeing it on the kid."""
    game, states, types = stretch("GLC", 0, 0, 18, 27)
    assert states[0]["round"] == 2 and states[0]["phase"] == "candy"
    assert types.count("place_candy") == 6 and types.count("reveal") == 3 and types[-1] == "haunt"
    on_kids = {c for s in states[-1]["slots"] for c in s["candy"]}
    assert any(c not in on_kids for s in states[-2]["slots"] for c in s["candy"]), "a candy taken within the gap"
    verdict = read_after_gap(game, states)
    assert verdict.status == "applied"
    assert key(verdict.state) == key(states[-1])


def test_ghosts_love_candy_asks_which_tie_break_kid_each_player_drew():
    """The same gap with a tie-break in it: the two drawn kids lie in the
    discard, and only the players know who drew which (it decides who goes
    first), so the referee picks; the truth is among the choices."""
    game, states, types = stretch("GLC", 0, 1, 18, 29)
    assert types.count("tie_draw") == 2
    verdict = read_after_gap(game, states)
    assert verdict.status == "waiting" and len(verdict.choices) == 2
    assert key(states[-1]) in {key(f.state) for f in verdict.choices}
    assert "The camera missed some moves" in verdict.prompts[0].text
    assert_nothing_wrong_applied(verdict, states)


def test_candy_crave_catches_up_five_turns_with_a_steal_and_a_pocket():
    game, states, types = stretch("CCR", 1, 2, 154, 158)
    assert {"take", "steal", "pocket"} <= set(types) and len(types) == 5
    verdict = read_after_gap(game, states)
    assert verdict.status == "applied"
    assert key(verdict.state) == key(states[-1])


def test_the_closest_ghost_catches_up_two_and_a_half_turns():
    game, states, types = stretch("TCG", 0, 0, 7, 11)
    assert types == ["move_avatar", "move_ghost", "move_avatar", "move_ghost", "move_avatar"]
    verdict = read_after_gap(game, states)
    assert verdict.status == "applied"
    assert key(verdict.state) == key(states[-1])


def test_where_moves_can_leave_no_trace_the_referee_picks():
    """Ghost at Home (a pass clears a floor) never catches up a gap by itself:
    the explanations found go to the console, the truth among them, and
    nothing is applied."""
    game, states, types = stretch("GAH", 1, 0, 0, 3)
    assert types == ["rooms"] * 4                       # four players' first rooms
    verdict = read_after_gap(game, states, gap=True)
    assert verdict.status == "waiting"
    assert key(states[-1]) in {key(f.state) for f in verdict.choices}
    assert_nothing_wrong_applied(verdict, states)


@pytest.mark.parametrize("gap", [False, True])
def test_girls_vs_ghouls_reads_tricks_on_stacks_as_cards_played_unseen_and_asks_only_whose_card(gap):
    """Two turns of Tricks laid on stacks (nothing to see), standees moved and
    one Trick on a new stack at House 6, where ORANGE and RED both stand: the
    hidden cards are read as played unseen (told later), and the one question
    is whose Trick covers House 6's slot (ORANGE's, or, had ORANGE played
    unseen too, RED's a turn later). Once told, the truth is among the choices."""
    game, states, played = stretch_played("GVG", 1, 2, 63, 66)
    assert [a["type"] for a in played] == ["trick", "move", "trick", "trick", "move", "trick"]
    assert states[0]["positions"]["ORANGE"] == states[0]["positions"]["RED"] == 6
    verdict = read_after_gap(game, states, gap=gap)
    assert verdict.status == "waiting" and key(verdict.state) == key(states[0])
    told = tells_from(states[0], played)
    truths = []
    for c in verdict.choices:
        try:
            truths.append(key(tell_unseen(c.state, told)[0]) == key(states[-1]))
        except IllegalAction:            # told what the truth holds, this explanation cannot be
            truths.append(False)
    assert truths.count(True) == 1
    assert {a.type for c in verdict.choices for a in c.actions} <= {"unseen", "move", "trick"}
    assert any(a.to_json() == {"type": "trick", "player": "RED", "house": 6} for c in verdict.choices
               for a in c.actions)


def test_a_treat_tucked_away_while_the_camera_was_away_is_a_card_played_unseen():
    """YELLOW played a Treat and tucked it under the tile while the camera was
    away; then RED moved and laid a Trick. The table shows YELLOW's card no
    more than a Peek: it is recorded as played unseen (it once was read as a
    Peek, wrong whenever the Treat went unseen), and the Treat's cubes count
    once the players say what it was."""
    game, states, played = stretch_played("GVG", 0, 2, 46, 47)
    assert [a["type"] for a in played] == ["treat", "move", "trick"]
    for gap in (False, True):
        verdict = read_after_gap(game, states, gap=gap)
        assert verdict.status == "applied" and [a.type for a in verdict.actions] == ["unseen", "move", "trick"]
        assert "Referee: say what YELLOW played" in " ".join(str(p.text) for p in verdict.prompts)
        assert verdict.state["cubes"] != states[-1]["cubes"]        # the Treat's cubes: not known yet
        assert_nothing_wrong_applied(verdict, states, tells_from(states[0], played))


def test_the_session_knows_a_gap_from_a_lost_camera_or_a_long_hand(tmp_path):
    from .test_session import make_session
    s = make_session(tmp_path)
    assert s.monitor.gap_ends(10.0) is False               # settled all along
    s.monitor.unsettled_from = 10.0
    assert s.monitor.gap_ends(12.0) is False               # a hand for 2 s: a normal move
    s.monitor.unsettled_from = 20.0
    assert s.monitor.gap_ends(20.0 + GAP_S) is True        # an arm over the table for 8 s
    s.camera.health["errors"] += 1                          # the camera was lost meanwhile
    assert s.monitor.gap_ends(40.0) is True
    assert s.monitor.gap_ends(41.0) is False
    s.close()
