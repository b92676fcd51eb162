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


def pytest_addoption(parser):
    parser.addoption(
        "--with-example-games", action="store_true",
        help="register the example games of docs/adding-a-game.md (tests/example_game/<name>/) "
             "as games beside the shipped ones, so every test parametrized over the registry "
             "runs over them too (make test-example-games)")


def pytest_configure(config):
    """With --with-example-games the registry finds the example games before
    any test module is collected (they parametrize over it when imported)."""
    if config.getoption("--with-example-games"):
        from tests.support import example_games
        example_games.register()


def pytest_collection_modifyitems(config, items):
    """With --with-example-games, the cases of a test parametrized over the
    registry that are a shipped game's are left out (`make test` runs them):
    the run is the example games' cases and the tests not parametrized by game."""
    if not config.getoption("--with-example-games"):
        return
    from tests.support import example_games
    keep, drop = [], []
    for item in items:
        codes = example_games.codes_of(item)
        (drop if codes and not codes & set(example_games.CODES) else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
