"""Make docs/img/display.png: the display page in headless Chromium, with a real
game of Ghosts Love Candy in progress on the simulated table, seen through the
real pipeline (so the page says "In sync")::

    .venv/bin/python -m tests.web.screenshot [OUT.png] [--width 1600 --height 900]

Also used by the browser tests (:func:`play_some_turns`, :func:`table_follows`).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def play_some_turns(s: Any) -> None:
    """Play a game of Ghosts Love Candy into round 2 for RED, BLUE and GREEN:
    six kids dealt, candy on them, two rounds of ghosts revealed and haunting,
    GREEN to haunt next."""
    kids = [2, 9, 14, 8, 23, 5]      # WEREWOLF, NINJA, PUMPKIN, SUPERHERO, CHEERLEADER, ROBOT
    s.apply([{"type": "reveal_kid", "slot": i, "kid": k} for i, k in enumerate(kids, 1)])
    rounds = [({"RED": 7, "BLUE": 5, "GREEN": 3}, {"RED": 4, "BLUE": 1, "GREEN": 3}),
              ({"RED": 9, "BLUE": 8, "GREEN": 6}, {"RED": 6, "BLUE": 5})]
    for n, (ghosts, haunts) in enumerate(rounds):
        deck = list(s.state["candy_deck"])
        s.apply([{"type": "place_candy", "slot": i, "candy": deck[(i * 7 + n * 3) % len(deck)]}
                 for i in range(1, 7)])
        s.apply([{"type": "reveal", "player": p, "ghost": g} for p, g in ghosts.items()])
        for player, slot in haunts.items():
            s.apply({"type": "haunt", "player": player, "slot": slot})
            if s.state.get("manual"):
                s.apply({"type": "resolve", "player": player, "note": "nothing to do"})


def table_follows(s: Any, fps: float = 4.0, resolution: tuple[int, int] = (1600, 900)):
    """A simulated table that always shows the session's current game as the
    game arranges it (so the real pipeline sees the table in sync)."""
    from hardware.simtable import CameraModel, Scene, SimulatedTable
    cache: dict[str, Any] = {}

    def scene(t: float) -> Scene:
        key = repr(s.state)
        if cache.get("key") != key:
            cache["key"], cache["scene"] = key, Scene.from_placements(s.engine.arrange(s.state))
        return cache["scene"]
    return SimulatedTable(scene, CameraModel(resolution=resolution), fps=fps, realtime=True)


def wait_for(cond, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.1)
    return False


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from companion.bench.web import ServerThread
    from companion.live.session import Session
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, PLAYERS, make_config
    from web import create_app

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", nargs="?", default="docs/img/display.png")
    ap.add_argument("--width", type=int, default=1600)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--page", default="/")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(make_config(Path(tmp)), indicators=False)
        try:
            s.new_game("GLC", PLAYERS, {})
            play_some_turns(s)
            s.start(table_follows(s))
            if not wait_for(lambda: s.view()["status"] in ("in_sync", "applied", "waiting"), 60):
                print(f"the table did not settle: {s.view()['status']}", file=sys.stderr)
            with ServerThread(create_app(s)) as srv, sync_playwright() as pw:
                b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = b.new_page(viewport={"width": args.width, "height": args.height})
                page.goto(srv.url + args.page)
                page.wait_for_selector("#conn[data-state=live]")
                page.wait_for_timeout(500)
                Path(args.out).parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=args.out, full_page=True)
                b.close()
            print(f"{args.out}: status {s.view()['status']}")
        finally:
            s.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
