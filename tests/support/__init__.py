"""Helpers shared by the tests (import as ``tests.support...`` or ``support...``)."""
