"""Where a line of text may break (README.md, Languages): at a space, but not at a no-break
space, nor at a space before ``:``, ``;``, ``?``, ``!`` or ``»`` or after ``«``, as
Unicode's line-breaking rules have it (a line never begins with one of these signs).

French sets a space before these signs and inside ``« »``; its catalog writes a no-break
space (U+00A0) there (tests/test_languages.py checks it).  Every text Textual shows is
wrapped by Rich, which breaks a line at any Unicode space, the no-break ones too, and
Textual's Markdown (the help) turns every space of a paragraph into an ordinary one before
it is wrapped.  So Rich's pattern of a word (a run of text and the spaces a line may break
at after it) is replaced here by one in which these spaces belong to the word.  Applied
when :mod:`scopa_tui.ui` is imported, before any text is wrapped.
"""

from __future__ import annotations

import re

from rich import _wrap

NO_BREAK = "\u00a0\u2007\u202f"  # the no-break, figure and narrow no-break spaces
CLOSING = ":;?!»"  # signs a line does not begin with, even after a space
_GLUE = rf"[{NO_BREAK}]|\s(?=[{CLOSING}])|(?<=«)\s"  # spaces a line does not break at
_SPACE = rf"(?:(?!{_GLUE})\s)"
WORD = re.compile(rf"{_SPACE}*(?:\S+|{_GLUE})+{_SPACE}*")


def glued(text: str) -> str:
    """``text`` with its spaces made no-break: its words on one row where they fit (a row too
    narrow for them breaks between them: widgets/scoreboard.py ``kept_together``)."""
    return text.replace(" ", NO_BREAK[0])


def keep_words_together() -> None:
    """Make Rich's (and so Textual's) line breaks follow :data:`WORD`."""
    _wrap.re_word = WORD
