"""Setup and the legality of every action (the state machine of a game).

A game goes: ``setup`` (deal kids into the slots with ``reveal_kid``) ->
rounds of ``candy`` (``place_candy`` on each kid) -> ``choose`` (``choose``
optional, ``reveal`` each player) -> ``tiebreak`` (``tie_draw``, only after a
tie) -> ``turns`` (``haunt``, ability choices, ``reveal_kid`` for scared kids)
-> ... -> ``love`` (``reveal_love``) -> ``over``.

Each handler checks everything first (raising :class:`IllegalAction` with a
reason that names the action and the state), then changes the state; the engine
works on a copy, so an illegal action never changes anything.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import Action, Event, GameSetupError, IllegalAction
from ..text import Text, tr
from . import abilities as ab, actions as A
from .actions import strip_payload
from .kit import Cards
from .state import State, current_player, kid_source, need, slot_of, where_is_candy, where_is_ghost, where_is_kid

#: the steps of a round as the refusals name them ("not during the candy step")
PHASE_WORDS: dict[str, Text] = {
    "setup": tr("setup"), "candy": tr("candy"), "choose": tr("choose"), "tiebreak": tr("tiebreak"),
    "turns": tr("turns"), "love": tr("love"), "over": tr("over")}

#: the note of a hand resolution confirmed with nothing moved (see ``GhostsLoveCandy.chores``)
NOTHING_MOVED = tr("nothing moved")


def phase_word(state: State) -> str:
    phase: str = state["phase"]
    return PHASE_WORDS.get(phase, phase)


def new_state(cards: Cards, players: Sequence[str], options: Mapping[str, Any]) -> State:
    n = len(players)
    big = n >= 5
    slot_count, rounds = (8, 6) if big else (6, 8)
    removed = (4, 6) if big else ()
    colours = assign_colours(cards, players)
    hands, box = {}, []
    for p in players:
        letter = colours[p]
        own = sorted((g for g in cards.ghosts.values() if g.id[0] == letter), key=lambda g: g.value)
        hands[p] = [g.id for g in own if g.value not in removed]
        box += [g.id for g in own if g.value in removed]
    return {
        "game": "GLC", "players": list(players), "options": dict(options), "colours": colours,
        "slot_count": slot_count, "rounds": rounds, "round": 0, "last_round": False, "phase": "setup",
        "slots": [{"kid": None, "candy": [], "ghosts": []} for _ in range(slot_count)],
        "kid_deck": sorted(cards.kids), "candy_deck": sorted(cards.candy), "box": box,
        "discard": {"kids": [], "ghosts": [], "candy": []},
        "hands": hands, "chosen": {}, "revealed": {}, "candied": [], "order": [], "turn": 0, "tie": None,
        "stashes": {p: {"candy": [], "kids": []} for p in players},
        "love": {}, "love_shown": {}, "pending": None, "scare": None, "manual": None,
    }


def assign_colours(cards: Cards, players: Sequence[str]) -> dict[str, str]:
    """A player named after a ghost colour (RED) takes that set; the others take
    the remaining sets in catalog order."""
    out: dict[str, str] = {}
    free = [c for c in cards.colours if c not in players]
    for p in players:
        if p in cards.colours:
            out[p] = cards.colours[p]
        elif free:
            out[p] = cards.colours[free.pop(0)]
        else:
            raise GameSetupError(tr("not enough ghost sets in the catalog for every player"))
    return out


def check_player(state: State, player: str) -> None:
    need(player in state["players"], tr("{player!r} is not playing (players: {players})", player=player,
                                        players=", ".join(state["players"])))


def check_pending(state: State, action: Action) -> None:
    """While a choice or a reveal is pending, only the action that resolves it is legal."""
    p = state["pending"]
    if p is None:
        if isinstance(action, (A.WerewolfPay, A.VampireGive, A.SkeletonSwap, A.NinjaMove, A.MoveScaredKid,
                               A.PlaceBlackCat, A.Skip)):
            raise IllegalAction(tr("{action}: no ability is waiting for a choice now", action=action.type))
        return
    if isinstance(action, A.DealLove):
        return
    fits: dict[str, type[Action] | tuple[type[Action], ...]] = {
        "reveal_kid": A.RevealKid, "werewolf": A.WerewolfPay, "vampire": A.VampireGive,
        "skeleton": (A.SkeletonSwap, A.Skip), "ninja": A.NinjaMove,
        "move_scared_kid": A.MoveScaredKid, "black_cat": (A.PlaceBlackCat, A.Skip),
    }
    if isinstance(action, A.Skip) and p["kind"] == "move_scared_kid":
        raise IllegalAction(tr("skip: the kid's card says \"Move a scared kid\", not \"may\": {player} moves a kid "
                               "from one player's stash to another's (move_scared_kid)", player=p["player"]))
    if not isinstance(action, fits[p["kind"]]):
        raise IllegalAction(tr("{action}: not possible now: the game waits for {pending}", action=action.type,
                               pending=describe_pending(p)))
    who = p.get("player")
    if who is not None and getattr(action, "player", who) != who:
        raise IllegalAction(tr("{action}: it is {player}'s choice, not {other}'s", action=action.type, player=who,
                               other=getattr(action, "player", None)))


def describe_pending(p: dict[str, Any]) -> Text:
    k, who = p["kind"], p.get("player")
    if k == "reveal_kid":
        return tr("a kid revealed into slot {slot} (reveal_kid)", slot=p["slot"])
    if k == "werewolf":
        return tr("{player}'s werewolf choice (werewolf_pay)", player=who)
    if k == "vampire":
        return tr("{player}'s vampire choice (vampire_give)", player=who)
    if k == "skeleton":
        return tr("{player}'s skeleton choice (skeleton_swap or skip)", player=who)
    if k == "ninja":
        return tr("{player}'s ninja choice (ninja_move)", player=who)
    if k == "move_scared_kid":
        return tr("{player}'s move of a scared kid (move_scared_kid)", player=who)
    if k == "black_cat":
        return tr("{player}'s black cat choice (place_black_cat or skip)", player=who)
    raise KeyError(k)


# --------------------------------------------------------------------------- handlers


def apply_action(state: State, cards: Cards, action: Action) -> list[Event]:
    if state["phase"] == "over":
        raise IllegalAction(tr("{action}: the game is over", action=action.type))
    if hasattr(action, "player"):
        check_player(state, action.player)
    check_pending(state, action)
    handler = HANDLERS[type(action)]
    events: list[Event] = []
    handler(state, cards, action, events)
    return events


def _draw_kid(state: State, cards: Cards, kid: int, what: str, events: list[Event]) -> None:
    """Take ``kid`` off the Kid deck, as the table says it was drawn. When the deck
    has run out and the kid is in the discard, the discarded kids are first
    shuffled into a new deck (the rulebook's reshuffle)."""
    if not state["kid_deck"] and kid in state["discard"]["kids"]:
        state["kid_deck"] = sorted(state["discard"]["kids"])
        state["discard"]["kids"] = []
        events.append(Event("reshuffled", tr("the Kid deck ran out: the discarded kids were shuffled into a new "
                                             "Kid deck")))
    need(kid in state["kid_deck"], tr("{action}: {kid} (kid {number}) cannot come from the Kid deck: it is {where}",
                                      action=what, kid=cards.kid_name(kid), number=kid,
                                      where=where_is_kid(state, cards, kid)))
    state["kid_deck"].remove(kid)


def do_reveal_kid(state: State, cards: Cards, a: A.RevealKid, events: list[Event]) -> None:
    slot = slot_of(state, a.slot)
    need(a.kid in cards.kids, tr("reveal_kid: there is no kid number {number} in the catalog", number=a.kid))
    pending = state["pending"]
    if state["phase"] == "setup":
        need(slot["kid"] is None, tr("reveal_kid: slot {slot} already holds {kid}", slot=a.slot,
                                     kid=cards.kid_name(slot["kid"])))
    else:
        need(pending is not None and pending["kind"] == "reveal_kid",
             tr("reveal_kid: no slot is waiting for a new kid now"))
        need(pending["slot"] == a.slot, tr("reveal_kid: the new kid goes into slot {slot}, not {other}",
                                           slot=pending["slot"], other=a.slot))
    _draw_kid(state, cards, a.kid, "reveal_kid", events)
    slot["kid"] = a.kid
    kid = cards.kid(a.kid)
    events.append(Event("kid_revealed", tr("{kid} (courage {courage}) is revealed into slot {slot}", kid=kid.name,
                                           courage=kid.courage, slot=a.slot),
                        {"slot": a.slot, "kid": a.kid}))
    if state["phase"] == "setup":
        if all(s["kid"] is not None for s in state["slots"]):
            state["round"] = 1
            state["phase"] = "candy"
            events.append(Event("round_start", tr("round 1 of {rounds}: place one candy on each kid",
                                                  rounds=state["rounds"])))
            ab.start_candy(state, cards, events)
    else:
        state["pending"] = None
        ab.continue_scares(state, cards, events)


def do_deal_love(state: State, cards: Cards, a: A.DealLove, events: list[Event]) -> None:
    lid = strip_payload(a.love, "LOVE")
    need(lid in cards.love, tr("deal_love: there is no Love card {love!r} (cards: {cards})", love=lid,
                               cards=", ".join(cards.love)))
    need(state["phase"] not in ("love", "over"), tr("deal_love: the Love cards are already being revealed"))
    need(a.player not in state["love"], tr("deal_love: {player} already has a Love card", player=a.player))
    # a Love card dealt to someone else: refused by the engine's whereabouts check,
    # without naming the card or its holder (the reason may be shown to everyone)
    state["love"][a.player] = lid
    events.append(Event("love_dealt", tr("{player}'s Love card is noted (secret)", player=a.player)))


def do_place_candy(state: State, cards: Cards, a: A.PlaceCandy, events: list[Event]) -> None:
    need(state["phase"] == "candy", tr("place_candy: candy is placed at the start of a round, not during the "
                                       "{phase} step", phase=phase_word(state)))
    slot = slot_of(state, a.slot)
    cid = strip_payload(a.candy, "CANDY")
    need(cid in cards.candy, tr("place_candy: there is no candy card {candy!r}", candy=cid))
    need(slot["kid"] is not None, tr("place_candy: slot {slot} holds no kid", slot=a.slot))
    need(a.slot not in state["candied"], tr("place_candy: the kid in slot {slot} already got its candy this round",
                                           slot=a.slot))
    need(cid in state["candy_deck"], tr("place_candy: {candy} cannot come from the Candy deck: it is {where}",
                                        candy=cid, where=where_is_candy(state, cid)))
    state["candy_deck"].remove(cid)
    slot["candy"].append(cid)
    state["candied"] = sorted(state["candied"] + [a.slot])     # a set: one state whatever the order
    events.append(Event("candy_placed", tr("{candy} placed on {kid} (slot {slot})", candy=cards.candy_name(cid),
                                           kid=cards.kid_name(slot["kid"]), slot=a.slot),
                        {"slot": a.slot, "candy": cid}))
    if not state["candy_deck"]:
        state["last_round"] = True
        events.append(Event("last_candy", tr("the last candy has been placed: this is the last round")))
    todo = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None and i not in state["candied"]]
    if not todo or not state["candy_deck"]:
        state["phase"] = "choose"
        events.append(Event("choose", tr("everyone chooses a ghost and places it face down")))


