"""Make docs/img/score.png: the /score page in headless Chromium after scoring a
tilted phone photo of Ghosts Love Candy's example game at its end::

    .venv/bin/python -m tests.web.screenshot_score [OUT.png]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path


def main(out: str = "docs/img/score.png") -> None:
    from playwright.sync_api import expect, sync_playwright

    from companion.bench.web import ServerThread
    from companion.examples import example_states
    from companion.photo_score import PhotoScorer
    from tests.support.photos import phone_photo
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS
    from web.score import create_score_app

    game, _, states = example_states("GLC")
    with tempfile.TemporaryDirectory() as tmp, ServerThread(create_score_app(PhotoScorer())) as srv, \
            sync_playwright() as pw:
        photo = phone_photo(game.arrange(states[-1]), Path(tmp) / "table.jpg", tilt_deg=22)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(srv.url + "/score")
        page.select_option("#score-game", "GLC")
        for seat in ("RED", "BLUE", "GREEN"):
            page.locator("#score-seats button", has_text=seat).click()
        page.set_input_files("#score-photo", str(photo))
        page.click("#score-submit")
        expect(page.locator(".score-winner")).to_contain_text("Winner", timeout=60_000)
        page.wait_for_timeout(500)
        page.screenshot(path=out, full_page=True)
        browser.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
