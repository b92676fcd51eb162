"""What the board tests ask of a drawing's texts, in the browser (for
``page.evaluate``): none sticking out of the drawing, none lying over another.

A text's box holds its line's ascent and descent: two boxes crossing by less
than a third of the lower one's height is a big figure's descent over a
caption, not a collision.

    assert page.evaluate(crossing_texts("#board svg.tcg-board")) == []
"""
from __future__ import annotations

#: a JavaScript function: the pairs (``"a / b"``) of ``[text, DOMRect]`` entries whose boxes cross,
#: wider than ``minW`` px and higher than a third of the lower box
CROSSINGS = """function crossings(ts, minW) { const out = [];
  for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
    const a = ts[i][1], b = ts[j][1];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > minW && h > Math.min(a.height, b.height) / 3) out.push(ts[i][0] + ' / ' + ts[j][0]); }
  return out; }"""


def crossing_texts(svg: str = "#board svg", min_width_px: int = 2) -> str:
    """Every pair of the drawing's (non-blank) texts whose boxes cross."""
    return f"""() => {{ {CROSSINGS}
  return crossings([...document.querySelectorAll('{svg} text')].filter(t => t.textContent.trim())
    .map(t => [t.textContent, t.getBoundingClientRect()]), {min_width_px}); }}"""


def texts_outside(svg: str = "#board svg") -> str:
    """Every text of the drawing whose box lies (partly) outside the drawing's own box."""
    return f"""() => {{ const box = document.querySelector('{svg}').getBoundingClientRect();
  return [...document.querySelectorAll('{svg} text')].filter(t => {{ const r = t.getBoundingClientRect();
    return r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1; }})
    .map(t => t.textContent); }}"""
