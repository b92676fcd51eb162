"""Scoring The Closest Ghost from one photo of the finished table (``companion
score``): the boards as the game ended and the candy each player took in front
of their seat marker (their own board's to its left, the other's to its right)
give the very scoreboard the watched game ends with. Taken candy is
interchangeable, so without those piles the table cannot tell who took what,
and says so; a table that does not show a finished game says what to put
right."""
import math
import random

import pytest

from companion.examples import example_states
from models.registry import get_game
from models.table import Placement, seen_from_above
from models.tags import seat
from models.the_closest_ghost.actions import MoveAvatar
from tests.games.tcg.tcg_support import table_steps as tcg
from tests.games.tcg.test_tcg_properties import legal_actions

GAME = get_game("TCG")
PLAYERS = ["RED", "BLUE"]
RANDOM_SEEDS = [0, 1, 2, 3, 4, 7, 14, 19, 20, 21]
FAR = (860.0, 40.0)          # off the boards, in front of no seat marker


def finished(seed: int) -> tuple[dict, str]:
    """A random finished game and who took the last piece of candy."""
    state, last = None, None
    for _, actions, after in tcg(GAME, PLAYERS, seed):
        state, last = after, actions[-1]
    assert state is not None and state["phase"] == "over" and isinstance(last, MoveAvatar)
    return state, last.player


@pytest.fixture(scope="module")
def example():
    _, players, states = example_states("TCG")
    assert states[-1]["phase"] == "over"
    return list(players), states


