"""companion demo: watch the companion referee a game on the simulated table.

A scripted game of Ghosts Love Candy for three players, with two deliberate
mistakes (an illegal haunt, a scared kid left on the table), runs through the
real vision pipeline and the real referee at a watchable pace and loops.
``--game CODE`` plays another game's example game (its page's, docs/games/)
instead: its last moves change by change, the moves no camera sees told on the
console as a referee would. Open the page it prints (http://127.0.0.1:8000 by
default)::

    companion demo
    companion demo --no-web          # print what the referee sees instead
    companion demo --no-web --fast   # one round, as fast as it runs, then exit
    companion demo --game TCG        # another game's example game (GLC, TCG, GVG, GAH, CCR)
    companion demo --camera 4608x2592   # the Pi camera's full-sensor mode (memory, speed)
    companion demo --tables 6        # an event: six tables, a Mosquitto broker, the event page
    companion demo --lang de --speak # the page in German, and the referee's voice through the speaker
    companion demo --no-web --fast --voice-out said/   # every spoken sentence as said/0001-turn.wav ...
"""
from __future__ import annotations

import argparse
import re
import sys
from typing import Any

from models.text import LANGUAGES


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("demo", help="the simulated table plays a refereed game; the page shows it",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", type=port_number, default=8000, help="web port (default 8000; 0 picks a free one)")
    p.add_argument("--bind", default="127.0.0.1", help="web bind address (default 127.0.0.1)")
    p.add_argument("--no-web", action="store_true", help="no page: print verdicts, prompts and scores as lines")
    p.add_argument("--fast", action="store_true", help="frames as fast as they are processed; one arc, then exit")
    p.add_argument("--once", action="store_true", help="stop after one arc instead of looping")
    p.add_argument("--camera", type=resolution, default=(1600, 900), metavar="WxH",
                   help="the simulated camera's resolution (default 1600x900; the Pi camera's modes are "
                        "4608x2592 and 2304x1296)")
    p.add_argument("--game", type=game_code, default="GLC", metavar="CODE",
                   help="the game whose example is played, by code or name (default GLC, its narrated game "
                        "with two mistakes)")
    p.add_argument("--lang", choices=list(LANGUAGES), metavar="|".join(LANGUAGES),
                   help="the table's language: the page's default and the voice's (default English)")
    p.add_argument("--speak", action="store_true",
                   help="the referee's voice through the speaker (aplay; [voice] of the config, README "
                        "'Hearing the referee')")
    p.add_argument("--voice-out", metavar="DIR",
                   help="write every sentence the voice says as numbered WAV files in DIR (0001-turn.wav, "
                        "0002-illegal.wav ...), beside the speaker with --speak")
    p.add_argument("--tables", type=int, metavar="N",
                   help="event mode: N simulated tables (1-12) playing different games, publishing to a "
                        "Mosquitto broker started on free ports, and the event page (docs/event.md)")
    return p


def port_number(text: str) -> int:
    """A TCP port, 0 (any free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number, 0 to 65535, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0 to 65535 (0 picks a free one), not {port}")
    return port


def game_code(text: str) -> str:
    """A registered game's code, from its code or name (``tcg``, ``the-closest-ghost``)."""
    from models.registry import find_game_class
    try:
        return find_game_class(text).code
    except KeyError as e:
        raise argparse.ArgumentTypeError(str(e.args[0])) from None


def resolution(text: str) -> tuple[int, int]:
    """``WxH`` (e.g. ``4608x2592``): a camera resolution, 320x240 to 9152x6944."""
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"a resolution is WIDTHxHEIGHT, e.g. 4608x2592, not {text!r}")
    w, h = int(m.group(1)), int(m.group(2))
    if not (320 <= w <= 9152 and 240 <= h <= 6944):
        raise argparse.ArgumentTypeError(f"{w}x{h} is not a camera resolution (320x240 to 9152x6944)")
    return w, h


def run(args: argparse.Namespace) -> int:
    from companion.service.network import CannotServe
    try:
        if args.tables is not None:
            if args.speak or args.voice_out or args.lang:
                print("companion demo: --speak, --voice-out and --lang are for one table; the event's tables "
                      "(--tables) speak no words", file=sys.stderr)
                return 2
            if args.game != "GLC":
                print("companion demo: --game plays one table; the event's tables (--tables) play the games "
                      "in turn", file=sys.stderr)
                return 2
            from companion.demo.event import run_event_demo
            from companion.event.broker import BrokerError
            try:
                return run_event_demo(tables=args.tables, port=args.port, bind=args.bind)
            except (ValueError, BrokerError) as e:
                print(f"companion demo: {e}", file=sys.stderr)
                return 2
        from companion.demo import run_demo
        from companion.voice import VoiceUnavailable
        try:
            return run_demo(port=args.port, bind=args.bind, fast=args.fast, web=not args.no_web, once=args.once,
                            resolution=args.camera, game=args.game, lang=args.lang, voice_out=args.voice_out,
                            speak=args.speak)
        except VoiceUnavailable as e:
            print(f"companion demo: {e}", file=sys.stderr)
            return 2
    except CannotServe as e:
        print(f"companion demo: {e}" + (f": choose another with --port N (make {_make_target(args)} PORT=N), "
                                       "or --port 0 for any free one" if e.port_unavailable else ""),
              file=sys.stderr)
        return 2


def _make_target(args: argparse.Namespace) -> str:
    """The Makefile's target that runs this demo (its ``PORT=`` sets ``--port``)."""
    return "event-demo" if args.tables is not None else "demo"
