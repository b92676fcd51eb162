"""The table: read(arrange(state)) is the expected table, the referee turns what the
camera sees into actions (or precise prompts), and whole games are followed from
table snapshots alone, with the referee's help only where a card cannot be seen."""
import pytest

from models.engine import IllegalAction
from models.girls_vs_ghouls.layout import R_SLOT, _at, house_rotation
from models.table import Placement
from tests.games.gvg.gvg_support import (
    CANDY_CORN,
    FIVE,
    FOUR,
    GAME,
    TrueTable,
    act,
    crafted,
    play_true_game,
    quick_snapshot,
    run,
    started,
    table_snapshot,
    tell_unseen,
    tells_from,
    treats_of,
)


def with_items(state, *extra, drop=(), move=None):
    """The canonical table of ``state``, with ``extra`` placements added, payloads
    in ``drop`` removed and ``move`` = {payload: house} standees moved."""
    out = []
    for p in GAME.arrange(state):
        if p.payload in drop:
            continue
        if move and p.payload in move:
            x, y = _at(move[p.payload], 95.0, 0.0, 8)
            p = Placement(p.payload, x, y, p.angle_deg, p.face_up, p.back, p.size_mm, p.label)
        out.append(p)
    return quick_snapshot(out + list(extra))


def treat_at(house, card, angle=0.0):
    """A Treat face up beside the house tile, clear of the Trick slot, turned
    ``angle`` degrees from the tile's own upright."""
    x, y = _at(house, 190.0, 15.0, 8)
    return Placement(card, x, y, (house_rotation(house) + angle) % 360.0, size_mm=(30.0, 40.0))


def trick_back_at(house):
    x, y = _at(house, R_SLOT, 0.0, 8)
    return Placement("GVG:TRICK:BACK", x, y, house_rotation(house), face_up=False, size_mm=(44.0, 62.0))


def texts(verdict):
    return " | ".join(p.text for p in verdict.prompts)


# --------------------------------------------------------------------------- read


def test_read_of_the_arranged_table_is_the_expected_table_through_whole_games():
    for players, seed in ((FIVE, 1), (FOUR, 2)):
        table = TrueTable(players, seed)
        state = GAME.setup(players)
        phases = set()
        while state["phase"] != "over":
            assert GAME.read(state, table_snapshot(state)) == GAME.expected_table(state)
            state, _ = run(state, table.next_actions(state))
            phases.add(state["phase"])
        assert GAME.read(state, table_snapshot(state)) == GAME.expected_table(state)
        assert {"play", "reveal", "identities"} <= phases


def test_house_control_is_read_from_the_face_up():
    state = started(FOUR)
    snap = with_items(state, drop={"GVG:HOUSE:2H"})
    snap = quick_snapshot([p for p in GAME.arrange(state) if p.payload != "GVG:HOUSE:2H"]
                          + [Placement("GVG:HOUSE:2G", *_at(2, 235.0, 0.0, 8), house_rotation(2))])
    assert GAME.read(state, snap)["houses"]["2"]["face"] == "GIRLS"


def test_candy_corn_sign_from_how_it_is_turned_relative_to_the_tile():
    state = started(FOUR)
    for angle, value in ((0.0, 1), (20.0, 1), (180.0, -1), (200.0, -1), (90.0, None), (265.0, None)):
        reading = GAME.read(state, with_items(state, treat_at(1, CANDY_CORN[0], angle)))
        assert reading["new_treats"] == [{"house": 1, "card": CANDY_CORN[0], "value": value}]


def test_candy_corn_is_read_against_a_turned_tile():
    """A player across the table lays the tile and the card their way up."""
    state = started(FOUR)
    tiles = [Placement(p.payload, p.x_mm, p.y_mm, 180.0, p.face_up, p.back, p.size_mm, p.label)
             if p.payload.startswith("GVG:HOUSE:1") else p for p in GAME.arrange(state)]
    x, y = _at(1, 190.0, 15.0, 8)
    for angle, value in ((180.0, 1), (0.0, -1)):
        snap = quick_snapshot(tiles + [Placement(CANDY_CORN[2], x, y, angle, size_mm=(30.0, 40.0))])
        assert GAME.read(state, snap)["new_treats"][0]["value"] == value


