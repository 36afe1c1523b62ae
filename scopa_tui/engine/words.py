"""Lists in words, in the player's language: ``"6c or 6s"``, ``"2, 3, 4 or 6"``,
``"You and Anna"``, a side of partners ``"You & Carla"`` (the messages themselves:
:mod:`.text`).  Where a language changes its "and" before the sound of the next word
(Italian "Anna ed Elena", Spanish "Tú e Inés"), the rule is :data:`_AND_CHANGES` and the
words are the catalog's "euphonic and" messages.  Where a language elides the word before a
name that begins with a vowel (French "Table d'Anna", but "Table de Bruno"), the rule is
:data:`_ELISIONS` and the words are the "elided" messages."""

from __future__ import annotations

import unicodedata

from .text import _, language, pgettext


def _letters(word: str) -> str:
    """``word``'s letters in lower case without their accents, from its first letter:
    ``"Íñigo"`` -> ``"inigo"``, ``"¡Hola"`` -> ``"hola"``."""
    plain = "".join(c for c in unicodedata.normalize("NFD", word) if not unicodedata.combining(c))
    plain = plain.casefold()
    start = next((i for i, c in enumerate(plain) if c.isalpha()), len(plain))
    return plain[start:]


def _italian_ed(word: str) -> bool:
    """Italian writes "ed" before a word beginning with e: "Anna ed Elena", "Tu ed Èlia"."""
    return _letters(word).startswith("e")


def _spanish_e(word: str) -> bool:
    """Spanish writes "e" before a word beginning with the sound i, written i or hi ("Tú e
    Inés", "Anna e Hilda"), but not before hi and another vowel, where the sound is a
    consonant's ("Anna y Hielo", "y Hiato")."""
    w = _letters(word)
    if w.startswith("hi"):
        return w[2:3] not in ("a", "e", "o", "u")
    return w.startswith("i")


_VOWELS = ("a", "e", "i", "o", "u", "y", "œ", "æ")  # as :func:`_letters` leaves them


def _french_elides(word: str) -> bool:
    """French elides "de", "que", "le", "la" before a vowel or a mute h: "Table d'Anna",
    "d'Émile", "d'Hélène", "d'Yves", but "de Bruno", and "de Yann", where y and a vowel
    sound a consonant's.  A name's h is taken as mute ("d'Hugo"); a name that does not begin
    with a letter ("8Ball") is not elided before."""
    word = word.lstrip()
    if not word[:1].isalpha():
        return False
    w = _letters(word)
    if w.startswith("y"):
        return w[1:2] not in _VOWELS
    return (w[1:] if w.startswith("h") else w)[:1] in _VOWELS


# The languages whose "and" changes before some words: whether it does before this one.
_AND_CHANGES = {"it": _italian_ed, "es": _spanish_e}
# The languages that elide the word before some words: whether they do before this one.
_ELISIONS = {"fr": _french_elides}


def _holds(rules, word) -> bool:
    """Whether the rule of the language in use among ``rules`` holds for ``word`` (no rule: no)."""
    rule = rules.get(language())
    return bool(rule and rule(str(word)))


def and_changes(word: str) -> bool:
    """Whether the language in use writes another "and" before ``word`` (see
    :data:`_AND_CHANGES`): then the "euphonic and" messages join it."""
    return _holds(_AND_CHANGES, word)


def elides(word: str) -> bool:
    """Whether the language in use elides the word before ``word``, a name or a list of
    names beginning with one (see :data:`_ELISIONS`): then the "elided" messages name it."""
    return _holds(_ELISIONS, word)

# Unicode categories taken out of a name read from outside (a record, a save, the history, a
# server): control characters (ESC, BEL, CR: what a terminal would obey) and line and
# paragraph separators become spaces; format characters (bidi overrides, zero-width marks),
# private use, surrogates and unassigned code points are removed.
_SPACED = frozenset({"Cc", "Zl", "Zp"})
_REMOVED = frozenset({"Cf", "Co", "Cs", "Cn"})
# Combining marks kept on one letter: enough for any language's accents and vowel signs
# (Vietnamese stacks two), not the dozens of "Zalgo" text that climb over the lines above.
MARKS_MOST = 3


ZWJ = "\u200d"  # the zero-width joiner: 👩 ZWJ 👩 ZWJ 👧 draws one family, 🏳️ ZWJ 🌈 one flag
SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")  # the modifiers that colour the emoji before them (👍🏽)
REGIONAL = ("\U0001f1e6", "\U0001f1ff")  # two of these letters draw a country's flag (🇮🇹)


def _pictograph(ch: str) -> bool:
    """An emoji that a joiner may join to the next, a skin tone included: a symbol of the
    emoji's planes, or of the blocks whose symbols the joined emoji take (♀ ⚕ ❤ ✈ ➡ ⬛); not a
    box's line (─), whose joiner a terminal that joins whatever it joins would hide."""
    return ((unicodedata.category(ch) == "So" and (ch >= "\U0001f000" or "\u2600" <= ch <= "\u27bf"
                                                  or "\u2b00" <= ch <= "\u2bff"))
            or SKIN_TONES[0] <= ch <= SKIN_TONES[1])


