"""HTTPS for the page: browsers let a page use the camera only in a secure
context, and a phone reaches the companion by its LAN address, so the phone's
camera page (``/camera/phone``) is served over HTTPS.

The certificate is the user's own (``[web] tls_cert`` and ``tls_key``) or one the
companion makes on first run with ``openssl``: self-signed, for this machine's
names and LAN addresses, kept beside the journal (``tls/``) so a phone that
trusted it once keeps trusting it::

    cert, key = ensure_certificate(Path("~/.local/state/table-companion/tls").expanduser())
    context = server_context(cert, key)

A self-signed certificate makes the browser warn once; the README says how to
trust it (or to accept the warning) on a phone.
"""
from __future__ import annotations

import os
import socket
import ssl
import subprocess
from pathlib import Path

from .network import local_addresses

CERT_NAME, KEY_NAME = "companion-cert.pem", "companion-key.pem"
#: days a made certificate lasts: the most Apple's devices accept for a trusted one
DAYS = 825


class TLSError(RuntimeError):
    """No certificate could be had or loaded; the message says what to do."""


def ensure_certificate(folder: Path, names: list[str] | None = None) -> tuple[Path, Path]:
    """The (certificate, key) in ``folder``, made there first when missing."""
    cert, key = folder / CERT_NAME, folder / KEY_NAME
    if cert.is_file() and key.is_file():
        return cert, key
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    host = socket.gethostname()
    dns = sorted({"localhost", host, f"{host}.local", *(names or [])})
    san = ",".join([f"DNS:{d}" for d in dns] + [f"IP:{a}" for a in local_addresses()])
    cmd = ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
           "-days", str(DAYS), "-subj", f"/CN=Table Companion {host}", "-addext", f"subjectAltName={san}",
           "-addext", "extendedKeyUsage=serverAuth", "-keyout", str(key), "-out", str(cert)]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        raise TLSError("openssl is not installed (sudo apt install openssl), or give [web] tls_cert and "
                       "tls_key") from None
    if done.returncode != 0:
        raise TLSError(f"openssl could not make a certificate: {done.stderr.strip()[-300:]}")
    os.chmod(key, 0o600)
    return cert, key


def server_context(cert: Path | str, key: Path | str) -> ssl.SSLContext:
    """A server-side TLS context (TLS 1.2 and later) for the certificate and key."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(str(cert), str(key))
    except (OSError, ssl.SSLError) as e:
        raise TLSError(f"cannot load the certificate {cert} and key {key}: {e}") from None
    return context
