"""The broker killed mid-game and started again: the tables keep refereeing
(nothing waits on the broker), the event page shows them offline meanwhile,
and afterwards every result arrives, once per game, from the journals' outbox.
A table refused by the broker (a wrong password) says why and keeps refereeing."""
from __future__ import annotations

from companion.event.broker import Mosquitto
from companion.event.broker_url import BrokerURL
from companion.event.publisher import TablePublisher

from .conftest import EVENT, Listener, make_session, play_example, wait


def test_the_broker_killed_mid_game_loses_no_result_and_sends_none_twice(setup, broker, hub, tables):
    s1, p1 = tables.table("t1")
    s2, p2 = tables.table("t2")
    play_example(s1, "TCG", {"RED": "Ana", "BLUE": "Bo"})          # one result before the crash
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)
    play_example(s2, "TCG", upto=10)                               # t2 is mid-game
    broker.stop(kill=True)                                         # the broker's Pi loses power
    assert hub.wait_for(lambda h: not h.connected, 10)
    assert not any(t["online"] for t in hub.snapshot()["tables"])  # the page: nothing is known to be online

    # the tables referee on: t2 finishes its game, t1 plays a whole new one
    s2_moves = play_example(s2, "TCG")
    s1.new_game("TCG", ["RED", "BLUE"], names={"RED": "Cy"})
    play_example(s1, "TCG", {"RED": "Cy", "BLUE": "Di"})
    assert s1.view()["over"] and s2.view()["over"] and s2_moves > 10
    assert p1.pending_results() == 1 and p2.pending_results() == 1   # waiting in the journals

    broker = Mosquitto(setup).start()                              # the same broker, its retained data on disk
    try:
        assert hub.wait_for(lambda h: h.connected and len(h.results) == 3, 60)
        wait(lambda: p1.pending_results() == 0 and p2.pending_results() == 0, 30, "the outbox to empty")
        assert hub.wait_for(lambda h: all(t["online"] for t in h.snapshot()["tables"]), 30)
        listener = Listener(setup, "viewer", f"tc/{EVENT}/tables/+/results/+")
        try:
            wait(lambda: len(listener.messages) >= 3, what="the retained results")
            assert len({m[0] for m in listener.messages}) == 3      # three games, three results
        finally:
            listener.close()
        names = sorted(name for r in hub.results.values() for name in (x["name"] for x in r["seats"]))
        assert names == ["Ana", "BLUE", "Bo", "Cy", "Di", "RED"]
    finally:
        broker.stop()                          # the restarted broker (the fixture's own has gone)


def test_a_table_the_broker_refuses_says_why_and_referees_on(setup, broker, tmp_path):
    s = make_session(tmp_path)
    bad = BrokerURL.parse(setup.url("t1")).with_login("t1", "not-the-password")
    pub = TablePublisher(s, bad, event=EVENT, table="t1", view_interval_s=0.05)
    pub.start()
    try:
        wait(lambda: pub.last_error, 10, "the refusal")
        assert pub.last_error.startswith("the broker refused the table") and "authori" in pub.last_error.lower()
        play_example(s, "TCG")
        assert s.view()["over"] and pub.pending_results() == 1 and not pub.connected
    finally:
        pub.close()
        s.close()
