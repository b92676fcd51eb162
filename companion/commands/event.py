"""companion event: the event page, every table of an event live, and the standings.

Subscribes to the event on its MQTT broker with the hub's read-only login and
serves the event page; spectators' pages follow the changes live on the page's
own stream. Set the broker up first with ``companion broker`` (docs/event.md)::

    companion event --broker mqtt://hub:PASSWORD@localhost:1883 --event night
    companion event --broker mqtt://hub@10.0.0.2 --event night --port 8000   # password in $COMPANION_EVENT_PASSWORD
"""
from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: Any) -> argparse.ArgumentParser:
    from .run import port_number
    p = sub.add_parser("event", help="the event page: every table of an event live, standings (MQTT)",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--broker", required=True, help="the event's broker, mqtt://hub:PASSWORD@host[:port] "
                                                   "(the password may come from $COMPANION_EVENT_PASSWORD)")
    p.add_argument("--event", required=True, help="the event's name")
    p.add_argument("--port", type=port_number, default=8000, help="web port (default 8000; 0: any free port)")
    p.add_argument("--bind", default="0.0.0.0", help="web bind address (default 0.0.0.0: phones on the network)")
    return p


def run(args: argparse.Namespace) -> int:
    import os

    from companion.event.broker_url import BrokerURL
    from companion.event.feed import EventFeed
    from companion.event.hub import EventHub
    from companion.service.signals import stop_on_signals
    from web import close_streams, make_server
    from web.event import create_event_app
    try:
        broker = BrokerURL.parse(args.broker, username="hub", password=os.environ.get("COMPANION_EVENT_PASSWORD"))
        hub = EventHub(broker, event=args.event)
    except ValueError as e:
        print(f"companion event: {e}", file=sys.stderr)
        return 2
    feed = EventFeed(hub)
    app = create_event_app(hub, feed)
    try:
        server = make_server(app, host=args.bind, port=args.port)
    except OSError as e:
        print(f"companion event: cannot serve on {args.bind}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    serving = [server]
    stop_on_signals(serving)
    hub.start()
    feed.start()
    print(f"event {args.event!r} from {broker}: serving http://{args.bind}:{server.effective_port}/ "
          f"(big screen: /?big=1)", file=sys.stderr, flush=True)
    try:
        server.run()
        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        close_streams(app)
        server.close()
        feed.close()
        hub.close()
