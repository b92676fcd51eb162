"""What the journal tells the pages about one table's games: the current game's
results (JSON, or CSV for a spreadsheet), its story (every change with its time
and cause, and the public table after each) and the past games, newest first.
Each reads the journal and the game as it stands; none changes either.
"""
from __future__ import annotations

import dataclasses
import time
from typing import Any

from ..journal.results import game_summary, results_csv, results_json
from ..journal.timeline import game_story
from .broadcast import Broadcast
from .state import TableState


class GameRecords:
    """One table's results, story and past games, as the pages and the API ask for them."""

    def __init__(self, table: TableState, broadcast: Broadcast):
        self.table = table
        self.broadcast = broadcast
        self._story: tuple[tuple[int, int], dict[str, Any]] | None = None   # the story made for (game, entries)

    def results(self, as_csv: bool = False) -> Any:
        """The current game's results (:mod:`companion.journal.results`): JSON data, or CSV text."""
        view = self.broadcast.view()
        return results_csv(view) if as_csv else results_json(view)

    def story(self) -> dict[str, Any] | None:
        """The current game's story (:mod:`companion.journal.timeline`): every change with
        its time and cause, and the public table after each; None without a game."""
        t = self.table
        with t.lock:
            if t.engine is None or t.game_id is None:
                return None
            # every viewer of /story asks again after each change: the replay is made once per new entry
            key = (t.game_id, t.journal.entry_counts().get(t.game_id, 0))
            if self._story is None or self._story[0] != key:
                story = game_story(t.engine, t.journal.game(t.game_id), t.journal.entries(t.game_id))
                self._story = (key, story)
            return self._story[1]

    def past_games(self, limit: int = 100) -> list[dict[str, Any]]:
        """The journal's games, newest first (at most ``limit``), a summary each."""
        t = self.table
        with t.lock:
            records, counts = t.journal.games()[-limit:], t.journal.entry_counts()
            out = [game_summary(r, counts.get(r.id, 0)) for r in reversed(records)]
            if out and out[0]["id"] == t.game_id and out[0]["outcome"] == "open" and t.engine is not None \
                    and t.state is not None and t.engine.is_over(t.state):
                # over on the table, not yet ended on the console: its final score is known here
                record = next(r for r in records if r.id == t.game_id)
                out[0] = game_summary(dataclasses.replace(record, ended=time.time(), result=t.score_json()),
                                      out[0]["entries"])
            return out
