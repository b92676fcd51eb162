"""What the camera cannot see of a move it saw, or of moves it missed.

A light the camera sees turned on but not paid for: the cards discarded for it
go to the pile, where no camera reads them. The referee records the light
(``light_unseen``), counts it as the fewest cards it can have cost, asks the
console what paid for it, and ``light_told`` makes the very state a watched
light would have made. Until then, the deck is never drawn past what it surely
holds. After a camera gap, lights in it no longer make the table "out of sync",
nor does a ghost that came and went with what it met (``ghost_unseen``)."""

import copy

import pytest

from models.registry import get_game
from tests.games.gah.test_rules import act, illegal
from tests.support.components import assert_components_add_up
from tests.support.table import snapshot_of

GAME = get_game("GAH")


def rooms(*spaces):
    return [{"card": c, "floor": f, "side": s} for c, f, s in spaces]


def red_and_blue():
    s = GAME.setup(["RED", "BLUE"])
    s, _ = act(s, type="rooms", player="RED", rooms=rooms(("ROOM:1A", 1, "L")))
    s, _ = act(s, type="rooms", player="BLUE", rooms=rooms(("ROOM:1C", 1, "L")))
    return s


@pytest.mark.parametrize("payment", [
    {"type": "light", "cards": ["ROOM:1D", "ROOM:2C"]},
    {"type": "light", "cards": ["ROOM:1D", "ROOM:2C", "GHOST:5"]},
    {"type": "light_bulb"},
])
def test_a_light_recorded_unpaid_then_told_is_the_light_as_played(payment):
    s = red_and_blue()
    played, _ = act(s, player="RED", floor=1, **payment)
    seen, texts = act(s, type="light_unseen", player="RED", floor=1)
    assert texts[0].startswith("RED turns on the light of floor 1: the referee says on the console how it was paid")
    assert texts[1] == "RED draws back up to 3 cards"          # how many depends on the payment: no count said
    # public and certain: the floor is lit and it is BLUE's turn, every hand holds 3
    assert seen["houses"]["RED"][0]["lit"] and seen["turn"] == "BLUE" and seen["hands"] == {"RED": 3, "BLUE": 3}
    # counted as the Light Bulb (the fewest), up to 3 cards: the deck may hold 2 fewer than it says
    view = GAME.public_view(seen)
    assert view["untold_lights"] == [{"player": "RED", "floor": 1}] and view["deck_doubt"] == 2
    assert view["deck"] == played["deck"] + len(payment.get("cards", ["bulb"])) - 1
    assert_components_add_up(GAME, seen)
    asks = [p for p in GAME.prompts(seen) if str(p.text).startswith("Referee:")]
    assert [str(p.text) for p in asks] == ["Referee: say how RED paid for the light of floor 1, which the camera did "
                                           "not see: the Light Bulb card, or which 2-3 cards with 5 lightbulbs were "
                                           "discarded."]
    told = GAME.tells_for(seen, played)
    assert [t.to_json()["type"] for t in told] == ["light_told"]
    after, events = GAME.apply_all(seen, told)
    # the game as played; only the payment a light played in view may still show face up is not expected on the
    # table any more (it was told, and lies on the pile)
    assert after == {**played, "clearing": []}
    assert events[0].text.startswith("RED's light of floor 1 was paid with ")
    assert not [p for p in GAME.prompts(after) if str(p.text).startswith("Referee:")]


def test_a_told_payment_is_checked_like_a_light_played():
    s = red_and_blue()
    s, _ = act(s, type="light_unseen", player="RED", floor=1)
    illegal(s, "no light of BLUE's floor 1 waits for its payment to be told", type="light_told", player="BLUE",
            floor=1, cards=["ROOM:1D", "ROOM:2C"])
    illegal(s, "Floor 2 room A, Floor 2 room B show 1 lightbulb icon(s); the light needs 5", type="light_told",
            player="RED", floor=1, cards=["ROOM:2A", "ROOM:2B"])
    illegal(s, "name the Light Bulb, or the 2 or 3 cards discarded for the light", type="light_told",
            player="RED", floor=1, cards=["ROOM:1D"])
    illegal(s, "Floor 1 room A already lies on RED's floor 1", type="light_told", player="RED", floor=1,
            cards=["ROOM:1A", "ROOM:2C", "ROOM:1D"])
    # told while another move waits (BLUE's ghost on RED's lit floor): a payment may be told at any time
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    s, _ = act(s, type="light_told", player="RED", floor=1, cards=["ROOM:1D", "ROOM:2C"])
    assert not s["untold"] and s["lit_by"] == {"RED:1": ["GAH:ROOM:1D", "GAH:ROOM:2C"]}
    assert_components_add_up(GAME, s)


