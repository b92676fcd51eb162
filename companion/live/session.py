"""The live session: one loop from the camera to the players.

The camera loop (:mod:`companion.live.camera_loop`, its own thread) reads frames
from a :class:`~hardware.frames.FrameSource`; the session runs them through the
vision pipeline and hands every *settled, changed* snapshot to the game's
referee. The view is built by :mod:`companion.live.views`, with no side effects.
What the referee decides is written to the journal first and only then shown:
the view (for the web page), the seat LEDs, the status LED and the buzzer. The
referee at the table (web console or the two buttons) can confirm, correct,
undo and end the game; each of those is journalled too.

Example::

    s = Session(load_config("companion.toml"))
    s.resume() or s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    s.start(open_source("picamera2"))
    sub = s.subscribe()
    view = sub.get(timeout=5)      # a dict: seq, status, prompts, score, ...
    s.stop()

Statuses (``view()["status"]``, all listed in ``companion.live.views.STATUSES``):
``starting`` (no settled table yet), ``no_game``, ``in_sync``, ``applied``
(the last change was a legal action, applied), ``waiting`` (a chore or a choice
the players must make), ``out_of_sync`` (the table does not match: the prompts
say how to put it right), ``camera_lost`` and ``over``. ``settling`` is True
while something on the table moves.
"""
from __future__ import annotations

import collections
import copy
import dataclasses
import hmac
import json
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from hardware.frames import Frame, FrameSource
from models.engine import Action, Event, Game, GameSetupError, IllegalAction, MalformedAction, Prompt
from models.referee import LATE_DEPTH, Fit, first_legal
from models.registry import get_game
from models.takeover import Question, Unanswered, answers_for
from models.text import Text, concat, plain_copy, tr, trn

from ..config import Config, default_config
from ..journal.store import Journal, JournalError, applied_entries, replay
from ..journal.timeline import undone_text
from .camera_loop import CameraLoop
from .camera_view import CameraView
from .markers import MarkerFile
from .views import lights, public_view

log = logging.getLogger(__name__)

RECENT_EVENTS = 30
FAULT_MEMORY_S = 10.0     # a rejected code stays listed this long after it was last seen


def open_camera(spec: str, config: Config, realtime: bool = False) -> FrameSource:
    """Open a frame source by spec (``picamera2``, ``opencv:0``, ``replay:DIR``,
    ``sim:SCENE.json``) with the size and rate of the config's [camera] section,
    as far as that kind of source takes them. Raises FrameSourceError."""
    source = camera_source(spec, config, realtime)
    source.open()
    return source


def camera_source(spec: str, config: Config, realtime: bool = False) -> FrameSource:
    """Like :func:`open_camera` but not opened: a spec that names nothing raises
    SourceSpecError; a missing device is left for the session loop, which keeps
    retrying it."""
    from hardware.sources import make_source
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    size = (config.camera.width, config.camera.height)
    kw: dict[str, Any] = {}
    if kind == "picamera2" and not arg or kind == "opencv" and arg.isdigit():
        kw = {"resolution": size}
    elif kind in ("replay", "sim"):
        kw = {"fps": config.camera.fps, "realtime": realtime}
    elif kind == "browser":     # lost before the camera loop would call the wait a stall
        kw = {"lost_after_s": 0.8 * float(config.camera.stall_s)}
    return make_source(spec, **kw)


_GAMES_BY_CODE: dict[str, Game] = {}


def _games_by_code(code: str, _cache: dict[str, Game] = _GAMES_BY_CODE) -> Game:
    """A game engine by tag code, built once (to look its catalog up); KeyError if unknown."""
    if code not in _cache:
        _cache[code] = get_game(code)
    return _cache[code]



