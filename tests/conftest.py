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
def browser():
    """The one headless Chromium of the whole run (Playwright's sync API allows
    one driver per thread: every browser test shares this one)."""
    from playwright.sync_api import sync_playwright

    from tests.web.conftest import CHROMIUM_ARGS
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()
