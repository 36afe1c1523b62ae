"""The command line in the player's language (README.md, Languages): help texts, the
one-line errors and their ``scopa-tui: error:`` prefix, the simulator's summary; chosen
with ``--lang`` (also after a subcommand) or by the environment's ``LANG``."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scopa_tui import languages, simulate
from scopa_tui.cli import build_parser, main

ROOT = Path(__file__).resolve().parent.parent
# The subcommands whose words are the command line's own (server and online have theirs).
OURS = ("simulate", "bot", "replay", "export", "web", "server", "online")


def _error_line(argv, capsys) -> str:
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


def test_lang_it_gives_the_one_line_error_in_italian(tmp_path, capsys):
    err = _error_line(["--lang", "it", "--data-dir", str(tmp_path), "--players", "7"], capsys)
    assert err == "scopa-tui: errore: argomento --players: a Scopa si gioca in 2, 3, 4 o 6, non in 7\n"


@pytest.mark.parametrize("argv,says", [
    (["--ai", "greedy,random"], "--ai nomina 2 IA, ma una partita a 2 giocatori ha 1 posto oltre al tuo"),
    (["--players", "3", "--ai", "greedy,random,easy"], "ha 2 posti oltre al tuo"),
    (["simulate", "--ai", "wizard"], "IA sconosciuta 'wizard': scegli tra easy, greedy"),
    (["simulate", "--ai", "hard:time=61"], "è troppo grande: al massimo 60 secondi per mossa"),
    (["simulate", "--games", "0"], "deve essere almeno 1, non 0"),
    (["simulate", "--option", "nope"], "regola sconosciuta 'nope'"),
    (["simulate", "--variant", "poker"], "variante sconosciuta 'poker'"),
    (["simulate", "--seed", "many"], "'many' non è un numero intero"),
])
def test_the_checks_speak_italian(argv, says, tmp_path, capsys):
    err = _error_line(["--lang", "it", "--data-dir", str(tmp_path)] + argv, capsys)
    assert err.startswith("scopa-tui: errore: ") and says in err


def test_the_environment_chooses_french(tmp_path):
    env = {**os.environ, "LANG": "fr_FR.UTF-8"}
    for key in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        env.pop(key, None)
    done = subprocess.run([sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path), "--ai", "wizard"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == ("scopa-tui: erreur\u00a0: argument --ai\u00a0: IA inconnue 'wizard'\u00a0: choisis parmi "
                           "easy, greedy, hard, medium, pimc, random, ou cmd:COMMANDE\n")


def test_lang_after_a_subcommand_is_taken(tmp_path, capsys):
    missing = tmp_path / "missing.jsonl"
    err = _error_line(["replay", "--lang", "it", "--data-dir", str(tmp_path), str(missing)], capsys)
    assert err == f"scopa-tui: errore: impossibile aprire il file della partita {missing}: non esiste\n"


def test_an_abbreviated_lang_or_data_dir_is_the_language_of_the_run(tmp_path, capsys):
    # argparse takes --lan for --lang, and --data for --data-dir: the run spoke the first language
    # while the game remembered the one given (the next run spoke it).
    missing = tmp_path / "missing.jsonl"
    err = _error_line(["replay", "--lan", "it", "--data-dir", str(tmp_path), str(missing)], capsys)
    assert err == f"scopa-tui: errore: impossibile aprire il file della partita {missing}: non esiste\n"
    (tmp_path / "settings.json").write_text('{"version": 1, "language": "fr"}')
    err = _error_line(["replay", "--data", str(tmp_path), str(missing)], capsys)
    assert err.startswith("scopa-tui: erreur\u00a0: impossible d")


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Every text of the help of the top level and of our subcommands, by where it is."""
    texts = {"description": parser.description}
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    parsers = {"": parser, **{name: subparsers.choices[name] for name in OURS}}
    for name, p in parsers.items():
        texts[f"{name} description"] = p.description
        for action in p._actions:
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    if choice.dest in OURS:
                        texts[f"command {choice.dest}"] = choice.help
                continue
            where = f"{name} {'/'.join(action.option_strings) or action.dest}"
            texts[where] = action.help
            # an option's value as its help names it: argparse's own is its English name (--host
            # HOST), or its choices ({standard,gamerules,ludoteka}), which stay as typed
            named = action.option_strings and action.nargs != 0 and action.choices is None
            metavar = action.metavar or (action.dest.upper() if named else None)
            if metavar not in (None, "N", "URL"):  # the same in every language
                texts[where + " metavar"] = metavar
    return texts


