"""Benchmark: how much of a game the referee follows with no one at the console.

Per game, random games are played from the game's own legal actions
(``Game.legal_actions``, chance outcomes drawn uniformly: an omniscient random
table) and shown to the referee as a perfect camera sees the table
(:func:`models.table.seen_from_above`), the way a real table is watched:

* most changes one at a time, each seen as the players leave it before they
  tidy (``Game.arrange_as_left``: Girls vs Ghouls' round just resolved shows
  its Tricks face up, as people read them; the next table is tidy);
* camera gaps the session sees (an arm over the table, a lost camera: 2-6
  actions, ``gap=True``);
* gaps it does not see (several moves before the table settles: 2-4 actions,
  ``gap=False``);
* and once per game a late start: the game taken over from its table at a
  random point (``Game.from_table``, answered from the truth as the players
  would), then refereed on from there.

What the console does is counted as a referee would: picking among the
explanations offered (one tap; one true as far as it goes, the rest entered,
when that is fewer taps), saying what a card recorded as played unseen was
(one tap each: :meth:`Game.tells_for`, from the truth), or entering the moves
the companion could not see or explain (one tap per move; a move that leaves
the table as it was, such as a card discarded face down, is one no camera can
see), one at a time: after each the companion reads the camera's table again
from there and applies what it explains (``RefereeDesk.follow_table``), judged
like any other record; the referee picks an explanation only where that is
fewer taps. A gap whose moves came back to the state the referee holds (a
Girls vs Ghouls standee walked away and back) needs no tap: the table is in
sync, and so is the game. The random table plays real cards: never a game's unseen forms. A record is wrong
when the referee applies a state that is not the truth (nor a true part of the
gap), judged by what a table can tell (:func:`agrees`: the table, and what a
take-over asks, such as whose turn it is); after a take-over, also when a later
true move is refused.

Beside the taps, the questions after a camera gap the session knew of are
sorted by what the explanation offered nearest the truth gets wrong
(:func:`gap_question`), and those whose explanations all show one public part
(:func:`public_part`: the table, and what a take-over asks that is not a
number) are counted, with how many of them that part is true: what holding
the numbers no camera sees as ranges could settle, and what it would record
wrongly.

A second table judges 1,000 random gaps per game that the session does not
see (2-4 moves before the table settled, read as one change from the state a
referee that watched every move before knows, :func:`known_states`): how many are
recorded, asked, left as they were (nothing the gap did shows yet: a ghost
chosen face down), called out of sync, and recorded wrongly (the target is 0). A third
counts the wrong records of both kinds on two more seeds, with what each got
wrong (the table, or a take-over's answer such as Ghost at Home's deck count):
the figures above are seed 0's, and 0 wrong must hold on games nothing was
tuned on. A fourth leaves the referee's question after a known gap open while the
players make 1-3 more moves (:func:`measure_played_on`, ``Game.referee_on``): how
often the next tables answer it, how often it is still asked, and the wrong records
(0), beside what reading those tables as one change from the state before the gap
recorded. A fifth runs the event demo's six tables side by side in real time, through the whole
pipeline, and counts what each table's referee does on the console: the moves
no camera can see, told, and the moves the camera missed, entered.

Figures per game: moves applied with no one at the console, console
questions, taps per game beside the moves no camera can see (and by what
each tap was for, :data:`TAPS`), wrong records
(the target is 0), and the search's cost per refereed gap (median and worst) as
a ratio to one raw zxing-cpp decode of a 1600x900 frame in the same process.

    python -m companion.bench --only autonomy
"""
from __future__ import annotations

import json
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

TITLE = "Referee autonomy: random games with camera gaps, unseen gaps and late starts"
LIMIT = 3000

#: what a console tap was for: a move that leaves the table as it was (a card discarded face down, a
#: pass), entered; what a move the camera saw hid (a card played unseen, a light's payment), told; a
#: pick among the explanations offered; a chore confirmed (an ability resolved by hand); a move the
#: table shows, entered because the referee asked rather than guessed which way it went (or the
#: search could not explain the gap)
HIDDEN, TOLD, PICK, CHORE, ASKED = ("a move no camera sees, entered", "what a move hid, told",
                                     "an explanation picked", "a chore confirmed", "a move the table shows, entered")
TAPS = (HIDDEN, TOLD, PICK, CHORE, ASKED)


