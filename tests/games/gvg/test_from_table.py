"""Taking a Girls vs Ghouls game over as it lies (models/girls_vs_ghouls/takeover.py):
at points of random driver games (the set-up, a round's first turn, mid-round,
later rounds, the Tricks still face down once every card is played, the
identities, Tricks being turned up), the table drawn and read back, the questions answered from the
truth, give a state whose table, public view and prompts are the truth's but
for what no camera can see, and from which the rest of the driver's game is
accepted step by step to the same score. A table that is no position of the
game is refused with a reason the players can act on.

What may differ, and why it is right (the companion never saw it happen):

* ``allow`` of the expected table: the names of the Treats played (tucked under
  the tiles) and what the round just over may still leave on the table;
* the public view's ``hands`` (which deck each played card came from),
  ``treats_played`` and each stack's ``tricks`` (who played what, on which
  turn), ``history`` (which house flipped in a round before) and ``chores``
  (the tidying of a round the companion did not see end);
* the prompts' chores, and the player to act's Treats and Tricks left (the
  companion knows how many cards they hold, not from which deck).
"""
from __future__ import annotations

import copy
import itertools
import re
from typing import Any

import pytest

from models.engine import IllegalAction
from models.takeover import answers_for
from tests.contract.drivers import PLAYERS
from tests.games.gvg.gvg_support import FOUR, GAME, started, table_steps
from tests.support.contract import _check_state, camera_of

UNSEEN_VIEW = ("hands", "treats_played", "history", "chores")


def reading_of(truth: dict[str, Any]) -> dict[str, Any]:
    players = truth["players"]
    return GAME.read(GAME.setup(players, {}), camera_of(GAME.arrange(truth)))


def tricks_face_up(state: dict[str, Any]) -> bool:
    return state["phase"] in ("reveal", "tiebreak") and any(t["card"] for s in state["tricks"].values() for t in s)


def refused(state: dict[str, Any]) -> bool:
    """More Tricks face up at a house than the order question lists: the
    take-over says what to do."""
    return tricks_face_up(state) and any(sum(1 for t in s if t["card"]) > 4 for s in state["tricks"].values())


def view(state: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in GAME.public_view(state).items() if k not in UNSEEN_VIEW}
    out["houses"] = [{**h, "tricks": [t["trick"] for t in h["tricks"]]} for h in out["houses"]]
    return out


def prompts(state: dict[str, Any]) -> list[dict[str, Any]]:
    chores = {str(c) for c in state["chores"]}
    return [{**p.to_json(), "text": re.sub(r"\((\d+ Treat, \d+ Trick|\d+ cards?) left\)", "(...)", p.text)}
            for p in GAME.prompts(state) if str(p.text) not in chores]


def table(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in GAME.expected_table(state).items() if k != "allow"}


def points(steps: list[Any]) -> list[int]:
    """The set-up, each round's first turn, the round's end, and every 9th step."""
    chosen = {0, len(steps) - 1}
    seen = set()
    for i, (state, _, _) in enumerate(steps):
        mark = (state["phase"], state["round"])
        if mark not in seen:
            seen.add(mark)
            chosen.add(i)
    return sorted(chosen | set(range(0, len(steps), 9)))


CASES = [(list(p), seed) for p in PLAYERS["GVG"] for seed in (0, 1)]


@pytest.mark.parametrize("players,seed", CASES, ids=lambda v: str(len(v)) if isinstance(v, list) else str(v))
def test_a_game_taken_over_from_its_table_goes_on_as_the_truth(players, seed):
    steps = list(table_steps(GAME, players, seed))
    final = GAME.score(steps[-1][2]).to_json()
    phases = set()
    for i in points(steps):
        truth = steps[i][0]
        at = f"seed {seed} step {i} ({truth['phase']}, round {truth['round']})"
        reading = reading_of(truth)
        questions = GAME.takeover_questions(players, {}, reading)
        given, missing = answers_for(questions, GAME.takeover_answers(truth))
        if refused(truth):
            with pytest.raises(IllegalAction, match="Tricks lie face up"):
                GAME.from_table(players, {}, reading, given)
            continue
        assert not missing, f"{at}: unanswered {[q.key for q in missing]}"
        state = GAME.from_table(players, {}, reading, given)
        assert table(state) == table(truth), at
        assert view(state) == view(truth), at
        assert prompts(state) == prompts(truth), at
        again = GAME.read(state, camera_of(GAME.arrange(truth)))        # the next look, with the state
        assert GAME.same_table(GAME.expected_table(state), again), at
        _check_state(GAME, state, at)
        for n, (_, actions, _) in enumerate(steps[i:], i):       # the rest of the game, step by step
            if n < i + 6:                                # the counts stand in for cards in the legal list too
                listed = [a.to_json() for a in GAME.legal_actions(state)]
                assert actions[0].to_json() in listed, f"{at}, then step {n}: {actions[0]} not listed"
            state, _ = GAME.apply_all(state, actions)
            if n % 10 == 0:
                _check_state(GAME, state, f"{at}, then step {n}")
        assert GAME.is_over(state), at
        assert GAME.score(state).to_json() == final, at
        phases.add(truth["phase"])
    assert {"setup", "play", "reveal", "identities"} <= phases, phases      # tiebreak: in seed 0 of 4 players


