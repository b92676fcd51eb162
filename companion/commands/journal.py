"""companion journal: check a journal file for damage, or salvage its intact part.

``check`` reads the file (and its write-ahead log) without changing anything and
prints, for every game, its entries, whether they are intact (numbered 1..n,
chained, readable) and whether the game replays. Exit 0: all intact; 1: damage
found; 2: the file cannot be read at all::

    companion journal check /var/lib/table-companion/journal.sqlite

``salvage`` copies every game and its intact entries (up to the first damage)
to a new journal, moves the damaged file aside as FILE.corrupt-<time> and puts
the salvaged one at FILE, then prints what was kept and what was lost. Stop the
companion first (it holds the journal)::

    companion journal salvage /var/lib/table-companion/journal.sqlite
"""
from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("journal", help="check a journal file for damage, or salvage its intact part",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    what = p.add_subparsers(dest="journal_command", metavar="check|salvage", required=True)
    c = what.add_parser("check", help="report which games and entries are intact (exit 0 intact, 1 damaged, "
                                      "2 unreadable)")
    c.add_argument("file", metavar="FILE", help="the journal file")
    s = what.add_parser("salvage", help="keep the intact games and entries; move the damaged file aside")
    s.add_argument("file", metavar="FILE", help="the journal file")
    return p


def run(args: argparse.Namespace) -> int:
    from companion.journal.repair import check_journal, salvage_journal
    from companion.journal.store import JournalError
    name = f"companion journal {args.journal_command}"
    try:
        if args.journal_command == "check":
            report = check_journal(args.file)
        else:
            done = salvage_journal(args.file)
            report = done.before
    except (JournalError, OSError) as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 2
    if args.journal_command == "check":
        print(f"journal {report.path}: {len(report.games)} games")
        for g in report.games:
            print(g.line())
        for d in report.damage:
            print(f"damage: {d}")
        print("all intact" if report.intact else "damage found (`companion journal salvage` keeps the intact part)")
        return 0 if report.intact else 1
    if done.moved_to is None:
        print(f"the journal {report.path} is intact: nothing to salvage")
        return 0
    for g in report.games:
        if g.damage:
            total = f" of {g.total}" if g.total is not None else ""
            print(f"game {g.id} ({g.game}): kept {g.kept}{total} entries; lost the rest ({g.damage})")
        else:
            print(f"game {g.id} ({g.game}): kept all {g.kept} entries")
    for d in report.damage:
        print(f"damage: {d}")
    print(f"the damaged file is now {done.moved_to}; the salvaged journal is {report.path}")
    return 0