@dataclass
class Tally:
    """One game's counts over its random games."""

    game: str
    games: int = 0
    moves: int = 0
    auto: int = 0
    questions: int = 0
    taps: int = 0
    #: of the taps, those saying what a move no camera could read was (Game.tells_for: a Ghost at Home
    #: light's payment, a Girls vs Ghouls card played unseen)
    told: int = 0
    hidden: int = 0
    #: moves a camera gap hid: a card they laid that no table the referee read ever showed, though a
    #: watched table shows it (a Girls vs Ghouls Treat tucked away before the table settled: which one,
    #: only the players can say; a candy The Closest Ghost uncovered and ate, which the search names)
    unread: int = 0
    wrong: int = 0
    #: wrong records by what the referee was shown: one change, a gap it knew of, a gap it did not see
    wrong_after: dict[str, int] = field(default_factory=lambda: {"one change": 0, "known gap": 0,
                                                                  "unseen gap": 0, "take-over": 0})
    #: what the wrong records of gaps got wrong (:func:`differs`), by how many
    wrong_what: dict[str, int] = field(default_factory=dict)
    takeovers: int = 0
    taken: int = 0
    forms: int = 0
    search_s: list[float] = field(default_factory=list)
    #: the taps by what they were for (:data:`TAPS`)
    taps_by: dict[str, int] = field(default_factory=dict)
    #: the camera gaps the session knew of that the referee asked about, by what the explanation offered
    #: nearest the truth gets wrong (:func:`gap_question`)
    gap_asks: dict[str, int] = field(default_factory=dict)
    #: of those with explanations, the ones whose explanations all show one public part (:func:`public_part`),
    #: and of these, the ones whose public part is the truth's: what applying it would have recorded rightly
    gap_one_public: int = 0
    gap_one_public_true: int = 0

    def tap(self, why: str, n: int = 1) -> None:
        """Count ``n`` console taps made for ``why`` (one of :data:`TAPS`)."""
        self.taps += n
        self.taps_by[why] = self.taps_by.get(why, 0) + n
        if why == TOLD:
            self.told += n

    def wrong_record(self, game: Any, state: dict[str, Any], truth: dict[str, Any], k: int, gap: bool) -> None:
        """Count a gap's wrong record: by what the referee was shown, and by what it got wrong."""
        self.wrong += 1
        self.wrong_after["one change" if k == 1 else "known gap" if gap else "unseen gap"] += 1
        what = ", ".join(differs(game, state, truth) or ["?"])
        self.wrong_what[what] = self.wrong_what.get(what, 0) + 1


def _key(state: Any) -> str:
    return json.dumps(state, sort_keys=True)


def random_game(game: Any, players: list[str], rng: random.Random) -> list[tuple[Any, dict[str, Any]]]:
    """A whole game from its legal actions: ``[(action, state after), ...]``, the setup first (action None)."""
    state = game.setup(players, game.resolve_options({}))
    out: list[tuple[Any, dict[str, Any]]] = [(None, state)]
    for _ in range(LIMIT):
        if game.is_over(state):
            break
        actions = [a for a in game.legal_actions(state) if a.type not in game.unseen_forms]
        if not actions:
            break
        action = rng.choice(actions)
        state, _ = game.apply(state, action)
        out.append((action, state))
    return out


def _camera(game: Any, state: dict[str, Any], as_left: bool = False) -> Any:
    """What a perfect camera sees of ``state``'s table: tidy, or, with
    ``as_left``, as the players leave it right after the move that made it
    (``Game.arrange_as_left``: Girls vs Ghouls' round just resolved, its Tricks
    still face up), when that differs."""
    from models.table import seen_from_above
    table = game.table_mm(len(state["players"]))
    left = game.arrange_as_left(state, table) if as_left else None
    return seen_from_above(left if left is not None else game.arrange(state, table), table)


def _views(game: Any, states: list[dict[str, Any]]) -> list[list[tuple[str, int, int, int]]]:
    """What a perfect camera reads of each of ``states``: each tag and where it lies."""
    return [sorted((s.payload, round(s.x_mm), round(s.y_mm), round(s.angle_deg))
                   for s in _camera(game, state).sightings) for state in states]


def _unseen(game: Any, states: list[dict[str, Any]]) -> list[bool]:
    """For each move between consecutive ``states``, whether a perfect camera
    sees no change for it (a Peek, a Trick laid on a stack, a cat discarded
    from the hand)."""
    return _unchanged(_views(game, states))


def _unchanged(views: list[list[tuple[str, int, int, int]]]) -> list[bool]:
    """For each move between consecutive :func:`_views`, whether they are the same."""
    return [a == b for a, b in zip(views, views[1:])]


def _unseen_moves(game: Any, states: list[dict[str, Any]]) -> int:
    """How many moves between consecutive ``states`` a perfect camera sees no change for."""
    return sum(_unseen(game, states))


def _unread(views: list[list[tuple[str, int, int, int]]], read: set[str], first: int) -> int:
    """How many moves from ``first`` on laid a card (a tag a watched table
    shows after the move and not before) that no table the referee read
    showed (``read``: the tags of every table it was given): a camera gap
    hid them (:attr:`Tally.unread`). A move that only moved tags already on
    the table, or whose card a later table shows, is not counted."""
    out = 0
    for before, after in zip(views[first:], views[first + 1:]):
        laid = {v[0] for v in after} - {v[0] for v in before}
        out += bool(laid) and not laid & read
    return out


