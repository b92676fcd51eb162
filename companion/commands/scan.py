"""``companion scan IMAGE...``: read still images and print every tag in them.

    companion scan table.jpg                       # a readable table per image
    companion scan a.jpg b.png --json              # one JSON object per image, per line
    companion scan t.jpg --table 1200x800 --decoder zbar

Each image is read as a photo to score is (``companion.vision.scan_photo``:
the still pass, the image again upscaled, then, while a tag-like patch is left
unread, other binarizations and scales: :mod:`companion.vision.stills`; seconds
at most on a hard 12 MP photo, a fraction of that on an easy one).
Each tag's payload (checked against the tag grammar), whether the companion
knows it (a game's catalog lists it, or it is one of the companion's own table
markers: a corner, seat or zone marker), its pixel position, and, when the four
corner markers are in the image, its position on the table in mm and its angle.
Payloads that break the grammar are listed as rejected with the reason; a
payload seen twice is listed as a duplicate. With ``--json``, ``stages`` gives
the milliseconds of each stage of the reading (search, recover, calibrate,
upscaled, harder: the ladder, when it ran, place) and ``budget`` the small-tag search's budget in upscaled crop pixels
(``px`` allowed, ``used_px``, ``candidates`` found, ``tried`` crops,
``deferred`` left untried). An unreadable file, or an image over the pixel limit
(``hardware.imagesize.MAX_PIXELS``, 50 megapixels, read from the file's header
before decoding), gets a one-line error on stderr; the other images are still
read, and the exit code is 2.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from functools import lru_cache
from typing import Any

EXAMPLE = {"image": "t.jpg", "width": 4608, "height": 2592, "calibrated": True,
           "sightings": [{"payload": "GLC:KID:02", "game": "GLC", "kind": "KID", "id": "02", "known": True,
                          "px": [1520.5, 880.0], "x_mm": 301.2, "y_mm": 88.4, "angle_deg": 91.5}],
           "rejected": [], "duplicates": [], "decode_ms": 38.1,
           "stages": {"search": 31.0, "recover": 6.9, "calibrate": 0.1, "upscaled": 80.2, "place": 0.1},
           "budget": {"px": 17915904, "used_px": 812000, "candidates": 3, "tried": 4, "read": 1, "deferred": 0}}


def table_size(text: str) -> tuple[float, float]:
    """``900x600`` -> (900.0, 600.0)."""
    try:
        w, h = (float(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"table size must look like 900x600 (mm), not {text!r}") from None
    if not (w > 0 and h > 0 and math.isfinite(w) and math.isfinite(h)):
        raise argparse.ArgumentTypeError(f"table size must be positive, not {text!r}")
    return (w, h)


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("scan", help="read tags from still images",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("images", nargs="+", metavar="IMAGE", help="image files (JPEG, PNG, ...)")
    p.add_argument("--table", type=table_size, metavar="WxH",
                   help="the corner markers' rectangle in mm (default: the config's [table], 900x600)")
    p.add_argument("--decoder", choices=["zxing", "zbar"],
                   help="QR decoder backend (default: the config's [vision] decoder, zxing)")
    p.add_argument("--json", action="store_true", help="one JSON object per image, one per line")
    p.add_argument("--config", help="TOML config file (default: $COMPANION_CONFIG, else built-in defaults)")
    return p


@lru_cache(maxsize=1)
def known_payloads() -> frozenset[str]:
    """Every payload listed in a registered game's catalog (none while no game
    is registered; a game whose catalog cannot be loaded is skipped, with a
    warning)."""
    from models.registry import game_classes, get_game
    known: set[str] = set()
    try:
        classes = game_classes()
    except Exception as e:  # a broken game package must not stop a scan
        print(f"companion scan: warning: cannot list the games: {e}", file=sys.stderr)
        return frozenset()
    for cls in classes:
        try:
            known.update(c.payload for c in get_game(cls.code).catalog)
        except Exception as e:
            print(f"companion scan: warning: {cls.code} catalog not loaded: {e}", file=sys.stderr)
    return frozenset(known)


@lru_cache(maxsize=1)
def seat_colours() -> frozenset[str]:
    """Every seat colour a registered game has (its seat markers, ``TC:SEAT:<COLOUR>``)."""
    from models.registry import game_classes, get_game
    colours: set[str] = set()
    try:
        for cls in game_classes():
            colours.update(get_game(cls.code).seats() or ())
    except Exception:  # noqa: BLE001 - a broken game was reported by known_payloads
        pass
    return frozenset(colours)


def own_marker(payload: str) -> str | None:
    """What one of the companion's own table markers (``TC:...``) is, in words
    ("corner marker", "seat marker RED", "zone marker DECK"), or None for any
    other tag (a seat marker of a colour no game seats is none)."""
    from models.tags import MARKER_KINDS, TABLE_GAME
    game, kind, ident = payload.split(":")
    if game != TABLE_GAME or kind not in MARKER_KINDS:
        return None
    if kind == "CORNER":
        return "corner marker"
    if kind == "SEAT":
        return f"seat marker {ident}" if ident in seat_colours() else None
    return f"zone marker {ident}"


def _num(v: float) -> float | None:
    return None if v is None or math.isnan(v) else round(float(v), 1) + 0.0   # no -0.0


def reading_json(image: str, r) -> dict[str, Any]:
    """The JSON object for one image's :class:`~companion.vision.Reading`."""
    known = known_payloads()
    sightings = []
    for s in sorted(r.sightings, key=lambda s: (s.payload, s.px)):
        game, kind, ident = s.payload.split(":")
        sightings.append({"payload": s.payload, "game": game, "kind": kind, "id": ident,
                          "known": s.payload in known or own_marker(s.payload) is not None,
                          "px": [round(s.px[0], 1), round(s.px[1], 1)],
                          "x_mm": _num(s.x_mm), "y_mm": _num(s.y_mm), "angle_deg": _num(s.angle_deg)})
    return {"image": image, "width": r.width, "height": r.height, "calibrated": r.calibrated,
            "sightings": sightings, "rejected": r.rejected, "duplicates": r.duplicates,
            "decode_ms": round(r.decode_ms, 1),
            "stages": {k: round(v, 1) for k, v in r.stages.items()}, "budget": dict(r.budget)}


