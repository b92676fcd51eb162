"""What ``make translations`` collects: every sentence marked in a game's
sources, whichever of ``tr()`` and ``trn()`` marks it (a file that says only
plurals was once skipped as saying nothing)."""
from __future__ import annotations

import tempfile
from pathlib import Path

from web.i18n_update import ROOT, Domain, extracted


def test_a_file_marking_only_plurals_is_read(tmp_path):
    # extracted() names sources relative to the project: a folder in it that no domain reads
    with tempfile.TemporaryDirectory(dir=ROOT, prefix=".i18n-probe-") as folder:
        src = Path(folder) / "bats.py"
        src.write_text('from models.text import trn\n\n\ndef bats(n):\n    return trn("bat", "bats", n)\n',
                       encoding="utf-8")
        found = extracted(Domain("probe", tmp_path, (src,)))
    assert ("bat", "bats") in found
