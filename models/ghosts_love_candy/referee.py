"""The referee's half of the game: which actions explain a settled table, and
what to say when none does.

:func:`candidates` reads the evidence on the table step by step, the way the
rules expect it: a kid face up in the slot that waits for one (``reveal_kid``),
a new candy on a kid (``place_candy``), a ghost face up in front of its player
(``reveal``), a kid in front of a tied player (``tie_draw``), the current
player's ghost on top of a pile (``haunt``, with the PIRATE's ``take_from``
read from where the candy went), a candy from the stash on the WEREWOLF, a
ghost that changed piles after the NINJA, and so on. An optional ability with no
evidence is skipped when the table already shows a later step. The chain and
its prefixes are tried by :meth:`models.engine.Game.referee`, longest first.

:func:`explain` compares three tables: the expected table now (E0), the table
the evidence leads to (T), and the reading (R). A card at its old place while
the rules move it is a chore not yet done (status ``waiting``: "move the
WEREWOLF to RED's stash"); anything else is out of sync, with a prompt per
card saying where it is and where it belongs, and the rules' reason when the
evidence is an illegal move ("it is RED's turn, not BLUE's: put ghost B5 back").
"""
from __future__ import annotations

from typing import Any

from ..engine import Action, IllegalAction, Prompt, VerdictStatus
from ..referee import Walk
from ..text import Text, tr
from . import actions as A
from .abilities import OPTIONAL
from .layout import expected_table, label, squarable
from .state import State, current_player, where_is_candy, where_is_ghost, where_is_kid

Place = str
Key = tuple[str, Any]
MAX_STEPS = 40


# --------------------------------------------------------------------------- locations


def locations(layout: dict[str, Any]) -> dict[Key, Place]:
    """Every card of a layout and where it lies: ``("kid", 2) -> "slot:1"``,
    ``("candy", "CHOC3") -> "seat:RED"``, ``("ghost", "G2") -> "discard"``."""
    out: dict[Key, Place] = {}
    for s in layout["slots"]:
        where = f"slot:{s['slot']}"
        if s["kid"] is not None:
            out[("kid", s["kid"])] = where
        for c in s["candy"]:
            out[("candy", c)] = where
        for g in s["ghosts"]:
            out[("ghost", g)] = where
    for p, seat in layout["seats"].items():
        for kind, refs in (("kid", seat["kids"]), ("candy", seat["candy"]), ("ghost", seat["ghosts"]),
                           ("love", seat["love"])):
            for r in refs:
                out[(kind, r)] = f"seat:{p}"
    for kind, refs in (("kid", layout["discard"]["kids"]), ("ghost", layout["discard"]["ghosts"]),
                       ("candy", layout["discard"]["candy"])):
        for r in refs:
            out[(kind, r)] = "discard"
    return out


def describe(kind: str, place: Place | None) -> Text:
    """Where a card lies, in words: ``in RED's stash``, ``under the kid in slot 2``."""
    if place is None:
        return tr("off the table")
    if place == "discard":
        return tr("in the discard")
    area, _, arg = place.partition(":")
    if area == "seat":
        return tr("in {player}'s stash", player=arg) if kind in ("kid", "candy") else \
            tr("in front of {player}", player=arg)
    if kind == "candy":
        return tr("on the kid in slot {slot}", slot=arg)
    if kind == "ghost":
        return tr("under the kid in slot {slot}", slot=arg)
    return tr("in slot {slot}", slot=arg)


def destination(kind: str, place: Place) -> Text:
    """Where to put a card, in words: ``to RED's stash``, ``onto the kid in slot 2``."""
    if place == "discard":
        return tr("to the discard")
    area, _, arg = place.partition(":")
    if area == "seat":
        return tr("to {player}'s stash", player=arg) if kind in ("kid", "candy") else \
            tr("in front of {player}", player=arg)
    if kind == "candy":
        return tr("onto the kid in slot {slot}", slot=arg)
    if kind == "ghost":
        return tr("under the kid in slot {slot}", slot=arg)
    return tr("into slot {slot}", slot=arg)


# --------------------------------------------------------------------------- evidence


