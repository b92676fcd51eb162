"""The journal: SQLite in WAL mode, entries in order, undo bookkeeping, export."""
import json
import sqlite3
import subprocess
import sys

import pytest

from companion.journal.store import Journal, applied_entries, state_hash


@pytest.fixture
def journal(tmp_path):
    j = Journal(tmp_path / "sub" / "journal.sqlite")
    yield j
    j.close()


def test_wal_mode_and_full_sync(journal, tmp_path):
    assert journal.journal_mode() == "wal"
    # another connection (another process after a crash) sees the same mode on disk
    con = sqlite3.connect(tmp_path / "sub" / "journal.sqlite")
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2   # FULL
    con.close()


def test_entries_are_numbered_and_committed_before_append_returns(journal, tmp_path):
    gid = journal.start_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"n": 0})
    s1 = journal.append(gid, "action", [{"type": "a"}], [{"type": "e", "text": "one"}], {"n": 1})
    s2 = journal.append(gid, "correction", [{"type": "b"}], [], {"n": 2})
    assert (s1, s2) == (1, 2)
    # a separate process reads both entries at once: nothing waits in a buffer
    code = ("import sqlite3,sys; c=sqlite3.connect(sys.argv[1]);"
            "print(c.execute('select count(*) from entries').fetchone()[0])")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "sub" / "journal.sqlite")],
                         capture_output=True, text=True, check=True).stdout
    assert out.strip() == "2"
    es = journal.entries(gid)
    assert [e.kind for e in es] == ["action", "correction"]
    assert es[1].state_hash == state_hash({"n": 2})


def test_undo_takes_back_the_latest_applied_entry(journal):
    gid = journal.start_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"n": 0})
    journal.append(gid, "action", [{"type": "a"}], [], {"n": 1})
    journal.append(gid, "confirm", [], [], {"n": 1})              # a chore confirmed: nothing applied
    journal.append(gid, "action", [{"type": "b"}], [], {"n": 2})
    journal.append(gid, "undo", None, [], {"n": 1})
    journal.append(gid, "correction", [{"type": "c"}], [], {"n": 3})
    standing = applied_entries(journal.entries(gid))
    assert [e.actions for e in standing] == [[{"type": "a"}], [{"type": "c"}]]


def test_open_game_and_end(journal):
    assert journal.open_game() is None
    g1 = journal.start_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"n": 0})
    assert journal.open_game().id == g1
    journal.end_game(g1, {"n": 0}, {"winners": ["RED"]})
    assert journal.open_game() is None
    assert journal.game(g1).result == {"winners": ["RED"]}
    assert journal.game(g1).ended is not None


def test_bad_kind_is_refused(journal):
    gid = journal.start_game("GLC", ["RED", "BLUE", "GREEN"], {}, {})
    with pytest.raises(ValueError, match="kind must be one of"):
        journal.append(gid, "redo", None, [], {})
    assert journal.entries(gid) == []


def test_export_holds_the_whole_record(journal):
    gid = journal.start_game("GLC", ["RED", "BLUE", "GREEN"], {"x": 1}, {"n": 0})
    journal.append(gid, "action", [{"type": "a"}], [{"type": "e", "text": "one"}], {"n": 1})
    journal.end_game(gid, {"n": 1}, {"winners": ["BLUE"]})
    rec = json.loads(json.dumps(journal.export(gid)))
    assert rec["game"] == "GLC" and rec["players"] == ["RED", "BLUE", "GREEN"] and rec["options"] == {"x": 1}
    assert rec["start_state"] == {"n": 0}
    assert [e["kind"] for e in rec["entries"]] == ["action", "end"]
    assert rec["entries"][0]["events"][0]["text"] == "one"
    assert rec["result"] == {"winners": ["BLUE"]}


def test_unknown_game_id(journal):
    with pytest.raises(KeyError, match="no game 42"):
        journal.export(42)
