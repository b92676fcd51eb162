"""The table plan on paper and in pictures: a :class:`~companion.printkit.plan.Plan`
(data: boxes and drawing operations in sheet millimetres) drawn on a reportlab
canvas at any scale (:func:`draw`), as the kit's last page (:func:`draw_page`),
as a PDF (:func:`write_pdf`) or as the game page's PNG with the plan's digest in
a text chunk (:func:`write_png`, :func:`png_digest`: a stale picture is found by
comparing digests, not pixels). ``make plans`` (``python -m companion.printkit
docs/img``) writes every game's picture::

    >>> write_png(table_plan(get_game("GLC")), "plan-ghosts-love-candy.png")   # doctest: +SKIP
"""
from __future__ import annotations

import argparse
import shutil
import struct
import subprocess
import tempfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from hardware.imagesize import image_size

from .plan import PNG_KEY, PNG_PX_PER_MM, RGB, Line, Op, Plan, Rect, table_plan
from .sheets import FOOTER_MM, HEADER_MM, MARGIN_MM


def draw(c: Canvas, plan: Plan, left_mm: float, bottom_mm: float, scale: float) -> None:
    """The plan on ``c``, its sheet's bottom-left corner at (left, bottom) mm on
    the page, ``scale`` page mm to a sheet mm."""
    c.saveState()
    c.translate(left_mm * mm, bottom_mm * mm)
    c.scale(scale * mm, scale * mm)
    c.setLineJoin(1)
    for op in plan.ops:
        _draw_op(c, op)
    c.restoreState()


def _stroke_fill(c: Canvas, stroke: RGB | None, fill: RGB | None, width: float, dash: tuple[float, ...]) -> None:
    if stroke is not None:
        c.setStrokeColorRGB(*stroke)
        c.setLineWidth(width)
        c.setDash(list(dash) if dash else [])
    if fill is not None:
        c.setFillColorRGB(*fill)


def _draw_op(c: Canvas, op: Op) -> None:
    if isinstance(op, Rect):
        _stroke_fill(c, op.stroke, op.fill, op.width, op.dash)
        c.saveState()
        c.translate(op.cx, op.cy)
        if op.angle:
            c.rotate(op.angle)
        c.rect(-op.w / 2, -op.h / 2, op.w, op.h, stroke=int(op.stroke is not None), fill=int(op.fill is not None))
        c.restoreState()
    elif isinstance(op, Line):
        _stroke_fill(c, op.stroke, op.fill, op.width, op.dash)
        p = c.beginPath()
        p.moveTo(*op.points[0])
        for pt in op.points[1:]:
            p.lineTo(*pt)
        if op.closed:
            p.close()
        c.drawPath(p, stroke=int(op.stroke is not None), fill=int(op.fill is not None))
    else:
        c.saveState()
        c.translate(op.x, op.y)
        if op.angle:
            c.rotate(op.angle)
        w = op.width
        x0 = -w / 2 if op.align == "centre" else -w if op.align == "right" else 0.0
        if op.ground is not None:
            c.setFillColorRGB(*op.ground)
            c.rect(x0 - 1.5, -0.3 * op.size, w + 3.0, 1.15 * op.size, stroke=0, fill=1)
        c.setFillColorRGB(*op.colour)
        c.setFont(op.font, op.size)
        c.drawString(x0, 0, op.text)
        c.restoreState()


def write_pdf(plan: Plan, out: str | Path) -> None:
    """The plan alone, as a one-page PDF at 1:1 (a table-sized page)."""
    c = Canvas(str(out), pagesize=(plan.size[0] * mm, plan.size[1] * mm), invariant=1)
    c.setTitle(plan.title)
    c.setCreator("companion (table plan)")
    draw(c, plan, 0.0, 0.0, 1.0)
    c.showPage()
    c.save()