def test_the_light_bulb_cannot_be_told_once_it_was_on_the_pile():
    s = red_and_blue()
    s, _ = act(s, type="light_bulb", player="RED", floor=1)
    s, _ = act(s, type="light_unseen", player="BLUE", floor=1)
    assert s["untold"] == [{"player": "BLUE", "floor": 1, "paid": 2, "most": 3}]      # the bulb was gone
    illegal(s, "the Light Bulb was on the discard pile when BLUE turned on the light", type="light_told",
            player="BLUE", floor=1, cards=["SPECIAL:BULB"])


def test_no_draw_goes_past_what_the_deck_surely_holds_until_the_payment_is_told():
    s = GAME.setup(["RED", "BLUE"])
    for _ in range(14):
        s, _ = act(s, type="discard", player=s["turn"], count=3)
    s, _ = act(s, type="light_unseen", player="RED", floor=1)       # counted as the Light Bulb: 1 drawn
    assert (s["deck"], GAME.public_view(s)["deck_doubt"]) == (4, 2)
    # three more draws might run the deck out, or not: how many it holds depends on the payment
    illegal(s, "discard: say first how RED's light of floor 1 was paid (or count the deck): the deck may be "
            "running out", type="discard", player="BLUE", count=3)
    s2, _ = act(s, type="discard", player="BLUE", count=1)           # one draw surely does not
    assert s2["deck"] == 3
    s, _ = act(s, type="light_told", player="RED", floor=1, cards=["ROOM:1D", "ROOM:2C", "GHOST:5"])
    assert s["deck"] == 2
    s, texts = act(s, type="discard", player="BLUE", count=3)
    assert "The deck ran out: shuffle the discard pile into a new deck" in texts
    assert_components_add_up(GAME, s)


def test_a_camera_gap_with_lights_in_it_is_explained_and_their_payments_asked():
    """Two lights and a room play while the camera was away: before, the referee
    called the lit floors wrong and asked for them to be turned dark."""
    s = red_and_blue()
    truth, _ = act(s, type="light", player="RED", floor=1, cards=["ROOM:1D", "ROOM:2C", "GHOST:5"])
    truth, _ = act(truth, type="light_bulb", player="BLUE", floor=1)
    truth, _ = act(truth, type="rooms", player="RED", rooms=rooms(("ROOM:1B", 1, "R"), ("ROOM:2A", 2, "L")))
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)), gap=True)
    assert verdict.status == "waiting" and len(verdict.choices) == 1     # a turn may come and go unseen: picked
    fit = verdict.choices[0]
    assert sorted(a.type for a in fit.actions) == ["light_unseen", "light_unseen", "rooms"]
    assert all("dark" not in str(p.text) for p in verdict.prompts)
    after, _ = GAME.apply_all(fit.state, GAME.tells_for(fit.state, truth))
    assert after == truth


