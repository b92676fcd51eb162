"""``companion games`` lists the games the companion knows; ``companion history``
the games played (the journal), and says where it looked when there is none."""
from __future__ import annotations

import json
import os
import subprocess

from companion.examples import ROOT
from tests.support.cli import COMPANION


def companion(*args: str, env: dict | None = None, cwd=ROOT) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    return subprocess.run([*COMPANION, *args], capture_output=True, text=True, cwd=cwd, timeout=120,
                          env={**base, **(env or {})})


def test_games_lists_the_five_games_with_players_and_page():
    run = companion("games")
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "CCR  Candy Crave        2-5 players  docs/games/candy-crave.md",
        "GAH  Ghost at Home      2-4 players  docs/games/ghost-at-home.md",
        "GLC  Ghosts Love Candy  3-6 players  docs/games/ghosts-love-candy.md",
        "GVG  Girls vs Ghouls    4-7 players  docs/games/girls-vs-ghouls.md",
        "TCG  The Closest Ghost  2 players    docs/games/the-closest-ghost.md",
    ]
    rows = [json.loads(line) for line in companion("games", "--json").stdout.splitlines()]
    assert rows[2] == {"code": "GLC", "title": "Ghosts Love Candy", "slug": "ghosts-love-candy", "min_players": 3,
                       "max_players": 6, "docs": "docs/games/ghosts-love-candy.md"}
    assert all((ROOT / r["docs"]).is_file() for r in rows)


def test_games_from_elsewhere_names_the_pages_in_full(tmp_path):
    run = companion("games", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].endswith(str(ROOT / "docs" / "games" / "candy-crave.md"))


def test_history_without_a_journal_says_where_it_looked_and_that_the_demo_keeps_none(tmp_path):
    journal = tmp_path / "journal.sqlite"
    run = companion("history", env={"COMPANION_JOURNAL_PATH": str(journal)})
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.splitlines() == [
        f"companion history: no journal at {journal} (COMPANION_JOURNAL_PATH): no game refereed with it yet "
        "(`companion demo` keeps none: its journal is temporary)"]
    given = companion("history", "--journal", str(journal))
    assert given.returncode == 2 and f"no journal at {journal} (--journal)" in given.stderr


def test_games_and_history_help_say_which_is_which():
    top = companion("--help").stdout
    assert "the games the companion knows" in top and "the games played (the journal)" in top
