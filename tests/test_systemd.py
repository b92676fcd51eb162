"""The service unit and the Raspberry Pi install script, checked as far as a
machine without a Pi can: systemd's own verifier, and the script's dry run."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
UNIT = ROOT / "systemd" / "companion.service"


def test_the_unit_passes_systemd_analyze_verify(tmp_path):
    # the unit names the installed path /opt/companion/venv/bin/companion; point it at
    # this checkout's console script so the verifier checks everything else for real
    companion = Path(sys.executable).with_name("companion")
    unit = tmp_path / "companion.service"
    unit.write_text(UNIT.read_text().replace("/opt/companion/venv/bin/companion", str(companion)))
    run = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    problems = [l for l in run.stderr.splitlines() if "companion.service" in l]
    assert run.returncode == 0 and not problems, run.stderr


def test_the_unit_runs_companion_hardened_with_its_own_state():
    text = UNIT.read_text()
    for line in ("User=companion", "SupplementaryGroups=video gpio", "Restart=on-failure",
                 "StartLimitBurst=", "StateDirectory=companion", "EnvironmentFile=-/etc/default/companion",
                 "ProtectSystem=strict", "NoNewPrivileges=yes", "ExecStart=/opt/companion/venv/bin/companion run"):
        assert line in text


def test_the_install_script_dry_run_says_every_step_and_changes_nothing(tmp_path):
    run = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--prefix", str(tmp_path / "opt")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "dry run" in out
    assert "--system-site-packages" in out
    assert "/etc/companion/config.toml" in out and "systemctl" in out
    assert not (tmp_path / "opt").exists()
