"""The words of the game in the player's language (README.md, "Languages").

Every message a player may read is written in English in the code and looked up here
when it is shown: ``_("Your turn")``, ``ngettext("{n} card", "{n} cards", n).format(n=n)``,
``pgettext("point", "Cards")`` where one English word means two things.  ``N_`` only
marks a message for the catalogs (a constant translated later, where it is shown).

The catalogs themselves are read by :mod:`scopa_tui.languages`, which hands them to
:func:`install`; until then, and for English, the messages are shown as written.  No
I/O here: the engine may ask for its words without knowing where they come from.

A message is a whole sentence with named fields (``"{name} took the settebello"``),
never English fragments glued together, so that each language can order its words.
"""

from __future__ import annotations

import gettext as _gettext

_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def install(translations: _gettext.NullTranslations | None, language: str) -> None:
    """Use ``translations`` from now on (None: English, the messages as written)."""
    global _translations, _language
    _translations = translations if translations is not None else _gettext.NullTranslations()
    _language = language


def language() -> str:
    """The code of the language in use: ``en``, ``it``, ``fr``, ``es`` or ``tl``."""
    return _language


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that goes with the number ``n`` (the catalog knows how many
    forms its language has: ``"{n} card"``/``"{n} cards"``)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (``pgettext("point", "Cards")``)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (a constant)."""
    return message


def decimal(number: str) -> str:
    """A number as written (``f"{x:.2f}"``, ``f"{s:g}"``) with the language's decimal mark:
    ``0,67`` in Italian, French and Spanish."""
    # TRANSLATORS: your language's decimal mark, as in 0.67 ("," in Italian: 0,67).
    return number.replace(".", pgettext("decimal mark", "."))
