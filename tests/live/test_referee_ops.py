"""Referee operations through the session (as the web console calls them), each
journalled before it is shown, and resuming a game from the journal."""
import json
import sqlite3

import pytest

from models.engine import IllegalAction, MalformedAction

from .tables import PLAYERS, short_game
from .test_session import make_session


@pytest.fixture(scope="module")
def game():
    return short_game()


def test_apply_correct_undo_end(tmp_path, game):
    s = make_session(tmp_path)
    views = []
    s.on_change(views.append)
    gid = s.new_game("GLC", "red,blue,green", {})
    assert s.view()["players"] == PLAYERS and s.view()["status"] == "starting"
    s.apply(json.dumps(game.beats[0].actions))                      # JSON text works too
    s.correct(game.beats[1].actions[0])
    kinds = [e.kind for e in s.journal.entries(gid)]
    assert kinds == ["action", "correction"]
    assert s.state == game.states[1]
    # each change was journalled before the view that shows it was published
    shown = [v for v in views if any(e.get("kind") == "correction" for e in v["events"])]
    assert shown and s.journal.entries(gid)[-1].time <= shown[0]["time"] + 1e-3

    seq = s.view()["seq"]
    with pytest.raises(IllegalAction, match="already holds"):
        s.apply({"type": "reveal_kid", "slot": 1, "kid": 9})
    with pytest.raises(MalformedAction, match="unknown action type"):
        s.correct({"type": "teleport"})
    with pytest.raises(MalformedAction, match="not JSON"):
        s.apply("{oops")
    assert s.view()["seq"] == seq and s.state == game.states[1]      # nothing changed, nothing shown
    assert len(s.journal.entries(gid)) == 2

    s.undo()
    assert s.state == game.states[0]
    assert s.view()["events"][-1]["type"] == "undo"
    s.undo()
    assert s.state == game.start
    with pytest.raises(IllegalAction, match="nothing to undo"):
        s.undo()
    with pytest.raises(IllegalAction, match="nothing to confirm"):
        s.confirm()

    score = s.end_game()
    assert s.view()["status"] == "over" and s.view()["ended"]
    assert s.journal.game(gid).result == score and s.journal.open_game() is None
    with pytest.raises(IllegalAction, match="has ended"):
        s.apply(game.beats[0].actions)
    s.close()


def test_pin(tmp_path):
    s = make_session(tmp_path)
    assert s.check_pin("4321") and not s.check_pin("1234") and not s.check_pin(None) and not s.check_pin("")
    s.close()


def test_new_game_errors(tmp_path):
    s = make_session(tmp_path)
    with pytest.raises(KeyError, match="no game called"):
        s.new_game("CHESS", PLAYERS)
    with pytest.raises(ValueError, match="3-6 players"):
        s.new_game("GLC", ["RED", "BLUE"])
    assert s.journal.games() == []
    s.close()


def test_resume_rebuilds_the_same_state_and_prompts(tmp_path, game):
    path = tmp_path / "journal.sqlite"           # make_session's journal
    a = make_session(tmp_path)
    gid = a.new_game("GLC", PLAYERS, {})
    for b in game.beats[:7]:
        if b.actions:
            a.apply(b.actions)
    a.undo()
    a.correct(game.beats[6].actions)
    before = a.view()
    a.journal.close()                   # no end_game: as after a crash

    b = make_session(tmp_path)
    assert b.resume()
    after = b.view()
    assert b.game_id == gid and b.state == game.states[6]
    assert after["state"] == before["state"] and after["prompts"] == before["prompts"]
    assert after["score"] == before["score"]
    assert any(e["type"] == "resumed" for e in after["events"])
    b.close()

    # a journal whose recorded hash does not match the replay is refused, not trusted:
    # the game is closed as unrecoverable (entries kept) and a new one can start
    con = sqlite3.connect(path)
    con.execute("UPDATE entries SET state_hash = 'x' WHERE seq = (SELECT MAX(seq) FROM entries)")
    con.commit()
    con.close()
    c = make_session(tmp_path)
    assert not c.resume()
    assert "does not match the chain" in c.journal.game(gid).result["unrecoverable"]
    assert any(e["type"] == "unrecoverable" for e in c.view()["events"])
    # and the page says how to go on with the game on the table: take it over as it lies
    said = " ".join(str(e["text"]) for e in c.view()["events"] if e["type"] == "unrecoverable")
    assert "take it over as it lies on the table" in said and "--from-table" in said
    c.close()
