"""The names the table's page answers to: a guard against DNS rebinding.

A web page on the internet can point a name of its own at the companion's
address (``evil.example`` resolving to ``192.168.1.20``) and then read the
companion's page as its own origin: the browser's same-origin rule does not
stop it, since to the browser it is one site. Such a request carries that
name in its ``Host`` header, so the table's app answers only to the names a
player on the local network uses: an address (``192.168.1.20``, ``[fe80::1]``),
``localhost``, a ``.local`` name (mDNS, ``companion.local``), the machine's own
host name, and the names in the config's ``[web] hosts`` (a leading dot: that
name and every name under it)::

    >>> allowed("192.168.1.20:8000", ())
    True
    >>> allowed("evil.example:8000", ())
    False
    >>> allowed("table3.example.org", (".example.org",))
    True

Anything else is refused with 400 and a sentence saying which setting admits
the name. The event page (:mod:`web.event`), public by design and holding no
referee, does not need the guard.
"""
from __future__ import annotations

import ipaddress
import socket
from collections.abc import Sequence
from functools import cache

from flask import Flask, current_app, request

from .errors import ApiError

#: names every machine answers to on its own network
LOCAL_SUFFIXES = (".local", ".localhost")


def _name(host: str) -> str:
    """``host`` (a Host header) without its port, brackets or trailing dot, lower case."""
    host = host.strip().lower()
    if host.startswith("["):                       # [IPv6]:port
        return host[1:host.find("]")] if "]" in host else host
    if host.count(":") == 1:                       # name:port (a bare IPv6 address has several)
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def _is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@cache
def own_names() -> frozenset[str]:
    """The machine's own host name as set, and its first label (lower case).
    Not :func:`socket.getfqdn`: it asks DNS, which a Pi at an event may not
    reach, and the first request would wait for it."""
    name = socket.gethostname().lower().rstrip(".")
    return frozenset(n for n in (name, name.split(".")[0]) if n)


def allowed(host: str, extra: Sequence[str]) -> bool:
    """Whether a request for ``host`` (its Host header) is for this companion:
    see the module docstring. ``extra``: the config's ``[web] hosts``."""
    name = _name(host)
    if not name:
        return False
    if _is_address(name) or name == "localhost" or name.endswith(LOCAL_SUFFIXES) or name in own_names():
        return True
    for e in (x.strip().lower().rstrip(".") for x in extra):
        if e == name or (e.startswith(".") and (name == e[1:] or name.endswith(e))):
            return True
    return False


def refusal(host: str, extra: Sequence[str]) -> str | None:
    """Why a request for ``host`` is refused, or None when it is for this companion."""
    if allowed(host, extra):
        return None
    return (f"this companion does not answer to the name {_name(host)!r}: open it by its address or a .local "
            f"name, or add the name to [web] hosts in the config (a guard against other web sites reaching it "
            f"through a name of theirs)")


def check_host() -> None:
    """Run before every request: 400 unless the Host header is one of this companion's names."""
    why = refusal(request.host, current_app.config.get("TC_HOSTS") or ())
    if why is not None:
        raise ApiError(400, why)


def install(app: Flask, hosts: Sequence[str] = ()) -> None:
    """Refuse requests for other names than this companion's (``hosts``: the config's extra names)."""
    app.config["TC_HOSTS"] = tuple(hosts)
    app.before_request(check_host)
