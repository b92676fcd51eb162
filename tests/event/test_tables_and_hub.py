"""Tables publish to a real Mosquitto and the hub shows them: views, names,
online and offline, results once per game, standings; a restarted hub rebuilds
it all from the broker's retained messages; an undone last move withdraws the
result it had sent."""
from __future__ import annotations

from companion.event import topics
from companion.event.broker_url import BrokerURL
from companion.event.hub import EventHub

from .conftest import EVENT, Listener, make_session, play_example, start_hub, wait


def test_a_table_publishes_its_view_and_the_hub_shows_it_with_names(tables, hub):
    s, pub = tables.table("t1")
    assert pub.wait_connected(10)
    play_example(s, "TCG", {"RED": "Ana"}, upto=3)
    seq = s.view()["seq"]
    def shown():
        t = hub.table_summary("t1")
        return t if t and t["view"] and t["view"]["seq"] >= seq and t["events"] else None
    t = wait(shown, what="the view and its events")
    assert t["online"] is True
    assert t["view"]["game"]["code"] == "TCG" and t["view"]["names"] == {"RED": "Ana"}
    assert t["view"]["state"] == s.view()["state"]              # the page's own public view
    assert t["events"] and all(set(e) == {"type", "text", "time"} for e in t["events"])


def test_a_finished_game_is_one_result_with_names_and_the_standings_count_it(tables, hub):
    s, pub = tables.table("t1")
    assert pub.wait_connected(10)
    play_example(s, "TCG", {"RED": "Ana", "BLUE": "Bo"})
    assert s.view()["over"]
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)
    (result,) = hub.results.values()
    assert result["game"] == {"code": "TCG", "title": "The Closest Ghost"}
    by_seat = {x["seat"]: x for x in result["seats"]}
    score = s.view()["score"]
    assert by_seat["RED"]["name"] == "Ana" and by_seat["RED"]["points"] == score["entries"]["RED"]["total"]
    winner = score["winners"][0]
    assert result["winners"] == [{"RED": "Ana", "BLUE": "Bo"}[winner]]
    rows = hub.standings()
    assert rows[0]["name"] == result["winners"][0] and rows[0]["rank"] == 1 and rows[0]["wins"] == 1
    assert {r["name"] for r in rows} == {"Ana", "Bo"}
    wait(lambda: pub.stats["results_acked"] == 1 and pub.pending_results() == 0, what="the acknowledgement")
    # a second game at another table, the same player by name: one row, two games
    s2, pub2 = tables.table("t2")
    play_example(s2, "TCG", {"RED": "ana", "BLUE": "Cy"})
    assert hub.wait_for(lambda h: len(h.results) == 2, 10)
    ana = next(r for r in hub.standings() if r["name"].casefold() == "ana")
    assert ana["games"] == 2 and ana["tables"] == ["t1", "t2"]
    csv = hub.standings_csv().splitlines()
    assert csv[0] == "game,rank,name,games,wins,points,tables" and len(csv) == 4


def test_a_result_sent_again_after_a_restart_is_the_same_game(tables, hub, setup, tmp_path):
    s, pub = tables.table("t1")
    play_example(s, "TCG")
    wait(lambda: pub.stats["results_acked"] == 1, what="the acknowledgement")
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)
    s.new_game("TCG", ["RED", "BLUE"])           # the finished game ends in the journal: the same result
    pub.close()
    s.close()
    again = make_session(tmp_path, "t1.sqlite")
    assert again.resume()
    s2, pub2 = tables.table("t1", again)
    # a new connection sends every result again (the broker may have lost it), the same game each time
    wait(lambda: pub2.stats["results_acked"] == 1 and pub2.pending_results() == 0, what="the resend")
    listener = Listener(setup, "viewer", f"tc/{EVENT}/tables/+/results/+")
    try:
        wait(lambda: listener.messages, what="the retained result")
        assert len({m[0] for m in listener.messages}) == 1
    finally:
        listener.close()
    assert hub.wait_for(lambda h: len(h.results) == 1, 10) and len(hub.standings()) == 2


def test_undoing_the_last_move_withdraws_the_result(tables, hub):
    s, pub = tables.table("t1")
    play_example(s, "TCG")
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)
    last = [e for e in s.journal.entries(s.game_id) if e.actions][-1].actions
    s.undo()                                     # the referee takes the winning move back
    assert not s.view()["over"]
    assert hub.wait_for(lambda h: not h.results, 10)
    wait(lambda: pub.stats["withdrawn"] == 1 and pub.pending_results() == 0, what="the withdrawal")
    s.apply(last)                                # and plays it again
    assert s.view()["over"]
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)      # the same game: one result again


def test_a_table_closing_says_offline_and_one_vanishing_is_offline_by_its_last_will(tables, hub, setup):
    s1, p1 = tables.table("t1")
    s2, p2 = tables.table("t2")
    assert hub.wait_for(lambda h: {"t1", "t2"} <= set(h.tables) and
                        all(h.table_summary(n)["online"] for n in ("t1", "t2")), 10)
    p1.close()                                   # a clean stop says so
    assert hub.wait_for(lambda h: not h.table_summary("t1")["online"], 10)
    p2.client._sock.close()                      # a pulled cable: the broker sends the Last Will
    p2.client.loop_stop()
    assert hub.wait_for(lambda h: not h.table_summary("t2")["online"], 40)


