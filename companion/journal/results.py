"""A game's results as a user takes them home: the scoreboard with every line,
the players' names, as JSON and as CSV (a spreadsheet opens it, and never runs
a name as a formula); and the games of the journal, a line each::

    results_json(view)            # {"game": ..., "players": [...], "final": true, "score": {...}}
    results_csv(view)             # seat,name,entry,what,points ... one line per scored item, then the totals
    game_summary(record, 12)      # {"id": 3, "game": "GLC", "outcome": "won by RED", ...}
"""
from __future__ import annotations

import csv
import io
from typing import Any

from models.text import tr

from ..event.standings import spreadsheet_safe

CSV_COLUMNS = ("seat", "name", "entry", "what", "points")


def results_json(view: dict[str, Any]) -> dict[str, Any]:
    """The current game's results from a public view (nothing secret: the view never holds any)."""
    game = view.get("game") or {}
    score = view.get("score") or {}
    return {"game": game.get("code"), "title": game.get("title"), "game_id": view.get("game_id"),
            "players": list(view.get("players") or []), "names": dict(view.get("names") or {}),
            "over": bool(view.get("over")), "ended": bool(view.get("ended")),
            "final": bool(score.get("final")), "score": score}


def results_csv(view: dict[str, Any]) -> str:
    """One line per explained item of every seat's score, then a ``total`` line
    per seat; a seat that scores for a team (Girls vs Ghouls) names its entry."""
    r = results_json(view)
    score, names = r["score"], r["names"]
    teams = score.get("teams") or {}
    entries = score.get("entries") or {}
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(CSV_COLUMNS)
    for seat in r["players"]:
        entry = teams.get(seat, seat)
        for line in (entries.get(entry) or {}).get("breakdown", []):
            w.writerow([seat, spreadsheet_safe(names.get(seat, "")), entry, spreadsheet_safe(line["what"]),
                        line["points"]])
    for seat in r["players"]:
        entry = teams.get(seat, seat)
        total = (entries.get(entry) or {}).get("total")
        won = entry in (score.get("winners") or [])
        w.writerow([seat, spreadsheet_safe(names.get(seat, "")), entry, "total" + (" (winner)" if won else ""),
                    "" if total is None else total])
    return buf.getvalue()


def game_summary(record: Any, entries: int) -> dict[str, Any]:
    """What a line says of one journalled game: who played, when, how it ended."""
    result = record.result or {}
    if "unrecoverable" in result:
        outcome = tr("closed: {reason}", reason=result["unrecoverable"])
    elif record.ended is None:
        outcome = tr("open")
    elif result.get("winners"):
        winners = ", ".join(result["winners"])
        outcome = tr("tie between {players}", players=winners) if result.get("tie") else \
            tr("won by {players}", players=winners)
    else:
        outcome = tr("ended")
    return {"id": record.id, "game": record.game, "players": record.players, "names": record.names,
            "started": record.started, "ended": record.ended, "entries": entries, "outcome": outcome,
            "totals": {p: e.get("total") for p, e in (result.get("entries") or {}).items()}}
