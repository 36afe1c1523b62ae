"""The statistics, history, replay and resume screens and the store's notices in the
player's language (README.md, Languages); a change of language keeps the history's
chosen game and the replay's step."""

from __future__ import annotations

import errno
import json
import os
import re

import pytest
from conftest import file_game, play, setup_for
from textual.app import App
from textual.widgets import DataTable, Static

from scopa_tui import languages
from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import Store, files
from scopa_tui.store.frames import load_text
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.replay import ReplayScreen
from scopa_tui.ui.screens.resume import ResumeScreen
from scopa_tui.ui.screens.stats import StatsScreen
from test_store_screens import ScreensApp, text_of


def finished(seed: int, ai: str = "medium"):
    return play(Game(make_rules(players=2), seed=seed), seed=seed), setup_for(ai=ai)


def filled_store(tmp_path, n=2) -> Store:
    store = Store(tmp_path)
    for seed in range(1, n + 1):
        game, setup = finished(seed)
        file_game(store, game, setup, f"g{seed}", when=1000.0 + seed)
    return store


async def switch(app: App, pilot, lang: str) -> None:
    """What ScopaApp.set_language does for its screens."""
    languages.use(lang)
    await app.screen._retranslate_now()
    await pilot.pause()


async def test_the_statistics_speak_italian_and_tagalog(tmp_path):
    store = filled_store(tmp_path)
    languages.use("it")
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        summary = text_of(app.screen, "#stats-summary")
        assert "Partite giocate 2" in summary and "Punti per mano" in summary and "delle mani" in summary
        assert "Games played" not in summary and "of hands" not in summary
        levels = text_of(app.screen, "#stats-levels")
        assert "Avversari" in levels and "normale" in levels and "Opponents" not in levels
        assert str(app.screen.query_one("#stats-title", Static).content) == "Statistiche"
        languages.use("tl")  # an empty record says so
        app.push_screen(StatsScreen(Store(tmp_path / "empty").stats()))
        await pilot.pause()
        assert "Wala pang tapos na laro" in text_of(app.screen, "#stats-empty")


@pytest.mark.parametrize("lang, percent", [("it", r"\b\d+%"), ("fr", r"\b\d+\u00a0%")])
async def test_the_statistics_write_a_percentage_as_the_language_does(tmp_path, lang, percent):
    """French sets a no-break space before %, as its hints do ("26 % que le suivant l'ait"):
    the statistics wrote "50%"."""
    from test_store_screens import shown

    store = filled_store(tmp_path)
    languages.use(lang)
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for selector in ("#stats-summary", "#stats-levels"):
            text = shown(app.screen.query_one(selector))
            assert re.search(percent, text) and not re.search(r"\d%" if lang == "fr" else "\u00a0%", text), text


@pytest.mark.parametrize("lang, deck, said", [
    ("en", "french", "Diamonds point won"),
    ("it", "italian", "Punto Denari"),
    ("fr", "spanish", "Point d'Oros"),
    ("fr", "french", "Point de Carreau"),
    ("es", "italian", "Punto de Denari"),
    ("tl", "spanish", "Puntos sa Oros"),
])
async def test_the_statistics_name_the_coins_point_as_the_deck_in_use_does(tmp_path, lang, deck, said):
    """Every language said "Denari/coins point won", the Italian deck's name and the English gloss."""
    from scopa_tui.ui.app import ScopaApp
    from scopa_tui.ui.config import GameConfig

    filled_store(tmp_path)
    languages.use(lang)
    app = ScopaApp(GameConfig(deck=deck), ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, StatsScreen) and app.screen.query("#stats-summary"):
                break
        summary = text_of(app.screen, "#stats-summary")
        assert said in summary and "/" not in summary, summary


