"""Taking a Candy Crave game over from its table (``takeover_questions`` and
``from_table``): at points of random driver games, the table the camera reads
and the answers the players give build a state whose table, public view and
prompts are the truth's, and the rest of the game is played on from it to the
same score. A table that is no position of the game is refused, saying why.

The public view shows what matters now: whether the once-only short take is
used only while the bowls hold sweets, who has withdrawn only during the
turns, a stack's face-up tile only until its row is laid out; so what the
take-over cannot know of those (it no longer matters) is never shown. What it
cannot know and the view shows, where the take-over's view differs from the
truth's (checked, not ignored):

* in round 2, which sweets went into the box after round 1: the camera does
  not look into the bowls or the box, so the bowls are counted with the box's
  sweets among them (``box_unknown`` says how many) and ``removed`` names
  none; the types in the bowls are the bowls' and the box's together;
* round 1's points in round 2 are the written totals (the same totals, one
  line each).
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from models.engine import IllegalAction
from models.registry import get_game
from tests.contract.drivers import PLAYERS
from tests.games.ccr.driver import table_steps
from tests.support.contract import camera_of

GAME = get_game("CCR")
KIT = GAME.kit
GAMES = [(list(PLAYERS["CCR"][0]), 0), (list(PLAYERS["CCR"][1]), 0), (["RED", "BLUE", "GREEN"], 1)]


def points(steps: list[tuple[dict[str, Any], list[Any], dict[str, Any]]]) -> dict[str, int]:
    """Where to take over: name -> index of the true state (``states[i]``)."""
    states = [steps[0][0]] + [after for _, _, after in steps]

    def first(test: Any, after: int = 0) -> int | None:
        return next((i for i, s in enumerate(states) if i >= after and test(s)), None)

    marks = {
        "base drawn in part": first(lambda s: s["phase"] == "base" and len(s["base"]) == 3),
        "favourites": first(lambda s: s["phase"] == "favourites" and len(s["faceup"]) == 2),
        "after the deal": first(lambda s: s["phase"] == "distribute"),
        "mid round 1": first(lambda s: s["phase"] == "distribute" and s["round"] == 1 and s["turns"] >= 6),
        "round 1 end phase": first(lambda s: s["phase"] == "endphase" and s["round"] == 1),
        "round 1 rows": first(lambda s: s["phase"] == "scoring" and s["round"] == 1 and len(s["rows"]) == 2),
        "round 1 removals": first(lambda s: s["phase"] == "remove"),
        "round 2 start": first(lambda s: s["round"] == 2),
        "mid round 2": first(lambda s: s["phase"] == "distribute" and s["round"] == 2 and s["turns"] >= 6),
        "round 2 end phase": first(lambda s: s["phase"] == "endphase" and s["round"] == 2),
        "near the end": len(states) - 3,
    }
    return {k: v for k, v in marks.items() if v is not None}


@pytest.fixture(scope="module")
def played() -> list[tuple[list[str], int, list[Any]]]:
    return [(players, seed, list(table_steps(GAME, players, seed))) for players, seed in GAMES]


def take_over(players: list[str], truth: dict[str, Any]) -> dict[str, Any]:
    """The state read from ``truth``'s table (a perfect camera), the questions
    answered as the players would."""
    setup = GAME.setup(players, {})
    reading = GAME.read(setup, camera_of(GAME.arrange(truth)))
    questions = GAME.takeover_questions(players, {}, reading)
    told = GAME.takeover_answers(truth)
    answers = {q.key: q.parse(told[q.key]) for q in questions}
    state = GAME.from_table(players, {}, reading, answers)
    assert state is not None
    return state


def public_differences(taken: dict[str, Any], truth: dict[str, Any]) -> dict[str, Any]:
    """The public view's keys where the take-over may rightly differ (see the
    module docstring), checked here to differ only as explained."""
    mine, true = GAME.public_view(taken), GAME.public_view(truth)
    if taken.get("hidden_box"):
        assert mine.pop("box_unknown") == len(truth["box"])
        assert mine.pop("removed") == [] and true.pop("removed")
        bowls, true_bowls = mine.pop("bowls"), true.pop("bowls")
        assert sum(bowls.values()) == sum(true_bowls.values()) + len(truth["box"])
        assert all(bowls[t] >= true_bowls[t] for t in KIT.types)
    return {k: (mine.get(k), true.get(k)) for k in set(mine) | set(true) if mine.get(k) != true.get(k)}


def test_a_game_is_taken_over_from_its_table_and_played_to_the_same_end(played):
    tried = 0
    for players, seed, steps in played:
        for name, i in points(steps).items():
            truth = steps[i][0] if i < len(steps) else steps[-1][2]
            where = f"{len(players)} players seed {seed}, {name} (state {i}, {truth['phase']})"
            state = take_over(players, truth)
            tried += 1
            assert json.loads(json.dumps(state)) == state, where
            assert GAME.expected_table(state) == GAME.expected_table(truth), where
            assert [p.to_json() for p in GAME.prompts(state)] == [p.to_json() for p in GAME.prompts(truth)], where
            assert public_differences(state, truth) == {}, where
            for n, (_, actions, _) in enumerate(steps[i:], i):
                for a in actions:
                    try:
                        state, _ = GAME.apply(state, a)
                    except IllegalAction as e:
                        raise AssertionError(f"{where}: step {n} {a} refused: {e}") from None
            final, true_final = GAME.score(state), GAME.score(steps[-1][2])
            assert GAME.is_over(state), where
            assert {p: e.total for p, e in final.entries.items()} == \
                {p: e.total for p, e in true_final.entries.items()}, where
            assert final.winners == true_final.winners, where
            assert GAME.expected_table(state) == GAME.expected_table(steps[-1][2]), where
    assert tried >= 25


def test_the_questions_are_only_what_the_table_cannot_show(played):
    players, _, steps = played[1]                     # 5 players
    marks = points(steps)
    keys = {name: [q.key for q in GAME.takeover_questions(players, {}, GAME.read(
        GAME.setup(players, {}), camera_of(GAME.arrange(steps[i][0]))))] for name, i in marks.items()}
    written = [f"points_{p}" for p in players]
    assert keys["round 1 rows"] == ["round", *written, "removed"]          # no turn while rows are laid
    assert keys["after the deal"] == ["round", *written, "removed", "turn"]  # nobody can have withdrawn yet
    mid = steps[marks["mid round 1"]][0]
    empty = [a for a in players if not mid["areas"][a]["play"]]         # only they can have withdrawn
    assert keys["mid round 1"] == ["round", *written, "removed", "turn", *(["withdrawn"] if empty else [])]
    two = played[0][0]
    assert "start" in [q.key for q in GAME.takeover_questions(two, {}, GAME.read(
        GAME.setup(two, {}), camera_of(GAME.arrange(played[0][2][20][0]))))]    # who plays A and D


def test_every_play_area_empty_asks_whether_the_round_is_over(played):
    # sweets out, no row laid, every play area empty: the round is over, or the others have withdrawn and the
    # player to move has pocketed their sweets and not yet taken more (the camera does not look into the bowls)
    players, _, steps = played[2]                     # 3 players: RED and BLUE withdraw, GREEN plays on alone
    empty = [i for i, (before, _, _) in enumerate(steps) if not before["rows"]
             and any(v["locked"] for v in before["areas"].values())
             and not any(v["play"] for v in before["areas"].values())]
    alone = next(i for i in empty if steps[i][0]["phase"] == "distribute")
    over = next(i for i in empty if steps[i][0]["phase"] == "scoring")
    for i in (alone, over):
        truth = steps[i][0]
        reading = GAME.read(GAME.setup(players, {}), camera_of(GAME.arrange(truth)))
        asked = {q.key: q for q in GAME.takeover_questions(players, {}, reading)}
        assert "" in [v for v, _ in asked["turn"].choices] and "withdrawn" in asked
        state = take_over(players, truth)
        assert (state["phase"], state["turn"]) == (truth["phase"], truth["turn"])
        assert public_differences(state, truth) == {}
        for _, actions, _ in steps[i:]:             # refereed on to the same end
            state, _ = GAME.apply_all(state, actions)
        assert GAME.score(state).winners == GAME.score(steps[-1][2]).winners
    assert steps[alone][0]["turn"] == "GREEN" and steps[over][0]["turn"] is None


def refused(players: list[str], truth: dict[str, Any], change: Any, answers: dict[str, Any] | None = None) -> str:
    setup = GAME.setup(players, {})
    reading = change(GAME.read(setup, camera_of(GAME.arrange(truth))))
    told = {"withdrawn": "", **GAME.takeover_answers(truth), **(answers or {})}   # the changed table may ask more
    given = {q.key: q.parse(told[q.key]) for q in GAME.takeover_questions(players, {}, reading)}
    with pytest.raises(IllegalAction) as e:
        GAME.from_table(players, {}, reading, given)
    return str(e.value)


def test_a_table_that_is_no_position_of_the_game_is_refused_saying_why(played):
    players, _, steps = played[1]
    marks = points(steps)
    drawing = steps[marks["base drawn in part"]][0]
    dealt = steps[marks["mid round 1"]][0]

    def early_tile(r: dict[str, Any]) -> dict[str, Any]:
        return {**r, "tiles": {**r["tiles"], "L": ["1Q"]}}
    assert "favourites tiles lie face up before every bowl has its base value tile" in \
        refused(players, drawing, early_tile)

    def twice(r: dict[str, Any]) -> dict[str, Any]:
        t = next(t for t in KIT.types if r["base"][t])
        u = next(u for u in KIT.types if u != t and r["base"][u])
        return {**r, "base": {**r["base"], u: list(r["base"][t])}}
    assert "already lies at the" in refused(players, drawing, twice)

    def row_in_play(r: dict[str, Any]) -> dict[str, Any]:
        return {**r, "tiles": {**r["tiles"], "L": [*r["tiles"]["L"], "1P3", "2P3", "3Q", "4M1"]}}
    assert "sweets are still in a play area" in refused(players, dealt, row_in_play)

    def unseen_divider(r: dict[str, Any]) -> dict[str, Any]:
        return {**r, "missing": ["CCR:DIVIDER:RED"]}
    assert "cannot see CCR:DIVIDER:RED" in refused(players, dealt, unseen_divider)
    holder = next(a for a in players if dealt["areas"][a]["play"] and a != dealt["turn"])
    reading = GAME.read(GAME.setup(players, {}), camera_of(GAME.arrange(dealt)))
    with pytest.raises(IllegalAction, match="holds sweets in its play area, so it has not withdrawn"):
        GAME.from_table(players, {}, reading, {**GAME.takeover_answers(dealt), "withdrawn": holder})
    with pytest.raises(IllegalAction, match="has withdrawn, so it is not its turn"):
        empty = next(a for a in players if not dealt["areas"][a]["play"])
        GAME.from_table(players, {}, reading, {**GAME.takeover_answers(dealt), "withdrawn": empty, "turn": empty})
    four = ["RED", "BLUE", "GREEN", "YELLOW"]
    start = GAME.setup(four, {})
    for t, x in zip(KIT.types, ["1", "2", "3", "6", "7"]):
        start, _ = GAME.apply(start, GAME.parse_action({"type": "base", "sweet": t, "tile": x}))
    for t, x in zip(KIT.types, ["1P3", "2P2", "3Q", "4M1", "1M2"]):
        start, _ = GAME.apply(start, GAME.parse_action({"type": "turn_up", "sweet": t, "tile": x}))

    def fifty(r: dict[str, Any]) -> dict[str, Any]:
        return {**r, "areas": {**r["areas"], "RED": {"play": ["C12"], "locked": []}}}
    assert "is not in a game of 4" in refused(four, start, fifty)
    assert "in round 1 no sweet has gone into the box" in refused(players, dealt, lambda r: r, {"removed": 2})


def test_a_table_whose_removals_have_begun_is_refused_not_read_as_before_them(played):
    """Once a sweet went into the box after round 1, the table cannot show
    which: the players' answer says how many, and the take-over asks them to
    take the game over once round 2 begins, instead of reading a table whose
    removals are done as one whose removals are still to come (which then
    refused the true next round)."""
    tried = 0
    for players, _, steps in played:
        for _, _, after in steps:
            if after["round"] == 1 and after["box"] and after["phase"] in ("remove", "start", "return"):
                with pytest.raises(IllegalAction) as e:
                    take_over(players, after)
                assert "the removals after round 1 have begun" in e.value.reason
                tried += 1
                break
    assert tried >= 2
