"""Scoring Ghost at Home from one photo of the finished table (``companion score``):
the houses as they lie when a player escapes give the very scoreboard the
watched game ends with; a table that does not show an escape says what to put
right."""
import pytest

from companion.examples import example_states
from models.ghost_at_home.kit import FLOORS, SIDES
from models.registry import get_game
from models.table import Placement, seen_from_above
from tests.contract.drivers import played_to_the_end
from tests.games.gah.driver import table_steps

GAME = get_game("GAH")
KIT = GAME.kit
RANDOM_GAMES = [(2, 0), (2, 1), (2, 4), (2, 7), (3, 0), (3, 2), (3, 5), (4, 0), (4, 3), (4, 5)]


def finished(n: int, seed: int) -> tuple[list[str], dict]:
    players = GAME.seats()[:n]
    return players, played_to_the_end(GAME, table_steps, players, seed)


@pytest.fixture(scope="module")
def example():
    _, players, states = example_states("GAH")
    assert states[-1]["phase"] == "over"
    return list(players), states


def photo(state, drop=(), extra=(), replace=None):
    """The canonical table of ``state`` seen from above, ``drop`` payloads taken
    away, ``extra`` placements added, ``replace`` = {payload: new payload}."""
    out = []
    for p in GAME.arrange(state):
        if p.payload in drop:
            continue
        if replace and p.payload in replace:
            p = Placement(replace[p.payload], p.x_mm, p.y_mm, p.angle_deg, p.face_up, p.back, p.size_mm, p.label)
        out.append(p)
    return seen_from_above(out + list(extra))




def rooms(state, player):
    return [fl["rooms"][s] for fl in state["houses"][player] for s in SIDES if fl["rooms"][s]]


def test_the_example_game_scores_from_its_final_table_as_it_was_watched(example):
    players, states = example
    state = states[-1]
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(state)))
    assert ts.scored and ts.reason is None and ts.problems == []
    assert ts.score.to_json() == GAME.score(state).to_json()
    assert ts.score.winners == [state["winner"]] and ts.score.final


@pytest.mark.parametrize("n,seed", RANDOM_GAMES)
def test_random_finished_games_score_from_their_table_as_they_were_watched(n, seed):
    players, state = finished(n, seed)
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(state)))
    assert ts.scored, ts.reason
    assert ts.score.to_json() == GAME.score(state).to_json()
    winner = state["winner"]
    assert ts.score.entries[winner].total == 1
    assert all(ts.score.entries[p].total == 0 for p in players if p != winner)


def test_every_room_and_floor_card_is_counted_and_cats_ghosts_and_roofs_are_not():
    players, state = finished(3, 2)
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(state)))
    floors = {KIT.floor_card(p, i + 1, fl["lit"]) for p in players for i, fl in enumerate(state["houses"][p])}
    all_rooms = {r for p in players for r in rooms(state, p)}
    assert ts.placed_payloads == floors | all_rooms
    why = ts.unplaced_why
    for p in players:
        assert why[KIT.roofs[p]] == "a roof scores nothing"
        for i, fl in enumerate(state["houses"][p]):
            for c in (c for c in fl["cats"].values() if c):
                assert why[c] == f"a cat on {p}'s floor {i + 1} scores nothing"
            for g in fl["ghosts"]:
                assert why[g] == f"a ghost on {p}'s floor {i + 1} scores nothing"
    assert any("cat" in w for w in why.values()) and any("ghost" in w for w in why.values())


def test_a_game_still_going_is_not_scored_and_says_nobody_has_escaped(example):
    players, states = example
    middle = states[len(states) // 2]
    assert middle["phase"] != "over"
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(middle)))
    assert ts.score is None
    assert ts.reason.startswith("no house has every floor filled")
    assert "nobody has escaped yet" in ts.reason
    assert ts.to_json()["scored"] is False


