"""The ``companion`` command as the running interpreter has it installed.

Tests run the real console script that pip installed beside ``sys.executable``
(the project's venv, the service's venv on a Pi, any other), falling back to
``python -m companion`` where the package is importable but not installed::

    subprocess.run([*COMPANION, "rules", "GLC", ...])
"""
from __future__ import annotations

import sys
from pathlib import Path

_SCRIPT = Path(sys.executable).parent / "companion"

#: the argv prefix that runs ``companion``
COMPANION: list[str] = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-m", "companion"]
