"""companion run: referee a real table.

Resumes the journal's open game if there is one (the same game and players, or
no ``--game``); otherwise starts ``--game`` with ``--players``, or offers the
game the settled table's tags belong to (one press of the confirm button starts
it; ``--json`` views carry it as ``offer``), or waits for the referee to start
one from the console. Serves the web page (display, referee
console behind the PIN, camera view) until stopped::

    companion run --game GLC --players RED,BLUE,GREEN --camera picamera2
    companion run --camera replay:recordings/game1 --no-web   # print what it sees
    companion run --camera browser        # a phone on a stand is the camera: https://<this machine>:8443/camera/phone
    companion run --lang de --voice-out said/   # German page and voice; every spoken sentence also as a WAV file
"""
from __future__ import annotations

import argparse
import os
import secrets
import sys
import threading
from typing import Any

from models.text import LANGUAGES

#: where the page is also served over HTTPS when the camera is a phone (``--camera browser``)
DEFAULT_HTTPS_PORT = 8443


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("run", help="referee a real table (camera -> referee -> web page)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", help="game code or name (e.g. GLC); default: resume the open game, or the config's [game]")
    p.add_argument("--players", help="seat colours, comma-separated (e.g. RED,BLUE,GREEN)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a game option (repeatable)")
    p.add_argument("--name", action="append", default=[], metavar="SEAT=NAME",
                   help="a player's name, shown on the page and in the results (repeatable: --name RED=Ana)")
    p.add_argument("--from-table", action="store_true",
                   help="the game began before the companion watched: take it over as it lies once the camera "
                        "sees the table settled (needs --game and --players; an open game in the journal is "
                        "resumed instead). What the table cannot show (whose turn, which round) is asked on the "
                        "terminal and the console, or given as --option KEY=VALUE")
    p.add_argument("--camera", help="picamera2 | opencv:0 | opencv:FILE.mp4 | replay:DIR | sim:SCENE.json | browser "
                                    "(a phone's camera through /camera/phone, over HTTPS) "
                                    "(default: the config's [camera] source)")
    p.add_argument("--config", help="TOML config file (default: $COMPANION_CONFIG, else built-in defaults)")
    p.add_argument("--journal", help="journal file (overrides [journal] path)")
    p.add_argument("--port", type=port_number,
                   help="web port (overrides [web] port; 0: any free port, the one chosen is printed)")
    p.add_argument("--bind", help="web bind address (overrides [web] bind)")
    p.add_argument("--pin", type=pin_arg,
                   help="referee PIN, 4-64 characters, no spaces (overrides [referee] pin; "
                        "default: a random PIN, printed)")
    p.add_argument("--broker", help="event mode: the event's MQTT broker, mqtt://[table:password@]host[:port] "
                                    "(overrides [event] broker; docs/event.md)")
    p.add_argument("--event", help="event mode: the event's name (overrides [event] event)")
    p.add_argument("--table", help="event mode: this table's name, also its broker login (overrides [event] table)")
    p.add_argument("--no-web", action="store_true",
                   help="no web page: print verdicts, prompts and scores to stdout; exit when the camera source ends")
    p.add_argument("--json", action="store_true", help="with --no-web: print each view as one JSON line")
    p.add_argument("--lang", choices=list(LANGUAGES), metavar="|".join(LANGUAGES),
                   help="the table's language: the page's default and the voice's (overrides [web] language)")
    p.add_argument("--voice-out", metavar="DIR",
                   help="write every sentence the voice says as numbered WAV files in DIR (0001-turn.wav ...), "
                        "beside the speaker ([voice] enabled) or alone")
    p.add_argument("--realtime", action="store_true",
                   help="replay:/sim: sources: deliver frames at their timestamps (default: as fast as they are read)")
    return p


def port_number(text: str) -> int:
    """``--port``: 0-65535, where 0 asks the system for any free port."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a whole number 0-65535, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0-65535 (0: any free port), not {port}")
    return port


def pin_arg(text: str) -> str:
    """``--pin``: the same rule as the config's [referee] pin (companion.config.validate_pin)."""
    from companion.config import ConfigError, validate_pin
    try:
        if not text:
            raise ConfigError("--pin: give the PIN (or leave --pin out for a random one)")
        return validate_pin(text, "--pin")
    except ConfigError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("--pin: ")) from None


