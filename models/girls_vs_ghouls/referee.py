"""From a difference on the table to actions, or to a precise prompt.

What the camera sees change, and what it means:

* a standee on another house: a ``move`` (``place`` at setup);
* a new Treat face up at a house: a ``treat`` (candy corn's sign from its turn);
* a Trick slot newly covered: a ``trick`` (the first of that house's stack);
* nothing at all: a Trick on top of an existing stack, a Peek (discards lie
  face down) and a Treat tucked under its tile before the table settled look
  the same. The companion counts such a card as played ``unseen`` when what
  came after shows it (the next player's standee moves, the next card is
  played, the round's Tricks turn up), and the referee tells what it was on the
  console, any time before the Tricks are turned up (a Peek needs no telling
  where nothing else could be played);
* a Trick face turned up at a house (end of round): a ``reveal``;
* a tied tile turned over, or the VP card put on a tied house: a ``choose``;
* an identity card turned up in a seat area: an ``identity``.

:func:`candidates` applies every reading of the difference on a copy and keeps
those that end at the table seen; more than one that differ is an ambiguity
(:func:`explain` then asks the referee).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from .. import referee as shared
from ..engine import Action, Prompt, VerdictStatus
from ..referee import Fit
from ..text import Text, and_list, concat, tr, trn
from . import rules
from .actions import CARD_PLAYS, ChooseHouse, Move, Place, PlayTreat, PlayTrick, PlayUnseen, RevealIdentity, RevealTrick
from .kit import TEAM_NAMES


def _diff(state: dict[str, Any], expected: dict[str, Any], reading: dict[str, Any]) -> dict[str, Any]:
    """What changed between the expected table and the reading."""
    moved = {p: h for p, h in reading["standees"].items() if state["positions"].get(p) != h}
    treats = {t["house"]: t for t in reading["new_treats"]}
    covered = [int(h) for h, r in reading["houses"].items()
               if r["slot"] == "covered" and expected["houses"][h]["slot"] == "open" and r["vp"] is None]
    faces = {int(h): [c for c in r["tricks_up"] if c not in expected["houses"][h]["tricks_up"]]
             for h, r in reading["houses"].items()}
    faces = {h: cs for h, cs in faces.items() if cs}
    return {"moved": moved, "treats": treats, "covered": covered, "faces": faces}


def _turn(state: dict[str, Any], player: str, d: dict[str, Any]) -> list[list[Action]]:
    """The ways one player's turn may explain the difference ``d``: an optional
    move, then the card the camera saw, if any."""
    seqs: list[list[Action]] = []
    head: list[Action] = []
    here = state["positions"].get(player)
    if player in d["moved"]:
        here = d["moved"][player]
        head.append(Move(player, here))
    if here in d["treats"]:
        t = d["treats"][here]
        if t["value"] is not None:
            seqs.append(head + [PlayTreat(player, here, t["card"], t["value"])])
    if here in d["covered"]:
        seqs.append(head + [PlayTrick(player, here)])
    if not seqs and head:
        seqs.append(head)           # moved, card still to come
    # cards seen elsewhere: illegal for this player, but their reason is the prompt
    seqs.extend(head + [PlayTreat(player, h, t["card"], t["value"])] for h, t in sorted(d["treats"].items())
                if h != here and t["value"] is not None)
    seqs.extend(head + [PlayTrick(player, h)] for h in d["covered"] if h != here)
    return seqs


def proposals(game: Any, state: dict[str, Any], reading: dict[str, Any]) -> list[list[Action]]:
    """Every action sequence that might explain the reading (unchecked)."""
    expected = game.expected_table(state)
    d = _diff(state, expected, reading)
    phase = state["phase"]
    out: list[list[Action]] = []
    if phase == "setup":
        # the standees set on another house first: the last one laid for the first time starts the round
        changed = [(p not in state["positions"], p, h) for p, h in reading["standees"].items()
                   if state["positions"].get(p) != h]
        seq: list[Action] = [Place(p, h) for _, p, h in sorted(changed)]
        if seq:
            out.append(seq)
    elif phase == "play":
        reveals: list[Action] = [RevealTrick(h, c) for h, cs in sorted(d["faces"].items()) for c in cs]
        p = state["turn"]
        nxt = state["players"][(state["players"].index(p) + 1) % len(state["players"])]
        rest = {**d, "moved": {k: v for k, v in d["moved"].items() if k != p}}
        seconds = [s for s in _turn(state, nxt, rest) if s]
        for first in _turn(state, p, d):
            out.append(first)
            if reveals:
                out.append(first + reveals)
            if isinstance(first[-1], CARD_PLAYS):
                out.extend(first + second for second in seconds)
        # a card the camera could not see, shown by what came after it: the next
        # player's standee moving, or the round's Tricks turning up (a Treat alone
        # could be this player's, at the wrong house; one where both stand reads
        # both ways: :func:`candidates` leaves that to the referee)
        here = d["moved"].get(p, state["positions"].get(p))
        head: list[Action] = [Move(p, here)] if p in d["moved"] else []
        hidden = PlayUnseen(p, here)
        if reveals:
            out.append(head + [hidden] + reveals)
        out.extend(head + [hidden] + second for second in seconds if isinstance(second[0], Move))
    elif phase == "reveal":
        # one new face per house at a time: the order within a house must be seen
        if d["faces"] and all(len(cs) == 1 for cs in d["faces"].values()):
            out.append([RevealTrick(h, cs[0]) for h, cs in sorted(d["faces"].items())])
    elif phase == "tiebreak":
        pend = state["pending"]
        for h in pend["houses"]:
            r = reading["houses"][str(h)]
            if pend["step"] == "flip" and r["face"] not in (None, state["control"][str(h)]):
                out.append([ChooseHouse(state["first"], h)])
            if pend["step"] == "score" and r["vp"] is not None:
                out.append([ChooseHouse(state["first"], h)])
    elif phase == "identities":
        seq = [RevealIdentity(p, c) for p, c in sorted(reading["identities"].items()) if p not in state["identities"]]
        if seq:
            out.append(seq)
    return out


def steps(game: Any, state: dict[str, Any], reading: dict[str, Any]) -> list[list[Action]]:
    """For the referee's search over a jump (:func:`models.referee.explore`): one
    turn of the player to act, each way :func:`_turn` reads it, or with a card
    the camera cannot see (played ``unseen``), or only the standee's move (the
    table settled before the card came), and the round's Tricks turning up;
    outside the turns, what :func:`proposals` reads."""
    if state["phase"] != "play":
        return proposals(game, state, reading)
    d = _diff(state, game.expected_table(state), reading)
    p = state["turn"]
    out = [seq for seq in _turn(state, p, d) if seq and isinstance(seq[-1], CARD_PLAYS)]
    here = d["moved"].get(p, state["positions"].get(p))
    head: list[Action] = [Move(p, here)] if p in d["moved"] else []
    out.append(head + [PlayUnseen(p, here)])
    if head:
        out.append(head)
    out += [[RevealTrick(h, cs[0])] for h, cs in sorted(d["faces"].items())]
    return out


def fitting(game: Any, state: dict[str, Any], reading: dict[str, Any]) -> list[Fit]:
    """The proposals that are legal and end at the table seen, with their states."""
    return list(shared.fitting(game, state, reading, proposals(game, state, reading)))


def candidates(game: Any, state: dict[str, Any], reading: dict[str, Any]) -> list[list[Action]]:
    """The one reading of the table, or none: nothing fits, or the readings
    differ; the referee settles those. A card seen that may be another
    player's (:func:`shared_card`) is read, and doubted (``Game.doubts``)."""
    fits = fitting(game, state, reading)
    distinct = {repr(f.state) for f in fits}
    if len(distinct) != 1:
        return []
    return [fits[0][0]]


