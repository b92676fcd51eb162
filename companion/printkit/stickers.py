"""What goes on a sticker sheet: :class:`Sticker` s built from a game's catalog.

One sticker per catalog component: its tag, a title (the component's name) and a
detail line (its short values, e.g. ``courage 18 · number 2``). A component with a
``token_mm`` value is a *token*: a square of that side, cut out whole, with its tag
in the middle (the tag shrinks to fit the token if it must)::

    >>> s = sticker_for(get_game("GLC").catalog["GLC:KID:02"], tag_mm=20)   # doctest: +SKIP
    >>> s.title, s.detail                                                     # doctest: +SKIP
    ('WEREWOLF', 'number 2 · courage 15 · stash points -2')
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .sizing import QR_MODULES, QUIET_MODULES, STEP_MM, quiet_side_mm

# Columns that are not a component's value: geometry and bookkeeping.
NOT_VALUES = frozenset({"confirmed", "order", "singular", "plural", "text", "board", "angle_deg"})
MAX_VALUE_CHARS = 14      # longer values (rules text, ability keys) do not fit a label
CUT_TOLERANCE_MM = 0.5    # a token's tag keeps this much white beyond its quiet zone


@dataclass(frozen=True)
class Sticker:
    """One printed tag: the payload, its label (title and detail) and its size.

    ``token_mm``: the side of a square token the tag sits in the middle of (cut out
    whole); None for an ordinary sticker (tag, quiet zone, label below)."""

    payload: str
    title: str
    detail: str = ""
    tag_mm: float = 25.0
    token_mm: float | None = None

    @property
    def module_mm(self) -> float:
        return self.tag_mm / QR_MODULES

    @property
    def quiet_mm(self) -> float:
        """Side of the white square: symbol plus a 4-module quiet zone."""
        return quiet_side_mm(self.tag_mm)


def value_text(values: dict[str, Any]) -> str:
    """A component's short values as one line: ``colour RED · value 3``."""
    parts = []
    for key, v in values.items():
        if key in NOT_VALUES or key.endswith("_mm") or v is None or v is False or isinstance(v, (list, dict)):
            continue
        name = key.replace("_", " ")
        text = name if v is True else f"{name} {v}"
        if v is not True and len(str(v)) > MAX_VALUE_CHARS:
            continue
        parts.append(text)
    return " · ".join(parts)


def token_tag_mm(token_mm: float, tag_mm: float) -> float:
    """The tag for a square token: ``tag_mm``, or smaller so that its quiet zone (and
    a little cutting tolerance) fits inside the token."""
    fit = (token_mm - 2 * CUT_TOLERANCE_MM) * QR_MODULES / (QR_MODULES + 2 * QUIET_MODULES)
    fit = math.floor(fit / STEP_MM + 1e-9) * STEP_MM
    return min(tag_mm, fit)


def sticker_for(component: Any, tag_mm: float) -> Sticker:
    """The sticker of one catalog component (:class:`models.catalog.Component`)."""
    values = dict(component.values)
    token = values.get("token_mm")
    if isinstance(token, (int, float)) and token > 0:
        return Sticker(component.payload, component.name, value_text(values),
                       token_tag_mm(float(token), tag_mm), float(token))
    return Sticker(component.payload, component.name, value_text(values), tag_mm)


@dataclass(frozen=True)
class Section:
    """A run of stickers under one heading (one catalog file, or one kind of marker)."""

    heading: str
    stickers: tuple[Sticker, ...]
    note: str = ""


def catalog_sections(catalog: Iterable[Any], tag_mm: float, skip: frozenset[str] = frozenset()) -> list[Section]:
    """One section per catalog file (kind), in catalog order; ``skip``: payloads
    printed elsewhere (a board's own markers)."""
    kinds: dict[str, list[Sticker]] = {}
    for comp in catalog:
        if comp.payload in skip:
            continue
        kinds.setdefault(comp.kind, []).append(sticker_for(comp, tag_mm))
    out = []
    for kind, stickers in kinds.items():
        name = kind.replace("_", " ")
        if stickers[0].token_mm:
            out.append(Section(f"{name}: {len(stickers)} tokens", tuple(stickers),
                               f"cut out each {stickers[0].token_mm:g} mm token whole"))
        else:
            out.append(Section(f"{name}: {len(stickers)} stickers", tuple(stickers)))
    return out