def test_a_ghost_gone_before_the_camera_came_back_is_one_step_of_a_gap():
    """A ghost played on a dark floor and let in, or on a cat, both cleared away
    while the camera was away: the table shows only what went, so the search
    offers a ghost no camera saw (which one went to the pile, no camera read)."""
    s = red_and_blue()
    truth, _ = act(s, type="ghost", player="RED", card="GHOST:1", target="BLUE")
    truth, _ = act(truth, type="pass", player="BLUE")                     # dark: BLUE's floor 1 is bare again
    truth, _ = act(truth, type="rooms", player="BLUE", rooms=rooms(("ROOM:1D", 1, "R")))
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)), gap=True)
    assert verdict.status == "waiting"
    fit = next(c for c in verdict.choices if [a.type for a in c.actions] == ["ghost_unseen", "rooms"])
    assert GAME.same_table(GAME.expected_table(fit.state), GAME.expected_table(truth))
    assert GAME.takeover_answers(fit.state) == GAME.takeover_answers(truth)     # hands, deck, whose turn
    assert fit.state["discard"]["count"] == truth["discard"]["count"]
    assert fit.state["discard"]["seen"] == ["GAH:ROOM:1C"]                  # the ghost: not named
    # a cat on the floor meets it: the cat is gone, the rooms stay
    s, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="L")
    truth, _ = act(s, type="ghost", player="BLUE", card="GHOST:2", target="RED")
    truth, _ = act(truth, type="rooms", player="RED", rooms=rooms(("ROOM:1B", 1, "R")))
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)), gap=True)
    fit = next(c for c in verdict.choices if [a.type for a in c.actions] == ["ghost_unseen", "rooms"])
    assert GAME.takeover_answers(fit.state) == GAME.takeover_answers(truth)
    assert fit.state["discard"]["seen"] == ["GAH:CAT:1"]


def test_an_unseen_ghost_is_never_one_that_would_have_stayed():
    s = red_and_blue()
    s, _ = act(s, type="light_bulb", player="RED", floor=1)
    s, _ = act(s, type="discard", player="BLUE", count=1)
    s, _ = act(s, type="discard", player="RED", count=1)
    illegal(s, "RED's floor 1 is lit and holds no cat: a ghost played there stays", type="ghost_unseen",
            player="BLUE", target="RED")
    assert {"type": "ghost_unseen", "player": "BLUE", "target": "RED"} not in [
        a.to_json() for a in GAME.legal_actions(s)]


def test_a_gap_no_seen_move_explains_is_asked_not_called_wrong():
    """RED discarded and drew (no trace), then BLUE played a room, while the
    camera was away: no sequence of moves a camera sees gets there (it is RED's
    turn), but nothing says the table is wrong. The referee enters the discard;
    taking the room back is offered as the other way, not ordered. Without a
    gap the table reads the same (a discard never shows, and players forget to
    tell it), so it is asked the same way, not called out of sync."""
    s = red_and_blue()
    truth, _ = act(s, type="discard", player="RED", count=2)
    truth, _ = act(truth, type="rooms", player="BLUE", rooms=rooms(("ROOM:1D", 1, "R")))
    for gap in (True, False):
        verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)), gap=gap)
        assert verdict.status == "waiting" and not verdict.choices and verdict.state == s
        assert [(str(p.text), p.level) for p in verdict.prompts] == [(
            "BLUE played, but it is RED's turn. If RED made a move no camera sees (a discard and draw, or a ghost "
            "cancelled at once by a cat from the hand), referee: enter it; otherwise take the move back: take Floor 1 "
            "room D off BLUE's floor 1.", "warning")]
    # entered, the discard lets the room be read as BLUE's move
    told, _ = act(s, type="discard", player="RED", count=2)
    assert GAME.referee(told, snapshot_of(GAME.arrange(truth))).state == truth


def test_a_cat_after_a_discard_no_one_told_is_asked_as_the_discard_first():
    """RED discarded and drew, then BLUE laid a cat: BLUE's cat may also have
    come by Cat Food (a question of its own), but first the discard is asked,
    never an order to take a legal cat back."""
    s = red_and_blue()
    truth, _ = act(s, type="discard", player="RED", count=1)
    truth, _ = act(truth, type="cat", player="BLUE", card="CAT:2", floor=1, side="L")
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)))
    assert verdict.status == "waiting" and verdict.state == s
    assert str(verdict.prompts[0].text).startswith("BLUE played, but it is RED's turn. If RED made a move no camera "
                                                   "sees (a discard and draw")


