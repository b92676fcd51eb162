"""The console's form for an action: each field as a control, filled from the
game's state and catalog, narrowed to what is legal now, with the companion's
best guess chosen (no JSON to type at a noisy table).

One description serves every game: an action's fields come from its dataclass
(name, type, optional), their choices from the game's
:meth:`~models.engine.Game.field_choices` (by field name, or ``"type.field"``
where one action's field means something else), and what is legal now from the
engine itself: every combination of choices is tried on a copy (at most
:data:`MAX_TRIES`), so the form can never offer a move the rules refuse::

    form = action_form(game, state, "haunt")
    form["label"]           # "Haunt a kid": the action in the game's words (``form["words"]``: all of them)
    form["doc"]             # what the move is, one sentence in the game's words (in the page's language)
    form["fields"][1]       # {"name": "slot", "label": "slot", "control": "select", "choices": [...], "legal": [2, 3]}
    form["guess"]           # {"type": "haunt", "player": "RED", "slot": 2}

With a ``snapshot`` (what the camera last settled on), the guess is the legal
action after which the expected table differs least from what the camera reads.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any, Literal

from .engine import ActionWords, readable, value_key
from .errors import IllegalAction, MalformedAction

#: the most combinations of choices tried on copies of the state for one form
MAX_TRIES = 1500

Choice = tuple[Any, str]          # (value, label)


def _kind(hint: Any) -> tuple[str, Any, bool]:
    """(control, element type or literal values, optional) for a field's type."""
    optional = False
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        optional = len(args) < len(typing.get_args(hint))
        hint = args[0] if len(args) == 1 else hint
        origin = typing.get_origin(hint)
    if origin is Literal:
        return "select", list(typing.get_args(hint)), optional
    if origin is tuple:
        elem = typing.get_args(hint)[0]
        return ("rows" if typing.get_origin(elem) is dict or elem is dict else "multi"), elem, optional
    if hint is bool:
        return "select", [True, False], optional
    return "select", hint, optional


def describe(game: Any, state: Mapping[str, Any], type_name: str) -> tuple[type, list[dict[str, Any]]]:
    """The action class and its fields: name, control (select, multi, rows,
    text), required, choices (``{"value", "label"}``)."""
    cls = next((a for a in game.actions if a.type == type_name), None)
    if cls is None:
        raise MalformedAction(f"{game.title} has no action {type_name!r} "
                              f"(actions: {', '.join(a.type for a in game.actions)})")
    hints = typing.get_type_hints(cls)
    domains: dict[str, list[Choice]] = game.field_choices(state)
    words = game.action_words()
    fields = []
    for f in dataclasses.fields(cls):
        control, elem, optional = _kind(hints.get(f.name, Any))
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        choices = domains.get(f"{type_name}.{f.name}", domains.get(f.name))
        if choices is None and isinstance(elem, list):       # a Literal or a bool: the game's words for each
            said = words["values"].get(f"{type_name}.{f.name}", words["values"].get(f.name, {}))
            choices = [(v, said.get(value_key(v), str(v))) for v in elem]
        if choices is None and control == "select":
            control = "text"
        field: dict[str, Any] = {"name": f.name, "label": field_word(words, type_name, f.name), "control": control,
                                 "required": not (has_default or optional),
                                 "choices": [{"value": v, "label": label} for v, label in (choices or [])]}
        if control == "rows":         # each row an object: its keys' choices, where the game names them
            keys = [k for k, _ in domains.get(f"{type_name}.{f.name}.keys", [])]
            field["columns"] = [{"name": k, "label": field_word(words, f"{type_name}.{f.name}", k),
                                 "choices": [{"value": v, "label": label} for v, label in domains.get(k, [])]}
                                for k in keys]
        fields.append(field)
    return cls, fields


def field_word(words: ActionWords, type_name: str, name: str) -> Any:
    """The label of the field ``name`` of the action ``type_name`` in the game's
    words: its own (``"type.field"``), else the field's, else the name as words."""
    return words["fields"].get(f"{type_name}.{name}", words["fields"].get(name, readable(name)))


def _combinations(fields: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every combination of the select fields' choices (an optional one may also be left out)."""
    pools = []
    for f in fields:
        if f["control"] != "select":
            continue
        values = [c["value"] for c in f["choices"]]
        pools.append([(f["name"], v) for v in values] + ([] if f["required"] else [(f["name"], None)]))
    empty: dict[str, Any] = {f["name"]: [] for f in fields if f["control"] in ("multi", "rows") and f["required"]}
    for combo in itertools.product(*pools):
        yield {**empty, **{k: v for k, v in combo if v is not None}}


def _leaves(data: Any, path: str = "") -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_leaves(v, f"{path}/{k}") for k, v in data.items())) if data else {path}
    if isinstance(data, list):
        return set().union(*(_leaves(v, f"{path}[{i}]") for i, v in enumerate(data))) if data else {path + "[]"}
    return {f"{path}={data!r}"}


def action_form(game: Any, state: Mapping[str, Any], type_name: str, snapshot: Any = None) -> dict[str, Any]:
    """The form for ``type_name`` in ``state`` (see the module docstring):
    ``fields`` (each with ``legal``: the choices found in a legal action, None
    when the search was cut short), ``guess`` (an action, or None when none of the
    combinations tried is legal) and ``tried``."""
    _, fields = describe(game, state, type_name)
    reading = None
    if snapshot is not None:
        try:
            reading = _leaves(game.read(state, snapshot))
        except Exception:      # a reading the game cannot make of this table: no ranking, still a form
            reading = None
    legal: dict[str, set[str]] = {f["name"]: set() for f in fields}
    best: tuple[int, dict[str, Any]] | None = None
    tried, complete = 0, True
    for values in _combinations(fields):
        if tried >= MAX_TRIES:
            complete = False
            break
        tried += 1
        data = {"type": type_name, **values}
        try:
            after, _ = game.apply(state, game.parse_action(data))
        except (IllegalAction, MalformedAction):
            continue
        for k, v in values.items():
            legal[k].add(json.dumps(v))
        distance = len(reading ^ _leaves(game.expected_table(after))) if reading is not None else 0
        if best is None or distance < best[0]:
            best = (distance, data)
    for f in fields:
        if f["control"] == "select":
            f["legal"] = [c["value"] for c in f["choices"] if json.dumps(c["value"]) in legal[f["name"]]] \
                if complete else None
    words = game.action_words()
    return {"type": type_name, "label": words["actions"].get(type_name, readable(type_name)),
            "doc": action_description(words, type_name), "words": words,
            "fields": fields, "guess": best[1] if best else None, "tried": tried, "complete": complete}


def action_description(words: ActionWords, type_name: str) -> Any:
    """What the action ``type_name`` is, in the game's words
    (:attr:`~models.engine.ActionWords.descriptions`: a sentence that says
    itself in the page's language), or ``""`` where the game describes it not:
    never the action class's docstring, which is English, for programmers."""
    return words["descriptions"].get(type_name, "")
