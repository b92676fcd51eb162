"""Kid abilities, the Scare Kids step and the end of a turn.

A turn: haunt -> take candy -> resolve the haunted kid's ability -> scare checks
in table order (slot 1, next to the Kid deck, first; each kid once). An ability
that needs a choice sets ``state["pending"]`` and the scare checks wait for the
action that resolves it. A scared kid that needs a replacement from the Kid deck
also sets a pending ``reveal_kid``: the table tells which kid came up, then the
checks go on from the next slot ("Immediately reveal ... then continue
checking"), so a CHEERLEADER revealed mid-check protects her new neighbours.

Abilities (``ability`` column of kids.csv):

* ``werewolf``: haunted with a ghost of equal or lower value than the previous top
  ghost -> the haunter puts 1 candy from their stash on him (pending ``werewolf``);
* ``vampire``: the haunter gives 1 candy to the previous top ghost's owner (pending);
* ``skeleton``: may swap a ghost in hand for an own ghost in the discard (pending, optional);
* ``ninja``: move a ghost in the neighbourhood to another kid's pile (pending);
* ``pirate``: take the candy of any kid instead (``haunt.take_from``);
* ``move_scared_kid``: moves a kid from a stash to another stash (pending; the card says
  "Move", not "may": no skip, and it is pending only when a stash holds a kid);
* ``zombie``: in your stash the next time you scare a kid, it replaces that kid;
* ``black_cat``: whoever scares her may put her in any stash (pending, optional);
* ``cheerleader``: kids next to her cannot get scared;
* anything else: the table resolves it by hand (``state["manual"]``; the
  ``resolve`` action records what they did; it does not block the game).
"""
from __future__ import annotations

from typing import Any

from ..engine import Event, IllegalAction
from ..text import tr, trn
from .kit import Cards
from .state import State, current_player, ghost_total, need, owner_of_ghost

#: the pending abilities whose card says "may": ``skip`` declines them
OPTIONAL = ("skeleton", "black_cat")


def on_haunt(state: State, cards: Cards, player: str, slot_no: int, prev_top: str | None,
             ghost: str, events: list[Event]) -> None:
    """Step 3 of a turn: the haunted kid's ability. Sets a pending choice, or
    opens a by-hand resolution, or does nothing."""
    slot = state["slots"][slot_no - 1]
    kid = cards.kid(slot["kid"])
    stash = state["stashes"][player]
    a = kid.ability
    if a == "werewolf":
        if prev_top is not None and cards.ghost_value(ghost) <= cards.ghost_value(prev_top):
            if stash["candy"]:
                state["pending"] = {"kind": "werewolf", "player": player, "slot": slot_no}
            else:
                events.append(Event("ability", tr("WEREWOLF: {player} has no candy to put on him, so nothing happens",
                                                  player=player)))
    elif a == "vampire":
        before = owner_of_ghost(state, prev_top) if prev_top else None
        if before is None:
            events.append(Event("ability", tr("VAMPIRE: nobody haunted him before, so nothing happens")))
        elif before == player:
            events.append(Event("ability", tr("VAMPIRE: {player} haunted him last, so nothing happens",
                                              player=player)))
        elif not stash["candy"]:
            events.append(Event("ability", tr("VAMPIRE: {player} has no candy to give, so nothing happens",
                                              player=player)))
        else:
            state["pending"] = {"kind": "vampire", "player": player, "to": before, "slot": slot_no}
    elif a == "skeleton":
        letter = state["colours"][player]
        own = [g for g in state["discard"]["ghosts"] if owner_of_ghost(state, g) == player]
        if own and state["hands"][player]:
            state["pending"] = {"kind": "skeleton", "player": player, "slot": slot_no}
        else:
            events.append(Event("ability", tr("SKELETON: {player} has no ghost of colour {letter} in the discard "
                                              "or none in hand, so nothing happens", player=player, letter=letter)))
    elif a == "ninja":
        state["pending"] = {"kind": "ninja", "player": player, "slot": slot_no}
    elif a == "move_scared_kid":
        if any(st["kids"] for st in state["stashes"].values()):
            state["pending"] = {"kind": "move_scared_kid", "player": player, "slot": slot_no}
        else:
            events.append(Event("ability", tr("{kid}: no stash holds a kid, so nothing happens", kid=kid.name)))
    elif not kid.implemented:
        state["manual"] = {"player": player, "kid": kid.number, "slot": slot_no}
        events.append(Event("manual", tr("{kid}'s ability is resolved by hand at the table: {text}",
                                         kid=kid.name, text=kid.text),
                            {"kid": kid.number}))


