"""Make docs/img/display-phone.png (390x844 at 2x, what a phone shows first) and
docs/img/display-tv.png (1920x1080): the display during a game of Ghosts Love
Candy::

    .venv/bin/python -m tests.web.screenshot_screens [OUT_DIR]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def main(out: str = "docs/img") -> None:
    from playwright.sync_api import expect, sync_playwright

    from companion.bench.web import ServerThread
    from companion.live.session import Session
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, make_config, play_example
    from web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        s = Session(make_config(Path(tmp)), indicators=False)
        s.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo"})
        play_example(s, moves=60)
        try:
            with ServerThread(create_app(s)) as srv, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, size, scale in (("display-phone.png", (390, 844), 2), ("display-tv.png", (1920, 1080), 1)):
                    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, device_scale_factor=scale)
                    page.goto(srv.url + "/")
                    expect(page.locator("#board svg")).to_be_attached()
                    page.wait_for_timeout(500)
                    page.screenshot(path=str(Path(out) / name))
                    page.close()
                browser.close()
        finally:
            s.close()
    print(f"wrote {out}/display-phone.png and display-tv.png")


if __name__ == "__main__":
    main(*sys.argv[1:2])
