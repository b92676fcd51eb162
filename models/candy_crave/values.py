"""What a sweet is worth: its base value plus its row of favourites tiles, with
the rulebook's "?" rule.

A "?" is worth the next favourites tile in the row that shows a number (a run
of "?" all take that next valued tile); a "?" with no valued tile after it (the
last tile, or a run at the end) takes the previous valued tile; when the row
holds only "?" they are all worth 0. A "?" never takes the base value.

The rulebook's lollipop example (base 4)::

    >>> resolve_row(["+2", "?", "-1", "+2"])
    [2, -1, -1, 2]
    >>> 4 + sum(resolve_row(["+2", "?", "-1", "+2"]))
    6
    >>> 4 + sum(resolve_row(["+2", "-1", "+2", "?"]))     # the "?" last, behind the +2
    9
"""
from __future__ import annotations

from collections.abc import Sequence

from ..text import tr
from .kit import face_value


def resolve_row(faces: Sequence[str]) -> list[int]:
    """The value of each tile of a favourites row, "?" resolved."""
    values = [face_value(f) for f in faces]
    out: list[int] = []
    for i, v in enumerate(values):
        if v is not None:
            out.append(v)
            continue
        after = next((w for w in values[i + 1:] if w is not None), None)
        before = next((w for w in reversed(values[:i]) if w is not None), None)
        out.append(after if after is not None else before if before is not None else 0)
    return out


def explain_row(faces: Sequence[str]) -> list[str]:
    """Each tile in words: ``["+2", "? = -1 (next tile)", "-1", "+2"]``."""
    values = [face_value(f) for f in faces]
    resolved = resolve_row(faces)
    out = []
    for i, (f, r) in enumerate(zip(faces, resolved)):
        if f != "?":
            out.append(f)
        elif all(v is None for v in values):
            out.append(tr("? = 0 (only ? tiles)"))
        elif any(v is not None for v in values[i + 1:]):
            out.append(tr("? = {value:+d} (next valued tile)", value=r))
        else:
            out.append(tr("? = {value:+d} (previous valued tile)", value=r))
    return out


def type_value(base: int, faces: Sequence[str]) -> int:
    """The total value of each sweet of a type: base plus its resolved row."""
    return base + sum(resolve_row(faces))
