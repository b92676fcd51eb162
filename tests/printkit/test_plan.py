"""The table plan a new user follows (issue #17): every game's plan draws every
card its ``arrange()`` lays out, at its place and size, inside the table, with
every tag showing; the pictures on the game pages are the ones the code draws
now; the tag PDF ends with the same plan; and what the legend says about
markers is what the camera does."""
from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.printkit import make_kit
from companion.printkit.plan import PNG_PX_PER_MM, RULES, Rect, Text, sample_state, table_plan
from companion.printkit.plan_render import doc_png_name, png_digest
from companion.printkit.sizing import quiet_side_mm
from companion.vision.pipeline import TABLE_FIXED_MARKERS
from hardware.imagesize import image_size
from models.registry import game_classes, get_game

ROOT = Path(__file__).resolve().parents[2]
CODES = [cls.code for cls in game_classes()]
EPS = 0.01
# How far a card may hang over the table outline (the corner tags' centres; the table
# itself goes on beyond them). Ghosts Love Candy's arrange() fans the discards in six
# columns left of the kid discard marker: the sixth lies 16 mm from the edge, so a
# 34.5 mm card hangs 1.25 mm over it (its tag is on the table).
OVERHANG_MM = {"GLC": 1.25}


def to_sheet(plan, x, y):
    """A table point on the plan's sheet: from corner 1's place, as the camera sees
    the table, or turned half a turn (seen from the far edge)."""
    sign = -1.0 if plan.view == 180 else 1.0
    return plan.origin[0] + sign * x, plan.origin[1] + sign * y


def overlaps(p, q):
    """Two convex quadrilaterals share some area (separating axis test)."""
    for poly in (p, q):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            nx, ny = y1 - y2, x2 - x1
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            if max(a) <= min(b) + 1e-6 or max(b) <= min(a) + 1e-6:
                return False
    return True


@pytest.mark.parametrize("code", CODES)
def test_the_plan_draws_every_placement_at_its_place_and_size_inside_the_table(code):
    game = get_game(code)
    plan = table_plan(game)
    state, players, _ = sample_state(game)
    placements = game.arrange(state, plan.table_mm)
    assert [b.payload for b in plan.placed()] == [p.payload for p in placements]
    w, h = plan.table_mm
    table = plan.ops[0]
    assert isinstance(table, Rect) and (table.w, table.h) == (w, h), "the first thing drawn is the table"
    rects = {(round(op.cx, 1), round(op.cy, 1), op.w, op.h) for op in plan.ops if isinstance(op, Rect)}
    texts = {op.text for op in plan.ops if isinstance(op, Text)}
    for box, p in zip(plan.placed(), placements):
        assert (box.x, box.y) == (p.x_mm, p.y_mm), f"{p.payload}: a position is its tag's centre"
        if p.size_mm is not None:
            assert (box.w, box.h) == tuple(p.size_mm), f"{p.payload}: drawn at its real size"
        q = quiet_side_mm(box.tag_mm) / 2
        assert q <= box.x <= w - q and q <= box.y <= h - q, f"{code}: {p.payload}'s tag lies off the table"
        over = OVERHANG_MM.get(code, 0.0) + EPS
        for x, y in box.corners():
            assert -over <= x <= w + over and -over <= y <= h + over, f"{code}: {p.payload} lies off the table"
        cx, cy = to_sheet(plan, box.x, box.y)
        assert (round(cx, 1), round(cy, 1), round(box.w, 2), round(box.h, 2)) in rects, f"{p.payload} is drawn"
        x0, y0 = table.cx - w / 2, table.cy - h / 2
        assert x0 - EPS <= cx <= x0 + w + EPS and y0 - EPS <= cy <= y0 + h + EPS
        assert box.label in texts, f"{p.payload}: its label is written"
    assert f"{w:g} mm between the corner tags' centres" in texts
    assert any(t.endswith(" mm") and t[:-3].replace(".", "").isdigit() for t in texts), "distances are given"