def test_the_questions_are_few_and_answered_in_the_players_words():
    players = list(PLAYERS["GVG"][0])
    steps = list(table_steps(GAME, players, 0))
    truth = next(s for s, _, _ in steps if s["phase"] == "play" and s["round"] == 2 and s["turn_no"] % 20 > 5)
    reading = reading_of(truth)
    questions = GAME.takeover_questions(players, {}, reading)
    keys = [q.key for q in questions]
    assert keys[:3] == ["turn", "cards", "began"]
    open_houses = [h for h, r in reading["houses"].items() if r["vp"] is None]
    assert len(open_houses) == 7                     # round 1's house is closed: nothing to ask there
    assert sum(k.startswith(("cubes_", "treats_")) for k in keys) == 2 * 7
    turn = questions[0]
    assert turn.parse(truth["turn"].lower()) == truth["turn"]
    assert turn.parse("nobody: every card of this round is played") == "-"
    assert GAME.takeover_questions(players, {}, reading_of(steps[0][0])) == []    # set-up: nothing to ask
    assert GAME.takeover_questions(players, {}, reading_of(steps[-1][2])) == []   # the end: nothing to ask


def test_no_identity_no_trick_and_no_treat_is_invented():
    players = list(PLAYERS["GVG"][1])
    steps = list(table_steps(GAME, players, 1))
    truth = next(s for s, _, _ in steps if s["phase"] == "play" and s["round"] == 2 and s["turn_no"] > 45)
    state = GAME.from_table(players, {}, reading_of(truth), GAME.takeover_answers(truth))
    assert state["used"] == [] and state["identities"] == {}
    assert all(t["card"] is None for s in state["treats"].values() for t in s)
    assert all(t == {"by": None, "turn": None, "card": None} for s in state["tricks"].values() for t in s)
    assert state["gone"] == {"treats": 3 * 7, "tricks": 2 * 7}         # round 1's cards, out of the game
    assert state["hands"][truth["turn"]]["treat"] + state["hands"][truth["turn"]]["trick"] \
        - state["hands"][truth["turn"]]["unknown"] == GAME.takeover_answers(truth)["cards"]


def _play_truth() -> dict[str, Any]:
    steps = list(table_steps(GAME, list(PLAYERS["GVG"][0]), 0))
    return next(s for s, _, _ in steps if s["phase"] == "play" and s["round"] == 2 and s["turn_no"] % 20 > 8)


def test_a_table_that_is_no_position_of_the_game_is_refused_with_what_to_do():
    truth = _play_truth()
    players = truth["players"]
    answers = GAME.takeover_answers(truth)
    reading = reading_of(truth)

    wrong = copy.deepcopy(reading)
    wrong["first_player"] = players[3]               # round 2: the token is with the second player
    with pytest.raises(IllegalAction, match=f"give it to {players[1]}"):
        GAME.from_table(players, {}, wrong, answers)

    wrong = copy.deepcopy(reading)
    scored = next(h for h, r in wrong["houses"].items() if r["vp"] is not None)
    wrong["houses"][scored]["vp"] = 3                # round 1 awards the 1 VP card
    with pytest.raises(IllegalAction, match="put each VP card on the house that scored it"):
        GAME.from_table(players, {}, wrong, answers)

    wrong = copy.deepcopy(reading)
    wrong["houses"]["2"]["face"] = None              # a tile not seen
    with pytest.raises(IllegalAction, match="lay each tile with its controlling team's face up"):
        GAME.from_table(players, {}, wrong, answers)

    crowded = {**answers, **{f"treats_{h}": 6 for h in reading["houses"] if reading["houses"][h]["vp"] is None}}
    with pytest.raises(IllegalAction, match="check the counts"):
        GAME.from_table(players, {}, reading, crowded)

    early = copy.deepcopy(reading)
    early["identities"] = {players[0]: "GVG:ID:GIRL1"}
    with pytest.raises(IllegalAction, match="turn them face down again until the game ends"):
        GAME.from_table(players, {}, early, answers)


