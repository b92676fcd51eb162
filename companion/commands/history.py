"""companion history: the games played, from the journal, newest first.

    companion history               # a line each: id, game, players (names), started, how it ended
    companion history --json        # one JSON object per game, per line

Each game's id is what ``companion export --game-id N`` takes. It only reads the
journal (a running companion may keep writing). Exit 2 when it cannot be read,
or when there is none yet (``companion demo`` keeps none: its journal is
temporary). The games the companion knows: ``companion games``.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("history", help="the games played (the journal), newest first",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--json", action="store_true", help="one JSON object per game, per line")
    p.add_argument("--config", help="TOML config file (for [journal] path)")
    p.add_argument("--journal", help="journal file (overrides the config)")
    return p


def run(args: argparse.Namespace) -> int:
    from companion.journal.results import game_summary
    from companion.journal.store import JournalError

    from ._journal import open_for_reading
    opened = open_for_reading(args, "companion history")
    if isinstance(opened, int):
        return opened
    journal, path = opened
    try:
        counts = journal.entry_counts()
        rows = [game_summary(r, counts.get(r.id, 0)) for r in reversed(journal.games())]
    except JournalError as e:
        print(f"companion history: {e}", file=sys.stderr)
        return 2
    finally:
        journal.close()
    if args.json:
        for row in rows:
            sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
        return 0
    if not rows:
        print(f"no games in {path}")
        return 0
    for r in rows:
        who = ", ".join(f"{p} ({r['names'][p]})" if p in r["names"] else p for p in r["players"])
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["started"]))
        totals = " ".join(f"{p} {t}" for p, t in r["totals"].items())
        print(f"{r['id']:>4}  {r['game']:<4} {when}  {who}: {r['outcome']}"
              + (f" ({totals})" if totals else "") + f", {r['entries']} entries")
    return 0
