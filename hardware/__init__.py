"""Devices behind small interfaces: frame sources (Picamera2, OpenCV, replay, the
simulated table) and indicators (LEDs, buzzer, buttons through gpiozero).

Imports only the standard library and device libraries (docs/architecture.md)."""
