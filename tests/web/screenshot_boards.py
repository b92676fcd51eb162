"""Make docs/img/board-<game>.png: each game's display page in headless Chromium,
its example game (docs/games/<slug>.script.json) played part-way, with player
names, the way a host's screen shows it::

    .venv/bin/python -m tests.web.screenshot_boards [--width 1600 --height 900] [--lang de]

The game pages and the README show these pictures.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMES = {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo", "YELLOW": "Dan", "PURPLE": "Eve"}
#: how far into its example a game is shown where half way is not the moment with
#: something on every part of its table; every registered game is drawn
SHOWN = {"GVG": 0.45, "GAH": 0.6}
HALF_WAY = 0.5


def play_part(session, code: str, share: float) -> None:
    """Start ``code``'s example game on ``session`` and play ``share`` of its script
    (the moves its script shows refused are skipped, as the rules refuse them)."""
    from companion.examples import PLAYERS, example_script
    from models.engine import IllegalAction
    players = list(PLAYERS[code])
    session.new_game(code, players, {}, {p: NAMES.get(p, p.capitalize()) for p in players})
    script = example_script(code)
    for data in script[:int(len(script) * share)]:
        try:
            session.apply(data)
        except IllegalAction:
            continue


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--width", type=int, default=1600)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from companion.bench.web import ServerThread
    from companion.live.session import Session
    from models.registry import game_classes, get_game
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, make_config
    from web import create_app
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for code, share in ((c.code, SHOWN.get(c.code, HALF_WAY)) for c in game_classes()):
            session = Session(make_config(Path(tmp) / code), indicators=False)
            try:
                play_part(session, code, share)
                with ServerThread(create_app(session, keepalive_s=1.0)) as srv:
                    page = browser.new_page(viewport={"width": args.width, "height": args.height})
                    page.goto(srv.url + f"/?lang={args.lang}")
                    page.wait_for_selector("#board svg")
                    suffix = "" if args.lang == "en" else f"-{args.lang}"
                    out = args.out / f"board-{get_game(code).slug}{suffix}.png"
                    page.screenshot(path=str(out))
                    page.close()
                    print(out)
            finally:
                session.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
