"""The full-screen Textual app (``scopa-tui`` with no subcommand)."""
