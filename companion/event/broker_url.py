"""Where the event's broker is and how to log in: ``mqtt://user:password@host:1883``
(``mqtts://`` for TLS, port 8883 by default), and a paho-mqtt client made from it.

    >>> b = BrokerURL.parse("mqtt://t1:secret@192.168.1.10")
    >>> b.host, b.port, b.username, b.tls
    ('192.168.1.10', 1883, 't1', False)

The password may also come from the config's ``[event] password`` (or
``COMPANION_EVENT_PASSWORD``), which keeps it out of the process list.
"""
from __future__ import annotations

import urllib.parse
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class BrokerURL:
    """One MQTT broker and the credentials to use on it."""

    host: str
    port: int
    tls: bool = False
    username: str | None = None
    password: str | None = None
    ca_file: str | None = None

    @classmethod
    def parse(cls, text: str, *, username: str | None = None, password: str | None = None,
              ca_file: str | None = None) -> BrokerURL:
        """``mqtt://[user[:password]@]host[:port]`` or ``mqtts://...``; the keyword
        arguments fill in what the URL leaves out. Raises ValueError in words."""
        u = urllib.parse.urlsplit(text if "://" in text else "mqtt://" + text)
        if u.scheme not in ("mqtt", "mqtts"):
            raise ValueError(f"a broker is mqtt://host:port or mqtts://host:port, not {text!r}")
        if not u.hostname:
            raise ValueError(f"the broker URL {text!r} names no host")
        try:
            port = u.port or (8883 if u.scheme == "mqtts" else 1883)
        except ValueError:
            raise ValueError(f"the broker URL {text!r} has a bad port") from None
        if u.path not in ("", "/") or u.query:
            raise ValueError(f"the broker URL {text!r} has a path or query; give only host and port")
        return cls(u.hostname, port, u.scheme == "mqtts",
                   urllib.parse.unquote(u.username) if u.username else username,
                   urllib.parse.unquote(u.password) if u.password else password,
                   ca_file or None)

    def with_login(self, username: str | None, password: str | None) -> BrokerURL:
        return replace(self, username=username, password=password)

    def __str__(self) -> str:
        who = f"{self.username}@" if self.username else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{who}{self.host}:{self.port}"

    def diagnose(self, timeout: float = 3.0) -> str:
        """Why a connection to this broker fails, in words: the network, or the
        TLS handshake (an untrusted certificate); "" when both work."""
        import socket
        import ssl
        try:
            sock = socket.create_connection((self.host, self.port), timeout=timeout)
        except OSError as e:
            return f"cannot reach {self.host}:{self.port}: {e.strerror or e}"
        try:
            if self.tls:
                context = ssl.create_default_context(cafile=self.ca_file)
                with context.wrap_socket(sock, server_hostname=self.host):
                    pass
        except ssl.SSLCertVerificationError as e:
            return (f"the broker's TLS certificate at {self.host}:{self.port} is not trusted ({e.verify_message}): "
                    "is [event] ca_file the CA that signed it?")
        except ssl.SSLError as e:
            return f"the TLS handshake with {self.host}:{self.port} failed: {e.reason or e}"
        except OSError as e:
            return f"the TLS handshake with {self.host}:{self.port} failed: {e}"
        finally:
            sock.close()
        return ""

    def client(self, client_id: str, transport: str = "tcp") -> Any:
        """A paho-mqtt 2.x client for this broker (MQTT 3.1.1, persistent
        session off), logged in and with TLS when asked; not yet connected."""
        import paho.mqtt.client as mqtt
        c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True,
                        protocol=mqtt.MQTTv311, transport=transport)  # type: ignore[arg-type]
        if self.username:
            c.username_pw_set(self.username, self.password)
        if self.tls:
            c.tls_set(ca_certs=self.ca_file)
        c.reconnect_delay_set(min_delay=1, max_delay=30)
        return c
