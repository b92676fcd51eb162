"""Fixtures for event mode: a real Mosquitto broker (the event's configuration,
logins and ACL, as `companion broker` writes them) on free ports, real sessions
publishing to it and the real hub reading it back."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import load_config
from companion.event.broker import BrokerSetup, Mosquitto, write_broker
from companion.event.broker_url import BrokerURL
from companion.event.hub import EventHub
from companion.event.publisher import TablePublisher
from companion.live.session import Session
from companion.service.network import free_ports
from tests.support.mqtt import Listener, wait  # noqa: F401  (the event tests import them from here)

EVENT = "night"
TABLES = ["t1", "t2", "t3"]


@pytest.fixture
def setup(tmp_path) -> BrokerSetup:
    return write_broker(tmp_path / "broker", event=EVENT, tables=TABLES, port=free_ports()[0], bind="127.0.0.1")


@pytest.fixture
def broker(setup) -> Iterator[Mosquitto]:
    with Mosquitto(setup) as running:
        yield running


def make_session(folder: Path, name: str = "journal.sqlite") -> Session:
    cfg = load_config(None, env={"COMPANION_JOURNAL_PATH": str(folder / name), "COMPANION_PINS_FACTORY": "mock"})
    return Session(cfg, indicators=False)


class Tables:
    """Sessions with publishers, closed at the end of the test."""

    def __init__(self, setup: BrokerSetup, folder: Path):
        self.setup, self.folder = setup, folder
        self.open: list[tuple[Session, TablePublisher]] = []

    def table(self, name: str, session: Session | None = None, interval: float = 0.05
              ) -> tuple[Session, TablePublisher]:
        s = session or make_session(self.folder, f"{name}.sqlite")
        pub = TablePublisher(s, BrokerURL.parse(self.setup.url(name)), event=EVENT, table=name,
                             view_interval_s=interval)
        pub.start()
        self.open.append((s, pub))
        return s, pub

    def close(self) -> None:
        for s, pub in self.open:
            pub.close()
            s.close()


@pytest.fixture
def tables(setup, tmp_path) -> Iterator[Tables]:
    t = Tables(setup, tmp_path)
    yield t
    t.close()


def start_hub(setup: BrokerSetup) -> EventHub:
    hub = EventHub(BrokerURL.parse(setup.url("hub")), event=EVENT)
    hub.start()
    return hub


@pytest.fixture
def hub(setup, broker) -> Iterator[EventHub]:
    h = start_hub(setup)
    assert h.wait_for(lambda h: h.connected, 10)
    yield h
    h.close()


def play_example(session: Session, code: str, names: dict[str, str] | None = None, upto: int | None = None) -> int:
    """Start game ``code`` and apply its example's moves (refused ones skipped),
    as the referee's console would; returns the number applied."""
    from companion.examples import PLAYERS, example_script
    from models.engine import IllegalAction
    from models.registry import get_game
    game = get_game(code)
    session.new_game(code, list(PLAYERS[game.code]), {}, names)
    done = 0
    for data in example_script(code):
        if upto is not None and done >= upto:
            break
        try:
            session.apply(data)
        except IllegalAction:
            continue
        done += 1
    return done
