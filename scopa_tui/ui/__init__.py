"""The full-screen Textual app (``scopa-tui`` with no subcommand)."""

from .wrapping import keep_words_together

keep_words_together()
