"""The print kit: everything a table needs to carry tags, as PDFs (``companion tags``).

- :mod:`.sizing`: how big a tag must be for a camera over a table;
- :mod:`.qr`: payload -> QR module matrix (version 1, alphanumeric);
- :mod:`.stickers`: one sticker per catalog component, with its label;
- :mod:`.markers`: the table markers (corners, seats, zones) a game needs;
- :mod:`.sheets`: laying stickers out on A4 / Letter pages and drawing them;
- :mod:`.boards`: printed boards at real size (The Closest Ghost);
- :mod:`.plan`: the table plan, drawn from a game's ``arrange()`` (the kit's last
  page, and the game pages' pictures: ``make plans``; each game's ``plan_table``
  (:mod:`models.plan_table`) says what its plan shows);
- :mod:`.kit`: one game's whole kit.

    >>> from companion.printkit import make_kit, size_for
    >>> size_for((4608, 2592), (900, 600)).tag_mm
    18.0
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .sizing import MIN_TAG_MM, SizeError, Sizing, size_for

if TYPE_CHECKING:
    from .kit import Kit, make_kit
    from .qr import PayloadError

__all__ = ["Kit", "MIN_TAG_MM", "PayloadError", "SizeError", "Sizing", "make_kit", "size_for"]

#: imported when first asked for: a kit draws every game's plan, so importing it
#: loads every game, the PDF writer and the QR encoder (half a second here, several
#: on a Pi), which every ``companion`` command paid for at start because
#: ``companion tags`` builds its options from :mod:`.sizing`
_LATER = {"Kit": ".kit", "make_kit": ".kit", "PayloadError": ".qr"}


def __getattr__(name: str) -> Any:
    if name in _LATER:
        return getattr(importlib.import_module(_LATER[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
