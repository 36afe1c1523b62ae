"""Online play in the player's language (README.md, Languages): the lobby and the chat in
Italian and French, a switch of language that keeps the open tables and what the player
typed or chose, the open tables fitting 80 columns in every language, a server's error
shown in Italian by its code (its English text stays on the wire), the table's own words,
and the ``online`` command's one-line errors in Italian."""

from __future__ import annotations

import asyncio
import socket
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.cells import cell_len
from net_helpers import bot_table, running_server
from test_net_app import online_app, until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ui"))
from helpers import settle  # noqa: E402

from scopa_tui import languages  # noqa: E402
from scopa_tui.cli import main  # noqa: E402
from scopa_tui.net.client import ERROR_LINES, error_line  # noqa: E402
from scopa_tui.net.remote import RemoteTable  # noqa: E402
from scopa_tui.net.seat import result_lines  # noqa: E402
from scopa_tui.table.base import TableError  # noqa: E402
from scopa_tui.ui.app import ScopaApp  # noqa: E402
from scopa_tui.ui.screens.chat import ChatScreen  # noqa: E402
from scopa_tui.ui.screens.lobby import LobbyScreen  # noqa: E402

LISTED = [  # long titles and games, as a lobby may list them
    {"code": "K7XQ93PA", "title": "Anna's table for Sunday evening", "variant": "scopone-scientifico",
     "options": ["napola", "re-bello"], "players": 4, "seats_free": 3, "preset": "ludoteka", "target": 21,
     "turn_limit": 300.0},
    {"code": "M4RT2ZQX", "title": "Sunday escoba", "variant": "escoba", "options": [], "players": 2,
     "seats_free": 1, "preset": "standard", "target": 21, "turn_limit": 60.0},
]


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def shown(screen, selector: str) -> str:
    """The entry a list shows (its current choice), as the player reads it."""
    return str(screen.query_one(selector).query_one("SelectCurrent #label").render())


def listed_app(monkeypatch) -> ScopaApp:
    """The app on a lobby that lists :data:`LISTED` (no server: the listing is scripted)."""
    def listed(self):
        self.show_tables(LISTED, "ws://127.0.0.1:7654/")

    monkeypatch.setattr(LobbyScreen, "action_refresh", listed)
    return ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"}, ai_delay=0)


