"""Opening the journal to read it, for the commands that only read it
(``companion export``, ``companion history``): the config's path or ``--journal``,
read-only and without the lock, so a running companion may keep writing."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def open_for_reading(args: argparse.Namespace, prog: str) -> tuple[Any, str] | int:
    """(journal, path), or the exit code 2 after a one-line reason on stderr."""
    from companion.config import ConfigError, load_config
    from companion.journal.store import Journal, JournalError
    try:
        cfg = load_config(args.config or os.environ.get("COMPANION_CONFIG") or None)
    except ConfigError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    path = args.journal or cfg.journal.path
    if not os.path.exists(path):
        print(f"{prog}: no journal at {path} ({_chosen_by(args, cfg)}): no game refereed with it yet "
              "(`companion demo` keeps none: its journal is temporary)", file=sys.stderr)
        return 2
    try:
        return Journal(path, readonly=True), path
    except JournalError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2


def _chosen_by(args: argparse.Namespace, cfg: Any) -> str:
    """What named the journal's path, for a user looking for it."""
    from companion.config import default_journal_path
    if args.journal:
        return "--journal"
    if os.environ.get("COMPANION_JOURNAL_PATH"):
        return "COMPANION_JOURNAL_PATH"
    if cfg.journal.path != default_journal_path():
        return "[journal] path in the config"
    return "the default; --journal FILE or the config's [journal] path reads another"