def _in_turn_from(state: dict[str, Any], p: str) -> list[str]:
    """Every player, in turn order, starting with ``p``."""
    players = state["players"]
    return players[players.index(p):] + players[:players.index(p)]


def shared_card(state: dict[str, Any], reading: dict[str, Any], actions: list[Action]) -> tuple[Any, list[str]] | None:
    """The card seen in ``actions`` that another player standing at the same
    house could have played, and those players (in turn after the card's), or
    None. Had the player whose turn it was played a card no camera sees (a
    Peek, a Trick on a stack, a Treat tucked away at once), the card seen is a
    later player's."""
    for a in actions:
        if not isinstance(a, (PlayTreat, PlayTrick)):
            continue
        deck = "treat" if isinstance(a, PlayTreat) else "trick"
        others = [q for q in _in_turn_from(state, a.player)[1:] if reading["standees"].get(q) == a.house
                  and rules.cards_left(state["hands"][q]) > 0 and state["hands"][q][deck] > 0]
        if others:
            return a, others
    return None


def later_readings(game: Any, state: dict[str, Any], reading: dict[str, Any]) -> list[Fit]:
    """The readings that make a card seen where several players stand a later
    player's, when the table read as one change credits it to the first
    (:func:`shared_card`): every player from the first up to them played a
    card no camera sees at the house they stand at, then they played it.
    Each unseen card is a step of the search, so its bound cuts these where
    players lie between; the referee offers them beside the first reading."""
    fit = shared.first_fitting(game, state, reading)
    if fit is None or not fit.actions:
        return []
    *head, card = fit.actions              # the card, after its player's standee move if any
    if not isinstance(card, (PlayTreat, PlayTrick)) \
            or not all(isinstance(a, Move) and a.player == card.player for a in head):
        return []
    mates = shared_card(state, reading, [card])
    if mates is None:
        return []
    out: list[Fit] = []
    for q in mates[1]:
        unseen = [PlayUnseen(x, card.house if x == card.player else state["positions"][x])
                  for x in _before(state, card.player, q)]
        out += shared.fitting(game, state, reading, [[*head, *unseen, dataclasses.replace(card, player=q)]])
    return out