def test_every_help_text_of_our_commands_is_in_spanish():
    english = _helps(build_parser())
    languages.use("es")
    spanish = _helps(build_parser())
    assert english.keys() == spanish.keys()
    left = {where: text for where, text in spanish.items() if text == english[where]}
    assert not left, f"still in English: {left}"


def test_simulate_help_in_spanish_has_no_english_left(tmp_path, capsys):
    with pytest.raises(SystemExit) as done:
        main(["--lang", "es", "--data-dir", str(tmp_path), "simulate", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for word in ("uso: scopa-tui simulate", "opciones:", "muestra esta ayuda y sale", "número de partidas",
                 "semilla", "--record ARCHIVO", "--target PUNTOS"):
        assert word in out
    for word in ("usage", "options", "help message", "number of games", "seed (", "default", "FILE", "POINTS",
                 "the game", "comma", "AIs"):
        assert word not in out, word


SUMMARY = {"players": 2, "preset": "standard", "variant": "escoba", "options": ["napola"], "target": 21,
           "games": 1, "seed": 7, "hands": 5, "seconds": 0.5, "games_per_second": 2.0,
           "ai": [{"ai": "greedy", "games": 1, "wins": 1, "win_rate": 1.0, "ci95": [0.2, 1.0],
                   "points_per_hand": 3.0, "decision_ms": 0.1, "faults": 0}]}


def test_the_simulator_summary_in_italian_and_its_json_in_english():
    languages.use("it")
    table = simulate.format_table(SUMMARY)
    assert table.splitlines()[0].split() == ["IA", "partite", "vinte", "%", "vittorie", "(IC", "95%)",
                                             "punti/mano", "ms/mossa", "errori"]
    assert table.splitlines()[-1] == ("1 partita, 5 mani, 2 giocatori, escoba, regole locali napola, "
                                      "regolamento standard, a 21 punti, seed 7: 0,50 s, 2,0 partite/s")
    # the decimal mark of the statistics screen (0,67): it read 0.50 s, 100.0% and 3.00
    assert table.splitlines()[2].split() == ["greedy", "1", "1", "100,0%", "(20,0-100,0)", "3,00", "0,100", "0"]
    assert '"games_per_second": 2.0' in simulate.to_json(SUMMARY)  # machines read it: English keys and numbers


def test_the_crash_line_in_tagalog(tmp_path):
    from scopa_tui.ui.crash import crash_line

    class App:
        crash_error = KeyError("x")
        crash_log = tmp_path / "crash.log"

        def crash_advice(self):
            return ""

    languages.use("tl")
    assert crash_line(App()) == (f"scopa-tui: huminto dahil may mali sa loob ng programa (KeyError: 'x'); "
                                 f"nasa {tmp_path / 'crash.log'} ang mga detalye")


def test_the_simulator_summary_of_a_game_to_one_point_in_italian_is_singular():
    languages.use("it")
    table = simulate.format_table({**SUMMARY, "target": 1})
    assert "regolamento standard, a 1 punto, seed 7" in table.splitlines()[-1]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_output_that_cannot_show_a_character_shows_a_question_mark(tmp_path, encoding):
    # A terminal set to ASCII or ISO-8859-1: the French summary stopped on its first "é"
    # (or "…") with "erreur : 'ascii' codec can't encode character…", the games played lost.
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), PYTHONIOENCODING=encoding)
    run = subprocess.run([sys.executable, "-m", "scopa_tui", "--data-dir", str(tmp_path), "--lang", "fr", "simulate",
                          "--games", "2", "--variant", "escoba"],
                         capture_output=True, env=env, timeout=120)
    assert run.returncode == 0 and run.stderr == b""
    summary = run.stdout.decode(encoding).splitlines()[-1]
    assert summary.startswith("2 parties, ") and "21 points" in summary
