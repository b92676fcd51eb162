"""Fixtures for the web tests: a real Session (real journal in a temporary
folder, real Ghosts Love Candy engine), the Flask app around it, the real
server (web.make_server) on a loopback port, and headless Chromium (Debian's) through
Playwright."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion.bench.web import ServerThread
from companion.config import load_config
from companion.live.session import Session
from tests.support.referee import PIN, REFEREE  # noqa: F401  (the web tests import them from here)
from web import create_app

PLAYERS = ["RED", "BLUE", "GREEN"]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def make_config(tmp_path: Any, **env: str):
    base = {"COMPANION_REFEREE_PIN": PIN, "COMPANION_JOURNAL_PATH": str(tmp_path / "journal.sqlite"),
            "COMPANION_PINS_FACTORY": "mock"}
    base.update(env)
    return load_config(None, env=base)


@pytest.fixture
def session(tmp_path) -> Iterator[Session]:
    """A real session with no game yet and no camera (LEDs shown virtually)."""
    s = Session(make_config(tmp_path), indicators=False)
    yield s
    s.close()


@pytest.fixture
def glc(session) -> Session:
    """The session with a new game of Ghosts Love Candy for RED, BLUE and GREEN."""
    session.new_game("GLC", PLAYERS, {})
    return session


@pytest.fixture
def app(session):
    return create_app(session)             # the PIN comes from the session's config


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def server(session) -> Iterator[ServerThread]:
    """The app behind the real server on a free loopback port."""
    app = create_app(session, keepalive_s=1.0)
    with ServerThread(app) as srv:
        yield srv


# ---------------------------------------------------------------- playing Ghosts Love Candy


def deal_kids(s: Session) -> None:
    """Turn kids from the top of the Kid deck into every slot (the setup)."""
    n = s.state["slot_count"]
    deck = list(s.state["kid_deck"])
    s.apply([{"type": "reveal_kid", "slot": i, "kid": deck[i - 1]} for i in range(1, n + 1)])


def place_candy(s: Session) -> None:
    """One candy from the Candy deck on every kid (the start of a round)."""
    slots = [i for i, sl in enumerate(s.state["slots"], 1) if sl["kid"] is not None]
    deck = list(s.state["candy_deck"])
    s.apply([{"type": "place_candy", "slot": i, "candy": deck[k]} for k, i in enumerate(slots)])


def play_example(s: Session, moves: int | None = None, until: Any = None) -> None:
    """Play Ghosts Love Candy's example game (docs/games) on the session: its first
    ``moves`` actions (all by default), or up to the state where ``until(state)``
    holds; the moves the example shows refused are skipped, as the rules refuse them."""
    from companion.examples import example_script
    from models.engine import IllegalAction
    script = example_script("GLC")
    for data in script[:moves]:
        if until is not None and until(s.state):
            return
        try:
            s.apply(data)
        except IllegalAction:
            continue


def by_hand(state: Any) -> bool:
    """A kid's ability is being resolved by hand (for :func:`play_example`)."""
    return state["manual"] is not None


# ---------------------------------------------------------------- the browser


@pytest.fixture
def page(browser):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    p = ctx.new_page()
    p.set_default_timeout(10_000)
    yield p
    ctx.close()


def open_console(page, server) -> None:
    """Log in to the referee console with the PIN and wait until its script runs
    (under load its buttons show before their listeners exist)."""
    from playwright.sync_api import expect
    page.goto(server.url + "/referee")
    page.fill("input[name=pin]", PIN)
    page.click("button[type=submit]")
    expect(page.locator("body[data-seq]")).to_have_count(1)
