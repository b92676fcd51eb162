"""Make docs/img/console.png: the referee console in headless Chromium, a game of
Ghosts Love Candy under way, the form for a Candy card open (no JSON to type)::

    .venv/bin/python -m tests.web.screenshot_console [OUT.png]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def main(out: str = "docs/img/console.png") -> None:
    from playwright.sync_api import expect, sync_playwright

    from companion.bench.web import ServerThread
    from companion.live.session import Session
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, PIN, deal_kids, make_config
    from web import create_app

    with tempfile.TemporaryDirectory() as tmp:
        session = Session(make_config(Path(tmp)), indicators=False)
        session.new_game("GLC", ["RED", "BLUE", "GREEN"], {}, {"RED": "Ana", "BLUE": "Ben", "GREEN": "Cleo"})
        deal_kids(session)
        try:
            with ServerThread(create_app(session)) as srv, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 900})
                page.goto(srv.url + "/referee")
                page.fill("input[name=pin]", PIN)
                page.click("button[type=submit]")
                expect(page.locator("body[data-seq]")).to_have_count(1)
                page.select_option("#action-type", "place_candy")
                expect(page.locator('#action-fields select[data-field="candy"]')).to_be_visible()
                page.wait_for_timeout(500)
                page.screenshot(path=out, full_page=False)
                browser.close()
        finally:
            session.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
