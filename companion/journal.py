"""The journal: every game and every change to it, in SQLite, written before it is shown.

One row per game (which game, players, options, the start state, when it started
and ended) and one row per entry, numbered from 1 within the game:

* ``action``: actions applied because the table showed them (or the referee
  applied them from the console);
* ``correction``: actions the referee typed in to put the game right;
* ``confirm``: the referee accepted the companion's best reading of an
  ambiguous table (its actions), or a chore done by hand (no actions);
* ``undo``: the last entry that applied actions is taken back;
* ``end``: the game was ended (with its scoreboard).

Each entry keeps the state's hash after it, so a replay can prove it rebuilt the
same state. The database runs in WAL mode with ``synchronous=FULL``: a returned
:meth:`Journal.append` survives a power cut.

Example::

    j = Journal("/var/lib/table-companion/journal.sqlite")
    gid = j.start_game("GLC", ["RED", "BLUE", "GREEN"], {}, state)
    j.append(gid, "action", [action.to_json()], [e.to_json() for e in events], new_state)
    state, applied = replay(get_game("GLC"), j, gid)     # after a restart
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

KINDS = ("action", "correction", "confirm", "undo", "end")
APPLYING = ("action", "correction", "confirm")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    start_state TEXT NOT NULL,
    start_hash TEXT NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'correction', 'confirm', 'undo', 'end')),
    action TEXT,
    events TEXT NOT NULL,
    state_hash TEXT NOT NULL,
    time REAL NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(RuntimeError):
    """The journal cannot be opened, or a replay does not rebuild the recorded state."""


def state_hash(state: Any) -> str:
    """A stable hash of a JSON state (sorted keys, no whitespace)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class GameRecord:
    """One game as the journal holds it."""

    id: int
    game: str
    players: list[str]
    options: dict[str, Any]
    start_state: dict[str, Any]
    start_hash: str
    started: float
    ended: float | None
    result: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players, "options": self.options,
                "start_state": self.start_state, "start_hash": self.start_hash,
                "started": self.started, "ended": self.ended, "result": self.result}


@dataclass(frozen=True)
class Entry:
    """One journalled change: ``actions`` is a list of action JSON (possibly empty)."""

    game_id: int
    seq: int
    kind: str
    actions: list[dict[str, Any]]
    events: list[dict[str, Any]]
    state_hash: str
    time: float
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "actions": self.actions, "events": self.events,
                "state_hash": self.state_hash, "time": self.time, **({"note": self.note} if self.note else {})}


