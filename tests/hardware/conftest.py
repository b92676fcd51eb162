"""Shared helpers for the hardware tests: the real zxing-cpp decoder on real renders."""
from __future__ import annotations

import numpy as np
import pytest
import zxingcpp


def decode(image: np.ndarray) -> dict[str, dict]:
    """Every QR code zxing-cpp finds: payload -> {"centre": (x, y), "corners": 4x2 array}
    (corners in zxing's order: top-left, top-right, bottom-right, bottom-left of the symbol).

    zxing-cpp counts pixel *corners* at integer coordinates (pixel i spans [i, i+1]);
    OpenCV and the simulated table's truth count pixel *centres* at integers, so
    zxing's points are moved by -0.5 px here to compare like with like."""
    found = {}
    for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
        p = r.position
        corners = np.array([(p.top_left.x, p.top_left.y), (p.top_right.x, p.top_right.y),
                            (p.bottom_right.x, p.bottom_right.y), (p.bottom_left.x, p.bottom_left.y)], float) - 0.5
        found[r.text] = {"centre": corners.mean(axis=0), "corners": corners}
    return found


@pytest.fixture(name="decode")
def decode_fixture():
    """The real decoder, as a function: ``decode(image) -> {payload: {"centre", "corners"}}``."""
    return decode