# --------------------------------------------------------------------------- referee: what it applies


def test_a_move_then_a_treat_is_applied():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, treat_at(2, treats_of(2)[0]),
                                             move={"GVG:STANDEE:RED": 2}))
    assert verdict.status == "applied"
    assert [a.to_json() for a in verdict.actions] == [
        {"type": "move", "player": "RED", "house": 2},
        {"type": "treat", "player": "RED", "house": 2, "card": treats_of(2)[0], "value": 2}]
    assert verdict.state["cubes"]["2"] == 2 and verdict.state["turn"] == "BLUE"


def test_candy_corn_upside_down_counts_minus_one():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, treat_at(1, CANDY_CORN[1], 180.0)))
    assert verdict.status == "applied" and verdict.state["cubes"]["1"] == -1


def test_candy_corn_sideways_asks_the_player():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, treat_at(1, CANDY_CORN[1], 90.0)))
    assert verdict.status == "waiting" and verdict.state == state
    assert "cannot tell which way the candy corn at House 1 is turned" in texts(verdict)


def test_the_first_trick_at_a_house_covers_its_slot():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, trick_back_at(1)))
    assert verdict.status == "applied"
    assert [a.to_json() for a in verdict.actions] == [{"type": "trick", "player": "RED", "house": 1}]


def test_a_trick_on_a_stack_is_counted_as_a_card_played_unseen_and_told_later():
    """A Trick on a stack, a Peek and a tucked Treat look the same: once the next
    standee moves, RED's card is recorded as played unseen (one card fewer in
    RED's hand), the game goes on, and the referee says later what it was."""
    state = started(FOUR, houses=[1, 3, 5, 7])
    state["tricks"]["1"] = [{"by": "YELLOW", "turn": 0, "card": None}]
    truth, _ = act(state, type="trick", player="RED", house=1)
    assert GAME.referee(state, table_snapshot(truth)).status == "in_sync"     # nothing to see
    truth, _ = act(truth, type="move", player="BLUE", house=4)
    verdict = GAME.referee(state, table_snapshot(truth))
    assert verdict.status == "applied"
    assert [a.type for a in verdict.actions] == ["unseen", "move"]
    assert verdict.state["turn"] == "BLUE" and verdict.state["hands"]["RED"]["unknown"] == 1
    assert ("Referee: say what RED played at House 1 on card turn 1, which the camera did not see: a Treat (its "
            "value), a Trick or a discard to Peek") in texts(verdict)
    told, _ = act(verdict.state, type="tell", player="RED", turn=1, was="trick")
    assert told == truth
    assert "RED played" not in " | ".join(p.text for p in GAME.prompts(told))


def test_a_treat_tucked_away_before_the_camera_saw_it_is_told_with_its_value():
    """At a house with no stack the unseen card was a Peek, or a Treat laid and
    tucked under the tile before the table settled (its cubes carry no tags):
    recorded as played unseen; told as a Treat, its cubes count."""
    state = started(FOUR, houses=[1, 3, 5, 7])
    card = treats_of(2)[0]
    truth, _ = act(state, type="treat", player="RED", house=1, card=card)
    truth, _ = run(truth, [{"type": "move", "player": "BLUE", "house": 4}])
    verdict = GAME.referee(state, table_snapshot(truth))            # the Treat is under its tile by now
    assert verdict.status == "applied" and [a.type for a in verdict.actions] == ["unseen", "move"]
    assert verdict.state["cubes"]["1"] == 0                          # not known yet
    by_value, _ = act(verdict.state, type="tell", player="RED", turn=1, was="treat", value=2)
    assert by_value["cubes"]["1"] == 2 == truth["cubes"]["1"]
    by_card, _ = act(verdict.state, type="tell", player="RED", turn=1, was="treat", card=card)
    assert by_card == truth
    with pytest.raises(IllegalAction, match="cannot have been a trick"):
        act(verdict.state, type="tell", player="RED", turn=1, was="trick")     # the slot was open: seen
    with pytest.raises(IllegalAction, match="no Treat still unplayed has"):
        act(verdict.state, type="tell", player="RED", turn=1, was="treat", value=9)


