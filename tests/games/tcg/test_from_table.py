"""Taking a game over from its table: ``takeover_questions`` and ``from_table``.

At several points of random driver games (before the third ghost is placed,
just after, a third and two thirds of the way, near the end, at the end) the
table drawn for the truth is read with the setup, the questions are answered
from the truth, and the state built from the table must be the truth's:
its expected table, its public view and its prompts, except the notes of the
truth's last action ("BLUE is trapped: BLUE passes"), which no table shows;
every field but ``notes``, ``moves`` (the avatar moves played before the
take-over, shown nowhere) and, at the end, ``result`` (which names who took the
last piece and where: the table cannot tell) is equal. The rest of the game is
then accepted step by step from the taken-over state and ends with the truth's
score.
"""
from __future__ import annotations

from typing import Any

import pytest

from models.engine import IllegalAction
from models.takeover import answers_for
from tests.contract.drivers import PLAYERS
from tests.games.tcg.tcg_support import GAME, state_with, table_steps
from tests.games.tcg.test_legal_actions import VARIANTS, variant_game
from tests.support.contract import camera_of

#: what the table cannot show and the take-over does not ask (see the module docstring)
UNSHOWN = ("notes", "moves")


def taken_over(truth: dict[str, Any], options: dict[str, Any] | None = None) -> tuple[dict[str, Any], list[Any]]:
    players = truth["players"]
    options = options or {}
    setup = GAME.setup(players, options)
    reading = GAME.read(setup, camera_of(GAME.arrange(truth)))
    questions = GAME.takeover_questions(players, options, reading)
    answers, missing = answers_for(questions, GAME.takeover_answers(truth))
    assert not missing, [q.key for q in missing]
    return GAME.from_table(players, options, reading, answers), questions


def same_game(state: dict[str, Any], truth: dict[str, Any]) -> None:
    assert GAME.expected_table(state) == GAME.expected_table(truth)
    shown = {k: v for k, v in truth.items() if k not in UNSHOWN}
    if truth["phase"] == "over":            # nobody's turn, and who took the last piece is not shown
        shown.pop("result"), shown.pop("turn")
        assert state["result"].startswith(f"{truth['winner']} wins") if truth["winner"] else state["result"]
    assert {k: v for k, v in state.items() if k in shown} == shown
    view, want = GAME.public_view(state), GAME.public_view(truth)
    if truth["phase"] == "over":
        view.pop("result"), want.pop("result")
    assert view == want
    notes = set(truth["notes"]) | set(state["notes"])
    prompts = [p.to_json() for p in GAME.prompts(state) if p.text not in notes and p.text != state["result"]]
    wanted = [p.to_json() for p in GAME.prompts(truth) if p.text not in notes and p.text != truth["result"]]
    assert prompts == wanted


def play_on(state: dict[str, Any], rest: list[list[Any]], end: dict[str, Any]) -> None:
    """The rest of the truth's game is accepted from the taken-over state and scores
    as the truth's (taken over at the very end: all but the result's words)."""
    for actions in rest:
        state, _ = GAME.apply_all(state, actions)
    assert GAME.is_over(state)
    score, want = GAME.score(state).to_json(), GAME.score(end).to_json()
    if not rest:
        assert score["notes"][-1] == want["notes"][-1].split(" (")[0] + "."
        score["notes"].pop(), want["notes"].pop()
    assert score == want


