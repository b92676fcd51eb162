"""The journal: every game and every change to it, in SQLite, written before it is shown.

One row per game (which game, players and their names, options, the start state,
when it started and ended) and one row per entry, numbered from 1 within the game:

* ``action``: actions applied because the table showed them (or the referee
  applied them from the console);
* ``correction``: actions the referee typed in to put the game right;
* ``confirm``: the referee accepted the companion's best reading of an
  ambiguous table (its actions), or a chore done by hand (no actions);
* ``undo``: the last entry that applied actions is taken back;
* ``end``: the game was ended (with its scoreboard);
* ``reopen``: an ended game was taken up again (the end was a mistaken tap).

Each entry keeps the state's hash after it, so a replay can prove it rebuilt the
same state, and a ``chain``: sha256 of the previous entry's chain (the game's
start hash for entry 1) and this entry's seq, kind, actions, events and state
hash. Entries are numbered 1..n per game with no gap; :func:`intact_prefix` finds
a gap or a broken chain, and :func:`replay` refuses both. Entries written before
the chain existed have none (the column is added to older journals) and are
unchecked.

In event mode the ``sent`` table is the outbox's ledger: which result payload
(by digest) an MQTT broker acknowledged on which topic
(:mod:`companion.event.publisher`).

The database runs in WAL mode with ``synchronous=FULL``: a returned
:meth:`Journal.append` survives a power cut. One process writes: opening for
writing takes an ``fcntl.flock`` on ``<path>.lock`` (which holds the writer's PID;
the kernel drops it when the process ends, however it ends) and a second writer
gets :class:`JournalLocked`. ``Journal(path, readonly=True)`` reads beside a
writer. Before SQLite reads the write-ahead log, the log is checked
(:mod:`companion.journal.wal`): frames SQLite would silently skip after a damaged one
are reported in ``Journal.wal_damage``. Every SQLite error is raised as a
:class:`JournalError`, one line naming the file. Damaged files are checked and
salvaged by :mod:`companion.journal.repair` (``companion journal check|salvage``).

Example::

    j = Journal("/var/lib/table-companion/journal.sqlite")
    gid = j.start_game("GLC", ["RED", "BLUE", "GREEN"], {}, state)
    j.append(gid, "action", [action.to_json()], [e.to_json() for e in events], new_state)
    state, applied = replay(get_game("GLC"), j, gid)     # after a restart
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from .wal import wal_damage

log = logging.getLogger(__name__)

KINDS = ("action", "correction", "confirm", "undo", "end", "reopen")
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
    result TEXT,
    names TEXT
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('action', 'correction', 'confirm', 'undo', 'end', 'reopen')),
    action TEXT,
    events TEXT NOT NULL,
    state_hash TEXT NOT NULL,
    time REAL NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    chain TEXT,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS sent (
    game_id INTEGER NOT NULL REFERENCES games(id),
    topic TEXT NOT NULL,
    digest TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (game_id, topic)
);
"""


class JournalError(RuntimeError):
    """The journal cannot be opened or read (the message is one line naming the
    file), or a replay does not rebuild the recorded state."""


class JournalLocked(JournalError):
    """Another process is writing to this journal (its PID is in the message)."""


def state_hash(state: Any) -> str:
    """A stable hash of a JSON state (sorted keys, no whitespace)."""
    text = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _canon(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def chain_link(previous: str, seq: int, kind: str, actions: Sequence[Any], events: Sequence[Any],
               state_hash_: str) -> str:
    """An entry's ``chain``: sha256 of the previous entry's chain (the game's start
    hash for entry 1, "" after an unchained entry) and this entry's seq, kind,
    actions, events and state hash."""
    text = _canon([previous, seq, kind, list(actions), list(events), state_hash_])
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
    names: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "players": self.players, "options": self.options,
                "start_state": self.start_state, "start_hash": self.start_hash,
                "started": self.started, "ended": self.ended, "result": self.result,
                **({"names": self.names} if self.names else {})}


