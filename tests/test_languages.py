"""The catalogs (README.md, Languages): every message the code uses is translated in
every language, no catalog keeps a message the code no longer uses, the compiled .mo
files say what the .po files say, and a translation keeps its message's fields."""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from scopa_tui import languages
from scopa_tui.engine import text

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = module
    spec.loader.exec_module(module)
    return module


catalogs = _tool()
POT = catalogs.extract()
USED = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in POT if m.id}
FIELD = re.compile(r"\{[^{}]*\}|%(?:\([a-z_]+\))?[-#0 +]?\d*(?:\.\d+)?[sdrfgi%]")


def _key(message):
    return (message.context, message.id if isinstance(message.id, str) else message.id[0])


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    languages.use("en")


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_every_message_the_code_uses_is_translated_and_none_is_left_over(lang):
    po = catalogs.load(catalogs.po_path(lang), lang)
    have = {_key(m) for m in po if m.id}
    missing = sorted(USED - have, key=str)
    unused = sorted(have - USED, key=str)
    assert not missing, f"{lang}: {len(missing)} messages not in the catalog, e.g. {missing[:5]}"
    assert not unused, f"{lang}: {len(unused)} messages the code no longer uses, e.g. {unused[:5]}"
    empty = [m.id for m in po if m.id and (not all(_strings(m)) or m.fuzzy)]
    assert not empty, f"{lang}: {len(empty)} messages without a translation, e.g. {empty[:5]}"


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_a_translation_keeps_the_fields_of_its_message(lang):
    po = catalogs.load(catalogs.po_path(lang), lang)
    wrong = []
    for m in po:
        if not m.id or not all(_strings(m)):
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        wanted = sorted(set(FIELD.findall(ids[-1])))
        for s in _strings(m):
            got = sorted(set(FIELD.findall(s)))
            # A singular may leave out the number ("una carta" for "{n} card").
            if got != wanted and not (len(ids) > 1 and set(got) < set(wanted) and s is _strings(m)[0]):
                wrong.append((m.id, s))
    assert not wrong, f"{lang}: translations whose fields differ: {wrong[:5]}"


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_the_compiled_catalog_says_what_the_po_file_says(lang):
    po = catalogs.load(catalogs.po_path(lang), lang)
    with catalogs.po_path(lang).with_suffix(".mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for m in po:
        if not m.id or not all(_strings(m)):
            continue
        if isinstance(m.id, str):
            got = mo.pgettext(m.context, m.id) if m.context else mo.gettext(m.id)
            assert got == m.string, (lang, m.id)
        else:
            for n, want in ((1, _strings(m)[0]), (5, _strings(m)[-1])):
                got = mo.npgettext(m.context, *m.id, n) if m.context else mo.ngettext(*m.id, n)
                if lang != "fr" or n != 1:  # French: plural from 2
                    assert got == want, (lang, m.id, n)


def test_the_language_follows_the_environment_then_the_settings_then_lang():
    assert languages.from_environment({"LANG": "it_IT.UTF-8"}) == "it"
    assert languages.from_environment({"LC_ALL": "fr_CA.UTF-8", "LANG": "it_IT.UTF-8"}) == "fr"
    assert languages.from_environment({"LC_MESSAGES": "es_ES", "LANG": "it_IT"}) == "es"
    assert languages.from_environment({"LANG": "fil_PH.UTF-8"}) == "tl"
    assert languages.from_environment({"LANG": "de_DE.UTF-8"}) is None
    assert languages.from_environment({"LANG": "C.UTF-8"}) is None
    assert languages.choose(None, None, {"LANG": "de_DE"}) == "en"
    assert languages.choose(None, "es", {"LANG": "it_IT"}) == "es"
    assert languages.choose("tl", "es", {"LANG": "it_IT"}) == "tl"


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_use_installs_the_catalog_for_the_whole_program(lang):
    assert languages.use(lang) == lang
    assert text.language() == lang
    assert text._("positional arguments") != "positional arguments"
    import argparse

    assert argparse._("positional arguments") == text._("positional arguments")
    languages.use("en")
    assert text._("positional arguments") == "positional arguments"


def test_numbers_take_the_language_s_decimal_mark():
    assert text.decimal("0.67") == "0.67"
    for lang, said in (("it", "1,5"), ("fr", "1,5"), ("es", "1,5"), ("tl", "1.5")):
        languages.use(lang)
        assert text.decimal("1.5") == said
        assert text.decimal("12") == "12"


def test_french_keeps_its_signs_on_the_word_before_them():
    """French sets a space before : ; ? ! % and inside « »: a no-break one (U+00A0), so that a
    wrapped line never begins with one of these signs (scopa_tui/ui/wrapping.py)."""
    po = catalogs.load(catalogs.po_path("fr"), "fr")
    breakable = re.compile(r"[^\S\u00a0\u2007\u202f](?=[:;?!»]|%(?![(a-z]))|«[^\S\u00a0\u2007\u202f]")  # not %(name)s
    wrong = [s for m in po if m.id for s in _strings(m) if breakable.search(s)]
    assert not wrong, f"fr: {len(wrong)} translations with a breakable space before : ; ? ! % », e.g. {wrong[:3]}"
    spaced = [s for m in po if m.id for s in _strings(m) if re.search(r"\w\u00a0[:;?!»]", s)]
    assert len(spaced) > 100  # the French spacing is kept, not dropped
    narrow = [s for m in po if m.id for s in _strings(m) if "\u202f" in s]
    assert not narrow, f"fr: the no-break space is U+00A0 throughout (README.md, Languages), not U+202F: {narrow}"


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_play_logs_hand_header_names_the_dealer_with_the_top_bars_verb(lang):
    """The top bar says "reparte Anna", the seat "Anna · reparte": the log's header of the
    hand says it with the same verb ("— Mano 1: reparte Anna —"), where Spanish said "da"."""
    from scopa_tui.engine.text import _

    languages.use(lang)
    assert _("deals") in _("— Hand {n}: {name} deals —")
    assert _("you deal") in _("— Hand {n}: You deal —")


def test_every_language_sets_the_hand_apart_from_its_dealer_in_the_play_logs_header():
    """ "— Hand 1: Anna deals —" with a colon after the hand in every language: Tagalog had none
    ("— Yugto 1 bigay ni Anna —")."""
    from scopa_tui.engine.text import _

    for lang in ("en", *catalogs.LANGUAGES):
        languages.use(lang)
        for header in (_("— Hand {n}: You deal —"), _("— Hand {n}: {name} deals —")):
            assert re.match(r"— \w+ \{n\}\u00a0?: ", header), (lang, header)


def test_tagalog_calls_the_ace_and_the_king_by_its_own_words():
    """The Tagalog help says "Alas" and "Hari"; the house rules' summaries and the napola's
    lines said "Asso" and "Re", the Italian deck's names, which only that deck's cards keep."""
    po = catalogs.load(catalogs.po_path("tl"), "tl")
    italian = re.compile(r"\b(Asso|Re)\b(?! bello)")
    wrong = [s for m in po if m.id and m.context != "italian deck" for s in _strings(m) if italian.search(s)]
    assert not wrong, wrong
    said = [s for m in po if m.id for s in _strings(m) if re.search(r"\bAlas\b", s)]
    assert len(said) > 5  # the Tagalog word is the one used


def test_tagalog_counts_sweeps_with_the_noun_as_it_is():
    """Tagalog does not inflect a noun for its plural: "dalawang escoba" in the help, so "2 escoba"
    and "2 scopa" in the counts. The score panel and the seats said "2 escobas" and "2 scope",
    and the statistics "Escobas bawat yugto"."""
    po = catalogs.load(catalogs.po_path("tl"), "tl")
    # (the help's "*scope*", in italics, is the word cited: the scoring's row, "Scope" in every language)
    plural = re.compile(r"(?<!\*)\b(escobas|scope)\b(?!\*)", re.IGNORECASE)
    wrong = [s for m in po if m.id for s in _strings(m) if plural.search(s)]
    assert not wrong, wrong
    languages.use("tl")
    assert text.ngettext("{n} escoba", "{n} escobas", 2).format(n=2) == "2 escoba"


def test_french_says_tu_to_the_player():
    """French says "tu" to the player, as every other message does: the web server's lines said
    "fermez-la et réessayez", "ouvrez … dans un navigateur". "vous" is said to a pair only (the
    context "your side": "Toi et Carla : vous gagnez la partie")."""
    po = catalogs.load(catalogs.po_path("fr"), "fr")
    formal = re.compile(r"\b(vous|votre|vos|vôtres?)\b|\b\w+ez\b", re.IGNORECASE)
    wrong = [s for m in po if m.id and m.context != "your side" for s in _strings(m) if formal.search(s)]
    assert not wrong, wrong

@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_a_person_offline_is_said_with_the_one_word_of_the_seat(lang):
    """The seat says "offline" beside the cards where "person · offline" does not fit: the
    messages say the same word. Italian said "offline", "persona · non connessa" and "Anna è
    senza connessione"; Spanish "persona · desconectada"; Tagalog "tao · hindi konektado" and
    "Walang koneksiyon si Anna"."""
    from scopa_tui.engine.text import _

    languages.use(lang)
    word = _("offline")
    for message in ("person · offline", "{name} is offline",
                    "{name} is offline: the AI plays for them if they are not back when the time is up"):
        assert word.lower() in _(message).lower(), (lang, message, _(message))


def test_tagalog_plays_a_card_with_one_verb():
    """Tagalog plays a card with "itira" (a play is a "tira"): the house rule of the Ace, its
    help and the bot's faults said "ilaro", the verb of playing a game ("Larong nilaro")."""
    po = catalogs.load(catalogs.po_path("tl"), "tl")
    wrong = [s for m in po if m.id for s in _strings(m) if re.search(r"\b(ilaro|ilalaro|inilaro)\b", s)]
    assert not wrong, wrong


@pytest.mark.parametrize("lang, team", [("fr", "équipe"), ("tl", "koponan")])
def test_a_rule_of_every_game_gives_its_point_to_whoever_takes_it_not_to_a_team(lang, team):
    """A rule that holds in a game of two says who scores it without a team ("qui n'a pris aucune
    carte", "ang walang nakuhang baraha"): the primiera of a missing suit, the setenta's tie and
    the last cards of a hand were a team's in French and Tagalog ("une équipe sans carte d'une
    couleur", "va à l'équipe qui a pris en dernier", "ang koponang walang baraha")."""
    po = catalogs.load(catalogs.po_path(lang), lang)
    rule = re.compile(r"\b(a|the) side that\b", re.IGNORECASE)
    wrong = [s for m in po if m.id and rule.search(m.id if isinstance(m.id, str) else m.id[0])
             for s in _strings(m) if team in s.lower()]
    assert not wrong, wrong


def test_tagalog_names_a_key_with_its_own_word():
    """Tagalog's keys are "mga pindutan" (the help's "# Mga pindutan", the keys panel), a press
    a "pindot": the away line said "hanggang pumindot ka ng key" and the web server "mga key"."""
    po = catalogs.load(catalogs.po_path("tl"), "tl")
    english = re.compile(r"(?<!\{)\bkeys?\b(?!\})", re.IGNORECASE)
    wrong = [s for m in po if m.id for s in _strings(m) if english.search(s)]
    assert not wrong, wrong


@pytest.mark.parametrize("lang, verb, other", [("es", "barr", "limpi"), ("tl", "walis", "linis")])
def test_a_sweep_is_said_with_one_verb(lang, verb, other):
    """Spanish sweeps the table with "barrer", Tagalog with "walisin", as the hints say it: the
    line of a last card that sweeps and its house rule said "limpió la mesa", "limpiar la mesa",
    "Nilinis ... ang mesa", "paglinis ng mesa"."""
    po = catalogs.load(catalogs.po_path(lang), lang)
    wrong = [s for m in po if m.id for s in _strings(m) if other in s.lower()]
    assert not wrong, wrong
    said = [s for m in po if m.id for s in _strings(m) if verb in s.lower()]
    assert len(said) > 10