"""The game's life at one table: a game starts (:meth:`GameLife.new_game`), is
resumed from the journal after a restart (:meth:`GameLife.resume`), ends
(:meth:`GameLife.end_game`) and may be reopened when its end was a mistake
(:meth:`GameLife.reopen`). Each step is journalled, and the page says it.

A game the journal cannot resume never blocks the next one: it is closed as
unrecoverable with its entries kept, and the page says why until a new game
starts. Taking a game over as it lies on the table is
:mod:`companion.live.takeover`.
"""
from __future__ import annotations

import logging
from typing import Any

from models.engine import Game, GameSetupError, IllegalAction, Prompt
from models.jsonio import cut
from models.registry import get_game
from models.text import tr, trn

from ..journal.store import JournalError, replay
from .broadcast import Broadcast
from .desk import RefereeDesk
from .state import RECENT_EVENTS, TableState

log = logging.getLogger(__name__)

#: the longest player name (a name is public: the page, the event page, the results)
NAME_MAX = 32


def player_names(players: list[str], names: dict[str, str] | None) -> dict[str, str]:
    """The players' names, checked: seat colour -> name, for the seats given a
    name (whitespace collapsed, at most :data:`NAME_MAX` printable characters;
    an empty name means none). Raises GameSetupError naming the seat::

        player_names(["RED", "BLUE"], {"RED": "  Ana  "})   # {"RED": "Ana"}
    """
    if names is None:
        return {}
    if not isinstance(names, dict):
        raise GameSetupError(tr("names: give each seat's name as {{seat: name}}"))
    out = {}
    for seat, name in names.items():
        if seat not in players:
            raise GameSetupError(tr("names: {seat!r} is not a seat in this game ({seats})", seat=cut(seat),
                                    seats=", ".join(players)))
        if not isinstance(name, str):
            raise GameSetupError(tr("names: {seat}'s name must be text", seat=seat))
        name = " ".join(name.split())
        if len(name) > NAME_MAX or not name.isprintable():
            raise GameSetupError(tr("names: {seat}'s name must be at most {max} printable characters", seat=seat,
                                    max=NAME_MAX))
        if name:
            out[seat] = name
    return out


def game_setup(game_code: str, players: list[str] | str, options: dict[str, Any] | None
               ) -> tuple[Game, list[str], dict[str, Any]]:
    """The game, its players (a list, or "RED, BLUE") and its options, checked.
    Raises KeyError (no such game) or GameSetupError (a ValueError)."""
    if isinstance(players, str):
        players = [p for p in players.replace(" ", ",").split(",") if p]
    engine = get_game(game_code)
    return engine, engine.check_players(players), engine.resolve_options(options or {})


