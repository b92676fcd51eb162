"""Helpers for the print-kit tests: a PDF rendered to images with pdftoppm, and
every QR code on them read by the project's own decoder."""
from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.vision import get_decoder


def rasterise(pdf: Path, dpi: int, first: int | None = None, last: int | None = None) -> list[np.ndarray]:
    """The PDF's pages as grey images (pdftoppm), in page order."""
    folder = Path(tempfile.mkdtemp(prefix="pages-", dir=pdf.parent))
    out = folder / "page"
    cmd = ["pdftoppm", "-r", str(dpi), "-gray", "-png"]
    if first:
        cmd += ["-f", str(first)]
    if last:
        cmd += ["-l", str(last)]
    subprocess.run(cmd + [str(pdf), str(out)], check=True, capture_output=True)
    files = sorted(folder.glob("page-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [cv2.imread(str(f), cv2.IMREAD_GRAYSCALE) for f in files]


@pytest.fixture(scope="session", name="rasterise")
def rasterise_fixture():
    return rasterise


@pytest.fixture(scope="session")
def decoder():
    return get_decoder("zxing")
