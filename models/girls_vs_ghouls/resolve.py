"""End-of-round arithmetic, as pure functions: cube cancellation, the Tricks of one
house resolved bottom to top, and which house flips and which scores.

A house's cubes are one number, its *net value*: orange cubes count +1, black
cubes -1, and pairs of opposite colours cancel, so a house always holds one colour::

    >>> add_treat(-1, 2)              # 1 black, then a +2 Treat
    CubeChange(before=-1, added=2, pairs_removed=1, after=1)
    >>> resolve_stack(-2, "GIRLS", ["INVERT", "DOUBLE"])[:2]     # 2 black, inverted, doubled
    (4, 'GIRLS')
    >>> resolve_stack(3, "GIRLS", ["TRAP", "FLIP"])[:2]          # the Trap nullifies the Flip
    (3, 'GIRLS')
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..text import Text, and_list, concat, tr, trn
from .kit import GHOULS, TRICK_NAMES, cubes_text, other


@dataclass(frozen=True)
class CubeChange:
    """A Treat's effect on a house: ``added`` cubes (+ orange, - black), then
    ``pairs_removed`` orange/black pairs taken away."""

    before: int
    added: int
    pairs_removed: int
    after: int

    def describe(self, house: int) -> Text:
        if self.added > 0:
            change = trn("add {n} orange cube to House {house}", "add {n} orange cubes to House {house}",
                         self.added, house=house)
        else:
            change = trn("add {n} black cube to House {house}", "add {n} black cubes to House {house}",
                         -self.added, house=house)
        if self.pairs_removed:
            change = concat(change, trn("then remove {n} orange and {n} black (matching pair)",
                                        "then remove {n} orange and {n} black (matching pairs)",
                                        self.pairs_removed), sep=", ")
        return tr("{change}: House {house} now has {cubes}", change=change, house=house, cubes=cubes_text(self.after))


def add_treat(net: int, value: int) -> CubeChange:
    """Add a Treat of ``value`` to a house of net value ``net``, cancelling pairs."""
    pairs = min(abs(net), abs(value)) if net * value < 0 else 0
    return CubeChange(net, value, pairs, net + value)


@dataclass(frozen=True)
class TrickStep:
    """One Trick of a stack as it resolved: ``nullified`` by a Trap directly below it."""

    kind: str
    nullified: bool
    net_after: int
    control_after: str

    def describe(self, house: int, net_before: int, control_before: str) -> Text:
        if self.nullified:
            return tr("House {house}: {trick} is nullified by the Trap below it", house=house,
                      trick=TRICK_NAMES[self.kind])
        if self.kind == "FLIP" and self.control_after == GHOULS:
            return tr("House {house}: Flip House: control passes from the Girls to the Ghouls", house=house)
        if self.kind == "FLIP":
            return tr("House {house}: Flip House: control passes from the Ghouls to the Girls", house=house)
        if self.kind == "INVERT":
            return tr("House {house}: Invert Value: {before} becomes {after}", house=house,
                      before=cubes_text(net_before), after=cubes_text(self.net_after))
        if self.kind == "DOUBLE":
            return tr("House {house}: Double Value: {before} becomes {after}", house=house,
                      before=cubes_text(net_before), after=cubes_text(self.net_after))
        return tr("House {house}: Trap: the next Trick on top of it will have no effect", house=house)


def resolve_stack(net: int, control: str, kinds: list[str],
                  trapped_trap_traps: bool = False) -> tuple[int, str, list[TrickStep]]:
    """Resolve a house's Tricks bottom to top: Flip (control changes), Invert (net
    value changes sign), Double (net value x2), Trap (the Trick directly on top of
    it has no effect; nothing on top, no effect). A Trap that is itself nullified
    traps nothing unless ``trapped_trap_traps``."""
    steps: list[TrickStep] = []
    trap_armed = False
    for kind in kinds:
        nullified = trap_armed
        trap_armed = False
        if not nullified:
            if kind == "FLIP":
                control = other(control)
            elif kind == "INVERT":
                net = -net
            elif kind == "DOUBLE":
                net = 2 * net
            elif kind == "TRAP":
                trap_armed = True
        elif kind == "TRAP" and trapped_trap_traps:
            trap_armed = True
        steps.append(TrickStep(kind, nullified, net, control))
    return net, control, steps


def best_houses(nets: Mapping[int, int], treat_counts: Mapping[int, int],
                key: Callable[[int], int]) -> tuple[list[int], str]:
    """The houses with the highest ``key(net)`` among ``nets``, narrowed by the most
    Treat cards under the tile. Returns the houses still tied (one when decided)
    and, when there was a tie, how it was broken, in words."""
    if not nets:
        return [], tr("no house qualifies")
    top = max(key(v) for v in nets.values())
    tied = sorted(h for h, v in nets.items() if key(v) == top)
    if len(tied) == 1:
        return tied, ""
    cubes = cubes_text(nets[tied[0]])
    names = houses_and(tied)
    most = max(treat_counts.get(h, 0) for h in tied)
    best = [h for h in tied if treat_counts.get(h, 0) == most]
    counts = concat(*(tr("House {house} {treats}", house=h, treats=treat_counts.get(h, 0)) for h in tied), sep=", ")
    if len(best) == 1:
        return best, tr("{houses} tie at {cubes}; House {best} has the most Treat cards ({counts})", houses=names,
                        cubes=cubes, best=best[0], counts=counts)
    return best, tr("{houses} tie at {cubes}; {best} tie on Treat cards too ({counts})", houses=names, cubes=cubes,
                    best=houses_and(best), counts=counts)


def houses_and(houses: Sequence[int]) -> Text:
    """``House 1 and House 2 and House 5``."""
    return and_list([tr("House {house}", house=h) for h in houses])


def flip_candidates(nets: Mapping[int, int], treat_counts: Mapping[int, int]) -> tuple[list[int], str]:
    """Open houses that may flip for the most black cubes (none if no house has black)."""
    black = {h: v for h, v in nets.items() if v < 0}
    if not black:
        return [], tr("no black cubes on the board: no house flips")
    return best_houses(black, treat_counts, key=lambda v: -v)


def score_candidates(nets: Mapping[int, int], treat_counts: Mapping[int, int],
                     empty_beats_black: bool = False) -> tuple[list[int], str]:
    """Open houses that may score: the most orange cubes; with no orange anywhere,
    the fewest black cubes (bad candy beats no candy, so a house with no cubes
    only counts when no house has black, unless ``empty_beats_black``)."""
    orange = {h: v for h, v in nets.items() if v > 0}
    if orange:
        return best_houses(orange, treat_counts, key=lambda v: v)
    if empty_beats_black:
        return best_houses(dict(nets), treat_counts, key=lambda v: v)
    black = {h: v for h, v in nets.items() if v < 0}
    if black:
        houses, why = best_houses(black, treat_counts, key=lambda v: v)
        fewest = tr("no orange cubes on the board: the fewest black cubes score")
        return houses, concat(fewest, why, sep="; ") if why else fewest
    houses, why = best_houses(dict(nets), treat_counts, key=lambda v: 0)
    empty = tr("no cubes on the board at all")
    return houses, concat(empty, why, sep="; ") if why else empty
