"""Starting late: the companion is started (or restarted with no journal) when
a game is already under way, and takes it over as it lies on the table
(``Session.take_over``, the console's "Take over the game as it lies",
``companion run --from-table``). The table is drawn on the simulated table and
read by the real pipeline; the game is followed from its setup by the
referee's search. Nothing wrong is ever applied: the only explanation is
journalled, several wait for the referee's pick, none is refused.
"""
from __future__ import annotations

import json
from typing import Any

import pytest

from companion.bench.autonomy import agrees
from models.engine import IllegalAction
from models.registry import game_classes, get_game
from models.table import Placement
from tests.contract.drivers import PLAYERS
from tests.games.simulated import seeded
from tests.support.table import snapshot_of

from .tables import source_for
from .test_session import make_session


def key(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True)


def played(code: str, players: int, moves: int) -> tuple[list[str], dict[str, Any]]:
    """The players and the true state after the first ``moves`` steps of a seeded game."""
    game = get_game(code)
    who = list(PLAYERS[code][players])
    steps = list(seeded(code)(game, who, 0))
    return who, steps[moves - 1][2]


def shown(session: Any, code: str, truth: dict[str, Any]) -> None:
    """The camera settles on the table as the game left it."""
    session._on_snapshot(snapshot_of(get_game(code).arrange(truth)))


def followed_from_setup(monkeypatch: Any, code: str) -> Any:
    """The game as one that cannot be read from its table (``from_table`` None):
    the session follows it from its setup by the referee's search instead."""
    import companion.live.game_life as game_life
    cls = type(get_game(code))
    followed = type(f"Followed{cls.__name__}", (cls,), {"from_table": lambda self, *a: None,
                                                       "takeover_questions": lambda self, *a: []})()
    monkeypatch.setattr(game_life, "get_game",
                        lambda name: followed if name.upper() == code else get_game(name))
    return followed


@pytest.mark.parametrize("code, players, moves", [
    ("GLC", 0, 20),         # the kids dealt, round 1's candy, the reveals and two haunts
    ("CCR", 0, 10),         # the base values, the favourites and the first turns
])
def test_a_game_not_read_from_its_table_is_followed_from_its_setup(tmp_path, monkeypatch, code, players, moves):
    who, truth = played(code, players, moves)
    followed_from_setup(monkeypatch, code)
    s = make_session(tmp_path)
    shown(s, code, truth)
    s.take_over(code, who)
    assert key(s.state) == key(truth)
    assert s.view()["status"] == "in_sync"
    entry = s.journal.entries(s.game_id)[-1]
    assert entry.kind == "confirm" and "taken over as it lies" in entry.note
    assert any(e["type"] == "take_over" for e in s.view()["events"])
    s.close()
    again = make_session(tmp_path)                 # the journal replays to the same state
    assert again.resume() and key(again.state) == key(truth)
    again.close()


def test_where_the_search_cannot_tell_the_referee_picks(tmp_path, monkeypatch):
    """The Closest Ghost followed from its setup: which player laid which ghost
    is the referee's pick; nothing is applied before it."""
    code = "TCG"
    who, truth = played(code, 0, 3)
    followed_from_setup(monkeypatch, code)
    s = make_session(tmp_path)
    shown(s, code, truth)
    s.take_over(code, who)
    setup = get_game(code).setup(who, get_game(code).resolve_options({}))
    assert key(s.state) == key(setup)                         # nothing applied before the pick
    view = s.referee_view()
    assert view["status"] == "waiting" and len(view["choices"]) == 2
    right = next(i for i, c in enumerate(s.table.choices, 1) if key(c.state) == key(truth))
    s.confirm(right)
    assert key(s.state) == key(truth)
    s.close()


