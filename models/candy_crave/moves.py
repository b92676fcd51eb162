"""Every Candy Crave action the rules accept in a state (``legal_actions``), one
per *kind of move*, and the form (:func:`canonical`) that names any accepted
action's kind.

What the list represents: each move the players can make, and each thing the
table can tell the engine (a base value tile drawn, a tile turned up, a row
laid out), as one action, exactly as the table shows it: which sweet tokens a
take moved, which tiles a row holds. Exactly, that is, while the choices are
few enough to list; beyond :data:`EXACT_AT_MOST` the list names one action per
*kind of move* the rules cannot tell apart:

* sweets of one type are alike to the rules, so the takes of ``k`` sweets are
  listed token by token while the bowls allow at most 10,000 of them (every
  take of up to 3 of 40 sweets: C(40, 3) = 9,880); beyond that (3 of 50, or 4
  and more) once per *mix of types* (two lollipops and a cookie), naming the
  lowest-numbered sweets of each type still in the bowls. Every token would
  be hopeless: 8 of 40 sweets are 77 million takes;
* favourites tiles of one face are alike too (the catalog: the set digit only
  makes each tag unique), so a row laid out at scoring is listed tile by tile
  while a bowl's rows are at most 1,000 (2 players: 2 x 20 x 19), beyond that
  once per sequence of faces, the stack's face-up tile first or last, the
  other places naming the lowest-set tiles of their faces still free;
* the ``party`` of a 2-player turn is the party whose turn it is (the rules
  also take it left out); with 3-5 players it is left out.

:func:`canonical` names any action ``apply`` accepts by its listed form: the
action itself where the list is exact. Everything else is listed exactly: a
base value tile drawn (one per bowl and tile still in the draw), a favourites
tile turned up, a steal (one per victim and sweet the victim pockets), an
end-phase pocket, a removal, a tied start player's choice, a withdrawal, the
next round.

Cost: no ``apply``; candidates are built from the state and kept by the rules'
own checks (:mod:`.rules`: take sizes, the once-only short take, steal
victims, removals due, a row's face limits). Measured over random games
(``tests/games/ccr/test_legal_actions.py``): a dozen or so actions a state
(median), a turn at most about 10,000 (every take of 3 of 40 sweets), a
scoring state at most about 6,000 (five bowls' rows).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations, product
from math import comb, perm
from typing import Any

from ..engine import Action, State
from .actions import ChooseStart, DrawBase, Lock, NextRound, Pocket, Remove, Reveal, Steal, Take, TurnUp, Withdraw
from .kit import FACES, Kit
from .rules import (
    areas_of,
    in_bowls,
    most_face_up,
    removals_due,
    sets_in_play,
    short_take_size,
    steal_victims,
    take_sizes,
)

#: the most takes of one size listed token by token, and the most rows of one
#: bowl listed tile by tile; beyond, one per kind of move (the module docstring)
EXACT_AT_MOST = 10_000
ROWS_EXACT_AT_MOST = 1_000


def legal_actions(game: Any, state: State) -> list[Action]:
    """Every move the rules accept in ``state``, in its listed form (see the
    module docstring), the likeliest first."""
    kit: Kit = game.kit
    phase = state["phase"]
    if phase == "base":
        return _draws(kit, state)
    if phase == "favourites":
        return _turn_ups(kit, state)
    if phase in ("distribute", "endphase"):
        return _turn(kit, state)
    if phase == "scoring":
        return [a for t in kit.types if t not in state["rows"] for a in _rows(kit, state, t)]
    if phase == "remove":
        return _removals(state)
    if phase == "start":
        return [ChooseStart(p) for p in state["tied"]]
    if phase == "return":
        return [NextRound()]
    return []


# --------------------------------------------------------------------------- the tiles


def _draws(kit: Kit, state: State) -> list[Action]:
    """A base value tile for each bowl without one, from the tiles still in the draw."""
    free = [x for x in kit.base_values if x not in state["base"].values() and x not in state["base_spent"]]
    return [DrawBase(t, x) for t in kit.types if t not in state["base"] for x in free]


def _turn_ups(kit: Kit, state: State) -> list[Action]:
    """A favourites tile face up on each stack without one; with 2-3 players the
    five come from one extra set, so no face twice, and with 4 the stacks hold
    four of each face, so never a fifth."""
    shown = set(state["faceup"].values())
    faces = [kit.face(x) for x in shown]
    most = most_face_up(len(state["players"]))
    free = [x for x in kit.faces if x not in shown and faces.count(kit.face(x)) < most]
    return [TurnUp(t, x) for t in kit.types if t not in state["faceup"] for x in free]


def _free_tiles(kit: Kit, state: State) -> dict[str, list[str]]:
    """Face -> the favourites tiles in no row and face up on no stack, lowest set first."""
    taken = {x for row in state["rows"].values() for x in row} | set(state["faceup"].values())
    free: dict[str, list[str]] = {f: [] for f in FACES}
    for x in sorted(kit.faces, key=_set_order):
        if x not in taken:
            free[kit.face(x)].append(x)
    return free


def _set_order(tile: str) -> tuple[int, str]:
    """``"2Q"`` -> ``(2, "2Q")``: a tile's set number leads its id."""
    digits = re.match(r"\d*", tile)
    return (int(digits.group()) if digits and digits.group() else 0, tile)