@pytest.mark.parametrize("code", CODES)
def test_every_tag_on_the_plan_shows(code):
    """Piles are spread: no face-up card hides another's tag. Only a face-down
    card may lie on a tag (Girls vs Ghouls' Trick stack on its slot sticker: the
    hidden sticker is how the camera sees the stack)."""
    plan = table_plan(get_game(code))
    boxes = plan.placed()
    for i, b in enumerate(boxes):
        if b.role not in ("card", "marker"):
            continue
        q = quiet_side_mm(b.tag_mm)
        tag = [(b.x + u * math.cos(math.radians(b.angle)) - v * math.sin(math.radians(b.angle)),
                b.y + u * math.sin(math.radians(b.angle)) + v * math.cos(math.radians(b.angle)))
               for u, v in ((-q / 2, -q / 2), (q / 2, -q / 2), (q / 2, q / 2), (-q / 2, q / 2))]
        for later in boxes[i + 1:]:
            if later.role == "card":
                assert not overlaps(tag, later.corners()), f"{code}: {later.payload} covers {b.payload}'s tag"


@pytest.mark.parametrize("code", CODES)
def test_the_game_page_shows_the_plan_the_code_draws_now(code):
    game = get_game(code)
    png = ROOT / "docs" / "img" / doc_png_name(game)
    assert png.is_file(), f"{png.name} is missing: run make plans"
    plan = table_plan(game)
    assert png_digest(png) == plan.digest(), f"{png.name} is out of date with the code: run make plans"
    assert image_size(png)[0] == round(plan.size[0] * PNG_PX_PER_MM)
    page = (ROOT / "docs" / "games" / f"{game.slug}.md").read_text()
    assert f"](../img/{png.name})" in page, f"{game.slug}.md shows its plan"
    assert "## Table plan" in page


def test_make_plans_redraws_the_same_pictures(tmp_path):
    """``make plans`` as a user runs it: the pictures it writes hold the same
    plans as the committed ones, and look the same (allowing for antialiasing)."""
    run = subprocess.run([sys.executable, "-m", "companion.printkit", str(tmp_path)], capture_output=True,
                         text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    makefile = (ROOT / "Makefile").read_text()
    assert "-m companion.printkit docs/img" in makefile, "make plans writes docs/img"
    for code in CODES:
        name = doc_png_name(get_game(code))
        assert f"wrote {tmp_path / name}" in run.stdout
        fresh, committed = tmp_path / name, ROOT / "docs" / "img" / name
        assert png_digest(fresh) == png_digest(committed), f"{name}: run make plans"
        a, b = cv2.imread(str(fresh), cv2.IMREAD_GRAYSCALE), cv2.imread(str(committed), cv2.IMREAD_GRAYSCALE)
        assert a.shape == b.shape
        assert float(np.mean(cv2.absdiff(a, b))) < 3.0, f"{name} no longer looks like the drawing: run make plans"


def test_the_tags_pdf_ends_with_the_table_plan(tmp_path, rasterise, decoder):
    game = get_game("GLC")
    kit = make_kit(game, 18.0, "a4")
    last = kit.pages[-1]
    assert last.plan is not None and not last.stickers and last.payloads == []
    assert last.plan.digest() == table_plan(game, kit.table_mm, 18.0).digest(), "the same plan as the game page"
    pdf = tmp_path / "glc.pdf"
    kit.write(pdf)
    n = len(kit.pages)
    text = subprocess.run(["pdftotext", "-f", str(n), "-l", str(n), "-layout", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "Ghosts Love Candy (GLC): table plan" in text
    assert "print this page on plain paper" in text and "Cut on the crop marks" not in text
    for words in ("TC:ZONE:KIDDECK", "Kid deck", "RED seat", "900 mm between the corner tags' centres",
                  "Spread piles so that every tag shows"):
        assert words in text, words
    page = rasterise(pdf, 60, first=n, last=n)[0]
    dark = np.where(page < 128)
    assert dark[1].max() - dark[1].min() > 0.8 * page.shape[1], "the plan fills the page's width"
    assert decoder.decode(page) == [], "nothing on the plan page reads as a tag"


def test_the_plan_page_is_drawn_for_the_table_the_kit_is_printed_for():
    kit = make_kit(get_game("CCR"), 24.0, "letter", (1200.0, 800.0))
    plan = kit.pages[-1].plan
    assert plan.table_mm == (1200.0, 800.0) and plan.tag_mm == 24.0
    assert any(isinstance(op, Text) and op.text == "1200 mm between the corner tags' centres" for op in plan.ops)


def test_what_the_legend_says_about_markers_is_what_the_camera_does():
    """The legend: a seat or zone marker under a pile is remembered, once seen."""
    assert "TC:SEAT:" in TABLE_FIXED_MARKERS and "TC:ZONE:" in TABLE_FIXED_MARKERS
    rule = " ".join(RULES)
    assert "remembers a marker" in rule and "across restarts" in rule
    assert "A card's position is its tag's centre" in rule and "every tag shows" in rule
