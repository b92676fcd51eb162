"""The page's languages: English, German and Spanish, picked per request.

The translations are gettext catalogs (``.po``), one per language beside the
code that says the sentences: ``web/locale/<lang>.po`` for the page,
``companion/locale`` for the session's prompts, ``models/locale`` for the shared
engine, ``models/<game>/locale`` for each game's rules, prompts and scoring.
Babel reads them; ``python -m web.i18n_update`` brings them up to date with the
code (``make translations``).

A request's language is, in order: ``?lang=`` (kept in a cookie, so a link or
the page's picker sets it once), that cookie, the config's ``[web] language``,
the browser's ``Accept-Language``, English. Every JSON answer and every live
update is sent in it: the engine's sentences are :class:`models.text.Text` and
are translated on the way out (:func:`localized_json`); the templates have
``_()``; the scripts get their own messages in the page (``TC.t`` in common.js).

Example::

    catalog("de")("{player} passes")          # '{player} passt'
    localize({"text": tr("{player} passes", player="RED")}, "de")   # {'text': 'RED passt'}
"""
from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from flask import Flask, Response, g, has_request_context, request
from flask.json.provider import DefaultJSONProvider

from models.text import localized

#: the languages the page speaks, by code, with their own names (the picker)
LANGUAGES = {"en": "English", "de": "Deutsch", "es": "Español"}
DEFAULT_LANGUAGE = "en"
#: the cookie that keeps a visitor's choice
COOKIE = "tc_lang"

ROOT = Path(__file__).resolve().parent.parent


def catalog_files(lang: str) -> list[Path]:
    """The ``.po`` files of one language: the page's (``web/locale``), the
    appliance's (``companion/locale``), the shared engine's (``models/locale``),
    each game's (``models/<game>/locale``). Read as files: nothing is imported."""
    return [ROOT / "web" / "locale" / f"{lang}.po", ROOT / "companion" / "locale" / f"{lang}.po",
            ROOT / "models" / "locale" / f"{lang}.po", *sorted(ROOT.glob(f"models/*/locale/{lang}.po"))]


@dataclass
class Catalog:
    """One language's translations, merged from its ``.po`` files. Called as a
    look-up, ``catalog(msgid)`` or ``catalog(msgid, plural, n)`` gives the
    translated pattern or None (then English is shown)."""

    lang: str
    singular: dict[str, str] = field(default_factory=dict)
    plurals: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = lambda n: 0 if n == 1 else 1
    #: msgids said by the scripts (their .po locations are .js files)
    script_ids: set[str] = field(default_factory=set)

    def __call__(self, msgid: str, plural: str | None = None, n: int | None = None) -> str | None:
        if plural is None:
            return self.singular.get(msgid)
        forms = self.plurals.get((msgid, plural))
        if not forms:
            return None
        i = self.plural_index(n if n is not None else 1)
        return forms[i] if i < len(forms) and forms[i] else None

    def text(self, msgid: str, /, **params: Any) -> str:
        """A template's sentence in this language (``_()`` in the templates)."""
        return (self(msgid) or msgid).format(**params) if params else (self(msgid) or msgid)

    def script_messages(self) -> dict[str, Any]:
        """The translations the page's scripts use (``TC.t``): msgid -> text, and
        plural msgid -> its forms (with ``plural_forms`` the index rule's cases)."""
        out: dict[str, Any] = {k: v for k, v in self.singular.items() if k in self.script_ids}
        out.update({k[0]: list(v) for k, v in self.plurals.items() if k[0] in self.script_ids})
        return out


@cache
def catalog(lang: str) -> Catalog:
    """The merged translations of ``lang`` (English: an empty catalog)."""
    cat = Catalog(lang)
    if lang == DEFAULT_LANGUAGE or lang not in LANGUAGES:
        return cat
    for path in catalog_files(lang):
        if not path.exists():
            continue
        with path.open("rb") as f:
            po = read_po(f, locale=lang)
        if po.plural_expr:
            cat.plural_index = gettext.c2py(po.plural_expr)
        for m in po:
            if not m.id or m.fuzzy:
                continue
            script = any(loc.endswith(".js") for loc, _ in m.locations)
            if isinstance(m.id, tuple):
                forms = tuple(m.string) if isinstance(m.string, (tuple, list)) else (m.string,)
                if any(forms):
                    cat.plurals[(m.id[0], m.id[1])] = forms
                if script:
                    cat.script_ids.add(m.id[0])
            else:
                if m.string:
                    cat.singular[m.id] = str(m.string)
                if script:
                    cat.script_ids.add(m.id)
    return cat


def localize(obj: Any, lang: str) -> Any:
    """A JSON-like value with every engine sentence in ``lang``."""
    if lang == DEFAULT_LANGUAGE:
        return obj
    return localized(obj, catalog(lang))


def pick_language(asked: str | None, kept: str | None, configured: str | None,
                  accepted: Iterable[str]) -> str:
    """The language for a request: asked (``?lang=``), kept (the cookie), the
    config's, then the first the browser accepts that the page speaks."""
    for lang in (asked, kept, configured):
        if lang and lang in LANGUAGES:
            return lang
    for lang in accepted:
        code = lang.split("-")[0].split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def current_language() -> str:
    """The language of the request being served (English outside a request)."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    lang = g.get("lang")
    if lang is None:
        accepted = [v for v, _q in request.accept_languages]
        lang = pick_language(request.args.get("lang"), request.cookies.get(COOKIE),
                             _configured(), accepted)
        g.lang = lang
    return str(lang)


def _configured() -> str | None:
    from flask import current_app
    value = current_app.config.get("TC_LANGUAGE")
    return str(value) if value else None


class LocalizedJSON(DefaultJSONProvider):
    """Flask's JSON with every engine sentence in the request's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(localize(obj, current_language()), **kwargs)


def init_app(app: Flask, language: str | None = None) -> None:
    """Give ``app`` its languages: the request's language (``language`` is the
    config's default), ``_()``/``lang``/``languages`` in the templates, the
    scripts' messages, localized JSON, and the cookie that keeps ``?lang=``."""
    if language and language not in LANGUAGES and language != "auto":
        raise ValueError(f"language {language!r}: the page speaks {', '.join(LANGUAGES)}")
    app.config["TC_LANGUAGE"] = language if language in LANGUAGES else None
    app.json = LocalizedJSON(app)

    @app.context_processor
    def _i18n() -> dict[str, Any]:
        lang = current_language()
        cat = catalog(lang)
        return {"_": cat.text, "lang": lang, "languages": LANGUAGES,
                "script_messages": cat.script_messages()}

    @app.after_request
    def _keep_choice(resp: Response) -> Response:
        asked = request.args.get("lang")
        if asked in LANGUAGES and request.cookies.get(COOKIE) != asked:
            resp.set_cookie(COOKIE, asked, max_age=365 * 24 * 3600, samesite="Lax")
        if "text/html" in (resp.content_type or ""):
            resp.headers["Content-Language"] = current_language()
            resp.vary.add("Accept-Language")
            resp.vary.add("Cookie")
        return resp
