"""The game's story as one HTML file that opens anywhere, offline
(``companion export --html``): the story page's own style and scripts inlined,
the story's data embedded, in one language. Only public views are in it
(:mod:`companion.journal.timeline`)::

    Path("game.html").write_text(story_html(story, lang="de"), encoding="utf-8")
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import web

STATIC = Path(web.__file__).parent / "static"
TEMPLATES = Path(web.__file__).parent / "templates"
SCRIPTS = ("common.js", "board.js", "story.js")


def story_html(story: dict[str, Any], lang: str = "en") -> str:
    """The whole page as a string, in ``lang`` (en, de or es)."""
    from jinja2 import Template

    from web.i18n import catalog, localize
    words = catalog(lang)
    body = Template((TEMPLATES / "story_body.html").read_text(encoding="utf-8"), autoescape=True).render(
        src="", _=words.text, lang=lang)
    data = _script_json(localize(story, lang))
    messages = _script_json(words.script_messages)
    scripts = "\n".join(f"<script>\n{(STATIC / name).read_text(encoding='utf-8')}\n</script>" for name in SCRIPTS)
    title = html.escape(words.text("{game}: the story", game=story["game"]["title"]))
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="color-scheme" content="dark">\n<title>{title}</title>\n'
            f'<style>\n{(STATIC / "style.css").read_text(encoding="utf-8")}\n</style>\n</head>\n'
            f'<body class="plain story-page">\n{body}\n'
            f'<script type="application/json" id="story-data">{data}</script>\n'
            f'<script type="application/json" id="tc-messages">{messages}</script>\n{scripts}\n</body>\n</html>\n')


def _script_json(value: Any) -> str:
    """JSON that is safe inside a <script> element."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