def test_the_tricks_wait_until_every_card_played_unseen_is_told():
    state = started(FOUR, houses=[1, 3, 5, 7])
    state, _ = act(state, type="trick", player="RED", house=1)
    state, _ = act(state, type="unseen", player="BLUE", house=3)
    for p in ("GREEN", "YELLOW"):
        state, _ = act(state, type="peek", player=p, house=state["positions"][p])
    for _ in range(4):
        for p in FOUR:
            state, _ = act(state, type="peek", player=p, house=state["positions"][p])
    assert state["phase"] == "reveal"
    with pytest.raises(IllegalAction, match="first the referee says what BLUE's card played unseen"):
        act(state, type="reveal", house=1, card="GVG:TRICK:01")
    prompts = " | ".join(p.text for p in GAME.prompts(state))
    assert "Referee: say what BLUE played at House 3 on card turn 2" in prompts
    assert "turn up Trick" not in prompts
    state, _ = act(state, type="tell", player="BLUE", turn=2, was="peek")
    assert "House 1: turn up Trick 1 of 1" in " | ".join(p.text for p in GAME.prompts(state))


def test_a_round_with_no_tricks_is_not_scored_until_the_card_played_unseen_is_told():
    """The last card of the round played unseen where no Trick lies: it may have
    been a Treat tucked under the tile, which decides the round, so the round
    waits for the telling before it is scored (it used to be scored at once,
    without it, and the card could never be told)."""
    state = started(FOUR, houses=[1, 3, 5, 7])
    for n in range(5):
        for p in FOUR:
            if (p, n) != ("YELLOW", 4):
                state, _ = act(state, type="peek", player=p, house=state["positions"][p])
    state, events = act(state, type="unseen", player="YELLOW", house=7)
    assert [e.type for e in events] == ["unseen", "round_over", "tell"]
    assert state["phase"] == "reveal" and state["round"] == 1 and not state["closed"]
    assert ("Referee: say what YELLOW played at House 7 on card turn 20"
            in " | ".join(p.text for p in GAME.prompts(state)))
    told, events = act(state, type="tell", player="YELLOW", turn=20, was="treat", value=2)
    assert "go to House 7, the most orange cubes (2 orange)" in " | ".join(e.text for e in events)
    assert told["closed"] == {"7": {"points": 1, "round": 1}} and told["round"] == 2


def test_a_peek_is_certain_when_the_player_has_no_treat_left():
    state = started(FOUR, houses=[1, 3, 5, 7])
    state["hands"]["RED"]["treat"] = 0
    truth, _ = act(state, type="peek", player="RED", house=1)
    truth, _ = run(truth, [{"type": "move", "player": "BLUE", "house": 4},
                           {"type": "treat", "player": "BLUE", "house": 4, "card": treats_of(1)[0]}])
    verdict = GAME.referee(state, with_items(truth, treat_at(4, treats_of(1)[0])))
    assert verdict.status == "applied" and verdict.state == truth


def test_a_card_at_a_house_two_players_share_is_asked():
    """RED and BLUE stand at House 1. A Treat there is RED's, or, had RED played
    a card no camera sees, BLUE's: the companion asks rather than credit it."""
    state = started(FOUR, houses=[1, 1, 5, 7])
    card = treats_of(1)[0]
    truth, _ = act(state, type="peek", player="RED", house=1)
    truth, _ = act(truth, type="treat", player="BLUE", house=1, card=card)
    verdict = GAME.referee(state, with_items(truth, treat_at(1, card)))
    assert verdict.status == "waiting" and verdict.state == state
    assert "The card at House 1 may be RED's, or, if RED played a card the camera did not see" in texts(verdict)
    assert "BLUE's. Referee: enter which." in texts(verdict)
    # the camera saw the table settle once: nothing says it missed moves
    assert "camera missed" not in texts(verdict)
    assert "moves made before it settled, or one the camera cannot see" in texts(verdict)