async def test_the_lobby_in_italian_lists_a_table_of_the_server(tmp_path):
    languages.use("it")
    async with running_server(tmp_path) as (server, url):
        task, code = await bot_table(url)
        app = online_app(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.screen.codes, "the lobby")
            lobby = app.screen
            table = lobby.query_one("#tables")
            assert [str(c.label) for c in table.ordered_columns] == [
                "codice", "titolo", "gioco", "giocatori", "regole", "punti", "tempo"]
            assert table.get_row_at(0)[0] == code and table.get_row_at(0)[3] == "1/2"
            assert text_of(lobby, "#lobby-error") == f"1 tavolo aperto su {url}"
            assert "gioca online" in text_of(lobby, "#lobby-title")
            assert lobby.query_one("#open-tables").border_title == "Tavoli aperti (Enter per entrare)"
            assert str(lobby.query_one("#create").label) == "Crea"
            assert lobby.query_one("#public").selection is True
            assert "pubblico" in shown(lobby, "#public")
            words = " ".join(str(w.render()) for w in lobby.query("Label, Button"))
            for english in ("Name", "Code", "Players", "Target", "Rules", "Limit", "Create", "Join"):
                assert english not in words.split(), english
        task.cancel()


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_open_tables_fit_80_columns_in_every_language(monkeypatch, lang):
    languages.use(lang)
    app = listed_app(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen.query_one("#tables")
        assert table.row_count == 2
        assert table.virtual_size.width <= table.size.width, "the list scrolls sideways"
        last = table.ordered_columns[-1]
        assert table.get_row_at(0)[-1] == "300 s" and last.get_render_width(table) >= len("300 s")
        title = table.get_row_at(0)[1]
        assert title.endswith("…") and LISTED[0]["title"].startswith(title[:-1])  # cut, and says so


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_lobbys_line_of_a_server_out_of_reach_is_shown_whole_at_80_columns(lang):
    # The line under the form was one row high: at 80 columns "✗ cannot reach
    # ws://127.0.0.1:9/: nothing answers there: is the table server running, on that port?"
    # read "… nothing answers there: is the table", the rest cut off (in every language).
    from helpers import shown as drawn

    languages.use(lang)
    app = online_app("ws://127.0.0.1:9/")  # nothing listens there
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
        lobby = app.screen
        await until(pilot, lambda: "127.0.0.1:9" in text_of(lobby, "#lobby-error"), "the line")
        await settle(pilot)
        line = text_of(lobby, "#lobby-error")
        assert cell_len(line) > 78  # longer than the screen is wide: it wraps, whole
        assert " ".join(drawn(lobby.query_one("#lobby-error")).split()) == " ".join(line.split())
        # the list keeps rows for the tables (none listed: the room of the line saying so)
        assert lobby.query_one("#tables").size.height + lobby.query_one("#no-tables").size.height >= 2


@pytest.mark.parametrize("lang, public, private", [
    ("en", "Lobby public", "Lobby private"), ("it", "Tavolo pubblico", "Tavolo privato"),
    ("fr", "Table publique", "Table privée"), ("es", "Mesa pública", "Mesa privada")])
async def test_a_new_tables_listing_reads_as_words_of_the_language(monkeypatch, lang, public, private):
    # The label and its choice are read together: French read "Salon publique", Italian "Sala
    # pubblico" (the choice agrees with the table, the label was the lobby, of another gender).
    languages.use(lang)
    app = listed_app(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert f"{text_of(lobby, '#l-lobby')} {shown(lobby, '#public')}" == public
        lobby.query_one("#public").value = False
        await settle(pilot)
        assert f"{text_of(lobby, '#l-lobby')} {shown(lobby, '#public')}" == private


@pytest.mark.parametrize("lang, said", [
    ("en", ["AI easy", "AI medium", "AI hard", "AI random"]),
    ("it", ["IA facile", "IA normale", "IA difficile", "IA casuale"]),
    ("fr", ["IA facile", "IA intermédiaire", "IA difficile", "IA aléatoire"]),
    ("es", ["IA fácil", "IA normal", "IA difícil", "IA al azar"]),
    ("tl", ["AI madali", "AI katamtaman", "AI mahirap", "AI basta-basta"])])
async def test_the_lobbys_ai_levels_read_with_their_label_as_the_new_game_form_names_them(monkeypatch, lang, said):
    # Italian read "IA medio" (the level agreed with "avversario", the AI is feminine), Spanish
    # "IA medio", French "IA moyen", Tagalog "AI kahit ano" where its help said "basta-basta". A
    # level's name is one word of no gender, the same on the new-game form, the seats and the
    # statistics (scopa_tui/store/words.py).
    from scopa_tui.store.words import level_word

    languages.use(lang)
    app = listed_app(monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        for level, words in zip(("easy", "medium", "hard", "random"), said):
            lobby.query_one("#ai").value = level
            await settle(pilot)
            assert f"{text_of(lobby, '#l-ai')} {shown(lobby, '#ai')}" == words
            assert shown(lobby, "#ai") == level_word(level)


async def test_a_language_switch_keeps_the_tables_and_what_the_player_typed_and_chose(monkeypatch):
    app = listed_app(monkeypatch)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.query_one("#code").value = "ZZZZ"
        lobby.query_one("#name").value = "Annalisa"
        lobby.query_one("#variant").value = "escoba"
        await settle(pilot)
        lobby.query_one("#players").value = 4
        lobby.query_one("#ai").value = "hard"
        lobby.query_one("#public").value = False
        box = lobby.query_one("#opt-napola")
        box.value = not box.value
        lobby.query_one("#tables").move_cursor(row=1)
        await settle(pilot)
        app.set_language("fr")
        await settle(pilot)
        assert app.screen is lobby
        assert lobby.query_one("#open-tables").border_title == "Tables ouvertes (Enter pour rejoindre)"
        assert str(lobby.query_one("#join").label) == "Rejoindre"
        assert [str(c.label) for c in lobby.query_one("#tables").ordered_columns][3] == "joueurs"
        assert text_of(lobby, "#lobby-error") == "2 tables ouvertes sur ws://127.0.0.1:7654/"
        assert "4 (équipes)" in shown(lobby, "#players")
        assert "difficile" in shown(lobby, "#ai")
        assert "privée" in shown(lobby, "#public")  # Table privée
        assert "classiques" in shown(lobby, "#preset")  # it stayed "standard"
        # What the player typed and chose is all there.
        assert lobby.query_one("#code").value == "ZZZZ" and lobby.query_one("#name").value == "Annalisa"
        assert lobby.create_options() == {"variant": "escoba", "options": ["napola"], "players": 4,
                                          "preset": "standard", "target": 21, "ai": "hard", "turn_limit": 60,
                                          "public": False}
        assert lobby.codes == ["K7XQ93PA", "M4RT2ZQX"] and lobby.query_one("#tables").cursor_row == 1
        app.set_language("en")
        await settle(pilot)
        assert lobby.query_one("#open-tables").border_title == "Open tables (Enter joins)"
        assert lobby.create_options()["options"] == ["napola"]
        assert "standard" in shown(lobby, "#preset")


async def test_a_server_error_is_shown_in_italian_by_its_code(tmp_path):
    languages.use("it")
    async with running_server(tmp_path) as (server, url):
        app = online_app(url)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen)
                        and "tavol" in text_of(app.screen, "#lobby-error"), "the lobby")
            lobby = app.screen
            lobby.query_one("#code").value = "ABCDEFGH"  # no such table
            await pilot.click("#join")
            await until(pilot, lambda: text_of(lobby, "#lobby-error").startswith("✗ non"), "the refusal")
            assert text_of(lobby, "#lobby-error") == "✗ non c'è nessun tavolo con questo codice"
            app.set_language("es")  # the line follows the language
            await settle(pilot)
            assert text_of(lobby, "#lobby-error") == "✗ no hay ninguna mesa con este código"


class Silent:
    """A client that says nothing (the table is fed by hand)."""

    url, name = "ws://127.0.0.1:7654/", "Carla"

    def __aiter__(self):
        return self

    async def __anext__(self):
        await asyncio.Event().wait()


async def test_the_table_says_its_words_and_the_servers_errors_in_the_players_language():
    seats = [{"name": "Anna", "kind": "person", "connected": False}, {"name": None, "kind": "open"},
             {"name": "AI 3", "kind": "ai", "level": "hard"}]
    info = {"code": "K7XQ93PA", "players": 3, "preset": "standard", "target": 11, "seats": seats,
            "phase": "waiting"}
    languages.use("it")
    table = RemoteTable(Silent(), {"code": "K7XQ93PA", "seat": 1, "token": "t", "table": info})
    said = []
    table.subscribe(lambda item: said.append(item.text) if isinstance(item, TableError) else None)
    assert (table.title, table.status) == ("tavolo K7XQ93PA", "")  # connected: not news
    assert [table.seat_label(s) for s in (0, 2)] == ["persona · offline", "IA (difficile)"]
    # an open seat is named so; the line under its name does not say it again
    other = RemoteTable(Silent(), {"code": "K7XQ93PA", "seat": 0, "token": "t", "table": info})
    assert (other.seats[1].name, other.seat_label(1)) == ("posto libero", "")
    table.take({"type": "error", "code": "not_your_turn", "message": "it is Anna's turn", "ref": "play"})
    table.take({"type": "error", "code": "new_code", "message": "a server newer than this client"})
    table.take({"type": "connection", "status": "lost", "message": "connessione persa"})
    assert said == ["non tocca a te", "a server newer than this client", "connessione persa"]
    assert table.status == "riconnessione…"
    languages.use("fr")
    assert (table.title, table.status) == ("table K7XQ93PA", "reconnexion…")


def test_every_error_code_of_the_protocol_has_a_line_in_every_language():
    from scopa_tui.net.messages import ERROR_CODES

    assert set(ERROR_LINES) == set(ERROR_CODES)
    for lang in ("it", "fr", "es", "tl"):
        languages.use(lang)
        for code in ERROR_CODES:
            assert error_line(code, "English") != ERROR_LINES[code].format(most=24), (lang, code)
    languages.use("it")
    assert error_line("bad_name", "the name is empty") == "il server rifiuta il nome: da 1 a 24 caratteri, senza [ o ]"


@pytest.mark.parametrize("argv,words", [
    (["online", "--name", "Anna", "--create", "--title", "[red]x", "--ai", "easy"],
     "il titolo non può contenere [ o ]"),
    (["online", "--name", "x" * 30, "--create", "--ai", "easy"], "il nome ha 30 caratteri (al massimo 24)"),
    (["online", "--name", "Anna", "--create", "--turn-limit", "0", "--ai", "easy"],
     "dev'essere tra 1 e 600 secondi, non 0"),
    (["online", "--name", "Anna", "--create", "--ai-seats", "genius", "--ai", "easy"],
     "'genius' non è un livello dell'IA"),
    (["online", "--name", "Anna", "--ai", "easy"], "scegli --create o --join CODE"),
    (["server", "--certfile", "cert.pem"], "--certfile e --keyfile vanno usati insieme"),
])
def test_the_online_commands_errors_are_one_line_in_italian(argv, words, capsys):
    assert main(["--lang", "it", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err


def test_a_server_out_of_reach_is_one_line_in_italian(capsys):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["--lang", "it", "online", "--server", f"ws://127.0.0.1:{port}/", "--name", "Anna", "--create",
                 "--ai", "easy"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"scopa-tui: errore: impossibile raggiungere ws://127.0.0.1:{port}/")


def test_the_headless_seat_says_the_winner_in_italian():
    languages.use("it")
    table = {"seats": [{"name": "Anna"}, {"name": None}]}
    assert result_lines(table, {"totals": [11, 4], "winner": 0}, 2) == ["Anna     11", "posto 2  4", "vince: Anna"]


async def test_the_chat_in_french_keeps_what_is_typed_through_a_switch():
    app = ScopaApp(ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        languages.use("fr")
        app.push_screen(ChatScreen())
        await settle(pilot)
        chat = app.screen
        assert chat.query_one("#chat-box").border_title == "Discussion"
        assert chat.query_one("#chat-input").placeholder.startswith("dis quelque chose à la table")
        await pilot.press(*"[oui]", "enter")
        assert text_of(chat, "#chat-hint") == "✗ [ et ] ne peuvent pas être envoyés\u00a0: le serveur les refuse"
        app.set_language("it")
        await settle(pilot)
        assert app.screen is chat and chat.query_one("#chat-input").value == "[oui]"
        assert chat.query_one("#chat-box").border_title == "Chat"
        assert text_of(chat, "#chat-hint") == "✗ [ e ] non si possono mandare: il server li rifiuta"


async def test_an_ai_seat_is_named_in_the_players_language():
    # The server names AI seats "AI 3" in English: an Italian player read "AI 3" beside "IA (normale)".
    seats = [{"name": "Anna", "kind": "person"}, {"name": "Bruno", "kind": "ai", "level": "easy"},
             {"name": "AI 3", "kind": "ai", "level": "hard"}]
    info = {"code": "K7XQ93PA", "players": 3, "preset": "standard", "target": 11, "seats": seats,
            "phase": "play"}
    languages.use("it")
    table = RemoteTable(Silent(), {"code": "K7XQ93PA", "seat": 0, "token": "t", "table": info})
    assert [s.name for s in table.seats] == ["Anna", "Bruno", "IA 3"]  # Bruno left: his name stays
    languages.use("en")
    table.take({"type": "table", "table": info})
    assert table.seats[2].name == "AI 3"


async def test_a_table_created_in_the_lobby_is_titled_in_the_creators_language(tmp_path):
    # The server's default title is English: an Italian creator's table was "Anna's table" in
    # every lobby.
    from test_net_app import created_in_lobby

    languages.use("it")
    async with running_server(tmp_path) as (server, url):
        app = online_app(url)
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await created_in_lobby(pilot)
            assert server.tables[screen.table.code].config["title"] == "Tavolo di Anna"
            await pilot.press("q", "y")
            await settle(pilot)
    languages.use("en")


@pytest.mark.parametrize("lang, name, title", [
    ("fr", "Anna", "Table d'Anna"), ("fr", "Hélène", "Table d'Hélène"), ("fr", "Yves", "Table d'Yves"),
    ("fr", "Bruno", "Table de Bruno"), ("fr", "Yann", "Table de Yann"),
    ("it", "Anna", "Tavolo di Anna"), ("es", "Inés", "Mesa de Inés"), ("en", "Anna", "Anna's table"),
])
def test_a_new_tables_title_elides_as_the_language_does(lang, name, title):
    # French read "Table de Anna".
    from scopa_tui.net.client import table_title

    languages.use(lang)
    assert table_title(name) == title


class Waiting:
    """What the game screen asks a table that waits for ``names`` (a rematch, the next hand)."""

    def __init__(self, names: list[str]):
        self.names = names

    def asked_rematch(self) -> bool:
        return True

    def rematch_waiting_for(self) -> list[str]:
        return self.names

    def waiting_for(self) -> list[str]:
        return self.names


@pytest.mark.parametrize("names, said", [(["Anna", "Bruno"], "d'Anna, Bruno"), (["Hélène"], "d'Hélène"),
                                         (["Bruno", "Anna"], "de Bruno, Anna")])
def test_the_lines_that_wait_for_people_elide_before_their_names_in_french(names, said):
    from scopa_tui.ui.screens.game import GameScreen

    languages.use("fr")
    screen = SimpleNamespace(table=Waiting(names))  # the lines read nothing else of the screen
    assert GameScreen.rematch_note(screen) == f"Tu as demandé à rejouer\u00a0: en attente {said}."
    assert str(GameScreen._rematch_text(screen)).startswith(f"En attente de la réponse {said}\u00a0: la partie")
    assert str(GameScreen._ready_text(screen)).startswith(f"En attente {said}\u00a0: la manche suivante")


@pytest.mark.parametrize("names, si, ni", [(["Bruno"], "si Bruno", "ni Bruno"),
                                           (["Bruno", "Carla"], "sina Bruno, Carla", "nina Bruno, Carla")])
def test_the_lines_that_wait_for_people_say_sina_before_two_names_in_tagalog(names, si, ni):
    """Tagalog marks one name with "si" (or "ni") and two or more with "sina" ("nina"): the
    lines read "hinihintay si Bruno, Carla"."""
    from scopa_tui.ui.screens.game import GameScreen

    languages.use("tl")
    screen = SimpleNamespace(table=Waiting(names))
    assert GameScreen.rematch_note(screen) == f"Humiling kang maglaro ulit: hinihintay {si}."
    assert str(GameScreen._rematch_text(screen)).startswith(f"Hinihintay ang sagot {ni}: ")
    assert str(GameScreen._ready_text(screen)).startswith(f"Hinihintay {si}: ")


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_online_quit_question_shows_its_three_buttons_whole_at_80_columns(lang):
    # "Continua a giocare (n)" was cut to "Continua a giocar" (French and Tagalog too): the
    # three buttons were wider than the dialog.
    from helpers import make_app
    from rich.cells import cell_len

    from scopa_tui.ui.screens.dialogs import OnlineQuitScreen

    languages.use(lang)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.push_screen(OnlineQuitScreen("Quit the game at table K7XQ93PA?"))
        await settle(pilot)
        dialog = app.screen.query_one("#dialog")
        for button in app.screen.query("#buttons Button"):
            label = str(button.label)
            assert button.content_region.width >= cell_len(label), (lang, label)
            assert dialog.content_region.contains_region(button.region), (lang, label)
    languages.use("en")


async def test_the_top_bar_and_the_footer_fit_80_columns_in_tagalog(tmp_path):
    # A table waiting for players at 80x24 in Tagalog: "… · hanggang 2 puntos Naghihintay ng
    # manlalaro · konektado", one space between what the game is and what happens now, read
    # as one sentence; a part gives way instead, and three spaces at least part the two.
    languages.use("tl")
    async with running_server(tmp_path) as (server, url):
        app = online_app(url, name="Bruno", create={"players": 3, "preset": "standard", "variant": "scopa",
                                                    "options": [], "ai": "easy", "turn_limit": 60,
                                                    "public": True, "target": 2})
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: type(app.screen).__name__ == "GameScreen", "the waiting table")
            await settle(pilot)
            top = app.screen._topbar.plain
            left, gap, right = top.rstrip().partition("Naghihintay")[0].rstrip(), None, "Naghihintay"
            assert right in top
            gap = len(top.partition(right)[0]) - len(left)
            assert gap >= 3, repr(top)
            assert len(top) <= 80
            # the footer's keys all in view: "! usap  q umalis" lost "q u…" off the edge
            from textual.widgets._footer import FooterKey

            keys = list(app.screen.query(FooterKey))
            assert keys[-1].key == "q" and keys[-1].region.right <= 80, [(k.key, k.region) for k in keys]
    languages.use("en")


@pytest.mark.parametrize("lang, rules", [("en", "standard"), ("es", "clásicas"), ("tl", "karaniwan")])
def test_the_open_tables_name_the_rules_in_the_players_words(lang, rules):
    # The lobby's rules column (and its Rules choice) printed the preset as the server names it.
    from scopa_tui.ui.screens.lobby import table_row
    languages.use(lang)
    assert table_row({"code": "ABCD", "preset": "standard"})["rules"] == rules
    assert table_row({"code": "ABCD", "preset": "ludoteka"})["rules"] == "ludoteka"  # a sheet's name
