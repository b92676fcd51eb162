"""What every part of a live session shares: the game in play, the referee's
last word on the table, the last settled table, the recent events, the tag
faults the camera saw, and the one lock that guards them.

One :class:`TableState` per :class:`~companion.live.session.Session`. Its parts
(the game's life, the take-over, the referee's desk, the broadcast, the fault
monitor) each hold it and change it only under :attr:`TableState.lock`; none of
them keeps a copy of what is here. What a part alone uses (the broadcast's
subscribers, the monitor's clock of an unsettled table) stays in that part.
"""
from __future__ import annotations

import collections
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from models.engine import Game, IllegalAction, Prompt
from models.referee import Fit
from models.takeover import Question
from models.text import tr

from ..config import Config
from ..journal.store import Journal

log = logging.getLogger(__name__)

#: how many recent events the view shows (and a resumed game brings back)
RECENT_EVENTS = 30

#: a game to take over when the table is seen: its code, players, options, names and answers so far
Late = tuple[str, list[str], dict[str, Any], dict[str, str], dict[str, Any]]


@dataclass(eq=False)
class TableState:
    """One table's live state. ``lock`` (re-entrant) guards every field: the
    camera loop's thread, the web server's threads and the buttons all change
    it. ``indicators`` is None without LEDs and buzzer; ``pipeline`` is None
    until the camera loop starts (or given by the caller)."""

    config: Config
    journal: Journal
    indicators: Any = None
    pipeline: Any = None
    lock: threading.RLock = field(default_factory=threading.RLock)
    # the game
    engine: Game | None = None
    game_id: int | None = None
    players: list[str] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)   # seat colour -> the player's name (public), where given
    state: dict[str, Any] | None = None
    ended: bool = False
    # the referee's last word on the table
    status: str = "starting"
    prompts: list[Prompt] = field(default_factory=list)
    choices: list[Fit] = field(default_factory=list)      # explanations of a jump for the referee to pick from
    choices_complete: bool = False      # ... every one within the search's bound (Verdict.complete)
    gap_open: bool = False              # a table after a gap (or several moves) the game has not caught up with
    # the table as the camera last saw it settled, and whether something on it moves now
    snapshot: Any = None
    settling: bool = False
    # --from-table: the game to take over when the table is seen, and what it still asks
    late: Late | None = None
    # with no game open: the game the settled table's tags offer to start (models.game_from_tags.TableOffer)
    offer: Any = None
    questions: list[Question] = field(default_factory=list)
    # what the page lists: recent events, and why the journal's game was not resumed (until a new game)
    events: collections.deque[dict[str, Any]] = field(
        default_factory=lambda: collections.deque(maxlen=RECENT_EVENTS))
    refusals: list[dict[str, Any]] = field(default_factory=list)
    # the last sound cue (the page may play it), and how many so far
    cue: dict[str, Any] | None = None
    cues: int = 0
    # tags the camera cannot use: stray payloads (payload -> last seen, reason) and payloads seen twice
    rejected: dict[str, tuple[float, str]] = field(default_factory=dict)
    duplicates: list[str] = field(default_factory=list)
    # tags a lamp's reflection hides now (payload -> where it was last seen, table mm): held, told to the players
    glare: dict[str, tuple[float, float]] = field(default_factory=dict)

    def add_event(self, event: dict[str, Any]) -> None:
        """A line for the page's recent events, stamped with the time."""
        self.events.append({**event, "time": round(time.time(), 3)})

    def playing(self) -> tuple[Game, dict[str, Any]]:
        """The game being played and its state, or IllegalAction saying why there is none."""
        if self.engine is None or self.state is None:
            raise IllegalAction(tr("no game is being played: start a new game first"))
        if self.ended:
            raise IllegalAction(tr("the game has ended: start a new game"))
        return self.engine, self.state

    def over(self) -> bool:
        """The game was ended, or its rules say it is over."""
        return self.engine is not None and self.state is not None and (self.ended or self.engine.is_over(self.state))

    def score_json(self) -> dict[str, Any] | None:
        """The game's scoreboard as JSON, or None (no game, or none the engine can give yet)."""
        if self.engine is None or self.state is None:
            return None
        try:
            return self.engine.score(self.state).to_json()
        except Exception as e:  # a score the engine cannot give yet must not break the page
            log.warning("score: %s", e)
            return None

    def sound(self, cue: str) -> None:
        """Sound a cue on the buzzer, and tell the page (``indicators.cue``: its
        name and a running count) so a big screen may play it too."""
        self.cues += 1
        self.cue = {"name": cue, "n": self.cues}
        if self.indicators is not None:
            self.indicators.beep(cue)
