"""Choosing the language and reading its catalog (README.md, "Languages").

The catalogs are ``scopa_tui/locale/LANG/LC_MESSAGES/scopa_tui.mo``, compiled by Babel
from the ``.po`` files beside them (``python tools/catalogs.py``).  The language comes
from ``--lang``, else the settings, else the environment (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

from .engine import text
from .engine.text import N_

DOMAIN = "scopa_tui"
LOCALE_DIR = Path(__file__).parent / "locale"
# Each language under its own name, as a player looks for it in a menu.
LANGUAGES = {"it": "Italiano", "en": "English", "fr": "Français", "es": "Español", "tl": "Tagalog"}
DEFAULT = "en"
# Other names a locale may give a language we have.
ALIASES = {"fil": "tl"}


def normalize(name: str | None) -> str | None:
    """``it``, ``it_IT.UTF-8``, ``fr-CA``, ``fil_PH`` -> a code of :data:`LANGUAGES`, or None."""
    if not name:
        return None
    code = name.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    code = ALIASES.get(code, code)
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, as the C library reads it: the first of
    ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set decides (None: not one of ours,
    or ``C``/``POSIX``)."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key)
        if value:
            return normalize(value)
    return None


def choose(requested: str | None = None, remembered: str | None = None,
           environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` wins, then the settings, then the environment, then English."""
    return normalize(requested) or normalize(remembered) or from_environment(environ) or DEFAULT


def catalog(code: str) -> gettext.NullTranslations | None:
    """The compiled catalog of ``code`` (None for English or a missing catalog)."""
    if code == DEFAULT:
        return None
    try:
        return gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    except OSError:
        return None


def use(code: str) -> str:
    """Show every message in ``code`` from now on; returns the code in use."""
    code = normalize(code) or DEFAULT
    translations = catalog(code)
    text.install(translations, code if translations is not None else DEFAULT)
    _translate_argparse()
    return text.language()


def _translate_argparse() -> None:
    """argparse's own words (``usage:``, ``options``, ``show this help message and exit``)
    come from our catalogs too: its messages are listed in :data:`ARGPARSE_MESSAGES`."""
    import argparse

    argparse._ = text._  # type: ignore[attr-defined]
    argparse.ngettext = text.ngettext  # type: ignore[attr-defined]


# The messages of Python's argparse that a player of scopa-tui can see, marked here so
# that they are in our catalogs (argparse looks them up through the functions above).
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("options"), N_("positional arguments"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"), N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("show program's version number and exit"),
    N_("expected at least one argument"), N_("expected at most one argument"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def _argparse_plurals(n: int) -> str:
    """Marks argparse's one message with plural forms for the catalogs."""
    return text.ngettext("expected %s argument", "expected %s arguments", n)
