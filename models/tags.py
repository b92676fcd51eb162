"""The tag grammar: what a QR payload on a component may say.

A payload is ``GAME:KIND:ID``: three parts of ``[A-Z0-9]+`` joined by colons, at
most 20 characters, so that the QR code stays version 1 in alphanumeric mode.
Table markers use the game code ``TC``::

    >>> parse_tag("GLC:KID:02")
    Tag(game='GLC', kind='KID', id='02')
    >>> parse_tag("TC:CORNER:3").corner
    3
    >>> parse_tag("glc:kid:02")
    Traceback (most recent call last):
    ...
    models.tags.TagError: 'glc:kid:02' is not a GAME:KIND:ID tag: parts must be A-Z and 0-9

A payload that does not follow the grammar is rejected with a reason, never
guessed at.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .jsonio import cut

MAX_PAYLOAD = 20
TABLE_GAME = "TC"
MARKER_KINDS = ("CORNER", "SEAT", "ZONE")
_PART = re.compile(r"[A-Z0-9]+")


class TagError(ValueError):
    """A payload that is not a valid tag; the message says why."""


@dataclass(frozen=True, slots=True)
class Tag:
    """A parsed tag payload: which game, what kind of component, which one."""

    game: str
    kind: str
    id: str

    @property
    def payload(self) -> str:
        return f"{self.game}:{self.kind}:{self.id}"

    def __str__(self) -> str:
        return self.payload

    @property
    def corner(self) -> int | None:
        """1-4 for a corner marker, else None."""
        return int(self.id) if self.game == TABLE_GAME and self.kind == "CORNER" else None


def parse_tag(payload: str) -> Tag:
    """Parse a payload, or raise :class:`TagError` saying what is wrong with it."""
    if not isinstance(payload, str):
        raise TagError(f"{payload!r} is not text")
    shown = cut(payload)
    if len(payload) > MAX_PAYLOAD:
        raise TagError(f"{shown!r} is not a GAME:KIND:ID tag: longer than {MAX_PAYLOAD} characters")
    parts = payload.split(":")
    if len(parts) != 3:
        raise TagError(f"{shown!r} is not a GAME:KIND:ID tag: needs exactly three parts")
    if not all(_PART.fullmatch(p) for p in parts):
        raise TagError(f"{shown!r} is not a GAME:KIND:ID tag: parts must be A-Z and 0-9")
    tag = Tag(*parts)
    if tag.game == TABLE_GAME:
        if tag.kind not in MARKER_KINDS:
            raise TagError(f"{shown!r}: table markers are TC:CORNER, TC:SEAT or TC:ZONE")
        if tag.kind == "CORNER" and tag.id not in ("1", "2", "3", "4"):
            raise TagError(f"{shown!r}: corner markers are numbered 1 to 4")
    return tag


def corner(n: int) -> str:
    """The payload of corner marker ``n``."""
    return f"{TABLE_GAME}:CORNER:{n}"


def seat(colour: str) -> str:
    """The payload of the seat marker for a player colour."""
    return f"{TABLE_GAME}:SEAT:{colour.upper()}"


def zone(name: str) -> str:
    """The payload of a shared-area marker."""
    return f"{TABLE_GAME}:ZONE:{name.upper()}"
