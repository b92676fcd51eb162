"""Candy Crave scored from a photo of the finished table.

Lay the table out for scoring as the end of round 2 leaves it (the scoring
table :mod:`.layout` describes): the five bowls in their line, each with its
base value tile beside it and its favourites stack turned face up and laid in
a row below the base value tile, in stack order, every ``?`` tile face up; each
play area's divider (``CCR:DIVIDER:<seat>``, or ``A``-``D`` with 2 players)
with that area's locked sweets behind it and nothing left in front of it.
Sweets still in the bowls score nothing.

The table shows only round 2: round 1's sweets went back into the bowls and
its tiles into the box, and its points were written on paper. So the photo
is scored together with those points, given as ``round1`` among the options
(``round1=RED:51,BLUE:44,GREEN:38``, or a mapping seat -> points); without
them there is no score, and the reason says round 2's points and what to add.
Round 2 is scored by the game's own rules and scoring (:mod:`.rules` lays out
the rows, :mod:`.scoring` values them), exactly as the watched game's
scoreboard counts them; round 1 adds its written total, and the highest sum
wins. With 2 players, the player with fewer round 1 points started round 2
and played parties A and D; on a tie, the seat markers (``TC:SEAT:<COLOUR>``)
by the dividers tell.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from ..engine import IllegalAction, Scoreboard, ScoreEntry, ScoreLine
from ..final_table import TableScore, table_score
from ..table import Snapshot
from ..tags import seat as seat_tag
from ..text import Text, and_list, concat, tr, trn
from .kit import Kit
from .layout import read
from .rules import removals_due, sets_in_play

State = dict[str, Any]
ROUND1 = "round1"
ROUND1_HOW = tr("round1=RED:51,BLUE:44,... (each player's round 1 points, as written down)")


def parse_round1(players: Sequence[str], given: Any) -> tuple[dict[str, int] | None, str | None]:
    """Round 1's written points per player from ``"RED:51,BLUE:-4"`` (``=``
    works too) or a mapping, or None and what is wrong with them."""
    if given is None or given == "":
        return None, None
    pairs: list[tuple[str, Any]]
    if isinstance(given, Mapping):
        pairs = [(str(k), v) for k, v in given.items()]
    else:
        pairs = []
        for item in str(given).replace(";", ",").split(","):
            if not item.strip():
                continue
            key, sep, value = item.replace("=", ":").partition(":")
            if not sep:
                return None, tr("round 1's points {given!r}: expected SEAT:POINTS, as in {how}", given=item.strip(),
                                how=ROUND1_HOW)
            pairs.append((key, value.strip()))
    points: dict[str, int] = {}
    for key, value in pairs:
        p = key.strip().upper()
        if p not in players:
            return None, tr("round 1's points name {player}, who does not play (players: {players})", player=p,
                            players=", ".join(players))
        try:
            points[p] = int(value)
        except (TypeError, ValueError):
            return None, tr("round 1's points for {player}: {given!r} is not a whole number", player=p, given=value)
    absent = [p for p in players if p not in points]
    if absent:
        return None, tr("round 1's points for {players} are missing: {how}", players=", ".join(absent), how=ROUND1_HOW)
    return points, None


def _owners_2p(state: State, snapshot: Snapshot, round1: dict[str, int] | None) -> tuple[dict[str, str] | None, str]:
    """Round 2's parties with 2 players: the player with fewer round 1 points
    started it with A and D; on a tie (or without the points) the seat marker
    nearer the dividers of A and D tells. None and why when neither does."""
    players = state["players"]
    starter: str | None = None
    if round1 is not None and round1[players[0]] != round1[players[1]]:
        starter = min(players, key=lambda p: round1[p])
    else:
        dividers = {s.id: s for s in snapshot if s.payload.startswith("CCR:DIVIDER:") and s.id in state["areas"]}
        if len(dividers) == 4:
            by_marker = set()
            for p in players:
                m = next((s for s in snapshot if s.payload == seat_tag(p)), None)
                if m is None:
                    continue
                near = min(dividers.values(), key=lambda d: m.distance_to(d.x_mm, d.y_mm)).id
                other = next(q for q in players if q != p)
                by_marker.add(p if near in ("A", "D") else other)
            if len(by_marker) == 1:
                starter = by_marker.pop()
    if starter is None:
        both, markers = and_list(players), ", ".join(seat_tag(p) for p in players)
        if round1 is not None:
            return None, tr("{players} tie on round 1's points, so either could have started round 2 with parties "
                            "A and D: put each player's seat marker ({markers}) by their own dividers",
                            players=both, markers=markers)
        return None, tr("{players} either could have started round 2 with parties A and D: put each player's seat "
                        "marker ({markers}) by their own dividers", players=both, markers=markers)
    second = next(p for p in players if p != starter)
    return {"A": starter, "B": second, "C": second, "D": starter}, ""


def score_table(game: Any, players: Sequence[str], options: Mapping[str, Any], snapshot: Snapshot) -> TableScore:
    """The scoreboard the table in ``snapshot`` shows (round 2) with round 1's
    written points (``options["round1"]``), for ``players``."""
    setup = cast(State, game.setup(players, {k: v for k, v in options.items() if k != ROUND1}))
    seats: list[str] = setup["players"]
    round1, round1_wrong = parse_round1(seats, options.get(ROUND1))
    kit: Kit = game.kit
    reading = read(game, setup, snapshot)
    n = len(seats)

    def name(area: str) -> str:      # round 2's parties need not be round 1's: no owner named
        return area if n > 2 else tr("party {party}", party=area)

    in_play = set(kit.sweets_for(n))
    counted: list[str] = []
    why: dict[str, str] = {}
    problems: list[str] = []
    wrong: list[str] = []

    # ---- the markers: bowls and dividers
    for payload in reading["missing"]:
        _, kind, ref = payload.split(":", 2)
        if kind == "BOWL":
            wrong.append(tr("the {sweet} bowl {marker} is not on the table", sweet=kit.kind(ref), marker=payload))
        else:
            wrong.append(tr("{area}'s divider {marker} is not on the table", area=name(ref), marker=payload))
    problems += wrong
    for s in snapshot:
        if s.payload.startswith("CCR:DIVIDER:"):
            if s.id in setup["areas"]:
                counted.append(s.payload)
            else:
                why[s.payload] = tr("no play area {area} in a {n}-player game", area=s.id, n=n)

    # ---- base value tiles and favourites rows
    rows_len = sets_in_play(n)
    base: dict[str, str] = {}
    for t in kit.types:
        bowl = f"CCR:BOWL:{t}"
        if bowl in reading["missing"]:
            continue
        tiles = reading["base"][t]
        if len(tiles) == 1:
            base[t] = tiles[0]
        elif not tiles:
            wrong.append(tr("no base value tile lies beside the {sweet} bowl {marker}", sweet=kit.kind(t),
                            marker=bowl))
        else:
            wrong.append(tr("{n} base value tiles lie beside the {sweet} bowl {marker} ({tiles}): leave only round "
                            "2's", n=len(tiles), sweet=kit.kind(t), marker=bowl,
                            tiles=", ".join("CCR:BASE:" + b for b in tiles)))
        counted += [f"CCR:BASE:{b}" for b in tiles]
        row = reading["tiles"][t]
        counted += [f"CCR:FAV:{x}" for x in row]
        if len(row) != rows_len:
            wrong.append(trn("the {sweet} row shows {n} favourites tile(s), but a stack holds {k} with {players} "
                             "players: lay the whole stack face up in a row below the base value tile, every ? "
                             "tile turned up",
                             "the {sweet} row shows {n} favourites tile(s), but a stack holds {k} with {players} "
                             "players: lay the whole stack face up in a row below the base value tile, every ? "
                             "tile turned up", len(row), sweet=kit.kind(t), k=rows_len, players=n))
    for payload in reading["strays"]:
        why[payload] = (tr("a base value tile away from the bowls' rows: it counts only beside its bowl")
                        if payload.startswith("CCR:BASE:") else
                        tr("a favourites tile away from the bowls' rows: it counts only beside its bowl"))
        problems.append(tr("{marker} lies away from every bowl's row", marker=payload))

    # ---- sweets: locked behind the dividers; none may be left in a play area
    locked: dict[str, list[str]] = {}
    for a, area in reading["areas"].items():
        locked[a] = [s for s in area["locked"] if s in in_play]
        counted += [f"CCR:SWEET:{s}" for s in locked[a]]
        left = [s for s in area["play"] if s in in_play]
        for s in left:
            why[f"CCR:SWEET:{s}"] = tr("in {area}'s play area, not locked", area=name(a))
        if left:
            wrong.append(tr("{area}'s play area still holds {sweets}: the game ends with every sweet locked behind "
                            "the divider", area=name(a), sweets=", ".join(left)))
    counted_set = set(counted)
    for s in snapshot:
        if s.payload.startswith("CCR:SWEET:") and s.payload not in counted_set and s.payload not in why:
            if s.id in kit.sweet_type and s.id not in in_play:
                why[s.payload] = tr("not in a {n}-player game (only with 5 players)", n=n)
            elif s.id in kit.sweet_type:
                why[s.payload] = tr("in the bowls: a sweet left in the bowls scores nothing")

    # ---- who played which party (2 players)
    owner: dict[str, str] | None = dict(setup["owner"])
    if n == 2:
        owner, owner_why = _owners_2p(setup, snapshot, round1)
        if owner is None and round1 is not None:
            wrong.append(owner_why)

    if wrong:
        return table_score("CCR", snapshot, None, counted, why, problems, concat(*wrong, sep="; "),
                           game.fixed_markers)

    # ---- round 2 as the table shows it, scored by the game's own rules
    seen = sorted(x for ss in locked.values() for x in ss)
    boxed = n * removals_due(setup)            # each player removed their due after round 1
    unseen = sorted(in_play - set(seen))
    state: State = dict(setup, round=2, phase="scoring", turn=None, base=base, faceup={}, rows={},
                        owner=owner or setup["owner"], bowls=unseen[boxed:],
                        areas={a: {"play": [], "locked": sorted(locked[a]), "withdrawn": False}
                               for a in setup["order"]})
    for t in kit.types:
        try:
            state, _ = game.apply(state, game.parse_action({"type": "reveal", "sweet": t,
                                                              "tiles": list(reading["tiles"][t])}))
        except IllegalAction as e:
            return table_score("CCR", snapshot, None, counted, why, problems, _without_action(e.reason),
                               game.fixed_markers)
    round2 = game.score(state)
    if round1 is None or owner is None:
        if round1_wrong:
            reason = round1_wrong
        elif owner is not None:
            reason = tr("the table shows round 2 only ({points}); Candy Crave adds round 1's points, written down "
                        "after round 1: give them as {how}", how=ROUND1_HOW,
                        points=", ".join(f"{p} {e.total}" for p, e in round2.entries.items()))
        else:
            reason = tr("the table shows round 2 only; Candy Crave adds round 1's points, written down after round "
                        "1: give them as {how}", how=ROUND1_HOW)
        return table_score("CCR", snapshot, None, counted, why, problems, reason, game.fixed_markers)
    entries = {p: ScoreEntry.of([ScoreLine(tr("Round 1: {points} points, as written down", points=round1[p]),
                                           round1[p]),
                                 *round2.entries[p].breakdown]) for p in seats}
    board = Scoreboard.by_highest(entries, final=True)
    board.notes = list(round2.notes)
    return table_score("CCR", snapshot, board, counted, why, problems, fixed=game.fixed_markers)


def _without_action(reason: str) -> str:
    """A refusal without its action's type: ``"reveal: a tile is named twice"``
    -> ``"a tile is named twice"``."""
    if isinstance(reason, Text) and "reason" in reason.params:
        return cast(str, reason.params["reason"])
    return reason.split(": ", 1)[-1]
