"""The games as pure Python: tags, table snapshots, the engine shape, catalogs and
one subpackage per game. Imports nothing but the standard library (docs/architecture.md)."""