def test_tricks_being_turned_up_are_asked_in_order_and_all_face_up_is_refused():
    steps = list(table_steps(GAME, list(PLAYERS["GVG"][1]), 0))
    truth = next(s for s, _, _ in steps if tricks_face_up(s) and not refused(s)
                 and any(sum(1 for t in st if t["card"]) > 1 for st in s["tricks"].values()))
    reading = reading_of(truth)
    questions = {q.key: q for q in GAME.takeover_questions(truth["players"], {}, reading)}
    assert "turn" not in questions                   # every card is played
    h = next(h for h, st in truth["tricks"].items() if sum(1 for t in st if t["card"]) > 1)
    order = questions[f"order_{h}"]
    up = [t["card"] for t in truth["tricks"][h] if t["card"]]
    assert len(order.choices) == len(list(itertools.permutations(up)))
    answers = GAME.takeover_answers(truth)
    state = GAME.from_table(truth["players"], {}, reading, answers)
    assert [t["card"] for t in state["tricks"][h]] == [t["card"] for t in truth["tricks"][h]]
    swapped = {**answers, f"order_{h}": ",".join(reversed(up))}
    other = GAME.from_table(truth["players"], {}, reading, swapped)
    assert [t["card"] for t in other["tricks"][h] if t["card"]] == list(reversed(up))
    crowded = next((s for s, _, _ in steps if refused(s)), None)
    if crowded is not None:
        with pytest.raises(IllegalAction, match="Turn them face down again on their stacks"):
            GAME.from_table(crowded["players"], {}, reading_of(crowded), GAME.takeover_answers(crowded))


def test_a_tie_after_the_tricks_is_read_from_the_cubes_and_the_step_asked():
    players = list(PLAYERS["GVG"][0])
    steps = list(table_steps(GAME, players, 0))
    truth = next(s for s, _, _ in steps if s["phase"] == "tiebreak" and tricks_face_up(s))
    reading = reading_of(truth)
    assert "tie" in {q.key for q in GAME.takeover_questions(players, {}, reading)}
    answers = GAME.takeover_answers(truth)
    state = GAME.from_table(players, {}, reading, answers)
    assert state["pending"] == truth["pending"]
    with pytest.raises(IllegalAction, match="finish its chores"):
        GAME.from_table(players, {}, reading, {**answers, "tie": "none"})
    other = "flip" if answers["tie"] == "score" else "score"
    try:                              # the other tie, when the cubes make one, is a position too
        GAME.from_table(players, {}, reading, {**answers, "tie": other})
    except IllegalAction as e:
        assert "no houses tie" in e.reason


def test_through_the_real_camera_pipeline_once():
    """The rendered table, decoded by the real pipeline, mid-round 2: the same state."""
    from tests.support.table import snapshot_of
    truth = _play_truth()
    players = truth["players"]
    reading = GAME.read(GAME.setup(players, {}), snapshot_of(GAME.arrange(truth)))
    given, missing = answers_for(GAME.takeover_questions(players, {}, reading), GAME.takeover_answers(truth))
    assert not missing
    state = GAME.from_table(players, {}, reading, given)
    assert table(state) == table(truth)
    assert view(state) == view(truth)


def test_a_hand_whose_decks_nobody_saw_is_counted_whole_in_the_turns_prompt():
    """After a take-over (or a Peek of an unseen deck) a hand is so many cards of
    unknown decks: the turn's prompt says how many, never a Treat and Trick split
    it cannot know."""
    state = started(FOUR)
    state["hands"]["RED"] = {"treat": 3, "trick": 2, "unknown": 3}
    text = " | ".join(p.text for p in GAME.prompts(state))
    assert "a discard to Peek (2 cards left)" in text and "Trick left" not in text
    state["hands"]["RED"] = {"treat": 2, "trick": 1, "unknown": 0}
    assert "a discard to Peek (2 Treat, 1 Trick left)" in " | ".join(p.text for p in GAME.prompts(state))
