"""``companion tags``: print the tags a table needs, as PDF sticker sheets.

    companion tags GLC                              # glc tags -> ghosts-love-candy-tags.pdf
    companion tags TCG --out tcg.pdf --paper letter --tag-mm 20
    companion tags all --out kits/                  # one PDF per registered game
    companion tags all --out sheets.pdf             # ... as sheets-<game>.pdf
    companion tags --size-for 4608x2592 --table 900x600    # the smallest tag that camera reads
    companion tags --size-for 4032x3024 --tilt 22          # ... a phone held 22 degrees off straight down

A kit holds one sticker per component in the game's catalog (its name and values
printed under the code), the table markers (four corners, a seat per player
colour, the game's zones), for a game with a printed board the boards at real
size, and last the table plan: where every marker and card goes, for this table
and tag size (print that page on plain paper). The default tag size is the
smallest one the configured camera reads over the configured table (``[camera]
width/height``, ``[table]``); ``--size-for`` picks it for another camera. Exit
codes: 0 written, 2 bad input (an unknown game, a tag too small to print, an
unwritable output, a broken catalog), 1 the job failed.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TextIO

from companion.printkit import SizeError
from companion.printkit.qr import PayloadError
from companion.printkit.sizing import DEFAULT_MARGIN_MM, parse_wxh, px_per_module, size_for
from models.catalog import CatalogError


class TagsError(ValueError):
    """Bad input for ``companion tags`` (exit 2)."""


def add_parser(sub):
    p = sub.add_parser("tags", help="print tag sticker sheets, table markers and boards as PDF",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", help="game code or name (e.g. GLC), or 'all' for every game")
    p.add_argument("--out", metavar="FILE.pdf",
                   help="output PDF (default: <game>-tags.pdf here); with 'all', a folder (default: here) or "
                        "NAME.pdf (NAME-<game>.pdf each)")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4", type=str.lower, help="paper size (default a4)")
    p.add_argument("--tag-mm", type=float, metavar="N",
                   help="side of a component's QR symbol in mm (default: the smallest the camera reads)")
    p.add_argument("--size-for", metavar="WxH",
                   help="camera resolution, e.g. 4608x2592: print the smallest readable tag (and use it)")
    p.add_argument("--tilt", type=float, default=0.0, metavar="DEG",
                   help="with --size-for: the camera looks this many degrees from straight down (a phone held "
                        "for a photo to score: 20-25); tags are sized for the far edge")
    p.add_argument("--table", metavar="WxH", help="table size in mm between the corner tags (default: config)")
    p.add_argument("--margin", type=float, default=DEFAULT_MARGIN_MM, metavar="MM",
                   help=f"table edge to picture edge in mm (default {DEFAULT_MARGIN_MM:g})")
    p.add_argument("--config", help="TOML config file (default: $COMPANION_CONFIG, else built-in defaults)")
    return p


def _config(args: argparse.Namespace):
    from companion.config import ConfigError, load_config
    try:
        return load_config(args.config or os.environ.get("COMPANION_CONFIG") or None)
    except ConfigError as e:
        raise TagsError(str(e)) from None


def _games(name: str) -> list:
    from models.registry import game_classes, get_game
    if name.lower() == "all":
        return [get_game(cls.code) for cls in game_classes()]
    try:
        return [get_game(name)]
    except KeyError as e:
        raise TagsError(str(e.args[0])) from None


def _writable_file(path: Path) -> Path:
    """Check that ``path`` can be written (without leaving a file behind)."""
    if path.is_dir():
        raise TagsError(f"{path}: is a folder; give a file name such as {path / 'tags.pdf'}")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise TagsError(f"{path}: cannot write: the folder {parent} does not exist")
    try:
        fd, probe = tempfile.mkstemp(prefix=".tags-", suffix=".pdf", dir=parent)
    except OSError as e:
        raise TagsError(f"{path}: cannot write: {e.strerror or e}") from None
    os.close(fd)
    os.unlink(probe)
    if path.exists() and not os.access(path, os.W_OK):
        raise TagsError(f"{path}: cannot write: the file is read-only")
    return path


def _write_atomic(kit, path: Path, progress) -> None:
    """Render into a temporary file next to ``path``, then move it into place."""
    fd, tmp = tempfile.mkstemp(prefix=".tags-", suffix=".pdf", dir=path.parent if str(path.parent) else ".")
    os.close(fd)
    try:
        kit.write(tmp, progress=progress)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)           # as any new file: others may print it (mkstemp made it 0600)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _progress(err: TextIO, code: str):
    tty = err.isatty()

    def report(done: int, total: int) -> None:
        line = f"companion tags: {code}: page {done} of {total}"
        if tty:
            err.write("\r" + line + ("\n" if done == total else ""))
        else:
            err.write(line + "\n")
        err.flush()
    return report


def run(args: argparse.Namespace) -> int:
    out, err = sys.stdout, sys.stderr
    try:
        # the config is read only for what the command line leaves open
        cfg = _config(args) if not (args.table and args.size_for) else None
        if args.table:
            table = parse_wxh(args.table, "--table")
        else:
            assert cfg is not None                      # read when --table is not given
            table = cfg.table_mm
        camera: tuple[int, int]
        if args.size_for:
            width, height = parse_wxh(args.size_for, "--size-for", integer=True)
            camera = (int(width), int(height))
        else:
            assert cfg is not None                      # read when --size-for is not given
            camera = (int(cfg.camera.width), int(cfg.camera.height))
        advice = size_for(camera, table, args.margin, tilt_deg=args.tilt)
        if args.game is None:
            if not args.size_for:
                raise TagsError("name a game (e.g. GLC, or 'all'), or ask for a size with --size-for 4608x2592")
            print(advice.describe(), file=out)
            return 0
        tag_mm = args.tag_mm if args.tag_mm is not None else advice.tag_mm
        games = _games(args.game)
        several = args.game.lower() == "all"
        if several:
            out_path = Path(args.out) if args.out else Path(".")
            if out_path.is_dir():
                targets = [_writable_file(out_path / f"{g.slug}-tags.pdf") for g in games]
            elif out_path.suffix.lower() == ".pdf":     # sheets.pdf: sheets-<game>.pdf beside it, one per game
                targets = [_writable_file(out_path.with_name(f"{out_path.stem}-{g.slug}.pdf")) for g in games]
            else:
                raise TagsError(f"{out_path}: with 'all', --out is a folder that exists or a name ending in .pdf "
                                "(one PDF per game: NAME-<game>.pdf)")
        else:
            targets = [_writable_file(Path(args.out) if args.out else Path(f"{games[0].slug}-tags.pdf"))]
        from companion.printkit import make_kit  # the whole kit: loaded only to make one
        kits = [make_kit(g, tag_mm, args.paper, table) for g in games]
    except (TagsError, SizeError, PayloadError, CatalogError) as e:
        print(f"companion tags: {e}", file=err)
        return 2
    ppm = px_per_module(tag_mm, camera, table, args.margin)
    if ppm < 3.0:
        print(f"companion tags: note: {tag_mm:g} mm tags give {ppm:.1f} px per module to a {camera[0]}x{camera[1]} "
              f"camera over this table; {advice.tag_mm:g} mm are needed for 3 (see --size-for)", file=err)
    started = time.perf_counter()
    for kit, path in zip(kits, targets):
        try:
            _write_atomic(kit, path, _progress(err, kit.game.code))
        except OSError as e:
            print(f"companion tags: {path}: cannot write: {e.strerror or e}", file=err)
            return 2
        smallest = min(s.tag_mm for page in kit.pages for s, _, _ in page.stickers)
        extra = f" (tokens' tags shrink to fit: down to {smallest:g} mm)" if smallest < kit.tag_mm else ""
        print(f"wrote {path}: {len(kit.pages)} pages, {len(kit.payloads)} tags, {kit.tag_mm:g} mm{extra}, "
              f"{kit.paper.upper()}", file=out)
    if several:
        print(f"{len(kits)} games in {time.perf_counter() - started:.1f} s", file=err)
    return 0
