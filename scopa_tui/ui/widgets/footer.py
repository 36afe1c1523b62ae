"""The footer of every screen: Textual's, drawn closer together where its keys would not fit."""

from __future__ import annotations

from itertools import groupby

from rich.cells import cell_len
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class FitFooter(Footer):
    """Textual's footer, compact (a space between a key and its words, none inside the key's
    block) where its keys and the palette's ``^P`` would not fit the terminal's width
    otherwise: at 80 columns an online game's keys in Tagalog, Italian or French lost their
    last one off the edge ("q u"), and the replay's ran under ``^P palette`` in Italian.
    Bindings of one :class:`~textual.binding.Binding.Group` are drawn as Textual draws them:
    their keys side by side, then the group's words once.

    A screen's ``FOOTER_SPARE`` names the actions whose keys leave the footer first, in that
    order, where the keys would not fit otherwise: drawn close together they ran into one
    another (an online game at 80 columns in Tagalog, Italian, French or Spanish)."""

    # Textual's compact footer draws a group's words against the next key ("stepHome"): a
    # space after them, as in the normal footer.
    DEFAULT_CSS = """
    FitFooter.-compact FooterLabel { margin: 0 1 0 0; }
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._palette_wanted = self.show_command_palette  # given up where even compact keys would not fit
        self._spared: tuple[str, ...] = ()  # the actions whose keys are left out

    def compose(self):
        self._fit()
        for widget in super().compose():
            if not (isinstance(widget, FooterKey) and widget.action in self._spared):
                yield widget

    def on_resize(self) -> None:
        if self._fit():
            self.call_after_refresh(self.recompose)

    @property
    def _with_palette(self) -> bool:
        """Whether the palette's key is wanted here: not in a dialog's footer (a modal
        screen's), which names the dialog's own keys; its keys panel lists ^P."""
        return self._palette_wanted and not self.screen.is_modal

    def widths(self) -> tuple[int, int, int]:
        """The columns the footer's keys take, as Textual draws them, normal and compact, and
        the palette's key docked right after a bar ("▏^P palette"; 0 if it has none)."""
        by_action: dict[str, list] = {}
        for _node, binding, _enabled, _tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in self._spared:
                by_action.setdefault(binding.action, []).append(binding)  # one key per action, as shown
        normal = compact = 0
        display = self.app.get_key_display
        for group, items in groupby(by_action.values(), lambda bindings: bindings[0].group):
            firsts = [bindings[0] for bindings in items]
            if group is not None and len(firsts) > 1:
                keys = sum(cell_len(display(b)) for b in firsts)
                # the keys touch ("←→ step") or a space parts them ("PgUp PgDn hand")
                width = (2 + keys if group.compact else keys + len(firsts) + 1) + cell_len(group.description) + 1
                normal += width
                compact += width
            else:
                for b in firsts:
                    normal += cell_len(display(b)) + cell_len(b.description) + 3
                    compact += cell_len(display(b)) + cell_len(b.description) + 2
        palette = 0
        if self._with_palette and self.app.ENABLE_COMMAND_PALETTE:
            active = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if active is not None:  # its padding, or in compact its margin, and the bar
                palette = cell_len(display(active.binding)) + cell_len(active.binding.description) + 3
        return normal, compact, palette

    def _fit(self) -> bool:
        """Without the screen's spare keys where the others need the room (the palette's
        key gives way first), compact where the keys still need it, and without the palette's
        key (Ctrl+P works on every screen, the help says so) where even that is not enough;
        True if a key comes or goes."""
        if not self._bindings_ready or not self.is_attached:
            return False
        width = self.size.width or self.app.size.width
        spared = self._spared
        self._spared = ()
        normal, compact, palette = self.widths()
        for action in getattr(self.screen, "FOOTER_SPARE", ()):
            if normal <= width:
                break
            self._spared += (action,)
            normal, compact, palette = self.widths()
        self.compact = normal + palette > width
        show = self._with_palette and compact + palette <= width
        changed = show != self.show_command_palette or spared != self._spared
        self.show_command_palette = show
        return changed
