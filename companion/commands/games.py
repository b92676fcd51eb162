"""companion games: the games the companion knows, a line each.

    companion games                 # code, title, player counts, its page under docs/games/
    companion games --json          # one JSON object per game, per line

The code is what the other commands take for the game (``companion rules GLC
...``, ``companion run --game GLC ...``; the page's name works too). The games
played, from the journal: ``companion history``.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("games", help="the games the companion knows: code, title, players, rules page",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--json", action="store_true", help="one JSON object per game, per line")
    return p


def docs_page(slug: str) -> str:
    """The game's page (``docs/games/<slug>.md``), as short a path as reads from here."""
    from companion.examples import ROOT
    page = ROOT / "docs" / "games" / f"{slug}.md"
    try:
        return str(page.relative_to(Path.cwd()))
    except ValueError:
        return str(page)


def run(args: argparse.Namespace) -> int:
    from models.registry import broken, game_classes
    classes = game_classes()
    rows = [{"code": c.code, "title": c.title, "slug": c.slug, "min_players": c.min_players,
             "max_players": c.max_players, "docs": docs_page(c.slug)} for c in classes]
    if args.json:
        for row in rows:
            sys.stdout.write(json.dumps(row, ensure_ascii=False) + "\n")
    else:
        width = max((len(str(r["title"])) for r in rows), default=0)
        for r in rows:
            players = (f"{r['min_players']} players" if r["min_players"] == r["max_players"]
                       else f"{r['min_players']}-{r['max_players']} players")
            print(f"{r['code']:<4} {r['title']:<{width}}  {players:<12} {r['docs']}")
    for name, why in sorted(broken.items()):
        print(f"companion games: the game in models/{name} cannot be loaded: {why}", file=sys.stderr)
    return 1 if broken else 0