def test_a_room_card_pushed_out_of_the_winners_house_is_named_as_lying_outside():
    players, state = finished(2, 0)
    winner = state["winner"]
    room = state["houses"][winner][2]["rooms"]["R"]
    moved = Placement(room, 450.0, 300.0, 0.0, size_mm=(44.0, 58.0))
    ts = GAME.score_table(players, {}, photo(state, drop={room}, extra=[moved]))
    assert ts.score is None
    assert "no house has every floor filled" in ts.reason
    assert f"{KIT.name(room)} lies outside every house" in ts.reason
    assert ts.unplaced_why[room] == "lies outside every house and pile"


def test_a_missing_floor_card_says_which_to_lay_down():
    players, state = finished(2, 1)
    winner = state["winner"]
    fl = state["houses"][winner][1]
    card = KIT.floor_card(winner, 2, fl["lit"])
    ts = GAME.score_table(players, {}, photo(state, drop={card}))
    assert ts.score is None
    assert f"{winner}'s floor 2 card is not seen" in ts.reason


def test_both_faces_of_a_floor_card_cannot_be_read():
    players, state = finished(2, 1)
    p = players[0]
    fl = state["houses"][p][0]
    other_face = KIT.floor_card(p, 1, not fl["lit"])
    extra = Placement(other_face, 60.0, 560.0, 0.0, size_mm=(44.0, 58.0))
    ts = GAME.score_table(players, {}, photo(state, extra=[extra]))
    assert ts.score is None
    assert f"both faces of {p}'s floor 1 card are seen" in ts.reason


def full_houses(players):
    """A table where every house has every floor filled (no rules game gets there)."""
    state = GAME.setup(players, {})
    by_floor = {f: sorted(c for c in KIT.cards if KIT.kind(c) == "room" and KIT.floor_of(c) == f) for f in FLOORS}
    for p in players:
        for f in FLOORS:
            for s in SIDES:
                state["houses"][p][f - 1]["rooms"][s] = by_floor[f].pop()
    return state


def test_two_full_houses_are_not_an_escape():
    players = ["RED", "BLUE"]
    ts = GAME.score_table(players, {}, photo(full_houses(players)))
    assert ts.score is None
    assert "the houses of RED and BLUE each have every floor filled, but only one player escapes" in ts.reason


def test_a_room_card_on_another_floor_than_its_own_must_move():
    players, state = finished(2, 0)
    winner = state["winner"]
    low, high = state["houses"][winner][0]["rooms"]["L"], state["houses"][winner][1]["rooms"]["L"]
    assert KIT.kind(low) == KIT.kind(high) == "room"        # not wild cards (they go on any floor)
    ts = GAME.score_table(players, {}, photo(state, replace={low: high, high: low}))
    assert ts.score is None
    assert f"{KIT.name(high)} is a floor 2 room on {winner}'s floor 1" in ts.reason


def test_a_stray_card_and_a_tag_of_another_game_are_not_counted_and_change_nothing():
    players, state = finished(2, 4)
    on_table = {p.payload for p in GAME.arrange(state)}
    loose = next(c for c in sorted(KIT.cards) if KIT.kind(c) == "cat" and c not in on_table)
    extra = [Placement(loose, 80.0, 300.0, 0.0, size_mm=(44.0, 58.0)), Placement("GLC:CANDY:C3", 800.0, 300.0, 0.0)]
    ts = GAME.score_table(players, {}, photo(state, extra=extra))
    assert ts.scored and ts.score.to_json() == GAME.score(state).to_json()
    why = ts.unplaced_why
    assert why[loose] == "lies outside every house and pile"
    assert why["GLC:CANDY:C3"] == "a tag of another game"
    assert loose not in ts.placed_payloads
    assert any(KIT.name(loose) in p for p in ts.problems)


def test_cards_on_the_piles_are_on_a_pile():
    players, state = finished(2, 4)
    on_table = {p.payload for p in GAME.arrange(state)}
    card = next(c for c in sorted(KIT.cards) if KIT.kind(c) == "room" and c not in on_table)
    deck = next(p for p in GAME.arrange(state) if p.payload == "TC:ZONE:DECK")
    ts = GAME.score_table(players, {}, photo(state, extra=[Placement(card, deck.x_mm + 10, deck.y_mm, 0.0)]))
    assert ts.scored
    assert ts.unplaced_why[card] == "on the deck or the discard pile"
