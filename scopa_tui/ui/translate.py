"""The app in the player's language, changed at once from the command palette
(README.md, Languages).

Screens mix in :class:`Translated`:

* the footer shows each binding's description in the player's language (the code's
  ``Binding(..., "quit", ...)`` descriptions are English messages, marked with ``N_``
  where they are written and translated here, when the footer asks for them);
* :meth:`Translated.retranslate` is called on every screen when the language changes,
  and on a screen that comes back (``on_screen_resume``) after a change made while it
  was hidden.  By default it composes the screen again; a screen whose widgets hold
  state the player would lose (the game, the new-game form) overrides it to rewrite
  only its words.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import text
from ..engine.text import _


class Translated:
    """Mixin for a ``Screen``: translated footer, and :meth:`retranslate` on a change."""

    _composed_language: str | None = None

    @property
    def active_bindings(self):  # the footer's view of the bindings, in the player's language
        bindings = super().active_bindings  # type: ignore[misc]
        if text.language() == "en":
            return bindings
        out = {}
        for key, active in bindings.items():
            b = active.binding
            tooltip = _(active.tooltip) if active.tooltip else active.tooltip
            out[key] = active._replace(binding=replace(b, description=_(b.description) if b.description
                                                       else b.description), tooltip=tooltip)
        return out

    # Textual calls the handlers of every class in the MRO: these run beside the screen's own.
    def on_mount(self) -> None:
        self._composed_language = text.language()

    def on_screen_resume(self) -> None:
        if self._composed_language is not None and self._composed_language != text.language():
            self.call_later(self._retranslate_now)

    async def _retranslate_now(self) -> None:
        self._composed_language = text.language()
        await self.retranslate()

    async def retranslate(self) -> None:
        """Show every word of this screen in the language now in use."""
        await self.recompose()  # type: ignore[attr-defined]
