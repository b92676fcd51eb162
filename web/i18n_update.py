"""Keeps the translation catalogs in step with the code (``make translations``).

Every sentence the table is told is marked in the code: ``tr()``/``trn()`` in
Python (:mod:`models.text`), ``_()`` in the templates, ``TC.t()``/``TC.tn()`` in
the scripts. This tool extracts them with Babel and rewrites each catalog:
new sentences come in untranslated, gone ones leave, translations are kept.

    python -m web.i18n_update           # update every .po file, list what is untranslated
    python -m web.i18n_update --check   # change nothing; exit 1 if a sentence lacks a translation

A catalog *domain* is a folder of ``.po`` files and the sources whose sentences
it holds: one per game (``models/<game>/locale``), the shared engine's
(``models/locale``), the appliance's (``companion/locale``: the session's
prompts, the story) and the page's (``web/locale``: templates and scripts).
"""
from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from models.registry import game_folders

ROOT = Path(__file__).resolve().parent.parent
#: the languages translated (English is the code's own)
TRANSLATED = ("de", "es")
LANGUAGE_NAMES = {"de": "German", "es": "Spanish"}
#: each language's plural rule, fixed here rather than taken from the Babel
#: installed (Babel 2.19's CLDR gives Spanish a third form for millions): the
#: catalogs and the page read plurals by this rule, whatever Babel pip brings
PLURAL_FORMS = {"de": (2, "(n != 1)"), "es": (2, "(n != 1)")}
#: the tool named in each catalog's header, so a Babel upgrade rewrites nothing
GENERATED_BY = "web.i18n_update"
#: the catalogs' header date: fixed, so that an update changes only the sentences
CATALOG_DATE = datetime(2026, 11, 26, tzinfo=UTC)

PYTHON_KEYWORDS = {"tr": (1,), "trn": (1, 2)}
SCRIPT_KEYWORDS = {"t": (1,), "tn": (1, 2)}
TEMPLATE_KEYWORDS = {"_": None}

#: a sentence's key: its msgid, or (singular, plural)
Key = str | tuple[str, str]


@dataclass(frozen=True)
class Domain:
    """A folder of catalogs and the files whose sentences they translate."""

    name: str
    locale_dir: Path
    sources: tuple[Path, ...]

    def po(self, lang: str) -> Path:
        return self.locale_dir / f"{lang}.po"


def domains() -> list[Domain]:
    """Each game's domain (its package in models/ or in a folder the registry
    searches besides, :func:`models.registry.game_folders`), the shared
    engine's, the appliance's and the page's."""
    models = ROOT / "models"
    games = sorted((p for folder in game_folders() for p in folder.iterdir()
                    if (p / "__init__.py").exists() and (p / "game.py").exists()), key=lambda p: p.name)
    out = [Domain(g.name, g / "locale", tuple(sorted(g.rglob("*.py")))) for g in games]
    out.append(Domain("models", models / "locale", tuple(sorted(models.glob("*.py")))))
    out.append(Domain("companion", ROOT / "companion" / "locale", tuple(sorted((ROOT / "companion").rglob("*.py")))))
    web = ROOT / "web"
    out.append(Domain("web", web / "locale", (*sorted(web.glob("*.py")), *sorted((web / "templates").glob("*.html")),
                                              *sorted((web / "static").rglob("*.js")))))
    return out


def _method(path: Path) -> tuple[str, dict]:
    if path.suffix == ".py":
        return "python", PYTHON_KEYWORDS
    if path.suffix == ".js":
        return "javascript", SCRIPT_KEYWORDS
    return "jinja2.ext:babel_extract", TEMPLATE_KEYWORDS


def extracted(domain: Domain) -> dict[Key, list[str]]:
    """The sentences said in a domain's sources: key -> where (relative paths)."""
    found: dict[Key, list[str]] = {}
    for path in domain.sources:
        method, keywords = _method(path)
        rel = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8") if method == "python" else ""
        if method == "python" and "tr(" not in text and "trn(" not in text:     # nothing said: a quick skip
            continue
        with path.open("rb") as f:
            for _line, message, _comments, _context in extract(method, f, keywords=keywords,
                                                                options={"trimmed": "true"}):
                if not message:
                    continue
                key: Key = (message[0], message[1]) if isinstance(message, tuple) else message
                where = found.setdefault(key, [])
                if rel not in where:
                    where.append(rel)
    return found