def print_text(d: dict[str, Any], out) -> None:
    cal = "calibrated" if d["calibrated"] else "NOT calibrated (corner markers missing)"
    print(f"{d['image']}: {d['width']}x{d['height']}, {cal}, {len(d['sightings'])} tags, "
          f"{d['decode_ms']:.1f} ms", file=out)
    if d["sightings"]:
        rows = [["payload", "known", "px", "x_mm", "y_mm", "angle"]]
        def f(v: float | None) -> str:
            return "-" if v is None else f"{v:.1f}"

        for s in d["sightings"]:
            known = (own_marker(s["payload"]) or "yes") if s["known"] else "no"
            rows.append([s["payload"], known, f"{s['px'][0]:.1f},{s['px'][1]:.1f}",
                         f(s["x_mm"]), f(s["y_mm"]), f(s["angle_deg"])])
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        for r in rows:
            print("  " + "  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))),
                  file=out)
    for rej in d["rejected"]:
        print(f"  rejected {rej['payload']!r} at {rej['px'][0]:.1f},{rej['px'][1]:.1f}: {rej['reason']}", file=out)
    if d["duplicates"]:
        print(f"  duplicates (seen more than once): {', '.join(d['duplicates'])}", file=out)


def run(args: argparse.Namespace) -> int:
    from companion.vision import get_decoder, scan_photo
    from hardware.imagesize import ImageError, read_image

    table, decoder_name = args.table, args.decoder
    if table is None or decoder_name is None:
        from companion.config import ConfigError, load_config
        try:
            cfg = load_config(args.config or os.environ.get("COMPANION_CONFIG") or None)
        except (ConfigError, OSError) as e:
            print(f"companion scan: {e}", file=sys.stderr)
            return 2
        table = table or cfg.table_mm
        decoder_name = decoder_name or cfg.vision.decoder
    decoder = get_decoder(decoder_name)
    status = 0
    for path in args.images:
        try:
            if not os.path.isfile(path):
                raise ImageError("no such file" if not os.path.exists(path) else "not an image or unreadable")
            image = read_image(path)                 # the header's size is checked before decoding
        except (ImageError, OSError) as e:
            why = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            sys.stdout.flush()
            print(f"companion scan: cannot read {path}: {why}", file=sys.stderr, flush=True)
            status = 2
            continue
        d = reading_json(path, scan_photo(image, decoder, table_mm=table))
        if args.json:
            print(json.dumps(d), flush=True)
        else:
            print_text(d, sys.stdout)
            sys.stdout.flush()
    return status
