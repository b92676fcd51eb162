"""From a difference between the expected table and the camera's reading to
actions (``candidates``), or to a precise prompt saying what is wrong and how to
put it right (``explain``).

The table shows every action except a withdrawal (say it on the referee
console) and a tied start player's choice. A turn seen on the table:

* lock: the play area's sweets moved behind the player's own divider;
* take: sweets from the bowls appeared in the play area;
* steal: a play area's sweets moved to the thief's play area, one of them behind
  the victim's divider;
* pocket (bowls empty): one sweet moved behind the player's divider.

Several turns between two settled snapshots (the 2-player game's double turns)
are followed one after another.
"""
from __future__ import annotations

from itertools import combinations
from math import comb, prod
from typing import Any

from ..engine import Action, IllegalAction, Layout, Prompt, State, VerdictStatus
from ..referee import MAX_FITS, follow, put_back as shared_put_back
from ..text import concat, tr
from .actions import ChooseStart, DrawBase, Lock, NextRound, Pocket, Remove, Reveal, Steal, Take, TurnUp, Withdraw
from .kit import Kit
from .rules import area_name, sets_in_play, short_take_size, take_sizes

Where = tuple[str, str | None]


def locations(layout: Layout) -> dict[str, Where]:
    """sweet -> ("play"|"locked", area) for every sweet in an area."""
    out: dict[str, Where] = {}
    for a, sides in layout["areas"].items():
        for side in ("play", "locked"):
            for s in sides[side]:
                out[s] = (side, a)
    return out


def _at(loc: dict[str, Where], s: str) -> Where:
    return loc.get(s, ("bowls", None))


def next_actions(kit: Kit, state: State, reading: Layout) -> list[Action]:
    """The actions of the next step the reading shows (one turn, or one phase's
    table changes), legal or not; [] when nothing explains a difference."""
    phase = state["phase"]
    if phase == "base":
        return [DrawBase(t, r[0]) for t, r in reading["base"].items()
                if len(r) == 1 and t not in state["base"]]
    if phase == "favourites":
        return [TurnUp(t, r[0]) for t, r in reading["tiles"].items()
                if len(r) == 1 and t not in state["faceup"]]
    if phase == "scoring":
        k = sets_in_play(len(state["players"]))
        return [Reveal(t, tuple(r)) for t, r in reading["tiles"].items()
                if len(r) == k and t not in state["rows"]]
    if phase == "remove":
        got = locations(reading)
        out: list[Action] = []
        for a, ar in state["areas"].items():
            for s in ar["locked"]:
                if s not in got:
                    out.append(Remove(state["owner"][a], s))
        return out
    if phase == "return":
        # round 1's sweets and tiles cleared away; round 2's base tiles may lie drawn already (not
        # round 1's left where they were: those may be uncleared ones)
        old_base = {t: [b] for t, b in state["base"].items()}
        base = {t: r for t, r in reading["base"].items() if r}
        empty = (all(not v["play"] and not v["locked"] for v in reading["areas"].values())
                 and not any(reading["tiles"].values()) and (not base or base != old_base))
        return [NextRound()] if empty else []
    if phase in ("distribute", "endphase"):
        return _turn(state, reading)
    return []


def _turn(state: State, reading: Layout) -> list[Action]:
    x = state["turn"]
    p = state["owner"][x]
    party = x if len(state["players"]) == 2 else None
    exp = {s: w for a, ar in state["areas"].items() for side in ("play", "locked") for s in ar[side]
           for w in [(side, a)]}
    got = locations(reading)
    moved = {s: _at(got, s) for s in set(exp) | set(got) if _at(exp, s) != _at(got, s)}
    if not moved:
        return []
    if state["phase"] == "endphase":
        to_mine = [s for s, w in moved.items() if w == ("locked", x)]
        if len(to_mine) == 1:
            return [Pocket(p, to_mine[0], party)]
        return []
    own = state["areas"][x]["play"]
    if own:
        if all(_at(got, s) == ("locked", x) for s in own):
            return [Lock(p, party)]
        return []
    new_play = sorted(s for s, w in moved.items() if w == ("play", x))
    if not new_play:
        return []
    sources = {_at(exp, s) for s in new_play}
    if sources == {("bowls", None)}:
        return [Take(p, tuple(new_play), party)]
    if len(sources) == 1:
        side, victim = next(iter(sources))
        if side == "play" and victim is not None:
            pocketed = [s for s in state["areas"][victim]["play"] if _at(got, s) == ("locked", victim)]
            pocket = pocketed[0] if len(pocketed) == 1 else new_play[0]
            return [Steal(p, victim, pocket, party)]
    return []


