"""Real journal files for the journal reliability tests: games of Ghosts Love Candy
with hundreds of entries that replay, written by this process or by a real
child process that is then killed with SIGKILL (its write-ahead log left as a
power cut would leave it), and ways to damage them byte by byte.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.journal.store import Journal
from models.registry import get_game

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = ["RED", "BLUE", "GREEN"]


def companion(*args: str, **kw: Any) -> subprocess.CompletedProcess:
    """Run ``python -m companion ARGS`` to the end."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_CAMERA_FPS": "5"}
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, **kw)


def marker(game_id: int, n: int) -> str:
    """The text an entry carries, findable in the raw file."""
    return f"game-{game_id}-entry-{n:04d}-marker"


def fill(journal: Journal, entries: int, end: bool = False) -> int:
    """A new game of GLC with ``entries`` entries: one kid dealt, then confirmations
    (chores done by hand), each with a long event text. Returns the game id."""
    g = get_game("GLC")
    opts = g.resolve_options({})
    state = g.setup(PLAYERS, opts)
    gid = journal.start_game("GLC", PLAYERS, opts, state)
    deal = g.parse_action({"type": "reveal_kid", "slot": 1, "kid": 3})
    state, _ = g.apply(state, deal)
    journal.append(gid, "action", [deal.to_json()], [{"type": "deal", "text": marker(gid, 1)}], state)
    for n in range(2, entries + 1):
        journal.append(gid, "confirm", [], [{"type": "chore", "text": marker(gid, n) + " " + "x" * 300}], state)
    if end:
        journal.end_game(gid, state, {"winners": ["RED"]})
    return gid


_KILLED_WRITER = """
import os, signal, sys
sys.path.insert(0, sys.argv[1])
from tests.reliability.journal_files import fill
from companion.journal.store import Journal
j = Journal(sys.argv[2])
for n in sys.argv[3:]:
    fill(j, int(n))
os.kill(os.getpid(), signal.SIGKILL)
"""


def killed_writer(path: Path, *games: int) -> None:
    """A real process writes games of these many entries to ``path``, then is
    killed with SIGKILL: nothing is checkpointed, the recent entries live only in
    the -wal file."""
    r = subprocess.run([sys.executable, "-c", _KILLED_WRITER, str(ROOT), str(path), *map(str, games)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == -signal.SIGKILL, r.stderr


def page_holding(path: Path, text: str) -> int:
    """The offset of the database page that holds ``text`` (the file must be checkpointed)."""
    data = path.read_bytes()
    page_size = int.from_bytes(data[16:18], "big")
    at = data.find(text.encode())
    assert at > 0, f"{text} is not in {path}"
    return at - at % page_size


def overwrite(path: Path, offset: int, garbage: bytes) -> None:
    with open(path, "r+b") as fh:
        fh.seek(offset)
        fh.write(garbage)


def old_journal(path: Path, entries: int) -> None:
    """A journal as the companion wrote it before entries had a ``chain`` column."""
    g = get_game("GLC")
    opts = g.resolve_options({})
    state = g.setup(PLAYERS, opts)
    import sqlite3
    import time

    from companion.journal.store import state_hash
    con = sqlite3.connect(path)
    con.executescript("""
    CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL, players TEXT NOT NULL,
        options TEXT NOT NULL, start_state TEXT NOT NULL, start_hash TEXT NOT NULL, started REAL NOT NULL,
        ended REAL, result TEXT);
    CREATE TABLE entries (game_id INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('action', 'correction', 'confirm', 'undo', 'end')),
        action TEXT, events TEXT NOT NULL, state_hash TEXT NOT NULL, time REAL NOT NULL,
        note TEXT NOT NULL DEFAULT '', PRIMARY KEY (game_id, seq));
    """)
    con.execute("INSERT INTO games (game, players, options, start_state, start_hash, started) VALUES (?,?,?,?,?,?)",
                ("GLC", json.dumps(PLAYERS), json.dumps(opts), json.dumps(state), state_hash(state), time.time()))
    for n in range(1, entries + 1):
        con.execute("INSERT INTO entries VALUES (1, ?, 'confirm', NULL, ?, ?, ?, '')",
                    (n, json.dumps([{"type": "chore", "text": marker(1, n)}]), state_hash(state), time.time()))
    con.commit()
    con.close()
