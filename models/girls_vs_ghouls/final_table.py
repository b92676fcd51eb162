"""Girls vs Ghouls scored from a photo of the finished table.

Lay the table out for scoring as the game ends: the 8 house tiles in their
ring, each with the face of the team that controls it up; each of the three
VP cards face up in the Trick slot of the house that scored it (covering the
slot's tag ``GVG:SLOT:<n>``, so the slot of every other house stays open and
its tag seen); and each player's identity card turned up in front of their
seat marker (``TC:SEAT:<COLOUR>``). Each team scores its VP cards plus 1 per
house it controls, closed houses included, exactly as the watched game's
scoreboard (:mod:`.scoring`) counts them; a tie goes to the Reporter when
there is one, else to the team with more VP cards.

What a photo cannot show is taken from the game's options: the round a VP
card was won in follows from ``vp_order`` (the round that awards it), and the
scoreboard names each team's players in seating order (the order the
identities were turned up is not on the table). The First Player Token, the
standees, Tricks and Treats play no part in the final score.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..final_table import TableScore, table_score
from ..table import Snapshot
from ..tags import seat as seat_tag
from ..text import and_list, concat, tr, trn
from .kit import FIRST_TOKEN, IDENTITY_DECK, REPORTER, TEAM_NAMES, TEAMS, Board, slot
from .layout import read
from .rules import ROUNDS
from .scoring import scoreboard

State = dict[str, Any]


def score_table(game: Any, players: Sequence[str], options: Mapping[str, Any],
                snapshot: Snapshot) -> TableScore:
    """The scoreboard the table in ``snapshot`` shows, for ``players`` playing with ``options``."""
    setup: State = dict(game.setup(players, options))
    board: Board = game.board
    reading = read(game, setup, snapshot)
    counted: list[str] = []
    why: dict[str, str] = {}
    missing: list[str] = []
    problems: list[str] = []
    players = list(setup["players"])

    # the seat markers: identity cards belong to the nearest one
    no_seat = [seat_tag(p) for p in players if seat_tag(p) not in snapshot]
    if len(no_seat) == 1:
        missing.append(tr("the seat marker {marker} is not seen: put each back at its player's place",
                          marker=no_seat[0]))
    elif no_seat:
        missing.append(tr("the seat markers {markers} are not seen: put each back at its player's place",
                          markers=", ".join(no_seat)))

    # the houses: the face that is up says who controls each
    control: dict[str, str] = {}
    no_tile: list[str] = []
    for h in board.houses:
        key = str(h)
        seen = [board.face_payload(h, t) for t in TEAMS if board.face_payload(h, t) in snapshot]
        face = reading["houses"][key]["face"]
        if face is not None:
            control[key] = face
            counted += seen
        elif seen:
            missing.append(tr("both faces of House {house} are seen: leave one House {house} tile, its controlling "
                              "team's face up", house=h))
            for pl in seen:
                why[pl] = tr("House {house} shows both faces", house=h)
        else:
            no_tile.append(str(h))
    if len(no_tile) == 1:
        missing.append(tr("House {house}'s tile is not seen: lay it in the ring with its controlling team's face up",
                          house=no_tile[0]))
    elif no_tile:
        missing.append(tr("the tiles of Houses {houses} are not seen: lay each in the ring with its controlling "
                          "team's face up", houses=", ".join(no_tile)))

    # the VP cards: each in the Trick slot of the house that scored it
    order = setup["options"]["vp_order"]
    closed: dict[str, dict[str, Any]] = {}
    unseen: list[str] = []
    at_house = {hs["vp"]: key for key, hs in reading["houses"].items() if hs["vp"] is not None}
    for points, card in sorted(board.vp_cards.items()):
        key_or_none = at_house.get(points)
        if card not in snapshot:
            unseen.append(str(points))
        elif key_or_none is None and not control:
            why[card] = tr("no house tile is seen to lay it by")
        elif key_or_none is None:
            missing.append(tr("the {points} VP card lies at a house with another VP card: put each VP card in the "
                              "Trick slot of the house that scored it", points=points))
            why[card] = tr("at a house with another VP card")
        elif slot(int(key_or_none)) in snapshot:
            missing.append(tr("the {points} VP card is not in a Trick slot (it lies nearest House {house}, whose "
                              "slot is uncovered): put it in the Trick slot of the house that scored it",
                              points=points, house=key_or_none))
            why[card] = tr("not in House {house}'s Trick slot", house=key_or_none)
        else:
            closed[key_or_none] = {"points": points, "round": order.index(points) + 1}
            counted.append(card)
    if len(unseen) == 1:
        missing.append(tr("the {points} VP card is not seen: put each face up in the Trick slot of the house that "
                          "scored it", points=unseen[0]))
    elif unseen:
        missing.append(tr("the {points} VP cards are not seen: put each face up in the Trick slot of the house that "
                          "scored it", points=and_list(unseen)))
    for key, hs in reading["houses"].items():
        if key not in closed and hs["slot"] == "covered" and len(closed) == len(board.vp_cards):
            problems.append(tr("House {house}'s Trick slot is covered but holds no VP card: clear it", house=key))
        if slot(int(key)) in snapshot:
            why[slot(int(key))] = tr("House {house}'s Trick slot, open: House {house} did not score a VP card",
                                     house=key)

    # the identity cards, turned up in front of each player
    at_seat: dict[str, list[str]] = {p: [] for p in players}
    for s in snapshot.of("GVG", "ID"):
        if s.payload not in board.identities:
            continue
        p_or_none = snapshot.seat_of(s)
        if p_or_none in at_seat:
            at_seat[p_or_none].append(s.payload)
        else:
            why[s.payload] = tr("an identity card in front of no player")
    identities: dict[str, str] = {}
    hidden: list[str] = []
    for p in players:
        cards = at_seat[p]
        if len(cards) == 1:
            identities[p] = cards[0]
            counted.append(cards[0])
        elif not cards:
            hidden.append(p)
        else:
            missing.append(tr("{player} shows {count} identity cards: leave only their own face up", player=p,
                              count=len(cards)))
            for c in cards:
                why[c] = tr("one of {count} identity cards in front of {player}", count=len(cards), player=p)
    if len(hidden) == 1:
        missing.append(tr("{player}'s identity card is not turned up in front of {marker}", player=hidden[0],
                          marker=seat_tag(hidden[0])))
    elif hidden:
        missing.append(tr("the identity cards of {players} are not turned up in front of their seat markers "
                          "({markers})", players=", ".join(hidden), markers=", ".join(seat_tag(p) for p in hidden)))
    deck = dict(zip((*TEAMS, REPORTER), IDENTITY_DECK[len(players)]))
    for team, dealt in deck.items():
        shown = sum(1 for c in identities.values() if board.identities[c] == team)
        if shown > dealt:
            missing.append(trn("{n} {team} identity card is turned up, but a {players}-player game deals {dealt}: "
                               "check the identity cards",
                               "{n} {team} identity cards are turned up, but a {players}-player game deals {dealt}: "
                               "check the identity cards", shown, team=TEAM_NAMES[team], players=len(players),
                               dealt=dealt))

    # what plays no part in the final score
    for s in snapshot.of("GVG"):
        if s.payload == FIRST_TOKEN:
            why[s.payload] = tr("the First Player Token breaks ties within a round only, not the final score")
        elif s.kind == "STANDEE":
            why[s.payload] = tr("a standee is not part of the final score")
        elif s.kind in ("TRICK", "TREAT"):
            why[s.payload] = tr("Tricks and Treats are cleared after each round and score nothing at the end")

    if missing:
        return table_score("GVG", snapshot, None, counted, why, problems, concat(*missing, sep="; "),
                           fixed=game.fixed_markers)
    state = dict(setup, phase="over", round=ROUNDS, control=control, closed=closed,
                 first=reading["first_player"] or setup["first"], identities={p: identities[p] for p in players})
    return table_score("GVG", snapshot, scoreboard(game, state), counted, why, problems,
                       fixed=game.fixed_markers)