def _joins(kept: list[str], after: str) -> bool:
    """Whether a joiner between ``kept`` and the character ``after`` it is one inside an emoji
    (👩‍👩‍👧, 🏳️‍🌈): an emoji before it (its variation selector or skin tone aside) and after it.
    Elsewhere ("An\u200dna") it draws nothing, and is taken out as the other format characters."""
    before = next((c for c in reversed(kept) if unicodedata.category(c)[0] != "M"), "")
    return bool(before and after) and _pictograph(before) and _pictograph(after)


def clean_text(text: str) -> str:
    """``text`` without control and format characters (but for a joiner inside an emoji:
    :func:`_joins`), runs of white space made one space, at most :data:`MARKS_MOST`
    combining marks on a letter:
    a name or a line from a file or a server as it may be shown (``"\\x1b[2JAnna"`` would
    clear the player's terminal and ``"\\x1b]0;…\\x07"`` set its title)."""
    if text.isprintable() and "  " not in text and text == text.strip() and text.isascii():
        return text  # the usual name: nothing to take out
    kept, marks = [], 0
    for i, ch in enumerate(text):
        category = unicodedata.category(ch)
        if category in _SPACED:
            kept.append(" ")
        elif ch == ZWJ and _joins(kept, text[i + 1:i + 2]):
            kept.append(ch)
        elif category[0] == "M":  # a combining mark: a few on one letter, not a tower of them
            marks += 1
            if marks <= MARKS_MOST:
                kept.append(ch)
        elif category not in _REMOVED:
            kept.append(ch)
        if category[0] != "M":
            marks = 0
    return " ".join("".join(kept).split())


# Letters that draw nothing: Hangul's fillers and the blank Braille pattern (a name of them
# alone showed as an empty seat), as combining marks with no letter to sit on.
_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shows_something(text: str) -> bool:
    """True when ``text`` (as :func:`clean_text` leaves it) draws something on the screen: not
    only spaces, combining marks and blank letters ("\u3164", "\u0301\u0301")."""
    return any(not ch.isspace() and ch not in _BLANK and unicodedata.category(ch)[0] != "M" for ch in text)


def _regional(ch: str) -> bool:
    return REGIONAL[0] <= ch <= REGIONAL[1]


def characters(text: str) -> list[str]:
    """``text`` in the characters a screen draws, each whole: a letter with its accents, an
    emoji with its variation selector and skin tone, the emoji a joiner joins to it (👩‍👩‍👧 is
    one), a flag's two letters (🇮🇹)."""
    drawn: list[list[str]] = []
    for ch in text:
        last = drawn[-1] if drawn else None
        if last and (unicodedata.category(ch)[0] == "M" or ch == ZWJ or last[-1] == ZWJ
                     or SKIN_TONES[0] <= ch <= SKIN_TONES[1]
                     or (len(last) == 1 and _regional(last[0]) and _regional(ch))):
            last.append(ch)
        else:
            drawn.append([ch])
    return ["".join(chars) for chars in drawn]


def cut(text: str, most: int) -> str:
    """``text`` cut to its first ``most`` code points, where a character drawn ends (never
    inside an emoji of several: :func:`characters`)."""
    if len(text) <= most:
        return text
    # the characters of one code point more: the last one goes on past ``most``, or begins there
    return "".join(characters(text[:most + 1])[:-1])


NAME_MOST = 24  # characters of a name as shown: as long as a name at an online table may be


def shown_name(text: str, most: int = NAME_MOST) -> str:
    """A seat's name read from outside (a record, a save, the history, a server) as it may be
    shown: :func:`clean_text`, and cut to ``most`` characters with "…" (a record's name of
    5,000 letters filled the replay's screen), an emoji of several never cut in two."""
    text = clean_text(text)
    return text if len(text) <= most else cut(text, most - 1).rstrip() + "…"


def labelled(label: str) -> str:
    """``label`` followed by a colon, as the language writes one before what it introduces:
    ``"1 scopa:"``, French ``"1 scopa\u00a0:"`` (a no-break space before the colon), for the
    lines that put a label before cards or words of their own ("2 scope: 7d 3c", "Anna: hi")."""
    # TRANSLATORS: a label before what it introduces (the score panel's "2 scope: 7d 3c", a
    # chat line's "Anna: hello"); French puts a no-break space before the colon.
    return _("{label}:").format(label=label)


