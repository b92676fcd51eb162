"""``companion demo``: the simulated table plays a scripted game of Ghosts Love
Candy through the real pipeline and the real referee, and the page shows it.

The script (:mod:`.script`) opens on the last round of a three-player game and
plays it change by change, a hand passing over the table for each change, with
two deliberate mistakes (an illegal haunt, corrected on the table; a scared kid
left on the table, then moved to the stash), ending on the final scoreboard.
Then it starts again. :class:`Demo` wires it up; :func:`run_demo` runs it::

    demo = Demo(fast=True)
    demo.start(); demo.wait(); demo.close()

``companion demo --game CODE`` plays another game's example game instead
(``docs/games/<slug>.script.json``, as the event demo's tables do,
:class:`.event.DemoTableAtEvent`): its last ``demo_watched`` moves change by
change, the moves no camera sees told on the console, through the same session
and page.
"""
from __future__ import annotations

import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TextIO

from companion.live.lines import write_line
from hardware.frames import Frame, FrameSource
from hardware.simtable import CameraModel, SimulatedTable
from models.text import concat

from .script import PLAYERS, build_script
from .timeline import Beat, build_timeline

DEMO_PIN = "1234"


#: one line at a time on the demo's output: the narration, the voice's thread and the summary write whole lines
class Scripted(Protocol):
    """What a :class:`DemoTable` plays: the table first seen, then each beat."""

    opening_table: list[Any]
    beats: list[Beat]


class DemoTable(FrameSource):
    """The scripted table, cycle after cycle: a SimulatedTable per cycle, with
    time running on across cycles. ``on_cycle(n)`` runs before cycle ``n``'s
    first frame (it starts the game); ``on_beat(i, beat)`` when beat ``i``'s
    change reaches the camera. ``cycles=None`` loops forever."""

    name = "sim:demo"

    def __init__(self, script: Scripted, camera: CameraModel, *, fps: float, every_s: float, first_s: float,
                 hold_s: float, realtime: bool, cycles: int | None,
                 on_cycle: Callable[[int], None], on_beat: Callable[[int, Beat], None]):
        self.script = script
        self.camera = camera
        self.fps = fps
        self.realtime = realtime
        self.cycles = cycles
        self.on_cycle = on_cycle
        self.on_beat = on_beat
        self.steps, self.marks = build_timeline(script.opening_table, script.beats, every_s=every_s,
                                                first_s=first_s)
        self.hold_s = hold_s
        self.cycle = 0
        self._table: SimulatedTable | None = None
        self._t_offset = 0.0
        self._index = 0
        self._next_beat = 0
        self._start_wall: float | None = None

    def open(self) -> None:
        if self._start_wall is None:
            self._start_wall = time.monotonic()

    def _new_cycle(self) -> None:
        self.cycle += 1
        self.on_cycle(self.cycle)
        self._table = SimulatedTable(self.steps, self.camera, fps=self.fps, hold_s=self.hold_s)
        self._next_beat = 0

    def read(self) -> Frame | None:
        self.open()
        if self._table is None:
            self._new_cycle()
        assert self._table is not None
        frame = self._table.read()
        if frame is None:
            if self.cycles is not None and self.cycle >= self.cycles:
                return None
            end_t = self._table.end_t
            assert end_t is not None                # the table ended, so it has an end
            self._t_offset += end_t + 1.0 / self.fps
            self._new_cycle()
            frame = self._table.read()
            assert frame is not None
        t = self._t_offset + frame.t
        if self.realtime:
            assert self._start_wall is not None     # set by open()
            delay = self._start_wall + t - time.monotonic()
            if delay > 0:
                time.sleep(delay)
        while self._next_beat < len(self.marks) and frame.t >= self.marks[self._next_beat]:
            self.on_beat(self._next_beat, self.script.beats[self._next_beat])
            self._next_beat += 1
        out = Frame(frame.image, t, self._index)
        self._index += 1
        return out

    def close(self) -> None:
        pass


