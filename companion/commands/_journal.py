"""Opening the journal to read it, for the commands that only read it
(``companion export``, ``companion games``): the config's path or ``--journal``,
read-only and without the lock, so a running companion may keep writing."""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def open_for_reading(args: argparse.Namespace, prog: str) -> tuple[Any, str] | int:
    """(journal, path), or the exit code 2 after a one-line reason on stderr."""
    from companion.config import ConfigError, load_config
    from companion.journal import Journal, JournalError
    try:
        cfg = load_config(args.config or os.environ.get("COMPANION_CONFIG") or None)
    except ConfigError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    path = args.journal or cfg.journal.path
    if not os.path.exists(path):
        print(f"{prog}: no journal at {path}", file=sys.stderr)
        return 2
    try:
        return Journal(path, readonly=True), path
    except JournalError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
