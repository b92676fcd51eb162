"""The event's topic tree and the payload of each topic, version 1.

Every topic lives under ``tc/<event>/tables/<table>/`` and only that table
writes there (the broker's ACL, :mod:`.broker`, enforces it)::

    tc/<event>/tables/<table>/status          retained, QoS 1: online or offline (the Last Will)
    tc/<event>/tables/<table>/view            retained, QoS 0: the public view, at most one a second
    tc/<event>/tables/<table>/events          QoS 0: what just happened, in words
    tc/<event>/tables/<table>/results/<game>  retained, QoS 1: a finished game's result

Every payload is a JSON object whose ``schema`` names it and its version
(``tc.status/1``, ``tc.view/1``, ``tc.events/1``, ``tc.result/1``); a reader
ignores a payload of a version it does not know. A result is withdrawn (the
referee undid the game's last move) by an empty retained payload on its topic,
which is how MQTT clears a retained message. docs/event.md describes each
field. Nothing here is secret: a view is the page's public view, a result holds
only public scores.

    >>> topic("night", "t1", "results", "g3-1764000000")
    'tc/night/tables/t1/results/g3-1764000000'
"""
from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from models.engine import seat_results

from ..config import EVENT_NAME_RE

#: the root of every topic
ROOT = "tc"
SCHEMA_VERSION = 1
#: what an event or table name may be: it is one level of a topic and part of a URL
NAME_RE = EVENT_NAME_RE
NAME_RULE = "1-32 letters, digits, '-' or '_', starting with a letter or digit"


def check_name(text: str) -> str:
    """``text`` if it may name an event or a table (:data:`NAME_RULE`), else ValueError."""
    if not isinstance(text, str) or not NAME_RE.fullmatch(text):
        raise ValueError(f"an event or table name is {NAME_RULE}, not {text!r}")
    return text


def prefix(event: str, table: str | None = None) -> str:
    """``tc/<event>/tables/`` or, with a table, ``tc/<event>/tables/<table>/``."""
    return f"{ROOT}/{event}/tables/" + (f"{table}/" if table else "")


def topic(event: str, table: str, *parts: str) -> str:
    """A table's topic: ``topic("night", "t1", "view")`` is ``tc/night/tables/t1/view``."""
    return prefix(event, table) + "/".join(parts)


def parse(topic_name: str, event: str) -> tuple[str, list[str]] | None:
    """(table, the rest) of a topic under ``event``, or None if it is not one."""
    start = prefix(event)
    if not topic_name.startswith(start):
        return None
    table, _, rest = topic_name[len(start):].partition("/")
    if not NAME_RE.fullmatch(table) or not rest:
        return None
    return table, rest.split("/")


def dumps(payload: Mapping[str, Any]) -> bytes:
    return json.dumps(payload, separators=(",", ":"), default=str).encode()


def status_payload(event: str, table: str, online: bool, view: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``tc.status/1``: whether the table is online, and since when (the Last
    Will, set at connect, is the same with ``online`` false)."""
    game = view.get("game") if view else None
    return {"schema": f"tc.status/{SCHEMA_VERSION}", "event": event, "table": table, "online": online,
            "time": round(time.time(), 3), "game": game}


def view_payload(event: str, table: str, view: Mapping[str, Any]) -> dict[str, Any]:
    """``tc.view/1``: the table's public view, as its own page gets it."""
    return {"schema": f"tc.view/{SCHEMA_VERSION}", "event": event, "table": table, "view": dict(view)}


def events_payload(event: str, table: str, game_id: int | None, events: Sequence[Mapping[str, Any]]
                   ) -> dict[str, Any]:
    """``tc.events/1``: the public events that just happened at a table, oldest first."""
    return {"schema": f"tc.events/{SCHEMA_VERSION}", "event": event, "table": table, "game_id": game_id,
            "events": [{"type": e.get("type"), "text": e.get("text"), "time": e.get("time")} for e in events]}


def result_id(game_id: int, started: float) -> str:
    """A game's id in the event: ``g<journal id>-<start time>``, one per game
    even when a table's journal is replaced and its numbering starts again."""
    return f"g{game_id}-{int(started)}"


def result_payload(event: str, table: str, *, game_id: int, code: str, title: str, players: Sequence[str],
                   names: Mapping[str, str], score: Mapping[str, Any], started: float,
                   ended: float) -> dict[str, Any]:
    """``tc.result/1``: a finished game's result, per seat (name, points, won)
    and as the game's own scoreboard."""
    per_seat = seat_results(dict(score), players)
    return {
        "schema": f"tc.result/{SCHEMA_VERSION}", "event": event, "table": table,
        "id": result_id(game_id, started), "game_id": game_id,
        "game": {"code": code, "title": title},
        "started": round(started, 3), "ended": round(ended, 3),
        "seats": [{"seat": p, "name": names.get(p) or p, "named": p in names, **per_seat[p]} for p in players],
        "winners": [names.get(p) or p for p in players if per_seat[p]["won"]],
        "tie": bool(score.get("tie")),
        "score": dict(score),
    }


def digest(payload: Mapping[str, Any]) -> str:
    """What identifies a result's content (its times left out: the same game
    sent again after a restart is the same result)."""
    body = {k: v for k, v in payload.items() if k not in ("ended",)}
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:32]
