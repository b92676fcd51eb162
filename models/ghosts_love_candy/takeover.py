"""Taking a game of Ghosts Love Candy over as it lies (``Game.takeover_questions``
and ``Game.from_table``).

What the table shows is taken exactly: the kids in the slots, the candy on them,
each ghost pile in its order, every stash, the ghosts revealed in front of the
players, the Love cards turned up, the discards. What no camera sees is what the
catalog leaves over, never a guess: a player's hand is the rest of their ghost
set (the ghosts 4 and 6 of a 5-6 player game stay in the box), the Kid deck the
kids not on the table, the Candy deck the candies not on the table. That holds
only if the discard piles are spread so that every discarded card shows: a pile
hides all but its top card, and a hidden discarded ghost would be taken for one
in hand. The counts below refuse most tables where it was not.

Every ghost a player has played is on the table, so the ghosts tell the round
and the step: in round r every player has played r-1 ghosts before revealing
one; everyone's revealed ghost lies in front of them until they haunt. The
candy tells how far the Place Candy step went (each round puts one on every
kid). Asked, because the table cannot tell:

* ``candied``: which kids already got this round's candy, when some but not all
  did (the candy of earlier rounds lies beside it);
* ``order``: the turn order of the players still to haunt, when some revealed
  equal ghosts (the tie-break's kids went to the discard), and, before anyone
  haunted, whether the tied players are still drawing kids;
* ``draw_<PLAYER>``: then, only when the answer is that they are still
  drawing (``Question.when``), which of the kids in front of a tied player is
  the one they drew (a stash also lies there);
* ``last_haunt``: whether the kid haunted last is still being resolved: its
  ability waiting for the haunter's choice (the WEREWOLF's candy, the NINJA's
  move...: the turn is not over), or, one the engine does not implement, being
  done by hand (and which: a kid whose top ghost is of a player who already
  haunted).

Not asked, and assumed: that no scare is under way (a kid scared in the last
turn is already replaced: an empty slot is refused), a Love card not dealt on
record (``deal_love`` is optional), no ghost chosen face down (``choose`` is
optional). The order in which the players who already haunted this round played
is not on the table and no rule reads it: every state keeps them in seat order
(``state.canonical_sets``), so a game taken over is the very state of the game
followed from its start.
"""
from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine import IllegalAction
from ..takeover import Question
from ..text import Text, tr
from . import rules
from .kit import Cards
from .layout import expected_table
from .state import State, kid_source

#: the abilities that wait for the haunter's choice before the Scare Kids step
CHOOSING = ("werewolf", "vampire", "skeleton", "ninja", "move_scared_kid")

SPREAD = tr("spread the discard piles and any squared ghost pile so that every card shows (a pile hides all "
            "but its top card)")


def _refuse(reason: Text) -> IllegalAction:
    return IllegalAction(tr("take over: {reason}", reason=reason))