def _before(state: dict[str, Any], p: str, q: str) -> list[str]:
    """The players from ``p`` (who is to play) up to ``q``, not ``q``, in turn,
    each holding cards: those who played cards no camera sees if a card ``q``
    played is seen next."""
    order = _in_turn_from(state, p)
    return [x for x in order[:order.index(q)] if x == p or rules.cards_left(state["hands"][x]) > 0]


def _shared_card_prompt(state: dict[str, Any], card: Any, others: list[str]) -> Prompt:
    """Whose the card seen at a house several players stand at may be: the
    player's who played it as read, or, for each other player there, theirs,
    had every player from the first up to them played a card no camera sees.
    Example, RED, BLUE and GREEN in turn, RED and GREEN at House 1: *"The
    card at House 1 may be RED's, or, if RED and BLUE played cards the camera
    did not see (…), GREEN's. Referee: enter which."*"""
    readings = []
    for q in others:
        before = _before(state, card.player, q)
        readings.append(trn("or, if {players} played a card the camera did not see (a Treat tucked at once, a Trick "
                            "on a stack, a discard to Peek), {player}'s",
                            "or, if {players} played cards the camera did not see (a Treat tucked at once, a Trick "
                            "on a stack, a discard to Peek), {player}'s",
                            len(before), players=and_list(before), player=q))
    return Prompt(tr("The card at House {house} may be {player}'s, {readings}. Referee: enter which.",
                     house=card.house, player=card.player, readings=concat(*readings, sep="; ")), None, "warning")


# --------------------------------------------------------------------------- explain


