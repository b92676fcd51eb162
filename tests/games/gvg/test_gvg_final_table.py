"""Scoring Girls vs Ghouls from one photo of the finished table (``companion score``):
the house faces, the VP cards in the Trick slots and the identity cards in front
of the seats give the very scoreboard the watched game ends with; a table that
does not show a scorable end says what to put right."""
import pytest

from companion.examples import example_states
from models.girls_vs_ghouls.layout import _at
from models.table import Placement, seen_from_above
from tests.contract.drivers import played_to_the_end
from tests.games.gvg.gvg_support import FOUR, GAME, TrueTable, table_steps, treats_of

RANDOM_GAMES = [(4, 0), (4, 1), (4, 5), (5, 0), (5, 3), (6, 0), (6, 2), (7, 0), (7, 1), (7, 4)]


def finished(n: int, seed: int) -> tuple[list[str], dict]:
    players = GAME.seats()[:n]
    return players, played_to_the_end(GAME, table_steps, players, seed)


@pytest.fixture(scope="module")
def example():
    _, players, states = example_states("GVG")
    assert states[-1]["phase"] == "over"
    return list(players), states[-1]


def photo(state, drop=(), extra=(), replace=None):
    """The canonical finished table, seen from above, with ``drop`` payloads taken
    away, ``extra`` placements added and ``replace`` = {payload: new payload}."""
    out = []
    for p in GAME.arrange(state):
        if p.payload in drop:
            continue
        if replace and p.payload in replace:
            p = Placement(replace[p.payload], p.x_mm, p.y_mm, p.angle_deg, p.face_up, p.back, p.size_mm, p.label)
        out.append(p)
    return seen_from_above(out + list(extra))




def test_the_example_game_scores_from_its_final_table_as_it_was_watched(example):
    players, state = example
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(state)))
    assert ts.scored and ts.reason is None
    assert ts.score.to_json() == GAME.score(state).to_json()
    assert ts.score.winners == ["REPORTER"]                  # the example ends in a tie with a Reporter
    assert ts.score.teams["BLUE"] == "REPORTER"


@pytest.mark.parametrize("n,seed", RANDOM_GAMES)
def test_random_finished_games_score_from_their_final_table_as_they_were_watched(n, seed):
    players, state = finished(n, seed)
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(state)))
    assert ts.reason is None and ts.problems == []
    assert ts.score.to_json() == GAME.score(state).to_json()


def test_the_round_of_each_vp_card_follows_the_vp_order_option():
    players, options = FOUR, {"vp_order": "3,1,2"}
    table = TrueTable(players, seed=2)
    state = GAME.setup(players, options)
    while not GAME.is_over(state):
        state, _ = GAME.apply_all(state, [GAME.parse_action(a) for a in table.next_actions(state)])
    snap = seen_from_above(GAME.arrange(state))
    ts = GAME.score_table(players, options, snap)
    assert ts.score.to_json() == GAME.score(state).to_json()
    lines = [line.what for e in ts.score.entries.values() for line in e.breakdown if "VP card" in line.what]
    assert any("3 VP card" in w and "round 1" in w for w in lines)


def test_counted_tags_are_placed_and_the_rest_say_why_not(example):
    players, state = example
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(state)))
    faces = {GAME.board.face_payload(int(h), team) for h, team in state["control"].items()}
    vps = {GAME.board.vp_cards[c["points"]] for c in state["closed"].values()}
    assert ts.placed_payloads == faces | vps | set(state["identities"].values())
    why = ts.unplaced_why
    assert "First Player Token" in why["GVG:TOKEN:FIRST"]
    assert "standee" in why["GVG:STANDEE:RED"]
    open_house = next(h for h in state["control"] if h not in state["closed"])
    assert f"House {open_house}" in why[f"GVG:SLOT:{open_house}"]
    assert not any(p["payload"].startswith("TC:") for p in ts.placed + ts.unplaced)


def test_the_score_follows_the_house_tiles_on_the_table(example):
    players, state = example
    h = next(h for h in state["control"] if h not in state["closed"] and state["control"][h] == "GIRLS")
    face = GAME.board.face_payload(int(h), "GIRLS")
    ts = GAME.score_table(players, {}, photo(state, replace={face: GAME.board.face_payload(int(h), "GHOULS")}))
    before = GAME.score(state)
    assert ts.score.entries["GIRLS"].total == before.entries["GIRLS"].total - 1
    assert ts.score.entries["GHOULS"].total == before.entries["GHOULS"].total + 1
    assert ts.score.winners == ["GHOULS"]                    # no longer a tie: the Reporter loses


