"""Victory points: each round's points per player, explained line by line, and
the scoreboard (the highest total of both rounds wins; equal totals share the win).

A round's line for a player reads like::

    Round 1: 3 lollipops x 6 = 18 (base 4, +2, ? = -1 (next valued tile), -1, +2)
"""
from __future__ import annotations

from typing import Any

from ..engine import Scoreboard, ScoreEntry, ScoreLine, State
from ..text import concat, tr, trn
from .kit import Kit
from .values import explain_row, type_value


def type_values(kit: Kit, record: dict[str, Any]) -> dict[str, int]:
    return {t: type_value(kit.base_value(record["base"][t]), [kit.face(x) for x in record["rows"][t]])
            for t in kit.types}


def round_lines(kit: Kit, state: State, record: dict[str, Any]) -> dict[str, list[ScoreLine]]:
    """Every player's explained points for one scored round (a round known only
    by its written points, in a game taken over later: those points)."""
    if "points" in record:
        return {p: [ScoreLine(tr("Round {round}: {points} points, as written down", round=record["round"],
                                 points=record["points"][p]), record["points"][p])] for p in state["players"]}
    values = type_values(kit, record)
    two = len(state["players"]) == 2
    out: dict[str, list[ScoreLine]] = {p: [] for p in state["players"]}
    for p in state["players"]:
        areas = [a for a, o in record["owner"].items() if o == p]
        for t in kit.types:
            per_area = {a: sum(1 for s in record["locked"][a] if kit.type_of(s) == t) for a in areas}
            n = sum(per_area.values())
            if n == 0:
                continue
            faces = [kit.face(x) for x in record["rows"][t]]
            how = concat(tr("base {value}", value=kit.base_value(record["base"][t])), *explain_row(faces), sep=", ")
            line = dict(round=record["round"], count=kit.count_text(t, n), value=values[t],
                        points=n * values[t], how=how)
            if two:
                parties = concat(*(tr("party {party}: {count}", party=a, count=c)
                                   for a, c in sorted(per_area.items()) if c), sep=", ")
                what = tr("Round {round}: {count} [{parties}] x {value} = {points} ({how})", parties=parties, **line)
            else:
                what = tr("Round {round}: {count} x {value} = {points} ({how})", **line)
            out[p].append(ScoreLine(what, n * values[t]))
        if not out[p]:
            out[p].append(ScoreLine(tr("Round {round}: no locked sweets", round=record["round"]), 0))
    return out


def round_totals(kit: Kit, state: State, record: dict[str, Any]) -> dict[str, int]:
    return {p: sum(l.points for l in lines) for p, lines in round_lines(kit, state, record).items()}


def scoreboard(game: Any, state: State) -> Scoreboard:
    kit: Kit = game.kit
    lines: dict[str, list[ScoreLine]] = {p: [] for p in state["players"]}
    for record in state["rounds"]:
        for p, ls in round_lines(kit, state, record).items():
            lines[p].extend(ls)
    entries = {p: ScoreEntry.of(ls) for p, ls in lines.items()}
    final = state["phase"] == "over"
    board = Scoreboard.by_highest(entries, final=final)
    notes: list[str] = []
    for record in state["rounds"]:
        if record["left_in_bowls"]:
            notes.append(trn("Round {round} ended with everyone withdrawn: {n} sweet(s) left in the bowls score "
                             "nothing",
                             "Round {round} ended with everyone withdrawn: {n} sweet(s) left in the bowls score "
                             "nothing", record["left_in_bowls"], round=record["round"]))
    if not final:
        done = len(state["rounds"])
        notes.append(tr("{done} of 2 rounds scored; sweets are valued when the rows are laid out at the end of "
                        "the round", done=done) if done < 2 else tr("{done} of 2 rounds scored", done=done))
    board.notes = notes
    return board
