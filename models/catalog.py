"""Catalogs: every component of a game and its tag, as CSV files a user can edit.

A game ships a folder of CSV files, one per kind of component (``kids.csv``,
``candy.csv`` ...). Each file's first row names the columns; every file has
``payload`` (the tag, ``GAME:KIND:ID``) and ``name``; the others are declared by
the game as :class:`Column` s. A user corrects or extends a catalog for their
printing of the game by putting a file of the same name in an override folder
(``$COMPANION_CATALOGS/<CODE>/kids.csv``), without touching code.

A broken catalog fails with a :class:`CatalogError` naming the file, the line
and the field::

    kids.csv:7: field 'courage': expected a whole number, got 'ten'

Example::

    >>> cat = Catalog.for_game(get_game("GLC"))          # doctest: +SKIP
    >>> cat["GLC:KID:02"].values["courage"]              # doctest: +SKIP
    15
"""
from __future__ import annotations

import csv
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .tags import TagError, parse_tag

OVERRIDE_ENV = "COMPANION_CATALOGS"
#: the override folder the program itself keeps (read after ``$COMPANION_CATALOGS``,
#: so it wins): where the companion keeps what the referee filled in at the table
EXTRA_OVERRIDE_DIRS: list[Path] = []


def catalog_file(game: Any, stem: str, override_dirs: list[Path] | None = None) -> Path:
    """The file the catalog reads for ``stem`` (``kids``): the shipped one, unless
    an override folder holds ``<CODE>/<stem>.csv`` (``override_dirs``, then
    ``$COMPANION_CATALOGS``, then the program's own; the last that has it wins)."""
    dirs = [Path(d) for d in override_dirs or []]
    dirs += [Path(d) for d in os.environ.get(OVERRIDE_ENV, "").split(os.pathsep) if d]
    dirs += EXTRA_OVERRIDE_DIRS
    path = Path(game.catalog_dir) / f"{stem}.csv"
    for d in dirs:
        cand = d / game.code / f"{stem}.csv"
        if cand.is_file():
            path = cand
    return path


def set_override_dir(folder: Path | None) -> None:
    """Read overrides from ``folder`` too (``<folder>/<CODE>/<file>.csv``) from the
    next load on; one per program (the session's), None for none."""
    EXTRA_OVERRIDE_DIRS[:] = [Path(folder)] if folder is not None else []


class CatalogError(ValueError):
    """A catalog file that cannot be used; the message names file, line and field."""


@dataclass(frozen=True)
class Column:
    """One declared column: its type (``int``, ``str``, ``bool``, ``intlist``),
    whether it must have a value, and the values it may take."""

    type: str = "str"
    required: bool = True
    choices: tuple[str, ...] | None = None
    default: Any = None

    def convert(self, text: str) -> Any:
        text = text.strip()
        if text == "":
            if self.required:
                raise ValueError("is empty")
            return self.default
        if self.choices is not None and text not in self.choices:
            raise ValueError(f"must be one of {', '.join(self.choices)}, got {text!r}")
        if self.type == "int":
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"expected a whole number, got {text!r}") from None
        if self.type == "bool":
            low = text.lower()
            if low not in ("yes", "no", "true", "false", "1", "0"):
                raise ValueError(f"expected yes or no, got {text!r}")
            return low in ("yes", "true", "1")
        if self.type == "intlist":
            try:
                return [int(p) for p in text.replace(";", " ").split()]
            except ValueError:
                raise ValueError(f"expected whole numbers separated by spaces, got {text!r}") from None
        return text


@dataclass(frozen=True)
class Component:
    """One physical component: its tag payload, the kind of thing it is (the file
    it came from, e.g. ``kids``), a readable name and its declared values."""

    payload: str
    kind: str
    name: str
    values: Mapping[str, Any]
    source: str = ""

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    @property
    def id(self) -> str:
        return self.payload.split(":")[2]

    @property
    def label(self) -> str:
        """Short printable label, e.g. for a sticker sheet."""
        return self.name