def translations(domain: Domain, lang: str) -> dict[Key, str | tuple[str, ...]]:
    """A domain's translations into ``lang`` as written in its ``.po`` file."""
    path = domain.po(lang)
    if not path.exists():
        return {}
    with path.open("rb") as f:
        po = read_po(f, locale=lang)
    out: dict[Key, str | tuple[str, ...]] = {}
    for m in po:
        if not m.id or m.fuzzy:
            continue
        key: Key = (str(m.id[0]), str(m.id[1])) if isinstance(m.id, (tuple, list)) else str(m.id)
        out[key] = (tuple(str(x or "") for x in m.string) if isinstance(m.string, (tuple, list))
                    else str(m.string or ""))
    return out


def fields(pattern: str) -> set[str]:
    """The ``str.format`` fields a pattern names (``"{player} has {n}"`` -> player, n)."""
    return {f.split("!")[0].split(".")[0].split("[")[0]
            for _lit, f, _spec, _conv in string.Formatter().parse(pattern) if f}


def problems(domain: Domain, lang: str) -> Iterator[str]:
    """What is wrong with one catalog: a sentence with no translation, or a
    translation whose fields differ from the English pattern's."""
    have = translations(domain, lang)
    for key, where in extracted(domain).items():
        english = key if isinstance(key, str) else key[1]
        text = have.get(key)
        forms = text if isinstance(text, tuple) else (text,) if text else ()
        if not forms or not all(forms):
            yield f"{domain.po(lang).relative_to(ROOT)}: no translation of {key!r} ({where[0]})"
            continue
        want = fields(english) | (fields(key[0]) if isinstance(key, tuple) else set())
        for form in forms:
            try:
                got = fields(form)
            except ValueError as e:
                yield f"{domain.po(lang).relative_to(ROOT)}: {form!r} is not a pattern ({e})"
                continue
            if not got <= want or (isinstance(key, str) and got != want):
                yield (f"{domain.po(lang).relative_to(ROOT)}: {form!r} names {sorted(got)}, "
                       f"the English {key!r} names {sorted(want)}")


def update(domain: Domain, lang: str) -> int:
    """Rewrite one catalog from the code, keeping every translation still used.
    Returns how many sentences are still untranslated."""
    have = translations(domain, lang)
    cat = Catalog(locale=lang, project="Table Companion", version="1", domain=domain.name, fuzzy=False,
                  header_comment=f"# {LANGUAGE_NAMES[lang]} sentences of Table Companion ({domain.name}).\n"
                                 "# Kept in step with the code by `make translations` (python -m web.i18n_update).",
                  copyright_holder="the Table Companion team", msgid_bugs_address="",
                  creation_date=CATALOG_DATE, revision_date=CATALOG_DATE,
                  last_translator="the Table Companion team", language_team=LANGUAGE_NAMES[lang])
    nplurals, expr = PLURAL_FORMS[lang]                            # Babel has no public setter for them
    setattr(cat, "_num_plurals", nplurals)  # noqa: B010
    setattr(cat, "_plural_expr", expr)  # noqa: B010
    untranslated = 0
    for key, where in extracted(domain).items():
        text = have.get(key)
        if not text:
            untranslated += 1
        if isinstance(key, tuple):
            forms = text if isinstance(text, tuple) else ("", "")
            cat.add(key, forms, locations=[(w, 0) for w in where])
        else:
            cat.add(key, text if isinstance(text, str) else "", locations=[(w, 0) for w in where])
    domain.locale_dir.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, cat, width=0, sort_by_file=True, include_lineno=False, omit_header=False)
    header = b'"Generated-By: ' + GENERATED_BY.encode() + b'\\n"'
    written = re.sub(rb'"Generated-By: [^"]*\\n"', lambda _: header, buf.getvalue())
    domain.po(lang).write_bytes(written)
    return untranslated


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m web.i18n_update", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="change nothing; fail on a missing translation")
    ap.add_argument("--domain", help="only this domain (a game's folder name, or 'web')")
    args = ap.parse_args(argv)
    bad = 0
    for domain in domains():
        if args.domain and domain.name != args.domain:
            continue
        for lang in TRANSLATED:
            if not args.check:
                update(domain, lang)
            for p in problems(domain, lang):
                print(p)
                bad += 1
    if bad:
        print(f"{bad} sentence(s) need a translation", file=sys.stderr)
    return 1 if bad and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