class Demo:
    """The demo's session, table and narration (see the module docstring).

    ``fast``: frames as fast as they can be processed, one cycle, shorter beats
    (for tests); otherwise real time, a change every ``every_s`` seconds, looping.
    ``out``: where narration and what the session shows go as plain lines
    (None: nowhere)."""

    def __init__(self, *, fast: bool = False, cycles: int | None = None, out: TextIO | None = None,
                 journal_dir: str | None = None, resolution: tuple[int, int] = (1600, 900),
                 every_s: float | None = None, game: str = "GLC"):
        from companion.config import load_config
        from companion.live.session import Session
        from models.registry import get_game

        self.fast = fast
        self.out = out
        self.game = get_game(game)
        self._tmp = None
        if journal_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="companion-demo-")
            journal_dir = self._tmp.name
        self.config = load_config(None, env={
            "COMPANION_JOURNAL_PATH": str(Path(journal_dir) / "journal.sqlite"),
            "COMPANION_REFEREE_PIN": DEMO_PIN, "COMPANION_PINS_FACTORY": "mock",
            "COMPANION_WEB_BIND": "127.0.0.1"})
        self.beat_times: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._pending_beat: dict[str, Any] | None = None
        self._quiet = False
        every = every_s if every_s is not None else 3.0
        fps = 5.0
        cycles = cycles if cycles is not None else (1 if fast else None)
        #: the example's table (any game but Ghosts Love Candy, whose narrated script is the demo's own)
        self.example: Any = None
        if self.game.code == "GLC":
            self.script: Any = build_script(self.game)
            self.session = Session(self.config)
            self.source = DemoTable(self.script, CameraModel(resolution=resolution), fps=fps, every_s=every,
                                    first_s=every, hold_s=3.0 if fast else 10.0, realtime=not fast,
                                    cycles=cycles, on_cycle=self._on_cycle, on_beat=self._on_beat)
        else:
            from .event import DemoTableAtEvent
            self.example = DemoTableAtEvent("demo", self.game.code, 0, None, "demo", Path(journal_dir),
                                            resolution=resolution, every_s=every, fps=fps, realtime=not fast,
                                            cycles=cycles, hold_s=3.0 if fast else 10.0, config=self.config)
            self.script = self.example.script
            self.session = self.example.session
            self.source = self.example.source
            self.source.on_cycle = self._on_example_cycle
            self.source.on_beat = self._on_example_beat
        if out is not None:
            from companion.live.lines import LinePrinter
            self.printer = LinePrinter(out)
            self.session.on_change(self._on_view)
        self.session.on_change(self._time_beat)

    # ---- narration

    def say(self, text: str) -> None:
        if self.out is not None:
            write_line(self.out, text)

    def _on_cycle(self, n: int) -> None:
        """Start game ``n``: rounds 1-7 applied at once (journalled as one change)."""
        s = self.session
        self._quiet = True
        try:
            if s.game_open:
                s.end_game()
            s.new_game("GLC", PLAYERS, {})
            s.apply(self.script.played.actions, note="demo: rounds 1-7 played in advance")
        finally:
            self._quiet = False
        self.say(f"=== demo game {n}: Ghosts Love Candy, {', '.join(PLAYERS)}; rounds 1-7 already played, "
                 f"the camera watches round 8 ===")
        if self.out is not None:
            self.printer(s.view())

    def _on_example_cycle(self, n: int) -> None:
        """Start game ``n`` of another game's example: the moves before the
        camera watches applied at once (journalled as one change)."""
        self._quiet = True
        try:
            self.example._on_cycle(n)
        finally:
            self._quiet = False
        watched = len(self.script.beats)
        self.say(f"=== demo game {n}: {self.game.title}, {', '.join(self.script.players)}; "
                 f"{len(self.script.before)} moves of the example already played, the camera watches the last "
                 f"{watched} ===")
        if self.out is not None:
            self.printer(self.session.view())

    def _on_example_beat(self, i: int, beat: Beat) -> None:
        """Beat ``i`` of the example reaches the camera: narrate and time it,
        then the demo's referee tells the move if no camera sees it."""
        self._on_beat(i, beat)
        self.example._on_beat(i, beat)

    def _on_beat(self, i: int, beat: Beat) -> None:
        """Beat ``i``'s change reaches the camera: narrate it (on the page's events
        and in the lines) and start its clock."""
        self.session.note(concat(f"{i + 1}/{len(self.script.beats)}", beat.say, sep=": "), "demo")
        with self._lock:
            self._pending_beat = {"beat": i + 1, "say": beat.say, "expect": beat.expect,
                                  "t": time.monotonic(), "seq": self.session.view()["seq"]}

    def _time_beat(self, view: dict[str, Any]) -> None:
        """How long each beat takes to reach the page: from its change reaching
        the camera to the first view that shows the referee's verdict on it."""
        with self._lock:
            pb = self._pending_beat
            if pb is None or view["seq"] <= pb["seq"] or view.get("settling"):
                return
            if view["status"] not in ("applied", "in_sync", "waiting", "out_of_sync", "over"):
                return
            self._pending_beat = None
            self.beat_times.append({**pb, "status": view["status"], "after_s": round(time.monotonic() - pb["t"], 2)})

    def _on_view(self, view: dict[str, Any]) -> None:
        if self._quiet:
            self.printer.skip(view)
        else:
            self.printer(view)

    # ---- running

    def start(self) -> None:
        self.session.start(self.source)

    def wait(self, timeout: float | None = None) -> bool:
        return self.session.wait(timeout)

    def close(self) -> None:
        self.session.close()
        if self._tmp is not None:
            self._tmp.cleanup()


