"""The referee's PIN the tests configure, and the header that carries it.

    client.post("/api/referee/undo", headers=REFEREE)     # as the console's scripts do
"""
from __future__ import annotations

PIN = "2468"
REFEREE = {"X-Referee-Pin": PIN}