def _unseen_cards_doubt(game: Any, state: dict[str, Any], d: dict[str, Any]) -> Prompt | None:
    """Someone acted as if it were their turn while it is not: either the
    players before them played cards the camera cannot see (Tricks on stacks,
    Peeks), or the action is out of turn. Only the table can say which."""
    if state["phase"] != "play":
        return None
    p = state["turn"]
    order = _in_turn_from(state, p)
    here = d["moved"].get(p, state["positions"].get(p))
    acts: list[tuple[int, Text, Text]] = []
    for q, h in d["moved"].items():
        if q != p:
            acts.append((order.index(q), tr("{player}'s standee moved to House {house}", player=q, house=h),
                         tr("{player}, put your standee back on House {house}", player=q,
                            house=state["positions"][q])))
    head: list[Action] = [Move(p, here)] if p in d["moved"] else []
    for h in sorted(set(d["treats"]) | set(d["covered"])):
        there = [q for q in order[1:] if d["moved"].get(q, state["positions"].get(q)) == h]
        if not there:
            continue
        if h != here:
            acts.append((order.index(there[0]), tr("A card was played at House {house}, where {player} stands",
                                                   house=h, player=there[0]),
                         tr("{player}, take that card back and play at House {house}", player=p, house=here)))
            continue
        t = d["treats"].get(h)
        mine = head + [PlayTreat(p, h, t["card"], t["value"]) if t else PlayTrick(p, h)]
        if (t is None or t["value"] is not None) and not shared.is_legal(game, state, mine):
            acts.append((order.index(there[0]), tr("A card {player} cannot play was played at House {house}, where "
                                                   "{other} stands too", player=p, house=h, other=there[0]),
                         tr("take that card back")))
    left = sum(rules.cards_left(h) for h in state["hands"].values())
    if d["faces"] and left <= len(order):          # the last cards may all have been unseen
        acts.append((len(order), tr("Tricks are being turned up"),
                     tr("turn them face down again: the round is not over")))
    if not acts:
        return None
    i, what, otherwise = min(acts)
    before = [q for q in order[:i] if rules.cards_left(state["hands"][q]) > 0]
    if not before:
        return None
    # ``what`` is written with its capital: it opens the sentence
    return Prompt(trn("{what}, but it is {player}'s turn. If {players} played a card the camera cannot see (a Trick "
                      "on a stack, a discard to Peek), referee: enter it; otherwise {otherwise}",
                      "{what}, but it is {player}'s turn. If {players} played cards the camera cannot see (a Trick "
                      "on a stack, a discard to Peek), referee: enter them; otherwise {otherwise}",
                      len(before), what=what, player=p, players=", ".join(before), otherwise=otherwise),
                  None, "warning", enter=("trick", "peek"))