def referee_game(game: Any, played: list[tuple[Any, dict[str, Any]]], rng: random.Random, tally: Tally) -> None:
    """Referee one random game with gaps, perhaps taken over part-way."""
    from models.engine import IllegalAction
    actions = [a for a, _ in played]
    states = [s for _, s in played]
    tally.games += 1
    known, i = states[0], 0
    start = _late_start(game, states, rng, tally)
    late = start is not None
    if start is not None:
        i, known = start
    tally.moves += len(played) - 1 - i          # the moves refereed (after a take-over: from there)
    views = _views(game, states)        # what a perfect camera reads of each state (also for _unread)
    unseen = _unchanged(views)          # unseen[m]: the move from states[m] to states[m + 1] (as _unseen)
    tally.hidden += sum(unseen[i:])
    first, read = i, set[str]()                 # the tags of every table the referee was shown
    following: int | None = None   # the table the console enters moves toward, read again after each as after
    while i < len(states) - 1:      # a gap (RefereeDesk.follow_table)
        fresh = following is None          # a gap as the camera showed it, not one the console is entering
        if following is not None:
            j, gap, following = following, True, None
            k = j - i
        else:
            roll = rng.random()
            k, gap = (1, False) if roll < 0.7 else (rng.randint(2, 6), True) if roll < 0.85 else \
                (rng.randint(2, 4), False)
            j = min(len(states) - 1, i + k)
        truth = states[j]
        t = time.perf_counter()
        # one move watched: the camera sees the table as the players left it, before they tidy
        table = _camera(game, truth, as_left=k == 1 and not gap)
        read.update(s.payload for s in table.sightings)
        verdict = game.referee(known, table, gap=gap)
        tally.search_s.append(time.perf_counter() - t)
        # the moves came back to the table and state the referee holds (a standee walked away and back)
        back = _where(game, known, states, i, j, late) if verdict.status == "in_sync" else None
        if fresh and gap and verdict.status != "applied" and back != j:
            why = gap_question(game, verdict.choices, truth)
            tally.gap_asks[why] = tally.gap_asks.get(why, 0) + 1
            parts = [public_part(game, c.state) for c in verdict.choices]
            if parts and all(_same_public(game, q, parts[0]) for q in parts[1:]):
                tally.gap_one_public += 1
                tally.gap_one_public_true += _same_public(game, parts[0], public_part(game, truth))
        at = i                                  # how far the referee got by itself
        if verdict.status == "applied":
            telling = _told_now(game, verdict.state, states, i, j, late)
            where = _where(game, verdict.state, states, i, j, late) if telling is None else None
            asked = _chore_left(game, verdict.state, states, i, j, late) if where is None and telling is None \
                else None
            if telling:                         # true once the console says what the unseen cards were
                known, tells, at = telling
                tally.auto += at - i
                tally.questions += tells
                tally.tap(TOLD, tells)
            elif telling is not None:           # no telling makes it true
                tally.wrong_record(game, verdict.state, truth, k, gap)
            elif asked is not None:             # true, with a chore still asked: one confirm on the console
                known, chore, at = asked
                tally.auto += at - i - chore
                tally.questions += 1
                tally.tap(CHORE)
            elif where is None:
                tally.wrong_record(game, verdict.state, truth, k, gap)
            else:
                at = where
                tally.auto += at - i
                known = verdict.state
        elif verdict.choices:
            # the referee picks what happened: the very moves (or any order of them), else one the table and
            # the form cannot tell from them, else the one that is true as far as it goes (the moves after it,
            # which left no trace, entered by hand)
            happened = [a.to_json() for a in actions[i + 1:j + 1]]
            told = _told(game, known, actions[i + 1:j + 1])
            picked = ([(c.state, j, 0) for c in verdict.choices if len(c.actions) == len(happened)
                       and all(is_move(a.to_json(), m) for a, m in zip(c.actions, happened))]
                      or [(c.state, j, 0) for c in verdict.choices
                          if told is not None and _key(c.state) == _key(told)]
                      or sorted(_true_choices(game, verdict.choices, states, actions, i, j, late), key=lambda s: -s[1]))
            by_hand = _entry_taps(game, known, states, actions, i, j, late)
            if picked and 1 + picked[0][2] + j - picked[0][1] < by_hand:    # cheaper than entering the moves
                tally.questions += 1 + picked[0][2]
                tally.tap(PICK)
                tally.tap(TOLD, picked[0][2])
                known, at, _ = picked[0]
        elif back is not None:                  # nothing to tell for the moves up to there
            at = back
            tally.auto += at - i
        if at < j:              # the console enters the next move; the companion reads the camera's table
            # again from there (Desk.follow_table)
            tally.tap(HIDDEN if unseen[at] else ASKED)
            if not late:        # as the console can tell it (a ghost chosen face down, without its value)
                known = _entered(game, known, actions, states, at)
            else:               # as the console can tell it: no secret a referee cannot know
                owed: list[Any] = next((t for n in range(j, at, -1) if (t := game.tells_for(known, states[n]))), [])
                if owed:        # what was asked first: the cards played unseen
                    try:
                        known = dict(game.apply_all(known, owed)[0])
                    except IllegalAction:       # a card recorded unseen that the truth cannot have been
                        tally.wrong += 1
                        tally.wrong_after["take-over"] += 1
                        return
                    tally.tap(TOLD, len(owed))
                told = _told(game, known, actions[at + 1:at + 2])
                n = at          # a move that leaves no trace (a start player chosen) may still be owed: from earlier
                while told is None and n > 0 and agrees(game, known, states[n - 1]):
                    n -= 1
                    told = _told(game, known, actions[n + 1:at + 2])
                if told is None:
                    tally.wrong += 1            # the taken-over game refuses a true move
                    tally.wrong_after["take-over"] += 1
                    return
                for m in range(n, at):       # the moves owed from earlier, entered too
                    tally.tap(HIDDEN if unseen[m] else ASKED)
                known = told
            i = at + 1
            if i < j:
                following = j
            continue
        i = j
    tally.unread += _unread(views, read, first)


#: :func:`gap_question`'s answers beside what the nearest explanation gets wrong
TRUTH_OFFERED, NONE_OFFERED = "nothing: the truth is offered", "no explanation offered"


