"""Payload -> QR modules: version 1, alphanumeric, the grammar enforced."""
import numpy as np
import pytest

from companion.printkit.qr import PayloadError, dark_runs, modules
from hardware.simtable.sprites import qr_matrix


def _image(matrix, px=6, quiet=4):
    m = np.array(matrix, dtype=bool)
    img = np.full(((21 + 2 * quiet) * px,) * 2, 255, np.uint8)
    big = np.kron(m, np.ones((px, px), bool))
    img[quiet * px:(quiet + 21) * px, quiet * px:(quiet + 21) * px][big] = 0
    return img


@pytest.mark.parametrize("payload", ["GLC:KID:02", "TC:CORNER:1", "TC:ZONE:CANDYDISCARD", "GVG:TREAT:75"])
def test_a_payload_becomes_a_version_1_code_that_decodes_to_itself(payload, decoder):
    m = modules(payload)
    assert len(m) == 21 and all(len(row) == 21 for row in m)
    assert [d.payload for d in decoder.decode(_image(m))] == [payload]
    # the same symbol the simulated table draws, so the sim photographs what we print
    assert (np.array(m) == qr_matrix(payload)).all()


def test_runs_cover_exactly_the_dark_modules():
    m = modules("TCG:GHOST:1")
    painted = np.zeros((21, 21), bool)
    for r, c, n in dark_runs(m):
        assert not painted[r, c:c + n].any()
        painted[r, c:c + n] = True
    assert (painted == np.array(m)).all()


@pytest.mark.parametrize("payload, why", [
    ("glc:kid:02", "A-Z and 0-9"),
    ("GLC:KID", "three parts"),
    ("GLC:KID:0123456789ABCDEF", "longer than 20"),
    ("TC:TABLE:1", "TC:CORNER"),
    ("GLC KID 02", "three parts"),
])
def test_payloads_breaking_the_grammar_are_refused(payload, why):
    with pytest.raises(PayloadError, match=why):
        modules(payload)
