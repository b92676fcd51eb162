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

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from .kit import TRICK_NAMES, cubes_text, other


@dataclass(frozen=True)
class CubeChange:
    """A Treat's effect on a house: ``added`` cubes (+ orange, - black), then
    ``pairs_removed`` orange/black pairs taken away."""

    before: int
    added: int
    pairs_removed: int
    after: int

    def describe(self, house: int) -> str:
        colour = "orange" if self.added > 0 else "black"
        text = f"add {abs(self.added)} {colour} cube{'s' if abs(self.added) != 1 else ''} to House {house}"
        if self.pairs_removed:
            text += (f", then remove {self.pairs_removed} orange and {self.pairs_removed} black "
                     f"(matching pair{'s' if self.pairs_removed != 1 else ''})")
        return f"{text}: House {house} now has {cubes_text(self.after)}"


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

    def describe(self, house: int, net_before: int, control_before: str) -> str:
        name = TRICK_NAMES[self.kind]
        if self.nullified:
            return f"House {house}: {name} is nullified by the Trap below it"
        if self.kind == "FLIP":
            return (f"House {house}: Flip House: control passes from the {control_before.title()} to the "
                    f"{self.control_after.title()}")
        if self.kind == "INVERT":
            return f"House {house}: Invert Value: {cubes_text(net_before)} becomes {cubes_text(self.net_after)}"
        if self.kind == "DOUBLE":
            return f"House {house}: Double Value: {cubes_text(net_before)} becomes {cubes_text(self.net_after)}"
        return f"House {house}: Trap: the next Trick on top of it will have no effect"


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
        return [], "no house qualifies"
    top = max(key(v) for v in nets.values())
    tied = sorted(h for h, v in nets.items() if key(v) == top)
    if len(tied) == 1:
        return tied, ""
    cubes = cubes_text(nets[tied[0]])
    names = " and ".join(f"House {h}" for h in tied)
    most = max(treat_counts.get(h, 0) for h in tied)
    best = [h for h in tied if treat_counts.get(h, 0) == most]
    counts = ", ".join(f"House {h} {treat_counts.get(h, 0)}" for h in tied)
    if len(best) == 1:
        return best, f"{names} tie at {cubes}; House {best[0]} has the most Treat cards ({counts})"
    return best, (f"{names} tie at {cubes}; " + " and ".join(f"House {h}" for h in best)
                  + f" tie on Treat cards too ({counts})")


def flip_candidates(nets: Mapping[int, int], treat_counts: Mapping[int, int]) -> tuple[list[int], str]:
    """Open houses that may flip for the most black cubes (none if no house has black)."""
    black = {h: v for h, v in nets.items() if v < 0}
    if not black:
        return [], "no black cubes on the board: no house flips"
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
        return houses, "no orange cubes on the board: the fewest black cubes score" + (f"; {why}" if why else "")
    houses, why = best_houses(dict(nets), treat_counts, key=lambda v: 0)
    return houses, "no cubes on the board at all" + (f"; {why}" if why else "")
