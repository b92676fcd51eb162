"""The event's standings: every player in every game played, from the
published results (``tc.result/1``), ranked within each game: Candy Crave's
~170 points and The Closest Ghost's 5-8 are never added together.

A player is their name (letters compared without case or extra spaces); a seat
with no name is its own player, "RED at t1". Each finished game counts one game
played of its kind, a win when the player's seat (or team) won, and the seat's
points (a seat that scores no entry of its own, Girls vs Ghouls' Reporter,
adds none).

Order within a game, the tie rules stated on the page: most wins; then most
points; then fewer games played; players equal on all three share a rank (and
are listed by name). Games are listed by title.

    >>> rows = standings([result])     # result: a tc.result/1 payload
    >>> rows[0]["game"], rows[0]["name"], rows[0]["rank"], rows[0]["wins"]
    ('The Closest Ghost', 'Ana', 1, 1)
"""
from __future__ import annotations

import csv
import io
import math
from collections.abc import Iterable, Mapping
from typing import Any

TIE_RULES = ("most wins", "then most points", "then fewer games played",
             "players equal on all three share a rank")
CSV_COLUMNS = ("game", "rank", "name", "games", "wins", "points", "tables")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def result_problem(result: Any) -> str | None:
    """What in a result (``tc.result/1``, docs/schemas/tc.result.1.json) would
    stop the standings or the event page, in words; None: it may be taken. The
    hub asks it of every result a table publishes, so one table's malformed
    result (a bug, another version) is refused alone instead of stopping every
    table's standings (they are computed over all the results, and a result is
    retained by the broker, so it would come back after every restart)::

        >>> result_problem({"game": {"code": "GLC", "title": "Ghosts Love Candy"}, "ended": 1.0,
        ...                 "seats": [{"seat": "RED", "name": "Ana", "named": True, "points": "lots", "won": True}],
        ...                 "winners": ["Ana"], "tie": False})
        "seat 1: 'points' must be a whole number or null"
    """
    if not isinstance(result, dict):
        return "not an object"
    game = result.get("game")
    if not isinstance(game, dict) or not all(isinstance(game.get(k), str) for k in ("code", "title")):
        return "'game' must be an object with a code and a title"
    if not _number(result.get("ended")) or ("started" in result and not _number(result["started"])):
        return "'started' and 'ended' must be times (numbers)"
    seats = result.get("seats")
    if not isinstance(seats, list) or not seats:
        return "'seats' must be a list of at least one seat"
    for n, seat in enumerate(seats, start=1):
        if not isinstance(seat, dict):
            return f"seat {n}: not an object"
        if not all(isinstance(seat.get(k), str) for k in ("seat", "name")):
            return f"seat {n}: 'seat' and 'name' must be text"
        if not isinstance(seat.get("named"), bool) or not isinstance(seat.get("won"), bool):
            return f"seat {n}: 'named' and 'won' must be true or false"
        if seat.get("points") is not None and not _whole(seat["points"]):
            return f"seat {n}: 'points' must be a whole number or null"
        if "team" in seat and not isinstance(seat["team"], str):
            return f"seat {n}: 'team' must be text"
    winners = result.get("winners")
    if not isinstance(winners, list) or not all(isinstance(w, str) for w in winners):
        return "'winners' must be a list of names"
    if not isinstance(result.get("tie"), bool):
        return "'tie' must be true or false"
    return None


def player_key(seat: Mapping[str, Any], table: str) -> tuple[str, str]:
    """(key, shown name) of the player at a result's seat."""
    if seat.get("named"):
        name = " ".join(str(seat["name"]).split())
        return name.casefold(), name
    shown = f"{seat.get('seat')} at {table}"
    return shown.casefold(), shown


def standings(results: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per player and game, by game title, best first within each game:
    game (its title), code, rank, name, games, wins, points, the tables they
    played it at."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for r in results:
        table = str(r.get("table", "?"))
        game = r.get("game") or {}
        title, code = str(game.get("title", "?")), str(game.get("code", "?"))
        for seat in r.get("seats", []):
            key, shown = player_key(seat, table)
            row = rows.setdefault((title, key), {"game": title, "code": code, "name": shown, "games": 0, "wins": 0,
                                                 "points": 0, "tables": set()})
            row["games"] += 1
            row["wins"] += 1 if seat.get("won") else 0
            row["points"] += int(seat.get("points") or 0)
            row["tables"].add(table)
    ordered = sorted(rows.values(), key=lambda r: (r["game"].casefold(), -r["wins"], -r["points"], r["games"],
                                                   r["name"].casefold()))
    out: list[dict[str, Any]] = []
    previous: tuple[str, int, int, int] | None = None
    rank = n = 0
    for row in ordered:
        n = 1 if not out or out[-1]["game"] != row["game"] else n + 1
        standing = (row["game"], row["wins"], row["points"], row["games"])
        if standing != previous:
            rank, previous = n, standing
        out.append({**row, "rank": rank, "tables": sorted(row["tables"])})
    return out


def standings_csv(rows: Iterable[Mapping[str, Any]]) -> str:
    """The standings as CSV (a spreadsheet opens it): one header line, then a
    line per player; lists are joined with "; "."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for row in rows:
        w.writerow(["; ".join(row[c]) if isinstance(row[c], list) else spreadsheet_safe(row[c]) for c in CSV_COLUMNS])
    return buf.getvalue()


def spreadsheet_safe(value: Any) -> Any:
    """A cell a spreadsheet shows as text, never runs: a leading = + - @ is escaped."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
