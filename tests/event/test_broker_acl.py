"""The broker's logins and ACL, as `companion broker` writes them, on a real
Mosquitto: a table writes only its own topics; the hub and the spectators only
read; nobody logs in without a password; a table reads nothing, so nothing can
reach the referee over MQTT."""
from __future__ import annotations

import time

from companion.event import topics
from companion.event.broker_url import BrokerURL

from .conftest import EVENT, Listener, wait


def connected_client(setup, user: str | None, password: str | None = None):
    url = BrokerURL.parse(f"mqtt://127.0.0.1:{setup.port}")
    if user:
        url = url.with_login(user, password if password is not None else setup.passwords[user])
    client = url.client(f"acl-{user}-{time.monotonic_ns()}")
    result: dict = {}
    client.on_connect = lambda c, u, f, rc, p: result.setdefault("rc", rc)
    client.connect("127.0.0.1", setup.port)
    client.loop_start()
    wait(lambda: "rc" in result, 10, "the broker's answer")
    return client, result["rc"]


def publish(client, topic_name: str, payload: bytes) -> None:
    client.publish(topic_name, payload, qos=1).wait_for_publish(5)


def test_each_login_writes_only_where_it_may(setup, broker, hub):
    status = {t: topics.dumps(topics.status_payload(EVENT, t, True)) for t in ("t1", "t2")}
    clients = {}
    try:
        for user in ("t1", "hub", "viewer"):
            clients[user], rc = connected_client(setup, user)
            assert not rc.is_failure, user
        # t1 forges t2's status; the hub and a viewer try to write a table's topic
        publish(clients["t1"], topics.topic(EVENT, "t2", "status"), status["t2"])
        publish(clients["hub"], topics.topic(EVENT, "t2", "status"), status["t2"])
        publish(clients["viewer"], topics.topic(EVENT, "t1", "results", "g1-1"), b"{}")
        # then t1 writes its own status: once the hub has it, the writes before were refused
        publish(clients["t1"], topics.topic(EVENT, "t1", "status"), status["t1"])
        assert hub.wait_for(lambda h: "t1" in h.tables, 10)
        time.sleep(0.3)
        assert set(hub.tables) == {"t1"} and not hub.results and hub.rejected == 0
    finally:
        for c in clients.values():
            c.disconnect()
            c.loop_stop()


def test_no_login_and_a_wrong_password_are_refused(setup, broker):
    for user, password in ((None, None), ("t1", "guess"), ("nobody", "x")):
        client, rc = connected_client(setup, user, password)
        client.loop_stop()
        assert rc.is_failure and ("authori" in str(rc).lower() or "password" in str(rc).lower()), (user, rc)


def test_a_table_reads_nothing_so_nothing_reaches_its_referee(setup, broker, hub, tables):
    spy = Listener(setup, "t1", f"tc/{EVENT}/#")     # t1's own login, subscribed to the whole event
    try:
        s2, p2 = tables.table("t2")
        assert hub.wait_for(lambda h: "t2" in h.tables and h.tables["t2"]["view"], 10)
        time.sleep(0.3)
        assert spy.messages == []
    finally:
        spy.close()
