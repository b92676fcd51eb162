"""Taking a Ghost at Home game over from its table (models/ghost_at_home/takeover.py).

At several points of random driver games (after the deal, a third and two
thirds of the way, near the end, during an escape, with a ghost waiting for its
answer, after the deck was reshuffled), the table a perfect camera sees is read
with ``game.read(setup, ...)``, the questions are answered from the truth, and
the state built from the table has the truth's expected table, public view and
prompts, and the rest of the driver's game is accepted step by step from it,
ending with the truth's score.

One difference is right and is checked as such: the cards the truth's last
action took off the table (``clearing``) are not known to the taken-over state
(a camera cannot tell a card on its way to the pile from one already on it, and
the table as drawn no longer shows them), so its ``clearing`` is empty, and the
"put ... on the discard pile" prompt that goes with it is not said.

Tables that are no position of the game are refused with a reason a player can
act on."""
from __future__ import annotations

import copy

import pytest

from models.engine import IllegalAction
from models.registry import get_game
from models.takeover import answers_for
from tests.contract.drivers import PLAYERS
from tests.games.gah.driver import table_steps
from tests.support.contract import camera_of
from tests.support.table import snapshot_of

GAME = get_game("GAH")
GAMES = [(players, seed) for players in PLAYERS["GAH"] for seed in (0, 3, 8)]


def points(steps: list) -> dict[str, int]:
    """Step indexes (the state before step i) worth taking over at."""
    n = len(steps)
    out = {"deal": 0, "after_deal": min(3, n - 1), "third": n // 3, "two_thirds": 2 * n // 3, "near_end": n - 3}
    firsts = {"escape": lambda s: s["phase"] == "escape", "pending": lambda s: s["pending"] is not None,
              "escape_pending": lambda s: s["phase"] == "escape" and s["pending"] is not None,
              "reshuffled": lambda s: s["discard"]["count"] < 3 and s["deck"] > 30 and s["turns"] > 20}
    for name, test in firsts.items():
        i = next((i for i, (s, _, _) in enumerate(steps) if test(s)), None)
        if i is not None:
            out[name] = i
    return out


def without_clearing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "clearing"}


def taken_over(players: list[str], truth: dict, snapshot=None) -> tuple[dict, list]:
    setup = GAME.setup(players, truth["options"])
    reading = GAME.read(setup, snapshot if snapshot is not None else camera_of(GAME.arrange(truth)))
    questions = GAME.takeover_questions(players, truth["options"], reading)
    given, missing = answers_for(questions, GAME.takeover_answers(truth))
    assert not missing
    return GAME.from_table(players, truth["options"], reading, given), questions


@pytest.mark.parametrize("players,seed", GAMES, ids=[f"{len(p)}p-seed{s}" for p, s in GAMES])
def test_a_game_is_taken_over_from_its_table_and_played_to_the_truths_end(players, seed):
    steps = list(table_steps(GAME, players, seed))
    final = steps[-1][2]
    for where, i in points(steps).items():
        truth = steps[i][0]
        state, questions = taken_over(players, truth)
        what = f"{where} (step {i})"
        assert without_clearing(GAME.expected_table(state)) == without_clearing(GAME.expected_table(truth)), what
        assert GAME.same_table(GAME.expected_table(state), camera_of_reading(truth)), what
        assert without_clearing(GAME.public_view(state)) == without_clearing(GAME.public_view(truth)), what
        assert state["clearing"] == []
        told = [p.to_json() for p in GAME.prompts(truth)]
        if truth["clearing"]:            # the one prompt that goes with the clearing (see the module doc)
            assert told[0]["text"].startswith("Put ") and told[0]["text"].endswith(" on the discard pile.")
            told = told[1:]
        assert [p.to_json() for p in GAME.prompts(state)] == told, what
        assert state["discard"]["seen"] == []              # which cards lie on the pile is unknown
        assert len(questions) <= len(players) + 4
        for n, (_, actions, _) in enumerate(steps[i:], i):   # the rest of the game, step by step
            try:
                state, _ = GAME.apply_all(state, actions)
            except IllegalAction as e:
                raise AssertionError(f"{what}: step {n} {actions} refused: {e.reason}") from None
        assert GAME.public_view(state) == GAME.public_view(final), what
        assert GAME.score(state).to_json() == GAME.score(final).to_json(), what


def camera_of_reading(truth: dict) -> dict:
    return GAME.read(GAME.setup(truth["players"], truth["options"]), camera_of(GAME.arrange(truth)))


def test_the_points_cover_an_escape_a_waiting_ghost_and_a_reshuffle():
    covered = set()
    for players, seed in GAMES:
        covered |= set(points(list(table_steps(GAME, players, seed))))
    assert {"escape", "pending", "escape_pending", "reshuffled"} <= covered