def test_a_restarted_hub_rebuilds_everything_from_retained_messages(tables, hub, setup):
    s, pub = tables.table("t1")
    play_example(s, "TCG", {"RED": "Ana"})
    s3, pub3 = tables.table("t3")
    play_example(s3, "CCR", upto=5)
    def caught_up(h):
        return len(h.results) == 1 and all(n in h.tables and h.tables[n]["view"] and h.tables[n]["view"]["seq"] ==
                                           sess.view()["seq"] for n, sess in (("t1", s), ("t3", s3)))
    assert hub.wait_for(caught_up, 10)
    before = hub.snapshot()
    hub.close()
    fresh = start_hub(setup)
    try:
        assert fresh.wait_for(caught_up, 10)
        after = fresh.snapshot()
        assert after["standings"] == before["standings"]
        assert [t["online"] for t in after["tables"]] == [True, True]
        assert after["tables"][1]["view"]["seq"] == s3.view()["seq"]
    finally:
        fresh.close()


def test_the_hub_ignores_what_is_not_an_event_message(setup):
    hub = EventHub(BrokerURL.parse(setup.url("hub")), event=EVENT)        # fed by hand, not connected
    t = f"tc/{EVENT}/tables/t1/"
    good = topics.dumps(topics.status_payload(EVENT, "t1", True))
    assert hub.receive(t + "status", good)
    for topic_name, payload in [(t + "status", b"{not json"), (t + "status", b"[1]"),
                                (t + "view", topics.dumps({"schema": "tc.view/2", "event": EVENT, "table": "t1"})),
                                (t + "status", topics.dumps(topics.status_payload(EVENT, "t2", True))),
                                (t + "results/g1-1", topics.dumps({"schema": "tc.result/1", "event": EVENT,
                                                                  "table": "t1", "id": "g9-9", "seats": []})),
                                (f"tc/{EVENT}/tables/bad name/status", good), ("elsewhere/x", good)]:
        assert not hub.receive(topic_name, payload), topic_name
    assert hub.rejected == 7 and list(hub.tables) == ["t1"] and not hub.results


def test_a_german_table_tells_the_event_its_moves_in_german(setup, hub, tmp_path):
    """A table set to German ([web] language) publishes its own sentences (what
    just happened, what to do) in German: the event page shows them as its
    players read them, not in English."""
    from companion.config import load_config
    from companion.event.publisher import TablePublisher
    from companion.live.session import Session
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(tmp_path / "de.sqlite"),
                                 "COMPANION_PINS_FACTORY": "mock", "COMPANION_WEB_LANGUAGE": "de"})
    s = Session(cfg, indicators=False)
    pub = TablePublisher(s, BrokerURL.parse(setup.url("t3")), event=EVENT, table="t3", view_interval_s=0.05)
    pub.start()
    try:
        assert pub.wait_connected(10) and pub.language == "de"
        play_example(s, "TCG", {"RED": "Ana"}, upto=3)
        t = wait(lambda: (lambda x: x if x and x["events"] else None)(hub.table_summary("t3")),
                 what="the view and its events")
        texts = " ".join(e["text"] for e in t["events"]) + " ".join(p["text"] for p in t["view"]["prompts"])
        english = " ".join(e["text"] for e in s.view()["events"])
        assert texts and texts != english
        assert any(w in texts for w in ("Brett", "Avatar", "Geist", "zieht")), texts
    finally:
        pub.close()
        s.close()


#: results a table may publish that would stop the standings or the page (before, any one of them made
#: every call of the standings fail, for every table, and the broker kept it for the next hub too)
MALFORMED_SEATS = [[1], [{"seat": "RED", "name": "Cy", "named": True, "won": False, "points": "lots"}],
                   [{"seat": "RED", "named": True, "won": True, "points": 3}],
                   [{"seat": "RED", "name": "Cy", "named": True, "won": True, "points": [1]}]]


def test_one_tables_malformed_result_is_refused_alone_and_the_standings_go_on(tables, hub, setup):
    s, pub = tables.table("t1")
    play_example(s, "TCG", {"RED": "Ana", "BLUE": "Bo"})
    assert hub.wait_for(lambda h: len(h.results) == 1, 10)
    (good,) = hub.results.values()
    standings = hub.standings()
    bad = [{**good, "table": "t2", "id": f"g{n}-1", "seats": seats} for n, seats in enumerate(MALFORMED_SEATS, 1)]
    bad += [{**good, "table": "t2", "id": "g8-1", "game": "TCG"}, {**good, "table": "t2", "id": "g9-1", "ended": "now"}]
    t2 = BrokerURL.parse(setup.url("t2")).client("t2-broken")           # table t2's own login, as a buggy table
    t2.connect("127.0.0.1", setup.port)
    t2.loop_start()
    try:
        for payload in bad:
            topic_name = topics.topic(EVENT, "t2", "results", payload["id"])
            t2.publish(topic_name, topics.dumps(payload), qos=1, retain=True).wait_for_publish(5)
        assert hub.wait_for(lambda h: h.rejected >= len(bad), 10), hub.rejected
        assert list(hub.results.values()) == [good] and hub.standings() == standings
        assert hub.snapshot()["standings"] == standings and hub.standings_csv().count("\r\n") == 3
        fresh = start_hub(setup)              # the broker keeps them (retained): a restarted hub refuses them too
        try:
            assert fresh.wait_for(lambda h: len(h.results) == 1 and h.rejected >= len(bad), 10), fresh.rejected
            assert fresh.standings() == standings
        finally:
            fresh.close()
    finally:
        t2.loop_stop()
        t2.disconnect()
