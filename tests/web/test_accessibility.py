"""Accessibility, checked by axe-core (its script from the axe-playwright-python
wheel: nothing fetched from a CDN) in headless Chromium: no serious or critical
violation on the display, the referee console, the camera view, the scoring page
and the phone's camera page, with a game under way."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.photo_score import PhotoScorer
from hardware.sources import BrowserSource
from web import create_app

from .conftest import PIN, deal_kids

pytestmark = pytest.mark.browser

SERIOUS = ("serious", "critical")


def axe_script() -> str:
    import axe_playwright_python
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


def violations(page) -> list[dict]:
    page.evaluate(axe_script())
    return page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.map(n => n.target.join(' '))}));
    }""")


def test_no_serious_violation_on_the_pages(glc, browser):
    deal_kids(glc)
    app = create_app(glc, scorer=PhotoScorer(), phone_camera=BrowserSource())
    with ServerThread(app) as srv:
        ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})  # axe runs its own script
        page = ctx.new_page()
        page.goto(srv.url + "/referee/login")
        page.fill("input[name=pin]", PIN)
        page.click("button[type=submit]")
        found = {}
        for path, ready in (("/", "#prompts li"), ("/referee", "body[data-seq]"), ("/camera", "#camera-stats"),
                            ("/score", "#score-seats button"), ("/camera/phone", "#phone-main[data-ready=yes]")):
            page.goto(srv.url + path)
            expect(page.locator(ready).first).to_be_attached()
            found[path] = [v for v in violations(page) if v["impact"] in SERIOUS]
        ctx.close()
    assert found == {p: [] for p in found}, found


def test_seat_lights_carry_their_letter_not_only_their_colour(glc, server, page):
    """RED and GREEN look alike to many people: every seat light says its letter."""
    page.goto(server.url + "/")
    leds = page.locator(".led.seat")
    # (expect, not a one-off read: every live update draws the lights again)
    expect(leds).to_have_text(["R", "B", "G"])
    expect(leds.first).to_have_attribute("aria-label", re.compile(r"^RED light"))


def test_the_console_works_by_keyboard_alone(glc, server, page):
    """A move recorded without a mouse: the keyboard reaches the form's controls,
    chooses, and presses Apply."""
    from .conftest import open_console
    open_console(page, server)
    expect(page.locator("#action-type")).to_have_value("reveal_kid")        # the first action
    slot = page.locator('#action-fields select[data-field="slot"]')
    expect(slot).to_be_attached()                    # its form has come (it is fetched)
    page.wait_for_timeout(300)                       # and stays: nothing redraws it under the keyboard
    page.focus("#action-type")
    page.keyboard.press("Tab")
    expect(slot).to_be_focused()
    page.keyboard.press("End")                       # the last slot offered
    page.keyboard.press("Tab")
    expect(page.locator('#action-fields select[data-field="kid"]')).to_be_focused()
    for _ in range(6):                               # on through the form to Apply
        if page.evaluate("document.activeElement.id") == "btn-apply":
            break
        page.keyboard.press("Tab")
    expect(page.locator("#btn-apply")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#result")).to_contain_text("Done: apply")
    assert glc.state["slots"][5]["kid"] is not None
