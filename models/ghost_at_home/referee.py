"""From a difference between the expected table and the camera's reading to an
action (``candidates``), or to a precise prompt saying what is wrong and how to
put it right (``explain``).

What the table shows (the player whose turn it is acts, unless a ghost waits
for an answer or someone is escaping):

* rooms: new room cards (or wild cards) in the player's own house;
* ghost: a new ghost in an opponent's house; then the target's answer: the ghost
  gone and the rooms still there is a cat from hand (``cat_defence``), the ghost
  and the rooms gone is ``pass``; during an escape, a ghost on the escaper's
  house (attributed when only one player may still answer);
* cat: a new cat in the player's own house;
* light: a floor of the player's own house turned to its lit face, with the
  cards paid laid face up outside every house (``light``, checked at once: 5
  lightbulbs; the Light Bulb alone is ``light_bulb``), or with none in sight
  (``light_unseen``: the cards paid went to the pile, where no camera reads
  them; the console tells them with ``light_told``);
* Time Space Hole: a ghost moved to an opponent's house; Cat Food: a cat moved
  from an opponent's house into the player's; Elevator: a cat moved between the
  player's floors; Lightning: an opponent's floor card turned to its dark face.

A pass that leaves the ghost on a lit floor shows only when the table goes on
(the next action is seen with the ghost still there): ``pass`` then that action.
The table cannot show a discard and draw or an escape answered with no ghost:
the console says those; the referee waits for them.
"""
from __future__ import annotations

from typing import Any

from .. import referee as shared
from ..engine import Action, IllegalAction, Layout, Prompt, State, VerdictStatus
from ..text import Text, and_list, concat, or_list, tr, trn
from .actions import (
    Cat,
    CatDefence,
    CatFood,
    Discard,
    Elevator,
    Ghost,
    GhostUnseen,
    Light,
    LightBulb,
    Lightning,
    LightUnseen,
    Pass,
    Rooms,
    TimeSpaceHole,
)
from .house import cat_spots, cats_of, ghost_can_vanish, rooms_of, target_floor
from .kit import FLOORS, SIDES
from .layout import without
from .rules import Untold

Place = tuple[str, int, str, str]   # (player, floor, "rooms" | "cats" | "ghosts", side or "")


def places(layout: Layout) -> dict[str, Place]:
    out: dict[str, Place] = {}
    for p, floors in layout["houses"].items():
        for i, fl in enumerate(floors):
            for key in ("rooms", "cats"):
                for s in SIDES:
                    for c in fl[key][s]:
                        out[c] = (p, i + 1, key, s)
            for g in fl["ghosts"]:
                out[g] = (p, i + 1, "ghosts", "")
    return out


def lights(layout: Layout) -> dict[tuple[str, int], str | None]:
    return {(p, i + 1): fl["light"] for p, floors in layout["houses"].items() for i, fl in enumerate(floors)}


def _diff(expected: Layout, reading: Layout) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any], list[Any]]:
    exp, got = places(expected), places(without(reading, expected.get("clearing", [])))
    appeared = {c: w for c, w in got.items() if c not in exp}
    vanished = {c: w for c, w in exp.items() if c not in got}
    moved = {c: (exp[c], w) for c, w in got.items() if c in exp and exp[c] != w}
    le, lr = lights(expected), lights(reading)
    flipped = [(k, le[k], lr[k]) for k in le if lr.get(k) is not None and le[k] != lr[k]]
    return appeared, vanished, moved, flipped


def payment_shown(game: Any, expected: Layout, reading: Layout) -> list[str]:
    """The cards the reading shows outside every house that the expected table
    does not: a light's payment laid face up for the camera, when a floor has
    just turned lit (cards on the table now, and those the last action is still
    clearing away, are not), sorted."""
    now = set(places(expected)) | set(expected["strays"]) | set(expected.get("clearing", []))
    return sorted(c for c in reading["strays"] if c in game.kit.cards and c not in now)


def _light(game: Any, p: str, f: int, paid: list[str]) -> Action:
    """The light of ``p``'s floor ``f`` the table shows: paid with the cards laid
    face up (the Light Bulb alone is the special; any other cards are checked as
    a payment, so too few or too dim ones are refused in the rules' words), or
    with none in sight: paid unseen."""
    if not paid:
        return LightUnseen(p, f)
    if paid == [game.kit.specials.get("light_bulb")]:
        return LightBulb(p, f)
    return Light(p, f, tuple(paid))


