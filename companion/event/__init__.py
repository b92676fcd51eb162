"""Event mode: many tables, one event page, over an MQTT broker.

Each table's companion publishes its public view, its status (online, or offline
by the broker's Last Will), a compact stream of what happened and every game's
result under ``tc/<event>/tables/<table>/``; results wait in the table's journal
until the broker acknowledges them (:mod:`.publisher`). The hub (``companion
event``, :mod:`.hub`) reads everything back, works out the standings
(:mod:`.standings`) and serves the event page, whose spectators follow what
changes (:mod:`.feed`) on the web server's own live stream. :mod:`.topics` is
the topic tree and the payloads, :mod:`.broker` writes a Mosquitto
configuration with one login per table and read-only ones for the hub and any
other reader. See docs/event.md.
"""