def run_demo(*, port: int = 8000, bind: str = "127.0.0.1", fast: bool = False, web: bool = True,
             once: bool = False, out: TextIO | None = None, resolution: tuple[int, int] = (1600, 900),
             game: str = "GLC", lang: str | None = None, voice_out: str | None = None,
             speak: bool = False) -> int:
    """``companion demo``: run until interrupted (or the end of the arc with
    ``fast`` or ``once``). ``game``: the game whose example is played (a code
    or name; Ghosts Love Candy's narrated script by default). ``lang``: the
    table's language (the page's default and the voice's); the voice speaks
    through the speaker with ``speak`` and into numbered WAV files in
    ``voice_out`` (companion.voice)."""
    out = out or sys.stdout
    demo = Demo(fast=fast, cycles=1 if (fast or once) else None, out=None if web else out, resolution=resolution,
                game=game)
    voice = None
    try:
        if speak or voice_out:
            from companion.voice import from_config
            said = (lambda kind, text: write_line(out, f"voice: {kind}: {text}")) if not web else None
            voice = from_config(demo.session, demo.config, out_dir=voice_out, speaker=speak, lang=lang,
                                on_said=said)
            if voice is not None:
                voice.start()
        if not web:
            demo.start()
            demo.wait()
            if voice is not None:
                voice.close()           # what is still to say, said
            for b in demo.beat_times:
                write_line(out, f"timing: beat {b['beat']} shown {b['after_s']:.1f} s after the change ({b['status']})")
            if demo.example is not None:
                c = demo.example.console
                write_line(out, f"console: {c['told']} move(s) told (no camera sees them), {c['answered']} question(s) "
                                f"answered, {c['missed']} missed move(s) entered, {c['undone']} misread(s) undone")
            return 0
        from companion.photo_score import PhotoScorer
        from companion.service.signals import stop_on_signals
        from web import create_app, make_server
        app = create_app(demo.session, pin=DEMO_PIN, scorer=PhotoScorer(demo.session.config.table_mm),
                         language=lang)
        from companion.service.network import CannotServe, join_link
        try:
            server = make_server(app, host=bind, port=port)
        except OSError as e:
            raise CannotServe(bind, port, e) from None
        app.config["TC_JOIN"] = join_link(bind, server.effective_port)    # the QR code on the display
        restore = stop_on_signals([server])     # Ctrl-C or SIGTERM close the server; the finally cleans up
        from companion.service.network import page_urls
        where = " ".join(page_urls(bind, server.effective_port))
        lan = (" (this machine only: --bind 0.0.0.0 lets phones on your Wi-Fi open it)"
               if bind.startswith("127.") or bind == "localhost" else "")
        print(f"Table Companion demo: open {where}{lan}  "
              f"(referee console /referee, PIN {DEMO_PIN}; camera view /camera; score a photo /score). "
              "Ctrl-C stops.",
              file=out, flush=True)
        demo.start()
        if fast or once:
            def stop_after_the_arc() -> None:
                demo.wait()
                time.sleep(3.0)
                server.close()
            threading.Thread(target=stop_after_the_arc, daemon=True).start()
        try:
            server.run()
        except (OSError, ValueError):
            pass   # closed at the end of the arc
        finally:
            restore()
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        if voice is not None:
            voice.close(drain_s=10.0 if fast or once else 2.0)
        demo.close()