def candidates(game: Any, state: State, reading: Layout, depth: int = 0) -> list[list[Action]]:
    """The one action (or a pass then it) the table shows, or none; none too
    when turns the camera never saw settle read the same (a stopped escape, a
    cat taken with Cat Food: :func:`unseen_turns`): the referee says which."""
    found = _candidates(game, state, reading, depth)
    if len(found) == 1 and unseen_turns(game, state, found[0], reading) is not None:
        return []
    return found


def unseen_turns(game: Any, state: State, seq: list[Action], reading: Layout) -> Prompt | None:
    """What the referee is asked when ``seq`` reads the table (``reading``) but
    turns the camera never saw settle read it too, or None. Moves made faster than the
    table settles can hide a whole escape: rooms that filled the house, then the
    ghost that took its top floor away (the rooms the camera saw are all that
    is left); or, in a two-player escape, a first ghost cancelled by a cat
    from the escaper's hand before the second one the camera saw. They can
    hide where a cat came from: played by another player into their own
    house and taken with Cat Food (:func:`_fed_from_elsewhere`). And how a
    ghost on a lit floor left it with the rooms still there: a cat from the
    hand at once, or a pass and then, on the target's own turn, a cat played
    on it (:func:`_cat_after_pass`): whose turn it is after differs. And a
    ghost seen where a cat was, the cat already gone: the two met, or another
    ghost no camera saw met the cat turns before and this one waits for its
    answer (:func:`_cat_met_before`)."""
    if len(seq) != 1:
        return None
    a = seq[0]
    if isinstance(a, Ghost) and state["phase"] == "turn" and _cat_met_before(game, state, a, reading):
        f = target_floor(state, a.target)
        return Prompt(tr("{ghost} is on {player}'s floor {floor}, and the cat that was there is gone: the two met "
                         "(clear the ghost away too), or a ghost the camera did not see met the cat turns before "
                         "and {ghost} waits for {player}'s answer. Referee: confirm the first, or enter the turns "
                         "the camera missed.", ghost=game.kit.name(a.card), player=a.target, floor=f),
                      level="warning")
    if isinstance(a, CatDefence) and _cat_after_pass(game, state):
        pd = state["pending"]
        return Prompt(tr("{ghost} left {player}'s floor {floor} and the rooms stayed: a cat from {player}'s hand "
                         "cancelled it, or, the light being on, {player} let it stay and on their own turn played a "
                         "cat on it (both gone to the pile before the camera saw the table settle). Referee: "
                         "enter the pass and the cat if so; otherwise confirm the cat from the hand.",
                         ghost=game.kit.name(pd["ghost"]), player=pd["player"], floor=pd["floor"]),
                      level="warning")
    if isinstance(a, Rooms) and state["phase"] == "turn":
        try:
            after, _ = game.apply(state, a)
        except IllegalAction:
            return None
        house = after["houses"][a.player]
        top = house[-1]
        below_full = all(fl["rooms"][s] for fl in house[:-1] for s in SIDES)
        top_bare = (not top["lit"] and not top["ghosts"] and not any(top["rooms"].values())
                    and not any(top["cats"].values()))
        if below_full and top_bare and state["hands"][a.player] - len(a.rooms) >= len(SIDES):
            return Prompt(tr("{player}'s rooms on floor {floor} are all the camera saw settle. If {player} filled "
                             "floor {top} too and a ghost stopped the escape, taking floor {top} away, referee: "
                             "enter it; otherwise confirm the rooms.", player=a.player,
                             floor=max(r["floor"] for r in a.rooms), top=len(house)), level="warning")
    if isinstance(a, Cat) and state["phase"] == "turn" and _fed_from_elsewhere(game, state, a):
        return Prompt(tr("{cat} is in {player}'s house. If another player played it into their own house and "
                         "{player} took it with Cat Food, turns the camera did not see settle: referee, enter "
                         "them; otherwise confirm the cat.", cat=game.kit.said(a.card), player=a.player),
                      level="warning")
    if isinstance(a, Ghost) and state["phase"] == "escape":
        esc = state["escape"]
        if esc["ghosts_left"].get(a.player, 0) > 1 and state["hands"][esc["player"]] > 0:
            return Prompt(tr("{ghost} is on {player}'s house. If {by} played a ghost before it that {player} "
                             "cancelled with a cat from hand, the camera did not see it settle: referee, enter it; "
                             "otherwise confirm this ghost.", ghost=game.kit.name(a.card), player=esc["player"],
                             by=a.player),
                          level="warning")
    return None