def parse_options(items: list[str], flag: str = "--option") -> dict[str, str]:
    out = {}
    for item in items:
        if "=" not in item:
            raise ValueError(f"{flag} {item!r}: expected KEY=VALUE")
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def load(args: argparse.Namespace) -> Any:
    """The config from --config / $COMPANION_CONFIG / defaults, with the command line on top."""
    from companion.config import load_config
    path = args.config or os.environ.get("COMPANION_CONFIG") or None
    cfg = load_config(path)
    if getattr(args, "journal", None):
        cfg.journal.path = args.journal
    if getattr(args, "port", None) is not None:          # 0 is a port: any free one
        cfg.web.port = args.port
    if getattr(args, "bind", None):
        cfg.web.bind = args.bind
    if getattr(args, "pin", None):
        cfg.referee.pin = args.pin
    if getattr(args, "lang", None):
        cfg.web.language = args.lang
    for key in ("broker", "event", "table"):
        if getattr(args, key, None):
            setattr(cfg.event, key, getattr(args, key))
    return cfg


def start_game(session: Any, args: argparse.Namespace) -> None:
    """Resume the open game, or start the one asked for."""
    cfg = session.config
    code = args.game or cfg.game.code or None
    players = [p.strip().upper() for p in (args.players.split(",") if args.players else cfg.game.players) if p.strip()]
    options = {**cfg.game.options, **parse_options(args.option)}
    names = {k.upper(): v for k, v in parse_options(getattr(args, "name", []), "--name").items()}
    if session.resume():
        same = code is None or (session.engine.code.lower() == code.lower() or session.engine.slug == code.lower())
        same = same and (not players or players == session.players)
        if same:
            print(f"resumed game {session.game_id} of {session.engine.title} ({', '.join(session.players)}) "
                  f"from the journal {session.journal.path}", file=sys.stderr, flush=True)
            return
        print(f"the open game {session.game_id} is ended; starting a new game of {code}", file=sys.stderr, flush=True)
    if code:
        if not players:
            raise ValueError("--players is needed to start a game (e.g. --players RED,BLUE,GREEN)")
        if getattr(args, "from_table", False):
            from models.registry import get_game
            known = get_game(code).options            # the rest answer the take-over's questions
            session.take_over_when_seen(code, players, {k: v for k, v in options.items() if k in known}, names,
                                        {k: v for k, v in options.items() if k not in known})
            print(f"taking over the game of {code} as it lies, once the camera sees the table settled",
                  file=sys.stderr, flush=True)
            return
        session.new_game(code, players, options, names)
    elif getattr(args, "from_table", False):
        raise ValueError("--from-table needs --game and --players (the game on the table and its players)")