def explain(game: Any, state: dict[str, Any], expected: dict[str, Any],
            reading: dict[str, Any]) -> tuple[VerdictStatus, list[Prompt]]:
    prompts: list[Prompt] = []
    errors: list[Prompt] = []
    if state["phase"] == "reveal" and rules.untold(state):
        return "waiting", game.prompts(state)        # the Tricks wait until the referee tells the unseen cards
    fits = fitting(game, state, reading)
    house_mates = shared_card(state, reading, fits[0].actions) if fits else None
    if house_mates is not None:
        return "waiting", [_shared_card_prompt(state, *house_mates)]
    if len({repr(f.state) for f in fits}) > 1:
        p = state["turn"]
        prompts.append(Prompt(tr("{player} played a card the camera cannot see at House {house}: a Trick on its "
                                 "stack or a discard to Peek. Referee: enter which.",
                                 player=p, house=state["positions"][p]),
                              None, "warning", enter=("trick", "peek")))
        return "waiting", prompts
    d = _diff(state, expected, reading)
    players = state["players"]
    phase = state["phase"]
    doubt = _unseen_cards_doubt(game, state, d)
    if doubt:
        return "waiting", [doubt]
    cleared = _cleared_before_read(state, expected, reading)
    if cleared:
        return "waiting", [cleared]
    # 1. moves and cards that break the rules
    if phase == "play":
        p = state["turn"]
        for q, h in d["moved"].items():
            if q != p and not (fits and any(isinstance(a, Move) and a.player == q for a in fits[0][0])):
                errors.append(Prompt(tr("{player}'s standee moved to House {house}, but it is {current}'s turn: put "
                                        "it back on House {start}", player=q, house=h, current=p,
                                        start=state["positions"][q]), q, "error"))
        for h, t in d["treats"].items():
            if t["value"] is None:
                prompts.append(Prompt(tr("{player}: the companion cannot tell which way the candy corn at House "
                                         "{house} is turned: upright (as the house tile) for +1, upside down for -1",
                                         player=p, house=h), p, "warning"))
        for h, cs in d["faces"].items():
            errors.append(Prompt(tr("Tricks stay face down until the end of the round: turn {cards} at House {house} "
                                    "face down again", cards=", ".join(cs), house=h), None, "error"))
    reason = shared.first_refusal(game, state, proposals(game, state, reading))
    if reason:
        errors.insert(0, Prompt(tr("Not allowed: {reason}. Put it back as it was.", reason=reason), state.get("turn"),
                                "error"))
    # 2. every other difference, as a chore
    allow = (expected.get("allow") or {}).get("leftover") or {}
    for h, e in sorted(expected["houses"].items(), key=lambda kv: int(kv[0])):
        r = reading["houses"][h]
        if r["face"] is None:
            prompts.append(Prompt(tr("House {house}'s tile is not in view (or both faces show): lay it with its "
                                     "{team} face up", house=h, team=TEAM_NAMES[e["face"]]), None, "warning"))
        elif r["face"] != e["face"] and r["face"] != allow.get("faces", {}).get(h, e["face"]):
            prompts.append(Prompt(tr("Turn House {house}'s tile to its {team} face", house=h,
                                     team=TEAM_NAMES[e["face"]]), None, "todo"))
        elif r["face"] != e["face"] and phase != "tiebreak":
            prompts.append(Prompt(tr("Flip House {house}'s tile to its {team} face", house=h,
                                     team=TEAM_NAMES[e["face"]]), None, "todo"))
        if e["vp"] is not None and r["vp"] != e["vp"]:
            prompts.append(Prompt(tr("Put the {points} VP card in House {house}'s Trick slot", points=e["vp"],
                                     house=h), None, "todo"))
        if e["vp"] is None and r["vp"] is not None:
            errors.append(Prompt(tr("Take the {points} VP card off House {house}: it has not scored", points=r["vp"],
                                    house=h), None, "error"))
        extra = [c for c in r["tricks_up"] if c not in e["tricks_up"]]
        if extra and set(extra) <= set(allow.get("tricks_up", {}).get(h, [])):
            prompts.append(Prompt(tr("Clear the Trick cards from House {house}: the round is over", house=h), None,
                                  "todo"))
        elif extra and int(h) not in d["faces"]:
            errors.append(Prompt(tr("Take {cards} away from House {house}", cards=", ".join(extra), house=h), None,
                                 "error"))
        missing = [c for c in e["tricks_up"] if c not in r["tricks_up"]]
        if missing:
            errors.append(Prompt(trn("Put the revealed Trick {cards} back face up at House {house}",
                                     "Put the revealed Tricks {cards} back face up at House {house}", len(missing),
                                     cards=", ".join(missing), house=h), None, "error"))
        if e["slot"] == "covered" and r["slot"] == "open" and e["vp"] is None:
            errors.append(Prompt(tr("House {house}'s Trick stack is gone from its Trick slot: put the face-down "
                                    "Tricks back", house=h), None, "error"))
        if e["slot"] == "open" and r["slot"] == "covered" and int(h) not in d["covered"]:
            errors.append(Prompt(tr("Something covers House {house}'s Trick slot: clear it", house=h), None, "error"))
    for p in players:
        if p in state["positions"] and p not in reading["standees"]:
            errors.append(Prompt(tr("{player}'s standee is not in view: put it back on House {house}", player=p,
                                    house=state["positions"][p]), p, "warning"))
    if expected["first_player"] and reading["first_player"] != expected["first_player"]:
        prompts.append(Prompt(tr("Give the First Player Token to {player} (it lies in front of them)",
                                 player=expected["first_player"]), expected["first_player"], "todo"))
    for p in reading["identities"]:
        if phase not in ("identities", "over") and p not in state["identities"]:
            errors.append(Prompt(tr("{player}: keep your identity card face down until the end of the game",
                                    player=p), p, "error"))
    if phase == "reveal" and any(len(cs) > 1 for cs in d["faces"].values()):
        prompts.append(Prompt(tr("Turn the Tricks up one at a time, bottom first, so the companion sees their order"),
                              None, "warning"))
    if errors:
        return "out_of_sync", errors + prompts
    if not prompts:
        prompts.append(Prompt(tr("The table does not match the game: put it back as shown"), None, "error"))
        return "out_of_sync", prompts
    return "waiting", prompts + game.prompts(state)


