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
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from flask import Flask, Response, g, has_request_context, request
from flask.json.provider import DefaultJSONProvider

from models.registry import game_folders
from models.text import LANGUAGES, localized

DEFAULT_LANGUAGE = "en"
#: the cookie that keeps a visitor's choice
COOKIE = "tc_lang"

ROOT = Path(__file__).resolve().parent.parent


def catalog_files(lang: str) -> list[tuple[str, Path]]:
    """The ``.po`` files of one language, each with its domain: the page's
    (``web/locale``), the appliance's (``companion/locale``), the shared
    engine's (``models/locale``), each game's (``<game>/locale`` in its
    package, ``models/<game>/`` or a folder the registry searches besides:
    :func:`models.registry.game_folders`). Read as files: nothing is imported."""
    return [("web", ROOT / "web" / "locale" / f"{lang}.po"),
            ("companion", ROOT / "companion" / "locale" / f"{lang}.po"),
            ("models", ROOT / "models" / "locale" / f"{lang}.po"),
            *((p.parent.parent.name, p) for folder in game_folders()
              for p in sorted(folder.glob(f"*/locale/{lang}.po")))]


@dataclass
class Catalog:
    """One language's translations, per domain (the package that says the
    sentence: a game's folder name, ``models``, ``companion``, ``web``).
    Called as a look-up, ``catalog(msgid, plural, n, domain)`` gives the
    translated pattern from the sentence's own domain (else from any domain
    that has it), or None (then English is shown)."""

    lang: str
    singular: dict[str, dict[str, str]] = field(default_factory=dict)
    plurals: dict[str, dict[tuple[str, str], tuple[str, ...]]] = field(default_factory=dict)
    plural_index: Callable[[int], int] = lambda n: 0 if n == 1 else 1
    #: msgids said by the scripts (their .po locations are .js files)
    script_ids: set[str] = field(default_factory=set)

    def __call__(self, msgid: str, plural: str | None = None, n: int | None = None,
                 domain: str | None = None) -> str | None:
        if plural is None:
            own = self.singular.get(domain or "", {}).get(msgid)
            return own or next((d[msgid] for d in self.singular.values() if msgid in d), None)
        key = (msgid, plural)
        forms = self.plurals.get(domain or "", {}).get(key) or next(
            (d[key] for d in self.plurals.values() if key in d), None)
        if not forms:
            return None
        i = self.plural_index(n if n is not None else 1)
        return forms[i] if i < len(forms) and forms[i] else None

    def text(self, msgid: str, /, **params: Any) -> str:
        """A template's sentence in this language (``_()`` in the templates)."""
        pattern = self(msgid, domain="web") or msgid
        return pattern.format(**params) if params else pattern

    @cached_property
    def script_messages(self) -> dict[str, Any]:
        """The translations the page's scripts use (``TC.t``, the page's own
        domain): msgid -> text, and a plural's singular msgid -> its forms.
        Made once, when a page first asks (the catalog is complete by then)."""
        page = self.singular.get("web", {})
        out: dict[str, Any] = {k: v for k, v in page.items() if k in self.script_ids}
        out.update({k[0]: list(v) for k, v in self.plurals.get("web", {}).items() if k[0] in self.script_ids})
        return out


@cache
def catalog(lang: str) -> Catalog:
    """The translations of ``lang`` (English: an empty catalog)."""
    cat = Catalog(lang)
    if lang == DEFAULT_LANGUAGE or lang not in LANGUAGES:
        return cat
    for domain, path in catalog_files(lang):
        if not path.exists():
            continue
        with path.open("rb") as f:
            po = read_po(f, locale=lang)
        if po.plural_expr:
            cat.plural_index = gettext.c2py(po.plural_expr)
        singular = cat.singular.setdefault(domain, {})
        plurals = cat.plurals.setdefault(domain, {})
        for m in po:
            if not m.id or m.fuzzy:
                continue
            if domain == "web" and any(loc.endswith(".js") for loc, _ in m.locations):
                cat.script_ids.add(str(m.id[0] if isinstance(m.id, (tuple, list)) else m.id))
            if isinstance(m.id, (tuple, list)):
                strings = m.string if isinstance(m.string, (tuple, list)) else (m.string,)
                forms = tuple(str(x or "") for x in strings)
                if any(forms):
                    plurals[(str(m.id[0]), str(m.id[1]))] = forms
            elif m.string:
                singular[str(m.id)] = str(m.string)
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
    """Flask's JSON with every engine sentence in the request's language, keys in
    the order the engine gave them (seats in turn order, not alphabetical)."""

    sort_keys = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(localize(obj, current_language()), **kwargs)


def init_app(app: Flask, language: str | None = None) -> None:
    """Give ``app`` its languages: the request's language (``language`` is the
    config's default), ``_()``/``lang``/``languages`` in the templates, the
    scripts' messages, localized JSON (in the engine's key order), and the cookie that keeps ``?lang=``."""
    if language and language not in LANGUAGES and language != "auto":
        raise ValueError(f"language {language!r}: the page speaks {', '.join(LANGUAGES)}")
    app.config["TC_LANGUAGE"] = language if language in LANGUAGES else None
    app.json = LocalizedJSON(app)
    # ``|tojson`` in a template sorts keys by default (Jinja's policy): the page's
    # first view would draw the seats alphabetically until the stream's first view
    app.jinja_env.policies["json.dumps_kwargs"] = {"sort_keys": False}

    @app.context_processor
    def _i18n() -> dict[str, Any]:
        lang = current_language()
        cat = catalog(lang)
        return {"_": cat.text, "lang": lang, "languages": LANGUAGES,
                "script_messages": cat.script_messages}

    @app.template_filter("translated")
    def _translated(value: Any) -> Any:
        """``{{ reason|translated }}``: an engine sentence in the request's language."""
        return localize(value, current_language())

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