def _back_to(game: Any, state: State, player: str) -> State | None:
    """``state`` after the others discard unseen in turn until it is
    ``player``'s turn again, or None when one of them cannot."""
    st = state
    try:
        for _ in state["players"]:
            if st["phase"] != "turn" or st["turn"] == player:
                break
            st, _ = game.apply(st, Discard(st["turn"], 1))
    except IllegalAction:
        return None
    return st if st["phase"] == "turn" and st["turn"] == player else None


def _after_discards(game: Any, state: State, reading: Layout, fixes: Text) -> Prompt | None:
    """What the referee is asked when a later player's move reads the table
    while it is another's turn: the players before them made moves no camera
    sees (a discard and draw, a ghost cancelled at once by a cat from the
    hand; the console was not told), or the move is out of turn; only the
    players know which. A ghost waiting for its answer may have been
    answered too (a pass that leaves it on a lit floor shows nothing; a cat
    from the hand takes it away), then the move seen, with or without such
    moves between. None when no such story reads the table (``fixes``: what
    puts the table back).

    Example: RED to play; BLUE's room appears. RED may have discarded and
    drawn: "BLUE played, but it is RED's turn. If RED made a move no camera
    sees (…), referee: enter it; otherwise take the move back: …"."""
    pd = state["pending"]
    if state["phase"] != "turn" or (pd and pd["resume"] != "turn"):
        return None
    starts = [(state, 1)] if pd is None else \
        [(fit.state, 0) for fit in shared.outcomes(game, state, [[Pass(pd["player"])], [CatDefence(pd["player"])]])]
    for start, first in starts:
        if start["phase"] != "turn":
            continue
        players = start["players"]
        order = players[players.index(start["turn"]):] + players[:players.index(start["turn"])]
        for n, q in enumerate(order[first:], first):
            st = _back_to(game, start, q)
            if st is None:
                break
            # the move itself, even one that turns the camera may have missed read too (a cat that may have
            # come by Cat Food): the discard is asked first, that question after it; or moves from there that
            # cleared what they laid before the table settled (a cat moved up and met by the next ghost)
            if shared.first_fitting(game, st, reading, _candidates(game, st, reading)) is None \
                    and not game.jump(st, reading).fits:
                continue
            if pd is not None:
                return Prompt(tr("{mover} played while {player} must answer {by}'s ghost on floor {floor}. If "
                                 "{player} answered it (a cat from the hand, or a pass), and any moves no camera sees "
                                 "came after (a discard and draw, a ghost cancelled at once by a cat from the hand), "
                                 "referee: enter them; otherwise take the move back: {fixes}.", mover=q,
                                 player=pd["player"], by=pd["by"], floor=pd["floor"], fixes=fixes), level="warning",
                              enter=("pass", "cat_defence", "discard"))
            return Prompt(trn("{mover} played, but it is {player}'s turn. If {players} made a move no camera sees (a "
                              "discard and draw, or a ghost cancelled at once by a cat from the hand), referee: enter "
                              "it; otherwise take the move back: {fixes}.",
                              "{mover} played, but it is {player}'s turn. If {players} made moves no camera sees "
                              "(discards and draws, or ghosts cancelled at once by cats from the hand), referee: "
                              "enter them; otherwise take the move back: {fixes}.",
                              n, mover=q, player=order[0], players=and_list(order[:n]), fixes=fixes),
                          level="warning", enter=("discard", "ghost"))
    return None


def _cat_met_unseen(game: Any, state: State, vanished: dict[str, Place], fixes: Text) -> Prompt | None:
    """What the referee is asked when all that changed is a ghost gone from a
    floor of the player whose turn it is, its rooms kept: the player played a
    cat from the hand onto it and both went to the pile before the camera saw
    the table settle (which cat, the pile does not show), or the ghost was
    taken off by mistake. None for any other table."""
    if state["phase"] != "turn" or state["pending"] or len(vanished) != 1:
        return None
    (ghost, (owner, f, kind, _)), = vanished.items()
    p = state["turn"]
    fl = state["houses"][p][f - 1]
    if kind != "ghosts" or owner != p or game.rules.unknown_cats(state) < 1 \
            or not cat_spots(fl):
        return None
    return Prompt(tr("{ghost} left {player}'s floor {floor} and the rooms stayed. If {player} played a cat from the "
                     "hand on it and both went to the discard pile before the camera saw the table settle, referee: "
                     "enter the cat; otherwise {fixes}.", ghost=game.kit.name(ghost), player=p, floor=f,
                     fixes=fixes), level="warning", enter=("cat",))


