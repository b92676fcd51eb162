"""Settings for the whole suite.

Browser assertions wait up to 15 s for the page to show what they expect
(Playwright's default is 5 s): on a 2-core CI machine busy with the rest of the
suite a live update can take longer than that to be drawn. A page that never
shows it still fails; a slow one does not."""
from playwright.sync_api import expect

expect.set_options(timeout=15_000)