def _check_choosing(state: State, player: str, what: str) -> None:
    need(state["phase"] == "choose", tr("{action}: ghosts are chosen after the candy is placed, not during the "
                                        "{phase} step", action=what, phase=phase_word(state)))
    need(player not in state["revealed"], tr("{action}: {player} already revealed {ghost}", action=what,
                                             player=player, ghost=state["revealed"].get(player)))


def _hand_ghost(state: State, player: str, value: int, what: str) -> str:
    need(isinstance(value, int) and 1 <= value <= 9, tr("{action}: a ghost's value is 1-9, not {value}",
                                                        action=what, value=value))
    gid = ab.ghost_id(state, player, value)
    need(gid in state["hands"][player], tr("{action}: {player} has no {value} in hand: that ghost is {where}",
                                           action=what, player=player, value=value,
                                           where=where_is_ghost(state, gid)))
    return gid


def do_choose(state: State, cards: Cards, a: A.Choose, events: list[Event]) -> None:
    _check_choosing(state, a.player, "choose")
    state["chosen"][a.player] = "?" if a.ghost is None else _hand_ghost(state, a.player, a.ghost, "choose")
    events.append(Event("ghost_chosen", tr("{player} placed a ghost face down", player=a.player)))


def do_reveal(state: State, cards: Cards, a: A.Reveal, events: list[Event]) -> None:
    _check_choosing(state, a.player, "reveal")
    gid = _hand_ghost(state, a.player, a.ghost, "reveal")
    secret = state["chosen"].get(a.player, "?")
    need(secret in ("?", gid), tr("reveal: {player} chose a different ghost face down", player=a.player))
    state["chosen"].pop(a.player, None)
    state["hands"][a.player].remove(gid)
    state["revealed"][a.player] = gid
    events.append(Event("ghost_revealed", tr("{player} reveals ghost {value}", player=a.player, value=a.ghost),
                        {"player": a.player, "ghost": gid}))
    if len(state["revealed"]) == len(state["players"]):
        _turn_order(state, cards, events)


