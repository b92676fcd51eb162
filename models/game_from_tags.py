"""Which game a settled table is laid out for, read from its tags alone.

With no game open, the companion looks at what the table carries and offers the
game it belongs to, with the players read from the seat markers::

    >>> from models.registry import get_game
    >>> from models.table import seen_from_above
    >>> glc = get_game("GLC")
    >>> table = seen_from_above(glc.arrange(glc.setup(["RED", "BLUE", "GREEN"], {})))
    >>> offer = recognise(table)
    >>> offer.code, offer.players, offer.fresh
    ('GLC', ('RED', 'BLUE', 'GREEN'), True)
    >>> offer.prompt
    'Ghosts Love Candy for RED, BLUE and GREEN: press the button to start'

A table belongs to a game by the game's own tags (``GAH:FLOOR:...``) and by the
shared-area markers only that game lays out (``TC:ZONE:KIDDECK`` is Ghosts Love
Candy's kid deck, even before a card is dealt). The players are the seat
markers (``TC:SEAT:<COLOUR>``) in the game's seat order, the order its table
plan and ``--players`` use. A table laid out as the game's setup is offered as
a new game; anything further on is offered as a game already under way, taken
over as it lies (:meth:`models.engine.Game.from_table`). Two games' tags on one
table, seats the game does not have, or too few seats are said in words and
nothing is offered to start.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .engine import Game, GameSetupError, IllegalAction
from .registry import game_classes, get_game
from .table import Snapshot
from .tags import TABLE_GAME
from .text import Text, and_list, tr


@dataclass(frozen=True)
class TableOffer:
    """What a settled table with no game open offers: its game and players, or
    why it cannot offer one (``problem``).

    ``fresh``: the table is laid out as the game's setup (a new game starts);
    otherwise the game is under way and is taken over as it lies.
    """

    code: str | None
    players: tuple[str, ...] = ()
    fresh: bool = True
    problem: Text | None = None

    @property
    def ready(self) -> bool:
        """Whether a press of the table's button starts (or takes over) the game."""
        return self.problem is None and self.code is not None

    @property
    def prompt(self) -> Text:
        """The offer, or the problem, in one sentence for the page, the LEDs' log and the voice."""
        if self.problem is not None:
            return self.problem
        game, players = get_game(str(self.code)).title, and_list(list(self.players))
        if self.fresh:
            return tr("{game} for {players}: press the button to start", game=game, players=players)
        return tr("{game} for {players} is under way: press the button to take it over as it lies",
                  game=game, players=players)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.code, "players": list(self.players), "fresh": self.fresh, "ready": self.ready,
                "text": self.prompt}


@cache
def _zones() -> dict[str, frozenset[str]]:
    """The shared-area markers each game lays out (``{"GLC": {"KIDDECK", ...}}``),
    from its own table at setup."""
    out: dict[str, frozenset[str]] = {}
    for cls in game_classes():
        game = get_game(cls.code)
        state = game.setup(list(game.example_players), game.resolve_options({}))
        out[cls.code] = frozenset(p.payload.split(":")[2] for p in game.arrange(state)
                                  if p.payload.startswith(f"{TABLE_GAME}:ZONE:"))
    return out


def games_on(snapshot: Snapshot) -> list[str]:
    """The codes of the registered games whose tags or areas lie on the table,
    sorted. Two games may lay out a zone of the same name (a DECK): a zone counts
    for a game only when no game already on the table lays it out, and names
    every game that does only when no zone of one game alone decides."""
    codes = {cls.code for cls in game_classes()}
    found = {s.game for s in snapshot.sightings if s.game in codes}
    zones = {s.id for s in snapshot.sightings if s.game == TABLE_GAME and s.kind == "ZONE"}

    def owners(zone: str) -> set[str]:
        return {code for code, laid in _zones().items() if zone in laid}

    for alone in (True, False):
        for zone in sorted(zones):
            games = owners(zone)
            if not games & found and (len(games) == 1 or not alone):
                found |= games
    return sorted(found)


def recognise(snapshot: Snapshot) -> TableOffer | None:
    """The game the table is laid out for, or None when no game's tag lies on it
    (an empty table, or only corners and seats: nothing to say yet)."""
    codes = games_on(snapshot)
    if not codes:
        return None
    if len(codes) > 1:
        titles = and_list([get_game(c).title for c in codes])
        return TableOffer(None, problem=tr("The table holds tags of {games}: clear away all but one game to start it",
                                           games=titles))
    game = get_game(codes[0])
    seats = game.seats() or []
    seen = {s.id for s in snapshot.sightings if s.game == TABLE_GAME and s.kind == "SEAT"}
    players = tuple(c for c in seats if c in seen)
    foreign = sorted(seen - set(seats))
    if foreign:
        return TableOffer(game.code, players, problem=tr(
            "{game} has no seat {seats}: take that seat marker away (its seats: {known})",
            game=game.title, seats=and_list(foreign), known=", ".join(seats)))
    if not game.min_players <= len(players) <= game.max_players:
        return TableOffer(game.code, players, problem=tr(
            "{game} is for {min}-{max} players and the table shows {count} seat markers: lay out one "
            "TC:SEAT marker at each player's place", game=game.title, min=game.min_players,
            max=game.max_players, count=len(players)))
    return TableOffer(game.code, players, fresh=_laid_out_for_setup(game, players, snapshot))


def _laid_out_for_setup(game: Game, players: tuple[str, ...], snapshot: Snapshot) -> bool:
    """Whether the table is the game's setup table for these players (else the game is under way)."""
    try:
        state = game.setup(list(players), game.resolve_options({}))
        return bool(game.same_table(game.expected_table(state), game.read(state, snapshot)))
    except (GameSetupError, IllegalAction, ValueError, KeyError):
        return False
