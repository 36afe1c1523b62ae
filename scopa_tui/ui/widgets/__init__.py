"""Widgets of the game screen, grouped by feature."""
