"""A card's text filled in at the table, kept for the next games.

Most of Ghosts Love Candy's kids ship without their ability's wording ("Not
transcribed"); when one is resolved by hand the console lets the referee type
the card's text once. It goes into an override copy of the catalog file
(``<folder>/<CODE>/<file>.csv``, the same mechanism as ``$COMPANION_CATALOGS``),
checked by loading the catalog with it; the shipped files are never touched::

    path = set_value(game, "GLC:KID:18", "text", "Swap two kids ...", folder)

Only the fields a game declares editable (:attr:`models.engine.Game.editable_fields`)
can be set this way: words for people, never a rule's numbers.
"""
from __future__ import annotations

import csv
import io
import os
import tempfile
from pathlib import Path
from typing import Any

from models.catalog import OVERRIDE_ENV, CatalogError, catalog_file, set_override_dir
from models.registry import get_game
from models.text import tr

#: the longest text accepted (a card's printed text fits)
MAX_TEXT = 400


def override_folder(journal_path: str | os.PathLike) -> Path:
    """Where the companion keeps what was filled in: ``catalogs/`` beside the journal,
    unless ``$COMPANION_CATALOGS`` names a folder (its first one)."""
    env = [p for p in os.environ.get(OVERRIDE_ENV, "").split(os.pathsep) if p]
    return Path(env[0]) if env else Path(journal_path).parent / "catalogs"


def use_overrides_in(folder: Path | None) -> None:
    """Read the texts kept in ``folder`` from now on (None: none), every engine
    loading its catalog again (``get_game`` keeps one engine per game)."""
    set_override_dir(folder)
    get_game.cache_clear()


def _line(row: list[str]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(row)
    return buf.getvalue()


def set_value(game: Any, payload: str, column: str, value: str, folder: Path) -> Path:
    """Set one component's ``column`` to ``value`` in an override file under
    ``folder``; the file written. ValueError (nothing written) for an unknown
    card, a field that may not be edited, a bad value or a catalog that would
    not load."""
    comp = game.catalog.components.get(payload)
    if comp is None:
        raise ValueError(tr("{card} is not a card of {game}", card=payload, game=game.title))
    if column not in game.editable_fields.get(comp.kind, ()):
        raise ValueError(tr("the {field!r} of a {kind} card cannot be set at the table", field=column,
                            kind=comp.kind))
    value = " ".join(str(value).split())
    if not value or len(value) > MAX_TEXT:
        raise ValueError(tr("type the card's text (1 to {max} characters)", max=MAX_TEXT))
    source = catalog_file(game, comp.kind)
    lines = source.read_text(encoding="utf-8").splitlines()
    header: list[str] | None = None
    found = False
    for i, text in enumerate(lines):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        row = next(csv.reader([text]))
        if header is None:
            header = [h.strip() for h in row]
            continue
        if row and row[0].strip() == payload:
            row[header.index(column)] = value
            lines[i] = _line(row)
            found = True
    if not found:
        raise ValueError(f"{payload} is not in {source}")
    target = folder / game.code / f"{comp.kind}.csv"
    target.parent.mkdir(parents=True, exist_ok=True)
    before = target.read_text(encoding="utf-8") if target.is_file() else None
    fd, tmp = tempfile.mkstemp(prefix=f".{comp.kind}-", suffix=".csv", dir=target.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, target)
    try:
        type(game)()                                   # the catalog must still load, with this file in it
    except CatalogError as e:
        if before is None:
            target.unlink()
        else:
            target.write_text(before, encoding="utf-8")
        raise ValueError(tr("that text would break the catalog: {error}", error=str(e))) from None
    return target