def _row_room(kit: Kit, state: State, t: str) -> tuple[int, str | None, dict[str, list[str]], Counter[str]]:
    """For bowl ``t``'s row: how many tiles besides the face-up one, the face-up
    tile, the free tiles by face and the faces already spoken for (the rows laid
    and every face-up tile of a stack still to lay)."""
    k = sets_in_play(len(state["players"]))
    up = state["faceup"].get(t)
    used = Counter(kit.face(x) for row in state["rows"].values() for x in row)
    used.update(kit.face(x) for s, x in state["faceup"].items() if s not in state["rows"])
    return k - (1 if up is not None else 0), up, _free_tiles(kit, state), used


def rows_exact(kit: Kit, state: State, t: str) -> bool:
    """Whether bowl ``t``'s rows are listed tile by tile (few enough)."""
    others, up, free, _ = _row_room(kit, state, t)
    n = sum(len(v) for v in free.values())
    return (2 if up is not None else 1) * perm(n, others) <= ROWS_EXACT_AT_MOST


def _rows(kit: Kit, state: State, t: str) -> Iterator[Action]:
    """Every row the rules accept for bowl ``t``: its face-up tile first or last,
    the others free tiles within the face limit (no face more often than there
    are sets in play), tile by tile or one per sequence of faces."""
    k = sets_in_play(len(state["players"]))
    others, up, free, used = _row_room(kit, state, t)
    if rows_exact(kit, state, t):
        pool = sorted((x for v in free.values() for x in v), key=_set_order)
        face = {x: f for f, v in free.items() for x in v}
        seqs: Iterator[Sequence[str]] = (
            c for c in permutations(pool, others)
            if all(used[f] + n <= k for f, n in Counter(face[x] for x in c).items()))
    else:
        seqs = (_name_faces(faces, free) for faces in product(FACES, repeat=others)
                if all(n <= len(free[f]) and used[f] + n <= k for f, n in Counter(faces).items()))
    for tiles in seqs:
        if up is None:
            yield Reveal(t, tuple(tiles))
        else:
            yield Reveal(t, (*tiles, up))
            yield Reveal(t, (up, *tiles))


def _name_faces(faces: Sequence[str], free: dict[str, list[str]]) -> list[str]:
    """The listed tiles for a sequence of faces: the j-th tile of a face is its
    j-th free tile."""
    seen: Counter[str] = Counter()
    out = []
    for f in faces:
        out.append(free[f][seen[f]])
        seen[f] += 1
    return out


# --------------------------------------------------------------------------- the turns


def _turn(kit: Kit, state: State) -> list[Action]:
    area = state["turn"]
    p = state["owner"][area]
    party = area if len(state["players"]) == 2 else None
    own = state["areas"][area]["play"]
    if state["phase"] == "endphase":
        if own:
            return [Pocket(p, s, party) for s in own]
        pool = [s for a in state["order"] if a != area for s in state["areas"][a]["play"]]
        return [*(Pocket(p, s, party) for s in pool), Withdraw(p, party)]
    if own:
        return [Lock(p, party)]
    out: list[Action] = []
    left = in_bowls(state)
    sizes = [k for k in take_sizes(state, area) if k <= left]
    short = short_take_size(state, area)
    for k in sorted(set(sizes) | ({short} if short is not None else set())):
        if takes_exact(state, k):
            out.extend(Take(p, ids, party) for ids in combinations(sorted(state["bowls"]), k))
        else:
            out.extend(Take(p, ids, party) for ids in _mixes(kit, state, k))
    if state["turns"]:
        out.extend(Steal(p, v, s, party) for v in steal_victims(state, area) for s in state["areas"][v]["play"])
        out.append(Withdraw(p, party))
    return out