async def test_the_history_speaks_french_and_keeps_its_row_over_a_change(tmp_path):
    store = filled_store(tmp_path, 3)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down")
        table = app.screen.query_one(DataTable)
        assert table.cursor_row == 1 and str(table.ordered_columns[0].label) == "Date"
        await switch(app, pilot, "fr")
        table = app.screen.query_one(DataTable)
        assert table.cursor_row == 1
        assert [str(c.label) for c in table.ordered_columns] == ["Date", "Joueurs", "Adversaires", "Résultat",
                                                                 "Manches"]
        row = table.get_row_at(0)
        assert row[2] == "intermédiaire" and row[3].startswith(("gagnée ", "perdue "))
        assert "Historique" in text_of(app.screen, "#history-title")
        await pilot.press("enter")  # the replay's title says the result in the language of the moment
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert " · gagnée " in text_of(app.screen, "#replay-title") or " · perdue " in text_of(app.screen, "#replay-title")
        await switch(app, pilot, "it")
        title = text_of(app.screen, "#replay-title")
        assert title.startswith("Mano 1 · passo 1/") and (" · vinta " in title or " · persa " in title)


async def test_a_history_title_too_wide_for_the_screen_leaves_its_keys_to_the_footer(tmp_path):
    store = Store(tmp_path)
    assi = play(Game(make_rules(players=4, variant="scopa-d-assi"), seed=2), seed=2)
    file_game(store, assi, setup_for(4), "a2", when=1002.0)
    languages.use("fr")
    app = ScreensApp(HistoryScreen(store.history(), store.history_record, variant="scopa-d-assi", players=4))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # whole, where "... · ↑↓ choisis une partie, Enter pour la revoir" was cut at "la"
        assert text_of(app.screen, "#history-title") == "Historique : Scopa d'Assi, 4 joueurs"
        assert app.screen.active_bindings["enter"].binding.show
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert text_of(app.screen, "#history-title").endswith(" · ↑↓ choisis une partie, Enter pour la revoir")


