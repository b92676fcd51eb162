"""One module per ``companion`` subcommand; each defines ``add_parser(sub)`` and
``run(args) -> int``."""
