"""Where the components of a game are known to be, in one state.

A game builds a :class:`Whereabouts` from a state (``Game.whereabouts``): every
component it can name at a place (``place``: "GAH:CAT:2" is "on RED's floor 2"),
and every component it knows is at a place without knowing which one
(``unnamed``: one cat lies face down on the discard pile). Everything else of a
kind is somewhere unknown: in a hand, in a deck, in the box.

The engine uses it after every action (``Game.apply``):

* no component may be in two places (:meth:`duplicates`);
* no kind may have more components accounted for than the catalog holds
  (:meth:`unaccounted` below zero): a card played without a name must be one of
  the components whose place is unknown.

Place words are plain: ``where`` is precise ("dealt face down to RED"),
``area`` is the same place in public words ("dealt", "on the table"); the
messages about secret kinds and the "every cat is ..." summary use ``area``.
A component of a secret kind placed ``face_up`` (an identity card turned up at
the end) is public there, and named like any other (:meth:`shown`).

Example::

    >>> w = Whereabouts({"GAH:CAT:1": "cat", "GAH:CAT:2": "cat"}.get, "no hand can hold one")
    >>> w.place("GAH:CAT:1", "on RED's floor 2", "on the table")
    >>> w.unnamed("cat", "on the discard pile", 2)
    >>> w.unaccounted({"cat": 2})
    {'cat': -1}
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .text import tr


class Whereabouts:
    """The known places of a game's components in one state (see the module doc).

    ``kind_of(payload)`` gives the kind a named component counts as (None: not
    counted); ``hidden`` says, for the refusal message, where the components of
    unknown place would be ("no hand can hold one")."""

    __slots__ = ("kind_of", "hidden", "places", "known", "areas_of_kind", "face_up")

    def __init__(self, kind_of: Callable[[str], str | None], hidden: str = tr("none can be anywhere else")):
        self.kind_of = kind_of
        self.hidden = hidden
        self.places: dict[str, list[tuple[str, str]]] = {}     # payload -> [(where, area)]
        self.known: dict[str, int] = {}                          # kind -> components at a known place
        self.areas_of_kind: dict[str, dict[str, None]] = {}      # kind -> areas (ordered set)
        self.face_up: set[str] = set()                           # payloads lying face up for all to see

    def place(self, payload: str, where: str, area: str | None = None, face_up: bool = False) -> None:
        """A named component is at ``where`` (``area``: the same in public words;
        ``face_up``: it lies there face up, so even a secret kind's is public)."""
        area = area or where
        if face_up:
            self.face_up.add(payload)
        self.places.setdefault(payload, []).append((where, area))
        kind = self.kind_of(payload)
        if kind is not None:
            self.known[kind] = self.known.get(kind, 0) + 1
            self.areas_of_kind.setdefault(kind, {})[area] = None

    def place_all(self, payloads: Iterable[str], where: str, area: str | None = None) -> None:
        for p in payloads:
            self.place(p, where, area)

    def unnamed(self, kind: str, where: str, n: int = 1, area: str | None = None) -> None:
        """``n`` components of ``kind`` are at ``where``, nobody knows which."""
        if n <= 0:
            return
        self.known[kind] = self.known.get(kind, 0) + n
        self.areas_of_kind.setdefault(kind, {})[area or where] = None

    # ---- questions

    def duplicates(self) -> dict[str, list[str]]:
        """Named components recorded more than once -> their places."""
        return {p: [w for w, _ in ps] for p, ps in self.places.items() if len(ps) > 1}

    def where(self, payload: str) -> tuple[str, str] | None:
        """The first known place of a component, ``(where, area)``, or None."""
        ps = self.places.get(payload)
        return ps[0] if ps else None

    def count(self, payload: str) -> int:
        return len(self.places.get(payload, ()))

    def shown(self, payload: str) -> bool:
        """Whether the component lies face up where it is known to be (public, whatever its kind)."""
        return payload in self.face_up

    def areas(self, kind: str) -> list[str]:
        """The public words of the places a kind is known to be, in order."""
        return list(self.areas_of_kind.get(kind, {}))

    def unaccounted(self, catalog_counts: Mapping[str, int]) -> dict[str, int]:
        """Per kind of the catalog: how many components have no known place
        (catalog count - known); below zero means more are on record than exist."""
        return {k: n - self.known.get(k, 0) for k, n in catalog_counts.items()}

    @staticmethod
    def catalog_counts(catalog: Iterable[Any], kind_of: Callable[[str], str | None]) -> dict[str, int]:
        """How many components of each kind a catalog holds."""
        out: dict[str, int] = {}
        for c in catalog:
            k = kind_of(c.payload)
            if k is not None:
                out[k] = out.get(k, 0) + 1
        return out
