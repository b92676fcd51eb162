"""``companion tags`` as a user runs it: outputs, progress, errors and exit codes."""
import os
import subprocess
from pathlib import Path

import pytest

from tests.support.cli import COMPANION

ROOT = Path(__file__).resolve().parents[2]


def companion(*args, cwd=None, env=None):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("COMPANION_")}
    full_env.update(env or {})
    return subprocess.run([*COMPANION, "tags", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=full_env, timeout=120)


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def test_size_for_a_camera_and_table():
    run = companion("--size-for", "4608x2592", "--table", "900x600")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("18 mm tags")
    assert "3.50 px per mm" in run.stdout and "--tag-mm 18" in run.stdout
    # 63 modules-px / (900 px / 940 mm) = 65.8
    assert companion("--size-for", "1600x900", "--table", "1200x800").stdout.startswith("66 mm tags")


def test_a_game_kit_is_written_with_progress_on_stderr(tmp_path, decoder, rasterise):
    out = tmp_path / "glc.pdf"
    run = companion("GLC", "--out", out, "--tag-mm", "20", "--paper", "letter")
    assert run.returncode == 0, run.stderr
    pages = page_count(out)
    assert f"wrote {out}: {pages} pages, 146 tags, 20 mm, LETTER" in run.stdout
    assert f"GLC: page 1 of {pages}" in run.stderr and f"GLC: page {pages} of {pages}" in run.stderr
    first = rasterise(out, 100, first=1, last=1)[0]
    assert len(decoder.decode(first)) >= 20


def test_the_default_tag_follows_the_configured_camera(tmp_path):
    run = companion("TCG", "--out", tmp_path / "a.pdf")
    assert run.returncode == 0, run.stderr
    assert ", 18 mm" in run.stdout, run.stderr     # the default camera: 4608x2592 over 900x600
    run = companion("TCG", "--out", tmp_path / "b.pdf",
                    env={"COMPANION_CAMERA_WIDTH": "2304", "COMPANION_CAMERA_HEIGHT": "1296"})
    assert ", 36 mm" in run.stdout, run.stderr
    assert "shrink to fit" in run.stdout           # TCG's 36 mm candy tokens cannot hold a 36 mm tag
    run = companion("TCG", "--out", tmp_path / "c.pdf", "--size-for", "1920x1080")
    assert ", 43.5 mm" in run.stdout      # 63 / (1080 / 740) = 43.2, run.stderr


def test_a_tag_smaller_than_the_camera_needs_is_printed_with_a_note(tmp_path):
    run = companion("CCR", "--out", tmp_path / "ccr.pdf", "--tag-mm", "15", "--size-for", "2304x1296")
    assert run.returncode == 0
    assert "note: 15 mm tags give 1.3 px per module" in run.stderr and "36 mm are needed" in run.stderr


def test_all_games_one_pdf_each(tmp_path):
    run = companion("all", "--out", tmp_path, "--tag-mm", "24")
    assert run.returncode == 0, run.stderr
    from models.registry import game_classes
    written = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert written == sorted(f"{cls.slug}-tags.pdf" for cls in game_classes())
    assert all(page_count(tmp_path / name) >= 2 for name in written)
    assert "games in" in run.stderr


def test_all_games_to_a_pdf_name_write_one_pdf_each_beside_it_readable_by_others(tmp_path):
    import stat
    old = os.umask(0o022)
    try:
        run = companion("all", "--out", tmp_path / "sheets.pdf", "--tag-mm", "24")
    finally:
        os.umask(old)
    assert run.returncode == 0, run.stderr
    from models.registry import game_classes
    written = sorted(p.name for p in tmp_path.glob("*.pdf"))
    assert written == sorted(f"sheets-{cls.slug}.pdf" for cls in game_classes())
    for name in written:                   # others on the machine may print them (not 0600)
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644


def test_the_default_output_goes_to_the_current_folder(tmp_path):
    run = companion("ghosts-love-candy", "--tag-mm", "30", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "ghosts-love-candy-tags.pdf").is_file()


@pytest.mark.parametrize("args, message", [
    (["NOPE"], "no game called 'NOPE'; known games: CCR"),
    (["GLC", "--tag-mm", "8"], "8 mm tags are too small to print reliably: the minimum is 12 mm"),
    (["GLC", "--tag-mm", "400"], "the maximum is 150 mm"),
    (["GLC", "--out", "{tmp}/missing/glc.pdf"], "the folder {tmp}/missing does not exist"),
    (["GLC", "--out", "{tmp}/file.txt/glc.pdf"], "cannot write"),
    (["GLC", "--out", "{tmp}"], "is a folder"),
    (["all", "--out", "{tmp}/file.txt"], "--out is a folder that exists"),
    (["--size-for", "4608by2592"], "must look like 4608x2592"),
    (["GLC", "--table", "900"], "--table must look like 900x600"),
    ([], "name a game"),
])
def test_bad_input_exits_2_with_a_clear_reason_and_writes_nothing(args, message, tmp_path):
    (tmp_path / "file.txt").write_text("not a folder")
    before = sorted(tmp_path.rglob("*"))
    run = companion(*[a.replace("{tmp}", str(tmp_path)) for a in args])
    assert run.returncode == 2
    assert message.replace("{tmp}", str(tmp_path)) in run.stderr
    assert run.stdout == ""
    assert sorted(tmp_path.rglob("*")) == before


def test_an_unknown_paper_is_a_usage_error():
    run = companion("GLC", "--paper", "a3")
    assert run.returncode == 2 and "invalid choice: 'a3'" in run.stderr


def test_a_broken_catalog_override_is_named(tmp_path):
    folder = tmp_path / "GLC"
    folder.mkdir()
    (folder / "candy.csv").write_text("payload,name,type\nGLC:CANDY:CORN1,Candy Corn 1,CORN\nglc:bad,Oops,CORN\n")
    run = companion("GLC", "--out", tmp_path / "x.pdf", env={"COMPANION_CATALOGS": str(tmp_path)})
    assert run.returncode == 2
    assert "candy.csv:3: field 'payload'" in run.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_corrected_catalog_override_is_printed(tmp_path, decoder, rasterise):
    folder = tmp_path / "TCG"
    folder.mkdir()
    (folder / "ghosts.csv").write_text("payload,name,token_mm\nTCG:GHOST:1,Ghost 1,40\nTCG:GHOST:2,Ghost 2,40\n"
                                       "TCG:GHOST:3,Ghost 3,40\nTCG:GHOST:4,Spare ghost,40\n")
    out = tmp_path / "tcg.pdf"
    run = companion("TCG", "--out", out, "--tag-mm", "20", env={"COMPANION_CATALOGS": str(tmp_path)})
    assert run.returncode == 0, run.stderr
    assert "36 tags" in run.stdout
    found = {d.payload for image in rasterise(out, 100) for d in decoder.decode(image)}
    assert "TCG:GHOST:4" in found
