"""The game's story as one HTML file that opens anywhere, offline
(``companion export --html``): the story page's own style and scripts inlined,
the story's data embedded. Only public views are in it (:mod:`companion.timeline`)::

    Path("game.html").write_text(story_html(story), encoding="utf-8")
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


def story_html(story: dict[str, Any]) -> str:
    """The whole page as a string."""
    from jinja2 import Template
    body = Template((TEMPLATES / "story_body.html").read_text(encoding="utf-8"), autoescape=True).render(src="")
    data = json.dumps(story, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    scripts = "\n".join(f"<script>\n{(STATIC / name).read_text(encoding='utf-8')}\n</script>" for name in SCRIPTS)
    title = html.escape(f"{story['game']['title']}: the story")
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta name="color-scheme" content="dark">\n<title>{title}</title>\n'
            f'<style>\n{(STATIC / "style.css").read_text(encoding="utf-8")}\n</style>\n</head>\n'
            f'<body class="plain story-page">\n{body}\n'
            f'<script type="application/json" id="story-data">{data}</script>\n{scripts}\n</body>\n</html>\n')