def test_moves_after_a_discard_that_cleared_what_they_laid_are_asked_as_the_discard_first():
    """RED discarded and drew; BLUE's Elevator moved Cat 3 up to floor 2; RED's
    ghost met it there, and both went before the table settled. The table
    shows only BLUE's cat gone: no move of RED's makes that, and BLUE's cat
    could not have left on RED's turn. The discard is asked, then the moves
    after it are offered, never an order to put the cat back."""
    s = GAME.setup(["RED", "BLUE"])         # RED explores nothing: no room of RED's for a cat to go to
    s, _ = act(s, type="discard", player="RED", count=1)
    s, _ = act(s, type="rooms", player="BLUE", rooms=rooms(("ROOM:1C", 1, "L"), ("ROOM:1D", 1, "R"),
                                                           ("ROOM:2A", 2, "L")))
    s, _ = act(s, type="discard", player="RED", count=1)
    s, _ = act(s, type="cat", player="BLUE", card="CAT:3", floor=1, side="L")
    assert s["turn"] == "RED"
    truth, _ = act(s, type="discard", player="RED", count=1)
    truth, _ = act(truth, type="elevator", player="BLUE", cat="CAT:3", floor=2, side="L")
    truth, _ = act(truth, type="ghost", player="RED", card="GHOST:1", target="BLUE")
    assert not any(fl["cats"]["L"] or fl["cats"]["R"] for fl in truth["houses"]["BLUE"])
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)))
    assert verdict.status == "waiting" and verdict.state == s
    assert str(verdict.prompts[0].text).startswith("BLUE played, but it is RED's turn. If RED made a move no camera "
                                                   "sees (a discard and draw")
    told, _ = act(s, type="discard", player="RED", count=1)
    after = GAME.referee(told, snapshot_of(GAME.arrange(truth)))
    assert [[a.type for a in c.actions] for c in after.choices] == [["elevator", "ghost_unseen"]]
    assert GAME.takeover_answers(after.choices[0].state) == GAME.takeover_answers(truth)


def test_a_move_after_a_ghost_answered_and_a_discard_unseen_is_asked_not_called_out_of_sync():
    """BLUE's ghost waits for RED's answer; RED cancels it with a cat from the
    hand (the ghost goes), discards and draws on its own turn, and BLUE lays a
    room, all before the table settles: no search finds the discard, and the
    room looks out of turn. The referee asks for the answer and the discard
    instead of ordering the room off."""
    s = red_and_blue()
    s, _ = act(s, type="rooms", player="RED", rooms=rooms(("ROOM:1B", 1, "R")))
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    truth, _ = act(s, type="cat_defence", player="RED")
    truth, _ = act(truth, type="discard", player="RED", count=1)
    truth, _ = act(truth, type="rooms", player="BLUE", rooms=rooms(("ROOM:1D", 1, "R")))
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)))
    assert verdict.status == "waiting" and verdict.state == s and not verdict.choices
    assert [str(p.text) for p in verdict.prompts] == [
        "BLUE played while RED must answer BLUE's ghost on floor 1. If RED answered it (a cat from the hand, or a "
        "pass), and any moves no camera sees came after (a discard and draw, a ghost cancelled at once by a cat "
        "from the hand), referee: enter them; otherwise take the move back: take Floor 1 room D off BLUE's floor "
        "1; put Ghost 1 back on RED's floor 1."]
    told, _ = act(s, type="cat_defence", player="RED")
    told, _ = act(told, type="discard", player="RED", count=1)
    assert GAME.referee(told, snapshot_of(GAME.arrange(truth))).state == truth


def test_a_move_out_of_turn_that_no_discard_explains_is_out_of_sync():
    """BLUE lays a room while RED must still answer BLUE's own ghost: no
    discard makes it BLUE's turn, so the table is wrong and says what to take
    back."""
    s = red_and_blue()
    s, _ = act(s, type="rooms", player="RED", rooms=rooms(("ROOM:1B", 1, "R")))
    s, _ = act(s, type="ghost", player="BLUE", card="GHOST:1", target="RED")
    assert s["pending"] and s["pending"]["player"] == "RED"
    table = copy.deepcopy(s)
    table["houses"]["BLUE"][0]["rooms"]["R"] = "GAH:ROOM:1D"
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(table)))
    assert verdict.status == "out_of_sync" and verdict.state == s
    assert "take Floor 1 room D off BLUE's floor 1" in str(verdict.prompts[0].text)


