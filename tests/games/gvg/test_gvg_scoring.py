"""Team scores, every point explained, and the rulebook's 7-7 example with and
without a Reporter."""
from tests.games.gvg.gvg_support import FIVE, FOUR, GAME, act, crafted


def seven_all(players):
    """The rulebook's example: the Girls hold the 1 and 2 VP cards, the Ghouls the
    3, and each team controls 4 houses. Round 3 is played out through the engine:
    RED's +1 at House 2 (Ghouls) makes it the house with the most orange."""
    state = crafted(players, last="treat", cubes={2: 2}, closed={1: 1, 3: 2}, round_no=3,
                    positions=[2, 4, 6, 8, 5][:len(players)])
    state, _ = act(state, type="treat", player="RED", house=2, card="GVG:TREAT:01")
    assert state["phase"] == "identities"
    return state


def reveal_all(state, cards):
    for p, c in zip(state["players"], cards):
        state, _ = act(state, type="identity", player=p, card=c)
    return state


def test_seven_all_with_a_reporter_the_reporter_wins():
    state = reveal_all(seven_all(FIVE), ["GVG:ID:GIRL1", "GVG:ID:GHOUL1", "GVG:ID:REPORTER", "GVG:ID:GIRL2",
                                         "GVG:ID:GHOUL2"])
    board = GAME.score(state)
    assert board.final and (board.entries["GIRLS"].total, board.entries["GHOULS"].total) == (7, 7)
    assert board.winners == ["REPORTER"] and not board.tie
    assert "The Girls and the Ghouls tie at 7: the Reporter wins" in board.notes
    assert "Winners: GREEN" in board.notes


def test_seven_all_without_a_reporter_more_vp_cards_win():
    state = reveal_all(seven_all(FOUR), ["GVG:ID:GIRL1", "GVG:ID:GHOUL1", "GVG:ID:GIRL2", "GVG:ID:GHOUL2"])
    board = GAME.score(state)
    assert (board.entries["GIRLS"].total, board.entries["GHOULS"].total) == (7, 7)
    assert board.winners == ["GIRLS"] and not board.tie
    assert any("the Girls win with more VP cards (2 to 1)" in n for n in board.notes)
    assert "Winners: RED, GREEN" in board.notes


def test_every_point_is_explained():
    state = seven_all(FOUR)
    board = GAME.score(state)
    girls = [(l.what, l.points) for l in board.entries["GIRLS"].breakdown]
    assert girls == [("1 VP card (House 1, round 0)", 1), ("2 VP card (House 3, round 0)", 2),
                     ("House 1 controlled (closed)", 1), ("House 3 controlled (closed)", 1),
                     ("House 5 controlled", 1), ("House 7 controlled", 1)]
    ghouls = board.entries["GHOULS"]
    assert ("3 VP card (House 2, round 3)", 3) in [(l.what, l.points) for l in ghouls.breakdown]
    for entry in board.entries.values():
        assert entry.total == sum(l.points for l in entry.breakdown)


def test_scores_before_the_end_are_marked_provisional():
    state = seven_all(FOUR)
    board = GAME.score(state)
    assert not board.final
    assert board.notes[0].startswith("The game is not over")
    assert not any(n.startswith("Winners:") for n in board.notes)


def test_a_clear_win():
    state = crafted(FOUR, last="treat", cubes={2: 2}, closed={1: 1, 3: 2}, round_no=3, positions=[2, 4, 6, 8],
                    control={4: "GIRLS"})
    state, _ = act(state, type="treat", player="RED", house=2, card="GVG:TREAT:01")
    board = GAME.score(state)
    assert (board.entries["GIRLS"].total, board.entries["GHOULS"].total) == (8, 6)
    # identities still hidden: the game is not over, so the Girls only lead
    assert not board.final and board.winners == [] and board.leaders == ["GIRLS"]
    state = reveal_all(state, ["GVG:ID:GIRL1", "GVG:ID:GHOUL1", "GVG:ID:GIRL2", "GVG:ID:GHOUL2"])
    board = GAME.score(state)
    assert board.final and board.winners == ["GIRLS"]