class Journal:
    """The SQLite journal at ``path`` (created with its folder if missing).
    Safe to share between threads."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise JournalError(f"cannot create the journal's folder for {self.path}: {e.strerror or e}") from None
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10.0)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as e:
            raise JournalError(f"cannot open the journal {self.path}: {e}") from None
        self._lock = threading.Lock()

    # ---- writing

    def start_game(self, game: str, players: Sequence[str], options: dict[str, Any], start_state: dict[str, Any]) -> int:
        """Record a new game; returns its id."""
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO games (game, players, options, start_state, start_hash, started) VALUES (?, ?, ?, ?, ?, ?)",
                (game, json.dumps(list(players)), json.dumps(options), json.dumps(start_state),
                 state_hash(start_state), time.time()))
            return int(cur.lastrowid)

    def append(self, game_id: int, kind: str, actions: Sequence[dict[str, Any]] | None,
               events: Sequence[dict[str, Any]], state: dict[str, Any], note: str = "") -> int:
        """Write one entry (durably, before the caller shows it); returns its seq."""
        if kind not in KINDS:
            raise ValueError(f"journal entry kind must be one of {', '.join(KINDS)}, not {kind!r}")
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game_id = ?", (game_id,)).fetchone()
                seq = int(row[0]) + 1
                self._db.execute(
                    "INSERT INTO entries (game_id, seq, kind, action, events, state_hash, time, note) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, kind, json.dumps(list(actions)) if actions else None,
                     json.dumps(list(events)), state_hash(state), time.time(), note))
                if kind == "end":
                    self._db.execute("UPDATE games SET ended = ? WHERE id = ?", (time.time(), game_id))
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            return seq

    def end_game(self, game_id: int, state: dict[str, Any], result: dict[str, Any] | None, note: str = "") -> int:
        """Close a game with its scoreboard (an ``end`` entry)."""
        seq = self.append(game_id, "end", None, [], state, note)
        with self._lock:
            self._db.execute("UPDATE games SET result = ? WHERE id = ?", (json.dumps(result), game_id))
        return seq

    # ---- reading

    def _record(self, row: tuple) -> GameRecord:
        return GameRecord(int(row[0]), row[1], json.loads(row[2]), json.loads(row[3]), json.loads(row[4]),
                          row[5], float(row[6]), row[7], json.loads(row[8]) if row[8] else None)

    def game(self, game_id: int) -> GameRecord:
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"the journal {self.path} has no game {game_id}")
        return self._record(row)

    def games(self) -> list[GameRecord]:
        with self._lock:
            rows = self._db.execute("SELECT * FROM games ORDER BY id").fetchall()
        return [self._record(r) for r in rows]

    def open_game(self) -> GameRecord | None:
        """The most recent game that has not ended, if any."""
        with self._lock:
            row = self._db.execute("SELECT * FROM games WHERE ended IS NULL ORDER BY id DESC LIMIT 1").fetchone()
        return self._record(row) if row else None

    def last_game_id(self) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT MAX(id) FROM games").fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def entries(self, game_id: int) -> list[Entry]:
        with self._lock:
            rows = self._db.execute(
                "SELECT game_id, seq, kind, action, events, state_hash, time, note FROM entries "
                "WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()
        return [Entry(int(r[0]), int(r[1]), r[2], json.loads(r[3]) if r[3] else [], json.loads(r[4]),
                      r[5], float(r[6]), r[7]) for r in rows]

    def journal_mode(self) -> str:
        with self._lock:
            return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def export(self, game_id: int) -> dict[str, Any]:
        """A game's whole record as JSON data: the game row and every entry."""
        record = self.game(game_id)
        return {"format": "table-companion-journal/1", **record.to_json(),
                "entries": [e.to_json() for e in self.entries(game_id)]}

    def close(self) -> None:
        with self._lock:
            self._db.close()


def applied_entries(entries: Sequence[Entry]) -> list[Entry]:
    """The entries whose actions stand, in order: every applying entry, minus
    those taken back by an ``undo`` (each undo takes back the latest one left)."""
    stack: list[Entry] = []
    for e in entries:
        if e.kind in APPLYING and e.actions:
            stack.append(e)
        elif e.kind == "undo" and stack:
            stack.pop()
    return stack


def replay(engine: Any, journal: Journal, game_id: int) -> tuple[dict[str, Any], list[Entry]]:
    """Rebuild a game's state by replaying its standing actions through the engine
    from the start state, and check it against the last entry's hash. Returns the
    state and the standing entries; raises :class:`JournalError` on a mismatch."""
    record = journal.game(game_id)
    entries = journal.entries(game_id)
    state = record.start_state
    if state_hash(state) != record.start_hash:
        raise JournalError(f"game {game_id}: the start state does not match its recorded hash")
    standing = applied_entries(entries)
    for e in standing:
        try:
            actions = [engine.parse_action(a) for a in e.actions]
            state, _ = engine.apply_all(state, actions)
        except Exception as err:  # IllegalAction, MalformedAction: the engine changed under the journal
            raise JournalError(f"game {game_id}: entry {e.seq} ({e.kind}) no longer replays: {err}") from None
    if entries and state_hash(state) != entries[-1].state_hash:
        raise JournalError(f"game {game_id}: replaying {len(standing)} entries does not rebuild the state "
                           f"recorded at entry {entries[-1].seq}")
    return state, standing
