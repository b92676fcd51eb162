"""The shape every game shares, in the manner of python-chess and boardgame.io.

A game is a :class:`Game` subclass with:

* ``setup(players, options)`` -> state: plain JSON data (dicts, lists, str, int,
  bool, None), identical after a JSON round trip;
* typed :class:`Action` dataclasses, including what the table tells the engine
  (a kid was revealed, a Love card was turned up): the physical decks are the
  game's only randomness;
* ``apply(state, action)`` -> ``(new_state, events)``. The engine refuses an
  action its phase does not allow (``phases``); the rest of legality is checked
  by the game's handler (``handlers()``, an explicit table). An illegal action
  raises :class:`IllegalAction` reading ``"<action type>: <reason>"`` (never the
  action itself, whose fields may be secret). ``apply`` works on a deep copy (:func:`copy_state`), so
  it can never half-apply: the state passed in is never changed;
* ``expected_table(state)`` and ``read(state, snapshot)``: the table in the
  game's own terms (JSON data), what it should look like and what the camera
  sees; ``referee(state, snapshot)`` compares them (:class:`Verdict`);
* ``prompts(state)``, ``score(state)`` and ``public_view(state)``. The public
  view never holds hidden information (face-down cards, hands). (There is no
  per-player view: nothing could serve one until a phone can prove whose it is.)

The hooks are implemented in the game's own modules (``views.py``,
``layout.py``, ``referee.py``...), each function taking the game first, and
named once on the class (:class:`~models.hooks.Modules`, checked against a Protocol per
module): :class:`Game` calls them, and ``game.py`` overrides only what is the
game's own (``docs/adding-a-game.md``).

Example, with any registered game::

    game = get_game("GLC")
    state = game.setup(["RED", "BLUE", "GREEN"], {})
    state, events = game.apply(state, game.parse_action({"type": "...", ...}))
"""
from __future__ import annotations

import dataclasses
import json
import pickle
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from .action import (
    Action as Action,  # re-exported: games import the action and its words from here
    ActionWords as ActionWords,
    hints_of,
    parse_action as parse_action,
    readable as readable,
    value_key as value_key,
)
from .errors import (
    GameSetupError as GameSetupError,  # re-exported: games import the errors from here
    IllegalAction as IllegalAction,
    MalformedAction as MalformedAction,
)
from .final_table import TableScore
from .hooks import Layout as Layout, Modules as Modules  # re-exported: games import them from here
from .jsonio import cut, typed_yes_no
from .plan_table import PlanTable
from .prompt import (
    Event as Event,  # re-exported: games import what they tell the table from here
    Prompt as Prompt,
    PromptLevel as PromptLevel,
    VerdictStatus as VerdictStatus,
)
from .referee import (
    LATE_DEPTH,
    LATE_NODES,
    MAX_FITS,
    Fit,
    Search,
    explore,
    first_fitting,
    read_on,
    state_key as _state_key,
)
from .scoreboard import (
    Scoreboard as Scoreboard,
    ScoreEntry as ScoreEntry,  # re-exported: games import the scoreboard from here
    ScoreLine as ScoreLine,
    seat_results as seat_results,
)
from .takeover import Question
from .text import or_list, tr, trn
from .whereabouts import Whereabouts

State = dict[str, Any]


def copy_state(state: State) -> State:
    """A private deep copy of a state (plain JSON data): a pickle round trip, the
    same result as ``copy.deepcopy`` about three times faster, which the referee's
    searches and every ``apply`` feel."""
    copied: State = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    return copied


# --------------------------------------------------------------------------- referee verdicts


@dataclass
class Verdict:
    """The referee's answer to a settled snapshot.

    * ``in_sync``: the table is as expected;
    * ``applied``: the difference was a legal action sequence, ``actions`` (already
      applied to ``state``);
    * ``waiting``: the table is part-way through a chore the engine asked for, or a
      choice only the players can make; ``prompts`` say what;
    * ``out_of_sync``: anything else; the state is unchanged and ``prompts`` say
      precisely what is wrong and how to put it right.

    ``choices`` (with ``waiting``): the camera missed several steps and these
    different legal sequences all explain the table; the referee picks the one
    that happened (nothing is applied until then).

    ``complete``: the search behind the verdict tried every sequence within its
    bound, so ``choices`` are every explanation there is, and none explains
    the table when there are none (:meth:`Game.referee_on` relies on it).
    """

    status: VerdictStatus
    state: State
    actions: list[Action] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    choices: list[Fit] = field(default_factory=list)
    complete: bool = True


# --------------------------------------------------------------------------- options


@dataclass(frozen=True)
class Option:
    """A setting of a game (a rules variant or a ruling that is a guess)."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None

    def parse(self, name: str, text: Any) -> Any:
        """Convert a ``KEY=VALUE`` string (or JSON value) to the option's type."""
        d = self.default
        v = text
        if isinstance(text, str):
            if isinstance(d, bool):
                v = typed_yes_no(text)
                if v is None:
                    raise GameSetupError(tr("option {option}: expected true or false, not {value!r}",
                                            option=name, value=cut(text)))
            elif isinstance(d, int):
                try:
                    v = int(text)
                except ValueError:
                    raise GameSetupError(tr("option {option}: expected a whole number, not {value!r}",
                                            option=name, value=cut(text))) from None
            elif isinstance(d, float):
                try:
                    v = float(text)
                except ValueError:
                    raise GameSetupError(tr("option {option}: expected a number, not {value!r}",
                                            option=name, value=cut(text))) from None
        elif d is not None and type(v) is not type(d) and not (isinstance(d, float) and isinstance(v, int)):
            raise GameSetupError(tr("option {option}: expected {type}, not {value!r}", option=name,
                                    type=type(d).__name__, value=cut(v)))
        if self.choices is not None and v not in self.choices:
            raise GameSetupError(tr("option {option}: must be one of {choices}, not {value!r}", option=name,
                                    choices=", ".join(map(str, self.choices)), value=cut(v)))
        return v


