"""Every command's ``--help`` reads as plain text: the help is written as
docstrings (reST), and none of their markup (double backticks, roles such as
``:class:``, a paragraph's closing ``::``) reaches the terminal."""
from __future__ import annotations

import argparse
import re
import subprocess

import pytest

from companion.cli import build_parser
from tests.support.cli import COMPANION

MARKUP = re.compile(r"``|:[a-z]+:`|::$|\\ ", re.MULTILINE)


def every_parser() -> dict[str, argparse.ArgumentParser]:
    """``companion``, each subcommand and theirs (``journal check``), by name."""
    out: dict[str, argparse.ArgumentParser] = {}

    def walk(name: str, parser: argparse.ArgumentParser) -> None:
        out[name] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for sub_name, sub in action.choices.items():
                    walk(f"{name} {sub_name}", sub)

    walk("companion", build_parser())
    return out


@pytest.mark.parametrize("name, parser", every_parser().items(), ids=lambda v: v if isinstance(v, str) else "")
def test_no_rest_markup_in_any_help(name, parser):
    text = parser.format_help()
    assert not MARKUP.findall(text), f"{name} --help:\n{text}"


@pytest.mark.parametrize("command, first", [
    ("rules", "companion rules: play a scripted game through an engine, without a camera."),
    ("tags", "companion tags: print the tags a table needs, as PDF sticker sheets."),
])
def test_rules_and_tags_help_start_with_plain_words(command, first):
    run = subprocess.run([*COMPANION, command, "--help"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    description = run.stdout.split("\n\n")[1]
    assert description.splitlines()[0] == first


def test_a_code_block_is_introduced_by_one_colon():
    text = every_parser()["companion demo"].format_help()
    assert re.search(r"the page it prints \(http://127\.0\.0\.1:8000 by\s+default\):\n\n    companion demo\n", text)
    assert "::" not in text