def next_steps(game: Any, state: State, reading: dict[str, Any], e0: dict[Key, Place], rl: dict[Key, Place],
               base: dict[Key, Place] | None = None) -> list[Action]:
    """The actions the table shows next for this state (alternatives; each may be
    illegal). Evidence is a card whose place differs both from this state's
    expected table (``e0``) and from the real state's (``base``): a card still at
    its old place is a chore not yet done, not a new move."""
    cards = game.cards
    p = state["pending"]
    base = e0 if base is None else base
    moved = {k: v for k, v in rl.items() if e0.get(k) != v and base.get(k) != v}

    def arrived(kind: str, place: Place) -> list[Any]:
        return sorted(r for (k, r), v in moved.items() if k == kind and v == place)

    def kid_left(i: int) -> bool:
        """The kid in slot ``i`` is no longer there (scared and replaced, or being moved)."""
        k = state["slots"][i - 1]["kid"]
        return k is not None and rl.get(("kid", k)) != f"slot:{i}"

    if p is not None:
        kind, who = p["kind"], p.get("player")
        if kind == "reveal_kid":
            return [A.RevealKid(p["slot"], k) for k in arrived("kid", f"slot:{p['slot']}")[:1]]
        if kind == "werewolf":
            # a candy from the stash on him (perhaps the very one just taken from him)
            mine = state["stashes"][who]["candy"]
            new = [c for c in mine if rl.get(("candy", c)) == f"slot:{p['slot']}"]
            if not new and kid_left(p["slot"]):      # paid, then he was scared at once
                new = [c for c in mine if rl.get(("candy", c)) in (None, "discard")]
            if not new:     # paid, then taken with his candy by the next player to haunt him (seen in that stash)
                new = [c for c in mine if (rl.get(("candy", c)) or "").startswith("seat:")
                       and rl.get(("candy", c)) != f"seat:{who}"]
            return [A.WerewolfPay(who, c) for c in new[:2]]
        if kind == "vampire":
            new = [c for c in arrived("candy", f"seat:{p['to']}") if c in state["stashes"][who]["candy"]]
            return [A.VampireGive(who, new[0])] if new else []
        if kind == "skeleton":
            letter = state["colours"][who]
            given = [g for g in arrived("ghost", "discard") if g in state["hands"][who]]
            gone = [g for g in state["discard"]["ghosts"] if g.startswith(letter) and ("ghost", g) not in rl]
            if given and len(gone) == 1:
                return [A.SkeletonSwap(who, cards.ghost_value(given[0]), cards.ghost_value(gone[0]))]
            return []
        if kind == "ninja":
            # each ghost that changed kids may be this NINJA's (two NINJA moves in a gap: the order of the
            # ghosts under the kids tells which came first, so the search tries both)
            out: list[Action] = []
            out.extend([A.NinjaMove(who, r, int(v[5:])) for (k, r), v in sorted(moved.items(), key=str)
                        if k == "ghost" and v.startswith("slot:") and (e0.get((k, r)) or "").startswith("slot:")][:4])
            # or moved, and the kid it joined was scared then (at once, or by a later haunt in a gap): a ghost
            # gone from a kid still there, or the very ghost just played on the NINJA (scared later too)
            own = state["slots"][p["slot"] - 1]["ghosts"][-1:]
            scared: list[Action] = []
            for (k, r), was in sorted(e0.items(), key=lambda kv: (kv[0][1] not in own, str(kv))):
                if k == "ghost" and was.startswith("slot:") and rl.get((k, r)) in (None, "discard") \
                        and (r in own or not kid_left(int(was[5:]))):
                    scared += [A.NinjaMove(who, r, i) for i in range(1, state["slot_count"] + 1)
                               if kid_left(i) and i != int(was[5:])]
            return out + scared[:6 - len(out)]
        if kind == "move_scared_kid":
            out = []
            out.extend([A.MoveScaredKid(who, r, v[5:]) for (k, r), v in sorted(moved.items(), key=str)
                        if k == "kid" and v.startswith("seat:") and (e0.get((k, r)) or "").startswith("seat:")][:1])
            if not out:   # a ZOMBIE moved to a stash, then back into the row by that player's scare
                for (k, r), v in sorted(moved.items(), key=str):
                    was = e0.get((k, r)) or ""
                    if k == "kid" and v.startswith("slot:") and was.startswith("seat:") \
                            and cards.kid(r).ability == "zombie":
                        out += [A.MoveScaredKid(who, r, q) for q in state["players"] if q != was[5:]]
            return out
        if kind == "black_cat":
            cat = moved.get(("kid", p["kid"]))
            return [A.PlaceBlackCat(who, cat[5:])] if cat and cat.startswith("seat:") else []
        return []
    ph = state["phase"]
    if ph == "setup":
        for i, s in enumerate(state["slots"], 1):
            new = arrived("kid", f"slot:{i}")
            if s["kid"] is None and new:
                return [A.RevealKid(i, new[0])]
        return []
    if ph == "candy":
        for i, s in enumerate(state["slots"], 1):
            new = arrived("candy", f"slot:{i}")
            if new and s["kid"] is not None and i not in state["candied"]:
                return [A.PlaceCandy(i, new[0])]
        for i in range(1, state["slot_count"] + 1):
            new = arrived("candy", f"slot:{i}")
            if new:
                return [A.PlaceCandy(i, new[0])]     # illegal: says why
        return []
    if ph == "choose":
        for pl in state["players"]:
            if pl in state["revealed"]:
                continue
            for g in arrived("ghost", f"seat:{pl}"):
                if cards.ghosts[g].id[0] == state["colours"][pl]:
                    return [A.Reveal(pl, cards.ghost_value(g))]
        return []
    if ph == "tiebreak":
        undrawn = [q for grp in state["tie"]["groups"] for q in grp if q not in state["tie"]["draws"]]
        for pl in undrawn:
            new = arrived("kid", f"seat:{pl}")
            if new:
                return [A.TieDraw(pl, new[0])]
        fresh = [k for k in arrived("kid", "discard") if k in state["kid_deck"]]
        if len(undrawn) == 1 and len(fresh) == 1:
            return [A.TieDraw(undrawn[0], fresh[0])]   # drawn and already discarded
        return []
    if ph == "turns":
        cur = current_player(state)
        for pl, g in sorted(state["revealed"].items(), key=lambda t: t[0] != cur):
            at = rl.get(("ghost", g))
            if at == f"seat:{pl}":
                continue
            if at is not None and at.startswith("slot:"):
                slots = [int(at[5:])]
            else:   # gone into the discard with a kid it scared at once
                slots = [i for i in range(1, state["slot_count"] + 1) if kid_left(i)]
            haunts: list[Action] = []
            for slot in slots:
                take = None
                kid = state["slots"][slot - 1]["kid"]
                if kid is not None and cards.kid(kid).ability == "pirate":
                    gained = arrived("candy", f"seat:{pl}")
                    for j, s in enumerate(state["slots"], 1):
                        if j != slot and gained and set(gained) <= set(s["candy"]):
                            take = j
                    own = state["slots"][slot - 1]["candy"]
                    if not gained and own and kid_left(slot) and all(rl.get(("candy", c)) in (None, "discard")
                                                                     for c in own):
                        # nothing gained, the PIRATE scared and its candy discarded: its haunter took the
                        # candy of another kid, who had none (which bare kid changes nothing: the first)
                        take = next((j for j, s in enumerate(state["slots"], 1)
                                     if j != slot and s["kid"] is not None and not s["candy"]), None)
                haunts.append(A.Haunt(pl, slot, take))
            if haunts:
                return haunts
        return []
    if ph == "love":
        for pl in state["players"]:
            new = arrived("love", f"seat:{pl}")
            if pl not in state["love_shown"] and new:
                return [A.RevealLove(pl, new[0])]
    return []


