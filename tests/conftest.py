"""Settings for the whole suite.

Browser assertions wait up to 15 s for the page to show what they expect
(Playwright's default is 5 s): on a 2-core CI machine busy with the rest of the
suite a live update can take longer than that to be drawn. A page that never
shows it still fails; a slow one does not."""
import pytest
from playwright.sync_api import expect

expect.set_options(timeout=15_000)

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def playwright_driver():
    """Playwright's one driver of the whole run (its sync API allows one per
    thread): a test that needs Chromium started with flags of its own (a fake
    camera) launches it from here."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_driver):
    """The one shared headless Chromium of the whole run."""
    from tests.web.conftest import CHROMIUM_ARGS
    b = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()
