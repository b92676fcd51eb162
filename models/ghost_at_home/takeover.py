"""Taking a Ghost at Home game over as it lies on the table (``Game.from_table``).

The camera sees every house exactly: each floor card's face (lit or dark), the
rooms left and right, the cats beside them and the ghosts in the row. A fully
explored house is a player escaping (the game would have stopped the escape
otherwise): the others are answering it, or it is over.

What no camera can see, and is asked (:func:`questions`):

* how many cards each hand holds (0-3: a hand is refilled at the end of its
  player's turn, and a cat played from it against a ghost is not);
* how many cards the deck holds (the discard pile is the rest of the 53): the
  deck's size decides when it runs out and the pile is shuffled into it;
* whose turn it is (unless someone is escaping: then it is the escaper's);
* which ghost, if any, still waits for its target's answer (a cat from hand, or
  let in): a ghost on a lit floor may be waiting or may have stayed; asked only
  when the table shows a ghost that may be waiting, and not when it must be
  (one ghost on a dark floor, where it would have haunted the floor already);
* during an escape, who may still play a ghost on the escaper (in a 2-player
  game, how many), and who played a waiting ghost.

Nothing else is guessed: which cards lie on the discard pile is unknown (the
engine records none as seen, so any card that is neither on the table nor known
elsewhere may be in a hand), the cards the last action took off the table are
taken to be off it (``clearing`` is empty: a camera cannot tell them from the
pile), and the turn counter starts at 0.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ..engine import IllegalAction, Layout, State
from ..takeover import Question
from ..text import Text, concat, tr
from .house import empty_floor, seats_from
from .kit import FLOORS, SIDES, Kit
from .rules import HAND_SIZE, empty_hand_draws, empty_handed

NONE = ""


def refuse(reason: Text) -> IllegalAction:
    return IllegalAction(tr("take over: {reason}", reason=reason))


def _full(reading: Layout) -> list[str]:
    """The players whose houses the reading shows fully explored."""
    return [p for p, floors in reading["houses"].items()
            if all(len(fl["rooms"][s]) == 1 for fl in floors for s in SIDES)]


def _top(floors: list[dict[str, Any]]) -> int | None:
    """The highest floor holding a room (where ghosts arrive)."""
    return next((f for f in reversed(FLOORS) if any(floors[f - 1]["rooms"][s] for s in SIDES)), None)


Waiting = tuple[str, str, int]      # a ghost that may wait for an answer: (ghost, target, floor)


def _waiting_ghosts(reading: Layout, options: Mapping[str, Any], escaper: str | None) -> tuple[list[Waiting], bool]:
    """The ghosts that may be waiting for an answer, ``(ghost, player, floor)``,
    and whether one must be (a ghost on a dark floor, or two on one floor)."""
    out: list[Waiting] = []
    must = False
    for p, floors in reading["houses"].items():
        if escaper is not None and p != escaper:
            continue
        top = _top(floors)
        if top is None:
            continue
        fl = floors[top - 1]
        for g in fl["ghosts"]:
            out.append((g, p, top))
        if fl["ghosts"] and (len(fl["ghosts"]) > 1 or
                             fl["light"] == "dark" and options.get("lightning_ghost", "discard") == "discard"):
            must = True
    return out, must


def questions(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Layout) -> list[Question]:
    """What the table cannot show (see the module doc), asked once."""
    kit: Kit = game.kit
    full = _full(reading)
    escaper = full[0] if len(full) == 1 else None
    out: list[Question] = []
    if escaper is None:
        out.append(Question("turn", tr("Whose turn is it?"), tuple((p, p) for p in players)))
    else:
        out.append(Question("escape", tr("{player} is escaping: who may still play a ghost to stop it?",
                                         player=escaper), tuple(_escape_choices(players, escaper))))
    ghosts, must = _waiting_ghosts(reading, options, escaper)
    if ghosts and not (must and len(ghosts) == 1 and (escaper is None or len(players) == 2)):
        out.append(Question("pending", tr("Does a ghost wait for its target's answer (a cat from hand, or let in)?"),
                            tuple(_pending_choices(kit, players, ghosts, escaper, must))))
    for p in players:
        out.append(Question(f"hand_{p}", tr("How many cards does {player} hold?", player=p),
                            tuple((n, str(n)) for n in range(HAND_SIZE, -1, -1)), default=HAND_SIZE))
    on_table = len(_cards(reading))
    out.append(Question("deck", tr("How many cards are in the deck (count them; the discard pile holds the rest)?"),
                        low=0, high=kit.deck_size() - on_table))
    return out


def _escape_choices(players: Sequence[str], escaper: str) -> list[tuple[str, Text]]:
    others = seats_from({"players": list(players)}, escaper)[1:]
    if len(players) == 2:
        o = others[0]
        return [(f"{o}:2", tr("{player} may still play up to 2 ghosts", player=o)),
                (f"{o}:1", tr("{player} may still play 1 ghost", player=o)),
                (NONE, tr("nobody: every other player has answered"))]
    out: list[tuple[str, Text]] = []
    for n in range(len(others), 0, -1):
        for group in combinations(others, n):
            out.append((",".join(group), concat(*group, sep=", ")))
    out.append((NONE, tr("nobody: every other player has answered")))
    return out


def _pending_choices(kit: Kit, players: Sequence[str], ghosts: list[Waiting], escaper: str | None,
                     must: bool) -> list[tuple[str, Text]]:
    out: list[tuple[str, Text]] = [] if must else [(NONE, tr("no"))]
    for g, p, f in ghosts:
        if escaper is None or len(players) == 2:
            out.append((g, tr("{ghost} on {player}'s floor {floor}", ghost=kit.name(g), player=p, floor=f)))
        else:
            for by in players:
                if by != escaper:
                    out.append((f"{g}@{by}", tr("{ghost} on {player}'s floor {floor}, played by {by}",
                                                ghost=kit.name(g), player=p, floor=f, by=by)))
    return out


def _cards(reading: Layout) -> list[str]:
    return [c for floors in reading["houses"].values() for fl in floors
            for c in [*fl["rooms"]["L"], *fl["rooms"]["R"], *fl["cats"]["L"], *fl["cats"]["R"], *fl["ghosts"]]]


def answers(game: Any, state: State) -> dict[str, Any]:
    """The answers ``state`` gives to the questions its own table asks."""
    reading = game.expected_table(state)
    asked = {q.key for q in questions(game, state["players"], state["options"], reading)}
    out: dict[str, Any] = {f"hand_{p}": state["hands"][p] for p in state["players"]}
    out["deck"] = state["deck"]
    if "turn" in asked:
        out["turn"] = state["turn"]
    if "escape" in asked:
        esc = state["escape"]
        if esc is None or not esc["waiting"]:
            out["escape"] = NONE
        elif len(state["players"]) == 2:
            out["escape"] = f"{esc['waiting'][0]}:{esc['ghosts_left'][esc['waiting'][0]]}"
        else:
            out["escape"] = ",".join(esc["waiting"])
    if "pending" in asked:
        pd = state["pending"]
        if pd is None:
            out["pending"] = NONE
        elif state["phase"] == "escape" and len(state["players"]) > 2:
            out["pending"] = f"{pd['ghost']}@{pd['by']}"
        else:
            out["pending"] = pd["ghost"]
    return out


def from_table(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Layout,
               given: Mapping[str, Any]) -> State:
    """The state the table shows, with the answers to :func:`questions`."""
    kit: Kit = game.kit
    if reading["missing"]:
        raise refuse(tr("cannot see {floors}: lay each floor card face up (one face only) with its rooms beside it",
                        floors=concat(*reading["missing"], sep=", ")))
    if reading["strays"]:
        raise refuse(tr("{cards} lie outside every house: put each card in its house or on the discard pile",
                        cards=kit.listed(reading["strays"])))
    state: State = game.setup(players, options)
    for p, floors in reading["houses"].items():
        _house(kit, state, p, floors)
    full = _full(reading)
    if len(full) > 1:
        raise refuse(tr("the houses of {players} are all fully explored, but the first to finish escapes or is "
                        "stopped at once", players=", ".join(full)))
    escaper = full[0] if full else None
    ghosts, must = _waiting_ghosts(reading, options, escaper)
    pending = str(given.get("pending", ghosts[0][0] if ghosts and must else NONE))
    # the answers that are counts
    hands = {p: int(given[f"hand_{p}"]) for p in players}
    deck = int(given["deck"])
    used = len(_cards(reading)) + sum(hands.values()) + deck
    if used > kit.deck_size():
        raise refuse(tr("{table} cards on the table, {hands} in hands and {deck} in the deck are more than the "
                        "game's {all}", table=len(_cards(reading)), hands=sum(hands.values()), deck=deck,
                        all=kit.deck_size()))
    state["hands"], state["deck"] = hands, deck
    state["discard"] = {"count": kit.deck_size() - used, "seen": []}
    # whose turn, the escape, the waiting ghost
    by = None
    if "@" in pending:
        pending, by = pending.split("@", 1)
    if escaper is None:
        state["turn"] = str(given["turn"])
        by = state["turn"]
    else:
        state["turn"] = escaper
        _escape(state, escaper, str(given["escape"]), bool(pending))
    if pending:
        where = next(((p, f) for g, p, f in ghosts if g == pending), None)
        if where is None:
            raise refuse(tr("{ghost} is not a ghost that can wait for an answer", ghost=kit.said(pending)))
        target, floor = where
        if escaper is None and target == state["turn"]:
            raise refuse(tr("a ghost on {player}'s house waits for {player}'s answer, so it is not {player}'s turn: "
                            "the ghost was played by the player whose turn it is", player=target))
        if escaper is not None:
            by = by or next(o for o in players if o != escaper)
            esc = state["escape"]
            if by == escaper or (len(players) > 2 and by in esc["waiting"]) or \
                    (len(players) == 2 and esc["waiting"] and esc["ghosts_left"][by] > 1):
                raise refuse(tr("{by} has not played a ghost on {player} yet: answer who may still play one again",
                                by=by, player=escaper))
        fl = state["houses"][target][floor - 1]
        fl["ghosts"] = [g for g in fl["ghosts"] if g != pending] + [pending]
        state["pending"] = {"player": target, "by": by, "ghost": pending, "floor": floor,
                            "resume": "turn" if escaper is None else "escape"}
    t = state["turn"]
    if state["phase"] == "turn" and state["pending"] is None and empty_handed(state, t):
        # a watched game never rests here: the option empty_hand acts as the turn comes
        raise refuse(tr("{player} holds no card on {player}'s turn: {player} draws up to 3 cards and plays (option "
                        "empty_hand=draw), so answer {player}'s hand as 3", player=t)
                     if empty_hand_draws(state) else
                     tr("{player} holds no card on {player}'s turn: the turn passes at once and {player} draws up to "
                        "3 cards (option empty_hand=pass), so answer the next player's turn, with {player}'s hand "
                        "as 3", player=t))
    for p, floors in state["houses"].items():
        for f, fl in enumerate(floors, start=1):
            if len(fl["ghosts"]) > 1 and (state["pending"] is None or (p, f) != (state["pending"]["player"],
                                                                                 state["pending"]["floor"])):
                raise refuse(tr("{player}'s floor {floor} holds two ghosts: the second one haunts the floor once "
                                "answered, so one of them must still wait for {player}'s answer", player=p, floor=f))
            waiting = state["pending"] is not None and (p, f) == (state["pending"]["player"],
                                                                  state["pending"]["floor"])
            if fl["ghosts"] and not fl["lit"] and not waiting and \
                    state["options"].get("lightning_ghost", "discard") == "discard":
                raise refuse(tr("a ghost on {player}'s dark floor {floor} haunts it as soon as it is let in: it must "
                                "still wait for {player}'s answer, or the floor's rooms and the ghost go on the "
                                "discard pile", player=p, floor=f))
    return state


def _house(kit: Kit, state: State, p: str, floors: list[dict[str, Any]]) -> None:
    """One house as the table shows it, checked against what the rules can leave."""
    house = state["houses"][p]
    for f, seen in enumerate(floors, start=1):
        fl = empty_floor()
        fl["lit"] = seen["light"] == "lit"
        for s in SIDES:
            for key in ("rooms", "cats"):
                if len(seen[key][s]) > 1:
                    raise refuse(tr("{player}'s floor {floor} shows {cards} on one side: one card a side",
                                    player=p, floor=f, cards=kit.listed(seen[key][s])))
            room = seen["rooms"][s][0] if seen["rooms"][s] else None
            if room and kit.kind(room) == "room" and kit.floor_of(room) != f:
                raise refuse(tr("{card} is a floor {own} room, not a floor {floor} room: move it to {player}'s floor "
                                "{own}", card=kit.name(room), own=kit.floor_of(room), floor=f, player=p))
            fl["rooms"][s] = room
            fl["cats"][s] = seen["cats"][s][0] if seen["cats"][s] else None
        fl["ghosts"] = sorted(seen["ghosts"])
        if fl["ghosts"] and any(fl["cats"].values()):
            raise refuse(tr("a ghost and a cat on {player}'s floor {floor}: a ghost that meets a cat goes on the "
                            "discard pile with it", player=p, floor=f))
        if fl["ghosts"] and not any(fl["rooms"].values()):
            raise refuse(tr("a ghost on {player}'s floor {floor}, which holds no room: a ghost goes to a floor "
                            "with a room, and leaves with its rooms", player=p, floor=f))
        if len(fl["ghosts"]) > 2:
            raise refuse(tr("{player}'s floor {floor} holds {n} ghosts: two at most", player=p, floor=f,
                            n=len(fl["ghosts"])))
        house[f - 1] = fl
    for f in FLOORS[1:]:
        if any(house[f - 1]["rooms"].values()):
            low = next((g for g in FLOORS[: f - 1] if not all(house[g - 1]["rooms"].values())), None)
            if low is not None:
                raise refuse(tr("{player}'s floor {floor} holds a room while floor {lower} is not full: rooms go "
                                "on a floor only once every lower floor is full", player=p, floor=f, lower=low))


def _escape(state: State, escaper: str, answer: str, pending: bool) -> None:
    """The escape as answered; nobody left to answer and no ghost waiting: the escaper has won."""
    players = state["players"]
    others = seats_from(state, escaper)[1:]
    if len(players) == 2:
        o = others[0]
        left = int(answer.split(":")[1]) if answer else 0
        waiting = [o] if answer else []
        ghosts_left = {o: left}
    else:
        waiting = [o for o in others if o in answer.split(",")]
        ghosts_left = {o: 1 if o in waiting else 0 for o in others}
    if waiting or pending:
        state["phase"] = "escape"
        state["escape"] = {"player": escaper, "waiting": waiting, "ghosts_left": ghosts_left}
    else:
        state["phase"] = "over"
        state["winner"] = escaper