def plan(game: Any, state: State, reading: dict[str, Any], limit: int = 8) -> list[Walk]:
    """Every way (up to ``limit``) of following the evidence from ``state``: the
    table's steps may branch, so this walks each branch (a :class:`Walk` each)."""
    rl = locations(reading)
    base = locations(expected_table(game, state))
    done: list[Walk] = []

    def walk(chain: list[Action], st: State, depth: int, before_skip: dict[Key, Place] | None = None,
             trail: list[State] | None = None) -> None:
        # before_skip: an optional ability was declined to reach later evidence; a
        # path whose table shows none of what the skip changed is dropped (the
        # players may still use the ability)
        trail = trail if trail is not None else [state]
        if len(done) >= limit:
            return
        e0 = locations(expected_table(game, st))
        steps = next_steps(game, st, reading, e0, rl, base) if depth < MAX_STEPS else []
        pend = st["pending"]
        if not steps:
            if before_skip is None or any(rl.get(k) == v and before_skip.get(k) != v for k, v in e0.items()):
                done.append(Walk(chain, st, trail=trail))
            if pend is not None and pend["kind"] in OPTIONAL:
                try:
                    skipped, _ = game.apply(st, A.Skip(pend["player"]))
                except IllegalAction:
                    return
                walk(chain + [A.Skip(pend["player"])], skipped, depth + 1, e0, trail + [skipped])
            return
        for a in steps:
            try:
                nxt, _ = game.apply(st, a)
            except IllegalAction as e:
                done.append(Walk(chain, st, e, [a], trail))
                continue
            walk(chain + [a], nxt, depth + 1, before_skip, trail + [nxt])

    walk([], state, 0)
    return done


