"""The game a table offers to start: with no game open, a settled table whose
tags belong to one game (:mod:`models.game_from_tags`) is offered on the page,
the LEDs and the voice ("Ghosts Love Candy for RED, BLUE and GREEN: press the
button to start"), and one press of the table's confirm button (or one tap on
the console) starts it: a new game when the table is laid out as its setup,
else the game taken over as it lies (:mod:`companion.live.takeover`), asking
what the table cannot show.

After a game has ended, its own table is not offered again (it is the game
just played); a table laid out afresh is.
"""
from __future__ import annotations

from typing import Any

from models.engine import IllegalAction, Prompt
from models.game_from_tags import TableOffer, recognise
from models.text import tr

from .broadcast import Broadcast
from .desk import RefereeDesk
from .game_life import GameLife
from .state import TableState
from .takeover import TakeOver


class TableOffers:
    """What one table offers to start while no game is open, and its start by one press."""

    def __init__(self, table: TableState, life: GameLife, takeover: TakeOver, desk: RefereeDesk,
                 broadcast: Broadcast):
        self.table = table
        self.life = life
        self.takeover = takeover
        self.desk = desk
        self.broadcast = broadcast

    def see(self, snapshot: Any) -> None:
        """A settled table with no game open: the offer it makes (or why it makes
        none), as the view's ``offer`` and its one prompt."""
        t = self.table
        offer = recognise(snapshot)
        if offer is not None and t.engine is not None and offer.code == t.engine.code and not offer.fresh:
            offer = None                    # the ended game's own table: not offered again
        previous, t.offer = t.offer, offer
        if offer is not None:
            t.prompts = [Prompt(offer.prompt, None, "todo" if offer.ready else "warning")]
        elif previous is not None:          # the offer's sentence goes with it; an ended game's own come back
            t.prompts = t.engine.prompts(t.state) if t.engine is not None and t.state is not None else []
        self.broadcast.publish()

    def accept(self) -> list[dict[str, Any]]:
        """Start what the table offers (the confirm button, or the console's tap):
        a new game, or a take-over that asks on the console what the table
        cannot show. IllegalAction says why nothing can start."""
        t = self.table
        with t.lock:
            offer: TableOffer | None = t.offer
            if offer is None:
                raise IllegalAction(tr("no game to start: lay out a game's table with a seat marker at each "
                                       "player's place, or start one from the console"))
            if not offer.ready or offer.code is None:
                raise IllegalAction(offer.prompt)
            snapshot, t.offer = t.snapshot, None
            if offer.fresh:
                self.life.new_game(offer.code, list(offer.players))
                t.snapshot = snapshot       # the table seen is this game's setup: refereed from here
                self.desk.check_table()
                self.broadcast.publish()
                return []
            self.takeover.when_seen(offer.code, list(offer.players))
            self.takeover.try_now()         # what the table cannot show is asked; the page says what waits
            return []
