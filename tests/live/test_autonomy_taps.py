"""The autonomy bench's count of console taps (``make bench``, section
*autonomy*, :mod:`companion.bench.autonomy`): each tap is counted once, by
what it was for, so the published "where the taps go" table adds up to the
taps a game costs, and a move no camera sees is never counted as one the
referee asked about."""
from __future__ import annotations

import pytest

from companion.bench.autonomy import HIDDEN, TAPS, TOLD, measure


@pytest.mark.parametrize("code", ["GLC", "TCG", "GVG", "GAH", "CCR"])
def test_every_tap_is_counted_once_by_what_it_was_for(code: str) -> None:
    t = measure(code, 3)
    assert set(t.taps_by) <= set(TAPS)
    assert sum(t.taps_by.values()) == t.taps
    assert t.taps_by.get(TOLD, 0) == t.told
    # a move entered as one no camera sees is one: never more than the game had
    assert t.taps_by.get(HIDDEN, 0) <= t.hidden
    assert t.wrong == 0


def test_a_gap_question_is_told_by_what_the_nearest_explanation_gets_wrong() -> None:
    """The bench's breakdown of the questions after a camera gap: the truth
    offered, nothing offered, or what the explanation nearest the truth gets
    wrong (a Ghost at Home deck two cards off is the deck, and only that)."""
    import random
    from types import SimpleNamespace

    from companion.bench.autonomy import NONE_OFFERED, TRUTH_OFFERED, gap_question, public_part, random_game
    from models.registry import get_game

    game = get_game("GAH")
    truth = random_game(game, ["RED", "BLUE"], random.Random(0))[12][1]
    fewer = {**truth, "deck": truth["deck"] + 2, "discard": {**truth["discard"],
                                                            "count": truth["discard"]["count"] - 2}}
    other_turn = {**fewer, "turn": "BLUE" if truth["turn"] == "RED" else "RED"}
    assert gap_question(game, [], truth) == NONE_OFFERED
    assert gap_question(game, [SimpleNamespace(state=other_turn), SimpleNamespace(state=truth)], truth) == \
        TRUTH_OFFERED
    assert gap_question(game, [SimpleNamespace(state=other_turn), SimpleNamespace(state=fewer)], truth) == "deck"
    assert gap_question(game, [SimpleNamespace(state=other_turn)], truth) == "deck, turn"
    # the public part leaves out the numbers no camera sees (the deck), not whose turn it is
    assert public_part(game, fewer) == public_part(game, truth) != public_part(game, other_turn)


def test_a_watched_move_is_seen_as_the_players_leave_it_before_they_tidy() -> None:
    """The bench's camera on one watched move: Girls vs Ghouls' round just
    resolved shows its Tricks face up (as people read them before clearing),
    and a Ghost at Home light its payment beside the house (as its game page
    asks); the tidy table does not; the other games' moves leave the table
    tidy."""
    import random

    from companion.bench.autonomy import _camera, random_game
    from companion.examples import PLAYERS
    from models.registry import get_game

    gvg = get_game("GVG")
    states = [s for _, s in random_game(gvg, list(PLAYERS["GVG"]), random.Random(0))]
    ends = [s for s in states if gvg.arrange_as_left(s) is not None]
    assert ends, "a whole game has round ends"
    for s in ends:
        faces = {c for cards in s["leftover"]["tricks"].values() for c in cards}
        assert faces <= {x.payload for x in _camera(gvg, s, as_left=True).sightings}
        assert not faces & {x.payload for x in _camera(gvg, s).sightings}
    gah = get_game("GAH")
    played = random_game(gah, list(PLAYERS["GAH"]), random.Random(0))
    lights = [(a, s) for a, s in played if a is not None and a.type in ("light", "light_bulb")]
    assert lights, "a whole game has lights"
    for a, s in lights:
        paid = set(s["lit_by"][f"{a.player}:{a.floor}"])
        assert paid <= {x.payload for x in _camera(gah, s, as_left=True).sightings}
        assert not paid & {x.payload for x in _camera(gah, s).sightings}
    assert all(gah.arrange_as_left(s) is None for a, s in played if a is None or a.type not in ("light", "light_bulb"))
    for code in ("GLC", "TCG", "CCR"):
        game = get_game(code)
        assert all(game.arrange_as_left(s) is None
                   for _, s in random_game(game, list(PLAYERS[code]), random.Random(0)))