def gap_question(game: Any, choices: list[Any], truth: dict[str, Any]) -> str:
    """Why the referee asked after a camera gap, as the truth tells it: what
    the explanation offered nearest the truth gets wrong (:func:`differs`:
    ``"deck"`` for Ghost at Home's count alone, ``"turn"``...), or that the
    truth is among them, or that none was offered. Explanations that differ
    from the truth only in counts no camera sees (a deck, a hand) are what
    holding those counts as ranges would merge into one."""
    if not choices:
        return NONE_OFFERED
    nearest = min((differs(game, c.state, truth) for c in choices), key=len)
    return ", ".join(nearest) or TRUTH_OFFERED


def public_part(game: Any, state: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """What of ``state`` is not a number no camera sees: its table, and what a
    take-over would ask that is not a number (whose turn it is, a ghost
    waiting...). The numbers (a deck, a hand, the cubes on a house) are what
    "apply the public part, keep the rest as counts" would hold as ranges."""
    answers = game.takeover_answers(state)
    return game.expected_table(state), {k: v for k, v in answers.items()
                                        if not isinstance(v, int) or isinstance(v, bool)}


def _same_public(game: Any, a: tuple[Any, dict[str, Any]], b: tuple[Any, dict[str, Any]]) -> bool:
    return bool(game.same_table(a[0], b[0]) and a[1] == b[1])


def _entry_taps(game: Any, known: dict[str, Any], states: list[dict[str, Any]], actions: list[Any], i: int, j: int,
                late: bool) -> int:
    """What entering the gap's moves on the console costs, each followed by the
    companion reading the camera's table again (Desk.follow_table): one tap per
    move entered and per card played unseen told, the moves the re-reading
    applies truly free; every move entered where a re-reading would not be
    true (the referee would undo it, and enter the moves instead)."""
    table = _camera(game, states[j])
    taps, at = 0, i
    while at < j:
        told = _entered(game, known, actions, states, at) if not late else _told(game, known, actions[at + 1:at + 2])
        if told is None:
            return taps + j - at
        known, at, taps = told, at + 1, taps + 1
        if at == j:
            break
        verdict = game.referee(known, table, gap=True)
        if verdict.status != "applied":
            continue
        telling = _told_now(game, verdict.state, states, at, j, late)
        if telling:
            known, tells, at = telling
            taps += tells
        elif telling is None and (n := _where(game, verdict.state, states, at, j, late)) is not None:
            known, at = verdict.state, n
        else:
            return taps + j - at
    return taps


def _true_choices(game: Any, choices: list[Any], states: list[dict[str, Any]], actions: list[Any], i: int, j: int,
                  late: bool) -> list[tuple[dict[str, Any], int, int]]:
    """The explanations offered that are true as far as they go, each with the
    state of the gap it makes and the cards played unseen the console then
    tells (:func:`_told_now`): ``(state, index, tells)``. The referee knows who
    played each card it saw: an explanation crediting one to another player is
    not true, however alike the tables; nor one crediting a card to the move
    before the one that played it (Girls vs Ghouls: RED's Treat seen face up
    at the gap's end, read as RED's first Treat of the gap, whose own Treat now
    lies tucked away unseen: true to the table as far as it goes, but RED
    cannot play that Treat again). Nor is one with a move of a kind that
    was played but not that very move (the tie-break's kids drawn the other way
    round: they go to the discard, and only the turn order tells), unless it
    makes the very state the moves made (Ghost at Home's rooms of two turns
    told in another order: the same house, the same hands)."""
    def named(actions: Any) -> set[tuple[Any, ...]]:
        return {(a.type, getattr(a, "player", None), a.card) for a in actions if getattr(a, "card", None)}

    told = [game.as_told(a) for a in actions[i + 1:j + 1]]
    true_cards, true_moves = named(told), [a.to_json() for a in told]
    played_kinds = {m["type"] for m in true_moves}
    out = []
    for c in choices:
        if not named(c.actions) <= true_cards:       # a card seen, credited to someone who did not play it
            continue
        # each move of a kind that was played is one of those very moves
        same_moves = all(a.type not in played_kinds or any(is_move(a.to_json(), m) for m in true_moves)
                         for a in c.actions)
        telling = _told_now(game, c.state, states, i, j, late)
        if telling:
            reach = (telling[0], telling[2], telling[1])
        elif telling is None and (n := _where(game, c.state, states, i, j, late)) is not None:
            reach = (c.state, n, 0)
        else:
            continue
        if not same_moves and (late or _key(reach[0]) != _key(states[reach[1]])):
            continue                # another move of a kind played, true only where it makes the very state
        if named(c.actions) <= named(told[:reach[1] - i]):    # each card played by the moves it reaches
            out.append(reach)
    return out


def is_move(move: dict[str, Any], true: dict[str, Any]) -> bool:
    """Whether an explanation's move (as JSON) is the move played, ``true``:
    every field the same, save those the player left out (None), which the
    explanation reads from the table (a Girls vs Ghouls Treat played without
    its value: the referee reads the printed value), and those the
    explanation leaves out because no camera saw them (Ghost at Home's cat
    from the hand, unnamed)."""
    return move.keys() == true.keys() and all(v is None or move[k] is None or move[k] == v
                                               for k, v in true.items())


def _told(game: Any, known: dict[str, Any], actions: list[Any]) -> dict[str, Any] | None:
    """The state the console reaches from ``known`` by the true moves as the players tell them, or None."""
    from models.engine import IllegalAction
    try:
        after, _ = game.apply_all(known, [game.as_told(a) for a in actions])
    except IllegalAction:
        return None
    return dict(after)


def _entered(game: Any, known: dict[str, Any], actions: list[Any], states: list[dict[str, Any]],
             at: int) -> dict[str, Any]:
    """The state after the console enters move ``at + 1`` in a game watched
    from its start: as the players can tell it (:func:`_told`), or the random
    table's own state where that telling is refused or does not
    :func:`agrees` with it."""
    told = _told(game, known, actions[at + 1:at + 2])
    return told if told is not None and agrees(game, told, states[at + 1]) else states[at + 1]


def agrees(game: Any, state: dict[str, Any], truth: dict[str, Any]) -> bool:
    """The state is the truth as far as a table can tell: the table by the
    game's own comparison, and everything a take-over asks (whose turn it is,
    hand sizes, points written down...)."""
    return bool(game.same_table(game.expected_table(state), game.expected_table(truth))
                and not game.answers_differ(state, truth))


def differs(game: Any, state: dict[str, Any], truth: dict[str, Any]) -> list[str]:
    """What a wrong record got wrong, as far as a table can tell: ``"table"``
    and the take-over answers that differ (Ghost at Home: ``"deck"``, the
    count no camera sees)."""
    out = [] if game.same_table(game.expected_table(state), game.expected_table(truth)) else ["table"]
    return out + game.answers_differ(state, truth)


def _where(game: Any, state: dict[str, Any], states: list[dict[str, Any]], i: int, j: int, late: bool) -> int | None:
    """Which state of the gap ``state`` is (an index in ``i+1..j``), or None: a
    wrong record. The random table names every card it deals (it sees all);
    the referee holds what no camera saw as counts (a cat discarded unnamed, a
    game taken over), so a state counts as the truth when it is the truth, or
    when it :func:`agrees` with it. A chore left for the console to confirm is
    not wrong (:func:`_chore_left`)."""
    for n in range(j, i, -1):
        if not late and _key(state) == _key(states[n]):
            return n
    for n in range(j, i, -1):
        if agrees(game, state, states[n]):
            return n
    return None


def _told_now(game: Any, state: dict[str, Any], states: list[dict[str, Any]], i: int, j: int,
              late: bool) -> tuple[dict[str, Any], int, int] | tuple[()] | None:
    """When the referee applied moves in the form no camera tells apart and
    asks what they were (:attr:`Game.unseen_forms`: Girls vs Ghouls' card played
    unseen), the console tells them as the players would
    (:meth:`Game.tells_for`, from the truth): the state after the tells, how
    many, and which state of the gap that makes it; ``()`` when no telling
    makes a true state (a wrong record); None when nothing is to be told."""
    from models.engine import IllegalAction
    if not game.unseen_forms:
        return None
    owed = False
    for n in range(j, i, -1):
        tells = game.tells_for(state, states[n])
        if not tells:
            continue
        owed = True
        try:
            after, _ = game.apply_all(state, tells)
        except IllegalAction:
            continue
        if any(a.type == game.unseen_forms[-1] for a in game.legal_actions(after)):
            continue                            # a card still untold the truth cannot name: not this one
        where = _where(game, dict(after), states, i, j, late)
        if where is not None:
            return dict(after), len(tells), where
    if not owed and not any(a.type == game.unseen_forms[-1] for a in game.legal_actions(state)):
        return None
    return ()


def _chore_left(game: Any, state: dict[str, Any], states: list[dict[str, Any]], i: int, j: int,
                late: bool) -> tuple[dict[str, Any], int, int] | None:
    """The state after the chore the referee still asks for, the chore's length
    (``Game.chores``: a kid's ability resolved by hand with nothing moved) and
    which state of the gap that makes it, when that confirm makes ``state`` a
    true state of the gap: the referee applied the moves the table showed and
    left the chore it cannot see to the console, which is a question, not a
    wrong record (moves after it that no camera sees are entered on the
    console). None otherwise."""
    from models.engine import IllegalAction
    for chore in game.chores(state):
        try:
            after, _ = game.apply_all(state, chore)
        except IllegalAction:
            continue
        where = _where(game, after, states, i, j, late)
        if where is not None:
            return after, len(chore), where
    return None


def _late_start(game: Any, states: list[dict[str, Any]], rng: random.Random,
                tally: Tally) -> tuple[int, dict[str, Any]] | None:
    """A take-over at a random point: the state read from the table and its
    answers, or None (the game is refereed from its setup)."""
    from models.engine import IllegalAction
    from models.takeover import answers_for
    n = rng.randrange(1, max(2, len(states) - 1))
    truth = states[n]
    setup = states[0]
    players = setup["players"]
    tally.takeovers += 1
    reading = game.read(setup, _camera(game, truth))
    options = game.resolve_options({})          # as the session hands them on (the random game's own)
    try:                                        # a table mid-step is refused with its reason: not taken over
        questions = game.takeover_questions(players, options, reading)
        answers, missing = answers_for(questions, game.takeover_answers(truth))
        state = game.from_table(players, options, reading, answers) if not missing else None
    except (IllegalAction, ValueError):
        state = None
    if state is None:
        return None
    tally.taken += 1
    tally.forms += bool(questions)
    if not agrees(game, state, truth):
        tally.wrong += 1
        tally.wrong_after["take-over"] += 1
        return None
    return n, state


def raw_decode_s() -> float:
    """One raw zxing-cpp decode of a 1600x900 frame of the simulated table (median of 5)."""
    import cv2
    import zxingcpp

    from hardware.simtable import CameraModel, Item, Scene, SimulatedTable
    from models.registry import get_game
    game = get_game("GLC")
    state = game.setup(["RED", "BLUE", "GREEN"], {})
    scene = Scene(table_mm=(900.0, 600.0), items=[Item.from_placement(p) for p in game.arrange(state)])
    frame = next(iter(SimulatedTable(scene, CameraModel(resolution=(1600, 900)), fps=10.0, hold_s=0.2)))
    grey = cv2.cvtColor(frame.image, cv2.COLOR_BGR2GRAY)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        zxingcpp.read_barcodes(grey)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def measure(code: str, games: int, seed: int = 0) -> Tally:
    from companion.examples import PLAYERS
    from models.registry import get_game
    game = get_game(code)
    tally = Tally(code)
    for n in range(games):
        rng = random.Random(seed * 1000 + n)
        referee_game(game, random_game(game, list(PLAYERS[code]), rng), rng, tally)
    return tally


@dataclass
class Unseen:
    """One game's verdicts on random gaps the session does not see (the table
    showed after 2-4 moves, ``gap=False``: read as if one change)."""

    game: str
    gaps: int = 0
    applied: int = 0
    asked: int = 0
    #: in sync: nothing the gap did shows on the table yet (cards laid face down), so nothing is read
    unchanged: int = 0
    refused: int = 0
    wrong: int = 0
    #: the true moves of each wrongly recorded gap, by their action types, and what it got wrong
    #: (:func:`differs`)
    wrong_kinds: dict[str, int] = field(default_factory=dict)


def recorded_wrongly(game: Any, state: dict[str, Any], states: list[dict[str, Any]], i: int, j: int) -> bool:
    """Whether ``state``, applied by the referee after ``states[i]`` when the table
    was ``states[j]``'s, is wrong: no state of the gap, even once the cards it
    recorded as played unseen are told (:func:`_told_now`) or the chore it left
    to the console is confirmed (:func:`_chore_left`)."""
    telling = _told_now(game, state, states, i, j, False)
    return telling == () or (telling is None and _where(game, state, states, i, j, False) is None
                             and _chore_left(game, state, states, i, j, False) is None)


def known_states(game: Any, states: list[dict[str, Any]], actions: list[Any]) -> list[dict[str, Any]]:
    """``states`` as a referee that watched every move knows them: each move
    entered as the players can tell it (:meth:`Game.as_told`: a Ghosts Love
    Candy ghost chosen face down, without its value), the random table's own
    state where the telling is refused or does not :func:`agrees` with it."""
    out = [states[0]]
    for m in range(1, len(states)):
        out.append(_entered(game, out[-1], actions, states, m - 1))
    return out


def measure_unseen(code: str, gaps: int, seed: int = 0) -> Unseen:
    """``gaps`` random unseen gaps from random games (10 per game) of ``code``,
    each read from the state the referee knows before it (:func:`known_states`)."""
    from companion.examples import PLAYERS
    from models.registry import get_game
    game = get_game(code)
    out = Unseen(code)
    n = 0
    while out.gaps < gaps:
        rng = random.Random(seed * 100_000 + n)
        n += 1
        played = random_game(game, list(PLAYERS[code]), rng)
        states, actions = [s for _, s in played], [a for a, _ in played]
        known = known_states(game, states, actions)
        for _ in range(10):
            if len(states) < 4 or out.gaps >= gaps:
                break
            i = rng.randrange(0, len(states) - 2)
            j = min(len(states) - 1, i + rng.randint(2, 4))
            verdict = game.referee(known[i], _camera(game, states[j]), gap=False)
            out.gaps += 1
            if verdict.status == "applied":
                out.applied += 1
                if recorded_wrongly(game, verdict.state, states, i, j):
                    out.wrong += 1
                    kind = ", ".join(a.type for a in actions[i + 1:j + 1]) + " -> " + \
                        ", ".join(differs(game, verdict.state, states[j]) or ["?"])
                    out.wrong_kinds[kind] = out.wrong_kinds.get(kind, 0) + 1
            elif verdict.status == "waiting":
                out.asked += 1
            elif verdict.status == "in_sync":
                out.unchanged += 1
            else:
                out.refused += 1
    return out


@dataclass
class PlayedOn:
    """One game's questions left unanswered while the players play on: after a
    camera gap the session knew of (2-6 moves), the referee offered
    explanations to pick from; nobody picked, and 1-3 more moves were made,
    each settled. How the referee read those tables (``Game.referee_on``: on
    from each explanation offered), and, for comparison, how it read them
    before (as one change from the state before the gap, which forgot the
    gap)."""

    game: str
    questions: int = 0
    caught_up: int = 0
    asked: int = 0
    refused: int = 0
    wrong: int = 0
    #: the same tables read as one change from the state before the gap
    before_applied: int = 0
    before_wrong: int = 0
    #: what reading each table on from the explanations cost (``Game.referee_on``)
    search_s: list[float] = field(default_factory=list)


def measure_played_on(code: str, questions: int, seed: int = 0) -> PlayedOn:
    """``questions`` random questions of ``code`` left unanswered while the table plays on."""
    from companion.examples import PLAYERS
    from models.registry import get_game
    game = get_game(code)
    out = PlayedOn(code)
    n = 0
    while out.questions < questions and n < 20 * questions:
        rng = random.Random(seed * 100_000 + n)
        n += 1
        states = [s for _, s in random_game(game, list(PLAYERS[code]), rng)]
        for _ in range(10):
            if len(states) < 11 or out.questions >= questions:
                break
            i = rng.randrange(0, len(states) - 10)
            j = i + rng.randint(2, 6)
            asked = game.referee(states[i], _camera(game, states[j]), gap=True)
            if not asked.choices:
                continue
            out.questions += 1
            pending, complete, result = asked.choices, asked.complete, "asked"
            for m in range(j + 1, j + 1 + rng.randint(1, 3)):
                if game.same_table(game.expected_table(states[m]), game.expected_table(states[m - 1])):
                    continue        # a move that leaves no trace: no new settled table
                table = _camera(game, states[m])
                t = time.perf_counter()
                verdict = game.referee_on(states[i], pending, table, complete=complete)
                out.search_s.append(time.perf_counter() - t)
                if verdict.status == "applied":
                    result = "wrong" if recorded_wrongly(game, verdict.state, states, i, m) else "caught_up"
                elif not verdict.choices:
                    result = "refused"
                if verdict.status == "applied" or not verdict.choices:
                    break
                pending, complete = verdict.choices, verdict.complete
            setattr(out, result, getattr(out, result) + 1)
            for n in range(j + 1, m + 1):     # as before: one change from the state before the gap
                if game.same_table(game.expected_table(states[n]), game.expected_table(states[n - 1])):
                    continue
                verdict = game.referee(states[i], _camera(game, states[n]))
                if verdict.status == "applied":
                    out.before_applied += 1
                    out.before_wrong += recorded_wrongly(game, verdict.state, states, i, n)
                    break
    return out


PLAYED_ON_HEADER = ["game", "questions left open", "caught up alone", "still asked", "not explained", "wrong",
                    "read as before: applied", "read as before: wrong", "read on: median (x decode)",
                    "worst (x decode)"]


def played_on_rows(played_on: list[PlayedOn], decode_s: float) -> list[list[Any]]:
    out = []
    for p in played_on:
        cost = sorted(p.search_s) or [0.0]
        out.append([p.game, p.questions, p.caught_up, p.asked, p.refused, p.wrong, p.before_applied,
                    p.before_wrong, f"{statistics.median(cost) / decode_s:.3f}", f"{cost[-1] / decode_s:.1f}"])
    return out


@dataclass
class EventTable:
    """One simulated table of the event demo, one game of its example watched in
    real time through the whole pipeline (renderer, decoder, session): the moves
    its referee told or put right on the console."""

    game: str
    watched: int
    told: int
    answered: int
    missed: int
    undone: int
    right: bool


def measure_event_tables(resolution: tuple[int, int] = (1600, 900)) -> list[EventTable]:
    """The event demo's six tables (:data:`companion.demo.event.GAMES`) side by side
    in real time, as ``make event-demo`` runs them but without a broker: one game
    each, then what each table's referee had to do (a few minutes)."""
    import tempfile
    from pathlib import Path

    from companion.demo.event import EVERY_S, FPS, GAMES, DemoTableAtEvent, start_in_turn
    with tempfile.TemporaryDirectory(prefix="companion-bench-event-") as folder:
        tables = [DemoTableAtEvent(f"t{i + 1}", code, i, None, "bench", Path(folder), resolution=resolution,
                                   every_s=EVERY_S, fps=FPS, cycles=1) for i, code in enumerate(GAMES)]
        try:
            start_in_turn(tables)
            for t in tables:
                t.session.wait(900)
            return [EventTable(t.script.code, len(t.script.beats), t.console["told"], t.console["answered"],
                               t.console["missed"], t.console["undone"], t.session.state == t.script.states[-1])
                    for t in tables]
        finally:
            for t in tables:
                t.close()


EVENT_HEADER = ["table", "game", "moves watched", "told (no camera sees them)", "questions answered",
                "entered (the camera missed them)", "misreads taken back", "game recorded right"]


UNSEEN_HEADER = ["game", "unseen gaps", "recorded", "asked", "nothing shows yet", "out of sync", "wrong"]


def rows(tallies: list[Tally], decode_s: float) -> list[list[Any]]:
    out = []
    for t in tallies:
        per = max(t.games, 1)
        cost = sorted(t.search_s) or [0.0]
        out.append([t.game, t.games, f"{t.auto}/{t.moves}", t.questions, round(t.taps / per, 1),
                    round(t.told / per, 1), round(t.hidden / per, 1), t.wrong, f"{t.taken}/{t.takeovers}",
                    f"{statistics.median(cost) / decode_s:.3f}", f"{cost[-1] / decode_s:.1f}"])
    return out


HEADER = ["game", "games", "applied alone", "questions", "taps/game", "of which told/game", "unseen moves/game",
          "wrong",
          "taken over", "search median (x decode)", "search worst (x decode)"]


TAPS_HEADER = ["game", *TAPS, "taps/game", "unseen moves/game", "moves whose card no table read showed/game"]


def taps_rows(tallies: list[Tally]) -> list[list[Any]]:
    """Per game, the taps a game costs by what each was for (:data:`TAPS`),
    beside the moves no camera can see: what the issue's target counts
    against (a tap per such move, and one take-over form); and the moves a
    camera gap hid (:attr:`Tally.unread`), some of which only the players
    can name (a Girls vs Ghouls Treat tucked away unread)."""
    out = []
    for t in tallies:
        per = max(t.games, 1)
        out.append([t.game, *(round(t.taps_by.get(why, 0) / per, 1) for why in TAPS), round(t.taps / per, 1),
                    round(t.hidden / per, 1), round(t.unread / per, 1)])
    return out


GAP_ASKS_HEADER = ["game", "questions after a known camera gap", TRUTH_OFFERED, NONE_OFFERED,
                   "the nearest explanation offered gets wrong (the most frequent)",
                   "the explanations differ only in numbers no camera sees", "of which their public part is true"]


def gap_asks_rows(tallies: list[Tally], top: int = 4) -> list[list[Any]]:
    """Per game, the questions after a camera gap the session knew of, by what
    the explanation nearest the truth got wrong (:func:`gap_question`)."""
    out = []
    for t in tallies:
        rest = sorted(((k, v) for k, v in t.gap_asks.items() if k not in (TRUTH_OFFERED, NONE_OFFERED)),
                      key=lambda kv: -kv[1])
        out.append([t.game, sum(t.gap_asks.values()), t.gap_asks.get(TRUTH_OFFERED, 0), t.gap_asks.get(NONE_OFFERED, 0),
                    "; ".join(f"{k} ({v})" for k, v in rest[:top]) or "-", t.gap_one_public,
                    t.gap_one_public_true])
    return out


SEEDS_HEADER = ["game", "seed", "wrong in games", "of which unseen gaps", "wrong in unseen gaps", "what they got wrong"]


def other_seeds(codes: list[str], games: int, gaps: int, seeds: tuple[int, ...]) -> list[list[Any]]:
    """The wrong records of more seeds, per game and seed, with what they got
    wrong (:func:`differs`): the published figures are seed 0's, and a claim
    of 0 wrong must hold on games the code was not tuned on."""
    out = []
    for code in codes:
        for seed in seeds:
            t, u = measure(code, games, seed), measure_unseen(code, gaps, seed)
            what: dict[str, int] = dict(t.wrong_what)
            for kind, n in u.wrong_kinds.items():
                key = kind.split(" -> ")[-1]
                what[key] = what.get(key, 0) + n
            out.append([code, seed, t.wrong, t.wrong_after["unseen gap"], u.wrong,
                        "; ".join(f"{k} ({v})" for k, v in sorted(what.items(), key=lambda kv: -kv[1])) or "-"])
    return out


def run(report: Any) -> list[Tally]:
    """``make bench`` entry point: 100 games per game (10 with ``--quick``)."""
    from companion.examples import PLAYERS
    games = 10 if getattr(report, "quick", False) else 100
    decode = raw_decode_s()
    tallies = [measure(code, games) for code in PLAYERS]
    report.line(f"one raw zxing-cpp decode of a 1600x900 frame: {decode * 1e3:.1f} ms")
    report.table(HEADER, rows(tallies, decode))
    report.line("Where the taps go, per game:")
    report.table(TAPS_HEADER, taps_rows(tallies))
    report.line("Why the referee asked after a camera gap it knew of: what the explanation offered nearest the "
                "truth gets wrong (counts no camera sees, such as a deck or a hand, are what ranges would merge):")
    report.table(GAP_ASKS_HEADER, gap_asks_rows(tallies))
    for t in tallies:
        if t.wrong:
            report.line(f"{t.game}: wrong after " + ", ".join(f"{k} {v}" for k, v in t.wrong_after.items() if v)
                        + "".join(f"; {v} got wrong: {k}" for k, v in t.wrong_what.items()))
    gaps = 100 if getattr(report, "quick", False) else 1000
    unseen = [measure_unseen(code, gaps) for code in PLAYERS]
    report.line(f"{gaps} random gaps per game that the session does not see (2-4 moves before the table settles):")
    report.table(UNSEEN_HEADER, [[u.game, u.gaps, u.applied, u.asked, u.unchanged, u.refused, u.wrong]
                                  for u in unseen])
    for u in unseen:
        if u.wrong:
            report.line(f"{u.game}: wrong after " + "; ".join(f"{k} ({v})" for k, v in
                                                            sorted(u.wrong_kinds.items(), key=lambda kv: -kv[1])))
    played_on = [measure_played_on(code, 20 if getattr(report, "quick", False) else 200) for code in PLAYERS]
    report.line("Questions left open while the players play on (a known gap asked about, then 1-3 more moves "
                "settled; read on from each explanation offered, and as before: one change from the state "
                "before the gap):")
    report.table(PLAYED_ON_HEADER, played_on_rows(played_on, decode))
    if not getattr(report, "quick", False):
        report.line(f"The wrong records on two more seeds ({games} games and {gaps} unseen gaps per game and seed):")
        report.table(SEEDS_HEADER, other_seeds(list(PLAYERS), games, gaps, (1, 2)))
        report.line("The event demo's six tables side by side in real time (the whole pipeline, one game each):")
        report.table(EVENT_HEADER, [[f"t{i + 1}", e.game, e.watched, e.told, e.answered, e.missed, e.undone,
                                     "yes" if e.right else "NO"] for i, e in enumerate(measure_event_tables())])
    return tallies


if __name__ == "__main__":
    import sys

    from companion.examples import PLAYERS
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    d = raw_decode_s()
    for row in rows([measure(code, n) for code in PLAYERS], d):
        print(row)
