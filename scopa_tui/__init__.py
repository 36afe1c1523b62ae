"""scopa-tui: the Italian card game Scopa in the terminal."""

__version__ = "0.1.0"
