"""Make docs/img/phone.png: /camera/phone on a phone-sized headless Chromium
whose fake camera plays a video of the simulated table, served over HTTPS by a
session refereeing Ghosts Love Candy::

    .venv/bin/python -m tests.web.screenshot_phone [OUT.png]
"""
from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path


def main(out: str = "docs/img/phone.png") -> None:
    from playwright.sync_api import expect, sync_playwright

    from companion.examples import example_states
    from companion.live.session import Session
    from companion.service.tls import ensure_certificate, server_context
    from hardware.simtable import Item, Scene
    from hardware.sources import BrowserSource
    from tests.support.video import write_y4m
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, PIN, make_config
    from web import create_app, make_server

    game, players, states = example_states("GLC")
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        table = Scene(table_mm=(900.0, 600.0), items=[Item.from_placement(p) for p in game.arrange(states[6])])
        video = write_y4m(tmp_path / "table.y4m", [(0.0, table)], seconds=20, fps=2)
        session = Session(make_config(tmp_path), indicators=False)
        session.new_game("GLC", list(players), {})
        source = BrowserSource(lost_after_s=1.6)
        session.start(source)
        cert, key = ensure_certificate(tmp_path / "tls")
        server = make_server(create_app(session, phone_camera=source), "127.0.0.1", 0,
                             ssl_context=server_context(cert, key))
        threading.Thread(target=server.run, daemon=True).start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
                    *CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                    f"--use-file-for-fake-video-capture={video}"])
                ctx = browser.new_context(ignore_https_errors=True, viewport={"width": 412, "height": 915},
                                          device_scale_factor=2)
                page = ctx.new_page()
                page.goto(f"https://127.0.0.1:{server.effective_port}/camera/phone")
                page.fill("input[name=pin]", PIN)
                page.click("button[type=submit]")
                expect(page.locator("#phone-main[data-ready=yes]")).to_have_count(1)
                page.click("#phone-start")
                expect(page.locator("#phone-state")).to_have_text("sending", timeout=30_000)
                end = time.monotonic() + 30
                while session.view()["status"] not in ("applied", "in_sync") and time.monotonic() < end:
                    time.sleep(0.3)
                page.wait_for_timeout(3500)             # the companion's view refreshes every 1.5 s
                page.screenshot(path=out, full_page=True)
                browser.close()
        finally:
            server.close()
            session.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