def test_the_real_renderer_and_decoder_once():
    players = ["RED", "BLUE", "GREEN", "YELLOW"]
    steps = list(table_steps(GAME, players, 3))
    truth = steps[len(steps) // 2][0]
    state, _ = taken_over(players, truth, snapshot_of(GAME.arrange(truth)))
    assert GAME.public_view(state) == {**GAME.public_view(truth), "clearing": []}


def test_questions_are_only_what_the_table_cannot_show():
    players = ["RED", "BLUE", "GREEN"]
    s = GAME.setup(players)
    for data in ({"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:1A", "floor": 1, "side": "L"}]},
                 {"type": "discard", "player": "BLUE", "count": 1},
                 {"type": "light", "player": "GREEN", "floor": 1, "cards": ["ROOM:1D", "ROOM:2C"]}):
        s, _ = GAME.apply(s, GAME.parse_action(data))
    reading = camera_of_reading(s)
    keys = [q.key for q in GAME.takeover_questions(players, {}, reading)]
    assert keys == ["turn", "hand_RED", "hand_BLUE", "hand_GREEN", "deck"]
    # a ghost on RED's dark floor 1 must still wait for RED's answer: nothing more to ask
    s, _ = GAME.apply(s, GAME.parse_action({"type": "rooms", "player": "RED", "rooms": [
        {"card": "ROOM:1B", "floor": 1, "side": "R"}]}))
    s, _ = GAME.apply(s, GAME.parse_action({"type": "ghost", "player": "BLUE", "card": "GHOST:1", "target": "RED"}))
    keys = [q.key for q in GAME.takeover_questions(players, {}, camera_of_reading(s))]
    assert "pending" not in keys
    state, _ = taken_over(players, s)
    assert state["pending"] == s["pending"]


def table_with(change) -> tuple[dict, dict]:
    players = ["RED", "BLUE"]
    s = GAME.setup(players)
    for data in ({"type": "rooms", "player": "RED", "rooms": [{"card": "ROOM:1A", "floor": 1, "side": "L"},
                                                             {"card": "ROOM:1B", "floor": 1, "side": "R"}]},
                 {"type": "rooms", "player": "BLUE", "rooms": [{"card": "ROOM:1C", "floor": 1, "side": "L"}]}):
        s, _ = GAME.apply(s, GAME.parse_action(data))
    reading = copy.deepcopy(camera_of_reading(s))
    change(reading)
    return s, reading


@pytest.mark.parametrize("change,reason", [
    (lambda r: r["missing"].append("RED floor 2"),
     "take over: cannot see RED floor 2: lay each floor card face up (one face only) with its rooms beside it"),
    (lambda r: r["strays"].append("GAH:CAT:2"),
     "take over: Cat 2 lie outside every house: put each card in its house or on the discard pile"),
    (lambda r: r["houses"]["BLUE"][1]["rooms"]["L"].append("GAH:ROOM:2A"),
     "take over: BLUE's floor 2 holds a room while floor 1 is not full: rooms go on a floor only once every lower "
     "floor is full"),
    (lambda r: r["houses"]["RED"][1]["rooms"]["L"].append("GAH:ROOM:1D"),
     "take over: Floor 1 room D is a floor 1 room, not a floor 2 room: move it to RED's floor 1"),
    (lambda r: (r["houses"]["RED"][0]["ghosts"].append("GAH:GHOST:1"), r["houses"]["RED"][0]["cats"]["L"].append(
        "GAH:CAT:1")),
     "take over: a ghost and a cat on RED's floor 1: a ghost that meets a cat goes on the discard pile with it"),
    (lambda r: r["houses"]["BLUE"][0]["rooms"]["L"].append("GAH:ROOM:1E"),
     "take over: BLUE's floor 1 shows Floor 1 room C, Floor 1 room E on one side: one card a side"),
])
def test_a_table_that_is_no_position_is_refused(change, reason):
    _, reading = table_with(change)
    questions = GAME.takeover_questions(["RED", "BLUE"], {}, reading)
    answers = {q.key: q.default if q.default is not None else (q.choices[0][0] if q.choices else 10)
               for q in questions}
    with pytest.raises(IllegalAction) as e:
        GAME.from_table(["RED", "BLUE"], {}, reading, answers)
    assert e.value.reason == reason


def test_answers_that_make_no_position_are_refused():
    _, reading = table_with(lambda r: r["houses"]["RED"][0]["ghosts"].append("GAH:GHOST:1"))
    base = {"hand_RED": 3, "hand_BLUE": 3, "deck": 40, "turn": "BLUE"}
    # the ghost on RED's dark floor must be waiting (no question), and RED cannot be the one to play next
    with pytest.raises(IllegalAction, match="so it is not RED's turn"):
        GAME.from_table(["RED", "BLUE"], {}, reading, {**base, "turn": "RED"})
    state = GAME.from_table(["RED", "BLUE"], {}, reading, base)
    assert state["pending"] == {"player": "RED", "by": "BLUE", "ghost": "GAH:GHOST:1", "floor": 1,
                                "resume": "turn"}
    with pytest.raises(IllegalAction, match="are more than the game's 53"):
        GAME.from_table(["RED", "BLUE"], {}, reading, {**base, "deck": 50})


@pytest.mark.parametrize("empty_hand,then", [
    ("pass", "the turn passes at once and RED draws up to 3 cards (option empty_hand=pass), so answer the next "
             "player's turn, with RED's hand as 3"),
    ("draw", "RED draws up to 3 cards and plays (option empty_hand=draw), so answer RED's hand as 3")])
def test_a_turn_with_no_card_in_hand_is_answered_as_the_option_goes_on(empty_hand, then):
    """A watched game never rests on an empty-handed player's turn (the option
    ``empty_hand`` acts as the turn comes), so a form that says so is refused
    with what to answer instead; answered so, the game goes on from there."""
    _, reading = table_with(lambda r: None)
    options = {"empty_hand": empty_hand}
    with pytest.raises(IllegalAction) as e:
        GAME.from_table(["RED", "BLUE"], options, reading, {"hand_RED": 0, "hand_BLUE": 2, "deck": 40, "turn": "RED"})
    assert e.value.reason == f"take over: RED holds no card on RED's turn: {then}"
    answer = {"hand_RED": 3, "hand_BLUE": 2, "deck": 37, "turn": "BLUE" if empty_hand == "pass" else "RED"}
    state = GAME.from_table(["RED", "BLUE"], options, reading, answer)
    assert GAME.legal_actions(state)