def _cat_met_before(game: Any, state: State, a: Ghost, reading: Layout) -> bool:
    """Whether the ghost ``a`` shows, on a floor whose cat the reading no
    longer shows, may instead have come turns after a ghost no camera saw met
    that cat: ``a.player``'s ghost unseen, the others discarding unseen in
    turn, then ``a`` on the floor with no cat (waiting for its answer)."""
    f = target_floor(state, a.target)
    if f is None:
        return False
    cats = cats_of(state["houses"][a.target][f - 1])
    if not cats or cats[0] in places(reading):
        return False
    try:
        st, _ = game.apply(state, GhostUnseen(a.player, a.target))
    except IllegalAction:
        return False
    st = _back_to(game, st, a.player)
    if st is None:
        return False
    try:
        after, _ = game.apply(st, a)
    except IllegalAction:
        return False
    return bool(after["pending"])


def _cat_after_pass(game: Any, state: State) -> bool:
    """Whether the pending ghost, gone with its floor's rooms still there, may
    instead have been let stay (its floor is lit and holds no other ghost),
    the others then discarding unseen until the target's turn, and the target
    playing a cat from hand on that floor (a cat on a ghost: both to the pile,
    the rooms stay)."""
    pd = state["pending"]
    if pd is None or pd["resume"] != "turn":
        return False
    t, f = pd["player"], pd["floor"]
    floor = state["houses"][t][f - 1]
    if not floor["lit"] or floor["ghosts"] != [pd["ghost"]]:
        return False
    try:
        passed, _ = game.apply(state, Pass(t))
    except IllegalAction:
        return False
    st = _back_to(game, passed, t)
    if st is None:
        return False
    cats = [c for c in game.kit.cards if game.kit.kind(c) == "cat"]
    for c in cats:
        for s in SIDES:
            try:
                game.apply(st, Cat(t, c, f, s))
            except IllegalAction:
                continue
            return True
    return False


def _fed_from_elsewhere(game: Any, state: State, a: Cat) -> bool:
    """Whether the cat ``a`` shows may instead have come by Cat Food: its player
    discarding unseen, the others in turn (one of them playing the cat into their
    own house, the rest discarding unseen), then its player moving it with Cat
    Food. Only while Cat Food has not been seen played."""
    food = game.kit.specials.get("cat_food")
    if food is None or food in state["discard"]["seen"]:
        return False
    try:
        st, _ = game.apply(state, Discard(a.player, 1))
    except IllegalAction:
        return False
    return _fed_by(game, st, a, played=False)


def _fed_by(game: Any, state: State, a: Cat, played: bool) -> bool:
    """From ``state`` (an opponent to move), :func:`_fed_from_elsewhere`'s turns."""
    q = state["turn"]
    if q == a.player:
        if not played:
            return False
        try:
            game.apply(state, CatFood(a.player, a.card, a.floor, a.side))
        except IllegalAction:
            return False
        return True
    tries: list[Action] = [] if played else [Cat(q, a.card, f, s) for f in FLOORS for s in SIDES]
    for act in [*tries, Discard(q, 1)]:
        try:
            st, _ = game.apply(state, act)
        except IllegalAction:
            continue
        if _fed_by(game, st, a, played or isinstance(act, Cat)):
            return True
    return False