def write_png(plan: Plan, out: str | Path, px_per_mm: float = PNG_PX_PER_MM) -> Path:
    """The plan as a PNG (``px_per_mm`` pixels to a table millimetre), drawn by
    pdftoppm from :func:`write_pdf`, with the plan's digest in a text chunk."""
    exe = shutil.which("pdftoppm")
    if exe is None:
        raise RuntimeError("pdftoppm is needed to draw a plan as PNG: install poppler-utils (apt-get)")
    out = Path(out)
    with tempfile.TemporaryDirectory(prefix="plan-") as tmp:
        pdf = Path(tmp) / "plan.pdf"
        write_pdf(plan, pdf)
        width = str(round(plan.size[0] * px_per_mm))
        subprocess.run([exe, "-png", "-singlefile", "-scale-to-x", width, "-scale-to-y", "-1",
                        str(pdf), str(Path(tmp) / "plan")], check=True, capture_output=True)
        data = (Path(tmp) / "plan.png").read_bytes()
    out.write_bytes(png_with_text(data, {PNG_KEY: plan.digest(), "Software": "companion.printkit.plan"}))
    return out


# --------------------------------------------------------------------------- PNG text chunks


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    out, i = [], 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        out.append((data[i + 4:i + 8], data[i + 8:i + 8 + n]))
        i += 12 + n
    return out


def png_with_text(data: bytes, text: dict[str, str]) -> bytes:
    """``data`` (a PNG) with ``text`` as tEXt chunks before its image data."""
    out = [data[:8]]
    for kind, body in _chunks(data):
        if kind == b"IDAT" and text:
            for k, v in text.items():
                chunk = b"tEXt" + k.encode("latin-1") + b"\0" + v.encode("latin-1")
                out.append(struct.pack(">I", len(chunk) - 4) + chunk + struct.pack(">I", zlib.crc32(chunk)))
            text = {}
        if kind == b"tEXt" and body.split(b"\0", 1)[0].decode("latin-1") in text:
            continue
        out.append(struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body)))
    return b"".join(out)


def png_digest(path: str | Path) -> str | None:
    """The digest of the plan a PNG shows (written by :func:`write_png`), or None."""
    for kind, body in _chunks(Path(path).read_bytes()):
        if kind == b"tEXt":
            key, _, value = body.partition(b"\0")
            if key.decode("latin-1") == PNG_KEY:
                return value.decode("latin-1")
    return None


# --------------------------------------------------------------------------- the kit's page


def page_scale(plan: Plan, page_mm: tuple[float, float]) -> float:
    """The scale at which the plan fills a kit page between its header and footer."""
    aw = page_mm[0] - 2 * MARGIN_MM
    ah = page_mm[1] - 2 * MARGIN_MM - HEADER_MM - FOOTER_MM - 4
    return min(aw / plan.size[0], ah / plan.size[1])


def draw_page(c: Canvas, plan: Plan, page_w: float, page_h: float) -> None:
    """The plan on a kit page (the frame is drawn by :func:`.sheets.render`)."""
    scale = page_scale(plan, (page_w, page_h))
    w, h = plan.size[0] * scale, plan.size[1] * scale
    top = page_h - MARGIN_MM - HEADER_MM - 2
    draw(c, plan, (page_w - w) / 2, top - h, scale)


def page_note(plan: Plan, page_mm: tuple[float, float]) -> str:
    return (f"The table plan at 1:{1 / page_scale(plan, page_mm):.0f}: print this page on plain paper "
            f"(it is not a sticker sheet) and lay the table out as it shows.")


# --------------------------------------------------------------------------- make plans


def doc_png_name(game: Any) -> str:
    return f"plan-{game.slug}.png"


def main(argv: Sequence[str] | None = None) -> int:
    """Every game's table plan (or the named games') as FOLDER/plan-<slug>.png."""
    from models.registry import game_classes, get_game

    ap = argparse.ArgumentParser(prog="python -m companion.printkit", description=main.__doc__)
    ap.add_argument("folder", type=Path)
    ap.add_argument("games", nargs="*", help="game codes (default: every game)")
    args = ap.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    for code in args.games or [cls.code for cls in game_classes()]:
        game = get_game(code)
        out = write_png(table_plan(game), args.folder / doc_png_name(game))
        print(f"wrote {out} ({'x'.join(map(str, image_size(out) or ('?', '?')))} px)")
    return 0