def _value(state: State, cards: Cards, p: str) -> int:
    return cards.ghost_value(state["revealed"][p])


def _turn_order(state: State, cards: Cards, events: list[Event]) -> None:
    by_value: dict[int, list[str]] = {}
    for p in state["players"]:
        by_value.setdefault(_value(state, cards, p), []).append(p)
    groups = [g for v, g in sorted(by_value.items(), reverse=True) if len(g) > 1]
    if groups:
        if kid_source(state):
            state["tie"] = {"groups": groups, "draws": {}}
            state["phase"] = "tiebreak"
            for g in groups:
                events.append(Event("tie", tr("{players} tied with {value}s: each draws a kid from the Kid deck; "
                                              "the highest card number goes first", players=", ".join(g),
                                              value=_value(state, cards, g[0])),
                                    {"players": g}))
            return
        events.append(Event("tie", tr("no kid left to break the tie: tied players go in seat order")))
    _start_turns(state, cards, {}, events)


def _start_turns(state: State, cards: Cards, draws: dict[str, int], events: list[Event]) -> None:
    seat = {p: i for i, p in enumerate(state["players"])}
    order = sorted(state["players"], key=lambda p: (-_value(state, cards, p), -draws.get(p, 0), seat[p]))
    state["order"], state["turn"], state["phase"] = order, 0, "turns"
    text = ", ".join(f"{p} ({_value(state, cards, p)})" for p in order)
    events.append(Event("turn_order", tr("turn order: {order}", order=text), {"order": order}))


