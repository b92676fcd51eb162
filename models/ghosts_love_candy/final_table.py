"""Ghosts Love Candy scored from a photo of the finished table.

Lay the table out for scoring: each player's stash (kids and candy) and their
Love card, face up, in front of their seat marker (``TC:SEAT:<COLOUR>``), the
neighbourhood's markers where they were. Everything counted is a seat's: its
candy valued by its Love card, its kids by their stash points, exactly as the
watched game's scoreboard (:mod:`.scoring`) counts them. Cards still in the
neighbourhood or on a discard pile are not part of anyone's score.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..final_table import TableScore, table_score
from ..table import Snapshot
from ..tags import seat as seat_tag
from ..text import concat, tr
from .kit import Cards
from .layout import read
from .scoring import scoreboard

State = dict[str, Any]
PILE_KIND = {"kids": "kid", "ghosts": "ghost", "candy": "candy"}


def score_table(game: Any, players: Sequence[str], options: Mapping[str, Any], snapshot: Snapshot) -> TableScore:
    """The scoreboard the table in ``snapshot`` shows: stashes and face-up Love
    cards in front of the seat markers, for ``players``."""
    cards: Cards = game.cards
    setup: State = dict(game.setup(players, options))
    reading = read(game, setup, snapshot)
    payload = {(kind, ref): p for p, (kind, ref) in cards.by_payload.items()}
    counted: list[str] = []
    why: dict[str, str] = {}
    missing: list[str] = []
    state = dict(setup, phase="over", love_shown={}, stashes={})
    for p in setup["players"]:
        seat = reading["seats"][p]
        state["stashes"][p] = {"kids": list(seat["kids"]), "candy": list(seat["candy"])}
        counted += [payload["kid", k] for k in seat["kids"]] + [payload["candy", c] for c in seat["candy"]]
        if len(seat["love"]) == 1:
            state["love_shown"][p] = seat["love"][0]
            counted.append(payload["love", seat["love"][0]])
        elif not seat["love"]:
            missing.append(tr("{player}'s Love card is not face up in front of {marker}", player=p,
                              marker=seat_tag(p)))
        else:
            missing.append(tr("{player} shows {count} Love cards: leave only their own face up", player=p,
                              count=len(seat["love"])))
        for g in seat["ghosts"]:
            why[payload["ghost", g]] = tr("a ghost at {player}'s seat scores nothing", player=p)
    for sl in reading["slots"]:
        for c in sl["candy"]:
            why[payload["candy", c]] = tr("candy left in slot {slot} is nobody's", slot=sl["slot"])
        for g in sl["ghosts"]:
            why[payload["ghost", g]] = tr("a ghost below slot {slot} scores nothing", slot=sl["slot"])
        if sl["kid"] is not None:
            why[payload["kid", sl["kid"]]] = tr("a kid left in slot {slot} is nobody's", slot=sl["slot"])
    for pile, refs in reading["discard"].items():
        for r in refs:
            why[payload[PILE_KIND[pile], r]] = tr("on a discard pile")
    seats_missing = [pr for pr in reading["problems"] if pr.startswith("the seat marker")]
    if seats_missing or missing:
        reason = concat(*seats_missing, *missing, sep="; ")
        return table_score("GLC", snapshot, None, counted, why, reading["problems"], reason)
    return table_score("GLC", snapshot, scoreboard(game, state), counted, why, reading["problems"])
