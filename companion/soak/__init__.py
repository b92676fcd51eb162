"""Soak tests: the demo (:mod:`.demo`, ``make soak``) and the event hub (:mod:`.event`,
``make soak-event``) run for minutes to hours under load, and fail when memory, threads or open
files keep growing; :mod:`.plot` draws the demo's run."""
