"""The still-only ladder (``companion.vision.stills``): a photo raw zxing-cpp
cannot read, a real QR code under a lamp's reflection, on uneven light, warped,
bent round a cylinder, with part of a finder pattern worn off, is read by
``companion scan``'s decode path with its own payload, and no attempt ever
adds a payload that is not in the picture."""
import math
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from companion.vision import get_decoder, scan_photo
from companion.vision.decoders import Detection, raw_zxing
from companion.vision.finders import read_completed
from companion.vision.search import Candidate
from companion.vision.stills import PATIENCE, Attempt, add_reads, read_harder

COMPANION = str(Path(sys.executable).parent / "companion")


def code(text, px_per_module=8, border=4):
    """A printed QR code: dark ink on light card, grey levels as a camera sees them."""
    q = segno.make_qr(text, error="m")
    m = np.array(list(q.matrix_iter(scale=px_per_module, border=border)), bool)
    return np.where(m, 30, 225).astype(np.uint8)


def photo(text, *, glare=False, light=False, blur=0.0, warp=False, seed=0):
    """A 1200x900 grey photo of one card with a code on a mottled table, with
    real degradations: a saturated elliptical highlight over part of the code
    (a lamp's reflection), light falling off across the picture, defocus, a
    camera tilted off square, sensor noise."""
    rng = np.random.default_rng(seed)
    h_img, w_img = 900, 1200
    img = cv2.GaussianBlur((rng.random((h_img, w_img)) * 60 + 120).astype(np.uint8), (0, 0), 8)
    c = code(text)
    h, w = c.shape
    x, y = 400, 250
    img[y:y + h, x:x + w] = c
    f = img.astype(np.float32)
    if light:
        f *= 0.35 + 0.9 * np.linspace(0.0, 1.0, w_img)[None, :]
    if glare:
        spot = np.zeros((h_img, w_img), np.float32)
        cv2.ellipse(spot, (x + int(w * 0.55), y + int(h * 0.45)), (int(w * 0.22), int(h * 0.12)), 30, 0, 360, 1.0, -1)
        f += cv2.GaussianBlur(spot, (0, 0), 12) * 400
    f = np.clip(f, 0, 255)
    if blur:
        f = cv2.GaussianBlur(f, (0, 0), blur)
    if warp:
        src = np.float32([[0, 0], [w_img, 0], [w_img, h_img], [0, h_img]])
        dst = np.float32([[150, 60], [w_img - 40, 0], [w_img, h_img], [0, h_img - 80]])
        f = cv2.warpPerspective(f, cv2.getPerspectiveTransform(src, dst), (w_img, h_img), borderValue=120)
    f += rng.normal(0, 3, f.shape)
    return cv2.cvtColor(np.clip(f, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)


def raw_reads(image):
    return {d.payload for d in raw_zxing().decode(image)}


def read(image):
    r = scan_photo(image, get_decoder("zxing"))
    return {s.payload for s in r.sightings}, {x["payload"] for x in r.rejected}


HARD = {"a reflection over the code": dict(glare=True),
        "a reflection, light falling off": dict(glare=True, light=True),
        "a reflection, tilted camera": dict(glare=True, warp=True)}


@pytest.mark.parametrize("name", list(HARD))
def test_a_code_raw_zxing_misses_under_a_reflection_is_read_with_its_payload(name):
    image = photo("GLC:KID:02", **HARD[name])
    assert raw_reads(image) == set(), "raw zxing-cpp must miss this code for the test to mean anything"
    assert read(image) == ({"GLC:KID:02"}, set())


def test_companion_scan_reads_the_code_under_the_reflection(tmp_path):
    path = tmp_path / "glare.png"
    cv2.imwrite(str(path), photo("GLC:KID:05", glare=True))
    p = subprocess.run([COMPANION, "scan", str(path)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "GLC:KID:05" in p.stdout


# every degradation, alone and together, with other payloads (a tag and a
# payload outside the tag grammar): whatever is read is the code's own payload
SET = [("GLC:KID:02", dict(glare=True)), ("TCG:GHOST:3", dict(glare=True, light=True, blur=1.5)),
       ("GVG:GHOUL:07", dict(light=True, blur=2.2, warp=True)), ("CCR:CANDY:11", dict(glare=True, warp=True, seed=4)),
       ("https://example.org/not-a-tag", dict(glare=True, light=True)),
       ("GAH:ROOM:1", dict(glare=True, light=True, blur=2.2, warp=True, seed=2))]


@pytest.mark.parametrize("payload,how", SET, ids=[p for p, _ in SET])
def test_no_attempt_reads_a_payload_that_is_not_in_the_picture(payload, how):
    sightings, rejected = read(photo(payload, **how))
    assert sightings | rejected <= {payload}
    assert raw_reads(photo(payload, **how)) <= sightings | rejected   # never less than raw zxing-cpp


def test_the_ladder_reads_nothing_more_on_a_blank_table():
    image = photo("GLC:KID:02")
    image[250:250 + 300, 400:400 + 300] = 170                   # the card without its code
    assert read(image) == (set(), set())


class Counting:
    """A ladder whose attempts count how often they were made."""

    def __init__(self):
        self.made = 0

    def ladder(self, n=3):
        def make(g):
            self.made += 1
            return g
        return [Attempt(f"plain {i}", make) for i in range(n)]


def test_the_ladder_stops_when_everything_found_is_read():
    grey = cv2.cvtColor(photo("GLC:KID:02"), cv2.COLOR_BGR2GRAY)
    known = raw_zxing().decode(grey)
    assert [d.payload for d in known] == ["GLC:KID:02"]
    c = Counting()
    assert read_harder(grey, known=known, unread=(), ladder=c.ladder()) == []
    assert c.made == 0                                          # an easy photo costs nothing more
    c = Counting()
    read_harder(grey, known=(), unread=(), ladder=c.ladder())
    assert c.made == 1                                          # nothing known: tried until something reads


def test_a_patch_nothing_reads_costs_only_a_few_attempts():
    grey = cv2.cvtColor(photo("GLC:KID:02"), cv2.COLOR_BGR2GRAY)
    known = raw_zxing().decode(grey)
    picture = Candidate((900, 600, 1000, 700))                # a card's picture the search took for a tag
    c = Counting()
    assert read_harder(grey, known=known, unread=[picture], ladder=c.ladder(PATIENCE + 5)) == []
    assert c.made == PATIENCE


def test_a_second_payload_where_one_was_read_is_dropped():
    first = Detection("GLC:KID:02", ((0, 0), (100, 0), (100, 100), (0, 100)))
    other = Detection("GLC:KID:03", ((5, 5), (105, 5), (105, 105), (5, 105)))
    elsewhere = Detection("GLC:KID:04", ((500, 0), (600, 0), (600, 100), (500, 100)))
    assert add_reads([first], [other, elsewhere]) == [elsewhere]



def table(seed=0):
    """A 1200x900 mottled table (grey levels as a camera sees them, float)."""
    rng = np.random.default_rng(seed)
    return cv2.GaussianBlur((rng.random((900, 1200)) * 60 + 120).astype(np.uint8), (0, 0), 8).astype(np.float32)


def shot(f, seed=0):
    """``f`` with sensor noise, as a colour photo."""
    f = f + np.random.default_rng(seed + 1).normal(0, 3, f.shape)
    return cv2.cvtColor(np.clip(f, 0, 255).astype(np.uint8), cv2.COLOR_GRAY2BGR)


def bent(text, span=2.6, depth=3.0, seed=0):
    """A photo of a code on a label round a bottle: the code wrapped over
    ``span`` radians of a cylinder seen from ``depth`` radii away, so that its
    columns crowd towards the edges (a sine) and its middle, nearer, looks taller."""
    c = code(text).astype(np.float32)
    h, w = c.shape
    out_w = int(w * 0.9)
    angle = np.arcsin(np.linspace(-1.0, 1.0, out_w) * np.sin(span / 2))
    column = (angle / (span / 2) + 1) / 2 * (w - 1)
    nearer = depth / (depth - (np.cos(angle) - np.cos(span / 2)))
    mx = np.tile(column[None, :], (h, 1)).astype(np.float32)
    my = ((np.arange(h) - h / 2)[:, None] / nearer[None, :] + h / 2).astype(np.float32)
    f = table(seed)
    f[250:250 + h, 400:400 + out_w] = cv2.remap(c, mx, my, cv2.INTER_LINEAR, borderValue=225)
    return shot(f, seed)


def worn(text, corner="top right", part=0.5, seed=0):
    """A photo of a code with the left ``part`` of one finder pattern worn
    off (paper where its dark rings were), slightly out of focus."""
    c = code(text)
    h, w = c.shape
    b, f7 = 4 * 8, 7 * 8
    x = w - b - f7 if corner == "top right" else b
    y = b if corner == "top right" else h - b - f7
    c[y:y + f7, x:x + int(f7 * part)] = 225
    f = table(seed)
    f[250:250 + h, 400:400 + w] = c
    return shot(cv2.GaussianBlur(f, (0, 0), 1.0), seed)


def test_a_code_bent_round_a_bottle_is_read_with_its_payload():
    image = bent("CCR:CANDY:11")
    assert raw_reads(image) == set(), "raw zxing-cpp must miss this code for the test to mean anything"
    assert read(image) == ({"CCR:CANDY:11"}, set())


WORN = [("GVG:GHOUL:07", "top right", 0.5), ("GAH:ROOM:1", "bottom left", 0.6), ("TCG:GHOST:3", "top right", 0.7)]


@pytest.mark.parametrize("payload,corner,part", WORN, ids=[p for p, _, _ in WORN])
def test_a_code_with_a_finder_pattern_worn_off_is_read_by_completing_it(payload, corner, part):
    image = worn(payload, corner, part)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    assert raw_reads(image) == set(), "raw zxing-cpp must miss this code for the test to mean anything"
    assert read_harder(grey, completion_ms=0) == [], "no binarization reads it: the completion does"
    assert read(image) == ({payload}, set())
    (d,) = read_completed(grey)
    assert d.payload == payload
    x0, y0 = np.min(d.corners, axis=0)
    x1, y1 = np.max(d.corners, axis=0)
    assert 400 + 4 * 8 - 8 < x0 < 400 + 4 * 8 + 8 and 250 + 4 * 8 - 8 < y0 < 250 + 4 * 8 + 8   # where it lies
    side = code(payload).shape[0] - 2 * 4 * 8
    assert abs((x1 - x0) - side) < 10 and abs((y1 - y0) - side) < 10


def test_completing_finder_patterns_reads_nothing_where_there_is_no_code():
    f = table()
    f[250:550, 400:700] = 170                                            # a blank card
    for x, y in ((420, 270), (620, 270), (420, 470)):                    # three finder-like marks on it, no code
        f[y:y + 56, x:x + 56] = 30
        f[y + 8:y + 48, x + 8:x + 48] = 225
        f[y + 16:y + 40, x + 16:x + 40] = 30
    grey = cv2.cvtColor(shot(f), cv2.COLOR_BGR2GRAY)
    assert read_completed(grey) == []


def test_finder_patterns_of_codes_read_already_are_not_tried_again():
    image = worn("GVG:GHOUL:07")
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    (d,) = read_completed(grey)
    assert read_completed(grey, known=[d]) == []


def washed(text, px=10, wash=170, seed=0):
    """A 4000x3000 photo of a code whose top-left finder pattern a sheen
    lightens (its dark rings and square lifted to ``wash``), at (1800, 1200)."""
    c = code(text, px_per_module=px).astype(np.float32)
    b = 4 * px
    spot = np.zeros_like(c)
    cv2.circle(spot, (b + int(3.5 * px), b + int(3.5 * px)), int(4.5 * px), 1.0, -1)
    spot = cv2.GaussianBlur(spot, (0, 0), px)
    c = c + (wash - c) * np.clip(spot * 1.3, 0, 1) * (c < 100)
    rng = np.random.default_rng(seed)
    f = cv2.GaussianBlur((rng.random((3000, 4000)) * 60 + 120).astype(np.uint8), (0, 0), 8).astype(np.float32)
    f[1200:1200 + c.shape[0], 1800:1800 + c.shape[1]] = c
    return cv2.cvtColor(shot(cv2.GaussianBlur(f, (0, 0), 1.2), seed), cv2.COLOR_BGR2GRAY)


def test_a_finder_pattern_a_sheen_washes_out_once_shrunk_is_found_at_full_size():
    """BoofCV's glare photos: the finder pattern under a reflection is lost in
    the 1600 px copy the marks are searched in, and found again round the pair
    of its code's other two (one more code of the glare category read)."""
    from companion.vision.finders import closer_marks, marks
    grey = washed("GLC:KID:07")
    centre = (1800 + 4 * 10 + 35, 1200 + 4 * 10 + 35)          # the washed finder pattern's centre
    found = marks(grey)
    assert not any(math.dist(m.centre, centre) < 20 for m in found), "the shrunk copy must lose it"
    extra = closer_marks(grey, found)
    assert [m for m in extra if math.dist(m.centre, centre) < 20], [m.centre for m in extra]
    assert all(abs(m.module - 10) < 3 for m in extra)
    assert closer_marks(cv2.cvtColor(shot(table()), cv2.COLOR_BGR2GRAY), []) == []


def sheened(text, version, tilt, px=6, seed=0):
    """A 1200x900 grey photo of a code (``version``, ``px`` px a module) whose
    top-right finder pattern a lamp's sheen washes out to paper, the card
    turned away from the camera on its right (``tilt``: how much shorter its
    right side looks, as a fraction of its height)."""
    q = segno.make_qr(text, error="m", version=version)
    c = np.where(np.array(list(q.matrix_iter(scale=px, border=4)), bool), 30, 225).astype(np.float32)
    n = q.symbol_size(scale=1, border=0)[0]
    spot = np.zeros_like(c)
    cv2.circle(spot, (4 * px + int((n - 3.5) * px), 4 * px + int(3.5 * px)), 6 * px, 1.0, -1)
    c += (250 - c) * np.clip(cv2.GaussianBlur(spot, (0, 0), 2 * px) * 1.4, 0, 1)
    h, w = c.shape
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[350, 200], [350 + w, 200 + tilt * h], [350 + w, 200 + h - tilt * h], [350, 200 + h]])
    card = cv2.warpPerspective(c, cv2.getPerspectiveTransform(src, dst), (1200, 900), borderValue=-1)
    rng = np.random.default_rng(seed)
    ground = cv2.GaussianBlur((rng.random((900, 1200)) * 60 + 120).astype(np.uint8), (0, 0), 8).astype(np.float32)
    f = cv2.GaussianBlur(np.where(card >= 0, card, ground), (0, 0), 1.0) + rng.normal(0, 3, ground.shape)
    return np.clip(f, 0, 255).astype(np.uint8)


SHEENED = [("GLC:KID:07", 5, 0.1), ("GLC:KID:07", 3, 0.2)]


@pytest.mark.parametrize("payload,version,tilt", SHEENED, ids=[f"version {v}" for _, v, _ in SHEENED])
def test_a_code_whose_finder_pattern_a_sheen_hides_is_read_from_its_fitted_grid(payload, version, tilt, monkeypatch):
    """BoofCV's glare photos: with one finder pattern under a reflection, the
    grid guessed from the other two lands a module or two off at the corners
    they do not anchor; fitted to the code's fixed patterns (finder patterns,
    timing rows, alignment pattern) it reads."""
    from companion.vision import finders
    grey = sheened(payload, version, tilt)
    assert raw_reads(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)) == set(), "raw zxing-cpp must miss it"
    assert read_harder(grey, completion_ms=0) == [], "no binarization reads it"
    with monkeypatch.context() as m:
        m.setattr(finders, "FITTED", 0)
        assert read_completed(grey) == [], "the grid as guessed must miss it for the test to mean anything"
    (d,) = read_completed(grey)
    assert d.payload == payload
    assert read(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)) == ({payload}, set())


def test_a_corner_a_module_and_a_half_off_is_fitted_back_to_the_code():
    from companion.vision.grid_fit import FixedPatterns, fit
    q = segno.make_qr("GAH:ROOM:1", error="m", version=4)
    n, px = q.symbol_size(scale=1, border=0)[0], 8
    grey = np.where(np.array(list(q.matrix_iter(scale=px, border=4)), bool), 30, 225).astype(np.uint8)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.0)
    b, side = 4 * px, n * px
    true = np.float32([[b, b], [b + side, b], [b + side, b + side], [b, b + side]])
    off = true.copy()
    off[1] += (12, -9)                                           # the guessed top-right corner, 1.9 modules off
    off[2] += (-10, 8)                                           # and the bottom-right one
    patterns = FixedPatterns(grey)
    fitted, match = fit(patterns, off, n, free=(1, 2))
    assert np.abs(fitted - true).max() < px / 2
    assert match > patterns.structure(off, n) and match > 5.0
    assert FixedPatterns(cv2.cvtColor(shot(table()), cv2.COLOR_BGR2GRAY)).structure(true + 300, n) < 1.5
