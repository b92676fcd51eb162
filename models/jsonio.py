"""Reading JSON (and other nested text) from outside, within limits.

Every JSON input the companion takes from a person or a file (rules scripts,
web API bodies, config) goes through here, so a hostile or broken input gets a
one-line :class:`InputError` naming its source instead of a traceback, and never
costs more memory than the limit:

* at most :data:`MAX_JSON_BYTES` bytes (4 MiB) unless the caller gives another
  limit; a file or stream is read only up to the limit plus one byte;
* UTF-8 text only (the offending byte and its position are named);
* nested at most :data:`MAX_DEPTH` levels (arrays and objects): checked on the
  text before parsing, so ``[[[[...]]]]`` never reaches the recursive parser.

::

    >>> loads('[{"type": "pass"}]', source="script.json")
    [{'type': 'pass'}]
    >>> loads("[" * 100 + "]" * 100, source="x.json")
    Traceback (most recent call last):
    ...
    models.jsonio.InputError: x.json: nested more than 64 levels deep (arrays and objects)

A yes or no typed by a person (a boolean option, a take-over's answer) is read
by :func:`typed_yes_no`, the one list of the words that mean each.

Standard library only (models/ may import nothing else).
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, BinaryIO

#: The largest JSON input read by default (a rules script): 4 MiB.
MAX_JSON_BYTES = 4 * 1024 * 1024
#: The deepest nesting of arrays and objects (or TOML arrays and tables) accepted.
MAX_DEPTH = 64

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")


class InputError(ValueError):
    """Input the companion refuses: too large, not UTF-8, nested too deeply, or
    not valid JSON. The message starts with the input's source."""


#: The longest value from outside an error message quotes whole; longer ones are cut (:func:`cut`).
QUOTED_MAX = 40


def cut(value: Any, limit: int = QUOTED_MAX) -> Any:
    """A value from outside as an error message may quote it (``{value!r}``):
    itself when short, else its first characters and ``...``. A refusal is shown
    on the console and written to the log; repeating a 60,000-character value
    back helps nobody.

    >>> cut("RED")
    'RED'
    >>> cut("X" * 1000)
    'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX...'
    >>> cut(list(range(100)), 20)
    '[0, 1, 2, 3, 4, 5...'
    """
    text = value if isinstance(value, str) else repr(value)
    return value if len(text) <= limit else text[:limit - 3] + "..."


def size_text(n: int) -> str:
    """``4194304`` -> ``"4 MiB"``, ``65536`` -> ``"64 KiB"``, else bytes."""
    for unit, scale in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} bytes"


def read_limited(fh: BinaryIO, limit: int, source: str) -> bytes:
    """At most ``limit`` bytes from a binary stream (reads ``limit + 1`` to tell);
    :class:`InputError` if there are more."""
    data = fh.read(limit + 1)
    if len(data) > limit:
        raise InputError(f"{source}: larger than {size_text(limit)}")
    return data


def read_file(path: str | os.PathLike[str], limit: int = MAX_JSON_BYTES, source: str | None = None) -> bytes:
    """A file's bytes, at most ``limit``. OSError is left to the caller."""
    with open(path, "rb") as fh:
        return read_limited(fh, limit, str(path) if source is None else source)


def decode(data: bytes | str, source: str) -> str:
    """UTF-8 text (a leading byte-order mark is dropped), or :class:`InputError`
    naming the first bad byte."""
    if isinstance(data, str):
        return data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"{source}: not UTF-8 text (byte 0x{data[e.start]:02x} at position {e.start})") from None
    return text[1:] if text.startswith("\ufeff") else text


def check_nesting(text: str, source: str, max_depth: int = MAX_DEPTH) -> None:
    """:class:`InputError` if the JSON text nests arrays/objects deeper than
    ``max_depth``. Brackets inside strings do not count. Linear, no recursion."""
    depth = 0
    for m in _BRACKET.finditer(_STRING.sub("", text)):
        if m.group() in "[{":
            depth += 1
            if depth > max_depth:
                raise InputError(f"{source}: nested more than {max_depth} levels deep (arrays and objects)")
        else:
            depth -= 1


def check_depth(value: Any, source: str, max_depth: int = MAX_DEPTH) -> None:
    """:class:`InputError` if an already-parsed value (lists and dicts, as from
    JSON or TOML) nests deeper than ``max_depth``. Iterative, no recursion."""
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            if d + 1 > max_depth:
                raise InputError(f"{source}: nested more than {max_depth} levels deep (arrays and objects)")
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))


#: what a person may type for yes and for no (any case): a boolean option, a take-over's yes-or-no answer
YES_WORDS = ("true", "yes", "1", "on")
NO_WORDS = ("false", "no", "0", "off")


def json_kind(value: Any) -> str:
    """What ``value`` is, in JSON's own words (for a message to whoever sent it).

    >>> json_kind(None), json_kind([1]), json_kind("x"), json_kind(2.5), json_kind(True)
    ('null', 'an array', 'a string', 'a number', 'true or false')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def typed_yes_no(text: str) -> bool | None:
    """A yes or no typed by a person, or None when it is neither::

        >>> typed_yes_no(" Yes"), typed_yes_no("off"), typed_yes_no("maybe")
        (True, False, None)
    """
    low = text.strip().lower()
    return True if low in YES_WORDS else False if low in NO_WORDS else None


def _no_constant(name: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity`` are not JSON (Python's parser takes them)."""
    raise ValueError(f"{name} is not a JSON number")


def loads(data: bytes | str, source: str = "input", max_bytes: int | None = MAX_JSON_BYTES,
          max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON from outside: size, encoding and depth checked first
    (``max_bytes=None``: the caller already bounded the size)."""
    if max_bytes is not None and len(data) > max_bytes:
        raise InputError(f"{source}: larger than {size_text(max_bytes)}")
    text = decode(data, source)
    check_nesting(text, source, max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise InputError(f"{source}: not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except ValueError as e:             # a number past Python's 4300 digits
        raise InputError(f"{source}: not JSON the companion takes: {e}") from None
    except RecursionError:              # unreachable past check_nesting; kept as a last guard
        raise InputError(f"{source}: nested too deeply") from None


def load_file(path: str | os.PathLike[str], max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a JSON file from outside (see :func:`loads`); OSError is left to the caller."""
    return loads(read_file(path, max_bytes), str(path), None, max_depth)
