"""The folder import rules of docs/architecture.md ("Folders"), checked on the source.

Every .py file under models/, hardware/ and web/ is parsed with ``ast`` (nothing is
imported, so a module that would fail to import is still checked); every
``import``/``from ... import`` anywhere in it (top level or inside a function) and
every ``importlib.import_module("...")`` with a constant name must be allowed for
its folder. Relative imports stay inside the folder's own package.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STDLIB = frozenset(sys.stdlib_module_names)

# folder -> the top-level names it may import besides the standard library and itself
ALLOWED: dict[str, frozenset[str]] = {
    "models": frozenset(),
    # device libraries; segno draws the simulated table's QR codes
    "hardware": frozenset({"numpy", "cv2", "gpiozero", "picamera2", "libcamera", "lgpio", "segno"}),
    # the models' types, Flask (and werkzeug, its request/response layer), h11 (the server) and
    # Babel (the translations' catalogs)
    "web": frozenset({"models", "flask", "werkzeug", "h11", "babel"}),
}
RULES = {
    "models": "models/ may import only the standard library and models",
    "hardware": "hardware/ may import only the standard library, hardware and device libraries",
    "web": "web/ may import only the standard library, web, models, flask, h11 and babel",
}


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted module name) of every absolute import in ``tree``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"
                   or isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))):
            found.append((node.lineno, node.args[0].value))
    return found


def import_violations(root: Path) -> list[str]:
    """One line per forbidden import under ``root``'s models/, hardware/ and web/:
    ``file:line: import <name>: <the rule>``."""
    problems: list[str] = []
    for folder, allowed in ALLOWED.items():
        for path in sorted((root / folder).rglob("*.py")):
            where = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=where)
            for line, name in _imported(tree):
                top = name.split(".")[0]
                if top == "companion":
                    problems.append(f"{where}:{line}: import {name}: nothing in models/, hardware/ "
                                    f"or web/ imports companion")
                elif top != folder and top not in STDLIB and top not in allowed:
                    problems.append(f"{where}:{line}: import {name}: {RULES[folder]}")
    return problems


def test_models_hardware_and_web_import_only_what_their_folder_allows():
    problems = import_violations(ROOT)
    assert not problems, "imports against docs/architecture.md (Folders):\n" + "\n".join(problems)


def test_every_folder_has_files_to_check():
    for folder in ALLOWED:
        assert any((ROOT / folder).rglob("*.py")), f"{folder}/ has no .py files: the rule checks nothing"


def test_a_forbidden_import_is_named_by_file_line_and_module(tmp_path):
    for folder in ALLOWED:
        (tmp_path / folder / "sub").mkdir(parents=True)
    (tmp_path / "models" / "ok.py").write_text("import json\nfrom . import ok\nfrom models.tags import Tag\n")
    (tmp_path / "models" / "sub" / "bad.py").write_text(
        '"""doc"""\nimport json\n\ndef f():\n    import cv2\n    from companion.live.session import Session\n')
    (tmp_path / "hardware" / "bad.py").write_text("import numpy\nfrom flask import Flask\n")
    (tmp_path / "web" / "bad.py").write_text(
        "import importlib\nfrom models.table import Snapshot\nimportlib.import_module('companion.config')\n")
    assert import_violations(tmp_path) == [
        "models/sub/bad.py:5: import cv2: models/ may import only the standard library and models",
        "models/sub/bad.py:6: import companion.live.session: nothing in models/, hardware/ or web/ imports companion",
        "hardware/bad.py:2: import flask: hardware/ may import only the standard library, hardware "
        "and device libraries",
        "web/bad.py:3: import companion.config: nothing in models/, hardware/ or web/ imports companion",
    ]
