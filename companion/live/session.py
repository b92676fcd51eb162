"""The live session: one table, one loop from the camera to the players.

:class:`Session` is the face the web app, the CLI, the demo, the event
publisher and the tests use. It owns one :class:`~companion.live.state.TableState`
and the parts that share it, each in its own module:

- the camera's thread (:mod:`companion.live.camera_loop`) and its picture
  (:mod:`companion.live.camera_view`);
- the fault monitor (:mod:`companion.live.monitor`): every frame through the
  vision pipeline, bad frames, stray and doubled tags, gaps, a journal that
  cannot be written;
- the referee's desk (:mod:`companion.live.desk`): settled tables refereed, the
  console's and the buttons' operations, the journal written first;
- the game's life (:mod:`companion.live.game_life`): new, resumed, ended,
  reopened; and the take-over of a game under way
  (:mod:`companion.live.takeover`);
- the broadcast (:mod:`companion.live.broadcast`): the views, the LEDs, the
  subscribers; and what the journal tells the pages
  (:mod:`companion.live.records`).

Example::

    s = Session(load_config("companion.toml"))
    s.resume() or s.new_game("GLC", ["RED", "BLUE", "GREEN"], {})
    s.start(camera_source("picamera2", s.config))
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

import hmac
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hardware.frames import Frame, FrameSource
from models.engine import Game

from ..config import Config, default_config
from ..journal.store import Journal, JournalError
from .broadcast import Broadcast, Subscription
from .camera_loop import CameraLoop, camera_source
from .camera_view import CameraView
from .catalog_edit import override_folder, use_overrides_in
from .desk import RefereeDesk
from .devices import make_indicators, make_pipeline
from .game_life import GameLife
from .markers import MarkerFile
from .monitor import FaultMonitor
from .offer import TableOffers
from .records import GameRecords
from .state import TableState
from .takeover import TakeOver
from .voice_controls import VoiceControls

if TYPE_CHECKING:
    from ..voice import Voice

log = logging.getLogger(__name__)

#: what the page says when the undo button is held at a table with no voice to mute


class Session:
    """One table, one game at a time. Thread-safe: the loop thread, the web
    server's threads and the buttons all call in.

    ``journal``, ``indicators`` and ``pipeline`` default to what the config says
    (``indicators=False`` runs without GPIO; the view then shows what the LEDs
    would show). ``backoff`` is the camera reopen delay: first and longest, seconds.
    """

    #: Errors of a referee operation that are the companion's, not the request's
    #: (the journal cannot be written): the web API answers them with 503.
    UNAVAILABLE: tuple[type[Exception], ...] = (JournalError,)

    def __init__(self, config: Config | None = None, *, journal: Journal | None = None,
                 indicators: Any = None, pipeline: Any = None,
                 backoff: tuple[float, float] = (0.25, 8.0)):
        self.config = config = config or default_config()
        journal = journal if journal is not None else Journal(config.journal.path)
        self.backoff = backoff
        self.table = t = TableState(config, journal, pipeline=pipeline,
                                    indicators=make_indicators(config) if indicators is None else (indicators or None))
        path = str(journal.path)
        if path != ":memory:":
            use_overrides_in(override_folder(path))      # card texts filled in at the table, kept
        self._markers = MarkerFile(path) if path != ":memory:" else None   # fixed markers kept between runs
        # the camera, on its own thread; the parts its callbacks reach are made just below
        self.camera = CameraLoop(stall_s=float(config.camera.stall_s), backoff=backoff, lock=t.lock,
                                 on_frame=lambda frame: self.monitor.process(frame),
                                 on_change=lambda: self.broadcast.publish(), on_event=t.add_event)
        self.broadcast = Broadcast(t, self.camera)
        self.monitor = FaultMonitor(t, self.camera, self.broadcast, self._on_snapshot)
        self.desk = RefereeDesk(t, self.broadcast)
        self.life = GameLife(t, self.desk, self.broadcast)
        self.takeover = TakeOver(t, self.life, self.desk, self.broadcast)
        self.records = GameRecords(t, self.broadcast)
        self.offers = TableOffers(t, self.life, self.takeover, self.desk, self.broadcast)
        self._frame: Frame | None = None
        self.voices = VoiceControls(t, self.broadcast)     # the referee's voice, once one is attached
        self._camera_view = CameraView(self._latest_frame, self._overlay)   # the camera page's JPEG
        if t.indicators is not None:
            t.indicators.on_confirm(self.desk.button("confirm", self.confirm))
            t.indicators.on_undo(self.desk.button("undo", self.undo), held=self.voices.button)
        self.broadcast.publish()

    # ------------------------------------------------------------------ the game, as the table holds it

    @property
    def journal(self) -> Journal:
        return self.table.journal

    @property
    def indicators(self) -> Any:
        return self.table.indicators

    @property
    def pipeline(self) -> Any:
        return self.table.pipeline

    @property
    def engine(self) -> Game | None:
        return self.table.engine

    @engine.setter
    def engine(self, engine: Game | None) -> None:
        self.table.engine = engine

    @property
    def state(self) -> dict[str, Any] | None:
        return self.table.state

    @state.setter
    def state(self, state: dict[str, Any] | None) -> None:
        self.table.state = state

    @property
    def game_id(self) -> int | None:
        return self.table.game_id

    @property
    def players(self) -> list[str]:
        return self.table.players

    @property
    def names(self) -> dict[str, str]:
        return self.table.names

    @property
    def game_open(self) -> bool:
        """A game is being played (started or resumed, and not ended)."""
        return self.table.engine is not None and not self.table.ended

    # ------------------------------------------------------------------ the loop

    def start(self, source: FrameSource | None = None) -> None:
        """Start the camera loop on ``source`` (default: the config's camera). The
        loop opens the source itself: a camera that is missing or fails to open is
        reported (``camera_lost``, ``camera.missing``) and retried with back-off."""
        if self.camera.running:
            raise RuntimeError("the session is already running; stop() it first")
        if source is None:
            source = camera_source(self.config.camera.source, self.config)
        t = self.table
        if t.pipeline is None:
            t.pipeline = make_pipeline(self.config)
        if hasattr(t.pipeline, "paced"):       # a replay read as fast as it is read waits for the pipeline
            t.pipeline.paced = source.realtime
        if self._markers is not None and hasattr(t.pipeline, "recall"):
            recalled = t.pipeline.recall(self._markers.load())
            if recalled:
                log.info("markers: remembered %d fixed markers from the last run", len(recalled))
        self.camera.start(source)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop and release the camera (the game stays as it is)."""
        self.camera.stop(timeout)

    def close(self) -> None:
        """Stop, let the vision work begun beside the last frames end (it runs on
        threads every table shares: a filter or a lens still being learned would
        slow the next table's first frames), switch the indicators off and close
        the journal."""
        self.stop()
        join = getattr(self.table.pipeline, "join", None)
        if join is not None and not self.camera.running:
            try:
                join()
            except Exception:  # a filter that failed has nothing left to wait for; closing goes on
                log.exception("the vision work begun beside the last frame failed")
        self._camera_view.close()
        if self.table.indicators is not None:
            self.table.indicators.close()
        self.table.journal.close()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the loop to end (a finite source ran out, or stop()); True if it did."""
        return self.camera.wait(timeout)

    @property
    def source(self) -> FrameSource | None:
        return self.camera.source

    @property
    def running(self) -> bool:
        return self.camera.running

    def loop_age(self) -> float | None:
        """Seconds since the camera loop last turned (it turns at every frame and
        at every retry of a lost camera), or None when no loop is meant to run
        (not started, stopped, or its source ended). A growing age means a hung
        loop: ``companion run``'s systemd watchdog stops pinging then."""
        return self.camera.age()

    def _on_snapshot(self, snapshot: Any, gap: bool = False) -> None:
        """A new settled table (the monitor's, or a test's): its fixed markers kept,
        then a waiting take-over tried on it, or else the game refereed against
        it (``gap``: the camera may have missed moves since the last one)."""
        t = self.table
        with t.lock:
            t.snapshot = snapshot
            if self._markers is not None and hasattr(t.pipeline, "fixed_markers"):
                self._markers.save(t.pipeline.fixed_markers())
            if t.late is not None and (t.engine is None or t.ended):
                self.takeover.try_now()
                return
            if t.engine is None or t.ended:     # no game open: the game its tags offer, if any
                self.offers.see(snapshot)
                return
            try:
                self.desk.referee(snapshot, gap)
            except JournalError as e:     # not written, so not shown: the table stays unrefereed
                self.monitor.journal_failed(e)

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
        return self.monitor.frame

    def _overlay(self, frame: Frame) -> Any:
        return self.table.pipeline.overlay(frame) if self.table.pipeline is not None else frame.image

    # ------------------------------------------------------------------ the game's life (game_life, takeover)

    def new_game(self, game_code: str, players: list[str] | str, options: dict[str, Any] | None = None,
                 names: dict[str, str] | None = None, start: dict[str, Any] | None = None) -> int:
        """See :meth:`GameLife.new_game`."""
        return self.life.new_game(game_code, players, options, names, start)

    def resume(self) -> bool:
        """See :meth:`GameLife.resume`."""
        return self.life.resume()

    def end_game(self) -> dict[str, Any] | None:
        """See :meth:`GameLife.end_game`."""
        return self.life.end_game()

    def reopen(self) -> None:
        """See :meth:`GameLife.reopen`."""
        self.life.reopen()

    def take_over(self, game_code: str, players: list[str] | str, options: dict[str, Any] | None = None,
                  names: dict[str, str] | None = None, answers: dict[str, Any] | None = None) -> int:
        """See :meth:`TakeOver.take_over`."""
        return self.takeover.take_over(game_code, players, options, names, answers)

    def take_over_when_seen(self, game_code: str, players: list[str], options: dict[str, Any] | None = None,
                            names: dict[str, str] | None = None, answers: dict[str, Any] | None = None) -> None:
        """See :meth:`TakeOver.when_seen`."""
        self.takeover.when_seen(game_code, players, options, names, answers)

    def answer_take_over(self, answers: dict[str, Any]) -> None:
        """See :meth:`TakeOver.answer`."""
        self.takeover.answer(answers)

    @property
    def waiting_take_over(self) -> bool:
        """A take-over waits for a settled table or for answers."""
        return self.table.late is not None

    @property
    def takeover_questions(self) -> list[dict[str, Any]]:
        """The questions a waiting take-over still needs answered (the form)."""
        return [q.to_json() for q in self.table.questions]

    # ------------------------------------------------------------------ the referee's desk

    def apply(self, action_json: Any, note: str = "referee") -> list[dict[str, Any]]:
        """See :meth:`RefereeDesk.apply`."""
        return self.desk.apply(action_json, note)

    def correct(self, action_json: Any) -> list[dict[str, Any]]:
        """Apply an action the referee typed in to put the game right (journalled
        as a correction)."""
        return self.desk.apply(action_json, "referee", kind="correction")

    def confirm(self, choice: int | None = None) -> list[dict[str, Any]]:
        """See :meth:`RefereeDesk.confirm`; with no game open, start the game the
        table offers (:meth:`TableOffers.accept`: the table's button, one tap)."""
        if not self.game_open and self.table.late is None and choice is None:
            return self.offers.accept()
        return self.desk.confirm(choice)

    def undo(self) -> list[dict[str, Any]]:
        """See :meth:`RefereeDesk.undo`."""
        return self.desk.undo()

    def fill_in(self, payload: str, field: str, value: str) -> None:
        """See :meth:`RefereeDesk.fill_in`."""
        self.desk.fill_in(payload, field, value)

    def note(self, text: str, kind: str = "note") -> None:
        """See :meth:`RefereeDesk.note`."""
        self.desk.note(text, kind)

    def action_form(self, type_name: str) -> dict[str, Any]:
        """See :meth:`RefereeDesk.action_form`."""
        return self.desk.action_form(type_name)

    def check_pin(self, pin: Any) -> bool:
        """Whether ``pin`` is the referee PIN (False when no PIN is set)."""
        expected = str(self.config.referee.pin or "")
        if not expected or not isinstance(pin, str):
            return False
        return hmac.compare_digest(pin.encode(), expected.encode())

    # ------------------------------------------------------------------ the referee's voice (live/voice_controls)

    @property
    def voice(self) -> Voice | None:
        """The referee's voice speaking for this table, once one is attached."""
        return self.voices.voice

    def attach_voice(self, voice: Voice) -> None:
        """See :meth:`VoiceControls.attach`."""
        self.voices.attach(voice)

    def voice_state(self) -> dict[str, Any] | None:
        """See :meth:`VoiceControls.state`."""
        return self.voices.state()

    def set_voice(self, muted: bool | None = None, volume: int | None = None) -> dict[str, Any]:
        """See :meth:`VoiceControls.set`."""
        return self.voices.set(muted, volume)

    def voice_wav(self, n: int, lang: str) -> bytes | None:
        """See :meth:`VoiceControls.wav`."""
        return self.voices.wav(n, lang)

    # ------------------------------------------------------------------ the broadcast and the records

    def view(self) -> dict[str, Any]:
        """See :meth:`Broadcast.view`."""
        return self.broadcast.view()

    def referee_view(self) -> dict[str, Any]:
        """See :meth:`Broadcast.referee_view`."""
        return self.broadcast.referee_view()

    def subscribe(self, maxlen: int = 256) -> Subscription:
        """See :meth:`Broadcast.subscribe`."""
        return self.broadcast.subscribe(maxlen)

    def on_change(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """See :meth:`Broadcast.on_change`."""
        self.broadcast.on_change(callback)

    def results(self, as_csv: bool = False) -> Any:
        """See :meth:`GameRecords.results`."""
        return self.records.results(as_csv)

    def story(self) -> dict[str, Any] | None:
        """See :meth:`GameRecords.story`."""
        return self.records.story()

    def past_games(self, limit: int = 100) -> list[dict[str, Any]]:
        """See :meth:`GameRecords.past_games`."""
        return self.records.past_games(limit)