def candidates(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    if reading.get("problems"):
        return []
    out: list[list[Action]] = []
    for path in plan(game, state, reading):
        for i in range(len(path.chain), 0, -1):
            if path.chain[:i] not in out:
                out.append(path.chain[:i])
    return sorted(out, key=len, reverse=True)


def steps(game: Any, state: State, reading: dict[str, Any]) -> list[list[Action]]:
    """For the referee's search over a jump (:func:`models.referee.explore`): what
    :func:`next_steps` sees next, declining an optional ability, and what the
    table cannot show at all: a candy placed on a kid and taken again by a haunt
    while a hand covered the row (any candy off the deck that now lies
    elsewhere, on each kid still without its candy), a ghost revealed and
    played before the camera saw it in front of its player, a NINJA haunted
    by a ghost its ability then moved on (the ghost seen only where it went,
    or in the discard with the kid it scared), a kid haunted whose ghost a
    later NINJA moved on (its candy seen in the player's stash),
    tie-break kids drawn and discarded unseen, a kid revealed into its slot and
    scared before the camera saw it there (seen in a stash)."""
    if reading.get("problems"):
        return []
    rl = locations(reading)
    e0 = locations(expected_table(game, state))
    out: list[list[Action]] = [[a] for a in next_steps(game, state, reading, e0, rl)]
    pend = state["pending"]
    if pend is not None and pend["kind"] in OPTIONAL:
        out.append([A.Skip(pend["player"])])
    if pend is not None and pend["kind"] == "reveal_kid":
        # revealed, haunted and scared before the camera saw it in its slot: seen in a stash
        out += [[A.RevealKid(pend["slot"], k)] for k in state["kid_deck"]
                if rl.get(("kid", k), "").startswith("seat:")]
    if state["phase"] == "candy" and pend is None:
        gone = [c for c in state["candy_deck"] if not rl.get(("candy", c), "slot:").startswith("slot:")]
        out += [[A.PlaceCandy(i, c)] for i, sl in enumerate(state["slots"], 1)
                if sl["kid"] is not None and i not in state["candied"] for c in gone]
    if state["phase"] == "tiebreak":     # drawn, compared and discarded before the camera saw the draws
        tie = state["tie"]
        out += [[A.TieDraw(pl, k)] for grp in tie["groups"] for pl in grp if pl not in tie["draws"]
                for k in state["kid_deck"] if rl.get(("kid", k)) == "discard"]
    if state["phase"] == "turns" and pend is None and (cur := current_player(state)) is not None:
        # a NINJA haunted, whose ability then moved this very ghost to another kid: seen where it went, or
        # in the discard when that kid was scared at once
        at = rl.get(("ghost", state["revealed"].get(cur, "")), "discard")
        out += [[A.Haunt(cur, i, None)] for i, sl in enumerate(state["slots"], 1)
                if (at.startswith("slot:") and at != f"slot:{i}" or at == "discard") and sl["kid"] is not None
                and game.cards.kid(sl["kid"]).ability == "ninja"]
        # a kid haunted (its candy seen in the player's stash) whose ghost a later NINJA moved on (seen where
        # it went, or in the discard with a kid it scared)
        if at != f"seat:{cur}" and any(sl["kid"] is not None and game.cards.kid(sl["kid"]).ability == "ninja"
                                       for sl in state["slots"]):
            tried = {a.slot for seq in out for a in seq if isinstance(a, A.Haunt) and a.player == cur}
            out += [[A.Haunt(cur, i, None)] for i, sl in enumerate(state["slots"], 1)
                    if i not in tried and at != f"slot:{i}" and sl["kid"] is not None and sl["candy"]
                    and all(rl.get(("candy", c)) == f"seat:{cur}" for c in sl["candy"])]
    if state["phase"] == "choose":       # revealed, then played at once: the ghost seen where it went
        out += [[A.Reveal(pl, game.cards.ghost_value(g))] for pl in state["players"] if pl not in state["revealed"]
                for g in state["hands"][pl] if rl.get(("ghost", g), f"seat:{pl}") != f"seat:{pl}"]
    return out


# --------------------------------------------------------------------------- explain


def _off_table_reason(game: Any, state: State, kind: str, ref: Any) -> Text:
    if kind == "kid":
        return where_is_kid(state, game.cards, ref)
    if kind == "candy":
        return where_is_candy(state, ref)
    if kind == "ghost":
        return where_is_ghost(state, ref)
    if ref in state["love_shown"].values():
        return tr("revealed")
    return tr("still secret (Love cards are revealed at the end)")


def explain(game: Any, state: State, expected: dict[str, Any],
            reading: dict[str, Any]) -> tuple[VerdictStatus, list[Prompt]]:
    unreadable = [Prompt(tr("Put this right on the table: {problem}", problem=pr), level="error")
                  for pr in reading.get("problems", [])]
    best: tuple[int, int, list[Prompt], list[Prompt], Walk] | None = None
    for path in plan(game, state, reading) or [Walk([], state)]:
        wrong, chores = compare(game, state, expected, path, reading)
        key = (len(wrong), len(chores))
        if best is None or key < best[:2]:
            best = (*key, wrong, chores, path)
    assert best is not None
    if best[0]:
        # nothing done yet, against the evidence's faults: it wins only with none at all, the table merely
        # on its way (a card left where the game emptied, which the evidence took for a move the rules
        # refuse); a real fault keeps the rules' own reason
        idle = Walk([], state)
        wrong, chores = compare(game, state, expected, idle, reading)
        if not wrong:
            best = (len(wrong), len(chores), wrong, chores, idle)
    _, _, wrong, chores, path = best
    if unreadable:        # what cannot be read comes first; the checklist of what goes where stays
        return "out_of_sync", unreadable + [w for w in wrong if w.text not in {u.text for u in unreadable}] + chores
    if not wrong:
        return "waiting", chores + game.prompts(path.state)
    if path.state["pending"] is not None and path.error is None:
        # an ability is owed before anything else (the ANGEL's move, a NINJA's, the WEREWOLF's candy): the
        # players are told why what they did after it is to be put back
        chores = chores + [q for q in game.prompts(path.state)[:1] if q.text not in {c.text for c in chores}]
    return "out_of_sync", wrong + chores


def placed_by(a: Action, before: State) -> list[tuple[Key, Place]]:
    """Where an action itself puts a card, before any scare that follows moves it on
    (a haunting ghost lies under its kid for a moment even if the kid is scared)."""
    p = before["pending"] or {}
    if isinstance(a, A.Haunt) and a.player in before["revealed"]:
        return [(("ghost", before["revealed"][a.player]), f"slot:{a.slot}")]
    if isinstance(a, A.NinjaMove):
        return [(("ghost", a.ghost), f"slot:{a.to_slot}")]
    if isinstance(a, A.WerewolfPay) and "slot" in p:
        return [(("candy", a.candy), f"slot:{p['slot']}")]
    if isinstance(a, A.VampireGive) and "to" in p:
        return [(("candy", a.candy), f"seat:{p['to']}")]
    if isinstance(a, A.TieDraw):
        return [(("kid", a.kid), f"seat:{a.player}")]
    if isinstance(a, A.PlaceBlackCat) and "kid" in p:
        return [(("kid", p["kid"]), f"seat:{a.to}")]
    if isinstance(a, A.MoveScaredKid):
        return [(("kid", a.kid), f"seat:{a.to}")]
    return []


def compare(game: Any, state: State, expected: dict[str, Any], path: Walk,
            reading: dict[str, Any]) -> tuple[list[Prompt], list[Prompt]]:
    """(what is wrong, what is still to do) if the table is on its way along ``path``."""
    cards = game.cards
    target = path.state
    goal_table = expected_table(game, target)
    e0, t, r = locations(expected), locations(goal_table), locations(reading)
    on_the_way: dict[Key, set[Place]] = {}       # where each card lies at some step of the path
    for st in path.trail:
        for k, v in locations(expected_table(game, st)).items():
            on_the_way.setdefault(k, set()).add(v)
    for before, a in zip(path.trail, path.chain):
        for k, v in placed_by(a, before):
            on_the_way.setdefault(k, set()).add(v)
    # a slot the game has emptied (its kid scared away, a new one still to deal): a card still lying
    # there is on its way out, a chore not a fault (the page kept the checklist while it waits)
    emptied = {f"slot:{sl['slot']}" for sl in goal_table["slots"] if sl["kid"] is None}
    squared = squarable(goal_table) & squarable(expected)    # a tall pile's oldest ghosts, hidden under it
    chores: list[Prompt] = []
    wrong: list[Prompt] = []
    if path.error is not None:
        wrong.append(Prompt(tr("Not allowed: {reason}.", reason=path.error.reason),
                            getattr(next(iter(path.refused), None), "player", None), "error"))
    for key in sorted(set(e0) | set(t) | set(r), key=str):
        kind, ref = key
        now, goal, was = r.get(key), t.get(key), e0.get(key)
        name = label(cards, kind, ref)
        if now == goal or (now is None and (goal == "discard" or key in squared)):
            continue                       # in place, or hidden in the discard pile or a tall pile
        if goal is None and was is None:
            wrong.append(Prompt(tr("Take {card} away: it should not be on the table (it is {reason}; seen {seen})",
                                   card=name, reason=_off_table_reason(game, target, kind, ref),
                                   seen=describe(kind, now)), level="error"))
        elif goal is None:
            wrong.append(Prompt(tr("Put {card} back {where} (seen {seen})", card=name, where=describe(kind, was),
                                   seen=describe(kind, now)), level="error"))
        elif now is None and goal == was:
            wrong.append(Prompt(tr("Put {card} back {where}: it is not seen on the table", card=name,
                                   where=describe(kind, goal)), level="error"))
        elif now is None or now == was or now in on_the_way.get(key, ()) or now in emptied:
            who = goal[5:] if goal.startswith("seat:") else None
            to = destination(kind, goal)
            text = (tr("Move {card} {destination} (it is {where})", card=name, destination=to,
                       where=describe(kind, now)) if now else
                    tr("Move {card} {destination}", card=name, destination=to))
            chores.append(Prompt(text, who, "todo"))
        else:
            wrong.append(Prompt(tr("{card} is {where}; it belongs {goal}", card=label(cards, kind, ref, start=True),
                                   where=describe(kind, now), goal=describe(kind, goal)), level="error"))
    for sr, sg in zip(reading["slots"], goal_table["slots"]):
        if sorted(sr["ghosts"]) == sorted(sg["ghosts"]) and sr["ghosts"] != sg["ghosts"]:
            wrong.append(Prompt(tr("The ghosts under the kid in slot {slot} lie out of order: from the kid down they "
                                   "should be {ghosts}", slot=sr["slot"], ghosts=", ".join(sg["ghosts"])),
                                level="error"))
    return wrong, chores


# --------------------------------------------------------------------------- the search's lower bound


def distance(game: Any, state: State, reading: dict[str, Any]) -> int | None:
    """A lower bound of the actions from ``state`` to a state whose expected table
    is the reading (``Game.distance``), or None when none can be.

    None: the reading has problems (an expected table never has), other seats or
    slots, a card the game does not hold (a ghost of a colour not playing, one
    back in the box), a ghost in front of a player whose colour it is not (only
    its owner reveals it), a Love card seen in front of another player than the
    one it was revealed or dealt to.

    The count: each of these needs an action of its own, and no action does two
    of them (a hand resolution moves only cards already on the table):

    * a ghost in a hand, a candy in the Candy deck, a kid in the Kid deck that
      the reading shows anywhere: one ``reveal``/``skeleton_swap``,
      ``place_candy``, ``reveal_kid``/``tie_draw`` each (one card each);
    * a revealed ghost that is no longer in front of its player: one ``haunt``;
    * a Love card face up in the reading that is not yet: one ``reveal_love``.
    """
    if reading.get("problems") or set(reading.get("seats", {})) != set(state["players"]) \
            or len(reading.get("slots", [])) != state["slot_count"]:
        return None
    rl = locations(reading)
    box = set(state["box"])
    letters = set(state["colours"].values())
    hands = {g for h in state["hands"].values() for g in h}
    kid_deck, candy_deck = set(state["kid_deck"]), set(state["candy_deck"])
    need = 0
    for (kind, ref), place in rl.items():
        if kind == "ghost":
            if ref in box or ref[:1] not in letters:
                return None
            if place.startswith("seat:") and state["colours"].get(place[5:]) != ref[:1]:
                return None
            need += ref in hands
        elif kind == "candy":
            need += ref in candy_deck
        elif kind == "kid":
            need += ref in kid_deck
        elif kind == "love":
            who = place[5:] if place.startswith("seat:") else None
            shown = state["love_shown"].get(who) if who else None
            holder = next((p for p, l in state["love_shown"].items() if l == ref), None)
            dealt = state["love"].get(who) if who else None
            if who is None or (holder is not None and holder != who) or shown not in (None, ref) \
                    or dealt not in (None, ref):
                return None
            need += shown is None
    for p, g in state["revealed"].items():
        need += rl.get(("ghost", g)) != f"seat:{p}"
    return need