@dataclass(frozen=True)
class Entry:
    """One journalled change: ``actions`` is a list of action JSON (possibly empty).
    ``chain`` links it to the entries before it (None: written before the chain existed)."""

    game_id: int
    seq: int
    kind: str
    actions: list[dict[str, Any]]
    events: list[dict[str, Any]]
    state_hash: str
    time: float
    note: str = ""
    chain: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "actions": self.actions, "events": self.events,
                "state_hash": self.state_hash, "time": self.time, **({"note": self.note} if self.note else {}),
                **({"chain": self.chain} if self.chain else {})}


def intact_prefix(record: GameRecord, entries: Sequence[Entry]) -> tuple[int, str | None]:
    """How many of a game's entries, from the first, are intact, and the first
    break after them in words: a gap in the numbering (1..n, no gap) or an entry
    that does not match the chain (None: all intact). Entries without a chain
    (older journals) are unchecked, but only before the first chained one."""
    previous, chained = record.start_hash, False
    for n, e in enumerate(entries, 1):
        if e.seq != n:
            return n - 1, f"entry {n} is missing (the next one is entry {e.seq})"
        if e.chain is None:
            if chained:
                return n - 1, f"entry {n} has lost its chain"
            previous = ""
            continue
        if e.chain != chain_link(previous, e.seq, e.kind, e.actions, e.events, e.state_hash):
            return n - 1, f"entry {n} does not match the chain (altered or out of place)"
        previous, chained = e.chain, True
    return len(entries), None


def entry_problem(record: GameRecord, entries: Sequence[Entry]) -> str | None:
    """The first break in a game's entries, in words (see :func:`intact_prefix`); None if intact."""
    return intact_prefix(record, entries)[1]


_COLUMNS = "game_id, seq, kind, action, events, state_hash, time, note, chain"
_GAME_COLUMNS = "id, game, players, options, start_state, start_hash, started, ended, result, names"


def _entry(r: tuple) -> Entry:
    return Entry(int(r[0]), int(r[1]), r[2], json.loads(r[3]) if r[3] else [], json.loads(r[4]),
                 r[5], float(r[6]), r[7], r[8])


