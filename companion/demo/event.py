"""``companion demo --tables N``: an event on one machine.

A Mosquitto broker on a free port (configured as ``companion broker`` does: a
login per table, a read-only hub), N simulated tables each playing a
different game's example (``docs/games/*.script.json``) through the real vision
pipeline and referee and publishing to the broker as a real table does, and the
event page (``companion event``) at http://127.0.0.1:8000.

Each table opens part-way through its example (the moves before are applied at
once, as if played before the camera watched) so that the first results reach
the standings within a few minutes; then it plays on, change by change, a hand
over the table for each, to the game's end, and starts the next game with the
next players. Moves the camera cannot see (a card played face down, a hand's
content) are told to the companion as a referee would on the console; the rest
the camera and the referee follow by themselves, and what the referee then
asks of a move the camera saw (what paid for a Ghost at Home light) is told a
move later, as the referee at a real table would.

    demo = EventDemo(tables=6); demo.start(); ...; demo.close()
"""
from __future__ import annotations

import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from hardware.simtable import CameraModel
from models.engine import Game, IllegalAction
from models.registry import game_classes, get_game
from models.table import seen_from_above
from models.text import tr, trn

from . import DemoTable
from .timeline import Beat

#: the shipped games' turn at the event's tables (The Closest Ghost, the quickest, twice)
ROTATION = ("GLC", "TCG", "CCR", "GAH", "GVG", "TCG")
#: the games the tables play, in turn: :data:`ROTATION`, then every other
#: registered game, so that a new game has a table without an edit here
GAMES = ROTATION + tuple(cls.code for cls in game_classes() if cls.code not in ROTATION)
#: the event's pace: seconds between a table's moves (a game's ``demo_pace_s`` may ask for more), and
#: each table's camera frames per second
EVERY_S, FPS = 3.0, 4.0
NAMES = ("Ana", "Ben", "Chloé", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kim", "Lea",
         "Max", "Noor", "Oli", "Pia", "Raj", "Sam", "Tess", "Uma")


@dataclass
class StagedExample:
    """A game's example as the demo plays it: the moves played before the
    camera watches, the table then, and one beat per move after (``told``:
    the move the camera cannot see, which the referee tells the companion;
    ``states[i]``: the game before beat ``i``, the last one after them all)."""

    code: str
    players: list[str]
    before: list[dict[str, Any]]
    opening_table: list[Any]
    beats: list[Beat]
    told: list[bool]
    states: list[dict[str, Any]]


def staged_example(code: str, watched: int | None = None) -> StagedExample:
    """The example of game ``code`` (``docs/games/<slug>.script.json``, its
    refused moves left out), the last ``watched`` moves as beats (default: the
    game's ``demo_watched``)."""
    from companion.examples import example_script
    game = get_game(code)
    players = list(game.example_players)
    state = game.setup(players, {})
    # (action, before, after, what the players are told of it: the move's first event, in the page's language)
    moves: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any], Any]] = []
    words = game.action_words()["actions"]
    for data in example_script(code):
        try:
            after, events = game.apply(state, game.parse_action(data))
        except IllegalAction:
            continue
        said = events[0].text if events else words.get(data.get("type", ""), data.get("type", ""))
        moves.append((data, state, after, said))
        state = after
    watched = game.demo_watched if watched is None else watched
    first = max(0, len(moves) - watched)
    opening = moves[first][1] if moves else state
    beats, told, states = [], [], [opening]
    for data, before, after, said in moves[first:]:
        left = game.arrange_as_left(after)       # a round's Tricks face up: left while the players read them
        shown = left or game.arrange(after)
        beats.append(Beat(said, shown, "applied", [data], linger_s=EVERY_S if left else 0.0))
        told.append(not _camera_follows(game, before, after, shown))
        states.append(after)
    return StagedExample(game.code, players, [m[0] for m in moves[:first]], game.arrange(opening), beats, told,
                         states)