class Survey:
    """What a reading says about the game: the state as far as the table tells it
    (``state``) and what is still to be asked (``questions``)."""

    def __init__(self, cards: Cards, players: Sequence[str], options: Mapping[str, Any],
                 reading: Mapping[str, Any]):
        self.cards = cards
        state = rules.new_state(cards, players, options)
        self.state = state
        self.questions: list[Question] = []
        self.kid_slots: list[int] = []
        self.tied: list[str] = []
        self.remaining: list[str] = []
        self._read(reading)
        self._step()
        self._ask_last_haunt()

    # ---- the visible table

    def _read(self, reading: Mapping[str, Any]) -> None:
        state, cards = self.state, self.cards
        problems = reading.get("problems") or []
        if problems:
            raise _refuse(tr("the camera cannot read the table: {problems}",
                             problems="; ".join(str(p) for p in problems)))
        if set(reading["seats"]) != set(state["players"]) or len(reading["slots"]) != state["slot_count"]:
            raise _refuse(tr("the table is laid out for other players or another neighbourhood"))
        letters = {letter: p for p, letter in state["colours"].items()}
        box = set(state["box"])
        seen: set[tuple[str, Any]] = set()

        def once(kind: str, ref: Any) -> None:
            if (kind, ref) in seen:
                raise _refuse(tr("{card} is seen twice", card=str(ref)))
            seen.add((kind, ref))
            if kind == "ghost":
                if ref[:1] not in letters:
                    raise _refuse(tr("ghost {ghost} belongs to a colour nobody plays: put it back in the box",
                                     ghost=ref))
                if ref in box:
                    raise _refuse(tr("ghost {ghost} is not used with {n} players: put it back in the box",
                                     ghost=ref, n=len(state["players"])))

        for i, s in enumerate(reading["slots"], 1):
            slot = state["slots"][i - 1]
            if s["kid"] is None and (s["candy"] or s["ghosts"]):
                raise _refuse(tr("cards lie in slot {slot}, where no kid is: put the kid back or clear the slot",
                                 slot=i))
            slot.update(kid=s["kid"], candy=sorted(s["candy"]), ghosts=list(s["ghosts"]))
            if s["kid"] is not None:
                once("kid", s["kid"])
            for c in s["candy"]:
                once("candy", c)
            for g in s["ghosts"]:
                once("ghost", g)
        for p in state["players"]:
            seat = reading["seats"][p]
            for k in seat["kids"]:
                once("kid", k)
            for c in seat["candy"]:
                once("candy", c)
            for g in seat["ghosts"]:
                once("ghost", g)
                if letters[g[:1]] != p:
                    raise _refuse(tr("ghost {ghost} lies in front of {player}: only its owner, {owner}, reveals it",
                                     ghost=g, player=p, owner=letters[g[:1]]))
            if len(seat["ghosts"]) > 1:
                raise _refuse(tr("{player} has {n} ghosts face up in front of them: a player reveals one a round",
                                 player=p, n=len(seat["ghosts"])))
            if len(seat["love"]) > 1:
                raise _refuse(tr("{player} has {n} Love cards face up: each player has one", player=p,
                                 n=len(seat["love"])))
            for lid in seat["love"]:
                once("love", lid)
                state["love_shown"][p] = lid
            state["stashes"][p] = {"candy": sorted(seat["candy"]), "kids": sorted(seat["kids"])}
            if seat["ghosts"]:
                state["revealed"][p] = seat["ghosts"][0]
        for kind in ("kids", "ghosts", "candy"):
            for r in reading["discard"][kind]:
                once({"kids": "kid", "ghosts": "ghost", "candy": "candy"}[kind], r)
            state["discard"][kind] = sorted(reading["discard"][kind])
        shown = {r for k, r in seen if k == "ghost"}
        for p in state["players"]:
            state["hands"][p] = [g for g in state["hands"][p] if g not in shown]
        state["kid_deck"] = sorted(set(cards.kids) - {r for k, r in seen if k == "kid"})
        state["candy_deck"] = sorted(set(cards.candy) - {r for k, r in seen if k == "candy"})
        self.seen = seen

    # ---- the round and its step

    def _step(self) -> None:
        state, cards = self.state, self.cards
        players = state["players"]
        start = {p: len(rules.new_state(cards, players, state["options"])["hands"][p]) for p in players}
        out = {p: start[p] - len(state["hands"][p]) for p in players}   # ghosts played (and revealed)
        rev = state["revealed"]
        hi, lo = max(out.values()), min(out.values())
        kid_slots = [i for i, s in enumerate(state["slots"], 1) if s["kid"] is not None]
        self.kid_slots = kid_slots
        candy_out = sum(1 for k, _ in self.seen if k == "candy")
        stashed = any(st["kids"] or st["candy"] for st in state["stashes"].values())
        if hi == 0 and len(kid_slots) < state["slot_count"] and not candy_out and not stashed \
                and not state["discard"]["kids"] and not state["love_shown"]:
            state["phase"], state["round"] = "setup", 0
            return
        if hi - lo > 1 or any(out[p] != hi for p in rev) or (lo < hi and any(out[p] == hi for p in players
                                                                              if p not in rev)):
            counts = ", ".join(f"{p} {out[p]}" for p in players)
            raise _refuse(tr("the players have played different numbers of ghosts ({counts}): {spread}",
                             counts=counts, spread=SPREAD))
        empty = [i for i in range(1, state["slot_count"] + 1) if i not in kid_slots]
        if empty and (state["kid_deck"] or state["discard"]["kids"]):
            raise _refuse(tr("slot {slot} holds no kid: reveal the top kid of the Kid deck into it (the Scare Kids "
                             "step) before taking the game over", slot=empty[0]))
        state["last_round"] = not state["candy_deck"]
        # the end: every round played, a hand empty, or the deck emptied in a round already played
        ended = hi >= state["rounds"] or any(not h for h in state["hands"].values()) or \
            (state["last_round"] and candy_out <= state["slot_count"] * hi)
        if state["love_shown"] or (not rev and ended):
            if rev:
                raise _refuse(tr("Love cards are face up while ghosts are still to haunt: the Love cards are "
                                 "revealed at the end"))
            state["round"] = hi
            state["phase"] = "over" if len(state["love_shown"]) == len(players) else "love"
            return
        if not rev:                     # Place Candy, or choosing before anyone revealed
            state["round"] = hi + 1
            placed = candy_out - state["slot_count"] * hi
            if not 0 <= placed <= len(kid_slots):
                raise _refuse(tr("{n} candies are on the table, and in round {round} it holds {expected} to "
                                 "{most}: {spread}", n=candy_out, round=hi + 1,
                                 expected=state["slot_count"] * hi, most=state["slot_count"] * hi + len(kid_slots),
                                 spread=SPREAD))
            if placed == len(kid_slots) or state["last_round"]:
                state["phase"], state["candied"] = "choose", list(range(1, state["slot_count"] + 1))
            else:
                state["phase"] = "candy"
                if placed:
                    self._ask_candied(placed)
            return
        state["round"] = hi
        state["candied"] = list(range(1, state["slot_count"] + 1))
        if lo < hi:
            state["phase"] = "choose"
            return
        self._ask_order()

    def _ask_candied(self, placed: int) -> None:
        choices = [(",".join(map(str, c)), tr("slots {slots}", slots=", ".join(map(str, c))))
                   for c in itertools.combinations(self.kid_slots, placed)]
        self.questions.append(Question(
            "candied", tr("Place Candy is under way: which kids already got this round's candy?"), tuple(choices)))

    def _ask_order(self) -> None:
        state, cards = self.state, self.cards
        players = state["players"]
        rev = state["revealed"]
        played = [p for p in players if p not in rev]
        remaining = sorted(rev, key=lambda p: (-cards.ghost_value(rev[p]), players.index(p)))
        state["phase"], state["turn"] = "turns", len(played)
        state["order"] = played + remaining
        self.remaining = remaining
        groups: dict[int, list[str]] = {}
        for p in remaining:
            groups.setdefault(cards.ghost_value(rev[p]), []).append(p)
        ties = [g for g in groups.values() if len(g) > 1]
        if not ties:
            return
        # tied players draw while a kid is left (the kids already drawn lie in front of them): with none left
        # the tie is over, or was never broken (seat order), and the order is asked like any other
        breakable = not played and bool(kid_source(state))
        if not played and not breakable and not any(state["stashes"][p]["kids"] for g in ties for p in g):
            return                      # no kid left to draw and none drawn: the tied players go in seat order
        orders = [list(itertools.chain.from_iterable(o))
                  for o in itertools.product(*(itertools.permutations(g) for g in groups.values()))]
        choices: list[tuple[Any, str]] = [(",".join(o), " > ".join(o)) for o in orders]
        if breakable:
            self.tied = [p for g in ties for p in g]
            choices.append(("tie", tr("not decided yet: the tied players are drawing kids")))
            for p in self.tied:
                kids = state["stashes"][p]["kids"]
                self.questions.append(Question(
                    f"draw_{p}", tr("If the tie is still being broken: which kid in front of {player} did they "
                                    "draw for it?", player=p),
                    ((0, tr("none yet")),) + tuple((k, cards.kid_name(k)) for k in kids), when=("order", "tie")))
        self.questions.insert(0, Question("order", tr("What is the turn order of the players still to haunt?"),
                                          tuple(choices)))

    def _ask_last_haunt(self) -> None:
        """The kid haunted last may still be being resolved: its ability waiting for
        the haunter's choice (``pending``: the turn is not over), or, one the engine
        does not implement, being done by hand (``manual``). The table does not say."""
        state, cards = self.state, self.cards
        phase = state["phase"]
        in_turns = phase == "turns" and state["turn"] > 0      # someone already haunted this round
        # the end of the game: its very last haunt may still wait for a choice
        end = phase == "love" and not state["love_shown"]
        if phase in ("setup", "over") or (phase == "love" and not end) or (state["round"] == 1 and not in_turns):
            return
        letters = {letter: p for p, letter in state["colours"].items()}
        # who may have haunted last: this round's haunters, or anyone before the round's turns
        played = [p for p in state["players"] if p not in state["revealed"] or not in_turns]
        # a choice still to make: this round's haunters, or, before any candy of a new round, the last round's
        choosing = in_turns or end or (phase == "candy" and not state["candied"])
        choices: list[tuple[Any, str]] = [("no", tr("no: the last turn is over"))]
        for i, s in enumerate(state["slots"], 1):
            if s["kid"] is None or not s["ghosts"]:
                continue
            who = letters[s["ghosts"][-1][:1]]
            kid = cards.kid(s["kid"])
            if who not in played:
                continue
            if not kid.implemented and not end:
                choices.append((f"{i}:{who}", tr("{player} haunted the {kid} in slot {slot} last and is doing what "
                                                 "it says by hand", player=who, kid=kid.name, slot=i)))
            elif choosing and self._may_choose(kid.ability, who, s):
                choices.append((f"{i}:{who}", tr("{player} haunted the {kid} in slot {slot} and still has to "
                                                 "choose", player=who, kid=kid.name, slot=i)))
        for who in played if not end else []:   # resolved by hand and scared at once: in a stash, a new kid in its slot
            for k in state["stashes"][who]["kids"]:
                if cards.kid(k).implemented:
                    continue
                for i, s in enumerate(state["slots"], 1):
                    if s["kid"] is not None and not s["ghosts"]:
                        choices.append((f"{i}:{who}:{k}", tr(
                            "{player} haunted the {kid} in slot {slot} last, scared it, and is doing what it says "
                            "by hand", player=who, kid=cards.kid_name(k), slot=i)))
        if len(choices) > 1:
            self.questions.append(Question(
                "last_haunt", tr("Is the kid haunted last still being resolved?"), tuple(choices)))

    def _may_choose(self, ability: str, who: str, slot: dict[str, Any]) -> bool:
        """Whether haunting a kid with this ability leaves a choice waiting (abilities.on_haunt)."""
        state, cards = self.state, self.cards
        ghosts, stash = slot["ghosts"], state["stashes"][who]
        before = ghosts[-2] if len(ghosts) > 1 else None
        if ability == "werewolf":
            return before is not None and cards.ghost_value(ghosts[-1]) <= cards.ghost_value(before) \
                and bool(stash["candy"])
        if ability == "vampire":
            return before is not None and before[:1] != ghosts[-1][:1] and bool(stash["candy"])
        if ability == "skeleton":
            letter = state["colours"][who]
            return bool(state["hands"][who]) and any(g[:1] == letter for g in state["discard"]["ghosts"])
        if ability == "move_scared_kid":
            return any(st["kids"] for st in state["stashes"].values())
        return ability == "ninja"

    def _resolving(self, answer: str) -> None:
        """Set the kid haunted last as still being resolved (see :meth:`_ask_last_haunt`)."""
        state, cards = self.state, self.cards
        where, who, *scared = answer.split(":")
        slot = state["slots"][int(where) - 1]
        kid = cards.kid(int(scared[0]) if scared else slot["kid"])
        if not kid.implemented:
            state["manual"] = {"player": who, "kid": kid.number, "slot": int(where)}
            return
        pending: dict[str, Any] = {"kind": kid.ability, "player": who, "slot": int(where)}
        if kid.ability == "vampire":
            pending["to"] = next(p for p, letter in state["colours"].items() if slot["ghosts"][-2][:1] == letter)
        state["pending"] = pending
        if state["phase"] in ("candy", "love"):    # the last turn of the round (or game) before: not over yet
            state["round"] -= state["phase"] == "candy"
            state["phase"], state["candied"] = "turns", list(range(1, state["slot_count"] + 1))
            state["order"], state["turn"] = [], 0
        done = [p for p in state["order"][:state["turn"]] if p != who] if state["order"] else \
            [p for p in state["players"] if p != who]
        state["order"] = done + [who] + state["order"][state["turn"]:]
        state["turn"] = len(done)

    # ---- the answers

    def settle(self, answers: Mapping[str, Any]) -> State:
        state = self.state
        parsed = {q.key: q.parse(answers[q.key]) for q in self.questions if q.key in answers}
        missing = [q.key for q in self.questions if q.key not in parsed and q.asked(parsed)]
        if missing:
            raise _refuse(tr("answer {keys} first", keys=", ".join(missing)))
        if "candied" in parsed:
            state["candied"] = sorted(int(s) for s in str(parsed["candied"]).split(","))
        order = parsed.get("order")
        if order == "tie":
            draws = {p: parsed[f"draw_{p}"] for p in self.tied if parsed.get(f"draw_{p}")}
            if len(draws) == len(self.tied):
                raise _refuse(tr("every tied player has drawn: the tie is broken, so say the turn order"))
            groups: dict[int, list[str]] = {}
            for p in state["players"]:
                groups.setdefault(self.cards.ghost_value(state["revealed"][p]), []).append(p)
            state["tie"] = {"groups": [g for _, g in sorted(groups.items(), reverse=True) if len(g) > 1],
                            "draws": draws}
            for p, k in draws.items():
                state["stashes"][p]["kids"].remove(k)
            state["phase"], state["order"], state["turn"] = "tiebreak", [], 0
        elif order is not None:
            done = state["order"][:state["turn"]]
            state["order"] = done + str(order).split(",")
        if parsed.get("last_haunt", "no") != "no":
            self._resolving(str(parsed["last_haunt"]))
        return state


