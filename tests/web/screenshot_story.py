"""Make docs/img/story.png: the game's story page in headless Chromium, Ghosts
Love Candy's example game part-played, the replay at an early step::

    .venv/bin/python -m tests.web.screenshot_story [OUT.png]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def main(out: str = "docs/img/story.png") -> None:
    from playwright.sync_api import expect, sync_playwright

    from companion.bench.web import ServerThread
    from companion.live.session import Session
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, make_config, play_example
    from web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        s = Session(make_config(Path(tmp)), indicators=False)
        s.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo"})
        play_example(s, moves=40)
        try:
            with ServerThread(create_app(s)) as srv, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(srv.url + "/story")
                expect(page.locator("#story[data-ready=yes]")).to_have_count(1)
                expect(page.locator("#story-list li").nth(20)).to_be_attached()
                page.locator("#story-slider").fill("22")
                page.wait_for_timeout(400)
                page.screenshot(path=out)
                browser.close()
        finally:
            s.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
