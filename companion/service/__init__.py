"""The companion as a service on a Pi: systemd's notifications and watchdog, one way to stop on a
signal, memory handed back to the system, the LAN addresses a phone reaches and HTTPS for its
camera."""