def candidates(game: Any, state: State, reading: Layout) -> list[list[Action]]:
    """One sequence: the steps the reading shows, followed until the expected
    table matches or nothing more is explained (the referee checks the result)."""
    walk = follow(game, state, lambda cur: next_actions(game.kit, cur, reading), reading)
    seq = walk.chain + walk.refused
    return [seq] if seq else []


# --------------------------------------------------------------------------- a jump


def steps(game: Any, state: State, reading: Layout) -> list[list[Action]]:
    """For the referee's search over a jump (:func:`models.referee.explore`): the
    next turn's alternatives the reading allows. A lock is forced; a steal's
    pocketed sweet lies locked at the victim, and so does an end-phase pocket;
    a take is any permitted number of the sweets that left the bowls (those now
    at the player first), since later turns may have stolen or locked them; a
    withdrawal, which the table never shows, is shown by the turns after it.
    Round 2 begun while round 1's removals or a tied start player were still
    owed: each way the table cannot tell apart (which sweet went into the box,
    who starts), when they are few. Outside the turns, the step the table
    shows (:func:`next_actions`). The shared search never expands a state
    :func:`distance` proves cannot reach the reading, so dead ends are not
    asked here."""
    phase = state["phase"]
    if phase == "remove" and not locations(reading):
        # round 2 begun in the gap: the sweets still locked went back to the bowls, so no table shows which
        # one a player still owing a removal put in the box. When the ways are few, each is an alternative
        # (one player at a time, in seat order: the removals' order changes nothing); when they are more
        # than one search lists, none is offered and the referee enters the removals
        owing = {p: n for p in state["players"]
                 if (n := game.rules.removals_for(state, p) - len(state["removed"][p])) > 0}
        locked = {p: [s for a, ar in state["areas"].items() if state["owner"][a] == p for s in ar["locked"]]
                  for p in owing}
        if not owing or prod(comb(len(locked[p]), n) for p, n in owing.items()) > MAX_FITS:
            return []
        first = next(iter(owing))
        return [[Remove(first, s)] for s in locked[first]]
    if phase == "start" and not locations(reading):
        # the players tied for the fewest points chose who starts, then round 2 began: no table shows whom
        return [[ChooseStart(p)] for p in state["tied"]]
    if phase not in ("distribute", "endphase"):
        step = next_actions(game.kit, state, reading)
        return [step] if step else []
    x = state["turn"]
    p = state["owner"][x]
    party = x if len(state["players"]) == 2 else None
    got = locations(reading)
    areas = state["areas"]
    withdraw: list[list[Action]] = [[Withdraw(p, party)]]     # unseen, shown by the turns after it
    if phase == "endphase":
        pool = areas[x]["play"] or [s for ar in areas.values() for s in ar["play"]]
        pockets: list[list[Action]] = [[Pocket(p, s, party)] for s in pool if got.get(s) == ("locked", x)]
        return pockets + withdraw
    if areas[x]["play"]:
        return [[Lock(p, party)]]
    out: list[list[Action]] = [[Steal(p, v, s, party)] for v, ar in areas.items() if v != x and len(ar["play"]) >= 2
                               for s in ar["play"] if got.get(s) == ("locked", v)]
    left = sorted((s for s in state["bowls"] if s in got), key=lambda s: (got[s][1] != x, s))
    sizes = set(take_sizes(state, x)) | {short_take_size(state, x) or 0}
    out += [[Take(p, tuple(sorted(c)), party)] for k in sorted(sizes) if k for c in combinations(left, k)]
    return out + withdraw