def begin_scares(state: State, cards: Cards, player: str, events: list[Event], ends_turn: bool = True) -> None:
    """Step 4: check every kid from slot 1, then end the turn (unless ``ends_turn`` is False)."""
    state["scare"] = {"next": 1, "player": player, "ends_turn": ends_turn}
    continue_scares(state, cards, events)


def protected(state: State, cards: Cards, slot_no: int) -> str | None:
    """The name of a CHEERLEADER next to ``slot_no``, if any."""
    for n in (slot_no - 1, slot_no + 1):
        if 1 <= n <= state["slot_count"]:
            k = state["slots"][n - 1]["kid"]
            if k is not None and cards.kid(k).ability == "cheerleader":
                return cards.kid(k).name
    return None


def continue_scares(state: State, cards: Cards, events: list[Event]) -> None:
    """Go on checking from ``state["scare"]["next"]`` until a choice or a reveal is needed."""
    sc = state["scare"]
    while sc["next"] <= state["slot_count"]:
        n = sc["next"]
        slot = state["slots"][n - 1]
        sc["next"] = n + 1
        if slot["kid"] is None or not slot["ghosts"]:
            continue
        kid = cards.kid(slot["kid"])
        total = ghost_total(state, cards, slot)
        if total < kid.courage:
            continue
        guard = protected(state, cards, n)
        if guard:
            events.append(Event("protected", tr("{kid} (slot {slot}) has {total} against courage {courage} "
                                                "but cannot get scared next to the {guard}",
                                                kid=kid.name, slot=n, total=total, courage=kid.courage,
                                                guard=guard), {"slot": n}))
            continue
        if scare_kid(state, cards, n, total, events):
            return
    finish_scares(state, cards, events)


def scarer_of(state: State, holder: str) -> str:
    """Who "scares" the kid for the ZOMBIE and the BLACK CAT (option ``scarer``)."""
    if state["options"].get("scarer") == "current_player":
        return state["scare"]["player"]
    return holder


def scare_kid(state: State, cards: Cards, n: int, total: int, events: list[Event]) -> bool:
    """Scare the kid in slot ``n``. True when the checks must wait for a choice or a reveal."""
    slot = state["slots"][n - 1]
    kid = cards.kid(slot["kid"])
    holder = owner_of_ghost(state, slot["ghosts"][-1]) or state["scare"]["player"]
    state["stashes"][holder]["kids"].append(kid.number)
    ghosts, candy = list(slot["ghosts"]), list(slot["candy"])
    state["discard"]["ghosts"].extend(ghosts)
    state["discard"]["candy"].extend(candy)
    slot.update(kid=None, ghosts=[], candy=[])
    params = {"kid": kid.name, "slot": n, "total": total, "courage": kid.courage, "player": holder,
              "ghosts": ", ".join(ghosts), "candy": ", ".join(candy)}
    text = (tr("{kid} (slot {slot}) is scared: {total} against courage {courage}. {kid} goes to {player}'s stash; "
               "the ghosts {ghosts} are discarded; its candy ({candy}) is discarded", **params) if candy else
            tr("{kid} (slot {slot}) is scared: {total} against courage {courage}. {kid} goes to {player}'s stash; "
               "the ghosts {ghosts} are discarded", **params))
    events.append(Event("scared", text,
                        {"slot": n, "kid": kid.number, "to": holder, "ghosts": ghosts, "candy": candy}))
    scarer = scarer_of(state, holder)
    if kid.ability == "black_cat":
        state["pending"] = {"kind": "black_cat", "player": scarer, "slot": n, "holder": holder,
                            "kid": kid.number}
        return True
    return replace_kid(state, cards, n, scarer, kid.number, events)


def replace_kid(state: State, cards: Cards, n: int, scarer: str, scared: int, events: list[Event]) -> bool:
    """Fill slot ``n`` after a scare: the scarer's ZOMBIE, or a kid from the deck
    (pending reveal). True when waiting for the reveal."""
    stash = state["stashes"][scarer]
    zombies = [k for k in stash["kids"] if k != scared and cards.kid(k).ability == "zombie"]
    if zombies:
        z = zombies[0]
        stash["kids"].remove(z)
        state["slots"][n - 1]["kid"] = z
        events.append(Event("zombie", tr("{kid} leaves {player}'s stash and replaces the scared kid in slot {slot}: "
                                         "no kid is revealed", kid=cards.kid(z).name, player=scarer, slot=n),
                            {"slot": n, "kid": z}))
        return False
    if not state["kid_deck"] and not state["discard"]["kids"]:
        events.append(Event("no_kid", tr("no kid is left in the Kid deck or the discard: slot {slot} stays empty",
                                         slot=n)))
        return False
    state["pending"] = {"kind": "reveal_kid", "slot": n}
    return True


