"""A tall ghost pile: the kid next to the CHEERLEADER cannot be scared, so every
player may haunt it every round (24 ghosts with 3 players, 32 with 4, 36 with 6).
No column of the row holds that many spread ghosts above the stashes: the table
plan squares the oldest under the first place and keeps the newest ``SHOWN``
spread, and the companion reads such a pile back as the state it is, from a
perfect camera and from the simulated camera's frames through the real pipeline.
"""
from __future__ import annotations

import pytest

from models.engine import IllegalAction
from models.ghosts_love_candy.layout import SHOWN, SMALL_SIZE
from models.table import Placement, seen_from_above
from tests.games.glc.glc_support import GAME, THREE
from tests.games.glc.test_glc_table import camera_for, sightings
from tests.support.table import snapshot_of

SIX = THREE + ["YELLOW", "PURPLE", "ORANGE"]
CHEERLEADER, PROTECTED = 23, 18          # the ASTRONAUT (courage 14) in slot 2, next to her in slot 1
KIDS = [CHEERLEADER, PROTECTED, 5, 7, 11, 13, 16, 1]


def table_for(players: list[str]) -> tuple[float, float]:
    return (900.0, 850.0) if len(players) > 4 else (900.0, 600.0)


def piling_game(players: list[str]) -> list[dict]:
    """Every state of a whole game played from ``legal_actions`` alone, in which every
    haunt goes to the kid in slot 2, next to the CHEERLEADER in slot 1."""
    state = GAME.setup(players, {})
    states = []

    def rank(a) -> int:
        if a.type == "reveal_kid" and state["phase"] == "setup":
            return 0 if a.kid == KIDS[a.slot - 1] else 9
        if a.type == "haunt":
            return 0 if a.slot == 2 and a.take_from is None else 9
        return 5 if a.type in ("choose", "deal_love") else 1

    while not GAME.is_over(state) and (legal := GAME.legal_actions(state)):
        state, _ = GAME.apply(state, GAME.as_told(min(legal, key=rank)))
        states.append(state)
    return states


def tallest(states: list[dict]) -> dict:
    return max(states, key=lambda s: len(s["slots"][1]["ghosts"]))


@pytest.mark.parametrize(("players", "most"), [(THREE, 24), (SIX, 36)], ids=["3-players", "6-players"])
def test_every_ghost_under_the_cheerleaders_neighbour_is_laid_out_and_read_back(players, most):
    table = table_for(players)
    states = piling_game(players)
    assert GAME.is_over(states[-1])
    assert len(tallest(states)["slots"][1]["ghosts"]) == most      # every haunt of the game, one pile
    for s in states:
        reading = GAME.read(s, seen_from_above(GAME.arrange(s, table), table))
        assert GAME.same_table(GAME.expected_table(s), reading), len(s["slots"][1]["ghosts"])
        pile = s["slots"][1]["ghosts"]
        assert reading["slots"][1]["ghosts"] == (pile[-SHOWN:] if len(pile) > SHOWN else pile)
        assert reading["problems"] == []


@pytest.mark.parametrize("players", [THREE, SIX], ids=["3-players", "6-players"])
def test_a_tall_pile_stays_clear_of_every_other_card(players):
    """The pile's spread part ends above the stashes: no other card lies on a ghost's tag."""
    s = tallest(piling_game(players))
    placements = GAME.arrange(s, table_for(players))
    pile = {GAME.cards.payload_of("ghost", g) for g in s["slots"][1]["ghosts"]}
    half = SMALL_SIZE[0] / 2
    for g in (p for p in placements if p.payload in pile):
        for other in placements:
            if other.payload not in pile and other.payload.startswith("GLC:"):
                w, h = other.size_mm or SMALL_SIZE
                assert abs(other.x_mm - g.x_mm) >= half + w / 2 or abs(other.y_mm - g.y_mm) >= half + h / 2, \
                    (g.payload, other.payload)


def test_a_pile_may_hide_only_its_oldest_ghosts():
    s = tallest(piling_game(THREE))
    expected = GAME.expected_table(s)
    pile = expected["slots"][1]["ghosts"]
    arranged = GAME.arrange(s)

    def seen_without(*gone: str) -> dict:
        return GAME.read(s, sightings([p for p in arranged if p.payload not in
                                       {GAME.cards.payload_of("ghost", g) for g in gone}]))

    every_one = GAME.read(s, sightings(arranged))          # a perfect camera sees under the stack too
    assert every_one == expected
    assert GAME.same_table(expected, seen_without(*pile[:-SHOWN]))
    assert GAME.referee(s, seen_from_above(arranged)).status == "in_sync"
    # the newest SHOWN must show, in play order
    assert not GAME.same_table(expected, seen_without(*pile[:-SHOWN + 1]))
    assert not GAME.same_table(expected, seen_without(pile[-1]))
    a, b = (GAME.cards.payload_of("ghost", g) for g in pile[-2:])
    where = {p.payload: (p.x_mm, p.y_mm) for p in arranged}
    swapped = [Placement(p.payload, *where[{a: b, b: a}[p.payload]]) if p.payload in (a, b) else p for p in arranged]
    assert not GAME.same_table(expected, GAME.read(s, seen_from_above(swapped)))