def https_server(app: Any, cfg: Any, port: int) -> Any:
    """The page over HTTPS on ``port`` (bound, not running), with the configured
    certificate or one made on first run beside the journal (``companion.service.tls``).
    ValueError says why it cannot be had."""
    from pathlib import Path

    from companion.config import default_journal_path
    from companion.service.tls import TLSError, ensure_certificate, server_context
    from web import make_server
    try:
        if cfg.web.tls_cert:
            cert, key = cfg.web.tls_cert, cfg.web.tls_key
        else:
            cert, key = ensure_certificate(Path(cfg.journal.path or default_journal_path()).parent / "tls")
        context = server_context(cert, key)
    except TLSError as e:
        raise ValueError(f"HTTPS: {e}") from None
    return make_server(app, host=cfg.web.bind, port=port, threads=cfg.web.threads, ssl_context=context)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError
    from companion.journal.store import JournalError
    from companion.live.camera_loop import camera_source
    from companion.live.lines import LinePrinter
    from companion.live.session import Session
    from companion.service.signals import stop_on_signals
    from hardware.frames import FrameSourceError
    try:
        cfg = load(args)
        if not cfg.referee.pin and not args.no_web:
            cfg.referee.pin = f"{secrets.randbelow(10**6):06d}"
            print(f"referee PIN: {cfg.referee.pin} (set one with --pin or [referee] pin)", file=sys.stderr, flush=True)
        session = Session(cfg)
    except (ConfigError, JournalError, ValueError) as e:
        print(f"companion run: {e}", file=sys.stderr)
        return 2
    from companion.event.publisher import from_config
    try:
        publisher = from_config(session, cfg.event)
    except ValueError as e:
        session.close()
        print(f"companion run: {e}", file=sys.stderr)
        return 2
    try:
        start_game(session, args)
    except (KeyError, ValueError, JournalError) as e:
        print(f"companion run: {e}", file=sys.stderr)
        session.close()
        return 2
    from companion.live.lines import write_line
    from companion.voice import VoiceUnavailable, from_config as voice_from_config
    try:
        said = ((lambda kind, text: write_line(sys.stdout, f"voice: {kind}: {text}"))
                if args.no_web and not args.json else None)
        voice = voice_from_config(session, cfg, out_dir=args.voice_out, on_said=said)
    except VoiceUnavailable as e:
        print(f"companion run: {e}", file=sys.stderr)
        session.close()
        return 2
    if getattr(args, "from_table", False) and session.waiting_take_over and sys.stdin.isatty():
        from companion.commands._takeover import ask_when_needed
        ask_when_needed(session)          # what the table cannot show, asked here (the console asks too)
    spec = args.camera or cfg.camera.source
    try:           # a spec naming nothing ends here; a missing camera is retried by the loop, page served
        source = camera_source(spec, cfg, realtime=args.realtime)
    except (FrameSourceError, ValueError, OSError) as e:
        print(f"companion run: camera {spec!r}: {e}", file=sys.stderr)
        session.close()
        return 2

    serving: list[Any] = []      # the web server, once it runs
    stop_on_signals(serving)     # SIGTERM or Ctrl-C: the server closes, the finally below cleans up

    from companion.service.sd_notify import LoopWatchdog, Notifier
    notify = Notifier.from_environment()          # systemd's Type=notify and WatchdogSec=, if any
    watchdog = LoopWatchdog(session, notify)

    if voice is not None:
        voice.start()
    if publisher is not None:
        publisher.start()
        print(f"event mode: table {cfg.event.table!r} of {cfg.event.event!r} publishes to {publisher.broker}",
              file=sys.stderr, flush=True)
    try:
        if args.no_web:
            printer = LinePrinter(as_json=args.json)
            session.on_change(printer)
            printer(session.view())
            session.start(source)
            notify.send("READY=1", "STATUS=refereeing (no page)")
            watchdog.start()
            while not session.wait(0.5):
                pass
            return 0
        from companion.photo_score import PhotoScorer
        from hardware.sources import BrowserSource
        from web import close_streams, create_app, make_server
        phone = source if isinstance(source, BrowserSource) else None
        https_port = cfg.web.https_port or (DEFAULT_HTTPS_PORT if phone is not None else 0)
        from companion.service.network import join_link
        app = create_app(session, pin=cfg.referee.pin, scorer=PhotoScorer(cfg.table_mm, cfg.vision.decoder),
                         phone_camera=phone, https_port=https_port or None, join=join_link(cfg.web.bind, cfg.web.port),
                         language=cfg.web.language or None, host_names=cfg.web.hosts)
        try:
            server = make_server(app, host=cfg.web.bind, port=cfg.web.port, threads=cfg.web.threads)
            secure = https_server(app, cfg, https_port) if https_port else None
        except (OSError, ValueError) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            print(f"companion run: cannot serve on {cfg.web.bind}: {why}", file=sys.stderr)
            source.close()
            return 2
        if secure is not None:
            serving.append(secure)
            threading.Thread(target=secure.run, name="web-https", daemon=True).start()
            where = "/camera/phone (the phone's camera page)" if phone is not None else "/"
            print(f"serving https://{cfg.web.bind}:{secure.effective_port}{where}", file=sys.stderr, flush=True)
        port = server.effective_port                  # the one the system chose for --port 0
        serving.append(server)
        session.start(source)
        from companion.service.network import page_urls
        urls = page_urls(cfg.web.bind, port)
        print(f"serving {' '.join(urls)} (referee console at /referee"
              + (f"; the phone's camera at {' '.join(page_urls(cfg.web.bind, secure.effective_port, 'https'))}"
                 "camera/phone" if secure is not None and phone is not None else "") + ")", file=sys.stderr, flush=True)
        notify.send("READY=1", f"STATUS=serving http://{cfg.web.bind}:{port}/")
        watchdog.start()
        try:
            server.run()
        finally:
            close_streams(app)
            server.close()
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        notify.send("STOPPING=1")
        watchdog.stop()
        if voice is not None:
            voice.close(drain_s=10.0 if args.no_web else 2.0)   # a replay's last words; a service stops soon
        if publisher is not None:
            session.stop()                 # the camera's last view first, so the event sees it
            publisher.close()
        session.close()