def points(n: int) -> list[int]:
    """Before the third ghost (0, 1), just after it, a third, two thirds, near the end, the end."""
    return sorted({0, 1, 3, n // 3, 2 * n // 3, max(0, n - 3), n})


@pytest.mark.parametrize("seed", [0, 11, 12])
def test_a_drivers_game_is_taken_over_anywhere_and_played_to_its_end(seed):
    for players in PLAYERS["TCG"]:
        steps = list(table_steps(GAME, list(players), seed))
        states = [s for s, _, _ in steps] + [steps[-1][2]]
        for n in points(len(steps)):
            truth = states[n]
            state, questions = taken_over(truth)
            assert GAME.state_round_trip(state) == state
            same_game(state, truth)
            play_on(state, [a for _, a, _ in steps[n:]], steps[-1][2])


@pytest.mark.parametrize("options", VARIANTS, ids=["king-wrap-trapped-ghost-next", "6x3-turned-nowrap-block"])
def test_taken_over_under_other_options(options):
    steps = variant_game(options, seed=8)
    states = [s for s, _ in steps]
    for n in points(len(steps) - 1):
        state, _ = taken_over(states[n], options)
        same_game(state, states[n])
        play_on(state, [a for _, a in steps[n:] if a], states[-1])


def test_the_questions_are_what_the_table_cannot_show():
    s = state_with({"RED": "C2", "BLUE": "E2"}, ["B2", "D1", "F3"], phase="ghost",
                   candy=["A1", "A2", "A3", "B1", "B3", "C1", "C3", "D2", "D3", "E1", "E3", "F1", "F2"])
    s["taken"] = {"A": {"RED": 1, "BLUE": 0}, "B": {"RED": 1, "BLUE": 1}}
    reading = GAME.expected_table(s)
    questions = GAME.takeover_questions(s["players"], {}, reading)
    # B2 is board A's centre: no candy is ever there, so only D1 and F3 are asked about
    assert [q.key for q in questions] == ["turn", "under_D1", "under_F3", "taken_A", "taken_B"]
    assert [v for v, _ in questions[0].choices] == ["RED", "BLUE", "RED:ghost", "BLUE:ghost"]
    assert all(q.default is None for q in questions)      # nothing guessed
    assert GAME.takeover_answers(s) == {"turn": "RED:ghost", "under_D1": False, "under_F3": False,
                                        "taken_A": 0, "taken_B": 1}
    state = GAME.from_table(s["players"], {}, reading, GAME.takeover_answers(s))
    assert {k: state[k] for k in ("phase", "turn", "candy", "taken")} == \
           {k: s[k] for k in ("phase", "turn", "candy", "taken")}
    # before the third ghost is placed, nothing needs asking
    setup = GAME.setup(["RED", "BLUE"], {})
    assert GAME.takeover_questions(["RED", "BLUE"], {}, GAME.expected_table(setup)) == []
    assert GAME.from_table(["RED", "BLUE"], {}, GAME.expected_table(setup), {}) == setup


def test_a_trapped_player_named_as_next_passes_as_in_play():
    # RED on A1 (arrows U R D with wrap): A3 below by wrap, B1, A2 hold ghosts: trapped
    s = state_with({"RED": "A1", "BLUE": "E2"}, ["A2", "A3", "B1"],
                   candy=["A2", "A3", "B1", "B3", "C1", "C2", "C3", "D1", "D2", "D3", "E1", "E3", "F1", "F2", "F3"])
    reading = GAME.expected_table(s)
    answers = {"turn": "RED", "under_A2": True, "under_A3": True, "under_B1": True, "taken_A": 0, "taken_B": 0}
    state = GAME.from_table(["RED", "BLUE"], {}, reading, answers)
    assert (state["phase"], state["turn"]) == ("move", "BLUE")
    assert state["notes"] == ["RED's avatar on A1 is trapped: RED passes."]


def refused(reading: dict[str, Any], answers: dict[str, Any] | None = None, match: str = "") -> None:
    with pytest.raises(IllegalAction, match=match):
        GAME.from_table(["RED", "BLUE"], {}, reading, answers or {})


def test_a_table_that_is_no_position_of_the_game_is_refused_with_what_to_put_right():
    steps = list(table_steps(GAME, ["RED", "BLUE"], 0))
    truth = steps[30][0]
    table = GAME.expected_table(truth)
    answers = GAME.takeover_answers(truth)
    refused(dict(table, boards={"A": None, "B": 0}), answers, "board A cannot be seen: uncover at least one")
    refused(dict(table, ghosts=table["ghosts"][:1]), answers, "1 ghost is on the boards")
    a, b = table["ghosts"][:2]
    refused(dict(table, ghosts=sorted([a, a, b])), answers, f"two ghosts stand on {a}")
    red = table["avatars"]["RED"]
    refused(dict(table, ghosts=sorted([red, *table["ghosts"][1:]])), answers,
            f"a ghost and an avatar share {red}")
    refused(dict(table, avatars={"RED": None, "BLUE": table["avatars"]["BLUE"]}), answers,
            "RED's avatar is not on the boards")
    centre = GAME.area(truth).centre("A")
    if centre not in table["candy"] + table["ghosts"] + list(table["avatars"].values()):
        refused(dict(table, candy=sorted([*table["candy"], centre])), answers,
                f"a piece of candy lies on {centre}, a board's centre")
    gone_from_a = 8 - sum(1 for sq in truth["candy"] if GAME.area(truth).board_of(sq) == "A")
    refused(table, dict(answers, taken_A=gone_from_a + 1),
            f"BLUE cannot have picked up {gone_from_a + 1} pieces from board A: only {gone_from_a} are gone")
    bare = dict(table, candy=[])
    asked = {q.key: False if q.key.startswith("under_") else 0 if q.key.startswith("taken_") else answers[q.key]
             for q in GAME.takeover_questions(["RED", "BLUE"], {}, bare)}
    refused(bare, asked, "both boards are empty of candy")
    # two ghosts: the third is not placed yet, so nobody can have moved
    setup = GAME.setup(["RED", "BLUE"], {})
    early = GAME.expected_table(setup)
    refused(dict(early, candy=early["candy"][1:]), {}, "only two ghosts are on the boards")
    # and the questions for a table that cannot be read are none: from_table says why
    assert GAME.takeover_questions(["RED", "BLUE"], {}, dict(table, boards={"A": None, "B": 0})) == []


def test_answers_are_taken_as_typed_and_a_bad_one_is_named():
    s = state_with({"RED": "C2", "BLUE": "E2"}, ["B2", "D1", "F3"],
                   candy=["A1", "A2", "A3", "B1", "B3", "C1", "C3", "D1", "D2", "D3", "E1", "E3", "F1", "F2"])
    s["taken"] = {"A": {"RED": 1, "BLUE": 0}, "B": {"RED": 1, "BLUE": 0}}
    reading = GAME.expected_table(s)
    typed = {"turn": "blue", "under_D1": "Yes, a piece of candy", "under_F3": "no candy", "taken_A": "0",
             "taken_B": "1"}
    state = GAME.from_table(["RED", "BLUE"], {}, reading, typed)
    assert (state["turn"], state["candy"], state["taken"]) == ("BLUE", s["candy"], s["taken"])
    refused(reading, dict(typed, under_D1="perhaps"), "under_D1: must be one of True, False")
    refused(reading, {k: v for k, v in typed.items() if k != "turn"}, "answer turn first")
