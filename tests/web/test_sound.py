"""A big screen may play the buzzer's cues (off until someone turns it on): the
same patterns as the buzzer, played by the page's Web Audio when the game sounds
one (a kid scared, a move refused)."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from companion.examples import ROOT, example_script
from hardware.indicators import BEEPS
from models.engine import IllegalAction

# the real tones, noted as they start (the page's own Web Audio plays them)
COUNT_TONES = """
window.__tones = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (when) { window.__tones.push(when); return start.apply(this, arguments); };
"""


def test_the_page_plays_the_buzzers_patterns():
    js = (ROOT / "web" / "static" / "display.js").read_text()
    table = re.search(r"const CUES = (\{[^}]*\});", js).group(1)
    cues = json.loads(re.sub(r"(\w+):", r'"\1":', table))
    assert cues == {k: list(v) for k, v in BEEPS.items() if k not in ("button", "muted")}   # the table's own clicks


@pytest.mark.browser
def test_a_scare_sounds_on_the_big_screen_once_sound_is_on(glc, server, browser):
    script = example_script("GLC")
    ctx = browser.new_context()
    ctx.add_init_script(COUNT_TONES)
    page = ctx.new_page()
    page.goto(server.url + "/")
    expect(page.locator("#sound")).to_have_text("sound off")
    played = 0
    while played < len(script):                   # sound off: the first scare stays silent on the page
        played += 1
        try:
            events = glc.apply(script[played - 1])
        except IllegalAction:
            continue
        if any(e["type"] == "scared" for e in events):
            break
    assert glc.view()["indicators"]["cue"]["name"] == "scare"
    page.wait_for_timeout(500)
    assert page.evaluate("window.__tones.length") == 0
    page.click("#sound")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    for later in script[played:]:
        try:
            events = glc.apply(later)
        except IllegalAction:
            continue
        if any(e["type"] == "scared" for e in events):
            break
    expect(page.locator("body")).to_have_attribute("data-seq", str(glc.view()["seq"]))
    assert page.evaluate("window.__tones.length") == BEEPS["scare"][2]          # one long tone
    ctx.close()
