"""Candy Crave scored from one photo of its finished table (``companion score``).

The photo shows round 2 only (round 1's sweets went back into the bowls, its
points onto paper), so the table is scored with round 1's written points,
``round1=RED:51,...``. The photos here are the game's own arrangement of a
finished game, seen from above by a perfect camera, with tags moved, dropped
or added the way a real table differs."""
import pytest

from companion.examples import example_states
from models.candy_crave.scoring import round_totals
from models.registry import get_game
from models.table import Sighting, Snapshot, seen_from_above
from tests.contract.drivers import played_to_the_end
from tests.games.ccr.driver import table_steps

GAME = get_game("CCR")
SEATS = ["RED", "BLUE", "GREEN", "YELLOW", "PURPLE"]
#: (players, seed) of the random finished games: every player count, parties A/D
#: with either player in round 2, games whose round 2 ended with sweets in the bowls
RANDOM = [(2, 0), (2, 2), (2, 3), (2, 5), (3, 1), (3, 4), (4, 0), (4, 6), (5, 0), (5, 3), (5, 5)]


def finished(n, seed):
    return SEATS[:n], played_to_the_end(GAME, table_steps, SEATS[:n], seed)


def example():
    _, players, states = example_states("CCR")
    assert states[-1]["phase"] == "over"
    return list(players), states[-1]


def round1_of(state):
    """Round 1's points as the players wrote them down."""
    return ",".join(f"{p}:{v}" for p, v in round_totals(GAME.kit, state, state["rounds"][0]).items())


def photo(state, drop=(), extra=()):
    snap = seen_from_above([p for p in GAME.arrange(state) if p.payload not in drop])
    return Snapshot(snap.t, snap.sightings + tuple(extra), snap.calibrated, snap.table_mm)


def lines(board, rnd):
    return {p: [(l["what"], l["points"]) for l in e["breakdown"] if l["what"].startswith(f"Round {rnd}:")]
            for p, e in board["entries"].items()}


def assert_same_score(got, state):
    """The photo's scoreboard is the watched game's: the same totals, winners and
    notes, round 2 line by line; round 1 as the one written total per player."""
    want = GAME.score(state).to_json()
    assert {p: e["total"] for p, e in got["entries"].items()} == {p: e["total"] for p, e in want["entries"].items()}
    for key in ("winners", "tie", "final", "leaders", "notes"):
        assert got.get(key) == want.get(key), key
    assert lines(got, 2) == lines(want, 2)
    r1 = round_totals(GAME.kit, state, state["rounds"][0])
    assert lines(got, 1) == {p: [(f"Round 1: {v} points, as written down", v)] for p, v in r1.items()}


@pytest.mark.parametrize("n,seed", [(None, None), *RANDOM])
def test_the_photo_of_a_finished_game_scores_as_the_watched_game(n, seed):
    players, state = example() if n is None else finished(n, seed)
    ts = GAME.score_table(players, {"round1": round1_of(state)}, photo(state))
    assert ts.scored, ts.reason
    assert_same_score(ts.score.to_json(), state)
    assert ts.unplaced == [] and ts.problems == [] and ts.reason is None


def test_round_2_sweets_left_in_the_bowls_are_noted_as_in_the_watched_game():
    players, state = finished(5, 3)
    assert state["rounds"][1]["left_in_bowls"] > 0
    ts = GAME.score_table(players, {"round1": round1_of(state)}, photo(state))
    assert any(n.startswith("Round 2 ended with everyone withdrawn") for n in ts.score.notes)


def test_without_round_1s_points_there_is_no_score_and_the_reason_says_what_to_give():
    players, state = example()
    ts = GAME.score_table(players, {}, photo(state))
    assert ts.score is None
    r2 = round_totals(GAME.kit, state, state["rounds"][1])
    assert "round 2 only (" + ", ".join(f"{p} {v}" for p, v in r2.items()) + ")" in ts.reason
    assert "round1=RED:" in ts.reason


@pytest.mark.parametrize("given,words", [("RED:51,BLUE:44", "GREEN are missing"),
                                         ("RED:51,BLUE:x,GREEN:3", "'x' is not a whole number"),
                                         ("RED:1,BLUE:2,GREEN:3,PINK:4", "PINK, who does not play")])
def test_wrongly_given_round_1_points_are_named(given, words):
    players, state = example()
    ts = GAME.score_table(players, {"round1": given}, photo(state))
    assert ts.score is None and words in ts.reason


def test_round_1_points_given_as_the_cli_passes_them_or_as_a_mapping():
    players, state = example()
    r1 = round_totals(GAME.kit, state, state["rounds"][0])
    for given in (round1_of(state).replace(":", "="), {p.lower(): str(v) for p, v in r1.items()}):
        ts = GAME.score_table(players, {"round1": given}, photo(state))
        assert_same_score(ts.score.to_json(), state)


def test_the_game_options_still_reach_the_setup():
    players, state = example()
    with pytest.raises(Exception, match="no option 'nonsense'"):
        GAME.score_table(players, {"round1": round1_of(state), "nonsense": "1"}, photo(state))


@pytest.mark.parametrize("payload,words", [
    ("CCR:BOWL:L", "the lollipop bowl CCR:BOWL:L is not on the table"),
    ("CCR:BOWL:C", "the chocolate bowl CCR:BOWL:C is not on the table"),
    ("CCR:DIVIDER:BLUE", "BLUE's divider CCR:DIVIDER:BLUE is not on the table"),
])
def test_a_missing_bowl_or_divider_gives_no_score_and_names_it(payload, words):
    players, state = example()
    ts = GAME.score_table(players, {"round1": round1_of(state)}, photo(state, drop={payload}))
    assert ts.score is None and words in ts.reason


