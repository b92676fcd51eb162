"""The referee's desk: every change to the game in play goes through here and
into the journal before anyone sees it.

The camera's settled tables are refereed (:meth:`RefereeDesk.referee`), and the
referee at the table changes the game from the console or the two buttons:
``apply`` (something the camera cannot see), ``correct``, ``confirm`` (the
companion's best reading, or the referee's pick among a jump's explanations),
``undo`` (the journal replayed without its last standing change), ``fill_in``
(a card's missing words) and ``note``. Each writes the journal first
(:meth:`RefereeDesk.commit`), then compares the table with the new state and
publishes the view. A refusal (IllegalAction, MalformedAction) changes nothing.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

from models.engine import Action, Event, Game, IllegalAction, MalformedAction
from models.referee import Fit, first_legal
from models.registry import get_game
from models.text import Text, tr

from ..journal.store import applied_entries
from ..journal.timeline import undone_text
from . import secret_tags
from .broadcast import Broadcast
from .catalog_edit import override_folder, set_value, use_overrides_in
from .state import TableState

log = logging.getLogger(__name__)

#: what the public is told of a change whose actions say nothing themselves: never
#: the actions (an action may hold a secret: a Love card dealt, a ghost chosen)
_SILENT_CHANGE = {"action": tr("Change applied"), "correction": tr("Correction applied"),
                  "confirm": tr("Reading confirmed")}

#: what the page says when the rules refuse a button at the table, by button
_BUTTON_REFUSED = {"confirm": tr("Confirm button: {reason}", reason=""),
                   "undo": tr("Undo button: {reason}", reason="")}


def _undone_text(entry: Any, recent: Any = ()) -> str:
    """The public words for undoing a journal entry: its own (public) events,
    never its actions; as the recent events said them (translatable) when
    they still hold the same words."""
    texts: list[str] = [str(ev.get("text")) for ev in entry.events or [] if isinstance(ev, dict) and ev.get("text")]
    said = [ev["text"] for ev in recent if ev.get("entry") == entry.seq and ev.get("text")]
    return undone_text(entry.seq, said if said == texts else texts)


class RefereeDesk:
    """The referee's operations on one table's game, and the journal's writing of them."""

    def __init__(self, table: TableState, broadcast: Broadcast):
        self.table = table
        self.broadcast = broadcast
        self._by_button = False           # a table button's operation is running (journal notes say so)

    # ------------------------------------------------------------------ the camera's tables

    def referee(self, snapshot: Any, gap: bool) -> None:
        """Referee a new settled table (``gap``: the camera may have missed moves
        since the last one), journal what is applied, show it. Raises JournalError
        when the journal cannot write an applied change: nothing changed."""
        t = self.table
        if t.engine is None or t.state is None or t.ended or t.engine.is_over(t.state):
            self.broadcast.publish()
            return
        self._referee(snapshot, gap, sound=True)
        self.broadcast.publish()

    def _referee(self, snapshot: Any, gap: bool, sound: bool, note: str = "") -> None:
        """The camera's table refereed against the game: applied and journalled
        when one reading explains it, else the referee's word (``sound``: beep a
        table newly out of sync). While explanations of the last table wait for
        the referee's pick, the players may have played on: the table is read
        on from each of them (``Game.referee_on``), never as one change from
        the state before the camera's gap. Nor is any table while the game has
        not caught up with one read after a gap, or with one that several
        sequences explain (``gap_open``): it may still hold those moves."""
        t = self.table
        assert t.engine is not None and t.state is not None
        opened = gap or t.gap_open or bool(t.choices)
        if t.choices:     # they hold the gap already: read on from them as the camera saw this table
            verdict = t.engine.referee_on(t.state, t.choices, snapshot, complete=t.choices_complete, gap=gap)
        else:
            verdict = t.engine.referee(t.state, snapshot, gap=opened)
        if verdict.status == "applied":
            self.commit("action", verdict.actions, verdict.state, verdict.events, note=note)
        elif verdict.status == "out_of_sync" and sound:
            new_prompts = [p.text for p in verdict.prompts] != [p.text for p in t.prompts]
            if t.status != "out_of_sync" or new_prompts:
                t.sound("illegal")
        t.status = verdict.status
        t.prompts = list(verdict.prompts)
        t.choices, t.choices_complete = list(verdict.choices), verdict.complete
        t.gap_open = opened and verdict.status not in ("in_sync", "applied")

    def follow_table(self) -> None:
        """After a move entered on the console (one no camera sees: a card
        discarded face down, a Trick laid on a stack), the camera's last settled
        table is read again from the new state, as a table settled after a gap
        (the camera could not follow it step by step, so it may hold more than
        one move): what it shows beyond the entered move is applied by itself
        when the search is sure of it (the referee enters only what the camera
        cannot see; the companion follows the rest), else the page says what it
        needs, as after any settled table. An undo never follows the table: the
        camera does not apply again what the referee took back until the table
        changes."""
        t = self.table
        eng, state = t.engine, t.state
        if t.snapshot is None or eng is None or state is None or t.ended or eng.is_over(state):
            self.check_table()
            return
        if eng.same_table(eng.expected_table(state), eng.read(state, t.snapshot)):
            self.check_table()
            return
        # read as after a gap: a table the camera could not follow step by step may hold more than one move
        self._referee(t.snapshot, True, sound=False, note="the camera's table, read again after the referee's entry")

    def check_table(self) -> None:
        """After a referee operation: compare the last settled table with the new
        state without applying anything (an undo must not be re-applied by the
        camera until the table changes)."""
        t = self.table
        eng, state = t.engine, t.state
        t.choices = []
        if eng is None or state is None:
            t.status, t.prompts = "starting", []
            return
        if t.snapshot is None:
            t.status, t.prompts = "starting", eng.prompts(state)
            return
        reading = eng.read(state, t.snapshot)
        expected = eng.expected_table(state)
        if eng.same_table(expected, reading):
            t.status, t.prompts = "in_sync", eng.prompts(state)
        else:
            status, prompts = eng.explain(state, expected, reading)
            t.status, t.prompts = status, list(prompts)

    def commit(self, kind: str, actions: list[Action], new_state: dict[str, Any], events: list[Event],
               note: str = "") -> None:
        """Journal first (durably), then make the change visible."""
        t = self.table
        assert t.game_id is not None
        note = self._noted(note)
        seq = t.journal.append(t.game_id, kind, [a.to_json() for a in actions],
                               [e.to_json() for e in events], new_state, note)
        t.state = new_state
        t.choices, t.gap_open = [], False
        if not events and actions:
            events = [Event(kind, _SILENT_CHANGE.get(kind, tr("Change applied")))]
        for e in events:
            t.add_event({**e.to_json(), "kind": kind, "entry": seq})
        alerts = t.engine.alerts if t.engine is not None else {}
        alert = next((alerts[e.type] for e in events if e.type in alerts), None)
        if alert:
            t.sound(alert)

    def _noted(self, note: str) -> str:
        """A journal note, marked when a button on the table made the change."""
        return (f"button: {note}" if note else "button") if self._by_button else note

    # ------------------------------------------------------------------ the referee's operations

    def _parse(self, action_json: Any) -> list[Action]:
        engine = self.table.playing()[0]
        data = action_json
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as e:
                raise MalformedAction(f"not JSON: {e.msg} at character {e.pos}") from None
        items = data if isinstance(data, list) else [data]
        if not items:
            raise MalformedAction("no action given")
        return [engine.parse_action(d) for d in items]

    def apply(self, action_json: Any, note: str = "referee", kind: str = "action") -> list[dict[str, Any]]:
        """Apply an action (or a list of them, as one change) from the console,
        e.g. something the camera cannot see, then follow the camera's table on
        from it (:meth:`follow_table`); ``kind="correction"`` for one the
        referee typed in to put the game right (the table is only compared).
        Returns its events; raises MalformedAction or IllegalAction (and
        nothing changes)."""
        with self.table.lock:
            actions = self._parse(action_json)
            engine, state = self.table.playing()
            new_state, events = engine.apply_all(state, actions)  # IllegalAction: nothing changes
            self.commit(kind, actions, new_state, events, note=note)
            if kind == "action":
                self.follow_table()
            else:
                self.check_table()
            self.broadcast.publish()
            return [e.to_json() for e in events]

    def confirm(self, choice: int | None = None) -> list[dict[str, Any]]:
        """Accept the companion's best reading of the table as it is: after a
        jump the camera did not follow, the explanation the referee picked
        (``choice``, 1-based, among the view's ``choices``; not needed when there
        is one); otherwise the first legal action sequence the game proposes for
        the difference (an ambiguous reading, or a chore the camera cannot
        confirm by itself)."""
        t = self.table
        with t.lock:
            engine, state = t.playing()
            if t.snapshot is None:
                raise IllegalAction(tr("nothing to confirm: the camera has not seen a settled table yet"))
            if t.choices:
                return self._confirm_choice(engine, state, choice)
            if choice is not None:
                raise IllegalAction(tr("nothing to choose: no missed moves are waiting for the referee's pick"))
            reading = engine.read(state, t.snapshot)
            if engine.same_table(engine.expected_table(state), reading):
                chore = first_legal(engine, state, engine.chores(state))
                if chore is not None:          # done by hand, nothing moved: one confirm
                    return self._confirmed(chore, "referee confirmed a chore done by hand, nothing moved")
                raise IllegalAction(tr("nothing to confirm: the table already matches the game"))
            fit = first_legal(engine, state, engine.candidates(state, reading))
            if fit is not None:
                return self._confirmed(fit, "referee confirmed the table's reading")
            raise IllegalAction(tr("nothing to confirm: no legal change explains what the table shows; "
                                   "put the table back as shown, or correct the game by hand"))

    def _confirm_choice(self, engine: Game, state: dict[str, Any], choice: int | None) -> list[dict[str, Any]]:
        choices = self.table.choices
        n = len(choices)
        if choice is None and n > 1:
            raise IllegalAction(tr("{count} sequences of moves explain the table: pick one (choice 1 to {count})",
                                   count=n))
        i = 1 if choice is None else choice
        if not 1 <= i <= n:
            raise IllegalAction(tr("there is no choice {choice}: pick 1 to {count}", choice=i, count=n))
        fit = first_legal(engine, state, [choices[i - 1].actions])
        if fit is None:        # cannot happen while the state is the one the choices were found for
            raise IllegalAction(tr("that sequence of moves is no longer legal: the game changed since"))
        return self._confirmed(fit, f"referee picked explanation {i} of {n} for moves the camera missed")

    def _confirmed(self, fit: Fit, note: str) -> list[dict[str, Any]]:
        """Journal a confirmed explanation, then show the table against it; its events."""
        self.commit("confirm", fit.actions, fit.state, fit.events, note=note)
        self.check_table()
        self.broadcast.publish()
        return [e.to_json() for e in fit.events]

    def undo(self) -> list[dict[str, Any]]:
        """Take back the last applied change (replayed from the start state)."""
        t = self.table
        with t.lock:
            engine = t.playing()[0]
            assert t.game_id is not None
            record = t.journal.game(t.game_id)
            standing = applied_entries(t.journal.entries(t.game_id))
            if not standing:
                raise IllegalAction(tr("nothing to undo: no change has been applied in this game"))
            state = record.start_state
            for e in standing[:-1]:
                state, _ = engine.apply_all(state, [engine.parse_action(a) for a in e.actions])
            last = standing[-1]
            event = Event("undo", _undone_text(last, t.events), {"entry": last.seq})
            seq = t.journal.append(t.game_id, "undo", None, [event.to_json()], state,
                                   note=self._noted(f"undo entry {last.seq}"))
            t.state = state
            t.add_event({**event.to_json(), "kind": "undo", "entry": seq})
            self.check_table()
            self.broadcast.publish()
            return [event.to_json()]

    def fill_in(self, payload: str, field: str, value: str) -> None:
        """The referee typed a card's missing words (``missing_texts``): kept in an
        override of the game's catalog (:mod:`companion.live.catalog_edit`) for
        this and the next games, and shown at once. ValueError (nothing changed)
        for a card or field that cannot be set."""
        t = self.table
        with t.lock:
            engine, _ = t.playing()
            folder = override_folder(t.journal.path)
            set_value(engine, payload, field, value, folder)
            use_overrides_in(folder)                       # every engine loads its catalog again, with the words
            secret_tags.forget(engine.code)
            t.engine = get_game(engine.code)
            t.add_event({"type": "catalog",
                         "text": tr("The text of {card} was filled in, for the next games too.", card=payload)})
            self.check_table()
            self.broadcast.publish()

    def note(self, text: str, kind: str = "note") -> None:
        """Add a line to the recent events (a narrator's or an operator's note) and show it;
        a sentence made with ``tr()`` stays translatable (the page says it in its language)."""
        with self.table.lock:
            self.table.add_event({"type": kind, "text": text if isinstance(text, Text) else str(text)})
            self.broadcast.publish()

    def action_form(self, type_name: str) -> dict[str, Any]:
        """The console's form for one action of the game being played
        (:func:`models.action_form.action_form`): its fields with their choices,
        what is legal now and the best guess from the camera's last settled
        reading. Raises IllegalAction (no game) or MalformedAction (no such action)."""
        from models.action_form import action_form
        with self.table.lock:
            engine, state = self.table.playing()
            snapshot = self.table.snapshot
        # the trying happens outside the lock, so the camera's refereeing never waits for a form:
        # apply works on copies and never changes the state it is given
        return action_form(engine, state, type_name, snapshot)

    # ------------------------------------------------------------------ the table's buttons

    def button(self, name: str, op: Callable[[], Any]) -> Callable[[], None]:
        """The handler of a button on the table (``confirm``, ``undo``): runs ``op``,
        beeps, and says on the page why the rules refused it."""
        t = self.table

        def pressed() -> None:
            try:
                self._by_button = True             # the journal notes it (the game's story names the cause)
                op()
                if t.indicators is not None:
                    t.indicators.beep("button")
            except (IllegalAction, ValueError) as e:
                log.info("%s button: %s", name, e)
                reason = e.reason if isinstance(e, IllegalAction) else e.args[0] if len(e.args) == 1 else str(e)
                t.add_event({"type": "button", "text": _BUTTON_REFUSED[name].with_params(reason=reason)})
                if t.indicators is not None:
                    t.indicators.beep("illegal")
                self.broadcast.publish()
            finally:
                self._by_button = False
        return pressed