def test_a_table_that_needs_two_moves_is_asked_though_the_camera_saw_no_gap():
    """RED played a cat, BLUE discarded and drew, RED turned a light on with
    the Light Bulb, all before the table settled: no one move lays a cat and
    lights a floor, so the table itself shows moves behind it. The discard
    between them left no trace, so the referee asks for the moves instead of
    ordering the players to undo a legal table; it records nothing."""
    s = red_and_blue()
    truth, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="L")
    truth, _ = act(truth, type="discard", player="BLUE", count=1)
    truth, _ = act(truth, type="light_bulb", player="RED", floor=1)
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)))
    assert verdict.status == "waiting" and not verdict.choices and verdict.state == s
    assert str(verdict.prompts[0].text).startswith("The camera missed some moves, and none it can see explains the "
                                                   "table: a discard and draw")
    assert [p.level for p in verdict.prompts[1:]] == ["info"] and "take Cat 1 off RED's floor 1" in str(
        verdict.prompts[1].text)
    # entered on the console, the moves make the table: nothing more is asked
    told, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="L")
    told, _ = act(told, type="discard", player="BLUE", count=1)
    assert GAME.referee(told, snapshot_of(GAME.arrange(truth))).status == "applied"


def test_the_deck_counted_puts_right_draws_no_camera_saw_and_a_reshuffle():
    """A round of discards and draws made before the table settled leaves the
    table as it was and the deck's count too high; the players count the deck
    and the referee says so: the count, and, after a reshuffle, the cards seen
    going to the pile may be played again (they were refused before)."""
    s = red_and_blue()
    truth, _ = act(s, type="discard", player="RED", count=3)
    truth, _ = act(truth, type="discard", player="BLUE", count=2)
    # the camera saw no change: the referee still counts the deck as it was
    assert GAME.referee(s, snapshot_of(GAME.arrange(truth))).status == "in_sync"
    illegal(s, "the deck and the discard pile hold 45 cards together", type="deck_counted", count=46,
            reshuffled=True)
    counted, texts = act(s, type="deck_counted", count=40)
    assert texts == ["The deck was counted: 40 cards"]
    assert (counted["deck"], counted["discard"]["count"]) == (truth["deck"], truth["discard"]["count"])
    assert_components_add_up(GAME, counted)
    # a card seen going to the pile is refused, until the players say the pile was reshuffled
    played, _ = act(s, type="light", player="RED", floor=1, cards=["ROOM:1D", "ROOM:2C"])
    illegal(played, "Floor 1 room D is in the discard pile", type="rooms", player="BLUE",
            rooms=rooms(("ROOM:1D", 1, "R")))
    illegal(played, "the deck held 43 cards at most; only a reshuffle of the discard pile makes it more",
            type="deck_counted", count=44)
    reshuffled, texts = act(played, type="deck_counted", count=45, reshuffled=True)
    assert texts == ["The deck was counted: 45 cards, after a reshuffle of the discard pile"]
    again, _ = act(reshuffled, type="rooms", player="BLUE", rooms=rooms(("ROOM:1D", 1, "R")))
    assert again["houses"]["BLUE"][0]["rooms"]["R"] == "GAH:ROOM:1D"


def test_a_house_built_in_two_plays_while_the_camera_was_away_is_explained():
    """Five new rooms in RED's house after a camera gap were two plays (a hand
    holds three cards), BLUE's turn between them: the search offers that
    explanation instead of finding none. Nothing is recorded by itself (a
    discard and draw may lie in any gap): the console picks it."""
    s = GAME.setup(["RED", "BLUE"])
    played = [{"type": "rooms", "player": "RED", "rooms": rooms(("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R"),
                                                              ("ROOM:2A", 2, "L"))},
              {"type": "rooms", "player": "BLUE", "rooms": rooms(("ROOM:1C", 1, "L"), ("ROOM:1D", 1, "R"))},
              {"type": "rooms", "player": "RED", "rooms": rooms(("ROOM:2B", 2, "R"), ("ROOM:3A", 3, "L"))}]
    truth = s
    for data in played:
        truth, _ = act(truth, **data)
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)), gap=True)
    assert verdict.status == "waiting"
    # the fewest moves first: the truth; then BLUE's two rooms as two turns, which no table tells apart
    assert verdict.choices[0].state == truth
    assert [(a.type, a.player, len(a.rooms)) for a in verdict.choices[0].actions] == [
        ("rooms", "RED", 3), ("rooms", "BLUE", 2), ("rooms", "RED", 2)]
    assert all(c.state["turn"] != truth["turn"] or c.state["turns"] != truth["turns"] for c in verdict.choices[1:])


