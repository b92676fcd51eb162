"""Both decoder backends read real QR codes drawn by the simulated table, in the
same format: payload and the symbol's corners in its own order."""
import math

import pytest

from companion.vision import get_decoder
from companion.vision.decoders import Detection
from hardware.simtable import CameraModel, Item, Scene, render_scene

ANGLES = [0, 37, 90, 180, 250]


@pytest.fixture(scope="module")
def big_tags():
    # large, upright-ish symbols so that zbar (the weaker backend) reads them too
    items = [Item(f"GLC:KID:{i:02d}", 150 + 150 * i, 300, angle_deg=a, tag_mm=60, size_mm=(90, 110))
             for i, a in enumerate(ANGLES)]
    return render_scene(Scene(items=items, corners=False), CameraModel(resolution=(1600, 900)))


@pytest.mark.parametrize("name", ["zxing", "zbar"])
def test_each_backend_reads_every_tag_with_corners_in_symbol_order(big_tags, name):
    image, truth = big_tags
    found = get_decoder(name).decode(image)
    assert sorted(d.payload for d in found) == sorted(truth)
    for d in found:
        assert isinstance(d, Detection) and len(d.corners) == 4
        t = truth[d.payload]
        # every corner where the renderer drew it, starting at the printed top-left
        for got, want in zip(d.corners, t.corners_px):
            assert math.dist(got, want) < 2.5, (name, d.payload, d.corners, t.corners_px)
        assert math.dist(d.centre, t.px) < 1.5
        assert d.side_px == pytest.approx(math.dist(t.corners_px[0], t.corners_px[1]), rel=0.05)


def test_backends_agree(big_tags):
    image, _ = big_tags
    zx = {d.payload: d for d in get_decoder("zxing").decode(image)}
    zb = {d.payload: d for d in get_decoder("zbar").decode(image)}
    assert zx.keys() == zb.keys()
    for p in zx:
        assert math.dist(zx[p].centre, zb[p].centre) < 2.0


def test_grey_and_colour_images_give_the_same_codes(big_tags):
    import cv2
    image, _ = big_tags
    dec = get_decoder("zxing")
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    assert sorted(d.payload for d in dec.decode(grey)) == sorted(d.payload for d in dec.decode(image))


def test_unknown_decoder_names_the_choices():
    with pytest.raises(ValueError, match="zxing, zbar"):
        get_decoder("quirc")
    assert get_decoder("pyzbar").name == "zbar"