def do_tie_draw(state: State, cards: Cards, a: A.TieDraw, events: list[Event]) -> None:
    need(state["phase"] == "tiebreak", tr("tie_draw: no turn-order tie is being broken now"))
    tie = state["tie"]
    tied = [p for g in tie["groups"] for p in g]
    need(a.player in tied, tr("tie_draw: {player} is not tied (tied: {tied})", player=a.player,
                              tied=", ".join(tied)))
    need(a.player not in tie["draws"], tr("tie_draw: {player} already drew {kid}", player=a.player,
                                          kid=cards.kid_name(tie["draws"].get(a.player))))
    need(a.kid in cards.kids, tr("tie_draw: there is no kid number {number} in the catalog", number=a.kid))
    _draw_kid(state, cards, a.kid, "tie_draw", events)
    tie["draws"][a.player] = a.kid
    events.append(Event("tie_draw", tr("{player} draws {kid} (card {number:02d})", player=a.player,
                                       kid=cards.kid_name(a.kid), number=a.kid),
                        {"player": a.player, "kid": a.kid}))
    if len(tie["draws"]) == len(tied) or not kid_source(state):
        # the kids ran out: those who could not draw ("something you can't do, skip that action") go after
        # the tied players who drew, in seat order (the rulebook is silent on their place)
        draws = dict(tie["draws"])
        undrawn = [p for p in tied if p not in draws]
        if undrawn:
            events.append(Event("tie", tr("no kid left to draw for {players}: after the tied players who drew, "
                                          "in seat order", players=", ".join(undrawn)), {"players": undrawn}))
        state["discard"]["kids"].extend(draws[p] for p in tied if p in draws)
        state["tie"] = None
        events.append(Event("tie_discard", tr("the kids drawn for the tie-break are discarded")))
        _start_turns(state, cards, draws, events)


