"""``companion record DIR``: record the camera's frames, to replay them later
(a misreading to report, a table to test against).

    companion record bug-report/ --seconds 20                 # the configured camera
    companion record take1/ --camera opencv:0 --frames 100 --jpeg

Writes ``000000.png`` ... (``--jpeg``: ``.jpg``) and ``frames.json`` with each
frame's time; ``companion run --camera replay:DIR`` plays them back through the
same pipeline. Stop early with Ctrl-C: what was recorded is kept. Exit 2 when
the camera cannot be opened or DIR cannot be written.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("record", help="record the camera's frames into a folder, for replay",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("directory", metavar="DIR", help="the folder to write (made if missing)")
    p.add_argument("--camera", help="frame source (default: the config's [camera] source)")
    how_long = p.add_mutually_exclusive_group()
    how_long.add_argument("--frames", type=int, help="how many frames")
    how_long.add_argument("--seconds", type=float, default=10.0, help="or for how long (default 10)")
    p.add_argument("--jpeg", action="store_true", help="JPEG frames (smaller; PNG by default)")
    p.add_argument("--config", help="TOML config file (default: $COMPANION_CONFIG, else built-in defaults)")
    return p


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.live.camera_loop import camera_source
    from hardware.frames import FrameSourceError
    from hardware.sources import record
    try:
        cfg = load_config(args.config or os.environ.get("COMPANION_CONFIG") or None)
        source = camera_source(args.camera or cfg.camera.source, cfg)
    except (ConfigError, FrameSourceError, ValueError) as e:
        print(f"companion record: {e}", file=sys.stderr)
        return 2
    n = args.frames if args.frames is not None else max(1, round(args.seconds * float(cfg.camera.fps)))
    if n < 1:
        print("companion record: --frames must be at least 1", file=sys.stderr)
        return 2
    try:
        written = record(source, args.directory, n, ext=".jpg" if args.jpeg else ".png")
    except KeyboardInterrupt:
        written = len([f for f in os.listdir(args.directory) if f[:6].isdigit()])
    except (FrameSourceError, OSError) as e:
        print(f"companion record: {e}", file=sys.stderr)
        return 2
    finally:
        source.close()
    print(f"recorded {written} frames into {args.directory}: replay them with "
          f"companion run --camera replay:{args.directory}", file=sys.stderr)
    return 0
