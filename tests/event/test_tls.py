"""A table on a network its organiser does not trust publishes over TLS
(mqtts://, the event's own CA in [event] ca_file), to a real Mosquitto TLS
listener; a table that does not trust the broker's certificate is refused
and says why."""
from __future__ import annotations

import subprocess

from companion.event.broker import Mosquitto, write_broker
from companion.event.broker_url import BrokerURL
from companion.event.publisher import TablePublisher
from companion.service.network import free_ports

from .conftest import EVENT, make_session, start_hub, wait


def make_certificates(folder) -> tuple[str, str, str]:
    """A CA and a certificate for 127.0.0.1 signed by it (openssl)."""
    def run(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=folder, check=True, capture_output=True)
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=event CA",
        "-keyout", "ca.key", "-out", "ca.pem")
    run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "broker.key",
        "-out", "broker.csr")
    (folder / "san.ext").write_text("subjectAltName = IP:127.0.0.1\n")
    run("x509", "-req", "-in", "broker.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
        "-extfile", "san.ext", "-out", "broker.pem")
    return str(folder / "ca.pem"), str(folder / "broker.pem"), str(folder / "broker.key")


def test_a_table_publishes_over_tls_and_one_without_the_ca_is_refused(tmp_path):
    ca, cert, key = make_certificates(tmp_path)
    port, tls_port = free_ports(2)
    setup = write_broker(tmp_path / "broker", event=EVENT, tables=["t1", "t2"], port=port,
                         bind="127.0.0.1", tls=(ca, cert, key), tls_port=tls_port)
    with Mosquitto(setup):
        hub = start_hub(setup)
        s1, s2 = make_session(tmp_path, "t1.sqlite"), make_session(tmp_path, "t2.sqlite")
        url = f"mqtts://127.0.0.1:{tls_port}"
        good = TablePublisher(s1, BrokerURL.parse(url, username="t1", password=setup.passwords["t1"], ca_file=ca),
                              event=EVENT, table="t1", view_interval_s=0.05)
        bad = TablePublisher(s2, BrokerURL.parse(url, username="t2", password=setup.passwords["t2"]),
                             event=EVENT, table="t2", view_interval_s=0.05)      # trusts only the system's CAs
        try:
            good.start()
            bad.start()
            s1.new_game("TCG", ["RED", "BLUE"])
            assert hub.wait_for(lambda h: "t1" in h.tables and (h.tables["t1"]["view"] or {}).get("game"), 10)
            assert hub.tables["t1"]["view"]["game"]["code"] == "TCG"
            wait(lambda: bad.last_error, 15, "the refusal")
            assert "TLS certificate" in bad.last_error and "not trusted" in bad.last_error and not bad.connected
            assert "t2" not in hub.tables
        finally:
            for pub, s in ((good, s1), (bad, s2)):
                pub.close()
                s.close()
            hub.close()