def test_a_light_untold_leaves_the_deck_a_range_that_holds_every_payment_it_may_have_been():
    """The record of a light no camera saw paid is true whatever paid for it:
    its deck is a count and the few cards fewer the payment may have drawn
    (``deck_doubt``), and a record is judged against that range (the
    autonomy bench's ``agrees``). A deck lower still (a discard no one
    entered) is a wrong count; once the payment is told, the range is closed."""
    from companion.bench.autonomy import agrees, differs

    s = red_and_blue()
    seen, _ = act(s, type="light_unseen", player="RED", floor=1)
    paid = {}
    for name, payment in (("bulb", {"type": "light_bulb"}),
                          ("two", {"type": "light", "cards": ["ROOM:1D", "ROOM:2C"]}),
                          ("three", {"type": "light", "cards": ["ROOM:1D", "ROOM:2C", "GHOST:5"]})):
        paid[name], _ = act(s, player="RED", floor=1, **payment)
        assert GAME.answers_differ(seen, paid[name]) == [] and agrees(GAME, seen, paid[name]), name
    assert {p["deck"] for p in paid.values()} == {seen["deck"], seen["deck"] - 1, seen["deck"] - 2}
    unentered = {**paid["three"], "deck": paid["three"]["deck"] - 1,
                 "discard": {**paid["three"]["discard"], "count": paid["three"]["discard"]["count"] + 1}}
    assert GAME.answers_differ(seen, unentered) == ["deck"] and differs(GAME, seen, unentered) == ["deck"]
    told, _ = GAME.apply_all(seen, GAME.tells_for(seen, paid["two"]))
    assert told == {**paid["two"], "clearing": []}          # the payment told, not lying in view
    assert GAME.answers_differ(told, paid["three"]) == ["deck"] and not agrees(GAME, told, paid["three"])


def test_a_ghost_left_standing_and_a_cat_moved_before_the_table_settled_are_asked_not_called_wrong():
    """RED's ghost stays on BLUE's lit floor, BLUE lets it stay and discards,
    RED moves a cat up with the Elevator, all before the table settles: the
    table shows a new ghost and a cat moved. A ghost that met a cat would have
    gone to the pile with it, so the two need two moves (``distance``); the
    session reads the change as after a gap and asks, where it used to order
    the ghost taken off and the cat put back."""
    s = GAME.setup(["RED", "BLUE"])
    s, _ = act(s, type="rooms", player="RED", rooms=rooms(("ROOM:1A", 1, "L"), ("ROOM:1B", 1, "R"),
                                                          ("ROOM:2A", 2, "L")))
    s, _ = act(s, type="light_bulb", player="BLUE", floor=1)
    s, _ = act(s, type="cat", player="RED", card="CAT:1", floor=1, side="L")
    s, _ = act(s, type="rooms", player="BLUE", rooms=rooms(("ROOM:1C", 1, "L")))
    truth, _ = act(s, type="ghost", player="RED", card="GHOST:6", target="BLUE")
    truth, _ = act(truth, type="pass", player="BLUE")
    truth, _ = act(truth, type="discard", player="BLUE", count=2)
    truth, _ = act(truth, type="elevator", player="RED", cat="CAT:1", floor=2, side="L")
    table = GAME.expected_table(truth)
    assert GAME.distance(s, table) == 2 and GAME.shows_a_gap(s, table)
    verdict = GAME.referee(s, snapshot_of(GAME.arrange(truth)))
    assert verdict.status == "waiting", [str(p.text) for p in verdict.prompts]
    assert str(verdict.prompts[0].text).startswith("The camera missed some moves")
