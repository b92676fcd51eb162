"""This machine as a phone on the same network reaches it: its LAN addresses,
for the addresses ``companion run`` and ``companion demo`` print at start and
the certificate ``companion.service.tls`` makes::

    page_urls("0.0.0.0", 8000)      # ["http://192.168.1.20:8000/"]
    join_link("0.0.0.0", 8000)      # {"url": "http://192.168.1.20:8000/", "qr": "data:image/svg+xml;base64,..."}
"""
from __future__ import annotations

import errno
import ipaddress
import random
import socket
from pathlib import Path

FIRST_FREE_PORT = 20000      # free_ports draws from here up to the ephemeral range


def free_ports(n: int = 1) -> list[int]:
    """``n`` distinct TCP ports on 127.0.0.1 that nothing uses now, for a broker
    or a server started just after. They are drawn below the system's range of
    ephemeral ports (``/proc/sys/net/ipv4/ip_local_port_range``), which the
    outgoing connections of everything else on the machine take from: a port
    the system hands out (bind to port 0) may be some client's a moment later,
    and a broker given it stops at start (seen once in CI: mosquitto "Unable to
    create websockets listener"). Each is bound while the others are picked,
    so two are never the same."""
    low = _ephemeral_low()
    socks: list[socket.socket] = []
    try:
        for port in random.sample(range(FIRST_FREE_PORT, low), k=min(low - FIRST_FREE_PORT, 64 * n)):
            s = socket.socket()
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                s.close()
                continue
            socks.append(s)
            if len(socks) == n:
                return [int(x.getsockname()[1]) for x in socks]
        raise OSError(f"no {n} free ports between {FIRST_FREE_PORT} and {low}")
    finally:
        for s in socks:
            s.close()



class CannotServe(Exception):
    """The page's port could not be opened: taken by another program (a demo
    still running), not ours to take (below 1024), or a ``bind`` address this
    machine does not have. ``str()`` is the one-line reason."""

    def __init__(self, bind: str, port: int, error: OSError):
        self.bind, self.port, self.error = bind, port, error
        if error.errno == errno.EADDRINUSE:
            why = f"port {port} is already in use (another program, or a demo still running)"
        elif error.errno == errno.EACCES:
            why = f"port {port} needs root (ports below 1024 do)"
        else:
            why = f"cannot serve on {bind}:{port}: {error.strerror or error}"
        super().__init__(why)

    @property
    def port_unavailable(self) -> bool:
        """Another port would do (rather than another ``bind`` address)."""
        return self.error.errno in (errno.EADDRINUSE, errno.EACCES)


def _ephemeral_low() -> int:
    """The lowest port the system hands out to outgoing connections (32768 when
    it does not say)."""
    try:
        low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    return max(low, FIRST_FREE_PORT + 1000)


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses a phone on the LAN may use (no packet is sent)."""
    found = {"127.0.0.1"}
    for probe in ("192.168.0.1", "10.0.0.1", "172.16.0.1"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))                 # UDP: picks the route's address, sends nothing
                found.add(s.getsockname()[0])
        except OSError:
            pass
    try:
        found.update(str(a[4][0]) for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    return sorted(a for a in found if not ipaddress.ip_address(a).is_unspecified)


def page_urls(bind: str, port: int, scheme: str = "http", path: str = "/") -> list[str]:
    """The addresses a phone on the LAN can open for a server bound to ``bind``
    (only loopback for 127.0.0.1: then nothing but this machine can)."""
    if bind in ("0.0.0.0", "::", ""):
        hosts = [a for a in local_addresses() if not ipaddress.ip_address(a).is_loopback] or ["127.0.0.1"]
    else:
        hosts = [bind]
    return [f"{scheme}://{h}:{port}{path}" for h in hosts]


def join_link(bind: str, port: int) -> dict[str, str] | None:
    """The page's address for phones on the LAN and its QR code (an SVG data URI),
    for the display to show; None when nothing but this machine can open it (bound
    to loopback, or no LAN address)."""
    import base64
    import io

    import segno
    urls = [u for u in page_urls(bind, port) if "//127." not in u and "//localhost" not in u]
    if not urls:
        return None
    out = io.BytesIO()
    segno.make(urls[0], error="m").save(out, kind="svg", scale=4, border=2, dark="#0b0d12", light="#ffffff")
    return {"url": urls[0], "qr": "data:image/svg+xml;base64," + base64.b64encode(out.getvalue()).decode()}
