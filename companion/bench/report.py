"""Printing benchmark results: headings, lines and aligned tables."""
from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TextIO


class Report:
    """Where a benchmark section writes its results (plain text, aligned)."""

    def __init__(self, out: TextIO | None = None, quick: bool = False):
        self.out = out or sys.stdout
        self.quick = quick

    def heading(self, text: str) -> None:
        print(f"\n## {text}\n", file=self.out, flush=True)

    def line(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def table(self, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Columns aligned; numbers right-aligned, floats with one decimal
        (format them yourself for anything else)."""
        cells = [[_fmt(c) for c in header]] + [[_fmt(c) for c in r] for r in rows]
        widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
        numeric = [all(_is_num(r[i]) for r in rows) and rows for i in range(len(header))]
        for n, r in enumerate(cells):
            parts = [c.rjust(w) if numeric[i] else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))]
            print("  ".join(parts).rstrip(), file=self.out)
            if n == 0:
                print("  ".join("-" * w for w in widths), file=self.out)
        self.out.flush()


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.1f}"
    return str(v)