def _candidates(game: Any, state: State, reading: Layout, depth: int = 0) -> list[list[Action]]:
    expected = game.expected_table(state)
    if reading["missing"] or state["phase"] == "over":
        return []
    appeared, vanished, moved, flipped = _diff(expected, reading)
    pd = state["pending"]
    if pd:
        t, f = pd["player"], pd["floor"]
        if pd["ghost"] in vanished and not appeared and not moved:
            rooms_gone = [c for c, w in vanished.items() if w[:3] == (t, f, "rooms")]
            return [[Pass(t)]] if rooms_gone else [[CatDefence(t)]]
        if pd["ghost"] not in vanished and (appeared or moved or flipped or vanished) and depth < 2:
            # the table went on: the ghost stayed on a lit floor (a pass the camera cannot see)
            try:
                after, _ = game.apply(state, Pass(t))
            except IllegalAction:
                return []
            return [[Pass(t), *seq] for seq in _candidates(game, after, reading, depth + 1)]
        return []
    if state["phase"] == "escape":
        esc = state["escape"]
        ghosts = [c for c, w in appeared.items() if w[2] == "ghosts" and w[0] == esc["player"]]
        if len(ghosts) == 1 and len(esc["waiting"]) == 1 and len(appeared) == 1:
            return [[Ghost(esc["waiting"][0], ghosts[0], esc["player"])]]
        return []
    p = state["turn"]
    kinds = {w[2] for w in appeared.values()}
    if appeared and not moved and not vanished and not flipped:
        owners = {w[0] for w in appeared.values()}
        if kinds == {"rooms"} and owners == {p}:
            return [[Rooms(p, tuple({"card": c, "floor": w[1], "side": w[3]}
                                    for c, w in sorted(appeared.items(), key=lambda kv: (kv[1][1], kv[1][3]))))]]
        if len(appeared) == 1:
            c, w = next(iter(appeared.items()))
            if w[2] == "ghosts" and w[0] != p:
                return [[Ghost(p, c, w[0])]]
            if w[2] == "cats" and w[0] == p:
                return [[Cat(p, c, w[1], w[3])]]
    if appeared and kinds <= {"cats", "ghosts"} and not moved and not flipped:
        # a ghost and a cat that met: both may still lie there (clearing) or be half cleared
        c, w = next(iter(appeared.items()))
        if len(appeared) == 1 and w[2] == "ghosts" and w[0] != p:
            return [[Ghost(p, c, w[0])]]
    if len(moved) == 1 and not appeared and not flipped:
        c, (src, dst) = next(iter(moved.items()))
        if src[2] == dst[2] == "ghosts" and dst[0] != p:
            return [[TimeSpaceHole(p, c, dst[0])]]
        if src[2] == dst[2] == "cats" and dst[0] == p:
            if src[0] != p:
                return [[CatFood(p, c, dst[1], dst[3])]]
            return [[Elevator(p, c, dst[1], dst[3])]]
    if not appeared and not moved and len(flipped) == 1:
        (o, f), was, now = flipped[0]
        if o != p and was == "lit" and now == "dark":
            return [[Lightning(p, o)]]
        if o == p and was == "dark" and now == "lit":
            return [[_light(game, p, f, payment_shown(game, expected, reading))]]
    if vanished and not appeared and not moved and not flipped:
        return _cleared_at_once(state, p, vanished)
    return []


def _cleared_at_once(state: State, p: str, vanished: dict[str, Place]) -> list[list[Action]]:
    """The move of ``p`` whose cards met and went to the pile before the camera
    saw the table settle, when only what they took with them is gone: a cat
    moved by the Elevator or Cat Food onto a floor of ``p``'s with a ghost (the
    cat and the ghost gone), or a ghost played onto an opponent's floor with a
    cat (``ghost_unseen``: the cat gone; which ghost, the pile does not show).
    A cat so moved goes to the pile at once, so the room it was moved onto is
    any free explored one: the record is the same for each."""
    cats = [(c, w) for c, w in vanished.items() if w[2] == "cats"]
    ghosts = [(c, w) for c, w in vanished.items() if w[2] == "ghosts"]
    if len(cats) != 1 or len(ghosts) > 1 or len(vanished) != len(cats) + len(ghosts):
        return []
    cat, (owner, was_on, _, _) = cats[0]
    if not ghosts:          # an opponent's ghost met the cat: it must have sat where ghosts go
        met = _unseen_ghost(state, vanished, p, owner) if owner != p else None
        return [[met]] if met is not None else []
    _, (haunted, f, _, _) = ghosts[0]
    fl = state["houses"][p][f - 1]
    free = cat_spots(fl)
    if haunted != p or not free or (owner == p and was_on == f):
        return []
    return [[Elevator(p, cat, f, free[0]) if owner == p else CatFood(p, cat, f, free[0])]]


