"""A sheet printed at the recommended size, laid on the simulated table and
photographed at the stated resolution, decodes completely."""
from companion.printkit import make_kit, size_for
from hardware.simtable import CameraModel, Item, Scene, render_scene
from models.registry import get_game

RESOLUTION = (4608, 2592)       # Camera Module 3, full resolution: the test is about resolution
TABLE = (900.0, 600.0)


def test_three_sheets_at_the_recommended_size_read_completely_at_4608x2592(decoder):
    advice = size_for(RESOLUTION, TABLE)
    assert advice.tag_mm == 18.0
    kit = make_kit(get_game("GLC"), advice.tag_mm, "a4", TABLE)
    sheets = [p for p in kit.pages if p.stickers][:3]
    items = []
    for k, page in enumerate(sheets):           # three A4 sheets side by side, upright, on the table
        for payload, x, y, tag_mm in page.tag_centres():
            items.append(Item(payload, 10 + 290 * k + x, y - 2, tag_mm=tag_mm))
    assert len(items) >= 80
    image, truth = render_scene(Scene(table_mm=TABLE, items=items), CameraModel(resolution=RESOLUTION))
    assert image.shape[1] == RESOLUTION[0]
    for item in items:                             # the arithmetic holds on the simulated camera
        assert truth[item.payload].visible and truth[item.payload].px_per_module >= 3.0
    found = {d.payload for d in decoder.decode(image)}
    assert {i.payload for i in items} <= found


def test_tags_sized_for_a_tilted_phone_read_completely_at_its_far_edge(decoder):
    """A phone held 25 degrees from straight down (a photo to score): tags sized
    by ``size_for(..., tilt_deg=25)`` keep 3 px per module at the far edge, and
    a sheet of them laid along that edge reads completely."""
    phone = (4032, 3024)
    straight, tilted = size_for(phone, TABLE), size_for(phone, TABLE, tilt_deg=25)
    assert tilted.tag_mm > straight.tag_mm
    kit = make_kit(get_game("GLC"), tilted.tag_mm, "a4", TABLE)
    page = next(p for p in kit.pages if p.stickers)
    items = [Item(payload, 300 + x, 350 + y, tag_mm=tag_mm)       # up to the far edge (y = 600)
             for payload, x, y, tag_mm in page.tag_centres()]
    image, truth = render_scene(Scene(table_mm=TABLE, items=items), CameraModel(resolution=phone, tilt_deg=25))
    assert all(truth[i.payload].visible for i in items)
    found = {d.payload for d in decoder.decode(image)}
    assert {i.payload for i in items} <= found
    # the straight-down size is too small there: that is why the tilt is asked for
    small = [Item(i.payload, i.x_mm, i.y_mm, tag_mm=straight.tag_mm) for i in items]
    image, truth = render_scene(Scene(table_mm=TABLE, items=small), CameraModel(resolution=phone, tilt_deg=25))
    assert min(truth[i.payload].px_per_module for i in small) < 3.0