def test_a_haunt_onto_a_squared_pile_is_applied_and_a_hidden_newest_ghost_is_asked_for():
    states = piling_game(THREE)
    i = next(i for i, s in enumerate(states) if len(s["slots"][1]["ghosts"]) == 20)
    before, after = states[i - 1], states[i]
    assert len(before["slots"][1]["ghosts"]) == 19
    verdict = GAME.referee(before, seen_from_above(GAME.arrange(after)))
    assert verdict.status == "applied" and GAME.expected_table(verdict.state) == GAME.expected_table(after)
    newest = after["slots"][1]["ghosts"][-SHOWN]
    hidden = [p for p in GAME.arrange(after) if p.payload != GAME.cards.payload_of("ghost", newest)]
    verdict = GAME.referee(after, seen_from_above(hidden))
    assert verdict.status == "out_of_sync"
    said = " ".join(p.text for p in verdict.prompts)
    assert f"ghost {newest}" in said and "not seen" in said
    assert not any(f"ghost {g} " in said for g in after["slots"][1]["ghosts"][:-SHOWN])


@pytest.mark.parametrize("players", [THREE, SIX], ids=["3-players", "6-players"])
def test_a_pile_laid_on_past_its_band_before_it_is_squared_is_read(players):
    """Players who have not squared yet lay each next ghost a place further down: the
    pile is followed ghost by ghost, and the ghosts in front of the seats stay theirs."""
    table = table_for(players)
    s = tallest(piling_game(players))
    n = 14
    ghosts = s["slots"][1]["ghosts"]
    s["slots"][1]["ghosts"], spare = ghosts[:n], ghosts[n:]
    for g in spare:                      # back into their owners' hands: a state 14 ghosts tall
        owner = next(p for p, c in s["colours"].items() if g.startswith(c))
        s["hands"][owner].append(g)
    arranged = GAME.arrange(s, table)
    at = {p.payload: p for p in arranged}
    first = at[GAME.cards.payload_of("ghost", ghosts[0])]
    laid_on = [Placement(GAME.cards.payload_of("ghost", g), first.x_mm + 36.0 * (j % 2), first.y_mm + 18.0 * j)
               for j, g in enumerate(ghosts[:n])]
    others = [p for p in arranged if p.payload not in {q.payload for q in laid_on}]
    reading = GAME.read(s, sightings(others + laid_on, table))
    assert reading == GAME.expected_table(s)
    # a ghost far below the pile's end, by a seat marker, is that seat's and not the pile's
    seat = at["TC:SEAT:RED"]
    stray = Placement(GAME.cards.payload_of("ghost", spare[0]), first.x_mm, seat.y_mm - 40.0)
    far = GAME.read(s, sightings(others + laid_on + [stray], table))
    assert far["slots"][1]["ghosts"] == ghosts[:n] and spare[0] not in far["slots"][1]["ghosts"]


@pytest.mark.parametrize("players", [THREE, SIX], ids=["3-players", "6-players"])
def test_a_tall_pile_on_the_simulated_table_through_the_real_pipeline(players):
    table = table_for(players)
    s = tallest(piling_game(players))
    snapshot = snapshot_of(GAME.arrange(s, table), table_mm=table, camera=camera_for(table))
    reading = GAME.read(s, snapshot)
    assert reading["problems"] == []
    assert GAME.same_table(GAME.expected_table(s), reading)
    assert reading["slots"][1]["ghosts"] == s["slots"][1]["ghosts"][-SHOWN:]


def test_a_take_over_asks_for_a_squared_pile_to_be_spread():
    """Squared ghosts do not show, so a table taken over must have its tall pile spread."""
    s = next(s for s in piling_game(THREE) if len(s["slots"][1]["ghosts"]) == 15 and s["phase"] == "choose")
    squared = GAME.read(s, seen_from_above(GAME.arrange(s)))
    assert len(squared["slots"][1]["ghosts"]) == SHOWN
    with pytest.raises(IllegalAction) as err:
        GAME.from_table(THREE, {}, squared, {q.key: q.choices[0][0] for q in
                                             GAME.takeover_questions(THREE, {}, squared) if q.choices})
    assert "spread the discard piles and any squared ghost pile" in err.value.reason
    spread = GAME.read(s, sightings(GAME.arrange(s)))     # every tag showing
    taken = GAME.from_table(THREE, {}, spread, {q.key: q.choices[0][0] for q in
                                                GAME.takeover_questions(THREE, {}, spread) if q.choices})
    assert GAME.expected_table(taken) == GAME.expected_table(s)
