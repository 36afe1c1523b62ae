#!/usr/bin/env python3
"""Extract, update and compile the message catalogs with Babel (README.md, "Languages").

    python tools/catalogs.py            # extract, update every .po, compile every .mo
    python tools/catalogs.py --check    # exit 1 if a catalog or .mo is not up to date

Run it from the repository's root after changing any message.  It writes
``scopa_tui/locale/scopa_tui.pot`` (every message the code marks), brings each
``scopa_tui/locale/LANG/LC_MESSAGES/scopa_tui.po`` up to date with it (new messages
empty, messages the code no longer uses dropped), and compiles the ``.mo`` files that
the game reads.  Messages are kept sorted and without line numbers, so that a change in
the code does not rewrite the catalogs.

``--fragments DIR`` first copies translations from ``DIR/*/LANG.po`` (partial catalogs
written side by side) into the catalogs, replacing theirs; where two fragments translate
one message, the first in name order wins.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

# Fixed dates in the headers: the catalogs change only when their messages do.
STAMP = datetime(2026, 11, 30, tzinfo=timezone.utc)
ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scopa_tui"
LOCALE = PACKAGE / "locale"
DOMAIN = "scopa_tui"
LANGUAGES = ("it", "fr", "es", "tl")  # English is the messages as written
PLURALS = {  # two forms each: one, and more than one (French: 0 and 1 are singular)
    "it": (2, "(n != 1)"), "es": (2, "(n != 1)"), "fr": (2, "(n > 1)"), "tl": (2, "(n != 1)"),
}
HEADER = ("# scopa-tui's messages in {language}, written by the scopa-tui developers.\n"
          "# How to change or add a language: README.md, Languages.  Same licence as scopa-tui.")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "npgettext": ((1, "c"), 2, 3)}


def extract() -> Catalog:
    """Every message the package marks, as a template."""
    pot = Catalog(project="scopa-tui", domain=DOMAIN, fuzzy=False)
    method_map = [("**.py", "python")]
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        if filename.startswith("locale"):
            continue
        pot.add(message, None, [(f"scopa_tui/{filename}", lineno)], auto_comments=comments,
                context=context)
    return pot


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load(path: Path, lang: str) -> Catalog:
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=DOMAIN)
    return Catalog(locale=lang, domain=DOMAIN, project="scopa-tui", fuzzy=False)


def dump_po(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, no_location=True, sort_output=True, omit_header=False,
             ignore_obsolete=True, include_previous=False)
    return buf.getvalue()


def dump_mo(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def _has(message) -> bool:
    s = message.string
    return bool(all(s) if isinstance(s, (tuple, list)) else s)


def updated(lang: str, pot: Catalog, fragments: Path | None) -> Catalog:
    catalog = load(po_path(lang), lang)
    if fragments is not None:
        given = {}  # (context, id) -> message: the first fragment (in name order) that translates it
        for frag in sorted(fragments.glob(f"*/{lang}.po")):
            with frag.open("rb") as f:
                part = read_po(f, locale=lang, domain=DOMAIN)
            for m in part:
                if m.id and _has(m):
                    given.setdefault((m.context, m.id if isinstance(m.id, str) else m.id[0]), m)
        for m in given.values():  # a fragment's translation replaces the catalog's
            have = catalog.get(m.id, context=m.context)
            if have is None:
                catalog.add(m.id, m.string, context=m.context)
            else:
                have.string = m.string
                have.flags.discard("fuzzy")
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    n, expr = PLURALS[lang]
    catalog._num_plurals, catalog._plural_expr = n, expr  # Babel's own fields for the header
    catalog.fuzzy = False
    catalog.header_comment = HEADER.format(language=lang)
    catalog.project, catalog.version = "scopa-tui", ""
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "scopa-tui developers"
    catalog.language_team = f"{lang} <scopa-tui developers>"
    catalog.revision_date = catalog.creation_date = STAMP
    return catalog


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 if out of date")
    p.add_argument("--fragments", type=Path, help="copy translations from DIR/*/LANG.po first")
    args = p.parse_args(argv)
    pot = extract()
    pot.creation_date = pot.revision_date = STAMP
    outputs: dict[Path, bytes] = {LOCALE / f"{DOMAIN}.pot": dump_po(pot)}
    for lang in LANGUAGES:
        catalog = updated(lang, pot, args.fragments)
        po = dump_po(catalog)
        outputs[po_path(lang)] = po
        outputs[po_path(lang).with_suffix(".mo")] = dump_mo(read_po(io.BytesIO(po), locale=lang,
                                                                    domain=DOMAIN))
    stale = [path for path, data in outputs.items() if not path.exists() or path.read_bytes() != data]
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)} (run python tools/catalogs.py)")
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(outputs[path])
        print(f"wrote {path.relative_to(ROOT)}")
    missing = {lang: sum(1 for m in load(po_path(lang), lang) if m.id and (not _has(m) or m.fuzzy))  # fuzzy: not compiled
               for lang in LANGUAGES}
    print("untranslated: " + ", ".join(f"{lang} {n}" for lang, n in missing.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