def takes_exact(state: State, k: int) -> bool:
    """Whether the takes of ``k`` sweets are listed token by token (few enough)."""
    return comb(len(state["bowls"]), k) <= EXACT_AT_MOST


def _by_type(kit: Kit, sweets: Sequence[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {t: [] for t in kit.types}
    for s in sorted(sweets):
        out[kit.type_of(s)].append(s)
    return out


def _mixes(kit: Kit, state: State, k: int) -> Iterator[tuple[str, ...]]:
    """One take of ``k`` sweets per mix of types the bowls hold, named by the
    lowest-numbered sweets of each type."""
    bowls = _by_type(kit, state["bowls"])
    types = [t for t in kit.types if bowls[t]]

    def split(i: int, rest: int) -> Iterator[list[int]]:
        if i == len(types):
            if rest == 0:
                yield []
            return
        for n in range(min(rest, len(bowls[types[i]])), -1, -1):
            for tail in split(i + 1, rest - n):
                yield [n, *tail]

    for counts in split(0, k):
        yield tuple(sorted(s for t, n in zip(types, counts) for s in bowls[t][:n]))


def _removals(state: State) -> list[Action]:
    due = removals_due(state)
    out: list[Action] = []
    for p in state["players"]:
        held = [s for a in areas_of(state, p) for s in state["areas"][a]["locked"]]
        if len(state["removed"][p]) < min(due, len(held) + len(state["removed"][p])):
            out.extend(Remove(p, s) for s in sorted(held))
    return out


# --------------------------------------------------------------------------- the listed form


def _id(text: str, prefix: str) -> str:
    t = text.strip().upper()
    return t[len(prefix):] if t.startswith(prefix) else t


def canonical(kit: Kit, state: State, action: Action) -> Action:
    """The listed form of an action ``apply`` accepts in ``state``: ids without
    their tag prefix, the 2-player party named, and where the list is not exact
    a take by its mix of types, a row by its faces (see the module docstring).
    For an action the rules refuse the result means nothing."""
    a: Any = action
    if isinstance(a, (Lock, Take, Steal, Withdraw, Pocket)):
        party = state["turn"] if len(state["players"]) == 2 else None
        if isinstance(a, Lock):
            return Lock(a.player, party)
        if isinstance(a, Withdraw):
            return Withdraw(a.player, party)
        if isinstance(a, Pocket):
            return Pocket(a.player, _id(a.sweet, "CCR:SWEET:"), party)
        if isinstance(a, Steal):
            return Steal(a.player, a.victim.strip().upper(), _id(a.pocket, "CCR:SWEET:"), party)
        ids = tuple(sorted(_id(s, "CCR:SWEET:") for s in a.sweets))
        if takes_exact(state, len(ids)):
            return Take(a.player, ids, party)
        want = Counter(kit.type_of(s) for s in ids)
        bowls = _by_type(kit, state["bowls"])
        return Take(a.player, tuple(sorted(s for t, n in want.items() for s in bowls[t][:n])), party)
    if isinstance(a, DrawBase):
        return DrawBase(a.sweet.strip().upper(), _id(a.tile, "CCR:BASE:"))
    if isinstance(a, TurnUp):
        return TurnUp(a.sweet.strip().upper(), _id(a.tile, "CCR:FAV:"))
    if isinstance(a, Remove):
        return Remove(a.player, _id(a.sweet, "CCR:SWEET:"))
    if isinstance(a, Reveal):
        t = a.sweet.strip().upper()
        tiles = [_id(x, "CCR:FAV:") for x in a.tiles]
        if rows_exact(kit, state, t):
            return Reveal(t, tuple(tiles))
        up = state["faceup"].get(t)
        rest = [x for x in tiles if x != up]
        named = _name_faces([kit.face(x) for x in rest], _free_tiles(kit, state))
        if up is None:
            return Reveal(t, tuple(named))
        return Reveal(t, (up, *named) if tiles[0] == up else (*named, up))
    return action
