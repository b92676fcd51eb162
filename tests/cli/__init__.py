"""The command line's papercuts, as a new user meets them: each test runs a
``companion`` command the way the README tells it and checks what it says."""