def test_unseen_gaps_that_show_nothing_yet_are_not_counted_out_of_sync() -> None:
    """The bench's gaps the session does not see are sorted by what the
    referee did: a gap of ghosts chosen face down leaves the table as it was
    (in sync, nothing to read yet), which is not the table called wrong."""
    from companion.bench.autonomy import measure_unseen

    u = measure_unseen("GLC", 40)
    assert u.applied + u.asked + u.unchanged + u.refused == u.gaps == 40
    assert u.unchanged > 0
    assert u.wrong == 0


def test_an_explanation_crediting_a_card_to_an_earlier_move_is_not_picked_as_true() -> None:
    """The bench's console picks an explanation only when it is true as far as
    it goes. Girls vs Ghouls, a camera gap of six moves: RED's Treat, three
    more cards, PURPLE's, then RED's second Treat at the same house, face up
    at the gap's end. "RED played that Treat first, then BLUE and GREEN cards
    no camera saw and YELLOW a Trick" matches every table of the gap (RED's
    first Treat lies tucked away), but a console that picked it would refuse
    RED's real second Treat later: it is not true, so not picked."""
    import random
    from types import SimpleNamespace

    from companion.bench.autonomy import _true_choices, random_game
    from companion.examples import PLAYERS
    from models.registry import get_game

    game = get_game("GVG")
    played = random_game(game, list(PLAYERS["GVG"]), random.Random(10_019))
    actions, states = [a for a, _ in played], [s for _, s in played]
    i, j = 90, 96
    first, last = actions[i + 1], actions[j]
    assert (first.type, first.player, last.type, last.player) == ("treat", "RED", "treat", "RED")
    assert first.card != last.card and first.house == last.house
    assert [a.type for a in actions[i + 2:j]] == ["treat", "treat", "trick", "treat"]

    def story(moves):
        return SimpleNamespace(actions=moves, state=dict(game.apply_all(states[i], moves)[0]))

    unseen = [game.parse_action({"type": "unseen", "player": a.player, "house": a.house})
              for a in actions[i + 2:i + 4]]
    early = story([last, *unseen, actions[i + 4]])
    true = story([game.as_told(a) for a in actions[i + 1:i + 5]])
    picked = _true_choices(game, [early, true], states, actions, i, j, late=True)
    assert [n for _, n, _ in picked] == [i + 4]
    assert picked[0][0] == true.state


def test_unseen_gaps_start_from_what_the_referee_knows() -> None:
    """The bench's gaps the session does not see are read from the state a
    referee that watched every move before knows: a Ghosts Love Candy ghost
    chosen face down is held without its value (the random table knows it),
    and that state agrees with the table's in all a table can tell."""
    import random

    from companion.bench.autonomy import agrees, known_states, random_game
    from companion.examples import PLAYERS
    from models.registry import get_game

    game = get_game("GLC")
    played = random_game(game, list(PLAYERS["GLC"]), random.Random(0))
    states, actions = [s for _, s in played], [a for a, _ in played]
    known = known_states(game, states, actions)
    chosen = [m for m, a in enumerate(actions) if a is not None and a.type == "choose" and a.ghost is not None]
    assert chosen, "a whole game has ghosts chosen face down"
    for m in chosen:
        assert known[m] != states[m] and agrees(game, known[m], states[m])
    assert len(known) == len(states) and known[0] == states[0]


def test_a_treat_tucked_away_before_any_table_showed_it_is_a_move_the_gap_hid() -> None:
    """The taps table's last column (``Tally.unread``): RED's Treat laid face
    up and tucked away when BLUE plays, both before the table settled. The
    camera read only the table after BLUE's move, where the Treat no longer
    shows: one move the gap hid. Had it read the table with the Treat face
    up, none; BLUE's standee, moved but read, is never one."""
    from companion.bench.autonomy import _camera, _unread, _views
    from models.registry import get_game
    from tests.games.gvg.gvg_support import FOUR, act, started, treats_of

    game = get_game("GVG")
    s0 = started(FOUR, houses=[1, 3, 5, 7])
    s1, _ = act(s0, type="treat", player="RED", house=1, card=treats_of(1)[0])
    s2, _ = act(s1, type="move", player="BLUE", house=4)
    views = _views(game, [s0, s1, s2])
    read_after = {s.payload for s in _camera(game, s2).sightings}
    assert treats_of(1)[0] not in read_after                   # tucked under its tile: no tag shows
    assert _unread(views, read_after, 0) == 1
    assert _unread(views, read_after | {s.payload for s in _camera(game, s1).sightings}, 0) == 0