PRE_ROUND = ("base", "favourites")
TURNS = ("distribute", "endphase")


def distance(game: Any, state: State, reading: Layout) -> int | None:
    """A lower bound of the actions from ``state`` to a state whose expected table
    is ``reading``, or None when none can be reached: the best of going on in
    this round (:func:`_this_round`) and, from round 1, in round 2
    (:func:`_next_round`). Never more than the truth: each count below is of
    actions of one kind, each needed by a change the reading shows."""
    kit: Kit = game.kit
    if reading["missing"] or reading["strays"] or not _whole(kit, state, reading):
        return None
    if any(s in state["box"] for s in locations(reading)):
        return None                     # a sweet removed from the game never comes back
    found = [d for d in (_this_round(kit, state, reading), _next_round(kit, state, reading)) if d is not None]
    return min(found) if found else None


def _whole(kit: Kit, state: State, reading: Layout) -> bool:
    """Whether the reading could be any state's expected table: a base value tile
    per bowl at most, a favourites stack of one tile or a whole row, every tile
    out before the first sweet is taken."""
    k = sets_in_play(len(state["players"]))
    if any(len(v) > 1 for v in reading["base"].values()):
        return False
    if any(len(v) not in (0, 1, k) for v in reading["tiles"].values()):
        return False
    if any(len(v) == k for v in reading["tiles"].values()) and any(v["play"] for v in reading["areas"].values()):
        return False                    # a row is laid out once every sweet is locked
    taken = any(v["play"] or v["locked"] for v in reading["areas"].values())
    return not taken or all(len(reading["base"][t]) == 1 and reading["tiles"][t] for t in kit.types)


def _tiles_needed(kit: Kit, state: State, reading: Layout) -> int | None:
    """Draws, turn-ups and rows still needed this round (None: a tile the round
    has would have to leave)."""
    k = sets_in_play(len(state["players"]))
    need = 0
    for t in kit.types:
        seen = reading["base"][t]
        if t in state["base"]:
            if seen != [state["base"][t]]:
                return None
        elif seen:
            if seen[0] in state["base"].values() or seen[0] in state["base_spent"]:
                return None
            need += 1
        row = reading["tiles"][t]
        if t in state["rows"]:
            if row != state["rows"][t]:
                return None
        elif t in state["faceup"]:
            up = state["faceup"][t]
            if len(row) == 1 and row != [up] or len(row) == k and up not in (row[0], row[-1]) or not row:
                return None
            need += len(row) == k
        else:
            need += (1 if row else 0) + (len(row) == k)
    return need


def _this_round(kit: Kit, state: State, reading: Layout) -> int | None:
    """Staying in this round: every tile it has stays; a locked sweet stays
    behind its divider until round 1's removals take it off the table; a sweet
    in a play area never goes back to the bowls. Counted: the tiles to lay, the
    removals, and for the turns the most of: the areas with newly locked
    sweets (an action locks into one area), the areas with new sweets in play
    (an action fills one), and the turns until the last area that must act
    (those with new sweets in play; once the bowls are empty, those with newly
    locked sweets) has played, one action each at least."""
    tiles = _tiles_needed(kit, state, reading)
    if tiles is None:
        return None
    phase = state["phase"]
    exp = locations(_areas(state))
    got = locations(reading)
    locked_to: set[str] = set()
    played: set[str] = set()
    removed = 0
    for s in set(exp) | set(got):
        e, g = _at(exp, s), _at(got, s)
        if e == g:
            continue
        if e[0] != "bowls" and g[0] == "bowls":           # off the table: only a removal after round 1
            if state["round"] != 1 or phase in ("start", "return") or e[0] == "play" and phase not in TURNS:
                return None
            removed += 1
            continue
        if phase not in PRE_ROUND + TURNS or e[0] == "locked":
            return None
        if g[0] == "play":
            played.add(str(g[1]))
        else:
            locked_to.add(str(g[1]))
    if removed > sum(_removals_left(state, p) for p in state["players"]):
        return None                     # more sweets gone than round 1's removals take
    if not (played or locked_to):
        return tiles + removed
    if any(state["areas"][a]["withdrawn"] for a in played):
        return None
    if phase == "endphase":
        if played:
            return None                 # no takes or steals once the bowls are empty
        actors = locked_to              # a sweet locked now is its own area's pocket
    else:
        actors = played
    turn = state["turn"] if phase in TURNS else state["start"]
    active = [a for a in _from(state, turn) if not state["areas"][a]["withdrawn"]]
    if any(a not in active for a in actors):
        return None
    turns = max((active.index(a) + 1 for a in actors), default=0)
    if phase == "distribute" and any(s not in got for s in state["bowls"]):
        from_bowls: dict[str, set[str]] = {}     # area -> where its sweets from the bowls lie (play, locked)
        for s, g in got.items():
            if _at(exp, s)[0] == "bowls":
                from_bowls.setdefault(str(g[1]), set()).add(g[0])
        if not _idle_areas_agree(state, got, from_bowls, active):
            return None
        turns = max(turns, _second_actions(from_bowls, active))
    return tiles + removed + max(len(locked_to), len(played), turns)


