"""Make docs/img/display-de.png: the display in German (1280x800), during the
example game of Candy Crave (published in German)::

    .venv/bin/python -m tests.web.screenshot_languages [OUT_DIR]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def main(out: str = "docs/img") -> None:
    from playwright.sync_api import expect, sync_playwright

    from companion.bench.web import ServerThread
    from companion.examples import PLAYERS, example_script
    from companion.live.session import Session
    from models.engine import IllegalAction
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, make_config
    from web import create_app

    script = example_script("CCR")
    with tempfile.TemporaryDirectory() as tmp:
        s = Session(make_config(Path(tmp)), indicators=False)
        s.new_game("CCR", list(PLAYERS["CCR"]), {}, {"RED": "Anna", "BLUE": "Ben", "GREEN": "Clara"})
        for data in script[:40]:
            try:
                s.apply(data)
            except IllegalAction:
                continue
        try:
            with ServerThread(create_app(s)) as srv, sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                ctx = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800})
                page = ctx.new_page()
                page.goto(srv.url + "/")
                expect(page.locator("body[data-seq]")).to_have_count(1)
                page.wait_for_timeout(500)
                page.screenshot(path=str(Path(out) / "display-de.png"))
                browser.close()
        finally:
            s.close()
    print(f"wrote {out}/display-de.png")


if __name__ == "__main__":
    main(*sys.argv[1:2])