def test_a_table_nothing_explains_is_refused_and_the_open_game_stays(tmp_path, monkeypatch):
    who, truth = played("GLC", 0, 20)
    followed_from_setup(monkeypatch, "GLC")
    s = make_session(tmp_path)
    s.new_game("CCR", ["RED", "BLUE"], {})
    before = (s.game_id, key(s.state))
    placements = get_game("GLC").arrange(truth)
    kid = next(p for p in placements if p.payload.startswith("GLC:KID:"))
    seat = next(p for p in placements if p.payload == "TC:SEAT:RED")
    # a kid in RED's stash before any kid was ever scared
    s._on_snapshot(snapshot_of([p for p in placements if p is not kid]
                               + [Placement(kid.payload, seat.x_mm + 60, seat.y_mm - 40, 0.0, size_mm=kid.size_mm)]))
    with pytest.raises(IllegalAction, match="cannot take the game as it lies: no sequence of legal moves"):
        s.take_over("GLC", who)
    assert (s.game_id, key(s.state)) == before
    s.close()


def test_run_from_table_takes_over_at_the_first_settled_table(tmp_path):
    """``companion run --from-table``: no game yet; the first settled table is
    taken over, then refereed on as usual."""
    code = "GLC"
    game = get_game(code)
    who = list(PLAYERS[code][0])
    steps = list(seeded(code)(game, who, 0))
    s = make_session(tmp_path)
    s.take_over_when_seen(code, who, answers=game.takeover_answers(steps[14][2]))
    assert s.engine is None
    s.start(source_for(game.arrange(steps[14][2]), []))
    assert s.wait(60)
    s.stop()
    assert agrees(game, s.state, steps[14][2])
    s.close()


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_a_take_over_is_never_wrong(code):
    """At a few points of a random game (a perfect camera): the game taken over
    is the truth, or the referee is asked (the truth usually among the
    choices), or it is refused; never another state applied."""
    from tests.support.contract import camera_of
    game = get_game(code)
    steps = list(seeded(code)(game, list(PLAYERS[code][0]), 0))
    for n in (2, 5, 12):
        truth = steps[n - 1][2]
        verdict = game.referee(steps[0][0], camera_of(game.arrange(truth)), late=True)
        if verdict.status == "applied":
            assert key(verdict.state) == key(truth), f"{code} after {n} moves"
        else:
            assert key(verdict.state) == key(steps[0][0])


# ---------------------------------------------------------------- read from the table, every game

#: the points of a random game a take-over is tried at: after the setup or deal,
#: a third of the way, two thirds, and three moves before the end
POINTS = ("deal", "third", "two_thirds", "near_end")