def test_a_question_mark_left_face_down_gives_no_score_and_names_the_row():
    players, state = example()
    q = next(x for x in state["rows"]["L"] if GAME.kit.face(x) == "?")
    ts = GAME.score_table(players, {"round1": round1_of(state)}, photo(state, drop={f"CCR:FAV:{q}"}))
    assert ts.score is None
    assert "the lollipop row shows 3 favourites tile(s), but a stack holds 4 with 3 players" in ts.reason


def test_a_missing_base_value_tile_gives_no_score():
    players, state = example()
    ts = GAME.score_table(players, {"round1": round1_of(state)},
                          photo(state, drop={f"CCR:BASE:{state['base']['H']}"}))
    assert ts.score is None and "no base value tile lies beside the hard candy bowl CCR:BOWL:H" in ts.reason


def test_a_sweet_left_in_a_play_area_gives_no_score():
    players, state = example()
    div = next(p for p in GAME.arrange(state) if p.payload == "CCR:DIVIDER:RED")
    sweet = state["areas"]["BLUE"]["locked"][0]
    ts = GAME.score_table(players, {"round1": round1_of(state)},
                          photo(state, drop={f"CCR:SWEET:{sweet}"},
                                extra=[Sighting(f"CCR:SWEET:{sweet}", div.x_mm + 40.0, div.y_mm)]))
    assert ts.score is None
    assert f"RED's play area still holds {sweet}" in ts.reason
    assert {"payload": f"CCR:SWEET:{sweet}", "why": "in RED's play area, not locked"}.items() <= \
        next(u for u in ts.unplaced if u["payload"] == f"CCR:SWEET:{sweet}").items()


def test_stray_tiles_and_sweets_in_the_bowls_are_unplaced_with_why_and_do_not_change_the_score():
    players, state = example()
    spent = next(b for b in GAME.kit.base_values if b not in state["base"].values())
    bowl = next(p for p in GAME.arrange(state) if p.payload == "CCR:BOWL:K")
    extra = [Sighting(f"CCR:BASE:{spent}", 60.0, 560.0),           # round 1's tile, left at the table's edge
             Sighting("CCR:SWEET:K10", bowl.x_mm + 5.0, bowl.y_mm)]  # a 5-player sweet, ignored with 3
    in_bowls = next(s for s in GAME.kit.sweets_for(3)
                    if all(s not in a["locked"] for a in state["areas"].values()))
    extra.append(Sighting(f"CCR:SWEET:{in_bowls}", bowl.x_mm, bowl.y_mm + 10.0))
    ts = GAME.score_table(players, {"round1": round1_of(state)}, photo(state, extra=extra))
    assert ts.scored
    assert_same_score(ts.score.to_json(), state)
    why = {u["payload"]: u["why"] for u in ts.unplaced}
    assert why[f"CCR:BASE:{spent}"] == "a base value tile away from the bowls' rows: it counts only beside its bowl"
    assert why["CCR:SWEET:K10"] == "not in a 3-player game (only with 5 players)"
    assert why[f"CCR:SWEET:{in_bowls}"] == "in the bowls: a sweet left in the bowls scores nothing"
    assert ts.problems == [f"CCR:BASE:{spent} lies away from every bowl's row"]


def test_every_counted_tag_is_placed_and_the_bowls_are_neither():
    players, state = example()
    ts = GAME.score_table(players, {"round1": round1_of(state)}, photo(state))
    placed = {p["payload"] for p in ts.placed}
    locked = {f"CCR:SWEET:{s}" for a in state["areas"].values() for s in a["locked"]}
    tiles = {f"CCR:FAV:{x}" for row in state["rows"].values() for x in row}
    base = {f"CCR:BASE:{b}" for b in state["base"].values()}
    dividers = {f"CCR:DIVIDER:{a}" for a in state["order"]}
    assert placed == locked | tiles | base | dividers
    assert not any(p.startswith("CCR:BOWL:") for p in placed | {u["payload"] for u in ts.unplaced})
    where = next(p for p in ts.placed if p["payload"] == "CCR:FAV:" + state["rows"]["L"][0])
    arranged = next(p for p in GAME.arrange(state) if p.payload == where["payload"])
    assert (where["x_mm"], where["y_mm"]) == (round(arranged.x_mm, 1), round(arranged.y_mm, 1))


def test_two_players_tied_on_round_1_are_told_apart_by_their_seat_markers():
    players, state = finished(2, 2)
    assert state["owner"]["A"] == "BLUE"            # BLUE started round 2 with parties A and D
    tied = "RED:100,BLUE:100"
    ts = GAME.score_table(players, {"round1": tied}, photo(state))
    assert ts.scored, ts.reason
    assert lines(ts.score.to_json(), 2) == lines(GAME.score(state).to_json(), 2)
    ts = GAME.score_table(players, {"round1": tied}, photo(state, drop={"TC:SEAT:RED", "TC:SEAT:BLUE"}))
    assert ts.score is None
    assert "RED and BLUE tie on round 1's points" in ts.reason and "TC:SEAT:RED" in ts.reason


def test_two_players_round_1_points_say_who_played_a_and_d_without_seat_markers():
    players, state = finished(2, 5)
    assert state["owner"]["A"] == "BLUE"
    ts = GAME.score_table(players, {"round1": round1_of(state)},
                          photo(state, drop={"TC:SEAT:RED", "TC:SEAT:BLUE"}))
    assert_same_score(ts.score.to_json(), state)
