"""``?`` and F1, the help, on every screen and dialog a player can be on (README.md,
Playing): the game's help while a game is on, else Scopa's; ``at`` opens it at a part of
it (``"keys"``: the statistics' and the history's own keys, which their help says;
``"scoring"``: the rules' paragraph on a hand's points, the scoring screen's)."""

from __future__ import annotations

from textual.binding import Binding

from ..engine.text import N_


def help_bindings(screen: str, at: str | None = None, show: bool = False, typing: bool = False,
                  show_f1: bool = False) -> list[Binding]:
    """The help keys of ``screen`` (the prefix of their ids); ``show``: ``?`` in the footer,
    ``show_f1``: F1 (where ``?`` types itself in a field); ``typing``: a screen that is all one
    line of text keeps ``?`` to type, F1 only."""
    action = f"app.show_help({at!r})" if at else "app.show_help"
    f1 = Binding("f1", action, N_("help"), id=f"{screen}.help_f1", show=show_f1)
    if typing:
        return [f1]
    return [Binding("question_mark", action, N_("help"), id=f"{screen}.help", show=show), f1]
