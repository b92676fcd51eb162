"""The console's form for an action: each field as a control, filled from the
game's state and catalog, offering what is legal now, with the companion's
best guess chosen (no JSON to type at a noisy table).

One description serves every game: an action's fields come from its dataclass
(name, type, optional); the words of their choices from the game's
:meth:`~models.engine.Game.field_choices` (by field name, or ``"type.field"``
where one action's field means something else: the value and its label); and
what is legal now from the game's one legal-move source,
:meth:`~models.engine.Game.legal_actions`: a choice is offered exactly when some
legal action holds it, and the console narrows each select field to the values
that go with the fields chosen before it (``combinations``), so the form can
never offer a move the rules refuse::

    form = action_form(game, state, "haunt")
    form["label"]           # "Haunt a kid": the action in the game's words (``form["words"]``: all of them)
    form["doc"]             # what the move is, one sentence in the game's words (in the page's language)
    form["fields"][1]       # {"name": "slot", "label": "slot", "control": "select", "choices": [...], "legal": [2, 3]}
    form["combinations"]    # [{"player": "RED", "slot": 2}, {"player": "RED", "slot": 3}]
    form["guess"]           # {"type": "haunt", "player": "RED", "slot": 2}

What the list cannot narrow stays as the choices say: a rows field (each row's
columns offer every choice: the legal plays of a hand's rooms are too many to
list by row) and a typed field (a free note) have no ``legal``. A legal action
spelled with a value the game gives no choice for (Girls vs Ghouls' ordinary
Treat with its own value written out, the same play as without it) is not
offered in that spelling.

With a ``snapshot`` (what the camera last settled on), the guess is the legal
action after which the expected table differs least from what the camera reads.
"""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .engine import Action, ActionWords, readable, value_key
from .errors import MalformedAction
from .jsonio import cut

#: the most legal actions applied on copies to rank them against the camera's
#: reading (the likeliest first): the guess only, never what is offered
MAX_RANKED = 200

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


def distinct(choices: Sequence[Choice]) -> list[dict[str, Any]]:
    """The choices as the form offers them, ``{"value", "label"}``, each label
    telling its value apart: where cards share a name (Girls vs Ghouls has 15
    Tricks called "Flip House"), the label adds the card's number, the end of
    the id printed under its tag, so the referee picks the very card in hand,
    not any of its kind (a card's id is spent once played)::

        >>> distinct([("GVG:TRICK:01", "Flip House"), ("GVG:TRICK:02", "Flip House"), (3, "house 3")])
        [{'value': 'GVG:TRICK:01', 'label': 'Flip House #01'}, \
{'value': 'GVG:TRICK:02', 'label': 'Flip House #02'}, {'value': 3, 'label': 'house 3'}]
    """
    shared = Counter(label for _, label in choices)
    return [{"value": v, "label": f"{label} #{str(v).rsplit(':', 1)[-1]}" if shared[label] > 1 else label}
            for v, label in choices]


def describe(game: Any, state: Mapping[str, Any], type_name: str) -> tuple[type, list[dict[str, Any]]]:
    """The action class and its fields: name, control (select, multi, rows,
    text), required, choices (``{"value", "label"}``)."""
    cls = next((a for a in game.actions if a.type == type_name), None)
    if cls is None:
        raise MalformedAction(f"{game.title} has no action {cut(type_name)!r} "
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
                                 "choices": distinct(choices or [])}
        if control == "rows":         # each row an object: its keys' choices, where the game names them
            keys = [k for k, _ in domains.get(f"{type_name}.{f.name}.keys", [])]
            field["columns"] = [{"name": k, "label": field_word(words, f"{type_name}.{f.name}", k),
                                 "choices": distinct(domains.get(k, []))}
                                for k in keys]
        fields.append(field)
    return cls, fields


def field_word(words: ActionWords, type_name: str, name: str) -> Any:
    """The label of the field ``name`` of the action ``type_name`` in the game's
    words: its own (``"type.field"``), else the field's, else the name as words."""
    return words["fields"].get(f"{type_name}.{name}", words["fields"].get(name, readable(name)))


def _leaves(data: Any, path: str = "") -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_leaves(v, f"{path}/{k}") for k, v in data.items())) if data else {path}
    if isinstance(data, list):
        return set().union(*(_leaves(v, f"{path}[{i}]") for i, v in enumerate(data))) if data else {path + "[]"}
    return {f"{path}={data!r}"}


def _key(value: Any) -> Any:
    """A value as a set member: itself with its type (``True`` is not ``1``), or
    its JSON text when it is a list or an object."""
    if value is None or isinstance(value, (str, int, float)):
        return (type(value), value)
    return json.dumps(value, sort_keys=True)


