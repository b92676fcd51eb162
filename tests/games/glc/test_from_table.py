"""Taking a game over as it lies (models/ghosts_love_candy/takeover.py): at points
of random driver games (the deal, Place Candy, choosing, a tie-break, turns, a
later round, the Love cards), the table drawn and read back, the questions
answered from the truth, give a state whose table, public view and prompts are
the truth's, and from which the rest of the driver's game is accepted step by
step to the same score. A table that is no position of the game is refused
with a reason the players can act on."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from models.engine import IllegalAction
from models.ghosts_love_candy.takeover import CHOOSING
from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.glc.bot import table_steps
from tests.games.glc.glc_support import check_invariants
from tests.support.contract import camera_of

GAME = get_game("GLC")


def table_size(players: list[str]) -> tuple[float, float]:
    return (900.0, 850.0) if len(players) > 4 else (900.0, 600.0)


def reading_of(truth: dict[str, Any], players: list[str]) -> dict[str, Any]:
    table = table_size(players)
    return GAME.read(GAME.setup(players, {}), camera_of(GAME.arrange(truth, table), table))


def idle(state: dict[str, Any]) -> bool:
    """Between two turns: no ability waiting, no scare check under way, nothing to resolve by hand."""
    return state["pending"] is None and state["scare"] is None and state["manual"] is None


def settled(state: dict[str, Any]) -> bool:
    """A table the take-over reads: idle, or the kid haunted last still being
    resolved (a choice to make, or by hand); not a scare under way."""
    pending = state["pending"]
    return state["scare"] is None and (pending is None or pending["kind"] in CHOOSING)


def points(steps: list[tuple[dict[str, Any], list[Any], dict[str, Any]]]) -> list[int]:
    """Where to take over: the first idle state of each (phase, round) and a few more."""
    chosen, seen = [], set()
    for i, (state, _, _) in enumerate(steps):
        if not idle(state):
            continue
        mark = (state["phase"], state["round"], state["turn"] > 0, len(state["revealed"]) > 0,
                len(state["candied"]) > 0)
        if mark not in seen:
            seen.add(mark)
            chosen.append(i)
    firsts = {steps[i][0]["phase"]: i for i in reversed(chosen)}          # the first of each step
    halfway = [i for i in chosen if steps[i][0]["phase"] == "candy" and steps[i][0]["candied"]][:1]
    by_hand = [i for i, (state, _, _) in enumerate(steps) if settled(state) and state["manual"]]
    choosing = [i for i, (state, _, _) in enumerate(steps) if settled(state) and state["pending"]]
    return sorted(set(chosen[::3]) | set(firsts.values()) | set(halfway) | set(by_hand[::10]) | set(choosing[::2]) |
                  {i for i in chosen if steps[i][0]["phase"] in ("tiebreak", "love")})


@pytest.mark.parametrize("players,seed", [(p, s) for p in PLAYERS["GLC"] for s in (0, 1)],
                         ids=lambda v: str(len(v)) if isinstance(v, list) else str(v))
def test_a_game_taken_over_from_its_table_goes_on_as_the_truth(players, seed):
    steps = list(table_steps(GAME, list(players), seed))
    final = GAME.score(steps[-1][2])
    phases, kinds = set(), set()
    for i in points(steps):
        truth = steps[i][0]
        reading = reading_of(truth, players)
        state = GAME.from_table(players, {}, reading, GAME.takeover_answers(truth))
        at = f"seed {seed} step {i} ({truth['phase']}, round {truth['round']})"
        assert state == truth or GAME.expected_table(state) == GAME.expected_table(truth), at
        assert GAME.public_view(state) == GAME.public_view(truth), at
        assert [p.to_json() for p in GAME.prompts(state)] == [p.to_json() for p in GAME.prompts(truth)], at
        check_invariants(state)                         # every card once, plain JSON
        for _, actions, _ in steps[i:]:                 # the rest of the game, step by step
            state, _ = GAME.apply_all(state, actions)
        assert GAME.is_over(state), at
        assert GAME.score(state).to_json() == final.to_json(), at
        phases.add(truth["phase"])
        kinds.add("manual" if truth["manual"] else (truth["pending"] or {}).get("kind"))
    assert {"setup", "candy", "choose", "turns", "love"} <= phases, phases
    assert len(kinds) >= 2, kinds                        # idle, by hand, an ability's choice (most games)
    end = steps[-1][2]                                  # the Love cards all face up: the game is over
    over = GAME.from_table(players, {}, reading_of(end, players), {})
    assert GAME.is_over(over) and GAME.score(over).to_json() == final.to_json()


def test_questions_are_asked_only_where_the_table_cannot_tell():
    """Most tables ask nothing of the step; Place Candy half done asks which kids
    got theirs, a tie asks the turn order (and, before anyone haunted, the
    tie-break's draws)."""
    players = PLAYERS["GLC"][0]
    asked: dict[tuple[str, ...], int] = {}
    for truth, _, _ in table_steps(GAME, list(players), 0):
        if idle(truth):
            keys = [q.key for q in GAME.takeover_questions(players, {}, reading_of(truth, players))
                    if q.key != "last_haunt"]       # (asked wherever the last haunt may be under way)
            kinds = tuple(sorted({k.split("_")[0] for k in keys}))
            asked[kinds] = asked.get(kinds, 0) + 1
            if truth["phase"] == "candy" and truth["candied"]:
                assert keys == ["candied"]
            if keys and keys[0] == "order":
                assert truth["phase"] in ("turns", "tiebreak")
    assert set(asked) <= {(), ("candied",), ("order",), ("draw", "order")}, asked
    assert asked[()] > sum(asked.values()) / 2, asked


def test_a_table_that_is_no_position_of_the_game_is_refused_with_a_reason():
    players = PLAYERS["GLC"][0]
    steps = list(table_steps(GAME, list(players), 0))
    truth = next(s for s, _, _ in steps if s["phase"] == "turns" and idle(s)
                 and len({g[0] for g in s["discard"]["ghosts"]}) > 1)
    reading = reading_of(truth, players)

    def refusal(table: dict[str, Any]) -> str:
        with pytest.raises(IllegalAction) as err:
            GAME.from_table(players, {}, table, {q.key: q.choices[0][0] for q in
                                                 GAME.takeover_questions(players, {}, table) if q.choices})
        return err.value.reason

    hidden = copy.deepcopy(reading)                     # a discard pile showing its top card only
    hidden["discard"]["ghosts"] = hidden["discard"]["ghosts"][:1]
    assert "spread the discard piles" in refusal(hidden)
    wrong = copy.deepcopy(reading)                      # RED's ghost in front of BLUE
    red = next(g for s in wrong["slots"] for g in s["ghosts"] if g.startswith("R"))
    for s in wrong["slots"]:
        if red in s["ghosts"]:
            s["ghosts"].remove(red)
    wrong["seats"]["BLUE"]["ghosts"] = [red]
    assert "only its owner, RED, reveals it" in refusal(wrong)
    gap = copy.deepcopy(reading)                        # a scared kid not replaced yet
    scared = gap["slots"][2]
    gap["seats"]["RED"]["kids"] = sorted(gap["seats"]["RED"]["kids"] + [scared["kid"]])
    gap["discard"]["ghosts"] = sorted(gap["discard"]["ghosts"] + scared["ghosts"])
    gap["discard"]["candy"] = sorted(gap["discard"]["candy"] + scared["candy"])
    scared.update(kid=None, candy=[], ghosts=[])
    assert "reveal the top kid of the Kid deck into it" in refusal(gap)
    unread = {**reading, "problems": ["two kids lie in slot 1: the WEREWOLF (kid 2) and the NINJA (kid 9)"]}
    assert refusal(unread).startswith("take over: the camera cannot read the table: two kids lie in slot 1")
    assert GAME.from_table(players, {}, reading, GAME.takeover_answers(truth))


#: (ability, players, seed, step) of driver games where the ability waits for its choice
WAITING = [("ninja", 0, 2, 18), ("werewolf", 0, 2, 120), ("vampire", 0, 3, 54), ("move_scared_kid", 0, 4, 99),
           ("skeleton", 0, 7, 59), ("werewolf", 1, 2, 107), ("vampire", 1, 2, 111), ("skeleton", 1, 7, 108)]


@pytest.mark.parametrize("kind,group,seed,step", WAITING, ids=lambda v: str(v))
def test_a_table_whose_last_haunt_waits_for_a_choice_is_taken_over_with_it(kind, group, seed, step):
    """The haunter of the WEREWOLF, VAMPIRE, SKELETON, NINJA or ANGEL has still
    to choose: the take-over asks (``last_haunt``), and the turn is the
    haunter's again, the choice still to make."""
    players = PLAYERS["GLC"][group]
    steps = list(table_steps(GAME, list(players), seed))
    truth = steps[step][0]
    assert truth["pending"]["kind"] == kind
    reading = reading_of(truth, players)
    asked = {q.key: [v for v, _ in q.choices] for q in GAME.takeover_questions(players, {}, reading)}
    answers = GAME.takeover_answers(truth)
    assert answers["last_haunt"] in asked["last_haunt"] and answers["last_haunt"] != "no"
    state = GAME.from_table(players, {}, reading, answers)
    assert state == truth
    for _, actions, _ in steps[step:]:
        state, _ = GAME.apply_all(state, actions)
    assert GAME.score(state).to_json() == GAME.score(steps[-1][2]).to_json()




def test_a_tie_break_is_asked_about_while_a_kid_is_left_to_draw():
    """Taken over during a tie-break, RED's kid drawn and lying in front of RED,
    BLUE still to draw and one kid left: the take-over asks whether the tie is
    still being broken, and takes the table over with RED's draw (it asked
    nothing once fewer kids were left than tied players, and put them in seat
    order). With no kid left at all, the tie is over: the order is asked,
    RED's draw before BLUE's or after."""
    players = PLAYERS["GLC"][0]
    truth = next(t for t, _, _ in table_steps(GAME, list(players), 0) if t["phase"] == "tiebreak")
    assert truth["tie"]["groups"] == [["RED", "BLUE"]] and not truth["discard"]["kids"]
    hidden = sorted(truth["kid_deck"])
    one_left = reading_of(truth, players)
    one_left["seats"]["RED"]["kids"].append(hidden[0])
    one_left["seats"]["GREEN"]["kids"].extend(hidden[1:-1])
    asked = {q.key: [v for v, _ in q.choices] for q in GAME.takeover_questions(players, {}, one_left)}
    assert "tie" in asked["order"] and hidden[0] in asked["draw_RED"]
    answers = {**GAME.takeover_answers(truth), "draw_RED": hidden[0]}
    state = GAME.from_table(players, {}, one_left, answers)
    assert state["phase"] == "tiebreak" and state["tie"]["draws"] == {"RED": hidden[0]}
    none_left = copy.deepcopy(one_left)
    none_left["seats"]["GREEN"]["kids"].append(hidden[-1])
    asked = {q.key: [v for v, _ in q.choices] for q in GAME.takeover_questions(players, {}, none_left)}
    assert "tie" not in asked["order"] and {"RED,BLUE,GREEN", "BLUE,RED,GREEN"} <= set(asked["order"])


def test_the_draws_of_a_broken_tie_are_asked_only_while_it_is_being_broken():
    """Taken over once the tie-break is over (its draws in front of the tied
    players, nobody has haunted yet): the form asks the turn order, with "the
    tied players are drawing" among the answers; which kid each tied player
    drew is asked only with that answer. The order alone takes the game over
    as the truth (the form used to insist on the draws too, which the
    referee had to answer "none yet", untrue, to go on)."""
    from models.takeover import answers_for

    players = list(PLAYERS["GLC"][0])
    steps = list(table_steps(GAME, players, 0))
    at = next(i for i, (t, _, _) in enumerate(steps) if t["phase"] == "tiebreak")
    truth = next(t for t, _, _ in steps[at:] if t["phase"] == "turns" and t["turn"] == 0)
    questions = GAME.takeover_questions(players, {}, reading_of(truth, players))
    by_key = {q.key: q for q in questions}
    assert "tie" in [v for v, _ in by_key["order"].choices]
    draws = [q for q in questions if q.key.startswith("draw_")]
    assert draws and all(q.when == ("order", "tie") for q in draws)
    answers = GAME.takeover_answers(truth)
    assert "order" in answers and not any(k.startswith("draw_") for k in answers)
    given, missing = answers_for(questions, answers)
    assert missing == []
    state = GAME.from_table(players, {}, reading_of(truth, players), given)
    assert GAME.public_view(state) == GAME.public_view(truth) and state["order"] == truth["order"]
    # with "still drawing", the draws are asked; with nothing answered, everything is
    still = {k: v for k, v in answers.items() if k != "order"}
    assert [q.key for q in answers_for(questions, {**still, "order": "tie"})[1]] == [q.key for q in draws]
    assert [q.key for q in answers_for(questions, {})[1]] == [q.key for q in questions]
