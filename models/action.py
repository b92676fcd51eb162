"""The typed action every game's moves are made of, read from JSON
(:func:`parse_action`), and the words people call actions by
(:class:`ActionWords`). Re-exported by :mod:`models.engine`, where games take
them from."""
from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from .errors import MalformedAction
from .jsonio import cut, json_kind


@dataclass(frozen=True)
class Action:
    """Base of every typed action. Subclasses are frozen dataclasses with a ``type``
    class variable (the JSON tag) and a docstring that says what it means::

        @dataclass(frozen=True)
        class Haunt(Action):
            '''A player places their revealed ghost under a kid.'''
            type: ClassVar[str] = "haunt"
            player: str
            slot: int
    """

    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            d[f.name] = _jsonable(getattr(self, f.name))
        return d

    def __str__(self) -> str:
        args = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{self.type}({args})"


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


#: The longest text an action's field holds (a tag is 20 characters, a referee's note a line or two)
MAX_TEXT = 500


def _coerce(value: Any, hint: Any, where: str) -> Any:
    """Check/convert one JSON value against a field's type hint."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for a in args:
            if a is type(None):
                continue
            try:
                return _coerce(value, a, where)
            except MalformedAction as e:
                errors.append(str(e))
        raise MalformedAction(errors[0] if errors else f"{where}: bad value {cut(value)!r}")
    if origin is Literal:
        if value not in args:
            raise MalformedAction(f"{where}: must be one of {', '.join(map(repr, args))}, not {cut(value)!r}")
        return value
    if origin in (tuple, list):
        if not isinstance(value, (list, tuple)):
            raise MalformedAction(f"{where}: must be a list, not {cut(value)!r}")
        inner = args[0] if args else Any
        items = [_coerce(x, inner, f"{where}[{i}]") for i, x in enumerate(value)]
        return tuple(items) if origin is tuple else items
    if hint is bool:
        if not isinstance(value, bool):
            raise MalformedAction(f"{where}: must be true or false, not {cut(value)!r}")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedAction(f"{where}: must be a whole number, not {cut(value)!r}")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise MalformedAction(f"{where}: must be a number, not {cut(value)!r}")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise MalformedAction(f"{where}: must be text, not {cut(value)!r}")
        if len(value) > MAX_TEXT:
            raise MalformedAction(f"{where}: at most {MAX_TEXT} characters, not {len(value)} ({cut(value)!r})")
        return value
    if origin is dict or hint is dict:
        if not isinstance(value, dict):
            raise MalformedAction(f"{where}: must be an object, not {cut(value)!r}")
        return value
    return value


_HINTS: dict[type[Action], dict[str, Any]] = {}


def hints_of(cls: type[Action]) -> dict[str, Any]:
    """An action class's field types (resolved once: it does not change)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def parse_action(action_types: Sequence[type[Action]], data: Any) -> Action:
    """Build a typed action from JSON data, or raise :class:`MalformedAction`."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action must be a JSON object, not {json_kind(data)}")
    kind = data.get("type")
    by_type = {a.type: a for a in action_types}
    if not isinstance(kind, str) or kind not in by_type:
        known = ", ".join(sorted(by_type))
        raise MalformedAction(f"unknown action type {cut(kind)!r} (known: {known})")
    cls = by_type[kind]
    hints = hints_of(cls)
    kwargs = {}
    names = set()
    for f in dataclasses.fields(cls):
        names.add(f.name)
        if f.name in data:
            kwargs[f.name] = _coerce(data[f.name], hints[f.name], f"{kind}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise MalformedAction(f"{kind}: missing field {f.name!r}")
    extra = set(data) - names - {"type"}
    if extra:
        raise MalformedAction(f"{kind}: unknown field(s) {', '.join(sorted(extra))}")
    return cls(**kwargs)


class ActionWords(TypedDict):
    """How a game names its actions, their fields and their values for people
    (the console's forms, :meth:`Game.action_words`): each a :func:`~models.text.tr`
    sentence of the game's package, so it says itself in the page's language."""

    #: action type -> what the action is called ("reveal_kid" -> "Reveal a kid")
    actions: dict[str, Any]
    #: action type -> what the move is, one short sentence in the rulebook's words
    #: (no JSON, no identifiers): the console shows it above the action's form
    descriptions: dict[str, Any]
    #: field name, or ``"type.field"`` where one action's field means something else -> its label
    fields: dict[str, Any]
    #: option name -> its label
    options: dict[str, Any]
    #: field or option name -> :func:`value_key` of a value -> its label ("ninja_moves" -> "any" -> "any ghost")
    values: dict[str, dict[str, Any]]


def value_key(value: Any) -> str:
    """A field's or option's value as a key of :attr:`ActionWords.values`: a
    string as it is, anything else as JSON (``True`` -> ``"true"``, ``90`` -> ``"90"``).

    >>> value_key("any"), value_key(True), value_key(90)
    ('any', 'true', '90')
    """
    return value if isinstance(value, str) else json.dumps(value)


def readable(name: str) -> str:
    """An identifier as words, where a game names it no better: ``"reveal_kid"`` -> ``"reveal kid"``."""
    return name.replace("_", " ").strip()
