"""What the game's two apps (the game and the replay viewer) do with the theme's colours:
the ANSI themes marked for the stylesheets, and NO_COLOR drawn in the terminal's own colours
or in greys (README, Terminals and colours)."""

from __future__ import annotations

from textual.filter import Monochrome, NoColor


class ThemeColours:
    """Mixed into an ``App`` before it."""

    def watch_theme(self, theme: str) -> None:
        # ANSI themes cannot blend colours: game.tcss drops the tinted backgrounds for them.
        self.set_class(theme.startswith("ansi"), "-ansi")
        self._refresh_no_color_filter()

    def get_css_variables(self) -> dict[str, str]:
        """The theme's variables; with NO_COLOR and an ANSI theme, which draw no colour at all,
        the focused row of a form or a list underlined (README, Terminals and colours): its
        cursor was its colours, and only bold was left, as on the rows beside it (reversed, a
        choice's value would not show it: Textual leaves reverse out of a component's style)."""
        variables = super().get_css_variables()
        if self.no_color and self.native_ansi_color:
            variables["block-cursor-text-style"] = "bold underline"
        return variables

    def _refresh_no_color_filter(self) -> None:
        """NO_COLOR in the environment: the terminal's own colours for an ANSI theme, greys for
        the others.  Textual picks its filter once, for the theme it starts with (its default):
        it turned every colour grey by its red, green and blue, and the ANSI themes' colours
        (the terminal's own) have none: all black, the text black on black."""
        if self.no_color:
            plain = NoColor() if self.native_ansi_color else Monochrome()
            self._filters[:] = [plain if isinstance(f, (NoColor, Monochrome)) else f for f in self._filters]