class Journal:
    """The SQLite journal at ``path`` (created with its folder if missing).
    Safe to share between threads.

    Opened for writing (the default), it takes an exclusive lock first: the file
    ``<path>.lock`` holds the writer's PID under an ``fcntl.flock`` that the
    kernel drops when the process ends however it ends; a second writer gets
    :class:`JournalLocked`. ``readonly=True`` (export, check) takes no lock and
    changes nothing on disk, the write-ahead log included.

    Before SQLite reads the write-ahead log, it is checked: frames it would skip
    silently (after a damaged one) are reported in ``wal_damage``; a writer also
    keeps a copy of that log as ``<path>-wal.damaged-<time>``."""

    def __init__(self, path: str | Path, readonly: bool = False):
        self.path = str(path)
        self.readonly = readonly
        self.wal_damage: str | None = None
        self._lock_fd: int | None = None
        memory = self.path == ":memory:"
        if not memory and not readonly:
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise JournalError(f"cannot create the journal's folder for {self.path}: {e.strerror or e}") from None
            self._lock_fd = _take_lock(self.path)
        try:
            if not memory:
                self.wal_damage = _check_wal(self.path, keep_copy=not readonly)
            if readonly:
                if not Path(self.path).is_file():
                    raise JournalError(f"no journal at {self.path}")
                uri = Path(self.path).absolute().as_uri() + "?mode=ro"
                self._db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None, timeout=10.0)
                self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()
                tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if not {"games", "entries"} <= tables:
                    self._db.close()
                    raise JournalError(f"{self.path} is an SQLite file but not a journal (no games/entries tables)")
            else:
                self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10.0)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=FULL")
                self._db.executescript(_SCHEMA)
            columns = {r[1] for r in self._db.execute("PRAGMA table_info(entries)")}
            self._select = _COLUMNS
            if "chain" not in columns:       # a journal from before the chain: its entries stay unchecked
                if readonly:
                    self._select = _COLUMNS.replace("chain", "NULL")
                else:
                    self._db.execute("ALTER TABLE entries ADD COLUMN chain TEXT")
            if not readonly:
                self._allow_reopen()
            game_columns = {r[1] for r in self._db.execute("PRAGMA table_info(games)")}
            self._games_select = _GAME_COLUMNS
            if "names" not in game_columns:  # a journal from before players had names
                if readonly:
                    self._games_select = _GAME_COLUMNS.replace("names", "NULL")
                else:
                    self._db.execute("ALTER TABLE games ADD COLUMN names TEXT")
        except sqlite3.Error as e:
            self._release_lock()
            raise JournalError(f"cannot open the journal {self.path}: {e}") from None
        except JournalError:
            self._release_lock()
            raise
        if self.wal_damage:
            log.error("journal %s: %s", self.path, self.wal_damage)
        self._lock = threading.Lock()

    def _release_lock(self) -> None:
        if self._lock_fd is not None:
            _drop_lock(self._lock_fd)
            self._lock_fd = None

    @contextlib.contextmanager
    def _reading(self, what: str) -> Iterator[None]:
        """Turn any SQLite error into one line naming the file."""
        try:
            yield
        except sqlite3.Error as e:
            raise JournalError(f"the journal {self.path} cannot be read ({what}): {e}; "
                               f"see `companion journal check {self.path}`") from None

    # ---- writing

    def start_game(self, game: str, players: Sequence[str], options: dict[str, Any],
                   start_state: dict[str, Any], names: dict[str, str] | None = None) -> int:
        """Record a new game (``names``: seat colour -> the player's name, for
        the seats that have one); returns its id."""
        with self._lock, self._reading("starting a game"):
            cur = self._db.execute(
                "INSERT INTO games (game, players, options, start_state, start_hash, started, names)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game, json.dumps(list(players)), json.dumps(options), json.dumps(start_state),
                 state_hash(start_state), time.time(), json.dumps(names) if names else None))
            return int(cast(int, cur.lastrowid))   # set by an INSERT

    def append(self, game_id: int, kind: str, actions: Sequence[dict[str, Any]] | None,
               events: Sequence[dict[str, Any]], state: dict[str, Any], note: str = "") -> int:
        """Write one entry (durably, before the caller shows it), numbered next
        in its game and chained to the one before; returns its seq."""
        if kind not in KINDS:
            raise ValueError(f"journal entry kind must be one of {', '.join(KINDS)}, not {kind!r}")
        actions_text = json.dumps(list(actions)) if actions else None
        events_text = json.dumps(list(events))
        digest = state_hash(state)
        with self._lock, self._reading(f"writing an entry of game {game_id}"):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                row = self._db.execute("SELECT seq, chain FROM entries WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                       (game_id,)).fetchone()
                if row is None:
                    start = self._db.execute("SELECT start_hash FROM games WHERE id = ?", (game_id,)).fetchone()
                    if start is None:
                        raise KeyError(f"the journal {self.path} has no game {game_id}")
                    seq, previous = 1, start[0]
                else:
                    seq, previous = int(row[0]) + 1, row[1] or ""
                chain = chain_link(previous, seq, kind, json.loads(actions_text) if actions_text else [],
                                   json.loads(events_text), digest)
                self._db.execute(
                    "INSERT INTO entries (game_id, seq, kind, action, events, state_hash, time, note, chain) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, seq, kind, actions_text, events_text, digest, time.time(), note, chain))
                if kind == "end":
                    self._db.execute("UPDATE games SET ended = ? WHERE id = ?", (time.time(), game_id))
                elif kind == "reopen":
                    self._db.execute("UPDATE games SET ended = NULL, result = NULL WHERE id = ?", (game_id,))
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            return seq

    def end_game(self, game_id: int, state: dict[str, Any], result: dict[str, Any] | None, note: str = "") -> int:
        """Close a game with its scoreboard (an ``end`` entry)."""
        seq = self.append(game_id, "end", None, [], state, note)
        with self._lock, self._reading(f"ending game {game_id}"):
            self._db.execute("UPDATE games SET result = ? WHERE id = ?", (json.dumps(result), game_id))
        return seq

    def close_unrecoverable(self, game_id: int, reason: str) -> None:
        """Close a game that cannot be resumed, keeping every entry it has:
        ``result`` becomes ``{"unrecoverable": reason}`` and ``ended`` is set."""
        with self._lock, self._reading(f"closing game {game_id}"):
            self._db.execute("UPDATE games SET ended = ?, result = ? WHERE id = ?",
                             (time.time(), json.dumps({"unrecoverable": reason}), game_id))

    def _allow_reopen(self) -> None:
        """A journal made before ``reopen`` entries existed refuses them (its
        entries table checks the kind): rebuild that table with every row as it
        is, in one transaction, the way SQLite changes a CHECK."""
        sql = self._db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'entries'").fetchone()
        if sql is None or "'reopen'" in sql[0]:
            return
        columns = "game_id, seq, kind, action, events, state_hash, time, note, chain"
        create = _SCHEMA.split("CREATE TABLE IF NOT EXISTS entries", 1)[1].split(");", 1)[0] + ");"
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute("CREATE TABLE entries_new" + create)
            self._db.execute(f"INSERT INTO entries_new ({columns}) SELECT {columns} FROM entries")
            self._db.execute("DROP TABLE entries")
            self._db.execute("ALTER TABLE entries_new RENAME TO entries")
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        log.info("journal %s: its entries table now takes reopen entries", self.path)

    # ---- reading

    def _record(self, row: tuple) -> GameRecord:
        return GameRecord(int(row[0]), row[1], json.loads(row[2]), json.loads(row[3]), json.loads(row[4]),
                          row[5], float(row[6]), row[7], json.loads(row[8]) if row[8] else None,
                          json.loads(row[9]) if row[9] else {})

    def game(self, game_id: int) -> GameRecord:
        with self._lock, self._reading(f"game {game_id}"):
            row = self._db.execute(f"SELECT {self._games_select} FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise KeyError(f"the journal {self.path} has no game {game_id}")
        return self._record(row)

    def games(self) -> list[GameRecord]:
        with self._lock, self._reading("the games"):
            rows = self._db.execute(f"SELECT {self._games_select} FROM games ORDER BY id").fetchall()
        return [self._record(r) for r in rows]

    def entry_counts(self) -> dict[int, int]:
        """Each game's number of entries (one query, nothing parsed: for a list of games)."""
        with self._lock, self._reading("the entry counts"):
            rows = self._db.execute("SELECT game_id, COUNT(*) FROM entries GROUP BY game_id").fetchall()
        return {int(g): int(n) for g, n in rows}

    def open_game(self) -> GameRecord | None:
        """The most recent game that has not ended, if any."""
        with self._lock, self._reading("the open game"):
            row = self._db.execute(f"SELECT {self._games_select} FROM games WHERE ended IS NULL "
                                   "ORDER BY id DESC LIMIT 1").fetchone()
        return self._record(row) if row else None

    # ---- what a broker has acknowledged (event mode's outbox, companion.event.publisher)

    def sent(self, prefix: str) -> dict[tuple[int, str], str]:
        """What a broker acknowledged under topics starting with ``prefix``:
        (game id, topic) -> the digest of the payload it holds."""
        with self._lock, self._reading("what was sent"):
            rows = self._db.execute("SELECT game_id, topic, digest FROM sent WHERE substr(topic, 1, ?) = ?",
                                    (len(prefix), prefix)).fetchall()
        return {(int(r[0]), r[1]): r[2] for r in rows}

    def mark_sent(self, game_id: int, topic: str, digest: str | None) -> None:
        """The broker acknowledged ``topic`` holding the payload with ``digest``
        (None: it acknowledged clearing the topic)."""
        with self._lock, self._reading(f"marking game {game_id} sent"):
            if digest is None:
                self._db.execute("DELETE FROM sent WHERE game_id = ? AND topic = ?", (game_id, topic))
            else:
                self._db.execute("INSERT OR REPLACE INTO sent (game_id, topic, digest, time) VALUES (?, ?, ?, ?)",
                                 (game_id, topic, digest, time.time()))

    def last_game_id(self) -> int | None:
        with self._lock, self._reading("the games"):
            row = self._db.execute("SELECT MAX(id) FROM games").fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def entries(self, game_id: int) -> list[Entry]:
        with self._lock, self._reading(f"the entries of game {game_id}"):
            rows = self._db.execute(f"SELECT {self._select} FROM entries WHERE game_id = ? ORDER BY seq",
                                    (game_id,)).fetchall()
        return [_entry(r) for r in rows]

    def problem(self, game_id: int) -> str | None:
        """What is wrong with a game's entries (a gap, a broken chain, an
        unreadable page), in words; None if they are intact."""
        try:
            return entry_problem(self.game(game_id), self.entries(game_id))
        except JournalError as e:
            return str(e)

    def journal_mode(self) -> str:
        with self._lock, self._reading("its mode"):
            return str(self._db.execute("PRAGMA journal_mode").fetchone()[0])

    def export(self, game_id: int) -> dict[str, Any]:
        """A game's whole record as JSON data: the game row and every entry."""
        record = self.game(game_id)
        return {"format": "table-companion-journal/1", **record.to_json(),
                "entries": [e.to_json() for e in self.entries(game_id)]}

    def close(self) -> None:
        with self._lock:
            try:
                self._db.close()
            except sqlite3.Error as e:
                log.warning("closing the journal %s: %s", self.path, e)
            finally:
                self._release_lock()


def _take_lock(path: str) -> int:
    """Lock ``<path>.lock`` for this process and write its PID there; raise
    :class:`JournalLocked` naming the holder's PID if another process has it."""
    lock_path = path + ".lock"
    try:
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as e:
        raise JournalError(f"cannot open the journal's lock file {lock_path}: {e.strerror or e}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
        os.close(fd)
        raise JournalLocked(f"the journal {path} is in use by another process (PID {holder}); "
                            f"stop that one first, or use another journal") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


def _drop_lock(fd: int) -> None:
    try:
        os.ftruncate(fd, 0)
        fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _check_wal(path: str, keep_copy: bool) -> str | None:
    """Describe frames of ``<path>-wal`` that SQLite would skip silently; with
    ``keep_copy`` save the damaged log beside the journal first."""
    wal = path + "-wal"
    damage = wal_damage(wal)
    if damage and keep_copy:
        copy = f"{wal}.damaged-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            shutil.copy2(wal, copy)
            damage += f"; the damaged log is kept as {copy}"
        except OSError as e:
            damage += f"; it could not be copied aside: {e.strerror or e}"
    return damage


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
    state and the standing entries; raises :class:`JournalError` on a mismatch, a
    gap in the entries or a broken chain."""
    return replay_record(engine, journal.game(game_id), journal.entries(game_id))


def replay_record(engine: Any, record: GameRecord, entries: Sequence[Entry]) -> tuple[dict[str, Any], list[Entry]]:
    """:func:`replay` of a game record and its entries already read."""
    game_id = record.id
    state = record.start_state
    if state_hash(state) != record.start_hash:
        raise JournalError(f"game {game_id}: the start state does not match its recorded hash")
    problem = entry_problem(record, entries)
    if problem:
        raise JournalError(f"game {game_id}: {problem}")
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