class _Offerable:
    """What the form's fields can say: each select's and multi's choices, and
    each rows field's columns (a column's choice may be a whole part of the
    row: ``{"candy": "CHOC3"}``)."""

    def __init__(self, fields: list[dict[str, Any]]):
        self.keys = {f["name"]: {_key(c["value"]) for c in f["choices"]} for f in fields}
        self.controls = {f["name"]: f["control"] for f in fields}
        self.columns = {f["name"]: [(col["name"], {_key(c["value"]) for c in col["choices"]},
                                     [c["value"] for c in col["choices"] if isinstance(c["value"], dict)])
                                    for col in f["columns"]] for f in fields if f["control"] == "rows"}

    def __call__(self, data: dict[str, Any]) -> bool:
        """Whether the form can say the action ``data``: each value is one of its
        field's choices (a list's every item, a row's every column), or left out."""
        for name, v in data.items():
            control = self.controls.get(name)
            if v is None or control == "text":
                continue
            if control == "select" and _key(v) not in self.keys[name]:
                return False
            if control == "multi" and any(_key(x) not in self.keys[name] for x in v):
                return False
            if control == "rows" and not all(self._in_row(row, column) for row in v for column in self.columns[name]):
                return False
        return True

    @staticmethod
    def _in_row(row: dict[str, Any], column: tuple[str, set[Any], list[dict[str, Any]]]) -> bool:
        name, keys, parts = column
        if name in row and _key(row[name]) in keys:
            return True
        return any(all(_key(row.get(k)) == _key(x) for k, x in part.items()) for part in parts)


def action_form(game: Any, state: Mapping[str, Any], type_name: str, snapshot: Any = None) -> dict[str, Any]:
    """The form for ``type_name`` in ``state`` (see the module docstring).

    ``fields``: each select and multi field with ``legal``, the choices some
    legal action of this type holds; ``combinations``: each legal action's select
    values, once (the console narrows a field to those that go with the fields
    chosen before it); ``guess``: the legal action the form offers first (the
    likeliest, or the one the camera's reading is nearest, ranking the first
    :data:`MAX_RANKED`), None when the rules allow none now; ``tried``: how many
    legal actions of this type there are; ``complete``: always True (the list is
    the game's whole legal-move list, not a search that can be cut short)."""
    _, fields = describe(game, state, type_name)
    legal = [a for a in game.legal_actions(state) if a.type == type_name]
    can_say = _Offerable(fields)
    offered = [(a, d) for a in legal if can_say(d := {k: v for k, v in a.to_json().items() if k != "type"})]
    selects = [f["name"] for f in fields if f["control"] == "select"]
    combinations: dict[str, dict[str, Any]] = {}
    for _, data in offered:
        combo = {name: data.get(name) for name in selects}
        combinations.setdefault(_key(combo), combo)
    for f in fields:
        if f["control"] == "select":
            held = {_key(d.get(f["name"])) for _, d in offered}
        elif f["control"] == "multi":
            held = {_key(x) for _, d in offered for x in d.get(f["name"]) or ()}
        else:
            continue
        f["legal"] = [c["value"] for c in f["choices"] if _key(c["value"]) in held]
    guess = {"type": type_name, **offered[0][1]} if offered else None
    if snapshot is not None and len(offered) > 1:
        guess = _nearest(game, state, snapshot, offered[:MAX_RANKED], type_name) or guess
    words = game.action_words()
    return {"type": type_name, "label": words["actions"].get(type_name, readable(type_name)),
            "doc": action_description(words, type_name), "words": words, "fields": fields,
            "combinations": list(combinations.values()), "guess": guess, "tried": len(legal), "complete": True}


def _nearest(game: Any, state: Mapping[str, Any], snapshot: Any, offered: list[tuple[Action, dict[str, Any]]],
             type_name: str) -> dict[str, Any] | None:
    """The action of ``offered`` after which the expected table differs least
    from what the camera reads (the first of equals), or None when the game
    cannot read this table."""
    try:
        reading = _leaves(game.read(state, snapshot))
    except Exception:      # a reading the game cannot make of this table: no ranking, still a form
        return None
    best: tuple[int, dict[str, Any]] | None = None
    for action, data in offered:
        after, _ = game.apply(state, action)
        distance = len(reading ^ _leaves(game.expected_table(after)))
        if best is None or distance < best[0]:
            best = (distance, {"type": type_name, **data})
    return best[1] if best else None


def action_description(words: ActionWords, type_name: str) -> Any:
    """What the action ``type_name`` is, in the game's words
    (:attr:`~models.engine.ActionWords.descriptions`: a sentence that says
    itself in the page's language), or ``""`` where the game describes it not:
    never the action class's docstring, which is English, for programmers."""
    return words["descriptions"].get(type_name, "")