def questions(game: Any, players: Sequence[str], options: Mapping[str, Any],
              reading: Mapping[str, Any]) -> list[Question]:
    """What the table cannot tell (see the module doc)."""
    return Survey(game.cards, players, options, reading).questions


def from_table(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Mapping[str, Any],
               answers: Mapping[str, Any]) -> State:
    """The game as it lies: the table exactly, hands and decks as what the catalog leaves over."""
    return Survey(game.cards, players, options, reading).settle(answers)


def answers(game: Any, state: State) -> dict[str, Any]:
    """The answers a known state gives (``Game.takeover_answers``), to the questions
    its own table asks: which kids got this round's candy, the turn order still
    to come, the tie-break's draws, the kid being resolved by hand."""
    cards: Cards = game.cards
    out: dict[str, Any] = {}
    if state["phase"] == "candy":
        out["candied"] = ",".join(map(str, state["candied"]))
    if state["phase"] == "tiebreak":
        out["order"] = "tie"
        for p in (q for g in state["tie"]["groups"] for q in g):
            out[f"draw_{p}"] = state["tie"]["draws"].get(p, 0)
    elif state["phase"] == "turns":           # those still to haunt (not the one whose ability waits)
        out["order"] = ",".join(p for p in state["order"][state["turn"]:] if p in state["revealed"])
    m, p = state["manual"], state["pending"]
    gone = m is not None and state["slots"][m["slot"] - 1]["kid"] != m["kid"]      # scared at once
    out["last_haunt"] = f"{m['slot']}:{m['player']}" + (f":{m['kid']}" if gone else "") if m else \
        f"{p['slot']}:{p['player']}" if p and p["kind"] in CHOOSING else "no"
    table = expected_table(game, state)
    try:
        asked = Survey(cards, state["players"], state["options"], table).questions
    except IllegalAction:           # no take-over of this table (an ability under way): nothing to answer
        return {}
    return {q.key: out[q.key] for q in asked if q.key in out}