def _camera_follows(game: Game, before: dict[str, Any], after: dict[str, Any], shown: list[Any]) -> bool:
    """Whether the referee, shown the table after a move (``shown``, the beat's
    placements) as a perfect camera sees it, takes exactly that move (a move it
    cannot see, it cannot), or takes what the table shows of it and asks the
    rest (:meth:`Game.tells_for`)."""
    verdict = game.referee(before, seen_from_above(shown))
    if verdict.status != "applied":
        return False
    tells = game.tells_for(verdict.state, after)
    return verdict.state == after or (bool(tells) and game.apply_all(verdict.state, tells)[0] == after)


class DemoTableAtEvent:
    """One simulated table at the event: its session, its camera and its
    publisher (none without ``broker_url``: the bench's tables). Game after game
    of ``code`` (``cycles`` games; None: forever), players named from
    :data:`NAMES`; :attr:`console` counts what its referee did on the console.
    ``config``: the session's (``companion demo --game``: with the table's
    indicators); None: a journal in ``folder`` and no indicators."""

    def __init__(self, name: str, code: str, number: int, broker_url: str | None, event: str, folder: Path, *,
                 resolution: tuple[int, int], every_s: float, fps: float, realtime: bool = True,
                 cycles: int | None = None, hold_s: float = 8.0, config: Any = None):
        from companion.config import load_config
        from companion.event.broker_url import BrokerURL
        from companion.event.publisher import TablePublisher
        from companion.live.session import Session
        self.name, self.number = name, number
        self.script = staged_example(code)
        if config is None:
            cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(folder / f"{name}.sqlite"),
                                         "COMPANION_PINS_FACTORY": "mock"})
            self.session = Session(cfg, indicators=False)
        else:
            self.session = Session(config)
        self.publisher = (TablePublisher(self.session, BrokerURL.parse(broker_url), event=event, table=name)
                          if broker_url is not None else None)
        self.source = DemoTable(self.script, CameraModel(resolution=resolution), fps=fps,
                                every_s=max(every_s, get_game(code).demo_pace_s), first_s=every_s, hold_s=hold_s,
                                realtime=realtime, cycles=cycles,
                                on_cycle=self._on_cycle, on_beat=self._on_beat)
        #: what the demo's referee did on the console: moves told (no camera sees them), questions
        #: answered (the table was waiting for the referee), moves entered that the camera missed
        #: with nothing asked, and misreads taken back
        self.console = {"told": 0, "answered": 0, "missed": 0, "undone": 0}

    def _names(self, cycle: int) -> dict[str, str]:
        start = (self.number * 3 + cycle * 5) % len(NAMES)
        return {seat: NAMES[(start + i) % len(NAMES)] for i, seat in enumerate(self.script.players)}

    def _on_cycle(self, n: int) -> None:
        s = self.session
        if s.game_open:
            s.end_game()
        s.new_game(self.script.code, self.script.players, {}, self._names(n))
        if self.script.before:
            s.apply(self.script.before, note="demo: played before the camera watched")

    def _on_beat(self, i: int, beat: Beat) -> None:
        """Beat ``i``'s change reaches the camera. First the demo's referee puts
        right what the camera missed or misread of the beats before (as a
        referee does on the console), then tells the move if no camera can see it.
        A table still settling from the beat before is left to the camera: it
        reads both changes together, as it does when players move quickly."""
        s = self.session
        try:
            self._tell(i)
            settling = (i > 0 and not self.script.told[i] and s.state == self.script.states[i - 1]
                        and bool(s.view()["settling"]))
            if s.state != self.script.states[i] and not settling:
                self._put_right(i)
            if self.script.told[i]:
                s.apply(beat.actions, note="demo: a move the camera cannot see, told on the console")
                self.console["told"] += len(beat.actions)
        except (IllegalAction, ValueError) as e:
            reason = getattr(e, "reason", str(e))
            s.note(tr("demo: the referee could not enter the move: {reason}", reason=reason), "demo")

    def _tell(self, i: int) -> None:
        """What the referee asks of the move before beat ``i`` that the camera
        followed (what paid for a light), told on the console."""
        s, game = self.session, get_game(self.script.code)
        if s.state is None or s.state == self.script.states[i]:
            return
        tells = game.tells_for(s.state, self.script.states[i])
        if tells and game.apply_all(s.state, tells)[0] == self.script.states[i]:
            s.apply([a.to_json() for a in tells], note="demo: what the camera could not see of a move, told on "
                                                       "the console")
            self.console["told"] += len(tells)

    def _put_right(self, i: int) -> None:
        """Enter, as a correction, the moves between the last beat the session
        agrees with and beat ``i``; undo a misread first if there is one."""
        s = self.session
        for _ in range(3):
            known = [k for k in range(i, -1, -1) if self.script.states[k] == s.state]
            if known:
                missed = [a for beat in self.script.beats[known[0]:i] for a in beat.actions]
                if missed:
                    asked = s.view()["status"] == "waiting"
                    s.correct(missed)
                    s.note(trn("demo: the referee entered {n} move the camera missed",
                               "demo: the referee entered {n} moves the camera missed", len(missed)), "demo")
                    if asked:
                        self.console["answered"] += 1
                    else:
                        self.console["missed"] += len(missed)
                return
            s.undo()                      # the referee applied something else: take it back
            self.console["undone"] += 1

    def start(self) -> None:
        if self.publisher is not None:
            self.publisher.start()
        self.session.start(self.source)

    def close(self) -> None:
        if self.publisher is not None:
            self.publisher.close()
        self.session.close()


