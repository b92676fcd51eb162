"""The page in a real browser (Debian's Chromium, headless, through Playwright)
against the real server and a real Session: what a player or a referee
at the table would see and do."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from hardware.frames import FrameSource, FrameSourceError

from .conftest import PIN

pytestmark = pytest.mark.browser


def test_the_display_follows_the_game_live(glc, server, page):
    page.goto(server.url + "/")
    expect(page.locator("body")).not_to_contain_text("WEREWOLF")
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})          # the table deals the WEREWOLF
    expect(page.locator("body")).to_contain_text("WEREWOLF")          # no reload: pushed by SSE
    glc.apply({"type": "reveal_kid", "slot": 2, "kid": 9})
    expect(page.locator("body")).to_contain_text("NINJA")


def test_the_display_draws_the_table_it_was_served_once(glc, server, page):
    """The stream's first message repeats the view the page was served with: the
    board is not torn down and drawn again when the stream connects (a flicker on
    every phone that opens the page, and a drawing that vanishes under a reader)."""
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    page.add_init_script(DRAWINGS_COUNTED)
    page.goto(server.url + "/")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")   # the stream is open
    glc.apply({"type": "reveal_kid", "slot": 2, "kid": 9})                  # a change is still drawn ...
    expect(page.locator("#board")).to_contain_text("NINJA")
    # ... and the stream sends in order, so its first view came before: the page drew
    # the table it was served and the change, nothing in between
    assert page.evaluate("window.drawings") == 2


def test_the_console_draws_the_table_it_was_served_once(glc, server, page):
    """The same on the referee's console, which asks for the referee's detail of
    the view it was served (the choices, the take-over form) once, at the start."""
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    page.add_init_script(DRAWINGS_COUNTED)
    page.goto(server.url + "/referee")
    page.fill("input[name=pin]", PIN)
    page.click("button[type=submit]")
    expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    glc.apply({"type": "reveal_kid", "slot": 2, "kid": 9})
    expect(page.locator("#board")).to_contain_text("NINJA")
    assert page.evaluate("window.drawings") == 2


#: counts the board drawings put on the page (an svg added under #board), from before its scripts run
DRAWINGS_COUNTED = """
window.drawings = 0;
new MutationObserver(function (changes) {
  for (const c of changes) for (const n of c.addedNodes)
    if (n.nodeName.toLowerCase() === "svg" && n.parentElement && n.parentElement.closest("#board")) window.drawings++;
}).observe(document, { childList: true, subtree: true });
"""


def test_the_console_needs_the_pin_and_undo_works(glc, server, page):
    glc.apply({"type": "reveal_kid", "slot": 1, "kid": 2})
    page.goto(server.url + "/referee")
    expect(page.locator("input[name=pin]")).to_be_visible()           # a login form, not the console
    expect(page.locator("#btn-undo")).to_have_count(0)
    page.fill("input[name=pin]", "0000")
    page.click("button[type=submit]")
    expect(page.locator(".form-error")).to_contain_text("Wrong PIN")
    assert glc.state["slots"][0]["kid"] == 2                          # nothing happened
    page.fill("input[name=pin]", PIN)
    page.click("button[type=submit]")
    expect(page.locator("#btn-undo")).to_be_visible()
    expect(page.locator("body[data-seq]")).to_have_count(1)          # the console's script is running
    page.on("dialog", lambda d: d.accept())                          # if the console asks "are you sure?"
    page.click("#btn-undo")
    expect(page.locator("#result")).to_be_visible()
    for _ in range(100):                                              # the click posts to the API
        if glc.state["slots"][0]["kid"] is None:
            break
        page.wait_for_timeout(50)
    assert glc.state["slots"][0]["kid"] is None                       # the deal was taken back
    assert glc.journal.entries(glc.game_id)[-1].kind == "undo"


class UnpluggedCamera(FrameSource):
    """A camera whose cable was pulled: every open and read fails."""

    name = "unplugged"

    def open(self) -> None:
        raise FrameSourceError("no camera on /dev/video0 (unplugged)")

    def read(self):
        raise FrameSourceError("no camera on /dev/video0 (unplugged)")


def test_a_lost_camera_is_shown_plainly(glc, server, page):
    page.goto(server.url + "/")
    glc.start(UnpluggedCamera())
    try:
        expect(page.locator("body")).to_contain_text(re.compile("camera lost", re.I))
    finally:
        glc.stop()


def test_a_camera_missing_at_start_says_it_keeps_retrying(glc, server, page):
    page.goto(server.url + "/")
    glc.start(UnpluggedCamera())               # never delivered a frame: missing, not lost
    try:
        expect(page.locator("#banner")).to_contain_text("Camera missing, retrying")
        expect(page.locator("#banner")).to_contain_text("no camera on /dev/video0 (unplugged)")
        expect(page.locator("#camera-info")).to_contain_text("camera missing, retrying")
    finally:
        glc.stop()