@pytest.mark.parametrize("red_from", [1, 2])
def test_a_card_at_a_house_shared_with_a_later_player_names_every_player_before_them(red_from):
    """RED (standing there, or moving there first) and PURPLE at House 1, three
    players between them in turn. The Treat there is PURPLE's only if RED and
    the three all played cards no camera sees: the question says so, not just
    "if RED played a card", and offers that reading too, though each unseen
    card is a step of the search and its bound cuts so many."""
    state = started(FIVE, houses=[red_from, 3, 5, 7, 1])
    card = treats_of(1)[0]
    moved = [{"type": "move", "player": "RED", "house": 1}] if red_from != 1 else []
    truth, _ = run(state, [*moved, {"type": "peek", "player": "RED", "house": 1},
                           *({"type": "peek", "player": p, "house": h} for p, h in zip(FIVE[1:4], (3, 5, 7))),
                           {"type": "treat", "player": "PURPLE", "house": 1, "card": card}])
    verdict = GAME.referee(state, with_items(truth, treat_at(1, card)))
    assert verdict.status == "waiting" and verdict.state == state
    assert ("The card at House 1 may be RED's, or, if RED, BLUE, GREEN and YELLOW played cards the camera did not "
            "see (a Treat tucked at once, a Trick on a stack, a discard to Peek), PURPLE's. Referee: enter which."
            ) in texts(verdict)
    head = [("move", "RED")] if moved else []
    assert [[(a.type, a.player) for a in c.actions] for c in verdict.choices] == [
        [*head, ("treat", "RED")], [*head, *(("unseen", p) for p in FIVE[:4]), ("treat", "PURPLE")]]
    picked = verdict.choices[1].state
    assert GAME.referee(picked, with_items(truth, treat_at(1, card))).status == "in_sync"
    assert picked["turn"] == truth["turn"] and picked["hands"] == truth["hands"]


def test_a_treat_seen_face_up_is_recorded_and_then_tucked():
    """The Treat lies face up until the next action; tucked away after it, the
    table still agrees."""
    state = started(FOUR, houses=[1, 3, 5, 7])
    card = treats_of(1)[0]
    truth, _ = act(state, type="treat", player="RED", house=1, card=card)
    assert truth["face_up"]["card"] == card and card in {p.payload for p in GAME.arrange(truth)}
    verdict = GAME.referee(state, table_snapshot(truth))
    assert verdict.status == "applied" and verdict.state == truth
    moved, _ = act(truth, type="move", player="BLUE", house=4)
    assert "face_up" not in moved and card not in {p.payload for p in GAME.arrange(moved)}
    verdict = GAME.referee(truth, table_snapshot(moved))
    assert verdict.status == "applied" and verdict.state == moved


def test_reveals_are_read_one_face_at_a_time():
    state = crafted(stacks={2: 2})
    state, _ = act(state, type="trick", player="RED", house=1)
    truth, _ = act(state, type="reveal", house=2, card="GVG:TRICK:50")
    verdict = GAME.referee(state, table_snapshot(truth))
    assert verdict.status == "applied" and verdict.state == truth
    both, _ = act(truth, type="reveal", house=2, card="GVG:TRICK:01")
    verdict = GAME.referee(state, table_snapshot(both))
    assert verdict.status == "waiting"
    assert "one at a time" in texts(verdict)


def test_the_last_reveal_resolves_the_round_while_the_table_still_shows_it():
    state = crafted(stacks={2: 1}, cubes={2: -2, 3: 1})
    state, _ = act(state, type="trick", player="RED", house=1)
    state, _ = act(state, type="reveal", house=1, card="GVG:TRICK:20")       # an Invert on House 1
    # House 2's Flip turned up: the round ends; the table still shows both faces and unflipped tiles
    faces = [p for p in GAME.arrange(state)] + [Placement("GVG:TRICK:01", *_at(2, 182.0, -8.0, 8),
                                                          size_mm=(30.0, 40.0))]
    verdict = GAME.referee(state, quick_snapshot(faces))
    assert verdict.status == "applied" and verdict.state["round"] == 2
    # and then the chores are asked for, not faulted
    snap = quick_snapshot(faces)
    later = GAME.referee(verdict.state, snap)
    assert later.status == "in_sync"
    chores = [p.text for p in later.prompts]
    assert "Flip House 2 to its Ghouls face" in chores and "Put the 1 VP card in House 3's Trick slot" in chores