def _idle_areas_agree(state: State, got: dict[str, Where], from_bowls: dict[str, set[str]],
                      active: list[str]) -> bool:
    """While the bowls are not emptied, an area whose play area still holds every
    sweet it held has not acted: each action it has needs its play area
    emptied first, by its own lock or by a steal, and either leaves one of
    those sweets locked for the round. So its turn has not come: no area at or
    after it in the turn order has acted either, and nothing new lies in its
    play area (a sweet comes there only by its own take or steal). False when
    the reading says otherwise (``from_bowls``: where each area's sweets from
    the bowls lie now; an area with one has acted)."""
    for i, a in enumerate(active):
        play = state["areas"][a]["play"]
        if not play or any(got.get(s) != ("play", a) for s in play):
            continue
        if any(g == ("play", a) and s not in play for s, g in got.items()) or set(from_bowls) & set(active[i:]):
            return False
    return True


def _second_actions(from_bowls: dict[str, set[str]], active: list[str]) -> int:
    """While the bowls are not emptied (no end phase, so no pocket), a sweet
    goes from the bowls into an area's play area only by that area's own take
    or steal, in its turn, and behind its divider only by a later action (its
    own lock, or another area's steal pocketing it there). So an area with a
    sweet newly locked needs its turn and one action more; with sweets newly in
    play too it has acted twice, every other area's turn between (each one
    action at least: a take, a steal, a withdrawal)."""
    need = 0
    for i, a in enumerate(active):
        new = from_bowls.get(a, set())
        if "locked" in new:
            need = max(need, i + 2, i + len(active) + 1 if "play" in new else 0)
    return need


def _from(state: State, area: str) -> list[str]:
    order = state["order"]
    i = order.index(area)
    return order[i:] + order[:i]


def _removals_left(state: State, player: str) -> int:
    due = 2 if len(state["players"]) == 2 else 1
    return max(0, due - len(state["removed"][player]))


def _areas(state: State) -> Layout:
    """The state's sweets in the areas, as a reading holds them."""
    return {"areas": {a: {"play": ar["play"], "locked": ar["locked"]} for a, ar in state["areas"].items()}}


def _next_round(kit: Kit, state: State, reading: Layout) -> int | None:
    """Going on into round 2 from round 1: the rest of round 1 (its draws,
    turn-ups and rows, a first take, the removals the locked sweets already
    call for, the next round itself), then round 2's tiles and a take or a
    lock for each area the reading shows sweets in."""
    if state["round"] != 1:
        return None
    if any(x in state["base"].values() for v in reading["base"].values() for x in v):
        return None                     # round 1's base value tiles go back in the box
    phase = state["phase"]
    rest = 1                            # the next round
    if phase in PRE_ROUND + TURNS + ("scoring",):
        rest += (len(kit.types) - len(state["base"])) + (len(kit.types) - len(state["faceup"]))
        rest += len(kit.types) - len(state["rows"])
        rest += 1 if phase in PRE_ROUND or phase == "distribute" and state["turns"] == 0 else 0
        due = 2 if len(state["players"]) == 2 else 1
        rest += sum(min(due, sum(len(state["areas"][a]["locked"]) for a in state["order"]
                                 if state["owner"][a] == p)) for p in state["players"])
    elif phase == "remove":
        rest += sum(min(_removals_left(state, p), sum(len(state["areas"][a]["locked"]) for a in state["order"]
                                                      if state["owner"][a] == p)) for p in state["players"])
    k = sets_in_play(len(state["players"]))
    tiles = sum(1 for t in kit.types if reading["base"][t]) + sum(
        (1 if reading["tiles"][t] else 0) + (len(reading["tiles"][t]) == k) for t in kit.types)
    plays = sum(1 for v in reading["areas"].values() if v["play"])
    locks = sum(1 for v in reading["areas"].values() if v["locked"])
    return rest + tiles + max(plays, locks)