def test_an_identity_card_not_turned_up_gives_no_score_and_names_the_seat(example):
    players, state = example
    ts = GAME.score_table(players, {}, photo(state, drop={state["identities"]["YELLOW"]}))
    assert ts.score is None and not ts.scored
    assert "YELLOW" in ts.reason and "TC:SEAT:YELLOW" in ts.reason
    assert "RED" not in ts.reason
    assert state["identities"]["RED"] in ts.placed_payloads           # what was read is still listed


def test_two_identity_cards_in_front_of_one_player_give_no_score(example):
    players, state = example
    x, y = next((p.x_mm, p.y_mm) for p in GAME.arrange(state) if p.payload == state["identities"]["GREEN"])
    ts = GAME.score_table(players, {}, photo(state, extra=[Placement("GVG:ID:GHOUL3", x, y + 30.0)]))
    assert ts.score is None
    assert "GREEN shows 2 identity cards" in ts.reason
    assert "in front of GREEN" in ts.unplaced_why["GVG:ID:GHOUL3"]


def test_more_identity_cards_of_a_team_than_the_game_deals_give_no_score():
    players, state = finished(4, 0)
    ghoul = next(p for p, c in state["identities"].items() if "GHOUL" in c)
    ts = GAME.score_table(players, {}, photo(state, replace={state["identities"][ghoul]: "GVG:ID:GIRL3"}))
    assert ts.score is None
    assert "3 Girls identity cards are turned up, but a 4-player game deals 2" in ts.reason


def test_a_vp_card_off_its_trick_slot_gives_no_score(example):
    players, state = example
    h, card = next((h, c) for h, c in state["closed"].items())
    vp = GAME.board.vp_cards[card["points"]]
    x, y = _at(int(h), 282.0, 0.0, 8)                         # beyond the tile: the slot's tag shows
    ts = GAME.score_table(players, {}, photo(state, drop={vp}, extra=[Placement(vp, x, y, size_mm=(44.0, 62.0))]))
    assert ts.score is None
    assert f"the {card['points']} VP card is not in a Trick slot" in ts.reason
    assert vp in ts.unplaced_why and vp not in ts.placed_payloads


def test_a_missing_vp_card_gives_no_score(example):
    players, state = example
    card = next(iter(state["closed"].values()))
    ts = GAME.score_table(players, {}, photo(state, drop={GAME.board.vp_cards[card["points"]]}))
    assert ts.score is None
    assert f"the {card['points']} VP card is not seen" in ts.reason


def test_a_missing_seat_marker_or_house_tile_gives_no_score(example):
    players, state = example
    ts = GAME.score_table(players, {}, photo(state, drop={"TC:SEAT:PURPLE"}))
    assert ts.score is None and "TC:SEAT:PURPLE" in ts.reason
    face = GAME.board.face_payload(2, state["control"]["2"])
    ts = GAME.score_table(players, {}, photo(state, drop={face}))
    assert ts.score is None and "House 2's tile is not seen" in ts.reason


def test_a_stray_card_is_unplaced_with_a_reason_and_the_score_stands(example):
    players, state = example
    x, y = _at(5, 190.0, 8.0, 8)
    stray = [Placement(treats_of(2)[0], x, y),                        # a Treat left at House 5
             Placement("TC:ZONE:DISCARD", 450.0, 585.0), Placement("GVG:ID:GIRL3", 450.0, 560.0)]  # a spare card
    ts = GAME.score_table(players, {}, photo(state, extra=stray))
    assert ts.score.to_json() == GAME.score(state).to_json()
    why = ts.unplaced_why
    assert "score nothing" in why[treats_of(2)[0]]
    assert why["GVG:ID:GIRL3"] == "an identity card in front of no player"
    assert treats_of(2)[0] not in ts.placed_payloads


def test_a_tag_of_another_game_is_unplaced_as_such(example):
    players, state = example
    ts = GAME.score_table(players, {}, photo(state, extra=[Placement("GLC:CANDY:C3", 450.0, 300.0)]))
    assert ts.scored
    assert ts.unplaced_why["GLC:CANDY:C3"] == "a tag of another game"