def steps(game: Any, state: State, reading: Layout) -> list[list[Action]]:
    """For the referee's search over a jump (:func:`models.referee.explore`): each
    thing the player to act may have done that the reading shows (their new
    rooms, a ghost on an opponent's house, a cat in their own, a card moved, a
    floor gone dark, a floor of their own lit: paid with the cards laid face
    up, or as the console tells
    later), and both answers to a waiting ghost. Actions the table never shows
    (a discard and draw) are not guessed: the console says them."""
    if reading["missing"] or state["phase"] == "over":
        return []
    expected = game.expected_table(state)
    appeared, vanished, moved, flipped = _diff(expected, reading)
    pd = state["pending"]
    if pd:
        return [[CatDefence(pd["player"])], [Pass(pd["player"])]]
    if state["phase"] == "escape":
        esc = state["escape"]
        x = esc["player"]
        seen: list[list[Action]] = [[Ghost(q, c, x)] for q in esc["waiting"]
                                    for c, w in appeared.items() if w[2] == "ghosts" and w[0] == x]
        return seen + [[g] for q in esc["waiting"] if (g := _unseen_ghost(state, vanished, q, x))]
    p = state["turn"]
    out: list[list[Action]] = [[g] for o in state["players"] if o != p and (g := _unseen_ghost(state, vanished, p, o))]
    # in floor order, left before right: as legal_actions spells a play; all of them, else the first few
    # (a hand holds three cards, so six new rooms were two plays, with the other player's turn between)
    mine = sorted((w[1], w[3], c) for c, w in appeared.items() if w[2] == "rooms" and w[0] == p)
    for k in range(len(mine), 0, -1):
        out.append([Rooms(p, tuple({"card": c, "floor": f, "side": side} for f, side, c in mine[:k]))])
    for c, w in sorted(appeared.items()):
        if w[2] == "ghosts" and w[0] != p:
            out.append([Ghost(p, c, w[0])])
        elif w[2] == "cats" and w[0] == p:
            out.append([Cat(p, c, w[1], w[3])])
    for c, (src, dst) in sorted(moved.items()):
        if src[2] == dst[2] == "ghosts" and dst[0] != p:
            out.append([TimeSpaceHole(p, c, dst[0])])
        elif src[2] == dst[2] == "cats" and dst[0] == p:
            out.append([CatFood(p, c, dst[1], dst[3])] if src[0] != p else [Elevator(p, c, dst[1], dst[3])])
    out += [[Lightning(p, o)] for (o, _f), was, now in flipped if o != p and was == "lit" and now == "dark"]
    lit = [f for (o, f), was, now in flipped if o == p and was == "dark" and now == "lit"]
    paid = payment_shown(game, expected, reading) if lit else []
    out += [[_light(game, p, f, paid)] for f in lit]
    return out + _cat_moved_away(state, p, vanished)


def _cat_moved_away(state: State, p: str, vanished: dict[str, Place]) -> list[list[Action]]:
    """A cat the reading shows nowhere may have been moved before it went: by
    ``p``'s Elevator (from ``p``'s own floor) or Cat Food (from an opponent's)
    onto a floor of ``p``'s, where a ghost met it then or later (both went to
    the pile). One step per floor with a free explored room (its left side,
    else its right: the cat leaves again, so which side it sat on changes
    nothing the table shows)."""
    out: list[list[Action]] = []
    for c, (owner, was_on, kind, _) in sorted(vanished.items()):
        if kind != "cats":
            continue
        for f, fl in enumerate(state["houses"][p], start=1):
            free = cat_spots(fl)
            if not free or (owner == p and was_on == f):
                continue
            out.append([Elevator(p, c, f, free[0]) if owner == p else CatFood(p, c, f, free[0])])
    return out


def _unseen_ghost(state: State, vanished: dict[str, Any], p: str, target: str) -> GhostUnseen | None:
    """``p``'s ghost played on ``target`` and gone before the camera came back
    (``ghost_unseen``), if the reading shows what it leaves: one cat gone from
    the highest floor holding a room (the cat it met, named), or that floor
    dark, with no cat, and all its rooms gone."""
    f = target_floor(state, target)
    if f is None:
        return None
    fl = state["houses"][target][f - 1]
    if fl["ghosts"] or not ghost_can_vanish(fl):
        return None
    cats = cats_of(fl)
    if cats:
        met = [c for c in cats if c in vanished]
        return GhostUnseen(p, target, met[0]) if len(met) == 1 else None
    return GhostUnseen(p, target) if all(c in vanished for c in rooms_of(fl)) else None


def _where(w: Place) -> Text:
    p, f, key, s = w
    if key == "ghosts":
        return tr("on {player}'s floor {floor}", player=p, floor=f)
    if key == "cats" and s == "L":
        return tr("beside {player}'s floor {floor} left", player=p, floor=f)
    if key == "cats":
        return tr("beside {player}'s floor {floor} right", player=p, floor=f)
    if s == "L":
        return tr("in {player}'s floor {floor} left room", player=p, floor=f)
    return tr("in {player}'s floor {floor} right room", player=p, floor=f)


