"""The service unit and the Raspberry Pi install script, checked as far as a
machine without a Pi can: systemd's own verifier, and the script's dry run."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
UNIT = ROOT / "systemd" / "companion.service"


@pytest.mark.parametrize("name", ["companion.service", "companion-broker.service", "companion-event.service"])
def test_the_unit_passes_systemd_analyze_verify(tmp_path, name):
    # the units name the installed path /opt/companion/venv/bin/companion; point it at
    # this checkout's console script so the verifier checks everything else for real
    companion = Path(sys.executable).with_name("companion")
    for unit_name in ("companion.service", "companion-broker.service", "companion-event.service"):
        text = (ROOT / "systemd" / unit_name).read_text()
        (tmp_path / unit_name).write_text(text.replace("/opt/companion/venv/bin/companion", str(companion)))
    run = subprocess.run(["systemd-analyze", "verify", str(tmp_path / name)], capture_output=True, text=True)
    problems = [l for l in run.stderr.splitlines() if name in l]
    assert run.returncode == 0 and not problems, run.stderr


def test_the_unit_runs_companion_hardened_with_its_own_state():
    text = UNIT.read_text()
    for line in ("User=companion", "SupplementaryGroups=video gpio", "Restart=on-failure",
                 "StartLimitBurst=", "StateDirectory=companion", "EnvironmentFile=-/etc/default/companion",
                 "ProtectSystem=strict", "NoNewPrivileges=yes", "ExecStart=/opt/companion/venv/bin/companion run",
                 "Type=notify", "WatchdogSec=", "MemoryHigh=", "MemoryMax="):
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


def _fake_tools(bindir: Path, apt_has: set[str]) -> None:
    """A dpkg that knows no package and an apt-cache whose sources have only ``apt_has``."""
    bindir.mkdir()
    (bindir / "dpkg").write_text("#!/bin/sh\nexit 1\n")
    (bindir / "apt-cache").write_text(
        "#!/bin/sh\ncase \" {} \" in *\" $2 \"*) echo \"  Candidate: 1.0\";; *) echo \"  Candidate: (none)\";; esac\n"
        .format(" ".join(sorted(apt_has))))
    for tool in ("dpkg", "apt-cache"):
        (bindir / tool).chmod(0o755)


def test_on_debian_without_the_pi_archive_the_install_says_what_is_missing_and_goes_on(tmp_path):
    # plain Debian arm64: no python3-picamera2, no python3-lgpio in its sources
    _fake_tools(tmp_path / "bin", {"python3-opencv", "python3-numpy", "libzbar0", "python3-venv"})
    env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin"}
    run = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--prefix", str(tmp_path / "opt")],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    for missing in ("python3-picamera2", "python3-lgpio"):
        assert f"{missing} is not in this system's apt sources" in out
    assert "archive.raspberrypi.com" in out and "opencv:0" in out
    install = next(l for l in out.splitlines() if "installing Debian packages" in l)
    assert "python3-opencv" in install and "picamera2" not in install and "lgpio" not in install
    assert "companion.service" in out.splitlines()[-1] or "systemctl" in out   # went on to the service


def test_on_raspberry_pi_os_the_install_takes_the_pi_packages(tmp_path):
    _fake_tools(tmp_path / "bin", {"python3-opencv", "python3-numpy", "libzbar0", "python3-venv",
                                   "python3-picamera2", "python3-lgpio"})
    env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin"}
    run = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--prefix", str(tmp_path / "opt")],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    install = next(l for l in run.stdout.splitlines() if "installing Debian packages" in l)
    assert "python3-picamera2" in install and "python3-lgpio" in install
    assert "WARNING" not in run.stdout


def test_the_installer_gives_the_service_a_referee_pin_of_its_own(tmp_path):
    """A fresh install writes a PIN into /etc/default/companion (not a new random
    one at every start, seen only in journalctl) and says it at the end."""
    import os
    import shlex
    run = subprocess.run(["bash", str(ROOT / "systemd" / "install.sh"), "--dry-run", "--prefix", str(tmp_path / "opt")],
                         capture_output=True, text=True, env={**os.environ, "COMPANION_PIN": "4321"})
    assert run.returncode == 0, run.stderr
    assert "the referee PIN is 4321" in run.stdout
    sed = next(line.strip()[2:] for line in run.stdout.splitlines() if line.strip().startswith("$ sed -i"))
    env_file = tmp_path / "companion"
    env_file.write_text((ROOT / "systemd" / "companion.env.example").read_text())
    args = shlex.split(sed)
    subprocess.run([*args[:-1], str(env_file)], check=True)          # the installer's own edit, on a copy
    assert "COMPANION_REFEREE_PIN=4321" in env_file.read_text().splitlines()
