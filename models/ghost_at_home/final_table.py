"""Ghost at Home scored from a photo of the finished table.

Lay the table out for scoring as it lies when the game ends: each player's house
in front of them, its three floor cards (dark or lit side up, whichever the
floor shows) with the room cards left and right of each, cats and ghosts in the
floor's row as played; the deck and discard pile on their markers
(``TC:ZONE:DECK``, ``TC:ZONE:DISCARD``). Hands are not needed.

The game ends when a player escapes: the winner is the one player whose house
has every floor filled (two rooms on each of its three floors). The table
cannot show whether the escape was answered, so a photo with exactly one full
house is read as that player's escape; the scoreboard is the watched game's
(:mod:`.scoring`): the escape, and the rooms each house holds. Cats, ghosts, the
roofs and the cards on the piles are part of nobody's score.

The table does not show a finished game (score None, with the reason) when a
floor card is missing, when no house, or more than one, is full, or when a
house holds a room card a player must move (two on one side of a floor, a room
card on another floor than its own).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..final_table import TableScore, table_score
from ..table import Snapshot
from ..text import Text, and_list, concat, tr, trn
from .house import empty_floor, fully_explored, rooms_explored
from .kit import FLOORS, SIDES, Kit
from .layout import PILE_MM, read
from .scoring import scoreboard

State = dict[str, Any]


def score_table(game: Any, players: Sequence[str], options: Mapping[str, Any], snapshot: Snapshot) -> TableScore:
    """The scoreboard the table in ``snapshot`` shows, for ``players`` (in seat order)."""
    setup: State = dict(game.setup(players, options))
    kit: Kit = game.kit
    reading = read(game, setup, snapshot)
    counted: list[str] = []
    why: dict[str, Text] = {}
    problems: list[Text] = []
    wrong: list[Text] = []       # what the players must put right before the table can be scored

    for p in setup["players"]:
        for f in FLOORS:
            faces = [kit.floor_card(p, f, lit) for lit in (False, True)]
            seen = [c for c in faces if c in snapshot]
            if len(seen) == 1:
                counted.append(seen[0])
            elif not seen:
                wrong.append(tr("{player}'s floor {floor} card is not seen: lay it in {player}'s house, the side "
                                "the floor shows up (dark or lit)", player=p, floor=f))
            else:
                wrong.append(tr("both faces of {player}'s floor {floor} card are seen: leave only the one the floor "
                                "shows", player=p, floor=f))
    for payload, (colour, _f, _lit) in kit.floor_cards.items():
        if colour not in setup["players"]:
            why[payload] = tr("the {colour} house is nobody's in this game", colour=colour)
    for roof in kit.roofs.values():
        why[roof] = tr("a roof scores nothing")

    houses: dict[str, list[dict[str, Any]]] = {}
    for p in setup["players"]:
        houses[p] = []
        for f, fl in zip(FLOORS, reading["houses"][p]):
            floor = empty_floor()
            floor["lit"] = fl["light"] == "lit"
            for s in SIDES:
                rooms = fl["rooms"][s]
                counted += rooms
                if len(rooms) > 1:
                    wrong.append(tr("{player}'s floor {floor} shows {count} room cards on its left: one room "
                                    "card a side", player=p, floor=f, count=len(rooms)) if s == "L" else
                                 tr("{player}'s floor {floor} shows {count} room cards on its right: one room "
                                    "card a side", player=p, floor=f, count=len(rooms)))
                for r in rooms:
                    if kit.kind(r) == "room" and kit.floor_of(r) != f:
                        wrong.append(tr("{room} is a floor {own} room on {player}'s floor {floor}: a room card goes "
                                        "on its own floor (only a wild room card goes anywhere)", room=kit.name(r),
                                        own=kit.floor_of(r), player=p, floor=f))
                floor["rooms"][s] = rooms[0] if rooms else None
                for c in fl["cats"][s]:
                    why[c] = tr("a cat on {player}'s floor {floor} scores nothing", player=p, floor=f)
                floor["cats"][s] = fl["cats"][s][0] if fl["cats"][s] else None
            for g in fl["ghosts"]:
                why[g] = tr("a ghost on {player}'s floor {floor} scores nothing", player=p, floor=f)
            floor["ghosts"] = list(fl["ghosts"])
            houses[p].append(floor)

    for c in reading["strays"]:
        why[c] = tr("lies outside every house and pile")
        problems.append(tr("{card} lies outside every house and pile", card=kit.name(c)))
    piles = [m for k, m in snapshot.zones().items() if k in ("DECK", "DISCARD")]
    for seen_card in snapshot:
        if seen_card.payload in kit.cards and any(m.distance_to(seen_card.x_mm, seen_card.y_mm) <= PILE_MM
                                                  for m in piles):
            why.setdefault(seen_card.payload, tr("on the deck or the discard pile"))

    state: State = dict(setup, houses=houses, phase="over", turn=setup["players"][0], winner=None)
    if not wrong:
        full = [p for p in setup["players"] if fully_explored(state, p)]
        if not full:
            shown = ", ".join(f"{p} {rooms_explored(state, p)}" for p in setup["players"])
            strays = [c for c in reading["strays"] if kit.kind(c) in ("room", "wild")]
            wrong.append(tr("no house has every floor filled (rooms explored, of 6: {shown}), so nobody has escaped "
                            "yet", shown=shown))
            if strays:
                wrong.append(trn("{cards} lies outside every house: lay each room card beside its floor",
                                 "{cards} lie outside every house: lay each room card beside its floor", len(strays),
                                 cards=and_list([kit.name(c) for c in strays])))
        elif len(full) > 1:
            wrong.append(tr("the houses of {players} each have every floor filled, but only one player escapes: "
                            "show the other houses as the ghosts left them", players=and_list(full)))
        else:
            state["winner"] = full[0]
    if wrong:
        return table_score("GAH", snapshot, None, counted, why, problems, concat(*wrong, sep="; "),
                           game.fixed_markers)
    return table_score("GAH", snapshot, scoreboard(game, state), counted, why, problems, fixed=game.fixed_markers)
