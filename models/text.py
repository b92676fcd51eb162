"""Sentences the table is told, in English, that can say themselves in another
language: a message id (the English pattern) and its parameters, never an
English sentence baked by an f-string.

A :class:`Text` *is* the English string (a ``str``), so the engine, the journal,
the CLI and every test that reads English keep working unchanged; the page asks
it for another language at the last moment::

    >>> from models.text import tr, trn
    >>> t = tr("{player} cannot haunt slot {slot}", player="RED", slot=7)
    >>> t
    'RED cannot haunt slot 7'
    >>> german = {"{player} cannot haunt slot {slot}": "{player} darf Platz {slot} nicht heimsuchen"}
    >>> t.translated(lambda msgid, *rest: german.get(msgid))
    'RED darf Platz 7 nicht heimsuchen'
    >>> trn("{n} square away", "{n} squares away", 3)
    '3 squares away'

A parameter that is itself a :class:`Text` is translated too; plain values
(seat colours, card names as printed, numbers) are left as they are. Parts of a
sentence that are put together go through :func:`concat`, so that the whole
stays translatable. The catalogs live beside the code that says the sentences
(``models/<game>/locale/<lang>.po``, ``web/locale/<lang>.po``); ``web/i18n.py``
loads them, and ``tests/i18n`` fails when a message has no translation.
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

#: the languages the table is told things in, by code, each in its own name
LANGUAGES = {"en": "English", "de": "Deutsch", "es": "Español"}

#: a catalog's look-up: ``(msgid, plural, n, domain)`` -> the translated pattern,
#: or None when the catalog has no translation (the English pattern is used then)
Lookup = Callable[..., "str | None"]


class Text(str):
    """A sentence in English that knows its message id and parameters.

    ``msgid`` is the English pattern (``str.format`` fields by name), ``plural``
    its plural pattern with ``n`` the count that picks between them; a sentence
    put together from parts (:func:`concat`) has ``parts`` and ``sep`` instead.
    ``domain`` is the catalog that translates it: the package that said it
    (a game's folder name, ``models``, ``companion`` or ``web``), so that the
    same English word ("left") may be translated one way in one game and
    another way in another.
    """

    __slots__ = ("msgid", "plural", "n", "params", "parts", "sep", "domain")
    msgid: str | None
    plural: str | None
    n: int | None
    params: Mapping[str, Any]
    parts: tuple[Any, ...]
    sep: str
    domain: str | None

    def __new__(cls, english: str, *, msgid: str | None, params: Mapping[str, Any] | None = None,
                plural: str | None = None, n: int | None = None,
                parts: Iterable[Any] = (), sep: str = "", domain: str | None = None) -> Text:
        self = super().__new__(cls, english)
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.params = dict(params or {})
        self.parts = tuple(parts)
        self.sep = sep
        self.domain = domain
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (str(self), self.msgid, self.params, self.plural, self.n, self.parts, self.sep,
                           self.domain))

    def __copy__(self) -> Text:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        return self

    def with_params(self, **params: Any) -> Text:
        """The same sentence (pattern, plural, domain) with some parameters replaced.

        >>> tr("{who} passes", who="RED").with_params(who="BLUE")
        'BLUE passes'
        """
        if self.msgid is None:
            raise ValueError("a sentence put together from parts has no parameters")
        merged = {**self.params, **params}
        pattern = self.msgid if self.plural is None or self.n == 1 else self.plural
        return Text(pattern.format(**merged), msgid=self.msgid, params=merged, plural=self.plural, n=self.n,
                    domain=self.domain)

    def translated(self, lookup: Lookup) -> str:
        """This sentence in the catalog's language: its pattern looked up
        (``lookup(msgid, plural, n, domain)``), its parameters translated in
        turn. Falls back to English per pattern."""
        if self.msgid is None:
            return self.sep.join(str(translated(p, lookup)) for p in self.parts)
        found = lookup(self.msgid, self.plural, self.n, self.domain)
        if found:
            pattern = found
        elif self.plural is None:
            pattern = self.msgid
        else:
            pattern = self.msgid if self.n == 1 else self.plural
        params = {k: translated(v, lookup) for k, v in self.params.items()}
        return pattern.format(**params)


def _rebuild(english: str, msgid: str | None, params: Mapping[str, Any], plural: str | None, n: int | None,
             parts: tuple[Any, ...], sep: str, domain: str | None = None) -> Text:
    return Text(english, msgid=msgid, params=params, plural=plural, n=n, parts=parts, sep=sep, domain=domain)


def domain_of(module: str) -> str | None:
    """The catalog domain of a module: a game's folder name for
    ``models.<game>.*``, else the top package (``models``, ``companion``, ``web``).

    >>> domain_of("models.candy_crave.rules"), domain_of("models.engine"), domain_of("web.errors")
    ('candy_crave', 'models', 'web')
    """
    parts = module.split(".")
    if parts[0] == "models" and len(parts) > 2:
        return parts[1]
    return parts[0] or None


def _caller_domain() -> str | None:
    frame = sys._getframe(2)                       # tr's (or trn's) caller
    return domain_of(str(frame.f_globals.get("__name__", "")))


#: sentences already said, by (msgid, the caller's module, parameters): a Text is
#: immutable, so the same words from the same place are one object. The engine
#: says the same places and reasons again after every action (``Game.whereabouts``
#: names where each card is), so most sentences are said many times over. Only
#: plain parameters (str, int) make a key: a parameter that is itself a Text
#: translates differently from the equal str. Cleared when full, so a day of
#: play cannot grow it.
_SAID: dict[tuple[Any, ...], Text] = {}
_SAID_MAX = 8192


def tr(msgid: str, /, **params: Any) -> Text:
    """The sentence ``msgid`` (an English ``str.format`` pattern) with ``params``.

    >>> tr("{player} passes", player="BLUE")
    'BLUE passes'
    """
    module = sys._getframe(1).f_globals.get("__name__", "")
    for v in params.values():
        if type(v) is not str and type(v) is not int:
            return Text(msgid.format(**params), msgid=msgid, params=params, domain=domain_of(str(module)))
    key = (msgid, module, *params.items())
    said = _SAID.get(key)
    if said is None:
        said = Text(msgid.format(**params), msgid=msgid, params=params, domain=domain_of(str(module)))
        if len(_SAID) >= _SAID_MAX:
            _SAID.clear()
        _SAID[key] = said
    return said


def trn(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """The sentence in its singular or plural form for the count ``n`` (also
    available to the pattern as ``{n}``).

    >>> trn("{n} kid left", "{n} kids left", 1), trn("{n} kid left", "{n} kids left", 2)
    ('1 kid left', '2 kids left')
    """
    params = {"n": n, **params}
    return Text((singular if n == 1 else plural).format(**params), msgid=singular, plural=plural, n=n,
                params=params, domain=_caller_domain())


def concat(*parts: Any, sep: str = "") -> Text:
    """Sentences (or plain strings) put together with ``sep``, each translated
    on its own.

    >>> concat(tr("take a kid"), tr("play a card"), sep="; ")
    'take a kid; play a card'
    """
    return Text(sep.join(str(p) for p in parts), msgid=None, parts=parts, sep=sep)


def and_list(items: Sequence[Any]) -> Any:
    """``A``, ``A and B``, ``A, B and C``: the items (sentences or plain words)
    put together, the ``and`` translated; an empty list is empty.

    >>> and_list(["RED", "BLUE", "GREEN"])
    'RED, BLUE and GREEN'
    """
    return _listed(items, tr("{items} and {last}", items="", last=""))


def or_list(items: Sequence[Any]) -> Any:
    """``A``, ``A or B``, ``A, B or C`` (see :func:`and_list`).

    >>> or_list(["B2", "C3"])
    'B2 or C3'
    """
    return _listed(items, tr("{items} or {last}", items="", last=""))


def _listed(items: Sequence[Any], pattern: Text) -> Any:
    items = list(items)
    if len(items) <= 1:
        return items[0] if items else ""
    return pattern.with_params(items=concat(*items[:-1], sep=", "), last=items[-1])


def translated(value: Any, lookup: Lookup) -> Any:
    """``value`` in the catalog's language when it is a :class:`Text`, else as it is."""
    return value.translated(lookup) if isinstance(value, Text) else value


def localized(obj: Any, lookup: Lookup) -> Any:
    """A JSON-like value (dicts, lists, strings) with every :class:`Text` in it
    translated; the rest is copied as it is. What the page is sent."""
    if isinstance(obj, Text):
        return obj.translated(lookup)
    if isinstance(obj, dict):
        return {k: localized(v, lookup) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [localized(v, lookup) for v in obj]
    return obj


def plain_copy(obj: Any) -> Any:
    """A deep copy of a JSON-like value that keeps each :class:`Text` (what
    ``json.loads(json.dumps(obj, default=str))`` would give, but still
    translatable): tuples become lists, other values that are not JSON become strings."""
    if isinstance(obj, str):
        return obj if type(obj) is str or isinstance(obj, Text) else str(obj)
    if obj is None or isinstance(obj, (bool, int, float)):
        return obj
    if isinstance(obj, dict):
        return {str(k) if not isinstance(k, str) else k: plain_copy(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain_copy(v) for v in obj]
    return str(obj)