def start_in_turn(tables: list[DemoTableAtEvent]) -> None:
    """Start the tables a moment apart: their hands do not all move at once."""
    for i, t in enumerate(tables):
        t.start()
        if i + 1 < len(tables):
            time.sleep(0.3)


class EventDemo:
    """The broker, ``tables`` simulated tables and the hub (see the module doc)."""

    def __init__(self, tables: int = 6, *, event: str = "demo", resolution: tuple[int, int] = (1600, 900),
                 every_s: float = EVERY_S, fps: float = FPS):
        from companion.event.broker import Mosquitto, write_broker
        from companion.event.broker_url import BrokerURL
        from companion.event.feed import EventFeed
        from companion.event.hub import EventHub
        from companion.service.network import free_ports
        if not 1 <= tables <= 12:
            raise ValueError("--tables is 1 to 12 (each simulated table runs the whole pipeline on this machine)")
        self._tmp = tempfile.TemporaryDirectory(prefix="companion-event-demo-")
        folder = Path(self._tmp.name)
        names = [f"t{i + 1}" for i in range(tables)]
        self.setup = write_broker(folder / "broker", event=event, tables=names, port=free_ports()[0], bind="127.0.0.1")
        self.broker = Mosquitto(self.setup)
        self.hub = EventHub(BrokerURL.parse(self.setup.url("hub")), event=event)
        self.feed = EventFeed(self.hub)
        self.tables = [DemoTableAtEvent(n, GAMES[i % len(GAMES)], i, self.setup.url(n), event, folder,
                                        resolution=resolution, every_s=every_s, fps=fps)
                       for i, n in enumerate(names)]

    def start(self) -> None:
        self.broker.start()
        self.hub.start()
        self.feed.start()
        start_in_turn(self.tables)

    def close(self) -> None:
        for t in self.tables:
            t.close()
        self.feed.close()
        self.hub.close()
        self.broker.stop()
        self._tmp.cleanup()


def run_event_demo(*, tables: int, port: int = 8000, bind: str = "127.0.0.1", out: TextIO | None = None,
                   minutes: float | None = None) -> int:
    """``companion demo --tables N``: run until interrupted (or ``minutes``)."""
    from companion.service.network import CannotServe
    from companion.service.signals import stop_on_signals
    from web import close_streams, make_server
    from web.event import create_event_app
    out = out or sys.stdout
    demo = EventDemo(tables)
    try:
        app = create_event_app(demo.hub, demo.feed)
        try:
            server = make_server(app, host=bind, port=port)
        except OSError as e:
            raise CannotServe(bind, port, e) from None
        restore = stop_on_signals([server])
        demo.start()
        print(f"Table Companion event demo: {tables} tables -> Mosquitto on :{demo.setup.port} "
              f"-> open http://{bind}:{server.effective_port}/ (big screen: /?big=1). Ctrl-C stops.",
              file=out, flush=True)
        if minutes is not None:
            threading.Timer(minutes * 60, server.close).start()
        try:
            server.run()
        except (OSError, ValueError):
            pass
        finally:
            restore()
            close_streams(app)
            server.close()
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        demo.close()
