"""Tag payload -> QR module matrix, version 1, alphanumeric mode.

The payload must follow the tag grammar (``models.tags``): that is what keeps
it short enough for version 1. The matrix is the same one the simulated table
draws (segno, default error-correction boosting)::

    >>> m = modules("GLC:KID:02")
    >>> len(m), len(m[0]), m[0][0]          # a finder pattern's dark corner
    (21, 21, True)
    >>> modules("glc:kid:02")
    Traceback (most recent call last):
    ...
    companion.printkit.qr.PayloadError: 'glc:kid:02' is not a GAME:KIND:ID tag: parts must be A-Z and 0-9
"""
from __future__ import annotations

from functools import lru_cache

import segno

from models.tags import TagError, parse_tag

from .sizing import QR_MODULES


class PayloadError(ValueError):
    """A payload the print kit refuses to print; the message says why."""


@lru_cache(maxsize=4096)
def modules(payload: str) -> tuple[tuple[bool, ...], ...]:
    """The 21 x 21 modules of ``payload`` (True = dark), rows top to bottom."""
    try:
        parse_tag(payload)
    except TagError as e:
        raise PayloadError(str(e)) from None
    try:
        qr = segno.make_qr(payload, version=1, mode="alphanumeric")
    except (segno.DataOverflowError, ValueError) as e:
        raise PayloadError(f"{payload!r} does not fit a version 1 alphanumeric QR code: {e}") from None
    rows = tuple(tuple(bool(v) for v in row) for row in qr.matrix)
    if len(rows) != QR_MODULES:
        raise PayloadError(f"{payload!r} did not make a version 1 QR code")
    return rows


def dark_runs(matrix: tuple[tuple[bool, ...], ...]) -> list[tuple[int, int, int]]:
    """The dark modules as horizontal runs ``(row, first_col, length)``: one
    rectangle per run keeps the PDF small and leaves no hairline gaps."""
    runs = []
    for r, row in enumerate(matrix):
        c = 0
        n = len(row)
        while c < n:
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                runs.append((r, start, c - start))
            else:
                c += 1
    return runs
