"""``companion score``: score a finished game from one photo of its table.

    companion score GLC --players RED,BLUE,GREEN table.jpg
    companion score CCR --players RED,BLUE photo.jpg --table 1200x800 --json
    companion score --serve                       # the /score page, open, at http://<this machine>:8000/score

Lay the table out for scoring as the game's page says ("Score from a photo"),
with the four corner markers in the picture, and take one photo (a phone is
fine: EXIF orientation, tilt and JPEG are expected). The photo is read like a
camera frame; the game reads the final table from it and scores it. Printed:
the scoreboard with every point explained, then every tag that was not
counted and why ("a candy card left in slot 4 is nobody's", at x,y mm).

With ``--json``, one object: ``score`` has the shape of the final line of
``companion rules --json`` (``score.entries.<SEAT>.total`` and ``breakdown``,
``winners``), ``placed`` the tags counted and ``unplaced`` the others (payload,
table mm, pixel centre and corners ``quad``, ``why``), ``reason`` why there is no score.

Exit codes: 0 scored; 1 the photo does not show a scorable final table (no
corner markers, a Love card face down...), with the reason; 2 unreadable input
(no such file, not an image, over the pixel limit, an unknown game or seat, a bad
--option such as round1=RED:x).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, TextIO

from .scan import table_size


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("score", help="score a finished game from one photo of its table",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", help="game code or name, e.g. GLC or ghosts-love-candy")
    p.add_argument("photo", nargs="?", help="the photo (JPEG, PNG, ...)")
    p.add_argument("--players", help="comma-separated seat colours, in seat order, e.g. RED,BLUE,GREEN")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (repeatable); Candy Crave: round1=RED:51,BLUE:44 (round 1's written points)")
    p.add_argument("--table", type=table_size, metavar="WxH",
                   help="the corner markers' rectangle in mm (default: the config's [table], 900x600)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--serve", action="store_true", help="serve the /score page instead (no PIN: run it on a "
                                                         "network you trust)")
    p.add_argument("--host", default="0.0.0.0", help="with --serve: address to listen on (default 0.0.0.0)")
    p.add_argument("--port", type=int, default=8000, help="with --serve: port (default 8000)")
    p.add_argument("--config", help="TOML config file (default: $COMPANION_CONFIG, else built-in defaults)")
    p.set_defaults(_late_positionals=_late_positionals)
    return p


def _late_positionals(args: argparse.Namespace, extra: list[str]) -> bool:
    """Take GAME and PHOTO where they come after an option (``GLC --players RED,BLUE t.jpg``)."""
    rest = [w for w in extra if not w.startswith("-") or w == "-"]
    if len(rest) != len(extra):
        return False
    for name in ("game", "photo"):
        if getattr(args, name) is None and rest:
            setattr(args, name, rest.pop(0))
    return not rest


def _fail(msg: str) -> int:
    print(f"companion score: {msg}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    try:
        cfg = load_config(args.config or os.environ.get("COMPANION_CONFIG") or None)
    except (ConfigError, OSError) as e:
        return _fail(str(e))
    table = args.table or cfg.table_mm
    if args.serve:
        return _serve(args, table, cfg.vision.decoder)
    if not args.game or not args.photo or not args.players:
        return _fail("give the game, --players and the photo, e.g. "
                     "companion score GLC --players RED,BLUE,GREEN table.jpg (or --serve for the page)")
    from companion.photo_score import NOT_SCORABLE, PhotoError, score_upload
    from models.engine import GameSetupError

    from .rules import ScriptError, parse_options
    try:
        options = parse_options(args.option)        # the game's score_table checks them
        if not os.path.isfile(args.photo):
            raise PhotoError("no such file" if not os.path.exists(args.photo) else "not a file")
        with open(args.photo, "rb") as fh:
            data = fh.read()
        result = score_upload(args.game, args.players, options, data, table_mm=table, decoder=cfg.vision.decoder)
    except KeyError as e:
        return _fail(str(e.args[0]))
    except (PhotoError, OSError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        return _fail(f"cannot read {args.photo}: {why}")
    except (GameSetupError, ScriptError) as e:
        return _fail(str(e))
    d = {"image": args.photo, **result.to_json()}
    if args.json:
        sys.stdout.write(json.dumps(d, ensure_ascii=False) + "\n")
    else:
        print_text(d, sys.stdout)
    if not result.ok:
        print(f"companion score: no score: {result.reason}", file=sys.stderr)
        return NOT_SCORABLE
    return 0


def print_text(d: dict[str, Any], out: TextIO) -> None:
    """The readable report: the scoreboard with its breakdown, then what was not counted
    (why there is no score is said once, on stderr, by :func:`run`)."""
    out.write(f"{d['title']} from {d['image']} ({d['width']}x{d['height']}, "
              f"{len(d['placed'])} tags counted, {len(d['unplaced'])} not counted)\n")
    score = d["score"]
    if score is not None:
        out.write("\nScore:\n")
        for seat, entry in score["entries"].items():
            out.write(f"    {seat}: {entry['total']}\n")
            for line in entry["breakdown"]:
                out.write(f"        {line['points']:>+4d}  {line['what']}\n")
        if score["winners"]:
            verb = "tie between" if score["tie"] else "winner:"
            out.write(f"    {verb} {', '.join(score['winners'])}\n")
        for note in score.get("notes", []):
            out.write(f"    note: {note}\n")
    unplaced = d["unplaced"]
    other = looks_like(d)
    if other is not None:
        cls, n = other
        unplaced = [u for u in unplaced if u["payload"].split(":", 1)[0] != cls.code]
        seen = len(d["placed"]) + len(d["unplaced"])
        share = f"all {n} tags seen are its" if n == seen else f"{n} of the {seen} tags seen are its"
        out.write(f"\nThis looks like {cls.title} ({cls.code}), not {d['title']}: {share}. Score it with "
                  f"`{_score_command(cls, d)}`.\n")
    if unplaced:
        out.write("\nNot counted:\n")
        for u in unplaced:
            out.write(f"    {u['payload']} at {u['x_mm']:.0f},{u['y_mm']:.0f} mm: {u['why']}\n")
    for p in d["problems"]:
        out.write(f"    ! {p}\n")
    for rej in d["rejected"]:
        out.write(f"    ? {rej['payload']!r}: {rej['reason']}\n")
    if d["duplicates"]:
        out.write(f"    ! seen more than once (each tag is printed once): {', '.join(d['duplicates'])}\n")


#: tags of another game listed one by one at most (strays on the table); more,
#: when they are most of the tags seen, are one line naming that game
STRAY_TAGS = 3


def looks_like(d: dict[str, Any]) -> tuple[Any, int] | None:
    """(the game class, how many of its tags were seen) when most tags in the
    photo belong to one other game the companion knows, more than a few strays."""
    from collections import Counter

    from models.registry import find_game_class
    codes = Counter(u["payload"].split(":", 1)[0] for u in d["unplaced"])
    codes.pop(d["game"], None)
    if not codes:
        return None
    code, n = codes.most_common(1)[0]
    if n <= STRAY_TAGS or 2 * n <= len(d["placed"]) + len(d["unplaced"]):
        return None
    try:
        return find_game_class(code), n
    except KeyError:
        return None


def _score_command(cls: Any, d: dict[str, Any]) -> str:
    """``companion score`` for the same photo as game ``cls`` (the same players,
    when they are seats of that game)."""
    import shlex

    from models.engine import GameSetupError
    try:
        players = ",".join(cls().check_players(d["players"]))
    except GameSetupError:
        players = "..."
    return f"companion score {cls.code} --players {players} {shlex.quote(str(d['image']))}"


def _serve(args: argparse.Namespace, table: tuple[float, float], decoder: str) -> int:
    from companion.photo_score import PhotoScorer
    from web.score import create_score_app
    from web.server import Server
    try:
        server = Server(create_score_app(PhotoScorer(table, decoder)), args.host, args.port)
    except OSError as e:
        return _fail(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}")
    host = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    print(f"companion score: the scoring page is at http://{host}:{server.effective_port}/score "
          "(Ctrl-C stops)", flush=True)
    try:
        server.run()
    finally:
        server.close()
    return 0