class GameLife:
    """Starting, resuming, ending and reopening one table's game."""

    def __init__(self, table: TableState, desk: RefereeDesk, broadcast: Broadcast):
        self.table = table
        self.desk = desk
        self.broadcast = broadcast

    def new_game(self, game_code: str, players: list[str] | str, options: dict[str, Any] | None = None,
                 names: dict[str, str] | None = None, start: dict[str, Any] | None = None) -> int:
        """Start a game (ending the current one, if any); returns its journal id.
        ``names``: seat colour -> the player's name (public: the page, the
        results); ``start``: the state it starts from, the game's setup when
        None (a game taken over as it lies starts where its table is). Raises
        KeyError (no such game) or GameSetupError (a ValueError)."""
        engine, players, opts = game_setup(game_code, players, options)
        named = player_names(players, names)
        state = engine.setup(players, opts) if start is None else start
        t = self.table
        with t.lock:
            if t.engine is not None and t.game_id is not None and t.state is not None and not t.ended:
                t.journal.end_game(t.game_id, t.state, t.score_json(), note="replaced by a new game")
            t.game_id = t.journal.start_game(engine.code, players, opts, state, names=named)
            t.engine, t.players, t.state, t.ended = engine, list(players), state, False
            t.names = named
            t.events.clear()
            for refusal in t.refusals:      # why the journal's game was not resumed stays on the page
                t.events.append(refusal)
            t.refusals = []
            t.add_event({"type": "new_game", "text": tr("New game of {game}: {players}.", game=engine.title,
                                                        players=", ".join(players))})
            # the table seen so far belongs to the old game: referee from the next settled change
            t.snapshot = None
            self.desk.check_table()
            self.broadcast.publish()
            return t.game_id

    def resume(self) -> bool:
        """Resume the journal's open game, if any: check its entries (numbered
        1..n, chained), replay its actions from the start state through the
        engine and check the recorded hash. True if resumed.

        A game that cannot be resumed that way (or whose latest changes the
        journal lost) never blocks a new one: it is closed as unrecoverable with
        every entry kept, and the page and the log say why; False is returned."""
        t = self.table
        record = t.journal.open_game()
        lost = t.journal.wal_damage
        if record is None:
            if lost:
                self._refuse(tr("The journal {path} lost recent changes: {lost}.", path=str(t.journal.path),
                                lost=lost))
            return False
        try:
            if lost:
                raise JournalError(f"the journal lost its latest changes: {lost}")
            try:
                engine = get_game(record.game)
            except KeyError:
                raise JournalError(f"this companion does not know the game {record.game!r}") from None
            state, standing = replay(engine, t.journal, record.id)
        except JournalError as e:
            reason = str(e).removeprefix(f"game {record.id}: ")
            t.journal.close_unrecoverable(record.id, reason)
            self._refuse(tr("Game {id} of {game} cannot be resumed: {reason}. It is closed as unrecoverable "
                            "(its entries are kept in the journal): take it over as it lies on the table (the "
                            "console's “Take over the game as it lies”, or companion run --from-table), or start a new "
                            "game.",
                            id=record.id, game=record.game, reason=reason))
            return False
        with t.lock:
            t.engine, t.game_id, t.players = engine, record.id, list(record.players)
            t.names = dict(record.names)
            t.state, t.ended = state, False
            t.events.clear()
            for entry in t.journal.entries(record.id)[-RECENT_EVENTS:]:
                for ev in entry.events:
                    t.events.append({**ev, "kind": entry.kind, "entry": entry.seq, "time": round(entry.time, 3)})
            t.add_event({"type": "resumed", "text": trn("Resumed game {id} of {game} after {n} applied change.",
                                                        "Resumed game {id} of {game} after {n} applied changes.",
                                                        len(standing), id=record.id, game=engine.title)})
            self.desk.check_table()
            self.broadcast.publish()
        return True

    def _refuse(self, text: str) -> None:
        """Show and log why the journal's game was not resumed (until a new game starts)."""
        log.error("%s", text)
        t = self.table
        with t.lock:
            t.add_event({"type": "unrecoverable", "text": text})
            t.refusals.append(t.events[-1])
            t.prompts = [Prompt(text, None, "error")]
            self.broadcast.publish()

    def end_game(self) -> dict[str, Any] | None:
        """End the game now and return its scoreboard (journalled)."""
        t = self.table
        with t.lock:
            _, state = t.playing()
            assert t.game_id is not None
            score = t.score_json()
            t.journal.end_game(t.game_id, state, score)
            t.ended = True
            t.add_event({"type": "end", "text": tr("The game was ended; final scores are shown.")})
            self.broadcast.publish()
            return score

    def reopen(self) -> None:
        """Take the ended game up again where it was (an End tapped by mistake);
        journalled as a ``reopen`` entry, so the end stays on record."""
        t = self.table
        with t.lock:
            if t.engine is None or t.state is None or t.game_id is None or not t.ended:
                raise IllegalAction(tr("there is no ended game to reopen"))
            other = t.journal.open_game()
            if other is not None and other.id != t.game_id:
                raise IllegalAction(tr("another game has started since: only the game just ended can be reopened"))
            t.journal.append(t.game_id, "reopen", None, [], t.state, note="reopened")
            t.ended = False
            t.add_event({"type": "reopen", "text": tr("The game was reopened: play on.")})
            self.broadcast.publish()