# --------------------------------------------------------------------------- explain


def put_back(state: State, expected: Layout, reading: Layout, limit: int = 6) -> list[str]:
    """What to move so the table is the expected one again."""
    def line(s: str, e: Where | None, _: Where | None) -> str:
        side, a = e or ("bowls", None)
        if side == "play":
            return tr("put {sweet} back in {area}'s play area", sweet=s, area=area_name(state, a))
        if side == "locked":
            return tr("put {sweet} back behind {area}'s divider (locked)", sweet=s, area=area_name(state, a))
        if s not in state["bowls"] and s in state["box"]:
            return tr("put {sweet} back in the box (it was removed from the game)", sweet=s)
        return tr("put {sweet} back in the bowls", sweet=s)
    return shared_put_back(locations(expected), locations(reading), line, limit)


def _foreign_locks(state: State, expected: Layout, reading: Layout) -> list[str]:
    """Sweets moved behind a divider that was not the turn's to lock."""
    x = state["turn"]
    exp, got = locations(expected), locations(reading)
    out: list[str] = []
    for s, g in got.items():
        e = _at(exp, s)
        if g[0] != "locked" or e == g:
            continue
        if e[0] == "play" and e[1] != x and g[1] == e[1]:
            out.append(tr("It is {turn}'s turn, yet {sweet} was moved behind {area}'s divider: only the player "
                          "whose turn it is locks sweets, and only from their own play area",
                          turn=area_name(state, x), sweet=s, area=area_name(state, g[1])))
        elif e[0] == "play" and e[1] != g[1]:
            out.append(tr("{sweet} from {owner}'s play area was moved behind {area}'s divider: nobody locks "
                          "someone else's sweet", sweet=s, owner=area_name(state, e[1]), area=area_name(state, g[1])))
        elif e[0] == "bowls":
            out.append(tr("{sweet} went from the bowls straight behind {area}'s divider: taken sweets go into the "
                          "play area", sweet=s, area=area_name(state, g[1])))
    return out


