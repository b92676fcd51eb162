"""A Mosquitto broker for one event: its configuration, logins and ACL, and a
way to run it.

:func:`write_broker` writes into a folder:

* ``mosquitto.conf``: an MQTT listener for the tables and the hub (and, when
  asked, a WebSocket listener for other read-only web clients; the event page
  does not need it), no anonymous logins, retained messages kept on disk
  (``data/``) so a restarted broker still has every result;
* ``passwd``: one login per table (its name), ``hub`` and ``viewer``, hashed by
  ``mosquitto_passwd``;
* ``acl``: each table may write only its own topics
  (``tc/<event>/tables/<table>/#``); ``hub`` and ``viewer`` may only read the
  event's; nobody else may do anything;
* ``logins.txt`` (mode 0600): the passwords, to hand to each table.

:class:`Mosquitto` runs ``mosquitto -c <folder>/mosquitto.conf`` as a child
process (the demo and the tests); a real event runs it under systemd
(docs/event.md). Table logins are random unless given; ``viewer`` is a
read-only login for any other client (a scoreboard of your own).

    setup = write_broker("/tmp/night", event="night", tables=["t1", "t2"], port=1883)
    with Mosquitto(setup) as broker:
        ...
"""
from __future__ import annotations

import getpass
import os
import secrets
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from . import topics

MOSQUITTO = "/usr/sbin/mosquitto"
MOSQUITTO_PASSWD = "/usr/bin/mosquitto_passwd"
HUB, VIEWER = "hub", "viewer"
VIEWER_PASSWORD = "viewer"


class BrokerError(RuntimeError):
    """Mosquitto is missing, or would not start (the message says why)."""


@dataclass(frozen=True)
class BrokerSetup:
    """A broker configuration written by :func:`write_broker`."""

    folder: Path
    event: str
    tables: tuple[str, ...]
    port: int
    ws_port: int | None
    bind: str
    passwords: dict[str, str]

    @property
    def conf(self) -> Path:
        return self.folder / "mosquitto.conf"

    def url(self, user: str, host: str = "127.0.0.1") -> str:
        """``mqtt://user:password@host:port`` for one of its logins."""
        return f"mqtt://{user}:{self.passwords[user]}@{host}:{self.port}"


def find(tool: str) -> str:
    path = shutil.which(Path(tool).name) or (tool if Path(tool).exists() else None)
    if not path:
        raise BrokerError(f"{Path(tool).name} is not installed: `sudo apt install mosquitto` "
                          "(the Makefile's event targets do it)")
    return path