def point(steps: list, where: str) -> int:
    n = len(steps)
    return {"deal": min(3, n - 1), "third": n // 3, "two_thirds": 2 * n // 3, "near_end": max(1, n - 3)}[where]


def table_of(game: Any, state: dict[str, Any]) -> tuple[float, float]:
    return game.table_mm(len(state["players"]))


def result(game: Any, state: dict[str, Any]) -> tuple[dict[str, int], list[str]]:
    """What the end of a game tells the players: each total and the winners
    (the breakdown's lines about rounds before a take-over are not on the table)."""
    board = game.score(state).to_json()
    return {p: e["total"] for p, e in board["entries"].items()}, sorted(board["winners"])


def referee_on(s: Any, game: Any, steps: list, start: int) -> int:
    """Referee the rest of a game after a take-over as a table would play it:
    each step's table shown to the session (a perfect camera); what the camera
    cannot see is entered on the console, or told when the referee asks for it
    (``Game.tells_for``: what paid for a Ghost at Home light). Checks after every step that the
    game's table is the truth's: nothing wrong recorded. Returns the console's
    entries."""
    from tests.support.contract import camera_of
    console = 0
    for n, (_, actions, after) in enumerate(steps[start:], start):
        table = table_of(game, after)
        s._on_snapshot(camera_of(game.arrange(after, table), table))
        told = game.tells_for(s.state, after) if not agrees(game, s.state, after) else []
        if told:        # what the camera saw was recorded; the console says what it could not see (a light's cost)
            s.apply([a.to_json() for a in told])
            console += len(told)
        if not agrees(game, s.state, after):
            # the referee stopped part-way (a card tucked away unseen): the
            # console enters the rest; where it stopped must be a true state
            along = [steps[n][0]]
            for a in actions:
                along.append(game.apply(along[-1], a)[0])
            done = next((k for k in range(len(actions) - 1, -1, -1) if agrees(game, s.state, along[k])), None)
            assert done is not None, f"step {n}: the referee recorded a state the game never had"
            s.apply([a.to_json() for a in actions[done:]])
            console += 1
        assert agrees(game, s.state, after), f"step {n}"
    return console


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
@pytest.mark.parametrize("where", POINTS)
def test_every_game_is_read_from_its_table_at_any_point_and_refereed_to_its_end(tmp_path, code, where):
    """The take-over reads the game from the table the real pipeline sees at
    the first point (the simulated table), answers what the table cannot show
    from the truth, then referees the rest; the journal replays it after a
    restart, and the end scores as the truth's."""
    from tests.support.contract import camera_of
    game = get_game(code)
    who = list(PLAYERS[code][0 if where == "third" else -1])     # the real renderer on the usual table
    steps = list(seeded(code)(game, who, 11))
    n = point(steps, where)
    truth = steps[n - 1][2]
    s = make_session(tmp_path)
    table = table_of(game, truth)
    if where == "third":            # the real renderer and decoder once per game; a perfect camera elsewhere
        s._on_snapshot(snapshot_of(game.arrange(truth, table), table))
    else:
        s._on_snapshot(camera_of(game.arrange(truth, table), table))
    s.take_over(code, who, answers=game.takeover_answers(truth))
    entry = s.journal.entries(s.game_id)[-1]
    # read from the table by the game's takeover module; a game without one (Pumpkin Pairs, an
    # example game) is followed from its setup by the referee's search
    how = "read from the table" if game.modules.takeover is not None else "moves inferred from the setup"
    assert entry.kind == "confirm" and entry.note.startswith("taken over as it lies: ") and how in entry.note
    assert agrees(game, s.state, truth)
    referee_on(s, game, steps, n)
    assert game.is_over(s.state)
    assert result(game, s.state) == result(game, steps[-1][2])
    end = s.state
    s.close()
    again = make_session(tmp_path)                 # a restart: the journal replays from the table's state
    assert again.resume() and key(again.state) == key(end)
    again.close()


@pytest.mark.parametrize("code", [c.code for c in game_classes()])
def test_a_restart_with_the_journal_deleted_takes_the_game_over_again(tmp_path, code):
    from tests.support.contract import camera_of
    game = get_game(code)
    who = list(PLAYERS[code][0])
    steps = list(seeded(code)(game, who, 5))
    first, later = len(steps) // 4, len(steps) // 2
    s = make_session(tmp_path)
    truth = steps[first - 1][2]
    s._on_snapshot(camera_of(game.arrange(truth)))
    s.take_over(code, who, answers=game.takeover_answers(truth))
    referee_on(s, game, steps[:later], first)
    s.close()
    (tmp_path / "journal.sqlite").unlink()
    for extra in tmp_path.glob("journal.sqlite-*"):
        extra.unlink()
    again = make_session(tmp_path)
    assert not again.resume()
    truth = steps[later - 1][2]
    again._on_snapshot(camera_of(game.arrange(truth)))
    again.take_over(code, who, answers=game.takeover_answers(truth))
    assert agrees(game, again.state, truth)
    referee_on(again, game, steps, later)
    assert result(game, again.state) == result(game, steps[-1][2])
    again.close()


def halfway_tcg() -> tuple[str, Any, list[str], dict[str, Any]]:
    """A game of The Closest Ghost half-way through: its code, engine, players
    and true state (whose turn it is there cannot be seen on its table)."""
    game = get_game("TCG")
    who = list(PLAYERS["TCG"][0])
    steps = list(seeded("TCG")(game, who, 2))
    return "TCG", game, who, steps[len(steps) // 2][2]


def test_a_take_over_asks_what_the_table_cannot_show_and_changes_nothing_until_answered(tmp_path):
    """Whose turn it is cannot be seen: the take-over asks, on the console's
    form, and a bad answer is refused by name; nothing starts until answered."""
    from models.takeover import Unanswered
    from tests.support.contract import camera_of
    code, game, who, truth = halfway_tcg()
    s = make_session(tmp_path)
    s._on_snapshot(camera_of(game.arrange(truth)))
    setup = game.setup(who, game.resolve_options({}))
    questions = game.takeover_questions(who, setup.get("options", {}), game.read(setup, camera_of(game.arrange(truth))))
    assert questions, "whose turn it is in The Closest Ghost cannot be seen on its table"
    with pytest.raises(Unanswered):
        s.take_over(code, who)
    assert s.engine is None and s.waiting_take_over
    assert [q["key"] for q in s.referee_view()["takeover_questions"]] == [q.key for q in questions]
    key0 = questions[0].key
    with pytest.raises(ValueError, match=key0):
        s.answer_take_over({key0: "NOT-AN-ANSWER"})
    s.answer_take_over(game.takeover_answers(truth))
    assert not s.waiting_take_over and agrees(game, s.state, truth)
    s.close()


def test_run_from_table_asks_the_questions_on_the_terminal(tmp_path):
    """``companion run --from-table`` on a terminal: each open question is asked
    there once the first settled table raises it; a bad answer is asked again."""
    import io

    from companion.commands._takeover import ask_when_needed
    from tests.support.contract import camera_of
    code, game, who, truth = halfway_tcg()
    s = make_session(tmp_path)
    s.take_over_when_seen(code, who)
    s._on_snapshot(camera_of(game.arrange(truth)))
    assert s.waiting_take_over and s.takeover_questions
    answers = game.takeover_answers(truth)
    typed = iter(["no such answer"] + [str(answers[q["key"]]) for q in s.takeover_questions])
    out = io.StringIO()
    ask_when_needed(s, read=lambda prompt: next(typed), out=out, poll=0.01).join(10)
    assert not s.waiting_take_over and agrees(game, s.state, truth)
    assert "must be one of" in out.getvalue() or "a whole number" in out.getvalue()
    s.close()


def test_with_no_terminal_the_waiting_prompt_says_how_to_answer_on_the_command_line(tmp_path):
    """``--from-table`` as a service or in a pipe: the page's and the printed
    prompt name each open question's ``--option`` key and answers, and those
    answers (yes and no for a yes-or-no question) take the game over."""
    from tests.support.contract import camera_of
    code, game, who, truth = halfway_tcg()
    s = make_session(tmp_path)
    s.take_over_when_seen(code, who)
    s._on_snapshot(camera_of(game.arrange(truth)))
    prompt = " | ".join(p["text"] for p in s.view()["prompts"])
    assert "(--option turn=" in prompt and "?." not in prompt
    options = {}
    for q in s.takeover_questions:
        value = game.takeover_answers(truth)[q["key"]]
        options[q["key"]] = "yes" if value is True else "no" if value is False else str(value)
        if isinstance(value, bool):
            assert f"(--option {q['key']}=yes|no)" in prompt
    s.answer_take_over(options)
    assert not s.waiting_take_over and agrees(game, s.state, truth)
    s.close()


def test_the_terminal_asks_a_question_only_when_an_earlier_answer_leaves_it_open(tmp_path):
    """Ghosts Love Candy taken over once a tie-break is over: the terminal asks
    the turn order, and not which kid each tied player drew (asked only when
    the answer is that they are still drawing)."""
    import io

    from companion.commands._takeover import ask_when_needed
    from tests.games.glc.bot import table_steps
    from tests.support.contract import camera_of
    game, who = get_game("GLC"), ["RED", "BLUE", "GREEN"]
    steps = list(table_steps(game, who, 0))
    at = next(i for i, (t, _, _) in enumerate(steps) if t["phase"] == "tiebreak")
    truth = next(t for t, _, _ in steps[at:] if t["phase"] == "turns" and t["turn"] == 0)
    s = make_session(tmp_path)
    s.take_over_when_seen("GLC", who)
    s._on_snapshot(camera_of(game.arrange(truth)))
    keys = [q["key"] for q in s.takeover_questions]
    assert "order" in keys and any(k.startswith("draw_") for k in keys)
    by_text = {q["text"]: str(game.takeover_answers(truth).get(q["key"], "")) for q in s.takeover_questions}
    asked: list[str] = []

    def read(prompt: str) -> str:
        text = prompt.rsplit(" [", 1)[0]
        asked.append(text)
        return by_text[text]

    ask_when_needed(s, read=read, out=io.StringIO(), poll=0.01).join(10)
    assert not s.waiting_take_over and agrees(game, s.state, truth)
    assert asked and not any("draw for it" in text for text in asked)
    s.close()