def _cleared_before_read(state: dict[str, Any], expected: dict[str, Any], reading: dict[str, Any]) -> Prompt | None:
    """The question when the round's last Tricks were turned up, the round
    scored and the Tricks cleared away before the camera read the last of
    them: the reveal phase with Tricks still face down, no Trick face up on the
    table, and a VP card already in a house's slot or a house tile flipped. Which Trick it was decides
    the round and no later table shows it, so the referee says it (or the
    players lay the Tricks face up again); nothing is called wrong."""
    if state["phase"] != "reveal":
        return None
    hidden = sorted(int(h) for h, stack in state["tricks"].items() for t in stack if t["card"] is None)
    scored = any((r["vp"] is not None and expected["houses"][h]["vp"] is None)
                 or r["face"] not in (None, expected["houses"][h]["face"]) for h, r in reading["houses"].items())
    if not hidden or not scored or any(r["tricks_up"] for r in reading["houses"].values()):
        return None
    houses = concat(*(tr("House {house}", house=h) for h in sorted(set(hidden))), sep=", ")
    return Prompt(trn("The last Trick ({houses}) was turned up and the round cleared away before the camera read it. "
                      "Referee: enter which Trick it was (reveal), or lay the round's Tricks face up again at their "
                      "houses until the camera has read them.",
                      "The last {n} Tricks ({houses}) were turned up and the round cleared away before the camera "
                      "read them. Referee: enter which Tricks they were (reveal, bottom first), or lay the round's "
                      "Tricks face up again at their houses until the camera has read them.",
                      len(hidden), houses=houses), None, "warning", enter=("reveal",))


# --------------------------------------------------------------------------- the search's goal


