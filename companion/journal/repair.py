"""Checking a journal file for damage, and salvaging what is intact.

:func:`check_journal` reads a journal file without changing it (nor its
write-ahead log), tolerating damage: for every game, how many of its entries,
from the first, are readable, numbered 1..n and match the chain, where the
first damage is, and whether the intact game replays through its engine.

:func:`salvage_journal` copies every game and its intact entries (up to the
first damage) to a new journal with the same game ids, moves the damaged file
aside as ``FILE.corrupt-<time>`` (its -wal/-shm with it) and puts the salvaged
journal at ``FILE``. A game that lost entries is closed as unrecoverable there
(``result`` = ``{"unrecoverable": why, "recorded_result": the result it had}``),
so that it is never resumed short.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .store import (
    _COLUMNS,
    _GAME_COLUMNS,
    _SCHEMA,
    GameRecord,
    JournalError,
    _drop_lock,
    _entry,
    _take_lock,
    intact_prefix,
    replay_record,
)
from .wal import wal_damage


@dataclass
class GameReport:
    """One game of a checked journal. ``kept``: its intact entries, from the first;
    ``total``: the entries the file says it has (None: cannot tell); ``damage``:
    the first damage, in words; ``replay``: None if the intact game replays, else why not."""

    id: int
    game: str
    ended: bool
    result: dict[str, Any] | None
    kept: int = 0
    total: int | None = None
    unchecked: int = 0
    damage: str | None = None
    replay: str | None = None
    row: tuple | None = field(default=None, repr=False)
    rows: list[tuple] = field(default_factory=list, repr=False)

    @property
    def intact(self) -> bool:
        return self.damage is None and self.replay is None

    def line(self) -> str:
        state = "ended" if self.ended else "open"
        if self.result and "unrecoverable" in self.result:
            state = f"closed as unrecoverable ({self.result['unrecoverable']})"
        legacy = f" ({self.unchecked} entries unchecked: written before the chain)" if self.unchecked else ""
        if self.damage:
            total = f" of {self.total}" if self.total is not None else ""
            return (f"game {self.id}: {self.game}, damaged: {self.kept}{total} entries intact{legacy}, "
                    f"then {self.damage}; {state}")
        replays = "replays" if self.replay is None else f"does not replay: {self.replay}"
        return f"game {self.id}: {self.game}, {self.kept} entries{legacy}, {state}, intact, {replays}"


@dataclass
class JournalReport:
    """A checked journal: its games, and damage not tied to one game."""

    path: str
    games: list[GameReport]
    damage: list[str]

    @property
    def intact(self) -> bool:
        return not self.damage and all(g.intact for g in self.games)


def _read_all(con: sqlite3.Connection, sql: str, params: tuple = ()) -> tuple[list[tuple], str | None]:
    """Rows until the first error: (rows, the error in words or None)."""
    rows: list[tuple] = []
    try:
        for row in con.execute(sql, params):
            rows.append(row)
    except sqlite3.Error as e:
        return rows, str(e)
    return rows, None


def _record(row: tuple) -> GameRecord:
    names = row[9] if len(row) > 9 else None      # journals from before players had names have no column
    return GameRecord(int(row[0]), row[1], json.loads(row[2]), json.loads(row[3]), json.loads(row[4]),
                      row[5], float(row[6]), row[7], json.loads(row[8]) if row[8] else None,
                      json.loads(names) if names else {})


def _open(path: str) -> sqlite3.Connection:
    if not Path(path).is_file():
        raise JournalError(f"no journal at {path}")
    try:
        con = sqlite3.connect(Path(path).absolute().as_uri() + "?mode=ro", uri=True)
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.Error as e:
        raise JournalError(f"cannot read the journal {path}: {e}") from None
    if not {"games", "entries"} <= tables:
        con.close()
        raise JournalError(f"{path} is an SQLite file but not a journal (no games/entries tables)")
    return con


def check_journal(path: str | Path, replay: bool = True) -> JournalReport:
    """Check the journal at ``path`` (read only). Raises :class:`JournalError`
    when it cannot be read at all."""
    from models.registry import get_game
    path = str(path)
    damage = []
    lost = wal_damage(path + "-wal")
    if lost:
        damage.append(lost)
    con = _open(path)
    try:
        columns = {r[1] for r in con.execute("PRAGMA table_info(entries)")}
        select = _COLUMNS if "chain" in columns else _COLUMNS.replace("chain", "NULL")
        game_columns = {r[1] for r in con.execute("PRAGMA table_info(games)")}
        games_select = _GAME_COLUMNS if "names" in game_columns else _GAME_COLUMNS.replace("names", "NULL")
        game_rows, err = _read_all(con, f"SELECT {games_select} FROM games ORDER BY id")
        if err:
            damage.append(f"the games table is damaged after game {game_rows[-1][0] if game_rows else 0}: {err}")
            ids, _ = _read_all(con, "SELECT DISTINCT game_id FROM entries")
            seen = {r[0] for r in game_rows}
            for (gid,) in ids:
                if gid not in seen:
                    game_row, err = _read_all(con, f"SELECT {games_select} FROM games WHERE id = ?", (gid,))
                    if game_row:
                        game_rows.append(game_row[0])
                    else:
                        damage.append(f"game {gid}: its game row cannot be read, its entries are lost")
            game_rows.sort(key=lambda r: r[0])
        games = []
        for row in game_rows:
            try:
                record = _record(row)
            except (ValueError, TypeError) as e:
                damage.append(f"game {row[0]}: its game row is garbled ({e}), its entries are lost")
                continue
            rep = GameReport(record.id, record.game, record.ended is not None, record.result, row=row)
            rows, err = _read_all(con, f"SELECT {select} FROM entries WHERE game_id = ? ORDER BY seq", (record.id,))
            count, _ = _read_all(con, "SELECT count(*) FROM entries WHERE game_id = ?", (record.id,))
            rep.total = int(count[0][0]) if count else None
            entries = []
            for r in rows:
                try:
                    entries.append(_entry(r))
                except (ValueError, TypeError) as e:
                    err = err or f"entry {r[1]} is garbled ({e})"
                    break
            kept, problem = intact_prefix(record, entries)
            if problem is None and err:
                problem = f"entry {kept + 1} cannot be read: {err}"
            rep.kept, rep.damage, rep.rows = kept, problem, rows[:kept]
            rep.unchecked = sum(1 for e in entries[:kept] if e.chain is None)
            if rep.total is not None and rep.total != kept and problem is None:
                rep.damage = f"{rep.total - kept} entries cannot be read"
            if replay and rep.damage is None:
                try:
                    replay_record(get_game(record.game), record, entries[:kept])
                except KeyError:
                    rep.replay = f"this companion does not know the game {record.game!r}"
                except JournalError as e:
                    rep.replay = str(e).removeprefix(f"game {record.id}: ")
            games.append(rep)
        quick, err = _read_all(con, "PRAGMA quick_check(5)")
        if err or [r[0] for r in quick] != ["ok"]:
            found = err or "; ".join(str(r[0]) for r in quick)
            damage.append(f"SQLite's own check of the file finds damage: {found}")
    finally:
        con.close()
    return JournalReport(path, games, damage)


@dataclass
class SalvageReport:
    """What :func:`salvage_journal` did: the report it salvaged from, and where the damaged file went."""

    before: JournalReport
    moved_to: str | None


def salvage_journal(path: str | Path) -> SalvageReport:
    """Keep the intact part of the journal at ``path`` (see the module doc).
    Takes the journal's lock: a running companion must be stopped first. An
    intact journal is left as it is (``moved_to`` None)."""
    path = str(path)
    fd = _take_lock(path)
    try:
        report = check_journal(path, replay=False)
        if report.intact:
            return SalvageReport(report, None)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        new = f"{path}.salvage-{stamp}"
        try:
            _write_salvage(new, report)
        except (sqlite3.Error, OSError) as e:
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(new + suffix):
                    os.unlink(new + suffix)
            raise JournalError(f"cannot write the salvaged journal {new}: {e}") from None
        aside = f"{path}.corrupt-{stamp}"
        os.rename(path, aside)
        for suffix in ("-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.rename(path + suffix, aside + suffix)
        os.rename(new, path)
        return SalvageReport(report, aside)
    finally:
        _drop_lock(fd)


def _write_salvage(new: str, report: JournalReport) -> None:
    con = sqlite3.connect(new, isolation_level=None)
    try:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.executescript(_SCHEMA)
        con.execute("BEGIN")
        for g in report.games:
            row = list(g.row or ())
            if g.damage:                  # never resume a game short: close it, say why
                row[7] = row[7] if row[7] is not None else time.time()
                result: dict[str, Any] = {"unrecoverable": f"salvaged from a damaged journal: {g.damage}; "
                                           f"entries after {g.kept} were lost"}
                if g.result:
                    result["recorded_result"] = g.result
                row[8] = json.dumps(result)
            con.execute(f"INSERT INTO games ({_GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            con.executemany(f"INSERT INTO entries ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", g.rows)
        con.execute("COMMIT")
    finally:
        con.close()