def piles(state, placements):
    """The candy each player took, in front of their seat marker: from their own
    board to its left, from the other board to its right; ``(board, player,
    placement)`` each."""
    used = {p.payload for p in placements}
    free = [c.payload for c in GAME.catalog.of_kind("candy") if c.payload not in used]
    seats = {p.payload: p for p in placements}
    out = []
    for board, by in state["taken"].items():
        for player, n in by.items():
            m = seats[seat(player)]
            sign = -1.0 if state["owners"][board] == player else 1.0
            a = math.radians(m.angle_deg)
            for k in range(n):
                along, up = sign * (45.0 + 40.0 * (k % 4)), 40.0 * (k // 4)
                out.append((board, player, Placement(
                    free.pop(), m.x_mm + along * math.cos(a) - up * math.sin(a),
                    m.y_mm + along * math.sin(a) + up * math.cos(a), m.angle_deg, size_mm=(36, 36))))
    return out


def photo(state, taker=None, lift=True, drop=(), extra=(), move=None, forgot=False):
    """The finished table laid out for scoring: ``arrange`` plus the piles; the
    avatar that did not take the last piece lifted off the boards when both
    stand on the emptied board (``lift``); ``move`` = {payload: (x, y)};
    ``forgot``: the last piece left on its square, beside the avatar that took it."""
    placements = GAME.arrange(state)
    taken = piles(state, placements)
    under = []
    if forgot:
        won = next(b for b, p in state["owners"].items() if p == state["winner"])
        i = next(i for i, (b, p, _) in enumerate(taken) if (b, p) == (won, taker))
        piece = taken.pop(i)[2]
        avatar = next(p for p in placements if p.payload == f"TCG:AVATAR:{taker}")
        under = [Placement(piece.payload, avatar.x_mm + 22, avatar.y_mm, 0.0, size_mm=piece.size_mm)]
    placements = under + placements + [pl for _, _, pl in taken]
    area = GAME.area(state)
    won = [b for b, p in state["owners"].items() if p == state["winner"]]
    on = [p for p, sq in state["avatars"].items() if won and area.board_of(sq) == won[0]]
    if lift and taker and len(on) == 2:
        move = dict(move or {}, **{f"TCG:AVATAR:{p}": FAR for p in on if p != taker})
    out = []
    for p in placements:
        if p.payload in drop:
            continue
        if move and p.payload in move:
            p = Placement(p.payload, *move[p.payload], p.angle_deg, size_mm=p.size_mm)
        out.append(p)
    return seen_from_above(out + list(extra))




def test_the_example_game_scores_from_its_final_table_as_it_was_watched(example):
    players, states = example
    state = states[-1]
    assert "RED took the last piece" in state["result"]
    ts = GAME.score_table(players, {}, photo(state, "RED"))
    assert ts.scored, ts.reason
    assert ts.score.to_json() == GAME.score(state).to_json()
    assert ts.score.winners == ["BLUE"]
    assert ts.unplaced_why["TCG:AVATAR:BLUE"] == "an avatar off the boards"


def test_both_avatars_on_the_empty_board_cannot_tell_who_took_the_last_piece(example):
    players, states = example
    ts = GAME.score_table(players, {}, photo(states[-1], "RED", lift=False))
    assert ts.score is None
    assert ts.reason == ("both avatars stand on board B (BLUE's), so the table cannot tell who took its last "
                         "piece: lift the other avatar off the boards")


@pytest.mark.parametrize("seed", RANDOM_SEEDS)
def test_random_finished_games_score_from_their_table_as_they_were_watched(seed):
    state, taker = finished(seed)
    ts = GAME.score_table(PLAYERS, {}, photo(state, taker))
    assert ts.scored, ts.reason
    assert ts.score.to_json() == GAME.score(state).to_json()
    assert ts.score.winners == [state["winner"]]


@pytest.mark.parametrize("seed", [0, 5])
def test_boards_one_above_the_other_and_turned_score_too(seed):
    rng = random.Random(seed)
    options = {"layout": "6x3", "rotation_b": 90}
    state, last = GAME.setup(PLAYERS, options), None
    while not GAME.is_over(state):
        last = GAME.parse_action(rng.choice(legal_actions(state)))
        state, _ = GAME.apply(state, last)
    ts = GAME.score_table(PLAYERS, options, photo(state, last.player))
    assert ts.scored, ts.reason
    assert ts.score.to_json() == GAME.score(state).to_json()


def test_the_table_as_the_watched_game_draws_it_has_no_piles_and_cannot_say_who_took_what(example):
    players, states = example
    ts = GAME.score_table(players, {}, seen_from_above(GAME.arrange(states[-1])))
    assert ts.score is None
    assert "board B (BLUE's) should hold 8 candy, as 0 lie in the players' piles, but shows 0" in ts.reason
    assert "put every piece a player took in front of their seat marker" in ts.reason


def test_a_game_still_going_is_not_over(example):
    players, states = example
    middle = states[len(states) // 2]
    assert middle["phase"] != "over"
    ts = GAME.score_table(players, {}, photo(middle))
    assert ts.score is None
    assert ts.reason.startswith("no board is empty of candy and an avatar can still move, so the game is not over")


def test_everything_on_the_boards_and_in_the_piles_is_counted():
    state, taker = finished(1)
    snap = photo(state, taker)
    ts = GAME.score_table(PLAYERS, {}, snap)
    assert ts.scored
    tcg_tags = {s.payload for s in snap if s.game == "TCG"}
    lifted = {p for p, why in ts.unplaced_why.items() if why == "an avatar off the boards"}
    assert ts.placed_payloads == tcg_tags - lifted
    assert len([p for p in ts.placed_payloads if ":CANDY:" in p]) == len(state["candy"]) - len(
        set(state["candy"]) & set(state["ghosts"])) + sum(n for by in state["taken"].values() for n in by.values())


def test_a_piece_of_candy_out_of_every_pile_is_unplaced_and_the_game_no_longer_looks_over():
    state, taker = finished(3)
    snap = photo(state, taker)
    piece = next(s.payload for s in snap if s.kind == "CANDY" and s.distance_to(*next(
        (m.x_mm, m.y_mm) for m in snap if m.payload == seat(state["winner"]))) < 200)
    ts = GAME.score_table(PLAYERS, {}, photo(state, taker, move={piece: FAR}))
    assert ts.score is None
    assert ts.unplaced_why[piece] == "off the boards and in front of no seat marker: nobody's"
    assert any(piece in p for p in ts.problems)
    # the winner's board seems to hold a piece: the table can only think it hides under a ghost
    assert ts.reason.startswith("no board is empty of candy")
    assert "1 under its ghosts" in ts.reason


def test_a_tag_of_another_game_is_not_counted_and_changes_nothing():
    state, taker = finished(0)
    ts = GAME.score_table(PLAYERS, {}, photo(state, taker, extra=[Placement("GAH:CAT:1", 450.0, 560.0, 0.0)]))
    assert ts.scored and ts.score.to_json() == GAME.score(state).to_json()
    assert ts.unplaced_why["GAH:CAT:1"] == "a tag of another game"


def test_a_missing_seat_marker_or_board_says_what_to_show():
    state, taker = finished(0)
    ts = GAME.score_table(PLAYERS, {}, photo(state, taker, drop={seat("BLUE"), "TCG:BOARD:A1", "TCG:BOARD:A2"}))
    assert ts.score is None
    assert "board A's markers are not seen" in ts.reason
    assert "BLUE's seat marker (TC:SEAT:BLUE) is not seen" in ts.reason


def test_the_last_piece_left_beside_the_avatar_that_took_it_goes_to_its_pile():
    state, taker = finished(0)
    ts = GAME.score_table(PLAYERS, {}, photo(state, taker, forgot=True))
    assert ts.score is None
    square = state["avatars"][taker]
    assert ts.reason == (f"a piece of candy lies on {square}, the square of {taker}'s avatar: an avatar takes the "
                         f"candy it lands on, so put it in {taker}'s pile")


def test_both_avatars_trapped_is_scored_as_the_rules_end_it_without_a_winner():
    state = GAME.setup(PLAYERS, {})
    state.update(avatars={"RED": "A1", "BLUE": "A1"}, ghosts=["A2", "A3", "B1"],
                 candy=[c for c in state["candy"] if c != "A1"], phase="move", turn="RED")
    state["taken"]["A"]["RED"] = 1
    ts = GAME.score_table(PLAYERS, {}, photo(state))
    assert ts.scored, ts.reason
    assert ts.score.winners == [] and ts.score.final
    assert ts.score.entries["RED"].total == 1 and ts.score.entries["BLUE"].total == 0
    assert "Board A (RED): 7 candy left" in ts.score.notes
    assert any("Both avatars are trapped" in n for n in ts.score.notes)
