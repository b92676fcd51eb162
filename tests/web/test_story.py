"""The game's story: every change with its time and what caused it (the camera,
the console, a button on the table), the table replayed at any step, live on
/story and as one HTML file that opens offline (``companion export --html``)."""
from __future__ import annotations

import subprocess
import time

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from playwright.sync_api import expect

from companion.bench.web import ServerThread
from companion.config import load_config
from companion.live.session import Session
from hardware.indicators import IndicatorPins, Indicators
from tests.live.tables import PLAYERS, short_game, source_for
from tests.support.cli import COMPANION
from web import create_app

PINS = IndicatorPins(seats={"RED": 17, "BLUE": 27, "GREEN": 22}, status_red=5, status_green=6, status_blue=13,
                     buzzer=19, confirm_button=20, undo_button=21)


def wait_for(cond, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


@pytest.fixture
def told(tmp_path):
    """A game refereed from the simulated camera, one change undone by the table's
    undo button, one move applied on the console; the session, closed after."""
    game = short_game()
    factory = MockFactory(pin_class=MockPWMPin)
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"),
                                 "COMPANION_REFEREE_PIN": "4321"})
    s = Session(cfg, indicators=Indicators(PINS, factory=factory), backoff=(0.01, 0.05))
    s.new_game("GLC", PLAYERS, {})
    first = next(i for i, b in enumerate(game.beats) if b.expect == "out_of_sync")
    s.start(source_for(game.engine.arrange(game.start), game.beats[:first]))
    assert s.wait(120)
    s.stop()
    factory.pin(21).drive_low()                         # the undo button on the table
    factory.pin(21).drive_high()
    assert wait_for(lambda: s.journal.entries(s.game_id)[-1].kind == "undo", 10)
    s.undo()                                            # and once more from the console
    yield s
    s.close()


def test_every_change_with_its_time_and_cause(told):
    story = told.story()
    steps = story["steps"]
    entries = told.journal.entries(told.game_id)
    # every change is told; a change of several moves (the candy the camera saw placed at once) move by move
    assert steps[0]["kind"] == "start" and [st["seq"] for st in steps[1:]] == [
        e.seq for e in entries for _ in range(max(1, len(e.actions)))]
    causes = [st["cause"] for st in steps[1:]]
    assert causes[:7] == ["camera"] * 7 and causes[-2:] == ["button", "console"]
    assert steps[1]["texts"] and steps[1]["time"] >= steps[0]["time"]
    # each step's table: the kids dealt one by one, and the undone move gone again
    assert [s["kid"] for s in steps[1]["view"]["layout"]["slots"]].count(None) == 5
    after = {st["seq"]: st for st in steps}                                # each change's last step
    assert steps[-2]["view"]["layout"] == after[entries[-4].seq]["view"]["layout"]   # the button undid the last move
    assert steps[-1]["view"]["layout"] == after[entries[-5].seq]["view"]["layout"]   # the console the one before


@pytest.mark.browser
def test_the_story_page_replays_the_table(told, page):
    with ServerThread(create_app(told)) as srv:
        page.goto(srv.url + "/story")
        expect(page.locator("#story[data-ready=yes]")).to_have_count(1)
        items = page.locator("#story-list li")
        expect(items).to_have_count(len(told.story()["steps"]))
        expect(items.nth(1)).to_contain_text("camera")
        page.locator("#story-slider").fill("0")
        expect(page.locator("#story-where")).to_contain_text("Step 0 of")
        empty = page.locator("#board").inner_text()
        page.click("#story-next")
        expect(page.locator("#story-where")).to_contain_text("Step 1 of")
        assert page.locator("#board").inner_text() != empty                # a kid appeared


@pytest.mark.browser
def test_the_exported_story_opens_offline(told, tmp_path, browser):
    out = tmp_path / "story.html"
    journal = told.journal.path                         # read beside the running companion, as a user does
    run = subprocess.run([*COMPANION, "export", "--journal", journal, "--html", "--out", str(out)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    text = out.read_text(encoding="utf-8")
    assert "<script src=" not in text and "http" not in text.split("<script", 1)[1][:200]   # nothing to fetch
    ctx = browser.new_context(offline=True)
    page = ctx.new_page()
    page.goto(out.as_uri())
    expect(page.locator("#story[data-ready=yes]")).to_have_count(1)
    expect(page.locator("#story-title")).to_contain_text("Ghosts Love Candy: the story")
    expect(page.locator("#story-where")).to_contain_text("Step")
    page.locator("#story-slider").fill("0")
    expect(page.locator("#story-where")).to_contain_text("Step 0 of")
    ctx.close()
