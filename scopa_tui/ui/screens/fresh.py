"""A screen's first frame without restyling every widget a second time, and without the
layout and drawing Textual throws away when the screen is the app's first (README,
Benchmark)."""

from __future__ import annotations

from textual import events

from ... import collector


class StyledOnMount:
    """Mixin for a screen pushed new: its first :class:`~textual.events.ScreenResume` does not
    restyle all of its widgets, and a first screen waits for the start-up batch to end before
    it is laid out and drawn.

    Textual restyles a screen's whole tree each time the screen becomes the active one, for a
    screen coming back whose styles may have changed while it was covered (a theme, a class
    of the app).  A new screen's widgets were styled as they mounted, a moment before: for
    the new-game and game screens that second pass was a fifth of the time to their first
    frame (README, Benchmark).  Later resumes restyle as before.

    The app pushes its first screen while Textual starts up, inside a batch that holds back
    every frame.  Left alone, the screen was laid out when it resumed, again for the resize
    event that first layout sends the screen itself (by then its widgets had changed), and
    drawn, and that drawing was thrown away (a batch writes nothing): the frame the player
    saw was drawn once more after the batch.  Here a layout asked for during the batch only
    remembers the size, and the screen is laid out and drawn once, as soon as the batch is
    over (:meth:`_first_frame`).  What the screen asked to run "after refresh" waits for that
    first frame, as it does for any screen pushed later.
    """

    _resumed_before = False
    _first_size = None  # the size of a layout held back during the start-up batch
    _first_frame_due = False  # a held-back layout waits for _first_frame

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed_before:
            self._resumed_before = True
            event.refresh_styles = False
        super()._on_screen_resume(event)

    def _refresh_layout(self, size=None, scroll: bool = False) -> None:
        app = self.app
        if app._batch_count and (self._first_size is None or self._first_frame_due):
            # In a batch (Textual's start-up), never laid out yet: held back (see the class).
            self._first_size = size or self._first_size or app.size
            if self._first_frame_due or app.call_later(self._first_frame):
                self._first_frame_due = True
                return
        super()._refresh_layout(size, scroll)

    async def _first_frame(self) -> None:
        """The held-back layout and the first frame, once the start-up batch is over; then
        what waited for it, before the app handles anything else (a key, a test's query).
        Should a batch still be open (the app closing), Textual handles the layout as usual."""
        self._first_frame_due = False
        if self.is_attached:
            super()._refresh_layout(self._first_size)  # draws at once outside a batch
        collector.release()  # held off by the command line until now (scopa_tui/collector.py)
        if self.is_attached:
            await self._invoke_and_clear_callbacks()

    async def _invoke_and_clear_callbacks(self) -> None:
        if self._first_frame_due:  # "after refresh" is after the first frame
            return
        await super()._invoke_and_clear_callbacks()