async def test_the_replay_speaks_spanish_and_a_change_keeps_the_step(tmp_path):
    game, _setup = finished(3)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna"])
    app = ScreensApp(ReplayScreen([replay], "prueba"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right")
        assert text_of(app.screen, "#replay-title").startswith("Hand 1, play 2 · step 3/")
        await switch(app, pilot, "es")
        assert app.screen.index == 2
        title = text_of(app.screen, "#replay-title")
        assert title.startswith("Mano 1, jugada 2 · paso 3/") and "2 jug. a 11" in title
        said = text_of(app.screen, "#replay-text")
        assert any(w in said for w in ("Jugaste", "Dejaste", "Anna jugó", "Anna dejó")) and "played" not in said
        assert text_of(app.screen, "#replay-totals").startswith("Puntuación — Tú: ")


async def test_the_resume_offer_speaks_spanish(tmp_path):
    languages.use("es")
    app = ScreensApp(ResumeScreen(lambda: "mano 2", 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        question = text_of(app.screen, "#question")
        assert "Tienes una partida sin terminar" in question and "mano 2" in question
        assert "Continuar (Enter)" in str(app.screen.query_one("#yes").label)


def _left_edges(widget) -> set[int]:
    """The screen columns where ``widget``'s lines of text begin."""
    edges = set()
    for y in range(widget.size.height):
        line = "".join(segment.text for segment in widget.render_line(y))
        if line.strip():
            edges.add(widget.region.x + len(line) - len(line.lstrip()))
    return edges


@pytest.mark.parametrize("lang", ["en", "it"])
async def test_the_resume_offers_line_about_another_game_begins_where_the_question_does(lang):
    # The question was centred as a block and the line under it was not: "Hai un'altra partita
    # in sospeso" began 4 columns left of "Hai una partita in sospeso" at 80x24.
    languages.use(lang)
    summary = "mano 2 di una partita a Escoba a 21 (avversario: difficile): Tu: 3, Anna: 0"
    app = ScreensApp(ResumeScreen(lambda: summary, 0, more=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        question, more = _left_edges(app.screen.query_one("#question")), _left_edges(app.screen.query_one("#more"))
        assert len(question) == 1 and more == question, (question, more)


@pytest.mark.parametrize("lang, words", [
    ("en", ["resume", "later", "set aside"]),
    ("it", ["riprendi", "più tardi", "metti da parte"]),
    ("fr", ["reprendre", "plus tard", "mettre de côté"]),
    ("es", ["continuar", "más tarde", "apartar"]),
    ("tl", ["ituloy", "mamaya", "itabi"]),
])
async def test_the_resume_offer_has_a_footer_of_its_keys(lang, words):
    """The resume offer names its keys under it, as every other dialog does, in the buttons'
    order: it was the one dialog without a footer."""
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    languages.use(lang)
    app = ScreensApp(ResumeScreen(lambda: "hand 2", 0))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(100):  # the footer makes its keys after the screen's first frame
            await pilot.pause(0.02)
            if app.screen.query_one(Footer).query(FooterKey):
                break
        await pilot.pause()
        keys = [(k.key, k.description) for k in app.screen.query_one(Footer).query(FooterKey)]
        assert [key for key in keys if key[0] in ("enter", "escape", "n")] == list(zip(("enter", "escape", "n"), words))
        assert all(k.region.width > 0 for k in app.screen.query_one(Footer).query(FooterKey))


def test_a_save_is_summed_up_in_italian(tmp_path):
    from scopa_tui.store.saves import Saves, save_text
    from scopa_tui.store.files import Notices

    game = play(Game(make_rules(players=2), seed=4), moves=3, seed=4)
    saves = Saves(tmp_path, Notices())
    (tmp_path / "g.json").write_text(save_text(game, setup_for(ai="hard"), "g"))
    saved = saves.load("g")
    languages.use("it")
    # one opponent in the singular ("avversari: difficile" was the plural's)
    assert saved.summary().startswith(f"mano {game.hand_no} di una partita a 11 (avversario: difficile): Tu:\u00a0")


def test_a_save_against_two_names_its_opponents_in_the_plural(tmp_path):
    from scopa_tui.store.files import Notices
    from scopa_tui.store.saves import GameSetup, Saves, save_text

    game = play(Game(make_rules(players=3), seed=4), moves=3, seed=4)
    setup = GameSetup(["You", "Anna", "Bruno"], [None, "hard", "medium"], 0)
    saves = Saves(tmp_path, Notices())
    (tmp_path / "g.json").write_text(save_text(game, setup, "g"))
    for lang, words in (("it", "(avversari: difficile e normale)"), ("es", "(rivales: difícil y normal)"),
                        ("fr", "(adversaires\u00a0: difficile et intermédiaire)")):
        languages.use(lang)
        assert words in saves.load("g").summary(), lang


def test_a_save_of_six_names_a_side_with_the_and_of_its_second_name(tmp_path):
    """Six players: Bruno sits with Elena, "Bruno ed Elena" in Italian (not "Bruno e Elena")."""
    from scopa_tui.store.saves import GameSetup, Saves, save_text
    from scopa_tui.store.files import Notices

    game = play(Game(make_rules(players=6), seed=4), moves=3, seed=4)
    names = ["You", "Anna", "Bruno", "Carla", "Dario", "Elena"]
    setup = GameSetup(names, [None] + ["greedy"] * 5, 0)
    saves = Saves(tmp_path, Notices())
    (tmp_path / "g.json").write_text(save_text(game, setup, "g"))
    languages.use("it")
    summary = saves.load("g").summary()
    assert summary.replace("\u00a0", " ").endswith("Tu e Carla: 0, Anna e Dario: 0, Bruno ed Elena: 0"), summary


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_resume_question_keeps_each_side_and_its_points_on_one_row(tmp_path, lang, players):
    """At 80×24 the question put "Bruno" at a row's end and "& Elena: 0." on the next (French
    "Anna et" and "Dario : 0", Tagalog "Ikaw at si" and "Carla: 0"): a side's name and its
    points on one row."""
    from textual.geometry import Region

    from scopa_tui.engine.text import _
    from scopa_tui.engine.words import side_name
    from scopa_tui.store.files import Notices
    from scopa_tui.store.saves import GameSetup, Saves, save_text

    game = play(Game(make_rules(players=players), seed=4), moves=3, seed=4)
    names = ["You", "Anna", "Bruno", "Carla", "Dario", "Elena"][:players]
    (tmp_path / "g.json").write_text(save_text(game, GameSetup(names, [None] + ["medium"] * (players - 1), 0), "g"))
    saved = Saves(tmp_path, Notices()).load("g")
    languages.use(lang)
    you = _("You")
    sides = [side_name([you if names[s] == "You" else names[s] for s in seats]) for seats in game.rules.sides]
    app = ScreensApp(ResumeScreen(saved.summary, 1.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        question = app.screen.query_one("#question")
        rows = [strip.text.replace("\u00a0", " ") for strip in question.render_lines(Region(0, 0, *question.size))]
        for side in sides:
            assert any(re.search(rf"{re.escape(side)} ?: 0\b", row) for row in rows), (side, rows)


def test_a_save_of_escoba_is_summed_up_in_french_without_de_before_its_vowel(tmp_path):
    from scopa_tui.store.saves import Saves, save_text
    from scopa_tui.store.files import Notices

    game = play(Game(make_rules(players=2, variant="escoba"), seed=4), moves=3, seed=4)
    saves = Saves(tmp_path, Notices())
    (tmp_path / "g.json").write_text(save_text(game, setup_for(ai="medium"), "g"))
    saved = saves.load("g")
    languages.use("fr")
    # "une partie de Escoba" was wrong French ("d'Escoba"), as "de" before any game's name that starts with a vowel
    assert saved.summary().startswith(f"manche {game.hand_no} d'une partie en 21 (Escoba, adversaire\u00a0: intermédiaire)\u00a0: ")


def test_a_bad_settings_file_is_reported_in_italian(tmp_path):
    (tmp_path / "settings.json").write_text("{not json")
    languages.use("it")
    store = Store(tmp_path)
    store.settings  # noqa: B018 - reading them reports the file
    (notice,) = store.notices.take()
    assert notice.startswith(f"il file delle impostazioni {tmp_path / 'settings.json'} non è JSON valido (riga 1")
    assert "spostato in settings.json.corrupt-" in notice and "si riparte da zero" in notice


def test_a_damaged_save_is_reported_in_french(tmp_path):
    from scopa_tui.store.saves import Saves
    from scopa_tui.store.files import Notices

    (tmp_path / "x.json").write_text(json.dumps({"format": "nope"}))
    notices = Notices()
    languages.use("fr")
    assert Saves(tmp_path, notices).load("x") is None
    (notice,) = notices.take()
    assert notice.startswith(f"la partie sauvegardée {tmp_path / 'x.json'} n'est pas une sauvegarde de scopa-tui\u00a0;")


async def test_the_game_chosen_in_the_statistics_stays_over_a_change_of_language(tmp_path):
    store = filled_store(tmp_path)
    escoba = play(Game(make_rules(players=2, variant="escoba"), seed=5), seed=5)
    file_game(store, escoba, setup_for(), "e5", when=2000.0)
    languages.use("it")
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app.screen, "#stats-variant") == "Gioco ‹ Tutte le partite ›"
        await pilot.press("right", "right")  # Scopa, Escoba
        await pilot.pause()
        assert "Escobas per mano" in text_of(app.screen, "#stats-summary")
        await switch(app, pilot, "fr")
        assert text_of(app.screen, "#stats-variant") == "Jeu ‹ Escoba ›"
        summary = text_of(app.screen, "#stats-summary")
        assert "Parties jouées 1" in summary and "Velo pris" in summary and "Setenta gagnée" in summary
        assert text_of(app.screen, "#stats-players") == "Joueurs ‹ Tous les nombres ›"
        await pilot.press("left")  # the game's row still has the keys
        await pilot.pause()
        assert text_of(app.screen, "#stats-variant") == "Jeu ‹ Scopa ›"


async def test_the_replay_title_of_a_history_game_keeps_its_result_at_80_columns_in_french(tmp_path):
    store = Store(tmp_path)
    game = play(Game(make_rules(players=4), seed=4), seed=4)
    file_game(store, game, setup_for(4), "g4", when=1_780_000_000.0)
    languages.use("fr")
    (entry,) = store.history()
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        title = text_of(app.screen, "#replay-title")
        assert title.endswith(f" · {entry.date} · {entry.result}")  # the first step: it all fits
        await pilot.press(*["right"] * 6)  # "Manche 1, coup 6": the date gives way to the result
        title = text_of(app.screen, "#replay-title")
        assert title.startswith("Manche 1, coup 6 · ") and title.endswith(f" · {entry.short_date()} · {entry.result}")
        await pilot.resize_terminal(120, 30)
        await pilot.pause()
        assert text_of(app.screen, "#replay-title").endswith(f" · {entry.date} · {entry.result}")


# The common failures to write a save, said in the player's language with the file's path
# (store/files.py, describe_os_error); any other error keeps the system's words after a
# translated lead-in.
OS_ERRORS = {
    "it": {errno.ENOSPC: "spazio esaurito sul disco", errno.EACCES: "permesso negato",
           errno.EPERM: "permesso negato", errno.EROFS: "file system di sola lettura",
           errno.ENOENT: "file o cartella inesistente", errno.ENAMETOOLONG: "nome di file troppo lungo",
           errno.EIO: "errore di sistema: " + os.strerror(errno.EIO)},
    "tl": {errno.ENOSPC: "wala nang puwang sa disk", errno.EACCES: "walang pahintulot",
           errno.EPERM: "walang pahintulot", errno.EROFS: "read-only ang file system",
           errno.ENOENT: "walang ganoong file o folder", errno.ENAMETOOLONG: "masyadong mahaba ang pangalan ng file",
           errno.EIO: "mali ng sistema: " + os.strerror(errno.EIO)},
}


@pytest.mark.parametrize("lang", list(OS_ERRORS))
def test_a_save_that_fails_says_why_in_the_players_language(tmp_path, monkeypatch, lang):
    store = Store(tmp_path)
    game = Game(make_rules(players=2), seed=2)
    session = store.track(game, setup_for())
    play(game, 2)
    path = store.saves.path(session.game_id)
    languages.use(lang)
    for code, words in OS_ERRORS[lang].items():
        monkeypatch.setattr(files, "os", _Failing(code))
        play(game, 1, seed=code)
        monkeypatch.undo()
        (message,) = store.notices.take()
        assert str(path) in message and "\n" not in message
        assert message.endswith(": " + words), message
        assert os.strerror(code) not in message or code == errno.EIO  # no English but the system's own
        play(game, 1, seed=code)  # saved again: the next failure is said again
    assert json.loads(path.read_text())["record"][-1] == game.events[-1].to_record()  # nothing lost


async def test_a_save_that_fails_in_the_app_is_said_in_italian(tmp_path, monkeypatch):
    from scopa_tui.ui.app import ScopaApp
    from scopa_tui.ui.config import GameConfig

    languages.use("it")
    app = ScopaApp(GameConfig(players=2, ai=["greedy"], seed=7), start=True, ai_delay=0, data_dir=str(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        monkeypatch.setattr(files, "os", _Failing(errno.ENOSPC))
        screen = app.screen
        move = app.game.legal_moves()[0]
        screen.table.play(move)
        for _ in range(5):
            await pilot.pause()
        monkeypatch.undo()
        messages = [n.message for n in app._notifications]
        assert any(m.endswith(": spazio esaurito sul disco") and str(tmp_path) in m for m in messages), messages
        assert not any("No space left" in m for m in messages)


class _Failing:
    """The ``os`` module of store/files.py, whose ``write`` fails with ``code``."""

    def __init__(self, code: int):
        self.code = code

    def __getattr__(self, name):
        return getattr(os, name)

    def write(self, fd, data):
        raise OSError(self.code, os.strerror(self.code))


def test_a_damaged_statistics_file_is_told_in_italian_not_in_sqlites_english(tmp_path):
    # SQLite's own words are English ("file is not a database"): the notice says it in the
    # player's language, the path kept.
    path = tmp_path / "scopa.sqlite3"
    path.write_bytes(b"this is not a database at all" * 200)
    languages.use("it")
    store = Store(tmp_path)
    assert store.stats().games == 0
    (message,) = store.notices.take()
    assert str(path) in message and "il file non è un database" in message
    assert "file is not a database" not in message


def test_the_statistics_on_a_full_disk_say_so_in_tagalog(tmp_path, monkeypatch):
    import sqlite3

    from scopa_tui.store import db as dbmod
    store = Store(tmp_path)
    store.stats()  # create the database
    full = sqlite3.OperationalError("database or disk is full")
    full.sqlite_errorname = "SQLITE_FULL"  # as SQLite's own error carries it

    class FullConnection:
        def __init__(self, con):
            self.con = con

        def execute(self, sql, *args):
            if sql.startswith("INSERT"):
                raise full
            return self.con.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.con, name)

    languages.use("tl")
    real = dbmod.Database._connect
    monkeypatch.setattr(dbmod.Database, "_connect", lambda self, *args: FullConnection(real(self, *args)))
    game, setup = finished(5)
    assert not store.db.add_game("g5", records.dumps(game), setup)
    monkeypatch.undo()
    messages = store.notices.take()
    assert messages and all("disk is full" not in m for m in messages)
    assert any(dbmod.describe_db_error(full) in m and str(tmp_path / "scopa.sqlite3") in m for m in messages)
    assert dbmod.describe_db_error(full) == files.describe_os_error(OSError(errno.ENOSPC, "x"))


@pytest.mark.parametrize("lang, said", [
    ("en", "Team Anna & Carla won the game — You\u00a0&\u00a0Bruno:\u00a0{0}, Anna\u00a0&\u00a0Carla:\u00a0{1}"),
    ("es", "El equipo Anna y Carla ganó la partida — Tú\u00a0y\u00a0Bruno:\u00a0{0}, Anna\u00a0y\u00a0Carla:\u00a0{1}"),
    ("tl", "Panalo ang koponan nina Anna at Carla sa laro — Ikaw\u00a0at\u00a0si\u00a0Bruno:\u00a0{0}, Anna\u00a0at\u00a0Carla:\u00a0{1}"),
])
def test_the_replays_last_step_says_a_team_won_in_the_languages_grammar(lang, said):
    # Seed 2: the other pair wins; a team is one subject ("El equipo … ganó"), as on the game
    # screen, where "Anna y Carla ganó" was wrong.  The seat that captured last is known too.
    game = play(Game(make_rules(players=4), seed=2), seed=2)
    assert game.winner == 1
    (replay,) = load_text(records.dumps(game), names=["You", "Anna", "Bruno", "Carla"])
    languages.use(lang)
    assert str(replay.frames[-1].words) == said.format(*game.totals)
    ends = [f.score for f in replay.frames if f.kind == "hand_end"]
    assert all(s.last_capturer is not None for s in ends if s.leftover)


def test_the_replay_names_a_side_with_the_and_of_its_second_name():
    game = play(Game(make_rules(players=6), seed=3), seed=3)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna", "Bruno", "Carla", "Dario", "Elena"])
    languages.use("it")
    from scopa_tui.store.frames import display_side

    assert [display_side(n) for n in replay.side_names] == ["Tu e Carla", "Anna e Dario", "Bruno ed Elena"]
    assert "Bruno ed Elena" in str(replay.frames[-1].words).replace("\u00a0", " ")


@pytest.mark.parametrize("variant, said", [
    ("scopa", "Hand 1: {dealer} 3 cards each and 4 to the table"),
    ("scopone-scientifico", "Hand 1: {dealer} 10 cards each and none to the table"),  # it said "3 … and 4"
    ("scopone-classico", "Hand 1: {dealer} 9 cards each and 4 to the table"),
])
def test_the_replay_says_the_deal_the_game_made(variant, said):
    game = play(Game(make_rules(players=4, variant=variant), seed=2), seed=2)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna", "Bruno", "Carla"])
    seat = game.events[1].dealer  # game_start, then the first deal
    dealer = "You deal" if seat == 0 else f"{['You', 'Anna', 'Bruno', 'Carla'][seat]} deals"
    assert str(replay.frames[0].words) == said.format(dealer=dealer)
    languages.use("it")
    it = str(replay.frames[0].words)
    assert (" 10 carte a testa e nessuna in tavola" in it) == (variant == "scopone-scientifico")


def test_the_replay_says_a_card_laid_on_the_table_as_the_play_log_does():
    game = play(Game(make_rules(players=2), seed=3), seed=3)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna"])
    laid = [str(f.words) for f in replay.frames if f.kind == "play" and not f.captured]
    assert laid and all(w.endswith(" on the table") for w in laid)  # the log's words; it said "to the table"
