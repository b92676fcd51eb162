"""Taking a Candy Crave game over as it lies on the table.

The camera sees every sweet in a play area or behind a divider, the base
value tiles and the face-up favourites tiles (one per stack, or the rows laid
out at scoring). So the round's phase follows from the table:

* fewer than five base value tiles: the draw (no favourites tile, no sweet
  out yet); five, and fewer than five face-up tiles: the favourites;
* five face-up tiles and no sweet out: the first turn; sweets in play areas:
  the turns (the end phase once the bowls are empty); sweets out but every
  play area empty: the round is over (every sweet pocketed, or everyone
  withdrew), or the others have withdrawn and the player to move has
  pocketed their sweets and not yet taken more (the camera does not look
  into the bowls): the players say which, with whose turn it is; the round
  is over once a row is laid out; all five rows: round 1's removals (before
  any), or the end of the game.

What the table cannot show is asked (:func:`questions`): which round; round
1's points as written down and how many sweets went into the box after it
(round 2: they are off the table, and the camera does not look into the
bowls, so which sweets are in the box stays unknown: ``hidden_box``); with 2
players, who plays parties A and D; whose turn it is; who has withdrawn.
Nothing else is guessed: how many turns were played (only whether any was
matters to the rules), whether the once-only short take was used (only
before the bowls run empty, and that take empties them: so never, while
they hold sweets), which end of a laid row was its stack's face-up tile, and
round 1's base value tiles (known only once round 2's five are out) are
left unknown.

Everything the table shows is put through the rules (:meth:`Game.apply`):
the base value tiles drawn, the tiles turned up, the rows laid out; so a
table that is no position of the game is refused with the rules' reason.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ..engine import IllegalAction, Layout, State
from ..takeover import Question
from ..text import concat, tr
from .actions import DrawBase, Reveal, TurnUp
from .rules import PARTIES_2P, _owners, area_name, removals_due, sets_in_play

NOBODY = ""


def _areas(players: Sequence[str]) -> list[str]:
    return list(PARTIES_2P) if len(players) == 2 else list(players)


def _shows(game: Any, players: Sequence[str], reading: Layout) -> dict[str, Any]:
    """What the reading shows, in the few words the questions need."""
    k = sets_in_play(len(players))
    areas = reading["areas"]
    sweets = any(v["play"] or v["locked"] for v in areas.values())
    rows = [t for t in game.kit.types if len(reading["tiles"][t]) == k]
    in_play = any(v["play"] for v in areas.values())
    turns = not rows and (not sweets or in_play)        # a turn is to be played (or the first is to come)
    # sweets out, every play area empty and no row laid: the round is over, or the others have withdrawn and
    # the player to move has pocketed their sweets and not yet taken (the camera does not see the bowls)
    open_end = not rows and sweets and not in_play
    return {"sweets": sweets, "rows": rows, "turns": turns, "open_end": open_end,
            "empty": [a for a in _areas(players) if not areas[a]["play"]]}


def questions(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Layout) -> list[Question]:
    """The round, round 1's written points and removals, with 2 players who
    plays A and D, whose turn it is and who has withdrawn: what the table
    cannot show. Asked once, before the answers are known, so the round 2
    questions are asked in round 1 too (answer 0)."""
    shows = _shows(game, players, reading)
    two = len(players) == 2
    out = [Question("round", tr("Which round is it?"), ((1, tr("round 1")), (2, tr("round 2"))))]
    out += [Question(f"points_{p}", tr("{player}'s points after round 1, as written down (in round 1: 0)",
                                       player=p), low=-999, high=999) for p in players]
    most = removals_due({"players": list(players)}) * len(players)
    out.append(Question("removed", tr("How many sweets went into the box after round 1 (in round 1: 0)?"),
                        tuple((n, str(n)) for n in range(most, -1, -1))))
    if two:
        out.append(Question("start", tr("Who started this round (plays parties A and D)?"),
                            tuple((p, p) for p in players)))
    if shows["turns"] or shows["open_end"]:
        words = (lambda a: tr("party {party}", party=a)) if two else (lambda a: a)
        over = ((NOBODY, tr("nobody: the round is over (every sweet pocketed, or everyone withdrew)")),) \
            if shows["open_end"] else ()
        out.append(Question("turn", tr("Whose turn is it (before the first sweet is taken: who takes it)?"),
                            tuple((a, words(a)) for a in _areas(players)) + over))
        if shows["sweets"] and shows["empty"]:
            out.append(Question("withdrawn", tr("Who has withdrawn from this round?"),
                                tuple(_withdrawn_choices(shows["empty"], words))))
    return out


def _withdrawn_choices(empty: Sequence[str], words: Any) -> list[tuple[str, Any]]:
    """Nobody first, then every set of the areas with an empty play area (only
    they can have withdrawn), the smaller first."""
    out: list[tuple[str, Any]] = [(NOBODY, tr("nobody"))]
    for n in range(1, len(empty) + 1):
        for group in combinations(empty, n):
            out.append((",".join(group), concat(*(words(a) for a in group), sep=", ")))
    return out


def refuse(reason: str) -> IllegalAction:
    return IllegalAction(tr("take over: {reason}", reason=reason))


def from_table(game: Any, players: Sequence[str], options: Mapping[str, Any], reading: Layout,
               answers: Mapping[str, Any]) -> State:
    """The state the table shows, with the answers to :func:`questions`."""
    kit = game.kit
    n = len(players)
    two = n == 2
    if reading["missing"]:
        raise refuse(tr("cannot see {markers}: put every bowl and divider in its place",
                        markers=", ".join(reading["missing"])))
    if reading["strays"]:
        raise refuse(tr("{tiles} lies away from the bowls: put it back beside its bowl",
                        tiles=", ".join(reading["strays"])))
    shows = _shows(game, players, reading)
    state: State = game.setup(players, options)
    rnd = int(answers["round"])
    removed = int(answers.get("removed", 0))
    starter = str(answers["start"]) if two else None
    if two:
        state["owner"] = _owners(players, starter)
    if rnd == 2:
        points = {p: int(answers[f"points_{p}"]) for p in players}
        state["round"] = 2
        state["rounds"] = [{"round": 1, "points": points, "left_in_bowls": 0}]
        if removed:
            state["hidden_box"] = removed
    elif removed and len(shows["rows"]) < len(kit.types):
        raise refuse(tr("in round 1 no sweet has gone into the box yet (the answer says {n})", n=removed))
    elif removed:
        raise refuse(tr("the removals after round 1 have begun, and the table cannot show which sweets went; take "
                        "the game over once round 2 begins"))
    # the tiles, through the rules: each base value tile drawn, each face-up tile turned up
    for t in kit.types:
        for x in reading["base"][t]:
            state = _through(game, state, DrawBase(t, x))
    if any(reading["tiles"].values()) and state["phase"] == "base":
        raise refuse(tr("favourites tiles lie face up before every bowl has its base value tile"))
    for t in kit.types:
        if len(reading["tiles"][t]) == 1:
            state = _through(game, state, TurnUp(t, reading["tiles"][t][0]))
    k = sets_in_play(n)
    for t in kit.types:
        if len(reading["tiles"][t]) not in (0, 1, k):
            raise refuse(tr("the {sweets} show {n} face-up favourites tiles: one lies on the stack, or the whole "
                            "row of {k} once the round is over", sweets=kit.name(t), n=len(reading["tiles"][t]),
                            k=k))
    if shows["sweets"] and state["phase"] in ("base", "favourites") and not shows["rows"]:
        raise refuse(tr("sweets were taken before every bowl had its base value tile and a face-up favourites "
                        "tile"))
    # the sweets
    in_game = set(kit.sweets_for(n))
    for a, seen in reading["areas"].items():
        for s in seen["play"] + seen["locked"]:
            if s not in in_game:
                raise refuse(tr("sweet {sweet} is not in a game of {n} (it is used only with 5 players): put it back "
                                "in the box", sweet=s, n=n))
        state["areas"][a]["play"] = list(seen["play"])
        state["areas"][a]["locked"] = list(seen["locked"])
    out = {s for v in reading["areas"].values() for s in v["play"] + v["locked"]}
    state["bowls"] = sorted(s for s in state["bowls"] if s not in out)
    if removed > len(state["bowls"]):
        raise refuse(tr("{n} sweets in the box and {out} on the table are more than the game's {all}", n=removed,
                        out=len(out), all=len(in_game)))
    if state.get("hidden_box") and removed == len(state["bowls"]):
        state["box"], state["bowls"] = state["bowls"], []     # every sweet left is in the box
        del state["hidden_box"]
    if rnd == 2 and len(state["base"]) == len(kit.types):
        state["base_spent"] = sorted(x for x in kit.base_values if x not in state["base"].values())
    if shows["rows"] or shows["open_end"] and str(answers["turn"]) == NOBODY:
        _withdrawn(state, answers)          # asked while no row is laid: who left the round before its end
        return _round_over(game, state, reading, shows)
    if state["phase"] == "distribute" or state["phase"] in ("base", "favourites"):
        _turns(game, state, answers, shows)
    return state


def _through(game: Any, state: State, action: Any) -> State:
    try:
        new, _ = game.apply(state, action)
    except IllegalAction as e:
        raise refuse(str(e)) from None
    return dict(new)


def _turns(game: Any, state: State, answers: Mapping[str, Any], shows: dict[str, Any]) -> None:
    """Whose turn, who has withdrawn, and whether the bowls are empty."""
    turn = str(answers["turn"])
    if turn not in state["areas"]:
        raise refuse(tr("there is no play area {area}", area=turn))
    gone = _withdrawn(state, answers)
    if turn in gone:
        raise refuse(tr("{area} has withdrawn, so it is not its turn", area=area_name(state, turn)))
    two = len(state["players"]) == 2
    if not shows["sweets"]:
        if two and turn != "A":
            raise refuse(tr("party A starts a round (whoever plays it): the turn is party A's"))
        state["start"] = turn
        if state["phase"] == "distribute":
            state["turn"], state["turns"] = turn, 0
        return
    state["turn"], state["turns"] = turn, 1              # turns played: at least one (only that matters)
    if state["bowls"] and len(state["bowls"]) > int(state.get("hidden_box", 0)):
        state["short_take_used"] = False                  # the short take empties the bowls
    else:
        state["phase"] = "endphase"
        state["short_take_used"] = None                   # unknown, and no longer of use
    state["start"] = _starter_area(state)


def _withdrawn(state: State, answers: Mapping[str, Any]) -> list[str]:
    """The areas the answers say have withdrawn from the round, marked so;
    refused for an area with sweets in its play area."""
    gone = [a for a in str(answers.get("withdrawn", NOBODY)).split(",") if a]
    for a in gone:
        if a not in state["areas"] or state["areas"][a]["play"]:
            raise refuse(tr("{area} holds sweets in its play area, so it has not withdrawn",
                            area=area_name(state, a)))
        state["areas"][a]["withdrawn"] = True
    return gone


def _starter_area(state: State) -> str:
    """The round's start area where the table no longer says it: round 1's first
    area; in round 2 the player with the fewest round 1 points (the first of
    several), party A with 2 players. Only the first turn reads it."""
    if len(state["players"]) == 2:
        return "A"
    if state["round"] == 1:
        return str(state["order"][0])
    points = state["rounds"][0]["points"]
    return min(state["players"], key=lambda p: points[p])


def _round_over(game: Any, state: State, reading: Layout, shows: dict[str, Any]) -> State:
    """The round is over: every play area is empty; lay the rows the table shows
    through the rules (all five score the round)."""
    if any(v["play"] for v in reading["areas"].values()):
        raise refuse(tr("a favourites row is laid out while sweets are still in a play area: the rows are laid "
                        "once every sweet is locked"))
    if len(state["base"]) != len(game.kit.types):
        raise refuse(tr("a favourites row is laid out before every bowl has its base value tile"))
    if len(state["faceup"]) + len(shows["rows"]) != len(game.kit.types):
        raise refuse(tr("each bowl shows either its face-up favourites tile or its whole row"))
    state["phase"], state["turn"], state["turns"] = "scoring", None, 1
    state["short_take_used"] = None
    state["start"] = _starter_area(state)
    for t in shows["rows"]:
        state = _through(game, state, Reveal(t, tuple(reading["tiles"][t])))
    return state


def answers(game: Any, state: State) -> dict[str, Any]:
    """What the players would answer to :func:`questions` at ``state`` (the
    tests' truth, a demo's table): the round, round 1's points and removals
    (in round 1: those made so far, which a take-over refuses), who plays A
    and D, whose turn, who has withdrawn: those its table asks."""
    rnd = state["round"]
    points: dict[str, int] = {p: 0 for p in state["players"]}
    if rnd == 2 and state["rounds"]:
        from .scoring import round_totals
        points = round_totals(game.kit, state, state["rounds"][0])
    out: dict[str, Any] = {"round": rnd, **{f"points_{p}": v for p, v in points.items()},
                           "removed": len(state["box"]) + int(state.get("hidden_box", 0)),
                           "turn": NOBODY if state["phase"] == "scoring" else state["turn"] or state["start"],
                           "withdrawn": ",".join(a for a in state["order"] if state["areas"][a]["withdrawn"])}
    if len(state["players"]) == 2:
        out["start"] = state["owner"]["A"]
    asked = {q.key for q in questions(game, state["players"], state["options"], game.expected_table(state))}
    return {k: v for k, v in out.items() if k in asked}