_M = TypeVar("_M")


def _needed(module: _M | None, game: Game, role: str) -> _M:
    """The module of a hook every game implements, or a clear error naming the role."""
    if module is None:
        raise NotImplementedError(f"{type(game).__name__} names no {role} module (Game.modules) "
                                  f"and does not override the hook")
    return module


# --------------------------------------------------------------------------- the game


class Game:
    """Base class of every game engine. Subclasses set the class variables and
    implement the ``_``-free hooks marked below; ``apply`` and ``referee`` are
    shared mechanisms."""

    code: ClassVar[str] = ""          # tag game code, e.g. "GLC"
    slug: ClassVar[str] = ""          # e.g. "ghosts-love-candy"
    title: ClassVar[str] = ""         # e.g. "Ghosts Love Candy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8
    actions: ClassVar[tuple[type[Action], ...]] = ()
    #: phase (``state["phase"]``) -> the action classes the rules allow in it;
    #: :meth:`apply` refuses any other before the game's handler runs
    phases: ClassVar[dict[str, tuple[type[Action], ...]]] = {}
    options: ClassVar[dict[str, Option]] = {}
    catalog_dir: ClassVar[Path | None] = None   # folder of the shipped catalog CSVs
    #: file stem -> column name -> :class:`models.catalog.Column`: what each catalog CSV holds
    catalog_schema: ClassVar[dict[str, dict[str, Any]]] = {}
    #: kinds (as counted by :meth:`count_kind`) whose components are secret where
    #: they lie: a refusal never names one ("that Love card is already dealt"),
    #: unless it lies face up for all to see (``Whereabouts.place(..., face_up=True)``)
    secret_kinds: ClassVar[frozenset[str]] = frozenset()
    #: kind -> (singular, plural) nouns for messages; default: the kind's own word
    kind_names: ClassVar[dict[str, tuple[str, str]]] = {}
    #: payload prefixes of this game's markers that are fixed to the table (besides
    #: the table's own seat and zone markers), e.g. ``("CCR:BOWL:",)``: the camera
    #: remembers where they lie while piles cover them. Not a marker whose cover or
    #: place means something (a board that turns, a slot a card hides).
    fixed_markers: ClassVar[tuple[str, ...]] = ()
    #: event type -> the cue it sounds (the buzzer's pattern and the page's sound):
    #: the moments the whole table should notice, e.g. ``{"scared": "scare"}``
    alerts: ClassVar[dict[str, str]] = {}
    #: catalog file (kind) -> the columns the referee may fill in at the table
    #: (words for people, never a rule's numbers), e.g. ``{"kids": ("text",)}``
    editable_fields: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: what :meth:`score_table` needs beyond the table, as options: key -> what to
    #: type (the ``/score`` page asks for each), e.g. Candy Crave's round 1 points
    score_inputs: ClassVar[dict[str, str]] = {}
    #: the modules of the game's package that implement its hooks (:class:`Modules`):
    #: each hook below calls its module's function unless the game overrides it
    modules: ClassVar[Modules] = Modules()

    def __init__(self, catalog: Any | None = None):
        from .catalog import Catalog  # local: catalog imports nothing from here
        self.catalog = catalog if catalog is not None else Catalog.for_game(self)

    # ---- shared mechanisms

    def parse_action(self, data: Any) -> Action:
        """``data`` (a JSON object) as one of this game's actions, or
        :class:`MalformedAction`. A seat named in lower case is the seat, as
        at setup (:meth:`check_players`)::

            >>> glc.parse_action({"type": "haunt", "player": "red", "slot": 2}).player
            'RED'
        """
        action = parse_action(self.actions, data)
        seats = set(self.seats() or ())
        upper = {f.name: v.strip().upper() for f in dataclasses.fields(action)
                 if isinstance(v := getattr(action, f.name), str) and v not in seats and v.strip().upper() in seats}
        return dataclasses.replace(action, **upper) if upper else action

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overridden by ``given`` (strings or JSON values); unknown keys fail."""
        out = {k: o.default for k, o in self.options.items()}
        for k, v in given.items():
            if k not in self.options:
                if self.options:
                    raise GameSetupError(tr("{game} has no option {option!r} (options: {known})", game=self.title,
                                            option=cut(k), known=", ".join(sorted(self.options))))
                raise GameSetupError(tr("{game} has no option {option!r} (options: none)", game=self.title,
                                        option=cut(k)))
            out[k] = self.options[k].parse(k, v)
        return out

    def seats(self) -> list[str] | None:
        """The seat colours a player may take, in catalog order (upper case), or
        None for a game that accepts any A-Z/0-9 name. Every shipped game
        declares its seats from its catalog (ghost sets, avatars, houses...)."""
        return None

    def check_players(self, players: Sequence[str]) -> list[str]:
        """The players as seat colours, upper case (``red`` is ``RED``), or
        GameSetupError: a wrong count, a name given twice, or a name that is
        not one of :meth:`seats` (the message lists the seats)."""
        players = [p.strip().upper() for p in players]
        if not self.min_players <= len(players) <= self.max_players:
            raise GameSetupError(tr("{game} is for {min}-{max} players, not {count}", game=self.title,
                                    min=self.min_players, max=self.max_players, count=len(players)))
        if len(set(players)) != len(players):
            raise GameSetupError(tr("player names must differ: {players}", players=", ".join(players)))
        seats = self.seats()
        if seats is not None:
            bad = [p for p in players if p not in seats]
            if bad:
                raise GameSetupError(trn("{names} is not a seat of {game} (seats: {seats})",
                                         "{names} are not seats of {game} (seats: {seats})", len(bad),
                                         names=", ".join(map(cut, bad)), game=self.title, seats=", ".join(seats)))
        for p in players:
            if not p or not p.isalnum() or not p.isascii():
                raise GameSetupError(tr("player {player!r}: use a seat colour such as RED (A-Z, 0-9)", player=cut(p)))
        return players

    def apply(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Apply a legal action: returns the new state and what happened. Raises
        :class:`IllegalAction` and leaves ``state`` untouched otherwise."""
        if not isinstance(action, self.actions):
            raise IllegalAction(tr("{action}: not a {game} action",
                                   action=getattr(action, "type", type(action).__name__), game=self.title))
        work = copy_state(state)
        if not self.allowed_now(state, action):
            self._apply(work, action)   # the game's own words for the refusal, when it has them
            raise IllegalAction(tr("{action}: not during the {phase} phase", action=action.type,
                                   phase=state.get("phase")))
        events = self._apply(work, action)
        self.check_whereabouts(state, work, action)
        return work, events

    def allowed_now(self, state: State, action: Action) -> bool:
        """Whether :attr:`phases` allows the action's class in the state's phase
        (every action is allowed by a game that declares no phases)."""
        if not self.phases:
            return True
        return isinstance(action, self.phases.get(state.get("phase", ""), ()))

    def check_whereabouts(self, before: State, after: State, action: Action) -> None:
        """The one check every game shares (see :mod:`models.whereabouts`): after
        an action no component may be in two places, and no kind may have more
        components on record than the catalog holds (a card played without a
        name must be one whose place is unknown). Only what the action made
        worse is refused, so a state that was already wrong stays playable."""
        now = self.whereabouts(after)
        if now is None:
            return
        counts = self._kind_counts()
        dups = now.duplicates()
        short = {k: v for k, v in now.unaccounted(counts).items() if v < 0}
        if not dups and not short:
            return
        was = self.whereabouts(before) or self.new_whereabouts()
        for payload, places in dups.items():
            if was.count(payload) >= len(places):
                continue
            kind = self.count_kind(payload)
            noun = self.kind_noun(kind)
            prior = was.where(payload)
            if kind in self.secret_kinds and not was.shown(payload):
                text = (tr("that {noun} is already {place}", noun=noun, place=prior[1]) if prior else
                        tr("that {noun} is named twice", noun=noun))
            else:
                c = self.catalog.get(payload)
                name = f"{c.name} ({payload})" if c is not None and c.name != payload else payload
                text = (tr("{card} is already {place}", card=name, place=prior[0]) if prior else
                        tr("{card} cannot be both {place} and {other_place}", card=name, place=places[0],
                           other_place=places[1]))
            raise IllegalAction(tr("{action}: {reason}", action=action.type, reason=text))
        old = was.unaccounted(counts)
        for kind, v in short.items():
            if v >= old.get(kind, 0):
                continue
            areas = was.areas(kind)
            where = or_list(areas) if areas else tr("accounted for")
            raise IllegalAction(tr("{action}: every {noun} is {where}: {elsewhere}", action=action.type,
                                   noun=self.kind_noun(kind), where=where, elsewhere=now.hidden))

    def new_whereabouts(self, hidden: str = tr("none can be anywhere else")) -> Whereabouts:
        """An empty :class:`Whereabouts` counting components with :meth:`count_kind`."""
        kinds = self.__dict__.get("_kinds_by_payload")
        if kinds is None:
            kinds = {c.payload: self.count_kind_of(c) for c in self.catalog}
            self.__dict__["_kinds_by_payload"] = kinds
        return Whereabouts(kinds.get, hidden)

    def count_kind(self, payload: str) -> str | None:
        """The kind a payload counts as (None: not in the catalog or not counted)."""
        self.new_whereabouts()
        kind: str | None = self.__dict__["_kinds_by_payload"].get(payload)
        return kind

    def _kind_counts(self) -> dict[str, int]:
        counts = self.__dict__.get("_kind_counts_cache")
        if counts is None:
            counts = Whereabouts.catalog_counts(self.catalog, self.count_kind)
            self.__dict__["_kind_counts_cache"] = counts
        return counts

    def kind_noun(self, kind: str | None, plural: bool = False) -> str:
        """The word for one (or several) components of a kind: ``cat``, ``Love card``."""
        k = kind or "component"
        names = self.kind_names.get(k)
        if names:
            return names[1] if plural else names[0]
        return k if plural or not k.endswith("s") else k[:-1]

    def apply_all(self, state: State, actions: Sequence[Action]) -> tuple[State, list[Event]]:
        """Apply a sequence atomically: all of it, or nothing (IllegalAction)."""
        events: list[Event] = []
        for a in actions:
            state, ev = self.apply(state, a)
            events.extend(ev)
        return state, events

    def referee(self, state: State, snapshot: Any, *, late: bool = False, gap: bool = False) -> Verdict:
        """Compare a settled snapshot with the expected table.

        Equal: in sync. Otherwise each candidate action sequence proposed by
        :meth:`candidates` (what the table shows, step by step) is tried on a
        copy; the first legal one whose expected table equals the reading is
        applied. Otherwise the camera may have missed steps: :meth:`jump`
        searches the legal sequences that end at the table seen and applies the
        only one, or lets the referee pick among several. Otherwise
        :meth:`explain` says what is wrong (``waiting`` if the game recognises a
        chore in progress).

        ``late``: the companion was started after the game began ("take the
        game as it lies"): ``state`` is the setup and the search may go as deep
        as :data:`models.referee.LATE_DEPTH` moves (:data:`LATE_NODES` tried).

        ``gap``: the camera was lost, or the table stayed unsettled for a long
        while, since the last settled table, so several moves may lie between
        the two. A game whose moves can leave no trace
        (:attr:`jumps_leave_traces` False) then applies nothing by itself, not
        even what the table shows step by step (it assumes every step was
        seen): every explanation found goes to the referee. Nor does a game
        that :meth:`doubts` the one explanation found."""
        reading = self.read(state, snapshot)
        expected = self.expected_table(state)
        if self.same_table(expected, reading):
            return Verdict("in_sync", state, prompts=self.prompts(state))
        fit = None if late else first_fitting(self, state, reading)   # late: no guess, only the search
        # no one change explains the table, and the table shows moves behind it: as after a gap
        gap = gap or (fit is None and not late and self.shows_a_gap(state, reading))
        unseen = gap and not self.jumps_leave_traces
        detours = gap and self.detour_slack is not None
        if fit is not None and not unseen and not detours and not self.doubts(state, reading, fit.actions, gap=gap):
            return Verdict("applied", fit.state, fit.actions, fit.events, self.prompts(fit.state))
        found = self.jump(state, reading, late=late, gap=gap)
        if fit is not None:           # after a gap: the step-by-step reading is one explanation among others
            keys = {_state_key(f.state) for f in found.fits}
            if _state_key(fit.state) not in keys:
                found.fits.insert(0, fit)
        if found.only is not None and self.jumps_leave_traces \
                and not self.doubts(state, reading, found.only.actions, gap=gap):
            fit = found.only
            return Verdict("applied", fit.state, fit.actions, fit.events, self.prompts(fit.state))
        status, prompts = self.explain(state, expected, reading)
        if found.fits:       # the game's own question, if it has one, stays
            asked = prompts if status == "waiting" else []
            missed = gap or fit is None         # else one change explains it, and the game doubts it
            return Verdict("waiting", state, prompts=[self.choice_prompt(found, missed=missed), *asked],
                           choices=found.fits, complete=found.complete)
        if gap and status == "out_of_sync" and (not found.complete or self.gap_may_hide(state)):
            # the camera was away and the search ran out before it found what happened, or the gap may
            # hold moves that leave no trace for it to try (Ghost at Home's discard and draw): nothing says
            # the table is wrong, so the referee enters the moves; what would restore the last table seen
            # is a way back, not an order
            return Verdict("waiting", state, prompts=[self.unexplained_prompt(found, state),
                                                      *(dataclasses.replace(p, level="info") for p in prompts)],
                           complete=False)
        return Verdict(status, state, prompts=prompts, complete=found.complete)

    def referee_on(self, state: State, pending: Sequence[Fit], snapshot: Any, *, complete: bool,
                   gap: bool = False) -> Verdict:
        """A new settled table while the referee has not yet picked among
        ``pending``, the explanations :meth:`referee` offered for the last one
        (each from ``state``): the players played on.

        The table put back as ``state`` had it: in sync. Otherwise the truth
        went through the last table, so it is read on from each explanation
        (as one change, or as after a gap when ``gap``); readings more than
        the search's slack longer than the shortest are dropped, as one search
        drops them, and each reading found is an explanation the whole way
        from ``state``. When ``pending`` were every explanation within the
        search's bound (``complete``, :attr:`Verdict.complete`), the only one
        is applied if each reading was sure (applied, or none within its
        bound) and the game applies such a jump (its jumps leave traces and it
        does not :meth:`doubts` it); else they are offered, usually fewer than
        before. When ``pending`` may not be all, what leads on is offered,
        never applied (the prompt says the search stopped at its bound). When
        nothing leads on, the table is read from ``state`` as after a gap: the
        gap the camera had is still open, so one change from ``state`` is
        never assumed.

        Example: The Closest Ghost after an arm over the table, two ways the
        ghosts may have gone offered; BLUE's avatar then moves, which only one
        of them allows: that one and the move are applied, nothing asked."""
        reading = self.read(state, snapshot)
        if self.same_table(self.expected_table(state), reading):
            return Verdict("in_sync", state, prompts=self.prompts(state))
        found, sure = read_on(self, pending, snapshot, gap)
        if not found:
            return self.referee(state, snapshot, gap=True)
        sure = sure and complete
        fits = sorted(found.values(), key=lambda f: len(f.actions))
        if len(fits) > MAX_FITS:      # as many as one search lists: a question left open long does not grow
            fits, sure = fits[:MAX_FITS], False
        if len(fits) == 1 and sure and self.jumps_leave_traces \
                and not self.doubts(state, reading, fits[0].actions, gap=True):
            only = fits[0]
            return Verdict("applied", only.state, only.actions, only.events, self.prompts(only.state))
        search = Search(fits, nodes=0, complete=sure)
        return Verdict("waiting", state, prompts=[self.choice_prompt(search)], choices=fits, complete=sure)

    def tells_for(self, state: State, truth: State) -> list[Action]:
        """What the players would tell the console about the moves ``state``
        holds in the form no camera can tell apart (:attr:`unseen_forms`), had
        the game gone as ``truth`` (a later state of the same game) says: the
        bench's console, which sees everything, answers so. Default: none."""
        return []

    def doubts(self, state: State, reading: Layout, actions: Sequence[Action], gap: bool = False) -> bool:
        """Whether the only explanation the search found may still not be the
        truth, because another lies beyond its bound (Girls vs Ghouls: a card
        seen at a house where two players stand is the first one's, or, had
        the players between played cards no camera sees, the second one's, a
        turn or more later; after a camera gap, a whole round of such cards may
        lie in it): the referee picks then. Default: no doubt."""
        return False

    def jump(self, state: State, reading: Layout, late: bool = False, gap: bool = False) -> Search:
        """The legal sequences of :meth:`steps` that end at the reading (see
        :func:`models.referee.explore` for the bound; ``late``: the deeper bound
        of a game taken over as it lies; ``gap``: after a camera gap, the
        game's :attr:`detour_slack`); none when the game declares no steps."""
        if late:
            return explore(self, state, reading, max_depth=LATE_DEPTH, max_nodes=LATE_NODES)
        if gap and self.detour_slack is not None:
            return explore(self, state, reading, slack=self.detour_slack)
        return explore(self, state, reading)

    def choice_prompt(self, found: Search, missed: bool = True) -> Prompt:
        """What the table is told while the referee picks among explanations:
        that the camera missed moves (``missed``: after a camera gap, or a
        table no one change explains); or, where one change explains it but
        the game doubts it (a card seen where two players stand, rooms that
        may be all that is left of an escape), that the table reads more than
        one way: the camera saw it settle once and need not have missed a thing."""
        n = len(found.fits)
        if not missed:
            text = trn("A sequence of legal moves explains the table, but moves made before it settled, or one the "
                       "camera cannot see, may explain it too. The referee confirms it on the console or enters what "
                       "happened, or put the table back as it was.",
                       "{n} different sequences of legal moves explain the table (moves made before it settled, or "
                       "one the camera cannot see). The referee picks the one that happened on the console, or put "
                       "the table back as it was.",
                       n)
            return Prompt(text, level="warning")
        if found.complete:
            text = trn("The camera missed some moves; a sequence of legal moves explains the table. "
                       "The referee picks the one that happened on the console, or put the table back as it was.",
                       "The camera missed some moves; {n} different sequences of legal moves explain the table. "
                       "The referee picks the one that happened on the console, or put the table back as it was.",
                       n)
        else:
            text = trn("The camera missed some moves; a sequence of legal moves explains the table (the search "
                       "stopped at its bound, so it cannot be sure there is no other). The referee picks the one "
                       "that happened on the console, or put the table back as it was.",
                       "The camera missed some moves; {n} different sequences of legal moves explain the table "
                       "(the search stopped at its bound, so it cannot be sure there is no other). The referee "
                       "picks the one that happened on the console, or put the table back as it was.",
                       n)
        return Prompt(text, level="warning")

    def shows_a_gap(self, state: State, reading: Layout) -> bool:
        """Whether the table itself shows that several moves lie behind it,
        though the camera saw no gap (the players were quicker than the table
        settled): it holds what no one change from ``state`` makes. Where
        no one change explains it, the referee then reads it as after a gap
        (:meth:`referee`), so a legal table it cannot explain is asked about,
        never called wrong.
        Default: never (a table the game cannot explain as one change is out
        of sync). Candy Crave: round 2's table while round 1's removals are
        still owed (the sweets went back to the bowls, which follows them).
        Girls vs Ghouls: a VP card where no house has scored (the round's end
        lies behind it). Ghost at Home: a table that needs two moves or more
        (:meth:`distance`), a discard and draw perhaps between them."""
        return False

    def gap_may_hide(self, state: State) -> bool:
        """Whether a camera gap from ``state`` may hold moves that leave no
        trace on the table, so that a search over what the table shows cannot
        rule them out and finding no explanation does not make the table wrong.
        Default: a game whose jumps leave no trace (:attr:`jumps_leave_traces`
        False: Ghost at Home's discard and draw)."""
        return not self.jumps_leave_traces

    def unexplained_prompt(self, found: Search, state: State) -> Prompt:
        """What the table is told after a camera gap that the search could not
        explain within its bound (``found``: no explanation, not complete:
        more than :data:`~models.referee.MAX_DEPTH` moves, or
        :data:`~models.referee.MAX_NODES` tried), or, where the gap may hold
        moves that leave no trace (:meth:`gap_may_hide`), could not explain
        with the moves a camera sees."""
        return Prompt(tr("The camera missed some moves, more than the referee's search can follow. The referee "
                         "enters them on the console, or put the table back as it was:"), level="warning")

    #: What a game taken over as it lies cannot know from the table (said when
    #: the companion takes one over; see ``Session.take_over``)
    late_notes: ClassVar[tuple[str, ...]] = ()

    #: Whether every step of a jump leaves a trace the reading shows, so that the
    #: search's only explanation is the truth; a game where cards come and go
    #: unseen (a pass clears a floor's rooms) sets False and the referee picks
    jumps_leave_traces: ClassVar[bool] = True

    #: The action types that stand for moves no camera saw, in the forms the
    #: table and the console tell them (Girls vs Ghouls: ``unseen``, a card
    #: played that nobody saw, and ``tell``, what it was, said later; Ghost at
    #: Home: a light's payment and a ghost gone to the pile unseen, then
    #: ``light_told``): the referee applies the others and asks for the last;
    #: a game of real cards (the bench's random table) never plays them.
    unseen_forms: ClassVar[tuple[str, ...]] = ()

    #: After a camera gap, how many steps beyond the shortest explanation the
    #: search looks for others, in a game whose moves can undo each other (a
    #: ghost moved and moved back leaves the table as it was, one turn on): the
    #: table shows what a gap did, not whose turn it left, so the step-by-step
    #: reading is applied only when no longer detour reaches the same table.
    #: None: the step-by-step reading stands after a gap too.
    detour_slack: ClassVar[int | None] = None

    #: The players of the game's example game (``docs/games/<slug>.script.json``,
    #: which the game's page walks through), in seat order, e.g. ``("RED", "BLUE")``:
    #: :mod:`companion.examples` plays the script with them, and the table plan,
    #: the event demo, ``companion demo --game`` and the tests after it. Every
    #: shipped game sets it (``tests/models/test_game_template.py`` checks).
    example_players: ClassVar[tuple[str, ...]] = ()

    #: How many of the example's last moves the demo's camera watches
    #: (``companion demo --game``, ``--tables``): the moves before are applied
    #: at once, as if played before the camera came. Enough to see the game's
    #: kinds of moves; few enough that a table reaches its scoreboard within minutes.
    demo_watched: ClassVar[int] = 30

    #: The fewest seconds between two of the demo's moves, where the demo's
    #: usual pace (3 s) is too quick for this game's camera to settle on one move
    #: before the next comes. 0: the usual pace will do.
    demo_pace_s: ClassVar[float] = 0.0

    #: What the game's table plan (``companion plans``, the game page's picture)
    #: shows: a moment of the example game, dimension lines and the legend's
    #: lines (:class:`models.plan_table.PlanTable`). None: a plan of the table
    #: just after set-up, with no lines of the game's own.
    plan_table: ClassVar[PlanTable | None] = None

    def table_mm(self, players: int) -> tuple[float, float]:
        """The table the game's page asks for with this many players, in mm
        (width, depth): where the game's ``arrange`` lays everything out, and so
        what the tests, the bench and the demo draw. Default: 900x600 for any count.

        >>> get_game("GLC").table_mm(6)      # doctest: +SKIP
        (900.0, 850.0)
        """
        return (900.0, 600.0)

    def missing_texts(self, state: State) -> list[dict[str, str]]:
        """Cards the table needs the words of now and the catalog lacks
        (``{"payload", "field", "name"}``): the console offers to type them once
        (:mod:`companion.live.catalog_edit`). Default: none."""
        return []

    def chores(self, state: State) -> list[list[Action]]:
        """What the referee may confirm with nothing changed on the table, in
        order: a chore done by hand that left everything where it was (a card's
        ability resolved with nothing moved). The console's Confirm tries them
        when the table already matches the game. Default: none."""
        return []

    def as_told(self, action: Action) -> Action:
        """``action`` as the players can tell it to the console: what nobody at
        the table may know left out (Ghosts Love Candy: a ghost chosen face
        down, without its value). Whoever sees everything (a random game
        played for a benchmark) enters moves this way, as a referee would.
        Default: the action itself."""
        return action

    # ---- what can happen next: the one legal-move source

    def legal_actions(self, state: State) -> list[Action]:
        """Every action :meth:`apply` accepts in ``state``, the likeliest first, in
        the manner of OpenSpiel's ``legal_actions`` and python-chess's
        ``legal_moves``: the players' moves and what the table tells the engine,
        a card turned up from a hidden deck being one action per card it can
        still be (OpenSpiel's chance outcomes). An action whose secret the table
        never shows (a card discarded face down, unnamed) is listed in the form
        the table can tell. Derived from it: the console's action forms (a
        choice is offered exactly when a listed action holds it,
        :mod:`models.action_form`), the referee's search over missed moves
        (for a game with no :meth:`steps` of its own), the bench's random play,
        and the tests' random games (``tests/contract/drivers.py``: one driver
        for every game); a game's ``test_legal_actions.py`` holds it equal to
        what ``apply`` accepts. Not derived from it: the referee's candidates,
        its search's steps and the take-over (:meth:`candidates`,
        :meth:`steps`, :meth:`from_table`) start from what the camera shows,
        each game's own reading of the table; ``tests/models/test_legal_moves.py``
        holds every step the search tries that ``apply`` accepts to this list.
        The game's ``moves.legal_actions(game, state)``; none without a
        ``moves`` module (the game is not searched, and its forms offer nothing
        as legal)."""
        moves = self.modules.moves
        return moves.legal_actions(self, state) if moves is not None else []

    def distance(self, state: State, reading: Layout) -> int | None:
        """A lower bound of the actions still needed to go from ``state`` to a
        state whose expected table is the reading (:meth:`same_table`), or None
        when no sequence of legal actions can get there (a sweet locked where
        the table shows none can never be unlocked). It must never overestimate
        (a piece three squares away needs at least three moves): the referee's
        search spends its bound only on sequences that can still reach the
        table. The game's ``distance(game, state, reading)`` (``modules.search``);
        0 without one (no bound: every state is searched)."""
        search = self.modules.search
        return search.distance(self, state, reading) if search is not None else 0

    # ---- taking a game over as it lies

    def takeover_questions(self, players: Sequence[str], options: Mapping[str, Any],
                           reading: Layout) -> list[Question]:
        """What a settled table of this game cannot tell and :meth:`from_table`
        needs (whose turn it is, which round, points written down), asked once
        as one short form: the game's ``takeover.questions(game, players,
        options, reading)``, with the players checked and the options
        resolved; nothing to ask without a ``takeover`` module."""
        takeover = self.modules.takeover
        if takeover is None:
            return []
        return takeover.questions(self, self.check_players(players), self.resolve_options(options), reading)

    def takeover_answers(self, state: State) -> dict[str, Any]:
        """The answers to :meth:`takeover_questions` that a known state gives
        (whose turn it is in it, its round...): what the tests answer from the
        truth, and how two explanations that differ only in what no camera can
        see are read as the one state the table shows: the game's
        ``takeover.answers(game, state)``; none without one."""
        takeover = self.modules.takeover
        return takeover.answers(self, state) if takeover is not None else {}

    def answers_differ(self, state: State, truth: State) -> list[str]:
        """The take-over answers (:meth:`takeover_answers`) in which a record,
        ``state``, does not hold the game's true state, ``truth``: what a
        record gets wrong beyond its table. A count the record holds as a range
        holds a truth inside it (Ghost at Home: while a light's payment is
        untold the deck may hold a card or two fewer). Default: every answer
        that differs: a record that is the truth differs in nothing,
        ``game.answers_differ(state, state) == []``."""
        mine, true = self.takeover_answers(state), self.takeover_answers(truth)
        return sorted(k for k in mine.keys() | true.keys() if mine.get(k) != true.get(k))

    def from_table(self, players: Sequence[str], options: Mapping[str, Any], reading: Layout,
                   answers: Mapping[str, Any]) -> State | None:
        """The state of a game under way, read from its settled table (``reading``,
        as :meth:`read` gives it) and the answers to :meth:`takeover_questions`:
        what the table shows exactly, what no camera can see as counts the
        catalog allows, nothing invented. Raises IllegalAction, in words a
        player can act on, when the table is no position of the game. The
        game's ``takeover.from_table(game, players, options, reading,
        answers)``, the players checked and the options resolved; without a
        ``takeover`` module, None: the game cannot be read this way and is
        followed from its setup by the referee's search instead."""
        takeover = self.modules.takeover
        if takeover is None:
            return None
        return takeover.from_table(self, self.check_players(players), self.resolve_options(options), reading,
                                   answers)

    def steps(self, state: State, reading: Layout) -> list[list[Action]]:
        """The steps that may come next on the way from ``state`` to the reading,
        legal or not, for :meth:`jump`'s search: the table's evidence, and an
        alternative for each thing the table cannot tell apart: the game's
        ``steps(game, state, reading)`` (``modules.search``). Without one, no
        steps turns the search off."""
        search = self.modules.search
        return search.steps(self, state, reading) if search is not None else []

    def same_table(self, expected: Layout, reading: Layout) -> bool:
        """Whether a reading matches the expected table (override to ignore parts
        the camera cannot see)."""
        return expected == reading

    def state_round_trip(self, state: State) -> State:
        copied: State = json.loads(json.dumps(state))
        return copied

    # ---- hooks every game implements

    def whereabouts(self, state: State) -> Whereabouts | None:
        """Where the state puts each component (see :mod:`models.whereabouts`),
        built on :meth:`new_whereabouts`; None (the default) opts out of the
        engine's "nothing in two places / nothing that cannot exist" check:
        ``whereabouts.whereabouts(game, state)``."""
        module = self.modules.whereabouts
        return module.whereabouts(self, state) if module is not None else None

    def count_kind_of(self, component: Any) -> str | None:
        """The kind a catalog component counts as: its catalog file (``kids``) by
        default; a game may group by a column (GAH cards by type: ``cat``) or
        return None for components it does not track."""
        kind: str | None = component.kind
        return kind

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None) -> Any:
        """The state before the first action: the game's own state TypedDict
        (``models/<game>/state.py``), plain JSON data."""
        raise NotImplementedError

    def _apply(self, state: State, action: Action) -> list[Event]:
        """Check legality and mutate ``state`` (a private copy) in place; raise
        IllegalAction before changing anything that matters, or at any point:
        the copy is discarded. Dispatches by :meth:`handlers`."""
        raise NotImplementedError

    def handlers(self) -> Mapping[type[Action], Callable[..., Any]]:
        """The dispatch table: each action class and the rules function that
        applies it (one entry per class of :attr:`actions`)."""
        raise NotImplementedError

    def is_over(self, state: State) -> bool:
        """Whether the game has ended (every game's last phase is ``over``)."""
        return bool(state.get("phase") == "over")

    def prompts(self, state: State) -> list[Prompt]:
        """What the table should do next (public): ``views.prompts(game, state)``."""
        return _needed(self.modules.views, self, "views").prompts(self, state)

    def score(self, state: State) -> Scoreboard:
        """The scoreboard: ``scoring.scoreboard(game, state)``."""
        return _needed(self.modules.scoring, self, "scoring").scoreboard(self, state)

    def public_view(self, state: State) -> dict[str, Any]:
        """What everyone may see of the state: ``views.public_view(game, state)``."""
        return _needed(self.modules.views, self, "views").public_view(self, state)

    def expected_table(self, state: State) -> Layout:
        """What the table should show: ``layout.expected_table(game, state)``."""
        return _needed(self.modules.layout, self, "layout").expected_table(self, state)

    def read(self, state: State, snapshot: Any) -> Layout:
        """What a settled snapshot shows, in the game's terms: ``layout.read(game, state, snapshot)``."""
        return _needed(self.modules.layout, self, "layout").read(self, state, snapshot)

    @classmethod
    def action_words(cls) -> ActionWords:
        """How people call this game's actions, their fields and values, and its
        options (:class:`ActionWords`): what the console shows instead of the
        identifiers, which stay the values sent. Here: each identifier as words
        (``"reveal_kid"`` -> ``"reveal kid"``), ``player`` and yes/no for a
        true-or-false field or option, and no description of any action (the
        console then shows none); a game names its own in its words, translated
        in its package (``words.py``)::

            words = super().action_words()
            words["actions"]["reveal_kid"] = tr("Reveal a kid")
            words["descriptions"]["reveal_kid"] = tr("The top kid of the Kid deck, turned up into an empty slot.")

        and names the module (``modules.words``): the base class hands it these.
        """
        yes_no = {"true": tr("yes"), "false": tr("no")}
        fields: dict[str, Any] = {}
        values: dict[str, dict[str, Any]] = {}
        for action in cls.actions:
            hints = hints_of(action)
            for f in dataclasses.fields(action):
                fields.setdefault(f.name, readable(f.name))
                if hints.get(f.name) in (bool, bool | None):
                    values[f.name] = dict(yes_no)
        fields["player"] = tr("player")
        for name, option in cls.options.items():
            if isinstance(option.default, bool):
                values[name] = dict(yes_no)
        words: ActionWords = {"actions": {a.type: readable(a.type) for a in cls.actions}, "descriptions": {},
                              "fields": fields, "options": {name: readable(name) for name in cls.options},
                              "values": values}
        return cls.modules.words.action_words(words) if cls.modules.words is not None else words

    def field_choices(self, state: State) -> dict[str, list[tuple[Any, str]]]:
        """The words of what each action field may hold, for the console's forms
        (:mod:`models.action_form`): field name (or ``"type.field"``) ->
        ``(value, label)`` choices, the likeliest first, each value spelled as
        :meth:`legal_actions` spells it. Which of them are legal now is not
        decided here: the form offers those a legal action holds. Here: the
        players for ``player``; a game adds its own (slots, cards, squares...)
        from its state and catalog. A field without choices is typed in."""
        players = [(p, str(p)) for p in state.get("players", [])]
        return {"player": players}

    def score_table(self, players: Sequence[str], options: Mapping[str, Any], snapshot: Any) -> TableScore:
        """Score a finished game from one settled look at its table (``companion
        score``, a photo): read ``snapshot`` with :meth:`read`, build the final
        state the table shows, :meth:`score` it, and say which tags counted
        (:func:`models.final_table.table_score`): the game's
        ``final_table.score_table(game, players, options, snapshot)``. A game
        whose end score the table does not show says so in ``reason``, as the
        default does for a game with no ``final_table`` module."""
        final_table = self.modules.final_table
        if final_table is not None:
            return final_table.score_table(self, players, options, snapshot)
        return TableScore(None, reason=tr("{game}'s score cannot be read from a photo of the table",
                                          game=self.title))

    def score_input_problem(self, key: str, players: Sequence[str], value: Any) -> str | None:
        """What is wrong with ``value``, given for ``key`` of :attr:`score_inputs`
        (what :meth:`score_table` takes beyond the options), or None: checked
        before a photo is read (``companion score``, the ``/score`` page), so a
        bad value is bad input (exit 2, HTTP 400) while a value not given at all
        is a photo that cannot be scored. Candy Crave checks its round 1
        points. Default: nothing checked."""
        return None

    def arrange(self, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any]:
        """A canonical physical arrangement of the expected table, as
        :class:`models.table.Placement` s (table markers included): what the
        simulated table draws for the demo and the tests. ``read`` of a snapshot
        of this arrangement must equal ``expected_table(state)``:
        ``layout.arrange(game, state, table_mm)``."""
        return _needed(self.modules.layout, self, "layout").arrange(self, state, table_mm)

    def arrange_as_left(self, state: State, table_mm: tuple[float, float] = (900.0, 600.0)) -> list[Any] | None:
        """The table as the players leave it right after the move that made
        ``state``, before the tidying the referee then asks for, where that
        differs from :meth:`arrange`: Girls vs Ghouls' round just resolved, its
        Tricks still face up by their houses. A camera that watches every
        change sees it first; the event demo and the autonomy bench show it so
        (the players then tidy to :meth:`arrange`). Default: None, the move
        leaves the table tidy."""
        return None

    def candidates(self, state: State, reading: Layout) -> list[list[Action]]:
        """Action sequences that could explain the difference (tried in order):
        ``referee.candidates(game, state, reading)``; none without a referee module."""
        referee = self.modules.referee
        return referee.candidates(self, state, reading) if referee is not None else []

    def explain(self, state: State, expected: Layout, reading: Layout) -> tuple[VerdictStatus, list[Prompt]]:
        """Why the reading is not the expected table, as prompts:
        ``referee.explain(game, state, expected, reading)``."""
        referee = self.modules.referee
        if referee is not None:
            return referee.explain(self, state, expected, reading)
        return "out_of_sync", [Prompt(tr("The table does not match the game: put it back as shown."), level="error")]