def distance(game: Any, state: dict[str, Any], reading: dict[str, Any]) -> int | None:
    """A lower bound of the actions (each ``apply`` one) from ``state`` to a state
    whose expected table is the reading, or None when none can be
    (:meth:`models.engine.Game.distance`). It adds up what the table shows must
    still happen, one kind of action at a time, never counting an action twice:

    * a standee elsewhere: one ``place`` at setup, else one ``move`` per 2
      spaces (or from where the turn began, for the player to act); another
      player's move waits for the cards played before their turn;
    * a Treat face up that is not yet played: one card play each; a Trick face
      up that is not yet revealed: one ``reveal`` each;
    * a Trick slot covered at a house with no stack: a Trick played there (or
      every card of the round played); a stack's slot uncovered, or Tricks face
      up during play: every card of the round played;
    * a tile on its other face, a VP card on an open house, the First Player
      Token passed on, identities turned up: as many rounds ended as that
      needs (the cards still to play, the face-down Tricks to reveal, a tie to
      break, 5 cards a player for every further round);
    * an identity turned up at the end: one ``identity`` each.

    None: something that never changes differs (a revealed identity, a VP card
    on a closed house, a standee gone, a tile not seen), or it needs more rounds
    than the game has left."""
    expected = game.expected_table(state)
    if game.same_table(expected, reading):
        return 0
    board = game.board
    phase = state["phase"]
    players = state["players"]
    n = len(players)
    if phase == "over":
        return None
    shown = state["identities"]
    if any(reading["identities"].get(p) != c for p, c in shown.items()):
        return None
    new_ids = [p for p in reading["identities"] if p not in shown]
    if phase == "identities":            # only identities are still turned up
        trial = {**expected, "identities": dict(reading["identities"])}
        return len(new_ids) if game.same_table(trial, reading) else None

    left = (expected.get("allow") or {}).get("leftover") or {}
    rounds_left = rules.ROUNDS - state["round"] + 1
    need_rounds = rounds_left if new_ids else 0      # identities: after the last round

    # the First Player Token: passed on once a round
    first = reading["first_player"]
    now = (state["first"], None) if phase == "setup" else (state["first"], left.get("first_player", state["first"]))
    if first not in now:             # at setup the token may lie in front of its holder already, or nowhere
        if first not in players:
            return None
        need_rounds = max(need_rounds, (players.index(first) - players.index(state["first"])) % n)

    # tiles and VP cards: only a round's end changes them
    awarded = {c["points"] for c in state["closed"].values()}
    order = state["options"]["vp_order"]
    for h, r in reading["houses"].items():
        if r["face"] is None:
            return None
        if r["face"] != state["control"][h] and not (left and r["face"] == left.get("faces", {}).get(h)):
            need_rounds = max(need_rounds, 1)
        if r["vp"] is None:
            continue
        closed = state["closed"].get(h)
        if closed is not None:
            if closed["points"] != r["vp"]:
                return None
            continue
        if r["vp"] in awarded or r["vp"] not in order:
            return None
        awarded_in = order.index(r["vp"]) + 1
        if awarded_in < state["round"]:
            return None
        need_rounds = max(need_rounds, awarded_in - state["round"] + 1)

    hands_left = sum(rules.cards_left(hand) for hand in state["hands"].values())
    # the cards still to play before this round's Tricks turn up
    to_end_of_play = 5 * n if phase == "setup" else hands_left if phase == "play" else 0

    # standees
    places = moves = plays = 0
    crossing = state["options"]["crosswalk_passable"]
    for p in players:
        target = reading["standees"].get(p)
        at = state["positions"].get(p)
        if target is None:
            if at is not None:
                return None
            continue
        if target == at:
            continue
        if phase == "setup":
            places += 1
            continue
        if phase != "play":
            need_rounds = max(need_rounds, 1)         # no move before the next round's turns
        mine = phase == "play" and p == state["turn"]
        d = board.distance(at, target, crossing)      # the next turn begins where the standee is
        if mine:                                       # this turn: up to 2 spaces from where it began
            d = min(d, board.distance(state["turn_start"], target, crossing))
        moves += max(1, -(-d // 2))
        if phase == "play" and not mine:
            wait = (players.index(p) - players.index(state["turn"])) % n
            plays = max(plays, min(wait, to_end_of_play))

    # cards face up that the state does not have yet
    used = set(state["used"])
    plays = max(plays, sum(1 for t in reading["new_treats"] if t["card"] not in used))
    reveals = len({c for r in reading["houses"].values() for c in r["tricks_up"] if c not in used})
    if plays and phase in ("reveal", "tiebreak"):
        need_rounds = max(need_rounds, 1)

    # the Trick slots and faces during play
    end_of_play = False
    cover = 0
    if phase in ("setup", "play"):
        for h, r in reading["houses"].items():
            e = expected["houses"][h]
            old = left.get("tricks_up", {}).get(h, []) if left else []
            if r["tricks_up"] and not (left and set(r["tricks_up"]) <= set(old)):
                end_of_play = True
            if None in (r["slot"], e["slot"]) or r["slot"] == e["slot"]:
                continue
            if left and (old or (e["vp"] is not None and r["vp"] is None)):
                continue
            if r["slot"] == "covered" and h not in state["closed"] and not state["tricks"][h]:
                cover += 1
            else:
                end_of_play = True
    plays = max(plays, min(cover, to_end_of_play))
    if end_of_play:
        plays = max(plays, to_end_of_play)

    # rounds ended: every card played, the face-down Tricks turned up, a tie broken
    if need_rounds > rounds_left:
        return None
    chooses = 0
    if need_rounds:
        hidden = sum(1 for stack in state["tricks"].values() for t in stack if t["card"] is None)
        further = (need_rounds - 1) * 5 * n
        if phase == "setup":
            plays = max(plays, need_rounds * 5 * n)
        elif phase == "play":
            plays, reveals = max(plays, hands_left + further), max(reveals, hidden)
        elif phase == "reveal":
            plays, reveals = max(plays, further), max(reveals, hidden)
        else:
            plays, chooses = max(plays, further), 1
    if phase == "setup" and (plays or need_rounds):
        places = max(places, sum(1 for p in players if p not in state["positions"]))
    return places + moves + plays + reveals + chooses + len(new_ids)
