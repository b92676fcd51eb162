"""companion export: write a game's journal record as JSON.

The record holds the game, players, options, start state, every entry (actions,
corrections, confirmations, undos, the end) with its events and state hash, and
the final scoreboard if the game ended::

    companion export --last --out game.json
    companion export --game-id 3
    companion export --html --out game.html       # the game's story: one page, opens offline
    companion export --html --lang de --out spiel.html   # the same in German (en, de, es)

With ``--html`` it writes the game's story instead: every change with its time
and cause, and the table replayed at any step, as one HTML file that opens in any
browser without the companion; it holds only what the public page showed (a card
face down or in a hand stays hidden until the game revealed it).

It only reads the journal (a running companion may keep writing). Exit 1 when
the record was written but the journal shows damage (a gap, a broken chain, a
damaged write-ahead log); 2 when it cannot be read at all.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from models.text import LANGUAGES


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("export", help="write a game's journal record as JSON",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    which = p.add_mutually_exclusive_group()
    which.add_argument("--game-id", type=int, help="the game's journal id")
    which.add_argument("--last", action="store_true", help="the most recent game (the default)")
    p.add_argument("--out", help="output file (default: stdout)")
    p.add_argument("--html", action="store_true", help="the game's story as one HTML page (see above)")
    p.add_argument("--lang", choices=sorted(LANGUAGES), default="en",
                   help="the story page's language (with --html; default en)")
    p.add_argument("--config", help="TOML config file (for [journal] path)")
    p.add_argument("--journal", help="journal file (overrides the config)")
    return p


def run(args: argparse.Namespace) -> int:
    from companion.journal.store import JournalError

    from ._journal import open_for_reading
    opened = open_for_reading(args, "companion export")
    if isinstance(opened, int):
        return opened
    journal, path = opened
    try:
        game_id = args.game_id if args.game_id is not None else journal.last_game_id()
        if game_id is None:
            print(f"companion export: the journal {path} holds no games", file=sys.stderr)
            return 1
        try:
            record = journal.export(game_id)
            problem = journal.problem(game_id)
        except KeyError as e:
            print(f"companion export: {e.args[0]}", file=sys.stderr)
            return 2
        except JournalError as e:
            print(f"companion export: {e}", file=sys.stderr)
            return 2
        text = json.dumps(record, indent=2, ensure_ascii=False) + "\n"
        if args.html:
            text = _story_page(journal, game_id, args.lang)
        if args.out:
            try:
                with open(args.out, "w", encoding="utf-8") as fh:
                    fh.write(text)
            except OSError as e:
                print(f"companion export: cannot write {args.out}: {e.strerror or e}", file=sys.stderr)
                return 2
            print(f"wrote game {game_id} ({len(record['entries'])} entries) to {args.out}", file=sys.stderr)
        else:
            sys.stdout.write(text)
        damage = "; ".join(d for d in (journal.wal_damage, problem and f"game {game_id}: {problem}") if d)
        if damage:
            print(f"companion export: the journal {path} is damaged, the record may be incomplete: {damage} "
                  f"(see `companion journal check`)", file=sys.stderr)
            return 1
        return 0
    finally:
        journal.close()


def _story_page(journal: Any, game_id: int, lang: str) -> str:
    from companion.journal.story_html import story_html
    from companion.journal.timeline import game_story
    from models.registry import get_game
    record = journal.game(game_id)
    return story_html(game_story(get_game(record.game), record, journal.entries(game_id)), lang)