def test_a_tie_is_broken_by_putting_the_vp_card_on_the_chosen_house():
    state = crafted(last="treat", cubes={3: 2, 5: 2}, treat_counts={3: 1, 5: 1})
    state, _ = act(state, type="treat", player="RED", house=1, card="GVG:TREAT:01")
    assert state["phase"] == "tiebreak"
    truth, _ = act(state, type="choose", player="RED", house=5)
    verdict = GAME.referee(state, table_snapshot(truth))
    assert verdict.status == "applied" and verdict.actions[0].to_json()["house"] == 5


# --------------------------------------------------------------------------- referee: what it refuses


def test_three_spaces_on_the_table_is_refused_with_the_reason():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, move={"GVG:STANDEE:RED": 4}))
    assert verdict.status == "out_of_sync" and verdict.state == state
    assert "House 4 is 3 spaces away; a move is at most 2 spaces" in texts(verdict)


def test_a_treat_at_the_wrong_house_is_refused():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, treat_at(2, treats_of(2)[0])))
    assert verdict.status == "out_of_sync" and verdict.state == state
    assert "RED stands at House 1; a card may only be played at the house where you stand" in texts(verdict)


def test_a_card_at_the_next_players_house_is_read_as_a_card_played_unseen_first_and_asked_about():
    """RED (House 1) shows nothing, and a Treat lies at House 3, where BLUE
    stands: by the rules RED played a card no camera saw, then BLUE the Treat.
    Both are recorded, and the referee is asked what RED's card was (had RED
    laid that Treat at the wrong house, the question shows it at once)."""
    state = started(FOUR)                                    # BLUE stands at House 3
    card = treats_of(2)[0]
    verdict = GAME.referee(state, with_items(state, treat_at(3, card)))
    assert verdict.status == "applied"
    assert [a.to_json() for a in verdict.actions] == [
        {"type": "unseen", "player": "RED", "house": 1},
        {"type": "treat", "player": "BLUE", "house": 3, "card": card, "value": 2}]
    assert "Referee: say what RED played at House 1 on card turn 1" in texts(verdict)


def test_a_treat_on_a_closed_house_is_refused():
    state = started(FOUR)
    state["closed"]["1"] = {"points": 1, "round": 1}
    verdict = GAME.referee(state, with_items(state, treat_at(1, treats_of(2)[0])))
    assert verdict.status == "out_of_sync"
    assert "House 1 is closed" in texts(verdict)


def test_a_standee_moved_out_of_turn_asks_whether_hidden_cards_came_first():
    state = started(FOUR)
    verdict = GAME.referee(state, with_items(state, move={"GVG:STANDEE:GREEN": 6}))
    assert verdict.status == "waiting" and verdict.state == state
    assert ("GREEN's standee moved to House 6, but it is RED's turn. If RED, BLUE played cards the camera cannot see"
            in texts(verdict))
    assert "otherwise GREEN, put your standee back on House 5" in texts(verdict)


def test_a_trick_turned_face_up_during_the_round_is_refused():
    state = started(FOUR)
    face = Placement("GVG:TRICK:07", *_at(3, 182.0, -8.0, 8), size_mm=(30.0, 40.0))
    verdict = GAME.referee(state, with_items(state, face))
    assert verdict.status == "out_of_sync"
    assert "Tricks stay face down until the end of the round" in texts(verdict)


def test_a_trick_stack_taken_away_is_refused():
    state = started(FOUR)
    state, _ = act(state, type="trick", player="RED", house=1)
    verdict = GAME.referee(state, with_items(started(FOUR)))
    assert verdict.status == "out_of_sync"
    assert "House 1's Trick stack is gone" in texts(verdict)


# --------------------------------------------------------------------------- whole games from the camera


def table_after(truth, step, snapshot=quick_snapshot):
    """The canonical table after ``step``, with the Treats it played still lying
    face up beside their house (candy corn turned by its value)."""
    shown = (truth.get("face_up") or {}).get("card")      # the canonical table shows the last one already
    treats = [treat_at(a["house"], a["card"], 180.0 if a.get("value") == -1 else 0.0)
              for a in step if a["type"] == "treat" and a["card"] != shown]
    # right after a round, its Trick faces still lie by their houses (the tiles
    # and the VP card are dealt with at once)
    return snapshot((GAME.arrange_as_left(truth) or GAME.arrange(truth)) + treats)


