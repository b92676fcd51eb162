"""Every payload a table publishes matches its documented, versioned JSON
Schema (docs/schemas/tc.*.1.json): the messages a real broker delivers while a
game is played to its end, a result withdrawn, and the table's Last Will."""
from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from .conftest import EVENT, Listener, play_example, wait

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"


def validators() -> dict[str, Draft202012Validator]:
    docs = {p.name: json.loads(p.read_text()) for p in SCHEMAS.glob("tc.*.json")}
    registry = Registry().with_resources((d["$id"], Resource.from_contents(d)) for d in docs.values())
    out = {}
    for d in docs.values():
        Draft202012Validator.check_schema(d)
        out[d["properties"]["schema"]["const"]] = Draft202012Validator(d, registry=registry)
    return out


def test_every_published_payload_matches_its_schema(setup, broker, tables):
    check = validators()
    assert set(check) == {"tc.status/1", "tc.view/1", "tc.events/1", "tc.result/1"}
    spy = Listener(setup, "hub", f"tc/{EVENT}/#")
    try:
        s, pub = tables.table("t1")
        play_example(s, "GVG", {"BLUE": "Rae"})                      # a team game: seats carry teams
        wait(lambda: any("/results/" in t for t, _, _ in spy.messages), what="the result")
        last = [e for e in s.journal.entries(s.game_id) if e.actions][-1].actions
        s.undo()
        wait(lambda: any("/results/" in t and not p for t, p, _ in spy.messages), what="the withdrawal")
        s.apply(last)
        pub.client._sock.close()                                      # vanish: the Last Will
        wait(lambda: any(t.endswith("/status") and not json.loads(p)["online"] for t, p, _ in spy.messages),
             40, "the Last Will")
        kinds = set()
        for topic_name, payload, _ in spy.messages:
            if not payload:
                assert "/results/" in topic_name                      # only a withdrawal is empty
                continue
            data = json.loads(payload)
            errors = sorted(check[data["schema"]].iter_errors(data), key=lambda e: list(e.path))
            assert not errors, f"{topic_name}: {errors[0].message} at {list(errors[0].path)}"
            kinds.add(data["schema"])
        assert kinds == set(check)
    finally:
        spy.close()