def put_back(expected: Layout, reading: Layout, limit: int = 6, name: Any = str,
             held: dict[str, str] | None = None) -> list[Text]:
    """What to do to put the table back as expected, a line each (at most
    ``limit``); ``name`` says a card by its name (``Kit.name``); ``held``: the
    cards outside every house that go back into a hand, by card (a light's
    payment the rules refused)."""
    held = held or {}
    appeared, vanished, moved, flipped = _diff(expected, reading)
    lines = []
    for c, w in sorted(appeared.items()):
        lines.append(tr("take {card} off {player}'s floor {floor}", card=name(c), player=w[0], floor=w[1]))
    for c, w in sorted(vanished.items()):
        lines.append(tr("put {card} back {where}", card=name(c), where=_where(w)))
    for c, (src, _dst) in sorted(moved.items()):
        lines.append(tr("put {card} back {where}", card=name(c), where=_where(src)))
    for (p, f), was, _now in flipped:
        if was == "lit":
            lines.append(tr("turn {player}'s floor {floor} card to its lit face", player=p, floor=f))
        else:
            lines.append(tr("turn {player}'s floor {floor} card to its dark face", player=p, floor=f))
    exp_strays = set(expected["strays"])
    for c in reading["strays"]:
        if c in held:
            lines.append(tr("take {card} back into {player}'s hand", card=name(c), player=held[c]))
        elif c not in exp_strays and c not in expected.get("clearing", []):
            lines.append(tr("{card} lies outside every house: play it into a house or put it on the discard pile",
                            card=name(c)))
    if len(lines) > limit:
        lines = lines[:limit] + [trn("and {n} more", "and {n} more", len(lines) - limit)]
    return lines


def explain(game: Any, state: State, expected: Layout, reading: Layout) -> tuple[VerdictStatus, list[Prompt]]:
    if reading["missing"]:
        return "out_of_sync", [Prompt(tr("Cannot read {floors}: lay each floor card face up (one face only) with "
                                         "its rooms beside it.", floors=concat(*reading["missing"], sep=", ")),
                                      level="error")]
    appeared, vanished, moved, flipped = _diff(expected, reading)
    lying = set(places(reading)) | set(reading["strays"])
    lingering = [c for c in state["clearing"] if c in lying]
    if lingering and (appeared or vanished or moved or flipped):
        return "waiting", [Prompt(tr("Put {cards} on the discard pile first: the next move counts once they are "
                                     "off the table.", cards=game.kit.listed(lingering)),
                                  level="todo")]
    found = _candidates(game, state, reading)
    # a light's payment laid face up that the rules refuse goes back into the hand it came from
    held = {c: seq[0].player for seq in found if len(seq) == 1 and isinstance(seq[0], Light) for c in seq[0].cards}
    fix = put_back(expected, reading, name=game.kit.said, held=held)
    fixes = concat(*fix, sep="; ")
    doubt = unseen_turns(game, state, found[0], reading) if len(found) == 1 else None
    if doubt is None and not found:
        doubt = _after_discards(game, state, reading, fixes) or _cat_met_unseen(game, state, vanished, fixes)
    if doubt is not None:
        return "waiting", [doubt]
    pd = state["pending"]
    if pd:
        return "out_of_sync", [Prompt(tr("{player} must answer {by}'s ghost on floor {floor} first (discard a cat "
                                         "from hand, or pass on the console): {fixes}.", player=pd["player"],
                                         by=pd["by"], floor=pd["floor"], fixes=fixes), level="error",
                                          enter=("pass", "cat_defence"))]
    if state["phase"] == "escape":
        esc = state["escape"]
        ghosts = [c for c, w in appeared.items() if w[2] == "ghosts" and w[0] == esc["player"]]
        if len(ghosts) == 1 and len(esc["waiting"]) > 1 and len(appeared) == 1:
            return "waiting", [Prompt(tr("{ghost} is on {player}'s house: say on the console who played it "
                                         "({players}).", ghost=game.kit.name(ghosts[0]), player=esc["player"],
                                         players=or_list(esc["waiting"])), level="todo", enter=("ghost",))]
    for seq in found:                       # the step-by-step readings found above (a doubt returned there)
        try:
            game.apply_all(state, seq)
        except Untold as e:     # a legal move, read once the console says what an earlier light cost
            return "waiting", [Prompt(tr("Referee: {why}; the move seen is read then.", why=e.why), level="todo",
                                      enter=("light_told", "deck_counted"))]
        except Exception as e:  # IllegalAction: say the rules' reason
            reason = getattr(e, "reason", str(e))
            return "out_of_sync", [Prompt(tr("{reason}: {fixes}.", reason=reason, fixes=fixes), level="error")]
    if not fix:
        return "out_of_sync", [Prompt(tr("The table does not match the game: put it back as shown."), level="error")]
    return "out_of_sync", [Prompt(tr("The table does not match the game: {fixes}.", fixes=fixes), level="error")]


