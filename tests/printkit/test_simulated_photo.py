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