def test_a_move_that_leaves_the_game_as_the_referee_holds_it_costs_no_tap() -> None:
    """A ghost chosen face down (Ghosts Love Candy's optional ``choose``)
    leaves the table as it was, and the referee reads the reveal with the
    choice: its console enters nothing for it. The bench used to count a tap
    for each (29 a game, of 40 moves no camera sees); the few left are
    choices a later reading needed told."""
    t = measure("GLC", 3)
    assert t.hidden > 60
    assert t.taps_by.get(HIDDEN, 0) < t.hidden / 4
    assert t.wrong == 0


def test_a_treat_played_without_its_value_is_the_move_an_explanation_reads_with_it() -> None:
    """A Girls vs Ghouls Treat may be played without its value (only candy
    corn needs one); the referee reads the printed value off the table. After
    a camera gap (PURPLE's Peek, RED's move and Treat), the explanation "a
    card PURPLE played unseen, RED's move, RED's Treat (its value)" is true
    as far as a table and a take-over can tell, and the bench's console picks
    it, as a referee would, rather than enter the three moves: the value it
    reads is the one the player left out, not another move."""
    import random

    from companion.bench.autonomy import _camera, _true_choices, is_move, random_game
    from companion.examples import PLAYERS
    from models.registry import get_game

    game = get_game("GVG")
    played = random_game(game, list(PLAYERS["GVG"]), random.Random(7))
    actions, states = [a for a, _ in played], [s for _, s in played]
    i, j = 110, 113
    assert [a.type for a in actions[i + 1:j + 1]] == ["peek", "move", "treat"]
    treat = actions[j].to_json()
    assert treat["value"] is None
    verdict = game.referee(states[i], _camera(game, states[j]), gap=True)
    assert verdict.status == "waiting"
    read = next(c for c in verdict.choices if [a.type for a in c.actions] == ["unseen", "move", "treat"])
    assert read.actions[-1].to_json() == {**treat, "value": read.actions[-1].value} and read.actions[-1].value
    seen = read.actions[-1].to_json()
    assert is_move(seen, treat) and not is_move({**seen, "value": seen["value"] + 1}, {**treat, "value": seen["value"]})
    picked = _true_choices(game, verdict.choices, states, actions, i, j, late=False)
    assert [(n, tells) for _, n, tells in picked] == [(j, 0)]


@pytest.mark.parametrize(("seed", "i", "j", "kinds"), [
    (0, 17, 19, ["cat_defence", "ghost"]),          # BLUE's cat from the hand, which no camera saw named
    (1, 0, 4, ["rooms", "light", "rooms", "rooms"]),  # RED's rooms of two turns: the same rooms, told in turns
])
def test_an_explanation_that_makes_the_very_state_is_picked_though_it_names_less(seed, i, j, kinds) -> None:
    """Ghost at Home after a camera gap: an explanation leaving out what no
    camera saw (the cat BLUE defended with, unnamed) or telling RED's rooms
    in another order of turns (the same house, the same hands after) is what
    happened as far as anyone can tell, and the bench's console picks it, as
    a referee would, rather than enter the gap's moves one by one."""
    import random

    from companion.bench.autonomy import _camera, _true_choices, random_game
    from companion.examples import PLAYERS
    from models.registry import get_game

    game = get_game("GAH")
    played = random_game(game, list(PLAYERS["GAH"]), random.Random(seed))
    actions, states = [a for a, _ in played], [s for _, s in played]
    assert [a.type for a in actions[i + 1:j + 1]] == kinds
    verdict = game.referee(states[i], _camera(game, states[j]), gap=True)
    assert verdict.status == "waiting" and verdict.choices
    happened = [a.to_json() for a in actions[i + 1:j + 1]]
    assert all([a.to_json() for a in c.actions] != happened for c in verdict.choices)
    picked = _true_choices(game, verdict.choices, states, actions, i, j, late=False)
    assert picked and picked[0][1] == j
