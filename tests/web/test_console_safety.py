"""One tap never loses a game: End and New game ask first, and an ended game
can be reopened (the end and the reopening both stay in the journal)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from companion.journal.store import applied_entries
from models.engine import IllegalAction

from .conftest import by_hand, open_console, play_example


@pytest.mark.browser
def test_end_game_asks_first_and_a_mistaken_end_can_be_reopened(glc, server, page):
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    open_console(page, server)
    page.click("#btn-end")
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("stays in the journal")
    page.click("#confirm-no")                                   # keep playing: nothing happened
    expect(page.locator("#confirm")).to_be_hidden()
    assert not glc.view()["ended"]
    page.click("#btn-end")
    page.click("#confirm-yes")
    expect(page.locator("#btn-reopen")).to_be_visible()
    assert glc.view()["ended"]
    page.click("#btn-reopen")
    expect(page.locator("#btn-end")).to_be_visible()
    assert not glc.view()["ended"] and glc.state["slots"][0]["kid"] == 2        # where it was
    kinds = [e.kind for e in glc.journal.entries(glc.game_id)]
    assert kinds[-2:] == ["end", "reopen"]


@pytest.mark.browser
def test_a_new_game_over_one_in_progress_asks_first(glc, server, page):
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    before = glc.game_id
    open_console(page, server)
    page.click("#btn-new")
    expect(page.locator("#confirm-text")).to_contain_text("is ended and kept in the journal")
    page.click("#confirm-no")
    assert glc.game_id == before
    page.click("#btn-new")
    page.click("#confirm-yes")
    expect(page.locator("#result")).to_contain_text("Done: new")
    assert glc.game_id != before
    assert len(applied_entries(glc.journal.entries(before))) == 1          # the old game is kept


@pytest.mark.browser
def test_a_double_tap_on_undo_takes_back_one_action(glc, server, page):
    """The operation buttons rest while the answer is awaited and a moment after
    it: the second tap of a double tap sends nothing. A later tap is a new one."""
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    glc.apply({"type": "reveal_kid", "slot": 2, "kid": 3})
    open_console(page, server)
    page.dblclick("#btn-undo")
    expect(page.locator("#result")).to_contain_text("Done: undo")
    expect(page.locator("#btn-undo")).to_be_enabled()
    assert glc.state["slots"][0]["kid"] == 2 and glc.state["slots"][1]["kid"] is None
    assert [e.kind for e in glc.journal.entries(glc.game_id)].count("undo") == 1
    page.click("#btn-undo")                                     # a new tap: taken
    expect(page.locator("#result")).to_contain_text("Done: undo")
    expect(page.locator("#btn-undo")).to_be_enabled()
    assert glc.state["slots"][0]["kid"] is None


def test_an_operation_sent_again_with_its_old_revision_is_refused(glc):
    """The API's side: ``revision`` names the game an operation was decided on
    (a hand over the table or a new prompt does not change it); without one
    (curl, scripts) the operation runs as asked."""
    from web import create_app

    from .conftest import PIN
    client = create_app(glc).test_client()
    pin = {"X-Referee-Pin": PIN}
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    glc.apply({"type": "reveal_kid", "slot": 2, "kid": 3})
    seen = glc.view()["revision"]
    glc.table.settling = True
    glc.broadcast.publish()                                 # a hand over the table: a new view, the same game
    assert glc.view()["revision"] == seen
    assert client.post("/api/referee/undo", headers=pin, json={"revision": seen}).status_code == 200
    again = client.post("/api/referee/undo", headers=pin, json={"revision": seen})
    assert again.status_code == 409 and "the game changed since the console showed it" in again.get_json()["error"]
    assert glc.state["slots"][0]["kid"] == 2
    assert client.post("/api/referee/undo", headers=pin, json={"revision": 41}).status_code == 400
    assert client.post("/api/referee/undo", headers=pin).status_code == 200         # no revision: as asked
    assert glc.state["slots"][0]["kid"] is None


def test_only_the_game_just_ended_can_be_reopened(glc):
    with pytest.raises(IllegalAction, match="no ended game"):
        glc.reopen()
    glc.end_game()
    glc.reopen()
    assert not glc.view()["ended"]
    assert glc.journal.open_game().id == glc.game_id


def test_a_journal_from_before_reopen_takes_one_and_keeps_every_entry(tmp_path):
    """A journal written by an earlier version checks entry kinds without
    ``reopen``: opening it rebuilds that table, every entry as it was, and the
    game replays and reopens."""
    import sqlite3

    from companion.journal.store import replay
    from companion.live.session import Session

    from .conftest import make_config
    cfg = make_config(tmp_path)
    s = Session(cfg, indicators=False)
    s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    s.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    s.apply({"type": "reveal_kid", "slot": 2, "kid": 9})
    game_id, before = s.game_id, [(e.seq, e.kind, e.chain) for e in s.journal.entries(s.game_id)]
    s.close()
    db = sqlite3.connect(cfg.journal.path)            # put the old CHECK back, as an older version wrote it
    old = db.execute("SELECT sql FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
    db.executescript("BEGIN; CREATE TABLE e_old" + old.split("entries", 1)[1].replace(", 'reopen'", "")
                     + "; INSERT INTO e_old SELECT * FROM entries; DROP TABLE entries;"
                     " ALTER TABLE e_old RENAME TO entries; COMMIT;")
    assert "'reopen'" not in db.execute("SELECT sql FROM sqlite_master WHERE name = 'entries'").fetchone()[0]
    db.close()
    s = Session(cfg, indicators=False)
    try:
        assert s.resume() and s.game_id == game_id
        assert [(e.seq, e.kind, e.chain) for e in s.journal.entries(game_id)] == before
        s.end_game()
        s.reopen()
        state, _ = replay(s.engine, s.journal, game_id)
        assert state == s.state and [e.kind for e in s.journal.entries(game_id)][-2:] == ["end", "reopen"]
    finally:
        s.close()


@pytest.mark.browser
def test_a_hand_resolution_with_nothing_moved_is_one_confirm(glc, server, page):
    """The ASTRONAUT's ability is resolved by hand and nothing moved: the referee
    confirms the table as it is (one tap), and the game records the resolution."""
    import time

    from companion.examples import example_states
    from hardware.simtable import CameraModel, SimulatedTable
    from tests.support.table import scene_of

    game, _, states = example_states("GLC")
    play_example(glc, until=by_hand)
    manual = glc.state["manual"]
    assert manual is not None
    glc.start(SimulatedTable(scene_of(game.arrange(glc.state)), CameraModel(resolution=(1600, 900)),
                             fps=10.0, hold_s=30.0))
    end = time.monotonic() + 30
    while glc.view()["status"] != "in_sync" and time.monotonic() < end:
        time.sleep(0.1)
    open_console(page, server)
    expect(page.locator("#prompts")).to_contain_text("resolve action")     # the console's words
    page.click("#btn-confirm")                                          # one tap
    expect(page.locator("#result")).to_contain_text("Done: confirm")
    assert glc.state["manual"] is None
    last = glc.journal.entries(glc.game_id)[-1]
    assert last.kind == "confirm" and last.actions == [{"type": "resolve", "player": manual["player"],
                                                        "note": "nothing moved", "moves": []}]