def finish_scares(state: State, cards: Cards, events: list[Event]) -> None:
    sc = state["scare"]
    state["scare"] = None
    if sc["ends_turn"]:
        end_turn(state, cards, events)


def end_turn(state: State, cards: Cards, events: list[Event]) -> None:
    state["turn"] += 1
    if state["turn"] < len(state["order"]):
        return
    # end of the round
    events.append(Event("round_end", tr("round {round} is over", round=state["round"])))
    state["order"], state["turn"], state["candied"] = [], 0, []
    state["revealed"] = {}
    out_of_ghosts = any(not h for h in state["hands"].values())
    if state["last_round"] or not state["candy_deck"] or out_of_ghosts:
        state["phase"] = "love"
        state["manual"] = None
        events.append(Event("game_end", tr("the last candy has been placed and the round is finished: "
                                           "everyone reveals their Love card")))
    else:
        state["round"] += 1
        state["phase"] = "candy"
        start_candy(state, cards, events)


def start_candy(state: State, cards: Cards, events: list[Event]) -> None:
    """Begin Place Candy; with nothing to place (no kid in any slot), go on to choosing ghosts."""
    if not any(s["kid"] is not None for s in state["slots"]) or not state["candy_deck"]:
        state["phase"] = "choose"


def after_pending(state: State, cards: Cards, events: list[Event]) -> None:
    """An ability choice was made (or skipped): run or continue the scare checks."""
    state["pending"] = None
    if state["scare"] is None:
        player = current_player(state)
        if player is None:
            raise IllegalAction(tr("resolve: no turn in progress"))
        begin_scares(state, cards, player, events)
    else:
        continue_scares(state, cards, events)


def candy_from_stash(state: State, player: str, candy: str) -> None:
    st = state["stashes"][player]
    need(candy in st["candy"], tr("{candy} is not in {player}'s stash (it holds {held})", candy=candy, player=player,
                                  held=", ".join(st["candy"])) if st["candy"] else
         tr("{candy} is not in {player}'s stash (it holds no candy)", candy=candy, player=player))
    st["candy"].remove(candy)


def ghost_id(state: State, player: str, value: int) -> str:
    return f"{state['colours'][player]}{value}"


def pending_text(state: State, cards: Cards, p: dict[str, Any]) -> str:
    """What a pending choice asks for, in plain words."""
    k = p["kind"]
    who = p.get("player")
    if k == "reveal_kid":
        if not state["kid_deck"]:
            return trn("The Kid deck is empty: shuffle the {n} discarded kid into a new Kid deck, then reveal "
                       "its top kid into slot {slot}",
                       "The Kid deck is empty: shuffle the {n} discarded kids into a new Kid deck, then reveal "
                       "its top kid into slot {slot}", len(state["discard"]["kids"]), slot=p["slot"])
        return tr("Reveal the top kid of the Kid deck into slot {slot}", slot=p["slot"])
    if k == "werewolf":
        return tr("{player}: WEREWOLF — put 1 candy from your stash on the WEREWOLF (slot {slot})",
                  player=who, slot=p["slot"])
    if k == "vampire":
        return tr("{player}: VAMPIRE — give 1 candy from your stash to {to}", player=who, to=p["to"])
    if k == "skeleton":
        return tr("{player}: SKELETON — you may swap a ghost from your hand for one of your own in the discard "
                  "(or skip)", player=who)
    if k == "ninja":
        return tr("{player}: NINJA — move a ghost in the neighbourhood to the top of another kid's pile",
                  player=who)
    if k == "move_scared_kid":
        name = cards.kid_name(state["slots"][p["slot"] - 1]["kid"])
        return tr("{player}: {kid} — move a kid from any player's stash to any other player's stash",
                  player=who, kid=name)
    if k == "black_cat":
        return tr("{player}: you scared the BLACK CAT — she is in {holder}'s stash; you may move her to any "
                  "player's stash (or skip)", player=who, holder=p["holder"])
    return f"{who}: {k}"
