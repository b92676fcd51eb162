"""Render the path-traced frames into the cache: ``python -m companion.pathtraced``
(run by ``make render-frames`` in ``.venv-render``, where ``bpy`` is installed).

Each frame is written as ``<game>-<state>-<lighting>-<finish>.jpg`` with its
sidecar ``.json`` (:mod:`.truth`: the tags, their pixel corners, which ones a
highlight covers and where the highlights are; plus how much of each tag's box
came out clipped white in the render). Frames already in the cache are kept
unless ``--again``.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from models.registry import game_classes

from .setup import CACHED_STATES, CAMERA_HEIGHT_MM, FINISHES, GAMES, LIGHTINGS, RESOLUTION, STATES, Camera, frames

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "tests" / "data" / "pathtraced"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.pathtraced", description=__doc__)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the cache folder (default: %(default)s)")
    ap.add_argument("--game", action="append", choices=[c.code for c in game_classes()],
                    help="only this game, any registered one (repeatable; default: the cache's own)")
    ap.add_argument("--state", action="append", choices=STATES, help="only this state (repeatable)")
    ap.add_argument("--lighting", action="append", choices=sorted(LIGHTINGS), help="only this lighting (repeatable)")
    ap.add_argument("--finish", action="append", choices=sorted(FINISHES), help="only this finish (repeatable)")
    ap.add_argument("--only", action="append", metavar="NAME", help="only this frame (repeatable)")
    ap.add_argument("--samples", type=int, default=4, help="Cycles samples per pixel (default: %(default)s)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--again", action="store_true", help="render frames already in the cache again")
    args = ap.parse_args(argv)
    try:
        import bpy  # noqa: F401
    except ImportError:
        print("python -m companion.pathtraced needs Blender's bpy: run `make render-frames`", file=sys.stderr)
        return 2
    from . import blender, truth
    args.out.mkdir(parents=True, exist_ok=True)
    todo = [f for f in frames(tuple(args.game or GAMES), tuple(args.state or CACHED_STATES))
            if (not args.only or f.name in args.only) and (not args.lighting or f.lighting in args.lighting)
            and (not args.finish or f.finish in args.finish)]
    for n, frame in enumerate(todo, 1):
        side = args.out / f"{frame.name}.json"
        if side.exists() and (args.out / f"{frame.name}.jpg").exists() and not args.again:
            continue
        path, built, seconds = blender.render(frame, args.out, args.samples, args.threads)
        data = {"frame": frame.name, "game": frame.game, "state": frame.state, "lighting": frame.lighting,
                "finish": frame.finish, "image": path.name, "resolution": list(RESOLUTION),
                "camera_height_mm": CAMERA_HEIGHT_MM, "samples": args.samples, "render_s": round(seconds, 1)}
        data.update(truth.sidecar(built, Camera(), frame.lighting, frame.finish))
        grey = blender.grey_of(path)
        for t in data["tags"]:
            t["highlight"]["clipped"] = round(truth.saturated(grey, t["corners_px"]), 3)
        side.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        lit = sum(t["under_highlight"] for t in data["tags"] if t["visible"])
        print(f"[{n}/{len(todo)}] {frame.name}: {seconds:.0f} s, {sum(t['visible'] for t in data['tags'])} tags, "
              f"{lit} under a highlight", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