def do_haunt(state: State, cards: Cards, a: A.Haunt, events: list[Event]) -> None:
    need(state["phase"] == "turns", tr("haunt: players haunt during their turns, not during the {phase} step",
                                       phase=phase_word(state)))
    need(state["scare"] is None, tr("haunt: the scare checks are not finished"))
    cur = current_player(state)
    need(a.player == cur, tr("haunt: it is {player}'s turn, not {other}'s", player=cur, other=a.player))
    slot = slot_of(state, a.slot)
    need(slot["kid"] is not None, tr("haunt: slot {slot} holds no kid", slot=a.slot))
    kid = cards.kid(slot["kid"])
    source = slot
    if a.take_from is not None and a.take_from != a.slot:
        need(kid.ability == "pirate", tr("haunt: take_from is only for the PIRATE; {kid} is in slot {slot}",
                                         kid=kid.name, slot=a.slot))
        source = slot_of(state, a.take_from)
        need(source["kid"] is not None, tr("haunt: slot {slot} holds no kid to take candy from",
                                           slot=a.take_from))
    state["manual"] = None
    ghost = state["revealed"].pop(a.player)
    prev_top = slot["ghosts"][-1] if slot["ghosts"] else None
    slot["ghosts"].append(ghost)
    taken = list(source["candy"])
    source["candy"] = []
    state["stashes"][a.player]["candy"].extend(taken)
    said = {"player": a.player, "kid": kid.name, "slot": a.slot, "ghost": ghost, "value": cards.ghost_value(ghost),
            "candy": ", ".join(taken)}
    if not taken:
        text = tr("{player} haunts {kid} (slot {slot}) with {ghost} (value {value}) and takes no candy (none there)",
                  **said)
    elif source is slot:
        text = tr("{player} haunts {kid} (slot {slot}) with {ghost} (value {value}) and takes {candy}", **said)
    else:
        text = tr("{player} haunts {kid} (slot {slot}) with {ghost} (value {value}) and takes {candy} from "
                  "{other_kid} (slot {other_slot})", **said, other_kid=cards.kid_name(source["kid"]),
                  other_slot=a.take_from)
    events.append(Event("haunted", text, {"player": a.player, "slot": a.slot, "ghost": ghost, "candy": taken}))
    ab.on_haunt(state, cards, a.player, a.slot, prev_top, ghost, events)
    if state["pending"] is None:
        ab.begin_scares(state, cards, a.player, events)


def do_werewolf_pay(state: State, cards: Cards, a: A.WerewolfPay, events: list[Event]) -> None:
    cid = strip_payload(a.candy, "CANDY")
    ab.candy_from_stash(state, a.player, cid)
    slot = state["slots"][state["pending"]["slot"] - 1]
    slot["candy"].append(cid)
    events.append(Event("ability", tr("WEREWOLF: {player} puts {candy} from their stash on him", player=a.player,
                                      candy=cid)))
    ab.after_pending(state, cards, events)


def do_vampire_give(state: State, cards: Cards, a: A.VampireGive, events: list[Event]) -> None:
    cid = strip_payload(a.candy, "CANDY")
    to = state["pending"]["to"]
    ab.candy_from_stash(state, a.player, cid)
    state["stashes"][to]["candy"].append(cid)
    events.append(Event("ability", tr("VAMPIRE: {player} gives {candy} to {to}", player=a.player, candy=cid, to=to)))
    ab.after_pending(state, cards, events)


def do_skeleton_swap(state: State, cards: Cards, a: A.SkeletonSwap, events: list[Event]) -> None:
    give = _hand_ghost(state, a.player, a.give, "skeleton_swap")
    take = ab.ghost_id(state, a.player, a.take) if 1 <= a.take <= 9 else f"?{a.take}"
    need(take in state["discard"]["ghosts"], tr("skeleton_swap: {player}'s {value} is not in the discard: it is "
                                                "{where}", player=a.player, value=a.take,
                                                where=where_is_ghost(state, take)))
    state["hands"][a.player].remove(give)
    state["hands"][a.player].append(take)
    state["hands"][a.player].sort(key=cards.ghost_value)
    state["discard"]["ghosts"].remove(take)
    state["discard"]["ghosts"].append(give)
    events.append(Event("ability", tr("SKELETON: {player} swaps the {give} in hand for the {take} from the discard",
                                      player=a.player, give=a.give, take=a.take)))
    ab.after_pending(state, cards, events)


