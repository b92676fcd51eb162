"""The appliance: tag decoding, calibration, tracking, the session loop, the
journal, configuration and the command line. Wires ``models``, ``hardware`` and
``web`` together (docs/architecture.md)."""

__version__ = "0.1.0"
