"""Run the benchmarks: ``python -m companion.bench [--quick] [--only SECTION]``."""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import time

from ..service.memory import big_buffers_unmapped
from . import __name__ as PKG, __path__ as PATH
from .report import Report

NOT_SECTIONS = {"report"}


def sections() -> list[str]:
    """The section modules: every module here (not ``report``, not private)."""
    return sorted(i.name for i in pkgutil.iter_modules(PATH)
                  if not i.name.startswith("_") and i.name not in NOT_SECTIONS)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m companion.bench", description=__doc__)
    ap.add_argument("--quick", action="store_true", help="fewer frames, smaller images")
    ap.add_argument("--only", metavar="SECTION", action="append",
                    help=f"run only this section (one of: {', '.join(sections())}); repeatable")
    args = ap.parse_args(argv)
    names = sections()
    if args.only:
        unknown = [n for n in args.only if n not in names]
        if unknown:
            ap.error(f"unknown section(s) {', '.join(unknown)}; known: {', '.join(names)}")
        names = [n for n in names if n in args.only]
    # the memory policy every companion command runs under (companion/service/memory.py):
    # a frame's big buffers are fresh pages, for the pipeline and raw zxing-cpp alike
    big_buffers_unmapped()
    report = Report(quick=args.quick)
    failed = []
    for name in names:
        mod = importlib.import_module(f"{PKG}.{name}")
        if not callable(getattr(mod, "run", None)):
            continue
        report.heading(getattr(mod, "TITLE", name))
        t0 = time.perf_counter()
        try:
            mod.run(report)
        except Exception as e:  # one broken section must not hide the others
            failed.append(name)
            report.line(f"FAILED: {type(e).__name__}: {e}")
        report.line(f"({name}: {time.perf_counter() - t0:.0f} s)")
    if failed:
        print(f"\nsections that failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