def either(items) -> str:
    """Alternatives: ``"6c or 6s"``, ``"2, 3, 4 or 6"``."""
    items = [str(x) for x in items]
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the last of a list of alternatives: {items} is "2, 3, 4" (or a single
    # item), {last} is "6": "2, 3, 4 or 6"; also cards, "6c or 6s".
    return pgettext("alternatives", "{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def neither(items) -> str:
    """What a side has none of, after "no": ``"Spade or Bastoni"``, which the languages that
    say it with their "nor" write so: French "sans Spade ni Bastoni", Italian "senza Spade
    né Bastoni", Spanish "sin Espadas ni Bastos"."""
    items = [str(x) for x in items]
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the last of a list of things a side has none of, after "no" ("no {suits}"):
    # {items} is "Denari, Coppe" (or one), {last} "Spade": English "no Coppe or Spade", with
    # your language's "nor" where it takes one (French "sans Coppe ni Spade", Italian
    # "senza Coppe né Spade").
    return pgettext("none of", "{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def both(items) -> str:
    """All of them: ``"You and Anna"``, ``"Anna, Bruno and Carla"``."""
    items = [str(x) for x in items]
    if len(items) == 1:
        return items[0]
    if and_changes(items[-1]):
        # TRANSLATORS: as "{items} and {last}" (context "list"), where {last} begins with a
        # sound your language writes another "and" before: Italian "Anna, Bruno ed Elena"
        # ("ed" before e), Spanish "Anna, Bruno e Inés" ("e" before i and hi). Other
        # languages never show it: write it as "{items} and {last}".
        template = pgettext("list, euphonic and", "{items} and {last}")
    else:
        # TRANSLATORS: the last of a list: {items} is "Anna, Bruno" (or one name), {last} "Carla".
        template = pgettext("list", "{items} and {last}")
    return template.format(items=", ".join(items[:-1]), last=items[-1])


def both_sides(names, pairs: bool) -> str:
    """Sides in a list: ``"You and Anna"``; sides of partners (``pairs``), whose names say
    "and" already, with a slash between them: ``"Tu e Dario / Anna ed Elena"``."""
    names = [str(x) for x in names]
    return " / ".join(names) if pairs else both(names)


def side_score(name: str, points) -> str:
    """A side and its points in a list of scores: ``"Anna: 3"``.  The separator keeps a
    name that ends in a digit apart from its points ("AI 3: 1", not "AI 3 1").  The name
    and its points stay on one row where they fit, no-break spaces between their words in
    every language: not "Anna et Carla :" at a line's end and "5." alone on the next, nor
    "Bruno" and "& Elena: 0" (README.md, Languages)."""
    # TRANSLATORS: a side and its points, in lists such as "You: 3, Anna: 1" (a seat's name can end in a digit, "AI 3").
    template = pgettext("a side's points", "{side}: {points}").replace(" {points}", "\u00a0{points}")
    return template.format(side=name.replace(" ", "\u00a0"), points=points)


def side_name(names) -> str:
    """A side's name from its seats' names, as the player's language writes a pair of
    partners: ``"Anna"``, ``"You & Carla"`` (the player first), ``"Anna & Bruno"``; in
    Tagalog ``"Ikaw at si Carla"``.  ``names`` are as shown: the player's is "You" in the
    language in use."""
    names = [str(x) for x in names]
    if len(names) == 1:
        return names[0]
    you = _("You")
    if you in names:  # a side is two seats at most (README.md, Variants and house rules)
        partner = next((x for x in names if x != you), you)
        return _you_and(and_changes(partner)).format(partner=partner)
    if and_changes(names[1]):
        # TRANSLATORS: as "{first} & {second}" (context "side"), where {second} begins with
        # a sound your language writes another "and" before: Italian "Anna ed Elena" ("ed"
        # before e), Spanish "Anna e Inés", "Anna e Hilda" ("e" before i and hi, not hie).
        # Other languages never show it: write it as "{first} & {second}".
        template = pgettext("side, euphonic and", "{first} & {second}")
    else:
        # TRANSLATORS: a side of two partners other than the player: "Anna & Bruno".
        template = pgettext("side", "{first} & {second}")
    return template.format(first=names[0], second=names[1])


def _you_and(euphonic: bool) -> str:
    """The message that names the player's side with a partner, ``{partner}`` to fill."""
    if euphonic:
        # TRANSLATORS: as "You & {partner}" (context "side"), where the partner's name begins
        # with a sound your language writes another "and" before: Italian "Tu ed Elena"
        # ("ed" before e), Spanish "Tú e Inés", "Tú e Hilda" ("e" before i and hi, not hie).
        # Other languages never show it: write it as "You & {partner}".
        return pgettext("side, euphonic and", "You & {partner}")
    # TRANSLATORS: the player's side in a game of partners; {partner} is the partner's
    # name ("Carla"). Write it as your language joins "you" and a name.
    return pgettext("side", "You & {partner}")


def is_your_side(name: str) -> bool:
    """Whether a side's name is the player's side with a partner, as :func:`side_name`
    writes it in the language in use ("You & Carla", "Tu ed Elena")."""
    for euphonic in (False, True):
        head, _mark, tail = _you_and(euphonic).partition("{partner}")
        if len(name) > len(head) + len(tail) and name.startswith(head) and name.endswith(tail):
            return True
    return False
