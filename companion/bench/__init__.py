"""``make bench`` (``python -m companion.bench``): every benchmark in one run.

A section is a module in this package that defines ``run(report)``; the runner
imports each one (sorted by name) and calls it with a :class:`Report`::

    # companion/bench/referee.py
    TITLE = "Referee latency"          # optional: the section's heading
    def run(report):
        report.line("settled change to page, median over 50 changes")
        report.table(["game", "ms"], [["GLC", 12.5], ["TCG", 9.1]])

``report.quick`` is True under ``--quick`` (use fewer frames, smaller images);
``--only NAME`` runs one section (the module name, e.g. ``vision``). Time figures
should be ratios to a reference run in the same process (a raw decoder on the
same frames), so that they mean something on a busy machine.
"""
from .report import Report

__all__ = ["Report"]