def do_ninja_move(state: State, cards: Cards, a: A.NinjaMove, events: list[Event]) -> None:
    gid = strip_payload(a.ghost, "GHOST")
    need(gid in cards.ghosts, tr("ninja_move: there is no ghost {ghost!r}", ghost=gid))
    src = next((i for i, s in enumerate(state["slots"], 1) if gid in s["ghosts"]), None)
    if src is None:
        raise IllegalAction(tr("ninja_move: {ghost} is not in the neighbourhood: it is {where}", ghost=gid,
                               where=where_is_ghost(state, gid)))
    dest = slot_of(state, a.to_slot)
    need(a.to_slot != src, tr("ninja_move: {ghost} is already under the kid in slot {slot}", ghost=gid, slot=src))
    need(dest["kid"] is not None, tr("ninja_move: slot {slot} holds no kid", slot=a.to_slot))
    pile = state["slots"][src - 1]["ghosts"]
    if state["options"].get("ninja_moves") == "top":
        need(pile[-1] == gid, tr("ninja_move: only the top ghost of a pile may move ({ghost} in slot {slot})",
                                 ghost=pile[-1], slot=src))
    pile.remove(gid)
    dest["ghosts"].append(gid)
    events.append(Event("ability", tr("NINJA: {player} moves {ghost} from slot {slot} to the top of the pile under "
                                      "{kid} (slot {to_slot}); its owner gets no candy and no ability",
                                      player=a.player, ghost=gid, slot=src, kid=cards.kid_name(dest["kid"]),
                                      to_slot=a.to_slot), {"ghost": gid, "from": src, "to": a.to_slot}))
    ab.after_pending(state, cards, events)


def do_move_scared_kid(state: State, cards: Cards, a: A.MoveScaredKid, events: list[Event]) -> None:
    check_player(state, a.to)
    holder = next((p for p, st in state["stashes"].items() if a.kid in st["kids"]), None)
    need(holder is not None, tr("move_scared_kid: {kid} (kid {number}) is not in a stash: it is {where}",
                                kid=cards.kid_name(a.kid), number=a.kid,
                                where=where_is_kid(state, cards, a.kid) if a.kid in cards.kids
                                else tr("not in the catalog")))
    need(holder != a.to, tr("move_scared_kid: {kid} is already in {player}'s stash", kid=cards.kid_name(a.kid),
                            player=a.to))
    state["stashes"][holder]["kids"].remove(a.kid)
    state["stashes"][a.to]["kids"].append(a.kid)
    events.append(Event("ability", tr("{player} moves {kid} from {holder}'s stash to {to}'s", player=a.player,
                                      kid=cards.kid_name(a.kid), holder=holder, to=a.to)))
    ab.after_pending(state, cards, events)


def do_place_black_cat(state: State, cards: Cards, a: A.PlaceBlackCat, events: list[Event]) -> None:
    check_player(state, a.to)
    p = state["pending"]
    if a.to != p["holder"]:
        state["stashes"][p["holder"]]["kids"].remove(p["kid"])
        state["stashes"][a.to]["kids"].append(p["kid"])
    events.append(Event("ability", tr("{kid}: {player} places her in {to}'s stash", kid=cards.kid_name(p["kid"]),
                                      player=a.player, to=a.to),
                        {"to": a.to}))
    _black_cat_done(state, cards, events)


def _black_cat_done(state: State, cards: Cards, events: list[Event]) -> None:
    p = state["pending"]
    state["pending"] = None
    if ab.replace_kid(state, cards, p["slot"], p["player"], p["kid"], events):
        return
    ab.continue_scares(state, cards, events)


def do_skip(state: State, cards: Cards, a: A.Skip, events: list[Event]) -> None:
    p = state["pending"]
    need(p["kind"] in ab.OPTIONAL, tr("skip: {pending} is not optional", pending=describe_pending(p)))
    if p["kind"] == "skeleton":
        text = tr("{player} does not use the skeleton ability", player=a.player)
    else:
        text = tr("{player} does not use the black cat ability", player=a.player)
    events.append(Event("skip", text))
    if p["kind"] == "black_cat":
        _black_cat_done(state, cards, events)
    else:
        ab.after_pending(state, cards, events)