class Subscription:
    """A queue of views for one listener (a Server-Sent Events client): every
    published view, in order. A listener that falls ``maxlen`` views behind loses
    the oldest ones, never the newest."""

    def __init__(self, session: Session, maxlen: int = 256):
        self._session = session
        self._queue: collections.deque[dict[str, Any]] = collections.deque(maxlen=maxlen)
        self._cond = threading.Condition()
        self.closed = False

    def _put(self, view: dict[str, Any]) -> None:
        with self._cond:
            self._queue.append(view)
            self._cond.notify_all()

    def get(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next view, or None after ``timeout`` seconds (or once closed)."""
        with self._cond:
            if not self._queue and not self.closed:
                self._cond.wait(timeout)
            return self._queue.popleft() if self._queue else None

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()
        self._session._unsubscribe(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


#: A table unsettled this long (seconds: a hand or an arm over it) may hide
#: several moves; see ``Game.referee``'s ``gap``
GAP_S = 8.0

#: what the public is told of a change whose actions say nothing themselves: never
#: the actions (an action may hold a secret: a Love card dealt, a ghost chosen)
_SILENT_CHANGE = {"action": tr("Change applied"), "correction": tr("Correction applied"),
                  "confirm": tr("Reading confirmed")}


#: what the page says when the rules refuse a button at the table, by button
_BUTTON_REFUSED = {"confirm": tr("Confirm button: {reason}", reason=""),
                   "undo": tr("Undo button: {reason}", reason="")}


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
            raise GameSetupError(tr("names: {seat!r} is not a seat in this game ({seats})", seat=seat,
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


def _undone_text(entry: Any, recent: Any = ()) -> str:
    """The public words for undoing a journal entry: its own (public) events,
    never its actions; as the recent events said them (translatable) when
    they still hold the same words."""
    texts: list[str] = [str(ev.get("text")) for ev in entry.events or [] if isinstance(ev, dict) and ev.get("text")]
    said = [ev["text"] for ev in recent if ev.get("entry") == entry.seq and ev.get("text")]
    return undone_text(entry.seq, said if said == texts else texts)


class Session:
    """One table, one game at a time. Thread-safe: the loop thread, the web
    server's threads and the buttons all call in.

    ``journal``, ``indicators`` and ``pipeline`` default to what the config says
    (``indicators=False`` runs without GPIO; the view then shows what the LEDs
    would show). ``backoff`` is the camera reopen delay: first and longest, seconds.
    """

    def __init__(self, config: Config | None = None, *, journal: Journal | None = None,
                 indicators: Any = None, pipeline: Any = None,
                 backoff: tuple[float, float] = (0.25, 8.0)):
        self.config = config or default_config()
        self.journal = journal if journal is not None else Journal(self.config.journal.path)
        self.indicators = self._make_indicators() if indicators is None else (indicators or None)
        self.pipeline = pipeline
        self.backoff = backoff
        self._op = threading.RLock()           # game state and referee operations
        self._view_lock = threading.Lock()     # the published view and the subscribers
        self._subs: list[Subscription] = []
        self._seq = 0
        self._view: dict[str, Any] = {}
        # the game
        self.engine: Game | None = None
        self.game_id: int | None = None
        self.players: list[str] = []
        self.names: dict[str, str] = {}        # seat colour -> the player's name (public), where given
        self.state: dict[str, Any] | None = None
        self._ended = False
        self._status = "starting"
        self._prompts: list[Prompt] = []
        self._choices: list[Fit] = []          # explanations of a jump for the referee to pick from
        # --from-table: the game, players, options and names to take over when the table is seen
        self._late: tuple[str, list[str], dict[str, Any], dict[str, str], dict[str, Any]] | None = None
        self._questions: list[Question] = []   # what a waiting take-over still asks
        self._by_button = False           # a table button's operation is running (journal notes say so)
        self._cue: dict[str, Any] | None = None   # the last sound cue (the page may play it), and how many so far
        self._cues = 0
        self._story: tuple[tuple[int, int], dict[str, Any]] | None = None   # the story made for (game, entries)
        self._unsettled_from: float | None = None    # when the table last stopped being settled
        self._errors_seen = 0                        # camera losses counted at the last settled table
        path = str(self.journal.path)
        if path != ":memory:":
            from .catalog_edit import override_folder, use_overrides_in
            use_overrides_in(override_folder(path))      # card texts filled in at the table, kept
        self._markers = MarkerFile(path) if path != ":memory:" else None   # fixed markers kept between runs
        self._events: collections.deque[dict[str, Any]] = collections.deque(maxlen=RECENT_EVENTS)
        self._refusals: list[dict[str, Any]] = []     # games the journal could not resume (shown once more)
        self._snapshot: Any = None
        self._settling = False
        # the camera, on its own thread
        self.camera = CameraLoop(stall_s=float(self.config.camera.stall_s), backoff=backoff, lock=self._op,
                                 on_frame=self._process, on_change=self._publish, on_event=self._add_event)
        self._rejected: dict[str, tuple[float, str]] = {}
        self._duplicates: list[str] = []
        self._frame: Frame | None = None
        self._frame_lock = threading.Lock()
        self._camera_view = CameraView(self._latest_frame, self._overlay)   # the camera page's JPEG
        self._on_change: list[Callable[[dict[str, Any]], None]] = []
        if self.indicators is not None:
            self.indicators.on_confirm(self._button("confirm", self.confirm))
            self.indicators.on_undo(self._button("undo", self.undo))
        self._publish()

    # ------------------------------------------------------------------ wiring

    def _make_indicators(self) -> Any:
        from hardware.indicators import IndicatorPins, Indicators
        p = self.config.pins
        pins = IndicatorPins(seats=dict(self.config.seat_leds.as_dict()), status_red=p.status_red,
                             status_green=p.status_green, status_blue=p.status_blue, buzzer=p.buzzer,
                             confirm_button=p.confirm_button, undo_button=p.undo_button)
        try:
            return Indicators(pins, factory=p.factory)
        except Exception as e:  # no GPIO access (not in group gpio), pins busy
            log.warning("LEDs, buzzer and buttons are off: %s", e)
            return None

    def _button(self, name: str, op: Callable[[], Any]) -> Callable[[], None]:
        def pressed() -> None:
            try:
                self._by_button = True             # the journal notes it (the game's story names the cause)
                op()
                if self.indicators is not None:
                    self.indicators.beep("button")
            except (IllegalAction, ValueError) as e:
                log.info("%s button: %s", name, e)
                reason = e.reason if isinstance(e, IllegalAction) else e.args[0] if len(e.args) == 1 else str(e)
                self._add_event({"type": "button", "text": _BUTTON_REFUSED[name].with_params(reason=reason)})
                if self.indicators is not None:
                    self.indicators.beep("illegal")
                self._publish()
            finally:
                self._by_button = False
        return pressed

    def _make_pipeline(self) -> Any:
        from companion.vision import Pipeline, PipelineConfig
        v = self.config.vision
        decoder = "zbar" if v.decoder == "pyzbar" else v.decoder
        return Pipeline(PipelineConfig(table_mm=self.config.table_mm, decoder=decoder,
                                       appear_frames=v.appear_frames, vanish_s=v.vanish_s,
                                       settle_s=v.settle_s))

    # ------------------------------------------------------------------ the loop

    def start(self, source: FrameSource | None = None) -> None:
        """Start the camera loop on ``source`` (default: the config's camera). The
        loop opens the source itself: a camera that is missing or fails to open is
        reported (``camera_lost``, ``camera.missing``) and retried with back-off."""
        if self.camera.running:
            raise RuntimeError("the session is already running; stop() it first")
        if source is None:
            source = camera_source(self.config.camera.source, self.config)
        if self.pipeline is None:
            self.pipeline = self._make_pipeline()
        if self._markers is not None and hasattr(self.pipeline, "recall"):
            recalled = self.pipeline.recall(self._markers.load())
            if recalled:
                log.info("markers: remembered %d fixed markers from the last run", len(recalled))
        self.camera.start(source)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop and release the camera (the game stays as it is)."""
        self.camera.stop(timeout)

    def close(self) -> None:
        """Stop, switch the indicators off and close the journal."""
        self.stop()
        self._camera_view.close()
        if self.indicators is not None:
            self.indicators.close()
        self.journal.close()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the loop to end (a finite source ran out, or stop()); True if it did."""
        return self.camera.wait(timeout)

    @property
    def source(self) -> FrameSource | None:
        return self.camera.source

    @property
    def _camera(self) -> dict[str, Any]:
        return self.camera.health

    @property
    def game_open(self) -> bool:
        """A game is being played (started or resumed, and not ended)."""
        return self.engine is not None and not self._ended

    @property
    def running(self) -> bool:
        return self.camera.running

    def loop_age(self) -> float | None:
        """Seconds since the camera loop last turned (it turns at every frame and
        at every retry of a lost camera), or None when no loop is meant to run
        (not started, stopped, or its source ended). A growing age means a hung
        loop: ``companion run``'s systemd watchdog stops pinging then."""
        return self.camera.age()

    def _process(self, frame: Frame) -> None:
        with self._frame_lock:
            self._frame = frame
        try:
            update = self.pipeline.process(frame)
        except Exception as e:  # a frame the pipeline cannot use: count it, go on
            with self._op:
                self._camera["bad_frames"] += 1
                self._camera["last_error"] = f"frame {frame.index}: {e}"
            log.warning("frame %s could not be decoded: %s", frame.index, e)
            return
        publish = False
        with self._op:
            publish = self._note_faults(update)
            if bool(update.calibrated) != self._camera["calibrated"]:
                self._camera["calibrated"] = bool(update.calibrated)
                publish = True
            if getattr(update, "recalibrated", False):
                self._add_event({"type": "recalibrated",
                                 "text": tr("The camera moved: calibrated again from the corners.")})
                publish = True
            settling = not update.settled
            if settling != self._settling:
                self._settling = settling
                publish = True
            if settling and self._unsettled_from is None:
                self._unsettled_from = update.t
            if update.changed and update.snapshot is not None:
                self._on_snapshot(update.snapshot, gap=self._gap_ends(update.t))
                publish = False  # _on_snapshot published
        if publish:
            self._publish()

    def _gap_ends(self, t: float) -> bool:
        """Whether the camera may have missed moves before this settled table: it
        was lost since the last one, or the table stayed unsettled (a hand or
        an arm over it) for :data:`GAP_S` seconds or more."""
        errors = int(self._camera.get("errors", 0))
        gap = errors > self._errors_seen or (self._unsettled_from is not None and t - self._unsettled_from >= GAP_S)
        self._errors_seen, self._unsettled_from = errors, None
        return gap

    def _note_faults(self, update: Any) -> bool:
        """Tags the camera cannot use: payloads that break the tag grammar (another
        game's code, a stray QR code) are counted and named; a payload seen twice at
        once (a misprint or a second copy) is reported, never guessed at. True
        when what the page shows about them changed."""
        changed = False
        for r in getattr(update, "rejected", None) or []:
            self._camera["rejected"] += 1
            key = str(r.get("payload"))[:40]
            if key not in self._rejected:
                log.info("rejected tag %r: %s", key, r.get("reason"))
                changed = True
            self._rejected[key] = (float(update.t), str(r.get("reason", "")))
        for key, (t, _) in list(self._rejected.items()):
            if update.t - t > FAULT_MEMORY_S:
                del self._rejected[key]
                changed = True
        dups = sorted(getattr(update, "duplicates", None) or [])
        if dups != self._duplicates:
            if dups:
                log.warning("seen twice at once: %s", ", ".join(dups))
            self._duplicates = dups
            changed = True
        return changed

    def _faults(self, referee: bool = False) -> list[str]:
        """The tag faults in words; a card of a secret kind is named only for the referee."""
        def secret(p: str) -> str | None:
            kind = None if referee else self._secret_kind(p)
            return self._kind_noun(p, kind) if kind is not None else None

        out: list[str] = []
        for p in self._duplicates:
            noun = secret(p)
            out.append(tr("A {noun} is seen twice at once: a second copy or a misprinted tag; remove one", noun=noun)
                       if noun is not None else
                       tr("{tag} is seen twice at once: a second copy or a misprinted tag; remove one",
                          tag=f"{p[:1].upper()}{p[1:]}"))
        for p, (_, reason) in sorted(self._rejected.items()):
            noun = secret(p)
            out.append(tr("A code that is not a tag of this table was seen (a {noun}): {reason}", noun=noun,
                          reason=reason) if noun is not None else
                       tr("A code that is not a tag of this table was seen ({code!r}): {reason}", code=p,
                          reason=reason))
        return out

    def _game_of(self, payload: str) -> Game | None:
        """The engine a tag belongs to: the game in play for its own tags, another
        game's (built once) by the tag's code; None for an unknown code."""
        code = payload.split(":", 1)[0]
        if self.engine is not None and self.engine.code == code:
            return self.engine
        try:
            return _games_by_code(code)
        except KeyError:
            return None

    def _secret_kind(self, payload: Any) -> str | None:
        """A payload's catalog kind (``love``) when its game's catalog declares that
        kind secret (``Catalog.is_secret``), else None."""
        if not isinstance(payload, str):
            return None
        catalog = getattr(self._game_of(payload), "catalog", None)
        if catalog is None or not catalog.is_secret(payload):
            return None
        return catalog[payload].kind

    def _kind_noun(self, payload: str, kind: str) -> str:
        """The word for a kind, as its game says it (``Love card``)."""
        noun = getattr(self._game_of(payload), "kind_noun", None)
        return noun(kind) if noun is not None else kind

    def _table_json(self, referee: bool) -> dict[str, Any] | None:
        """The last settled snapshot: every tag and where it lies. In the public
        view a card of a secret kind keeps its place and kind but not its payload
        (``{"payload": null, "kind": "love", "secret": true, ...}``); the
        referee's view names it."""
        snap = self._snapshot
        if snap is None:
            return None
        sightings = []
        for s in snap.sightings:
            item: dict[str, Any] = {"payload": s.payload, "x_mm": round(s.x_mm, 1), "y_mm": round(s.y_mm, 1),
                                    "angle_deg": round(s.angle_deg, 1)}
            kind = self._secret_kind(s.payload)
            if kind is not None:
                item.update(kind=kind, secret=True)
                if not referee:
                    item["payload"] = None
            sightings.append(item)
        return {"table_mm": list(getattr(snap, "table_mm", self.config.table_mm)), "sightings": sightings}

    # ------------------------------------------------------------------ refereeing

    def _on_snapshot(self, snapshot: Any, gap: bool = False) -> None:
        """A new settled table: referee it, journal what is applied, show it
        (``gap``: the camera may have missed moves since the last one)."""
        with self._op:
            self._snapshot = snapshot
            if self._markers is not None and hasattr(self.pipeline, "fixed_markers"):
                self._markers.save(self.pipeline.fixed_markers())
            if self._late is not None and (self.engine is None or self._ended):
                self._take_over_now()
                return
            if self.engine is None or self.state is None or self._ended or self.engine.is_over(self.state):
                self._publish()
                return
            verdict = self.engine.referee(self.state, snapshot, gap=gap)
            if verdict.status == "applied":
                try:
                    self._commit("action", verdict.actions, verdict.state, verdict.events)
                except JournalError as e:     # not written, so not shown: the table stays unrefereed
                    self._journal_failed(e)
                    return
            elif verdict.status == "out_of_sync":
                new_prompts = [p.text for p in verdict.prompts] != [p.text for p in self._prompts]
                if self._status != "out_of_sync" or new_prompts:
                    self._sound("illegal")
            self._status = verdict.status
            self._prompts = list(verdict.prompts)
            self._choices = list(verdict.choices)
            self._publish()

    def _journal_failed(self, error: Exception) -> None:
        """A change the journal could not write (a full or damaged disk): it is not
        applied, the page and the log say so, and the loop goes on; the same
        change is refereed again at the next settled table."""
        log.error("journal: %s", error)
        self._snapshot = None           # referee the table again once the journal can be written
        self._status = "out_of_sync"
        self._prompts = [Prompt(tr("The journal cannot be written, so nothing was applied: {error}. "
                                   "Check the disk; the companion tries again at the next change.",
                                   error=str(error)), None, "error")]
        self._add_event({"type": "journal_error", "text": tr("Journal write failed: {error}", error=str(error))})
        self._publish()

    def _check_table(self) -> None:
        """After a referee operation: compare the last settled table with the new
        state without applying anything (an undo must not be re-applied by the
        camera until the table changes)."""
        eng, state = self.engine, self.state
        self._choices = []
        if eng is None or state is None:
            self._status, self._prompts = "starting", []
            return
        if self._snapshot is None:
            self._status, self._prompts = "starting", eng.prompts(state)
            return
        reading = eng.read(state, self._snapshot)
        expected = eng.expected_table(state)
        if eng.same_table(expected, reading):
            self._status, self._prompts = "in_sync", eng.prompts(state)
        else:
            status, prompts = eng.explain(state, expected, reading)
            self._status, self._prompts = status, list(prompts)

    def _commit(self, kind: str, actions: list[Action], new_state: dict[str, Any], events: list[Event],
                note: str = "") -> None:
        """Journal first (durably), then make the change visible."""
        assert self.game_id is not None
        note = self._noted(note)
        seq = self.journal.append(self.game_id, kind, [a.to_json() for a in actions],
                                  [e.to_json() for e in events], new_state, note)
        self.state = new_state
        self._choices = []
        if not events and actions:
            events = [Event(kind, _SILENT_CHANGE.get(kind, tr("Change applied")))]
        for e in events:
            self._add_event({**e.to_json(), "kind": kind, "entry": seq})
        alerts = self.engine.alerts if self.engine is not None else {}
        alert = next((alerts[e.type] for e in events if e.type in alerts), None)
        if alert:
            self._sound(alert)

    def _sound(self, cue: str) -> None:
        """Sound a cue on the buzzer, and tell the page (``indicators.cue``: its
        name and a running count) so a big screen may play it too."""
        self._cues += 1
        self._cue = {"name": cue, "n": self._cues}
        if self.indicators is not None:
            self.indicators.beep(cue)

    def _noted(self, note: str) -> str:
        """A journal note, marked when a button on the table made the change."""
        return (f"button: {note}" if note else "button") if self._by_button else note

    def _add_event(self, event: dict[str, Any]) -> None:
        self._events.append({**event, "time": round(time.time(), 3)})

    # ------------------------------------------------------------------ referee operations

    def _need_game(self) -> Game:
        return self._playing()[0]

    def _playing(self) -> tuple[Game, dict[str, Any]]:
        """The game being played and its state, or IllegalAction saying why there is none."""
        if self.engine is None or self.state is None:
            raise IllegalAction(tr("no game is being played: start a new game first"))
        if self._ended:
            raise IllegalAction(tr("the game has ended: start a new game"))
        return self.engine, self.state

    @staticmethod
    def _game_setup(game_code: str, players: list[str] | str, options: dict[str, Any] | None
                    ) -> tuple[Game, list[str], dict[str, Any]]:
        """The game, its players (a list, or "RED, BLUE") and its options, checked.
        Raises KeyError (no such game) or GameSetupError (a ValueError)."""
        if isinstance(players, str):
            players = [p for p in players.replace(" ", ",").split(",") if p]
        engine = get_game(game_code)
        return engine, engine.check_players(players), engine.resolve_options(options or {})

    def new_game(self, game_code: str, players: list[str] | str, options: dict[str, Any] | None = None,
                 names: dict[str, str] | None = None, start: dict[str, Any] | None = None) -> int:
        """Start a game (ending the current one, if any); returns its journal id.
        ``names``: seat colour -> the player's name (public: the page, the
        results); ``start``: the state it starts from, the game's setup when
        None (a game taken over as it lies starts where its table is). Raises
        KeyError (no such game) or GameSetupError (a ValueError)."""
        engine, players, opts = self._game_setup(game_code, players, options)
        named = player_names(players, names)
        state = engine.setup(players, opts) if start is None else start
        with self._op:
            if self.engine is not None and self.game_id is not None and self.state is not None and not self._ended:
                self.journal.end_game(self.game_id, self.state, self._score_json(), note="replaced by a new game")
            self.game_id = self.journal.start_game(engine.code, players, opts, state, names=named)
            self.engine, self.players, self.state, self._ended = engine, list(players), state, False
            self.names = named
            self._events.clear()
            for refusal in self._refusals:      # why the journal's game was not resumed stays on the page
                self._events.append(refusal)
            self._refusals = []
            self._add_event({"type": "new_game", "text": tr("New game of {game}: {players}.", game=engine.title,
                                                            players=", ".join(players))})
            # the table seen so far belongs to the old game: referee from the next settled change
            self._snapshot = None
            self._check_table()
            self._publish()
            return self.game_id

    def take_over_when_seen(self, game_code: str, players: list[str], options: dict[str, Any] | None = None,
                            names: dict[str, str] | None = None, answers: dict[str, Any] | None = None) -> None:
        """``companion run --from-table``: take the game over as it lies (see
        :meth:`take_over`) at the first settled table, and at each next one
        until it works (the page says why it did not, and shows the questions
        still to answer: :meth:`answer_take_over`)."""
        _, players, opts = self._game_setup(game_code, players, options)
        self._late = (game_code, players, opts, player_names(players, names), dict(answers or {}))

    def answer_take_over(self, answers: dict[str, Any]) -> None:
        """Answers to the questions a waiting take-over asked (the terminal's or
        the page's form), tried at once on the last settled table. Raises
        :class:`~models.takeover.Unanswered` while questions stay open,
        GameSetupError for a bad answer (not kept), IllegalAction when the
        table is no position of the game (the answers are kept: the next
        settled table is tried with them)."""
        if self._late is None:
            raise IllegalAction(tr("no game is waiting to be taken over"))
        code, players, opts, names, given = self._late
        with self._op:
            if self._snapshot is None:
                self._late = (code, players, opts, names, {**given, **answers})
                return
            try:
                self.take_over(code, players, opts, names, {**given, **answers})
            except Unanswered:
                raise
            except IllegalAction:
                self._late, self._questions = (code, players, opts, names, {**given, **answers}), []
                self._publish()
                raise

    @property
    def waiting_take_over(self) -> bool:
        """A take-over waits for a settled table or for answers."""
        return self._late is not None

    @property
    def takeover_questions(self) -> list[dict[str, Any]]:
        """The questions a waiting take-over still needs answered (the form)."""
        return [q.to_json() for q in self._questions]

    def _take_over_now(self) -> None:
        assert self._late is not None
        code, players, options, names, answers = self._late
        try:
            self.take_over(code, players, options, names, answers)
        except Unanswered as e:
            self._status, self._prompts = "no_game", [Prompt(tr("Waiting to take the game over: {reason}.",
                                                                reason=e.reason), None, "todo")]
            self._publish()
            return
        except (IllegalAction, GameSetupError) as e:
            reason = e.reason if isinstance(e, IllegalAction) else str(e)
            self._questions = []
            self._status, self._prompts = "no_game", [Prompt(tr("Waiting to take the game over: {reason}.",
                                                                reason=reason), None, "warning")]
            self._publish()
            return
        self._late = None

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
        GameSetupError as :meth:`new_game` (and for a bad answer)."""
        engine, players, opts = self._game_setup(game_code, players, options)
        player_names(players, names)       # refused before anything changes
        with self._op:
            snapshot = self._snapshot
            if snapshot is None:
                raise IllegalAction(tr("cannot take the game as it lies: the camera has not seen a settled table "
                                       "yet"))
            setup = engine.setup(players, opts)
            reading = engine.read(setup, snapshot)
            given, missing = answers_for(engine.takeover_questions(players, opts, reading), answers or {})
            if missing:         # the form: asked on the console, tried again with the answers
                self._late = (engine.code, players, opts, player_names(players, names), dict(answers or {}))
                self._questions = missing
                self._publish()
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
            game_id = self.new_game(game_code, players, opts, names)
            self._snapshot = snapshot
            self._late, self._questions = None, []
            if verdict.status == "applied":
                self._commit("confirm", verdict.actions, verdict.state, verdict.events,
                             note=f"taken over as it lies: {len(verdict.actions)} moves inferred from the setup")
                self._check_table()
                said = trn("Taken over as it lies: {n} move inferred from the start.",
                           "Taken over as it lies: {n} moves inferred from the start.", len(verdict.actions))
            elif verdict.choices:
                self._status, self._prompts, self._choices = "waiting", list(verdict.prompts), list(verdict.choices)
                said = trn("Taken over as it lies: {n} way the game may have gone: the referee picks it on the "
                           "console.",
                           "Taken over as it lies: {n} ways the game may have gone: the referee picks one on the "
                           "console.", len(verdict.choices))
            else:
                said = tr("Taken over as it lies: nothing played yet.")
            text = concat(said, *engine.late_notes, sep=" ") if engine.late_notes else said
            self._add_event({"type": "take_over", "text": text})
            self._publish()
            return game_id

    def _taken_over(self, engine: Game, players: list[str], opts: dict[str, Any], names: dict[str, str] | None,
                    start: dict[str, Any], answers: dict[str, Any], snapshot: Any) -> int:
        """Start the game read from its table: the journal keeps that state as the
        game's start and one entry saying it was taken over, with the answers."""
        game_id = self.new_game(engine.code, players, opts, names, start=start)
        self._snapshot = snapshot
        self._late, self._questions = None, []
        told = ", ".join(f"{k}={v}" for k, v in sorted(answers.items()))
        self._commit("confirm", [], start, [], note="taken over as it lies: read from the table"
                     + (f"; answers: {told}" if told else ""))
        self._check_table()
        self._add_event({"type": "take_over",
                         "text": tr("Taken over as it lies: the game goes on from the table as it is now.")})
        self._publish()
        return game_id

    def resume(self) -> bool:
        """Resume the journal's open game, if any: check its entries (numbered
        1..n, chained), replay its actions from the start state through the
        engine and check the recorded hash. True if resumed.

        A game that cannot be resumed that way (or whose latest changes the
        journal lost) never blocks a new one: it is closed as unrecoverable with
        every entry kept, and the page and the log say why; False is returned."""
        record = self.journal.open_game()
        lost = self.journal.wal_damage
        if record is None:
            if lost:
                self._refuse(tr("The journal {path} lost recent changes: {lost}.", path=str(self.journal.path),
                                lost=lost))
            return False
        try:
            if lost:
                raise JournalError(f"the journal lost its latest changes: {lost}")
            try:
                engine = get_game(record.game)
            except KeyError:
                raise JournalError(f"this companion does not know the game {record.game!r}") from None
            state, standing = replay(engine, self.journal, record.id)
        except JournalError as e:
            reason = str(e).removeprefix(f"game {record.id}: ")
            self.journal.close_unrecoverable(record.id, reason)
            self._refuse(tr("Game {id} of {game} cannot be resumed: {reason}. It is closed as unrecoverable "
                            "(its entries are kept in the journal): take it over as it lies on the table (the "
                            "console's “Take over the game as it lies”, or companion run --from-table), or start a new "
                            "game.",
                            id=record.id, game=record.game, reason=reason))
            return False
        with self._op:
            self.engine, self.game_id, self.players = engine, record.id, list(record.players)
            self.names = dict(record.names)
            self.state, self._ended = state, False
            self._events.clear()
            for entry in self.journal.entries(record.id)[-RECENT_EVENTS:]:
                for ev in entry.events:
                    self._events.append({**ev, "kind": entry.kind, "entry": entry.seq, "time": round(entry.time, 3)})
            self._add_event({"type": "resumed", "text": trn("Resumed game {id} of {game} after {n} applied change.",
                                                            "Resumed game {id} of {game} after {n} applied changes.",
                                                            len(standing), id=record.id, game=engine.title)})
            self._check_table()
            self._publish()
        return True

    def _refuse(self, text: str) -> None:
        """Show and log why the journal's game was not resumed (until a new game starts)."""
        log.error("%s", text)
        with self._op:
            self._add_event({"type": "unrecoverable", "text": text})
            self._refusals.append(self._events[-1])
            self._prompts = [Prompt(text, None, "error")]
            self._publish()

    def _parse(self, action_json: Any) -> list[Action]:
        engine = self._need_game()
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

    def _apply_typed(self, kind: str, action_json: Any, note: str = "referee") -> list[dict[str, Any]]:
        with self._op:
            actions = self._parse(action_json)
            engine, state = self._playing()
            new_state, events = engine.apply_all(state, actions)  # IllegalAction: nothing changes
            self._commit(kind, actions, new_state, events, note=note)
            self._check_table()
            self._publish()
            return [e.to_json() for e in events]

    def apply(self, action_json: Any, note: str = "referee") -> list[dict[str, Any]]:
        """Apply an action (or a list of them, as one change) from the console,
        e.g. something the camera cannot see. Returns its events; raises
        MalformedAction or IllegalAction (and nothing changes)."""
        return self._apply_typed("action", action_json, note)

    def correct(self, action_json: Any) -> list[dict[str, Any]]:
        """Apply an action the referee typed in to put the game right (journalled
        as a correction)."""
        return self._apply_typed("correction", action_json)

    def confirm(self, choice: int | None = None) -> list[dict[str, Any]]:
        """Accept the companion's best reading of the table as it is: after a
        jump the camera did not follow, the explanation the referee picked
        (``choice``, 1-based, among the view's ``choices``; not needed when there
        is one); otherwise the first legal action sequence the game proposes for
        the difference (an ambiguous reading, or a chore the camera cannot
        confirm by itself)."""
        with self._op:
            engine, state = self._playing()
            if self._snapshot is None:
                raise IllegalAction(tr("nothing to confirm: the camera has not seen a settled table yet"))
            if self._choices:
                return self._confirm_choice(engine, state, choice)
            if choice is not None:
                raise IllegalAction(tr("nothing to choose: no missed moves are waiting for the referee's pick"))
            reading = engine.read(state, self._snapshot)
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
        n = len(self._choices)
        if choice is None and n > 1:
            raise IllegalAction(tr("{count} sequences of moves explain the table: pick one (choice 1 to {count})",
                                   count=n))
        i = 1 if choice is None else choice
        if not 1 <= i <= n:
            raise IllegalAction(tr("there is no choice {choice}: pick 1 to {count}", choice=i, count=n))
        fit = first_legal(engine, state, [self._choices[i - 1].actions])
        if fit is None:        # cannot happen while the state is the one the choices were found for
            raise IllegalAction(tr("that sequence of moves is no longer legal: the game changed since"))
        return self._confirmed(fit, f"referee picked explanation {i} of {n} for moves the camera missed")

    def _confirmed(self, fit: Fit, note: str) -> list[dict[str, Any]]:
        """Journal a confirmed explanation, then show the table against it; its events."""
        self._commit("confirm", fit.actions, fit.state, fit.events, note=note)
        self._check_table()
        self._publish()
        return [e.to_json() for e in fit.events]

    def undo(self) -> list[dict[str, Any]]:
        """Take back the last applied change (replayed from the start state)."""
        with self._op:
            engine = self._need_game()
            assert self.game_id is not None
            record = self.journal.game(self.game_id)
            standing = applied_entries(self.journal.entries(self.game_id))
            if not standing:
                raise IllegalAction(tr("nothing to undo: no change has been applied in this game"))
            state = record.start_state
            for e in standing[:-1]:
                state, _ = engine.apply_all(state, [engine.parse_action(a) for a in e.actions])
            last = standing[-1]
            event = Event("undo", _undone_text(last, self._events), {"entry": last.seq})
            seq = self.journal.append(self.game_id, "undo", None, [event.to_json()], state,
                                      note=self._noted(f"undo entry {last.seq}"))
            self.state = state
            self._add_event({**event.to_json(), "kind": "undo", "entry": seq})
            self._check_table()
            self._publish()
            return [event.to_json()]

    def end_game(self) -> dict[str, Any] | None:
        """End the game now and return its scoreboard (journalled)."""
        with self._op:
            _, state = self._playing()
            assert self.game_id is not None
            score = self._score_json()
            self.journal.end_game(self.game_id, state, score)
            self._ended = True
            self._add_event({"type": "end", "text": tr("The game was ended; final scores are shown.")})
            self._publish()
            return score

    def fill_in(self, payload: str, field: str, value: str) -> None:
        """The referee typed a card's missing words (``missing_texts``): kept in an
        override of the game's catalog (:mod:`companion.live.catalog_edit`) for this and
        the next games, and shown at once. ValueError (nothing changed) for a card or
        field that cannot be set."""
        from .catalog_edit import override_folder, set_value, use_overrides_in
        with self._op:
            engine, _ = self._playing()
            folder = override_folder(self.journal.path)
            set_value(engine, payload, field, value, folder)
            use_overrides_in(folder)                       # every engine loads its catalog again, with the words
            _GAMES_BY_CODE.pop(engine.code, None)
            self.engine = get_game(engine.code)
            self._add_event({"type": "catalog",
                             "text": tr("The text of {card} was filled in, for the next games too.", card=payload)})
            self._check_table()
            self._publish()

    def reopen(self) -> None:
        """Take the ended game up again where it was (an End tapped by mistake);
        journalled as a ``reopen`` entry, so the end stays on record."""
        with self._op:
            if self.engine is None or self.state is None or self.game_id is None or not self._ended:
                raise IllegalAction(tr("there is no ended game to reopen"))
            other = self.journal.open_game()
            if other is not None and other.id != self.game_id:
                raise IllegalAction(tr("another game has started since: only the game just ended can be reopened"))
            self.journal.append(self.game_id, "reopen", None, [], self.state, note="reopened")
            self._ended = False
            self._add_event({"type": "reopen", "text": tr("The game was reopened: play on.")})
            self._publish()

    def note(self, text: str, kind: str = "note") -> None:
        """Add a line to the recent events (a narrator's or an operator's note) and show it;
        a sentence made with ``tr()`` stays translatable (the page says it in its language)."""
        with self._op:
            self._add_event({"type": kind, "text": text if isinstance(text, Text) else str(text)})
            self._publish()

    def check_pin(self, pin: Any) -> bool:
        """Whether ``pin`` is the referee PIN (False when no PIN is set)."""
        expected = str(self.config.referee.pin or "")
        if not expected or not isinstance(pin, str):
            return False
        return hmac.compare_digest(pin.encode(), expected.encode())

    # ------------------------------------------------------------------ views

    def _score_json(self) -> dict[str, Any] | None:
        if self.engine is None or self.state is None:
            return None
        try:
            return self.engine.score(self.state).to_json()
        except Exception as e:  # a score the engine cannot give yet must not break the page
            log.warning("score: %s", e)
            return None

    def _public_status(self) -> str:
        """One of :data:`companion.live.views.STATUSES`."""
        if self.camera.lost:
            return "camera_lost"
        if self.engine is None:
            return "no_game"
        if self.engine is not None and self.state is not None and (self._ended or self.engine.is_over(self.state)):
            return "over"
        return self._status

    def _build_view(self) -> dict[str, Any]:
        """Switch the LEDs for the current status, then build the public view."""
        status = self._public_status()
        want = lights(status, self._prompts, self._settling)
        if self.indicators is not None:
            self.indicators.show_turn(want["seats"])
            self.indicators.show_status(want["status"])
            ind = self.indicators.state()
            indicators = {"seats": ind["seats"], "status": ind["status"], "buzzer": ind["buzzer"],
                          "virtual": ind["mock"], "cue": self._cue}
        else:
            indicators = {"seats": {p: p in want["seats"] for p in self.players}, "status": want["status"],
                          "buzzer": False, "virtual": True, "cue": self._cue}
        return public_view(seq=self._seq, engine=self.engine, state=self.state, game_id=self.game_id,
                           players=self.players, names=self.names, status=status, settling=self._settling,
                           table=self._table_json(referee=False), prompts=self._prompts, events=self._events,
                           score=self._score_json(), ended=self._ended, camera=self._camera,
                           faults=self._faults(), indicators=indicators)

    def _publish(self) -> None:
        """Bump seq, rebuild the view, hand it to every subscriber and listener."""
        with self._op:
            with self._view_lock:
                self._seq += 1
            view = self._build_view()
            with self._view_lock:
                view["seq"] = self._seq
                self._view = view
                subs = list(self._subs)
        for sub in subs:
            sub._put(view)
        for cb in list(self._on_change):
            try:
                cb(view)
            except Exception as e:
                log.warning("view listener: %s", e)

    def view(self) -> dict[str, Any]:
        """The public view (never hidden information); a fresh copy. Keys:

        ``seq`` (one more for every published view), ``time``, ``game``
        ({code, title, slug} or None), ``game_id`` (journal), ``players``,
        ``names`` (seat colour -> the player's name, where given),
        ``status`` (see the module doc), ``settling`` (something on the table is
        moving), ``over``, ``ended``, ``state`` (the game's public view),
        ``layout`` (the expected table, in the game's terms), ``table`` (the
        last settled snapshot: table_mm and every tag's payload, x_mm, y_mm,
        angle_deg), ``prompts``, ``events`` (recent, newest last; each with
        ``kind`` = the journal entry's kind and ``entry`` = its seq when it came
        from one), ``score`` (Scoreboard JSON), ``camera`` (ok, fps, frames,
        errors, bad_frames (frames the pipeline could not use), skipped
        (unreadable files a replay skipped), rejected, calibrated, source,
        ended, missing (no frame since start: the camera is retried),
        retry_s, last_error),
        ``faults`` (codes seen twice, stray codes, in plain words) and
        ``indicators`` (seats {colour: lit}, status green|amber|red, buzzer,
        virtual)."""
        with self._view_lock:
            return copy.deepcopy(self._view)

    def results(self, as_csv: bool = False) -> Any:
        """The current game's results (:mod:`companion.journal.results`): JSON data, or CSV text."""
        from ..journal.results import results_csv, results_json
        view = self.view()
        return results_csv(view) if as_csv else results_json(view)

    def story(self) -> dict[str, Any] | None:
        """The current game's story (:mod:`companion.journal.timeline`): every change with
        its time and cause, and the public table after each; None without a game."""
        from ..journal.timeline import game_story
        with self._op:
            if self.engine is None or self.game_id is None:
                return None
            # every viewer of /story asks again after each change: the replay is made once per new entry
            key = (self.game_id, self.journal.entry_counts().get(self.game_id, 0))
            if self._story is None or self._story[0] != key:
                story = game_story(self.engine, self.journal.game(self.game_id), self.journal.entries(self.game_id))
                self._story = (key, story)
            return self._story[1]

    def past_games(self, limit: int = 100) -> list[dict[str, Any]]:
        """The journal's games, newest first (at most ``limit``), a summary each."""
        from ..journal.results import game_summary
        with self._op:
            records, counts = self.journal.games()[-limit:], self.journal.entry_counts()
            out = [game_summary(r, counts.get(r.id, 0)) for r in reversed(records)]
            if out and out[0]["id"] == self.game_id and out[0]["outcome"] == "open" and self.engine is not None \
                    and self.state is not None and self.engine.is_over(self.state):
                # over on the table, not yet ended on the console: its final score is known here
                record = next(r for r in records if r.id == self.game_id)
                out[0] = game_summary(dataclasses.replace(record, ended=time.time(), result=self._score_json()),
                                      out[0]["entries"])
            return out

    def action_form(self, type_name: str) -> dict[str, Any]:
        """The console's form for one action of the game being played
        (:func:`models.action_form.action_form`): its fields with their choices,
        what is legal now and the best guess from the camera's last settled
        reading. Raises IllegalAction (no game) or MalformedAction (no such action)."""
        from models.action_form import action_form
        with self._op:
            engine, state = self._playing()
            snapshot = self._snapshot
        # the trying happens outside the lock, so the camera's refereeing never waits for a form:
        # apply works on copies and never changes the state it is given
        return action_form(engine, state, type_name, snapshot)

    def referee_view(self) -> dict[str, Any]:
        """The referee's view (the console, behind the PIN): the public view plus
        what it hides from everyone else: each prompt's ``detail`` (a Love card
        by its name), every sighting's payload, faults naming secret cards;
        ``referee`` is True. Never published to the public stream."""
        with self._op:
            view = self.view()
            missing = self.engine.missing_texts(self.state) if self.engine and self.state and not self._ended else []
            view.update(referee=True, table=self._table_json(referee=True), missing_texts=missing,
                        prompts=[p.to_referee_json() for p in self._prompts], faults=self._faults(referee=True),
                        choices=[{"actions": [a.to_json() for a in f.actions],
                                  "lines": [e.text for e in f.events] or [str(a) for a in f.actions]}
                                 for f in self._choices],
                        takeover_questions=self.takeover_questions if self._late is not None else [])
        copied: dict[str, Any] = plain_copy(view)
        return copied

    def subscribe(self, maxlen: int = 256) -> Subscription:
        """A queue that receives every view published from now on."""
        sub = Subscription(self, maxlen)
        with self._view_lock:
            self._subs.append(sub)
        return sub

    def _unsubscribe(self, sub: Subscription) -> None:
        with self._view_lock:
            if sub in self._subs:
                self._subs.remove(sub)

    #: Errors of a referee operation that are the companion's, not the request's
    #: (the journal cannot be written): the web API answers them with 503.
    UNAVAILABLE: tuple[type[Exception], ...] = (JournalError,)

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(view)`` after every publish (in the publishing thread)."""
        self._on_change.append(callback)

    def latest_frame_jpeg(self, overlay: bool = True, quality: int = 80, width: int | None = None) -> bytes | None:
        """The latest camera frame as JPEG (with the detected tags and calibration
        drawn over it when ``overlay``), ``width`` pixels wide (rounded down to one
        of :data:`companion.live.camera_view.ALLOWED_WIDTHS`, a screen's width when
        None, never wider than the frame), or None before the first frame.

        Made once per new frame on the camera view's own thread and shared by
        every caller: the caller's thread never holds a frame-sized buffer.
        ``quality`` is the camera view's (80); kept for old callers."""
        return self._camera_view.jpeg(width, overlay)

    def _latest_frame(self) -> Frame | None:
        with self._frame_lock:
            return self._frame

    def _overlay(self, frame: Frame) -> Any:
        return self.pipeline.overlay(frame) if self.pipeline is not None else frame.image