def explain(game: Any, state: State, expected: Layout, reading: Layout) -> tuple[VerdictStatus, list[Prompt]]:
    kit: Kit = game.kit
    if reading["missing"]:
        return "out_of_sync", [Prompt(tr("Cannot see {markers}: put it back in its place (dividers between play "
                                         "area and locked sweets, bowls in the middle).",
                                         markers=", ".join(reading["missing"])), level="error")]
    if reading["strays"]:
        return "out_of_sync", [Prompt(tr("{tiles} lies outside the rows of the bowls: put it back beside the bowl "
                                         "it belongs to.", tiles=", ".join(reading["strays"])), level="error")]
    phase = state["phase"]
    same_areas = expected["areas"] == reading["areas"]
    if phase == "scoring" and same_areas:
        k = sets_in_play(len(state["players"]))
        for t in kit.types:          # a complete row the rules refuse (e.g. out of stack order): say why
            row = reading["tiles"][t]
            if t not in state["rows"] and len(row) == k:
                try:
                    game.apply(state, Reveal(t, tuple(row)))
                except IllegalAction as e:
                    return "out_of_sync", [Prompt(tr("{reason}: lay the {sweets} row again.", reason=e.reason,
                                                     sweets=kit.name(t)), level="error")]
        todo = concat(*(tr("{sweets} ({laid} of {k})", sweets=kit.name(t), laid=len(reading["tiles"][t]), k=k)
                        for t in kit.types if t not in state["rows"]), sep=", ")
        return "waiting", [Prompt(tr("Lay each favourites stack face up in a row below its base value tile, in "
                                     "stack order: {rows}.", rows=todo))]
    if phase == "return":
        return "waiting", [Prompt(tr("Put every sweet back in its bowl and clear round 1's tiles away; round 2 "
                                     "starts when the table is clear."))]
    if phase in ("distribute", "endphase") and not same_areas:
        foreign = _foreign_locks(state, expected, reading)
        fix = concat(*put_back(state, expected, reading), sep="; ")
        if foreign:
            return "out_of_sync", [Prompt(tr("{problem}: {fix}.", problem=foreign[0], fix=fix), level="error")]
        x = state["turn"]
        own = state["areas"][x]["play"]
        got = locations(reading)
        if own and any(got.get(s) == ("locked", x) for s in own) and \
                _only_partial_lock(state, expected, reading):
            left = [s for s in own if got.get(s) != ("locked", x)]
            return "waiting", [Prompt(tr("Lock every sweet of your play area: {sweets} still to move behind your "
                                         "divider.", sweets=", ".join(left)), to=state["owner"][x])]
        refused = _rule_broken(game, kit, state, reading)
        if refused:
            return "out_of_sync", [Prompt(tr("{problem}: {fix}.", problem=refused, fix=fix), to=state["owner"][x],
                                          level="error")]
        return "out_of_sync", [Prompt(tr("It is {area}'s turn, and what changed is no turn the rules allow "
                                         "(another player's sweets moved?): {fix}.",
                                         area=area_name(state, x), fix=fix), level="error")]
    if not same_areas:
        fix = concat(*put_back(state, expected, reading), sep="; ")
        if phase == "remove":
            return "out_of_sync", [Prompt(tr("Only removals now (each player takes their own locked sweet off the "
                                             "table): {fix}.", fix=fix), level="error")]
        return "out_of_sync", [Prompt(tr("The sweets do not match the game: {fix}.", fix=fix), level="error")]
    lines = []
    for t in kit.types:
        if expected["base"][t] != reading["base"][t]:
            lines.append(tr("{sweets}: base value tile should be {expected}, the table shows {seen}",
                            sweets=kit.name(t), expected=_tiles(expected["base"][t]), seen=_tiles(reading["base"][t])))
    for t in kit.types:
        if expected["tiles"][t] != reading["tiles"][t]:
            lines.append(tr("{sweets}: face-up favourites tiles should be {expected}, the table shows {seen}",
                            sweets=kit.name(t), expected=_tiles(expected["tiles"][t]),
                            seen=_tiles(reading["tiles"][t])))
    refused = _rule_broken(game, kit, state, reading)
    if refused:
        return "out_of_sync", [Prompt(tr("{problem}.", problem=refused), level="error")]
    if lines:
        return "out_of_sync", [Prompt(tr("{problems}.", problems=concat(*lines[:4], sep="; ")), level="error")]
    return "out_of_sync", [Prompt(tr("The table does not match the game: put it back as shown."), level="error")]


def _tiles(ids: list[str]) -> str:
    """``"4A, 5B"``, or ``"none"``."""
    return ", ".join(ids) or tr("none")


def _rule_broken(game: Any, kit: Kit, state: State, reading: Layout, max_steps: int = 16) -> str | None:
    """Follow the table's changes step by step as the rules would; the reason of
    the first step the rules refuse (a take of the wrong size, a steal from a play
    area of one), or None when no step is refused."""
    return follow(game, state, lambda cur: next_actions(kit, cur, reading), max_steps=max_steps).refusal


def _only_partial_lock(state: State, expected: Layout, reading: Layout) -> bool:
    x = state["turn"]
    exp, got = locations(expected), locations(reading)
    for s in set(exp) | set(got):
        e, g = _at(exp, s), _at(got, s)
        if e != g and not (e == ("play", x) and g == ("locked", x)):
            return False
    return True