__all__ = ["candidates", "distance", "explain", "places", "steps"]


def distance(game: Any, state: State, reading: Layout) -> int | None:
    """A lower bound of the actions from ``state`` to a state whose expected table
    is the reading (``same_table``), or None when none can be (see ``Game.distance``).

    None: a floor card missing from the reading (an expected table never misses
    one), a special card lying outside the piles (a special goes straight to the
    pile, so it is never a card the last action is still clearing away), a game
    that is over. Where a floor is lit in the reading, the cards outside every
    house are no evidence at all: the last move may have been its light, and
    they its payment, laid face up for the camera (any 2-3 cards, or the Light
    Bulb). Otherwise 0 when the table is as expected, and else at least 1
    and at least the sum of what only distinct actions can do (each action does
    at most one of these):

    * a floor lit in the reading and dark now: a light (cards or the Light Bulb) each;
    * a floor whose room is gone from its place, or lit now and dark in the
      reading: a haunt or Lightning on that floor (``pass``, ``lightning``) each;
    * new rooms (on no floor now): a room play places up to a hand (3) of them,
      all in one house, so ceil(all/3); and per house, ceil(n/3) summed, less the
      rooms that may lie in the wrong house: a card the last action is still
      clearing away may lie anywhere, and one action clears at most one floor's
      two rooms (so more than two room cards outside every house, or more than
      one cat, is no table the game can show: None);
    * new cats: a cat play each;
    * new ghosts on a floor: a ghost play each (a ghost that met a cat went to
      the pile with it, so none of these met one);
    * cats moved to another room: Cat Food or the Elevator each (one cat per
      action);
    * new ghosts still being cleared away against cats gone from the table
      (each met by a ghost, or moved by Cat Food or the Elevator onto one: one
      cat per action; a ghost play may do both at once): the larger of the two
      counts.

    Every card shown on the table that is on no floor now must be placed by some
    action, even if the reading shows it only because it is still being cleared
    away (it had to be on the table before the last action took it off)."""
    if reading["missing"]:
        return None
    expected = game.expected_table(state)
    if game.same_table(expected, reading):
        return 0
    if state["phase"] == "over":
        return None
    now = places(expected)
    shown = places(reading)
    cards = game.kit.cards
    lit_now, lit_seen = lights(expected), lights(reading)
    lit_up = sum(1 for k, v in lit_now.items() if v == "dark" and lit_seen.get(k) == "lit")
    # the last move may have been a light (a floor lit in the reading: lit again after Lightning, too), its
    # payment lying face up outside every house: any cards, so those are no evidence
    paid_in_view = "lit" in lit_seen.values()
    strays = [] if paid_in_view else [c for c in reading["strays"] if c in cards and c not in now]
    if any(game.kit.kind(c) == "special" for c in strays):
        return None
    stray_rooms = sum(1 for c in strays if game.kit.kind(c) in ("room", "wild"))
    stray_cats = sum(1 for c in strays if game.kit.kind(c) == "cat")
    if stray_rooms > 2 or stray_cats > 1:
        return None
    new_rooms: dict[str, int] = {}
    new_cats = stray_cats
    stray_ghosts = sum(1 for c in strays if game.kit.kind(c) == "ghost")
    floor_ghosts = 0
    for c, w in shown.items():
        if c in now or c not in cards:
            continue
        kind = game.kit.kind(c)
        if kind in ("room", "wild"):
            new_rooms[w[0]] = new_rooms.get(w[0], 0) + 1
        elif kind == "cat":
            new_cats += 1
        elif kind == "ghost":
            floor_ghosts += 1
    cats_moved = sum(1 for c, w in now.items() if w[2] == "cats" and c in shown and shown[c] != w)
    cats_vanished = sum(1 for c, w in now.items() if w[2] == "cats" and c not in shown)
    haunted = {(w[0], w[1]) for c, w in now.items() if w[2] == "rooms" and shown.get(c) != w}
    haunted |= {k for k, v in lit_now.items() if v == "lit" and lit_seen.get(k) == "dark"}
    hand = max(3, *state["hands"].values())
    total = sum(new_rooms.values()) + stray_rooms
    per_house = sum(-(-n // hand) for n in new_rooms.values()) - (2 - stray_rooms)
    room_plays = max(per_house, -(-total // hand))
    return max(1, lit_up + len(haunted) + room_plays + new_cats + floor_ghosts + cats_moved
               + max(stray_ghosts, cats_vanished))
