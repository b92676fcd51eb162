"""A damaged journal file is found out, said plainly, and salvaged.

Real SQLite files with hundreds of entries, damaged byte by byte: a data page
overwritten with garbage, garbage written into the write-ahead log of a writer
killed with SIGKILL, an entry removed or altered behind the companion's back.
``companion journal check`` says which games and entries are intact,
``companion journal salvage`` keeps those and moves the bad file aside, and
``export``/``run`` answer with one line naming the file, never a traceback.
"""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from companion.config import load_config
from companion.journal.store import Journal
from companion.live.session import Session

from .journal_files import PLAYERS, companion, fill, killed_writer, marker, old_journal, overwrite, page_holding


def three_games(path: Path) -> None:
    """Game 1 (ended, 120 entries), game 2 (ended, 250 entries), game 3 (open, 60)."""
    j = Journal(path)
    fill(j, 120, end=True)
    fill(j, 250, end=True)
    fill(j, 60)
    j.close()                                 # checkpointed: everything is in the main file


def test_a_corrupt_data_page_is_one_line_then_checked_and_salvaged(tmp_path):
    path = tmp_path / "journal.sqlite"
    three_games(path)
    overwrite(path, page_holding(path, marker(2, 150)), b"\xff" * 64)

    # export of the damaged game: one line naming the file, exit 2, no traceback
    r = companion("export", "--journal", str(path), "--game-id", "2")
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert str(path) in r.stderr

    # check: games 1 and 3 intact, game 2 damaged after some entry before 150
    r = companion("journal", "check", str(path))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Traceback" not in r.stderr
    lines = {l.split(":")[0]: l for l in r.stdout.splitlines() if l.startswith("game ")}
    assert "intact" in lines["game 1"] and "121 entries" in lines["game 1"] and "replays" in lines["game 1"]
    assert "intact" in lines["game 3"] and "60 entries" in lines["game 3"]
    assert "damaged" in lines["game 2"]

    # salvage: the bad file moved aside, the intact part in its place
    r = companion("journal", "salvage", str(path))
    assert r.returncode == 0, r.stdout + r.stderr
    aside = [p for p in tmp_path.glob("journal.sqlite.corrupt-*") if not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].read_bytes()[:16] == b"SQLite format 3\x00"
    assert "lost" in r.stdout and "game 2" in r.stdout
    j = Journal(path)
    try:
        assert [g.id for g in j.games()] == [1, 2, 3]
        assert len(j.entries(1)) == 121 and len(j.entries(3)) == 60
        kept = j.entries(2)
        assert 0 < len(kept) < 150 and [e.seq for e in kept] == list(range(1, len(kept) + 1))
        assert j.game(2).result["unrecoverable"]            # a damaged game is closed, never resumed short
        assert j.open_game().id == 3
    finally:
        j.close()
    r = companion("journal", "check", str(path))
    assert r.returncode == 0, r.stdout + r.stderr


def test_run_on_a_file_that_is_not_a_journal_is_one_line(tmp_path):
    path = tmp_path / "journal.sqlite"
    path.write_bytes(b"this is not a database at all" * 200)
    for args in (["run", "--journal", str(path), "--no-web", "--camera", "sim:none.json"],
                 ["export", "--journal", str(path)]):
        r = companion(*args)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert str(path) in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = companion("journal", "check", str(path))
    assert r.returncode == 2 and str(path) in r.stderr and "Traceback" not in r.stderr


def test_garbage_in_the_wal_of_a_killed_writer_is_found_not_resumed_short(tmp_path):
    path = tmp_path / "journal.sqlite"
    killed_writer(path, 131)
    wal = Path(str(path) + "-wal")
    data = wal.read_bytes()
    assert marker(1, 131).encode() in data                   # the entries live only in the log
    overwrite(wal, len(data) // 2, b"\x5a" * 700)

    # check sees it (and, reading only, leaves the log for the next one)
    r = companion("journal", "check", str(path))
    assert r.returncode == 1 and "write-ahead log" in r.stdout, r.stdout + r.stderr
    assert wal.read_bytes()[: len(data) // 2] == data[: len(data) // 2]
    r = companion("export", "--journal", str(path), "--last", "--out", str(tmp_path / "g.json"))
    assert r.returncode == 1 and "write-ahead log" in r.stderr, r.stderr
    assert json.loads((tmp_path / "g.json").read_text())["entries"]    # what is left is still written out

    # the session does not resume the game short: it is closed, shown, and a new game can start
    s = Session(load_config(None, env={"COMPANION_JOURNAL_PATH": str(path)}), indicators=False)
    try:
        assert not s.resume()
        view = s.view()
        texts = [e["text"] for e in view["events"]] + [p["text"] for p in view["prompts"]]
        assert any("write-ahead log" in t and "unrecoverable" in t for t in texts), texts
        rec = s.journal.game(1)
        assert rec.ended is not None and "write-ahead log" in rec.result["unrecoverable"]
        assert s.journal.entries(1)                                   # its entries are kept
        assert s.new_game("GLC", PLAYERS) == 2
    finally:
        s.close()
    assert list(tmp_path.glob("journal.sqlite-wal.damaged-*"))      # the damaged log is kept aside


def test_a_gap_or_an_altered_entry_breaks_the_chain(tmp_path):
    path = tmp_path / "journal.sqlite"
    j = Journal(path)
    fill(j, 40)
    j.close()
    con = sqlite3.connect(path)
    con.execute("DELETE FROM entries WHERE seq = 17")
    con.commit()
    con.close()
    r = companion("journal", "check", str(path))
    assert r.returncode == 1 and "entry 17 is missing" in r.stdout, r.stdout
    r = companion("export", "--journal", str(path), "--last")
    assert r.returncode == 1 and "entry 17 is missing" in r.stderr
    s = Session(load_config(None, env={"COMPANION_JOURNAL_PATH": str(path)}), indicators=False)
    try:
        assert not s.resume()
        assert any("entry 17 is missing" in e["text"] for e in s.view()["events"])
        assert s.journal.game(1).result["unrecoverable"]
    finally:
        s.close()

    path2 = tmp_path / "j2.sqlite"
    j = Journal(path2)
    fill(j, 40)
    j.close()
    con = sqlite3.connect(path2)
    con.execute("UPDATE entries SET events = '[]' WHERE seq = 25")   # rewritten behind our back
    con.commit()
    con.close()
    r = companion("journal", "check", str(path2))
    assert r.returncode == 1 and "chain" in r.stdout and "entry 25" in r.stdout, r.stdout


def test_a_journal_from_before_the_chain_still_resumes_and_is_chained_from_now_on(tmp_path):
    path = tmp_path / "journal.sqlite"
    old_journal(path, 30)
    s = Session(load_config(None, env={"COMPANION_JOURNAL_PATH": str(path)}), indicators=False)
    try:
        assert s.resume() and s.game_id == 1
        s.apply({"type": "reveal_kid", "slot": 1, "kid": 3})        # a new entry, chained
        assert s.journal.entries(1)[-1].chain
    finally:
        s.close()
    r = companion("journal", "check", str(path))
    assert r.returncode == 0, r.stdout
    assert "30 entries unchecked" in r.stdout
