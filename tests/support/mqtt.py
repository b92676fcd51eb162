"""Helpers for tests on a real Mosquitto: a raw subscriber and a polling wait."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.event.broker import BrokerSetup
from companion.event.broker_url import BrokerURL


def wait(condition: Callable[[], Any], timeout: float = 10.0, what: str = "") -> Any:
    """Poll ``condition`` until it is true (returned) or ``timeout`` seconds pass (AssertionError)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what or condition}")


class Listener:
    """A raw MQTT subscriber (paho) logged in as ``user``: every message it gets,
    as (topic, payload, retained)."""

    def __init__(self, setup: BrokerSetup, user: str, topic: str):
        self.messages: list[tuple[str, bytes, bool]] = []
        self.client = BrokerURL.parse(setup.url(user)).client(f"listener-{user}-{time.monotonic_ns()}")
        self.client.on_message = lambda c, u, m: self.messages.append((m.topic, m.payload, m.retain))
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(topic, qos=1)
        self.client.connect("127.0.0.1", setup.port)
        self.client.loop_start()

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
