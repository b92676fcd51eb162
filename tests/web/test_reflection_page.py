"""The page shows where a lamp's reflection hides a card: the warning among the
prompts, in the page's language, and a small map of the table ringing the place,
from real frames with a highlight burnt over the kid in slot 3."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from hardware.simtable import CameraModel, SimulatedTable
from tests.live.test_session import wait_for
from tests.support.glare import Glaring, case, case_actions
from tests.support.table import scene_of

TEXT = "A reflection hides VAMPIRE in slot 3: tilt the lamp or the card"


@pytest.mark.browser
def test_the_page_rings_where_a_reflection_hides_a_card(session, server, page):
    game, state, placements, target = case("GLC")
    session.new_game("GLC", list(game.example_players), {})
    for a in case_actions("GLC"):
        session.apply(a)
    src = Glaring(SimulatedTable(scene_of(placements), CameraModel(resolution=(1600, 900)), fps=10.0, hold_s=4.0),
                  target, 2.0, 99.0)
    session.start(src)
    assert session.wait(120)
    assert wait_for(lambda: session.view()["reflections"])
    page.goto(server.url + "/")
    expect(page.locator("#prompts li.level-warning")).to_contain_text([TEXT])
    spot = page.locator(".reflection-map g.reflection")
    expect(spot).to_have_count(1)
    assert spot.locator("title").text_content() == TEXT
    placed = next(p for p in placements if p.payload == target)
    cx = float(spot.locator("circle.spot").get_attribute("cx"))
    assert abs(cx - placed.x_mm) < 5
    expect(page.locator(".reflection-map figcaption")).to_have_text("Where a reflection hides a card")
