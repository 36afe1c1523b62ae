"""A screen's first frame without restyling every widget a second time."""

from __future__ import annotations

from textual import events


class StyledOnMount:
    """Mixin for a screen pushed new: its first :class:`~textual.events.ScreenResume` does not
    restyle all of its widgets.

    Textual restyles a screen's whole tree each time the screen becomes the active one, for a
    screen coming back whose styles may have changed while it was covered (a theme, a class
    of the app).  A new screen's widgets were styled as they mounted, a moment before: for
    the new-game and game screens that second pass was a fifth of the time to their first
    frame (README, Benchmark).  Later resumes restyle as before.
    """

    _resumed_before = False

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed_before:
            self._resumed_before = True
            event.refresh_styles = False
        super()._on_screen_resume(event)