def do_resolve(state: State, cards: Cards, a: A.Resolve, events: list[Event]) -> None:
    from .manual import apply_moves
    m = state["manual"]
    need(m is not None, tr("resolve: no ability is waiting to be resolved by hand"))
    need(a.player == m["player"], tr("resolve: {player} resolves the {kid} by hand, not {other}", player=m["player"],
                                     kid=cards.kid_name(m["kid"]), other=a.player))
    apply_moves(state, cards, a.moves, events)
    state["manual"] = None
    note = NOTHING_MOVED if a.note == NOTHING_MOVED else a.note      # the confirm's note, said in any language
    text = (tr("{player} resolved {kid} by hand: {note}", player=a.player, kid=cards.kid_name(m["kid"]), note=note)
            if note else tr("{player} resolved {kid} by hand", player=a.player, kid=cards.kid_name(m["kid"])))
    events.append(Event("resolved", text, {"moves": list(a.moves)}))
    emptied = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is None]
    if state["phase"] in ("turns", "candy", "choose", "tiebreak"):
        if emptied and (state["kid_deck"] or state["discard"]["kids"]):
            state["pending"] = {"kind": "reveal_kid", "slot": emptied[0]}
            state["scare"] = {"next": emptied[0] + 1, "player": a.player, "ends_turn": False}
            return
        ab.begin_scares(state, cards, a.player, events, ends_turn=False)


def do_reveal_love(state: State, cards: Cards, a: A.RevealLove, events: list[Event]) -> None:
    need(state["phase"] == "love", tr("reveal_love: Love cards are revealed at the end of the game"))
    lid = strip_payload(a.love, "LOVE")
    need(lid in cards.love, tr("reveal_love: there is no Love card {love!r} (cards: {cards})", love=lid,
                               cards=", ".join(cards.love)))
    need(a.player not in state["love_shown"], tr("reveal_love: {player} already revealed {love}", player=a.player,
                                                 love=state["love_shown"].get(a.player)))
    others = [p for p, l in state["love_shown"].items() if l == lid]
    need(not others, tr("reveal_love: {love} was revealed by {player}; there is one of each", love=lid,
                        player=others[0] if others else ""))
    dealt = state["love"].get(a.player)
    need(dealt in (None, lid), tr("reveal_love: {player} was dealt a different Love card", player=a.player))
    state["love_shown"][a.player] = lid
    events.append(Event("love_revealed", tr("{player} reveals {love}", player=a.player, love=cards.love_name(lid)),
                        {"player": a.player, "love": lid}))
    if len(state["love_shown"]) == len(state["players"]):
        state["phase"] = "over"
        events.append(Event("over", tr("every Love card is revealed: the game is over")))


HANDLERS: dict[type[Action], Callable[[State, Cards, Any, list[Event]], None]] = {
    A.RevealKid: do_reveal_kid, A.DealLove: do_deal_love, A.PlaceCandy: do_place_candy, A.Choose: do_choose,
    A.Reveal: do_reveal, A.TieDraw: do_tie_draw, A.Haunt: do_haunt, A.WerewolfPay: do_werewolf_pay,
    A.VampireGive: do_vampire_give, A.SkeletonSwap: do_skeleton_swap, A.NinjaMove: do_ninja_move,
    A.MoveScaredKid: do_move_scared_kid, A.PlaceBlackCat: do_place_black_cat, A.Skip: do_skip,
    A.Resolve: do_resolve, A.RevealLove: do_reveal_love,
}


#: answers to a pending ability or reveal, and a Love card dealt late: possible
#: whenever the game waits for one, in every step of a round
_ANYTIME = (A.RevealKid, A.DealLove, A.WerewolfPay, A.VampireGive, A.SkeletonSwap, A.NinjaMove, A.MoveScaredKid,
            A.PlaceBlackCat, A.Skip, A.Resolve)

#: the actions each phase allows (the engine refuses the others)
PHASES: dict[str, tuple[type[Action], ...]] = {
    "setup": (A.RevealKid, A.DealLove), "candy": (A.PlaceCandy, *_ANYTIME),
    "choose": (A.Choose, A.Reveal, *_ANYTIME), "tiebreak": (A.TieDraw, *_ANYTIME),
    "turns": (A.Haunt, *_ANYTIME), "love": (A.RevealLove,), "over": ()}
