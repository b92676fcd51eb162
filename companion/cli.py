"""``companion``: the command line.

Each subcommand lives in its own module under ``companion.commands`` with two
functions, ``add_parser(subparsers)`` and ``run(args) -> int``; this file only
finds them. A command whose positionals are optional (``companion score``) sets
``_late_positionals(args, extra) -> bool`` to take those given after an option
(argparse gives optional positionals up at the first option).

Exit codes: 0 success, 1 the job failed, 2 bad input (a usage error, an
unreadable file, a malformed script).
"""
from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import re
import signal
import sys
import threading

from . import __version__, commands
from .service.memory import big_buffers_unmapped

_ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")          # :class:`models.engine.Game`, :func:`~x.run`
_LITERAL = re.compile(r"``(.+?)``", re.DOTALL)       # ``companion rules``, across a line break too


def plain(text: str | None) -> str | None:
    """A command's help without the reST markup of the docstring it comes from:
    ``x`` and :role:`x` become x, a paragraph's closing ``::`` (a code block
    follows) a colon, an escaped space nothing."""
    if not text:
        return text
    text = _ROLE.sub(lambda m: m.group(1).split(".")[-1] if m.group(0).count("~") else m.group(1), text)
    text = _LITERAL.sub(r"\1", text).replace("\\ ", "")
    return re.sub(r"(?m)(\S)::$", r"\1:", re.sub(r"(?m)^\s*::\n", "", text))


def _plain_help(parser: argparse.ArgumentParser) -> None:
    """Every help text of ``parser`` and its subcommands, made :func:`plain`."""
    parser.description, parser.epilog = plain(parser.description), plain(parser.epilog)
    for action in parser._actions:
        action.help = plain(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = plain(choice.help)
            for sub in action.choices.values():
                _plain_help(sub)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion: a camera-watched referee for tagged tabletop games.")
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more logging (-vv for debug)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{commands.__name__}.{info.name}")
        p = mod.add_parser(sub)
        p.set_defaults(_run=mod.run)
    _plain_help(parser)          # the help is written as docstrings (reST); it is read as plain text
    return parser


def _stop_on_sigterm() -> None:
    """Make SIGTERM (systemd stopping the service, ``kill``) unwind like Ctrl-C does,
    so every command's ``finally`` runs: the journal is closed, the camera released
    and temporary files removed. Exit status 143 (128 + SIGTERM), as for a shell."""
    if threading.current_thread() is not threading.main_thread():
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    late = getattr(args, "_late_positionals", None)
    if extra and (late is None or not late(args, extra)):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    level = [logging.WARNING, logging.INFO, logging.DEBUG][min(args.verbose, 2)]
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    _stop_on_sigterm()
    big_buffers_unmapped()          # camera frames back to the system when freed (companion/service/memory.py)
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