def write_broker(folder: str | Path, *, event: str, tables: list[str], port: int = 1883, ws_port: int | None = None,
                 bind: str = "0.0.0.0", passwords: dict[str, str] | None = None,
                 tls: tuple[str, str, str] | None = None, tls_port: int = 8883) -> BrokerSetup:
    """Write the event's broker configuration into ``folder`` (see the module doc).
    ``tls``: (CA file, certificate file, key file) adds an MQTT-over-TLS
    listener on ``tls_port`` for tables on a network you do not trust."""
    topics.check_name(event)
    tables = [topics.check_name(t) for t in tables]
    if len(set(tables)) != len(tables):
        raise ValueError("each table needs its own name")
    for reserved in (HUB, VIEWER):
        if reserved in tables:
            raise ValueError(f"{reserved!r} is the name of the {reserved}'s login: give the table another name")
    folder = Path(folder).absolute()
    (folder / "data").mkdir(parents=True, exist_ok=True)
    given = dict(passwords or {})
    logins = {t: given.get(t) or secrets.token_urlsafe(12) for t in tables}
    logins[HUB] = given.get(HUB) or secrets.token_urlsafe(12)
    logins[VIEWER] = given.get(VIEWER) or VIEWER_PASSWORD
    passwd = folder / "passwd"
    passwd.unlink(missing_ok=True)
    passwd.touch(mode=0o600)
    tool = find(MOSQUITTO_PASSWD)
    for user, pw in logins.items():
        done = subprocess.run([tool, "-b", str(passwd), user, pw], capture_output=True, text=True)
        if done.returncode:
            raise BrokerError(f"mosquitto_passwd failed for {user}: {done.stderr.strip() or done.stdout.strip()}")
    root = f"{topics.ROOT}/{event}/"
    acl = ["# Written by `companion broker`: who may read and write which topics.",
           f"# The hub and any other reader (viewer) read the event {event!r}; they write nothing.",
           f"user {HUB}", f"topic read {root}#", "", f"user {VIEWER}", f"topic read {root}#", "",
           "# Each table writes its own topics only."]
    for t in tables:
        acl += [f"user {t}", f"topic write {topics.prefix(event, t)}#", ""]
    (folder / "acl").write_text("\n".join(acl) + "\n")
    user = getpass.getuser()
    conf = [
        f"# Mosquitto for the event {event!r}, written by `companion broker` (docs/event.md).",
        f"user {user}",
        "per_listener_settings false",
        "allow_anonymous false",
        f"password_file {passwd}",
        f"acl_file {folder / 'acl'}",
        "persistence true",
        f"persistence_location {folder / 'data'}/",
        "autosave_interval 30",
        "# results are small; a slow spectator is dropped rather than buffered without end",
        "max_queued_messages 1000",
        "max_inflight_messages 20",
        "log_type error",
        "log_type warning",
        "log_type notice",
        "log_type information",
        f"log_dest file {folder / 'mosquitto.log'}",
        "",
        "# tables and the hub",
        f"listener {port} {bind}",
        "protocol mqtt",
        "",
    ]
    if ws_port:
        conf += ["# other read-only web clients (Mosquitto 2.0 sends each about ten messages a second)",
                 f"listener {ws_port} {bind}", "protocol websockets", ""]
    if tls:
        cafile, certfile, keyfile = (str(Path(f).absolute()) for f in tls)
        conf += ["# tables over TLS (mqtts://)", f"listener {tls_port} {bind}", "protocol mqtt",
                 f"cafile {cafile}", f"certfile {certfile}", f"keyfile {keyfile}", ""]
    (folder / "mosquitto.conf").write_text("\n".join(conf))
    shown = "\n".join(f"{u} {pw}" for u, pw in logins.items())
    (folder / "logins.txt").write_text(f"# login password (tables use their name; keep this file private)\n{shown}\n")
    os.chmod(folder / "logins.txt", 0o600)
    return BrokerSetup(folder, event, tuple(tables), port, ws_port, bind, logins)


class Mosquitto:
    """``mosquitto`` running a :class:`BrokerSetup` as a child process."""

    def __init__(self, setup: BrokerSetup):
        self.setup = setup
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 10.0) -> Mosquitto:
        """Start it and wait until both listeners accept connections."""
        self.process = subprocess.Popen([find(MOSQUITTO), "-c", str(self.setup.conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        end = time.monotonic() + timeout
        for port in (p for p in (self.setup.port, self.setup.ws_port) if p):
            while True:
                if self.process.poll() is not None:
                    err = (self.process.stderr.read() if self.process.stderr else b"").decode(errors="replace")
                    log = self.setup.folder / "mosquitto.log"
                    tail = log.read_text(errors="replace")[-600:] if log.exists() else ""
                    # stderr may hold only the warning about running as root; the reason is in the log
                    why = "; ".join(x for x in (err.strip(), tail.strip()) if x)
                    raise BrokerError(f"mosquitto stopped at start: {why}")
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                        break
                except OSError:
                    if time.monotonic() > end:
                        self.stop()
                        raise BrokerError(f"mosquitto does not listen on port {port}") from None
                    time.sleep(0.05)
        return self

    def stop(self, kill: bool = False) -> None:
        """Stop it (``kill``: SIGKILL, as a crash or a pulled plug would)."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stderr:
            self.process.stderr.close()
        self.process = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def __enter__(self) -> Mosquitto:
        return self.start() if not self.running else self

    def __exit__(self, *exc: object) -> None:
        self.stop()