def lag(state, truth, pending):
    """What the companion has not applied yet: it may only be cards the camera
    cannot see (a Trick on a stack, a Peek), the last ones played."""
    for i in range(len(pending), -1, -1):       # the shortest tail first
        rest = pending[i:]
        try:
            if run(state, rest)[0] == truth:
                assert all(a["type"] in ("trick", "peek") for a in rest), rest
                return rest
        except IllegalAction:
            continue
    raise AssertionError(f"the companion's state strayed from the table: {pending}")


def follow(players, steps, snap=table_after):
    """Play a game on the 'real' table, a step (a turn, a reveal, a choice...)
    at a time; the companion follows from a snapshot after each step. The
    referee steps in when the companion asks: what a card the camera could not
    see was (a Peek, a Trick on a stack), or a card seen at a house two
    players share after such a card. Whatever the companion applies by itself must be the
    truth, or the truth less the unseen cards still to be counted.
    Returns (asked, final state)."""
    truth = GAME.setup(players)
    state = truth
    pending: list[dict] = []
    told: dict = {}
    asked = 0
    for step in steps:
        told.update(tells_from(truth, step))
        truth, _ = run(truth, step)
        pending += step
        verdict = GAME.referee(state, snap(truth, step))
        if verdict.status == "applied":
            state, n = tell_unseen(verdict.state, told)     # the referee says what the unseen cards were
            asked += n
        elif verdict.status != "in_sync":
            # never a fault the players did not commit: only a question
            assert verdict.status == "waiting", texts(verdict)
            assert "camera cannot see" in texts(verdict) or "camera did not see" in texts(verdict), texts(verdict)
            state, _ = run(state, pending)
            asked += 1
        pending = lag(state, truth, pending)         # never a wrong record
    assert state == truth
    return asked, state


@pytest.mark.parametrize("players, seed", [(FIVE, 11), (FOUR, 7), (FIVE, 12), (FOUR, 13)])
def test_random_whole_games_are_followed_from_table_snapshots(players, seed):
    final, steps = play_true_game(players, seed)
    asked, state = follow(players, steps)
    assert state == final and GAME.is_over(state)
    assert asked <= sum(questions_the_rules_leave(players, steps))


def questions_the_rules_leave(players, steps):
    """Per step, whether it holds a card the camera cannot tell: a Peek or a
    Trick on a stack (nothing to see), or a card played at a house where
    another player with cards left stands (seen, but whose?)."""
    truth = GAME.setup(players)
    for step in steps:
        unclear = False
        for a in step:
            if a["type"] in ("peek", "trick", "treat"):
                h = str(a["house"])
                mates = [q for q in players if q != a["player"] and truth["positions"].get(q) == a["house"]
                         and sum(truth["hands"][q][k] for k in ("treat", "trick")) > truth["hands"][q]["unknown"]]
                unclear |= a["type"] == "peek" or (a["type"] == "trick" and bool(truth["tricks"][h])) or bool(mates)
            truth, _ = run(truth, [a])
        yield unclear


def test_the_real_pipeline_reads_the_table_at_key_moments():
    from tests.support.table import snapshot_of
    table = TrueTable(FIVE, 4)
    state = GAME.setup(FIVE)
    checked = set()
    while state["phase"] != "over":
        state, _ = run(state, table.next_actions(state))
        stacks = sum(1 for s in state["tricks"].values() if s)
        key = (state["phase"], state["round"]) if state["phase"] != "play" else ("play", stacks >= 2)
        roomy = (max(len(s) for s in state["tricks"].values()) <= 4
                 and max(list(state["positions"].values()).count(h) for h in range(1, 9)) <= 3)
        if roomy and key in {("play", True), ("reveal", 1), ("identities", 3)} and key not in checked:
            checked.add(key)
            assert GAME.read(state, snapshot_of(GAME.arrange(state))) == GAME.expected_table(state)
    assert len(checked) == 3
