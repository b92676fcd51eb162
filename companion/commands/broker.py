"""companion broker: set up (and run) the event's Mosquitto broker.

Writes a Mosquitto configuration into DIR: a login per table (its name) that may
write only that table's topics, a read-only ``hub`` login for ``companion
event`` and a read-only ``viewer`` login for any other reader, retained results
kept on disk. Prints each table's ``companion run``
line. ``--run`` then runs Mosquitto with it (Ctrl-C stops); under systemd, point
a unit at ``mosquitto -c DIR/mosquitto.conf`` instead (docs/event.md)::

    companion broker --event night --tables t1,t2,t3,t4 --dir ~/night-broker --run
"""
from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    p = sub.add_parser("broker", help="set up (and run) an event's Mosquitto broker: logins, ACL, listeners",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--event", required=True, help="the event's name (1-32 letters, digits, '-' or '_')")
    p.add_argument("--tables", required=True, help="the tables' names, comma-separated (t1,t2,t3)")
    p.add_argument("--dir", required=True, help="the folder for the configuration, logins and retained data")
    p.add_argument("--port", type=int, default=1883, help="MQTT port for the tables and the hub (default 1883)")
    p.add_argument("--ws-port", type=int, default=None,
                   help="also a WebSocket listener for other read-only web clients (the event page needs none)")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on (default 0.0.0.0)")
    p.add_argument("--host", default="BROKER-ADDRESS", help="the broker's address as the tables reach it "
                                                          "(only for the lines printed)")
    p.add_argument("--tls", nargs=3, metavar=("CA", "CERT", "KEY"),
                   help="also an MQTT-over-TLS listener (port --tls-port) with this CA, certificate and key")
    p.add_argument("--tls-port", type=int, default=8883, help="the TLS listener's port (default 8883)")
    p.add_argument("--run", action="store_true", help="run Mosquitto with it until Ctrl-C")
    return p


def run(args: argparse.Namespace) -> int:
    from companion.event.broker import BrokerError, Mosquitto, write_broker
    tables = [t.strip() for t in args.tables.split(",") if t.strip()]
    try:
        setup = write_broker(args.dir, event=args.event, tables=tables, port=args.port, ws_port=args.ws_port,
                             bind=args.bind, tls=tuple(args.tls) if args.tls else None, tls_port=args.tls_port)
    except (ValueError, BrokerError, OSError) as e:
        print(f"companion broker: {e}", file=sys.stderr)
        return 2
    print(f"broker for {args.event!r} written to {setup.folder} (logins in {setup.folder / 'logins.txt'})")
    for t in tables:
        print(f"  table {t}: companion run --event {args.event} --table {t} "
              f"--broker {setup.url(t, args.host)}")
    print(f"  the event page: companion event --event {args.event} --broker {setup.url('hub', args.host)}")
    if not args.run:
        print(f"  run the broker: mosquitto -c {setup.conf}")
        return 0
    broker = Mosquitto(setup)
    try:
        broker.start()
        print(f"mosquitto listening on {args.bind}:{args.port}; Ctrl-C stops", flush=True)
        assert broker.process is not None
        code = broker.process.wait()
        print(f"mosquitto stopped (exit status {code}); its log: {setup.folder / 'mosquitto.log'}", file=sys.stderr)
        return 1
    except BrokerError as e:
        print(f"companion broker: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        broker.stop()
