"""The modules a game's hooks come from.

A game's package implements its hooks in modules of fixed roles (``views.py``,
``scoring.py``, ``layout.py``...), each a function of a fixed name that takes
the game first: ``views.prompts(game, state)``. The game names them once, as
:class:`Modules` (``models.engine.Game.modules``); strict mypy checks each
module against its Protocol below, and ``models.engine.Game`` calls them.
``game.py`` overrides a hook only where the game does something its modules do
not (Ghosts Love Candy hides a secret Love card's name in ``explain``).
``game`` is typed Any in the modules: a module reads its game's own parts
(``game.kit``, ``game.cards``, ``game.board``)::

    class PumpkinPairs(Game):
        modules = Modules(views=views, scoring=scoring, layout=layout, whereabouts=whereabouts,
                          moves=moves, referee=referee)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .action import Action, ActionWords
from .final_table import TableScore
from .prompt import Prompt, VerdictStatus
from .scoreboard import Scoreboard
from .takeover import Question
from .whereabouts import Whereabouts

#: the table in the game's own terms, JSON data: what ``expected_table`` and ``read`` give
Layout = dict[str, Any]


class ViewsModule(Protocol):
    """``views.py``: what everyone at the table may see (never a secret)."""

    def prompts(self, game: Any, state: Any, /) -> list[Prompt]: ...

    def public_view(self, game: Any, state: Any, /) -> dict[str, Any]: ...


class ScoringModule(Protocol):
    """``scoring.py``: the scoreboard, every point a line a player can check."""

    def scoreboard(self, game: Any, state: Any, /) -> Scoreboard: ...


class LayoutModule(Protocol):
    """``layout.py``: the table in the game's own terms: what it should show,
    what a settled snapshot shows, and a tidy arrangement of it."""

    def expected_table(self, game: Any, state: Any, /) -> Layout: ...

    def read(self, game: Any, state: Any, snapshot: Any, /) -> Layout: ...

    def arrange(self, game: Any, state: Any, table_mm: tuple[float, float], /) -> list[Any]: ...


class WhereaboutsModule(Protocol):
    """``whereabouts.py``: where the state puts each component (:meth:`Game.whereabouts`),
    on :meth:`Game.new_whereabouts`, for the engine's "nothing in two places" check."""

    def whereabouts(self, game: Any, state: Any, /) -> Whereabouts: ...


class MovesModule(Protocol):
    """``moves.py``: every action ``apply`` accepts now (:meth:`Game.legal_actions`)."""

    def legal_actions(self, game: Any, state: Any, /) -> list[Action]: ...


class RefereeModule(Protocol):
    """``referee.py``: what a difference between the expected table and a reading
    can be (:meth:`Game.candidates`), and what to say when it is none (:meth:`Game.explain`)."""

    def candidates(self, game: Any, state: Any, reading: Layout, /) -> list[list[Action]]: ...

    def explain(self, game: Any, state: Any, expected: Layout, reading: Layout, /) \
        -> tuple[VerdictStatus, list[Prompt]]: ...


class SearchModule(Protocol):
    """The referee's search over moves the camera missed (:meth:`Game.steps`,
    :meth:`Game.distance`), in ``referee.py`` beside the candidates."""

    def steps(self, game: Any, state: Any, reading: Layout, /) -> list[list[Action]]: ...

    def distance(self, game: Any, state: Any, reading: Layout, /) -> int | None: ...


class TakeoverModule(Protocol):
    """``takeover.py``: a game under way read from its table and a few answers
    (:meth:`Game.takeover_questions`, :meth:`Game.from_table`,
    :meth:`Game.takeover_answers`). ``players`` and ``options`` come checked
    and resolved."""

    def questions(self, game: Any, players: list[str], options: dict[str, Any], reading: Layout, /) \
        -> list[Question]: ...

    def from_table(self, game: Any, players: list[str], options: dict[str, Any], reading: Layout,
                   answers: Mapping[str, Any], /) -> dict[str, Any]: ...

    def answers(self, game: Any, state: Any, /) -> dict[str, Any]: ...


class FinalTableModule(Protocol):
    """``final_table.py``: a finished game scored from one look at its table
    (:meth:`Game.score_table`); ``options`` as given (score inputs included)."""

    def score_table(self, game: Any, players: Sequence[str], options: Mapping[str, Any], snapshot: Any, /) \
        -> TableScore: ...


class WordsModule(Protocol):
    """``words.py``: the game's actions, fields, options and values in its own
    words (:meth:`Game.action_words`), from the base class's."""

    def action_words(self, words: ActionWords, /) -> ActionWords: ...


@dataclass(frozen=True)
class Modules:
    """The modules of a game's package that implement its hooks, by role, e.g.
    ``Modules(views=views, scoring=scoring, layout=layout, ...)``. A role left
    None keeps the base class's default (a game with no ``final_table.py``
    answers that its score cannot be read from a photo), or, for the hooks
    every game needs (views, scoring, layout), is one the game overrides."""

    views: ViewsModule | None = None
    scoring: ScoringModule | None = None
    layout: LayoutModule | None = None
    whereabouts: WhereaboutsModule | None = None
    moves: MovesModule | None = None
    referee: RefereeModule | None = None
    search: SearchModule | None = None
    takeover: TakeoverModule | None = None
    final_table: FinalTableModule | None = None
    words: WordsModule | None = None