@dataclass
class Catalog:
    """All components of one game, keyed by payload.

    ``secret_kinds``: the kinds (catalog files, e.g. ``love``) whose faces are
    secret: the game's ``secret_kinds``, copied by :meth:`for_game`. No public
    output names such a component (:meth:`is_secret`); only the referee's do."""

    game: str
    components: dict[str, Component] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    secret_kinds: frozenset[str] = frozenset()

    def is_secret(self, payload: str) -> bool:
        """Whether a payload names a component of a secret kind (a Love card)."""
        c = self.components.get(payload)
        return c is not None and c.kind in self.secret_kinds

    def __getitem__(self, payload: str) -> Component:
        return self.components[payload]

    def __contains__(self, payload: str) -> bool:
        return payload in self.components

    def __iter__(self) -> Iterator[Component]:
        return iter(self.components.values())

    def __len__(self) -> int:
        return len(self.components)

    def get(self, payload: str) -> Component | None:
        return self.components.get(payload)

    def of_kind(self, kind: str) -> list[Component]:
        """Components from one file (``kids``), in file order."""
        return [c for c in self.components.values() if c.kind == kind]

    @classmethod
    def for_game(cls, game: Any, override_dirs: list[Path] | None = None) -> Catalog:
        """Load the game's shipped catalog, each file replaced by an override
        (``$COMPANION_CATALOGS/<CODE>/<file>.csv``) where one exists."""
        cat = cls(game.code, secret_kinds=frozenset(getattr(game, "secret_kinds", ())))
        schema: Mapping[str, Mapping[str, Column]] = getattr(game, "catalog_schema", {})
        if game.catalog_dir is None:
            return cat
        for shipped in sorted(Path(game.catalog_dir).glob("*.csv")):
            cat.load_file(catalog_file(game, shipped.stem, override_dirs), schema.get(shipped.stem, {}))
        return cat

    def load_file(self, path: Path, columns: Mapping[str, Column]) -> None:
        """Read one CSV file into the catalog, checking every field."""
        kind = path.stem
        name = path.name
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise CatalogError(f"{path}: cannot read: {e}") from None
        lines = [l for l in text.splitlines()]
        rows = csv.reader(lines)
        header: list[str] | None = None
        for lineno, row in enumerate(rows, start=1):
            if not row or not any(c.strip() for c in row) or row[0].lstrip().startswith("#"):
                continue
            if header is None:
                header = [h.strip() for h in row]
                for need in ("payload", "name", *[c for c, col in columns.items() if col.required]):
                    if need not in header:
                        raise CatalogError(f"{path}:{lineno}: field {need!r}: column missing from the header")
                unknown = [h for h in header if h not in ("payload", "name", *columns)]
                if unknown:
                    raise CatalogError(f"{path}:{lineno}: field {unknown[0]!r}: unknown column "
                                       f"(known: payload, name, {', '.join(columns)})")
                continue
            if len(row) != len(header):
                raise CatalogError(f"{path}:{lineno}: has {len(row)} fields, the header has {len(header)}")
            cells = dict(zip(header, row))
            payload = cells["payload"].strip()
            try:
                tag = parse_tag(payload)
            except TagError as e:
                raise CatalogError(f"{path}:{lineno}: field 'payload': {e}") from None
            if tag.game != self.game:
                raise CatalogError(f"{path}:{lineno}: field 'payload': {payload!r} belongs to game {tag.game}, "
                                   f"not {self.game}")
            if payload in self.components:
                raise CatalogError(f"{path}:{lineno}: field 'payload': {payload!r} is listed twice "
                                   f"(first at {self.components[payload].source})")
            label = cells["name"].strip()
            if not label:
                raise CatalogError(f"{path}:{lineno}: field 'name': is empty")
            values: dict[str, Any] = {}
            for col, spec in columns.items():
                try:
                    values[col] = spec.convert(cells.get(col, ""))
                except ValueError as e:
                    raise CatalogError(f"{path}:{lineno}: field {col!r}: {e}") from None
            self.components[payload] = Component(payload, kind, label, values, f"{name}:{lineno}")
        if header is None:
            raise CatalogError(f"{path}:1: field 'payload': the file has no header row")
        self.files[kind] = path
