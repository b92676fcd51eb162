"""``companion rules``: play a scripted game through an engine, without a camera.

    companion rules GLC --players RED,BLUE,GREEN [--option KEY=VALUE]... SCRIPT.json [--json]

The script is a JSON array of actions (``{"type": "...", ...}``; ``-`` reads it
from standard input). Each action is applied in turn: its events and the prompts
that follow, or the reason it is illegal (an illegal action changes nothing and
the script goes on). Then the final public state and the scores.

With ``--json`` the output is one JSON object per line::

    {"i": 0, "ok": true, "events": [...], "prompts": [...]}
    {"i": 3, "ok": false, "error": "haunt: it is BLUE's turn, not RED's"}
    {"final": true, "state": {...public view...}, "score": {...}}

Players are seat colours of the game (``red`` is read as ``RED``); a name that
is not one of the game's seats is refused before anything runs, with the list
of seats. Winners are named only once the game is over; before that the score
is provisional and says who is leading (or level at the top).

Exit codes: 0 the script ran (illegal actions included); 2 bad input: an unknown
game, players or options the game refuses, an unreadable file, or a malformed
script (not JSON, not an array, an unknown action type, a missing or mistyped
field), named by the action's index before anything runs. A script is at most
4 MiB of UTF-8 JSON nested at most 64 levels deep (:mod:`models.jsonio`).

Works for every registered game through the :class:`models.engine.Game` interface.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from models import jsonio
from models.engine import Action, Game, GameSetupError, IllegalAction, MalformedAction, Scoreboard
from models.registry import get_game


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("rules", help="run a JSON script of actions through a game's rules (no camera)",
                       description=__doc__.split("\n\n")[0],
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="Example: companion rules GLC --players RED,BLUE,GREEN "
                              "docs/games/ghosts-love-candy.script.json --json")
    p.add_argument("game", help="game code or name, e.g. GLC or ghosts-love-candy")
    p.add_argument("script", help="JSON file holding an array of actions ('-' for standard input)")
    p.add_argument("--players", required=True, help="comma-separated seat colours, e.g. RED,BLUE,GREEN")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (repeatable)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    return p


class ScriptError(ValueError):
    """A script that cannot be run at all (exit 2)."""


def load_script(game: Game, text: str | bytes, source: str) -> list[Action]:
    """Parse a whole script into typed actions, or raise ScriptError naming the
    index (or the size, encoding or nesting limit it breaks: :mod:`models.jsonio`)."""
    try:
        data = jsonio.loads(text, source)
    except jsonio.InputError as e:
        raise ScriptError(str(e)) from None
    if not isinstance(data, list):
        raise ScriptError(f"{source}: a script is a JSON array of actions, not a {type(data).__name__}")
    actions = []
    for i, item in enumerate(data):
        try:
            actions.append(game.parse_action(item))
        except MalformedAction as e:
            raise ScriptError(f"{source}: action {i}: {e}") from None
    return actions


def parse_options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ScriptError(f"--option {pair!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def run(args: argparse.Namespace) -> int:
    out: TextIO = sys.stdout
    try:
        try:
            game = get_game(args.game)
        except KeyError as e:
            raise ScriptError(str(e.args[0])) from None
        players = [p for p in args.players.split(",") if p.strip()]
        state = game.setup(players, parse_options(args.option))
        if args.script == "-":
            source = "<stdin>"
            text = jsonio.read_limited(sys.stdin.buffer, jsonio.MAX_JSON_BYTES, source)
        else:
            source = args.script
            try:
                text = jsonio.read_file(args.script, jsonio.MAX_JSON_BYTES)
            except OSError as e:
                raise ScriptError(f"{args.script}: cannot read: {e.strerror or e}") from None
        actions = load_script(game, text, source)
    except (ScriptError, GameSetupError, jsonio.InputError) as e:
        print(f"companion rules: {e}", file=sys.stderr)
        return 2

    for i, action in enumerate(actions):
        try:
            state, events = game.apply(state, action)
        except IllegalAction as e:
            if args.json:
                _line(out, {"i": i, "ok": False, "error": e.reason})
            else:
                out.write(f"#{i} ILLEGAL {action}: {e.reason}\n")
            continue
        prompts = game.prompts(state)
        if args.json:
            _line(out, {"i": i, "ok": True, "events": [e.to_json() for e in events],
                        "prompts": [p.to_json() for p in prompts]})
        else:
            out.write(f"#{i} {action}\n")
            for ev in events:
                out.write(f"    - {ev.text}\n")
    board = game.score(state)
    if args.json:
        _line(out, {"final": True, "state": game.public_view(state), "score": board.to_json()})
    else:
        _readable_end(out, game, state, board)
    return 0


def _line(out: TextIO, obj: dict[str, Any]) -> None:
    out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _readable_end(out: TextIO, game: Game, state: Any, board: Scoreboard) -> None:
    out.write("\nNext:\n")
    prompts = game.prompts(state)
    for p in prompts:
        out.write(f"    {'[' + p.to + '] ' if p.to else ''}{p.text}\n")
    if not prompts:
        out.write("    (nothing)\n")
    out.write(f"\nScore ({'final' if board.final else 'provisional'}):\n")
    for player, entry in board.entries.items():
        out.write(f"    {player}: {entry.total}\n")
        for line in entry.breakdown:
            out.write(f"        {line.points:+d}  {line.what}\n")
    if board.final and board.winners:
        verb = "tie between" if board.tie else "winner:"
        out.write(f"    {verb} {', '.join(board.winners)}\n")
    elif not board.final and board.leaders:     # the game goes on: nobody has won yet
        verb = "level" if len(board.leaders) > 1 else "leading"
        out.write(f"    {verb} (provisional): {', '.join(board.leaders)}\n")
    for note in board.notes:
        out.write(f"    note: {note}\n")
