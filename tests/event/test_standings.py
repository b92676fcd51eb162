"""The standings' rules, as the event page states them, and the pieces the
tables and the hub agree on (names, topics, broker URLs)."""
from __future__ import annotations

import pytest

from companion.event import topics
from companion.event.broker_url import BrokerURL
from companion.event.standings import standings, standings_csv
from companion.examples import example_states


def result(table, seats, code="TCG"):
    return {"table": table, "game": {"code": code, "title": code},
            "seats": [{"seat": s, "name": n or s, "named": bool(n), "points": p, "won": w} for s, n, p, w in seats]}


def test_wins_then_points_then_fewer_games_and_equals_share_a_rank():
    rows = standings([
        result("t1", [("RED", "Ana", 10, True), ("BLUE", "Bo", 12, False)]),
        result("t2", [("RED", "bo ", 3, True), ("BLUE", "Cy", 3, False)]),      # "bo " is Bo
        result("t3", [("RED", "Di", 15, True), ("BLUE", None, 15, False)]),     # an unnamed seat
        result("t1", [("RED", "Ed", 5, True), ("BLUE", "Fay", 5, True)]),        # a tie: both won
    ])
    table = [(r["rank"], r["name"], r["games"], r["wins"], r["points"]) for r in rows]
    assert table == [(1, "Di", 1, 1, 15), (2, "Bo", 2, 1, 15), (3, "Ana", 1, 1, 10),          # Di: fewer games
                     (4, "Ed", 1, 1, 5), (4, "Fay", 1, 1, 5), (6, "BLUE at t3", 1, 0, 15), (7, "Cy", 1, 0, 3)]


def test_points_of_different_games_are_never_added():
    """Candy Crave's ~170 points and The Closest Ghost's 5-8 rank apart: each
    game has its own standings, and a player who played both is in each."""
    rows = standings([
        result("t1", [("RED", "Ana", 6, True), ("BLUE", "Bo", 5, False)], code="The Closest Ghost"),
        result("t2", [("RED", "Bo", 171, True), ("BLUE", "Cy", 160, False)], code="Candy Crave"),
        result("t3", [("RED", "Ana", 150, False), ("BLUE", "Cy", 170, True)], code="Candy Crave"),
    ])
    table = [(r["game"], r["rank"], r["name"], r["wins"], r["points"]) for r in rows]
    assert table == [("Candy Crave", 1, "Cy", 1, 330), ("Candy Crave", 2, "Bo", 1, 171),
                     ("Candy Crave", 3, "Ana", 0, 150),
                     ("The Closest Ghost", 1, "Ana", 1, 6), ("The Closest Ghost", 2, "Bo", 0, 5)]


def test_a_team_game_counts_each_player_by_their_team():
    game, players, states = example_states("GVG")
    score = game.score(states[-1]).to_json()
    payload = topics.result_payload("night", "t1", game_id=1, code="GVG", title=game.title, players=players,
                                    names={"BLUE": "Reporter Rae"}, score=score, started=1.0, ended=2.0)
    seats = {s["seat"]: s for s in payload["seats"]}
    assert seats["BLUE"] == {"seat": "BLUE", "name": "Reporter Rae", "named": True, "points": None, "won": True,
                             "team": "REPORTER"}                 # the example's tie: the Reporter wins
    assert seats["RED"]["team"] == "GIRLS" and seats["RED"]["points"] == score["entries"]["GIRLS"]["total"]
    assert payload["winners"] == ["Reporter Rae"]
    rows = standings([payload])
    assert rows[0]["name"] == "Reporter Rae" and rows[0]["points"] == 0


def test_the_csv_never_lets_a_spreadsheet_run_a_name():
    text = standings_csv(standings([result("t1", [("RED", "=1+2", 1, True), ("BLUE", "@SUM(A1)", 0, False)])]))
    assert text.splitlines() == ["game,rank,name,games,wins,points,tables",
                                 "TCG,1,'=1+2,1,1,1,t1", "TCG,2,'@SUM(A1),1,0,0,t1"]


@pytest.mark.parametrize("bad", ["", "has space", "a/b", "+", "#", "x" * 33, "-lead"])
def test_event_and_table_names_are_one_safe_topic_level(bad):
    with pytest.raises(ValueError, match="letters, digits"):
        topics.check_name(bad)


def test_topics_round_trip_and_foreign_topics_are_not_ours():
    t = topics.topic("night", "t-7", "results", "g3-17")
    assert t == "tc/night/tables/t-7/results/g3-17"
    assert topics.parse(t, "night") == ("t-7", ["results", "g3-17"])
    assert topics.parse(t, "other") is None and topics.parse("tc/night/tables/t1", "night") is None


def test_broker_urls():
    b = BrokerURL.parse("mqtts://t1:p%40ss@hub.local", ca_file="/etc/ca.pem")
    assert (b.host, b.port, b.tls, b.username, b.password, b.ca_file) == ("hub.local", 8883, True, "t1", "p@ss",
                                                                          "/etc/ca.pem")
    assert str(b) == "mqtts://t1@hub.local:8883"                 # the password never printed
    assert BrokerURL.parse("10.0.0.2", username="t2").port == 1883
    for bad in ("http://x", "mqtt://", "mqtt://h:99999", "mqtt://h/path"):
        with pytest.raises(ValueError):
            BrokerURL.parse(bad)
