"""Taking a game over as it lies on the table: the companion was started late,
or restarted with no journal, and the game is already under way.

The last settled table is read into the game's state directly
(``Game.from_table``); what the table cannot tell (whose turn, which round) is
asked as the game's ``takeover_questions``, on the console or the terminal. A
game that cannot be read that way is followed from its setup by the referee's
search. ``companion run --from-table`` waits for the first settled table
(:meth:`TakeOver.when_seen`), and tries again at each next one until it works.
"""
from __future__ import annotations

from typing import Any

from models.engine import Game, GameSetupError, IllegalAction, Prompt
from models.referee import LATE_DEPTH
from models.takeover import Unanswered, answers_for
from models.text import concat, tr, trn

from .broadcast import Broadcast
from .desk import RefereeDesk
from .game_life import GameLife, game_setup, player_names
from .state import TableState


class TakeOver:
    """One table's take-over of a game under way."""

    def __init__(self, table: TableState, life: GameLife, desk: RefereeDesk, broadcast: Broadcast):
        self.table = table
        self.life = life
        self.desk = desk
        self.broadcast = broadcast

    def when_seen(self, game_code: str, players: list[str], options: dict[str, Any] | None = None,
                  names: dict[str, str] | None = None, answers: dict[str, Any] | None = None) -> None:
        """``companion run --from-table``: take the game over as it lies (see
        :meth:`take_over`) at the first settled table, and at each next one
        until it works (the page says why it did not, and shows the questions
        still to answer: :meth:`answer`)."""
        _, players, opts = game_setup(game_code, players, options)
        self.table.late = (game_code, players, opts, player_names(players, names), dict(answers or {}))

    def answer(self, answers: dict[str, Any]) -> None:
        """Answers to the questions a waiting take-over asked (the terminal's or
        the page's form), tried at once on the last settled table. Raises
        :class:`~models.takeover.Unanswered` while questions stay open,
        GameSetupError for a bad answer (not kept), IllegalAction when the
        table is no position of the game (the answers are kept: the next
        settled table is tried with them)."""
        t = self.table
        if t.late is None:
            raise IllegalAction(tr("no game is waiting to be taken over"))
        code, players, opts, names, given = t.late
        with t.lock:
            if t.snapshot is None:
                t.late = (code, players, opts, names, {**given, **answers})
                return
            try:
                self.take_over(code, players, opts, names, {**given, **answers})
            except Unanswered:
                raise
            except IllegalAction:
                t.late, t.questions = (code, players, opts, names, {**given, **answers}), []
                self.broadcast.publish()
                raise

    def try_now(self) -> None:
        """A settled table while a take-over waits: try it; the page says why it did not work."""
        t = self.table
        assert t.late is not None
        code, players, options, names, answers = t.late
        try:
            self.take_over(code, players, options, names, answers)
        except Unanswered as e:
            t.status, t.prompts = "no_game", [Prompt(tr("Waiting to take the game over: {reason}.",
                                                        reason=e.reason), None, "todo")]
            self.broadcast.publish()
            return
        except (IllegalAction, GameSetupError) as e:
            reason = e.reason if isinstance(e, IllegalAction) else str(e)
            t.questions = []
            t.status, t.prompts = "no_game", [Prompt(tr("Waiting to take the game over: {reason}.",
                                                        reason=reason), None, "warning")]
            self.broadcast.publish()
            return
        t.late = None

    def take_over(self, game_code: str, players: list[str] | str, options: dict[str, Any] | None = None,
                  names: dict[str, str] | None = None, answers: dict[str, Any] | None = None) -> int:
        """Start a game that is already under way on the table ("take the game as
        it lies": the companion was started late, or restarted with no journal).

        The last settled table is read into the game's state directly
        (``Game.from_table``): what the camera sees exactly, what no camera can
        see as counts, and what the table cannot tell at all (whose turn, which
        round) from ``answers`` to the game's ``takeover_questions``. Missing
        answers raise :class:`models.takeover.Unanswered` with the questions
        (the form to show), changing nothing. The game starts from that state,
        journalled as "taken over as it lies" with the answers; no history
        before it is invented.

        A game that cannot be read that way is followed from its setup by the
        referee's search (``Game.referee(..., late=True)``: no guesses, at most
        ``models.referee.LATE_DEPTH`` moves): the only explanation is journalled
        as the moves so far (a ``confirm`` entry); several wait on the console
        for the referee's pick. What the table cannot show is said in an event
        (the game's ``late_notes``). Raises IllegalAction, changing nothing,
        when there is no settled table yet or nothing explains it; KeyError or
        GameSetupError as :meth:`GameLife.new_game` (and for a bad answer)."""
        engine, players, opts = game_setup(game_code, players, options)
        player_names(players, names)       # refused before anything changes
        t = self.table
        with t.lock:
            snapshot = t.snapshot
            if snapshot is None:
                raise IllegalAction(tr("cannot take the game as it lies: the camera has not seen a settled table "
                                       "yet"))
            setup = engine.setup(players, opts)
            reading = engine.read(setup, snapshot)
            given, missing = answers_for(engine.takeover_questions(players, opts, reading), answers or {})
            if missing:         # the form: asked on the console, tried again with the answers
                t.late = (engine.code, players, opts, player_names(players, names), dict(answers or {}))
                t.questions = missing
                self.broadcast.publish()
                raise Unanswered(missing)
            start = engine.from_table(players, opts, reading, given)
            if start is not None:
                return self._taken_over(engine, players, opts, names, start, given, snapshot)
            verdict = engine.referee(setup, snapshot, late=True)
            if verdict.status not in ("in_sync", "applied") and not verdict.choices:
                raise IllegalAction(tr("cannot take the game as it lies: no sequence of legal moves from the setup "
                                       "explains the table (the companion follows a game from its start, at most "
                                       "{moves} moves); start a new game and correct it on the console",
                                       moves=LATE_DEPTH))
            game_id = self.life.new_game(game_code, players, opts, names)
            t.snapshot = snapshot
            t.late, t.questions = None, []
            if verdict.status == "applied":
                self.desk.commit("confirm", verdict.actions, verdict.state, verdict.events,
                                 note=f"taken over as it lies: {len(verdict.actions)} moves inferred from the setup")
                self.desk.check_table()
                said = trn("Taken over as it lies: {n} move inferred from the start.",
                           "Taken over as it lies: {n} moves inferred from the start.", len(verdict.actions))
            elif verdict.choices:
                t.status, t.prompts, t.choices = "waiting", list(verdict.prompts), list(verdict.choices)
                t.choices_complete = verdict.complete
                said = trn("Taken over as it lies: {n} way the game may have gone: the referee picks it on the "
                           "console.",
                           "Taken over as it lies: {n} ways the game may have gone: the referee picks one on the "
                           "console.", len(verdict.choices))
            else:
                said = tr("Taken over as it lies: nothing played yet.")
            text = concat(said, *engine.late_notes, sep=" ") if engine.late_notes else said
            t.add_event({"type": "take_over", "text": text})
            self.broadcast.publish()
            return game_id

    def _taken_over(self, engine: Game, players: list[str], opts: dict[str, Any], names: dict[str, str] | None,
                    start: dict[str, Any], answers: dict[str, Any], snapshot: Any) -> int:
        """Start the game read from its table: the journal keeps that state as the
        game's start and one entry saying it was taken over, with the answers."""
        t = self.table
        game_id = self.life.new_game(engine.code, players, opts, names, start=start)
        t.snapshot = snapshot
        t.late, t.questions = None, []
        told = ", ".join(f"{k}={v}" for k, v in sorted(answers.items()))
        self.desk.commit("confirm", [], start, [], note="taken over as it lies: read from the table"
                         + (f"; answers: {told}" if told else ""))
        self.desk.check_table()
        t.add_event({"type": "take_over",
                     "text": tr("Taken over as it lies: the game goes on from the table as it is now.")})
        self.broadcast.publish()
        return game_id
