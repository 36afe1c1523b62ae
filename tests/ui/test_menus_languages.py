"""The new-game screen, the app's palette entries and its crash line in the player's
language (README.md, Languages), and a change of language that keeps every choice."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Label, Select, Static

from scopa_tui import languages
from scopa_tui.ui.app import ScopaApp
from scopa_tui.ui.crash import crash_line
from scopa_tui.ui.screens.lobby import LobbyScreen
from scopa_tui.ui.screens.new_game import NewGameScreen
from scopa_tui.ui.widgets.choice import Choice
from scopa_tui.ui.widgets.toggle import Toggle


def words(screen) -> str:
    """Every label, title and button of the screen, and its footer's key descriptions."""
    out = [str(w.render()) for w in screen.query(Label)]
    out += [str(w.content) for w in screen.query(Static) if not isinstance(w, Label)]
    out += [w.label for w in screen.query("Choice, Toggle, Press")]
    out += [str(w.border_title or "") for w in screen.query("#rules-col, #ai-col")]
    out += [a.binding.description for a in screen.active_bindings.values()]
    return "\n".join(out)


async def test_the_new_game_screen_speaks_italian():
    languages.use("it")
    app = ScopaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        shown = words(app.screen)
        for word in ("nuova partita", "Giocatori", "Mazzo", "Inizia la partita", "Avversari", "Nuova partita",
                     "esci", "statistiche"):
            assert word in shown
        for english in ("new game", "Players", "Deck", "Start game", "Opponents", "quit", "statistics"):
            assert english not in shown
        level = app.screen.query_one("#ai-1", Choice)
        assert dict((v, words) for words, v in level.options)["medium"] == "normale"
        assert app.screen.query_one("#opt-last-play-scopa", Toggle).label == "Scopa all'ultima giocata"



async def test_the_line_under_the_new_game_form_puts_a_no_break_space_before_the_colon_in_french():
    languages.use("fr")
    app = ScopaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        info = str(app.screen.query_one("#preset-info", Static).content)
        assert info.startswith("classiques\u00a0: règles italiennes classiques"), info
        app.screen.query_one("#ai-1", Choice).focus()
        for _round in range(5):  # the focus event, then the line's update
            await pilot.pause()
        info = str(app.screen.query_one("#preset-info", Static).content)
        assert info.startswith("intermédiaire\u00a0: "), info


@pytest.mark.parametrize("lang, pointer", [("en", "New to Scopa? Press ? for the rules"),
                                           ("it", "Non conosci la scopa? Premi ? per le regole"),
                                           ("fr", "Tu découvres la scopa\u00a0? Appuie sur\u00a0? pour les règles"),
                                           ("es", "¿No conoces la scopa? Pulsa ? para ver las reglas"),
                                           ("tl", "Bago ka sa scopa? Pindutin ang ? para sa maikling paliwanag ng patakaran")])
async def test_the_first_screen_tells_a_newcomer_which_key_has_the_rules(lang, pointer):
    """Where the screen opens, on Start game, the line under the form says it whole at 80×24;
    on a row it says what that row chooses, as before."""
    languages.use(lang)
    app = ScopaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.focused.id == "start"
        info = str(screen.query_one("#preset-info", Static).content)
        assert pointer in info and "…" not in info, info
        screen.query_one("#preset", Choice).focus()
        for _round in range(5):  # the focus event, then the line's update
            await pilot.pause()
        info = str(screen.query_one("#preset-info", Static).content)
        assert pointer not in info and info.endswith("."), info


@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_the_line_under_the_deck_row_says_the_suits_and_ranks_of_each_deck(lang):
    """"french-numeric" says little to someone who never played: on the Deck row the line
    under the form names the deck's suits as its cards show them and its ranks, whole at 80×24
    (it said the rules preset's "standard Italian rules")."""
    languages.use(lang)
    app = ScopaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        deck = screen.query_one("#deck", Choice)
        deck.focus()
        for name, words in [("italian", ("Denari\u00a0◉", "Bastoni\u00a0♣", "Cavallo\u00a0(C)")),
                            ("spanish", ("Oros\u00a0◉", "Caballo\u00a0(C)")),
                            ("french", ("\u00a0♦", "\u00a0♣", "(Q)")),
                            ("french-numeric", ("\u00a0♦", "10."))]:
            deck.value = name
            for _round in range(5):  # the change, then the line's update
                await pilot.pause()
            info = str(screen.query_one("#preset-info", Static).content)
            assert all(w in info for w in words) and "…" not in info, (name, info)
        assert "(Q)" not in info and "(J)" not in info  # the numeric deck's figures are numbers


async def test_a_language_change_keeps_every_choice_on_the_new_game_screen_even_half_typed():
    app = ScopaApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#players", Choice).value = 4
        await pilot.pause()
        screen.query_one("#ai-1", Choice).value = "hard"
        screen.query_one("#ai-3", Choice).value = "easy"
        screen.query_one("#target", Choice).value = 0
        await pilot.pause()
        screen.query_one("#other-target", Input).value = "15"
        screen.query_one("#opt-re-bello", Toggle).value = True
        screen.query_one("#deck", Choice).value = "french"
        await pilot.pause()
        before = screen.read_config()
        assert "Players" in words(screen)

        app.set_language("it")
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        shown = words(screen)
        assert "Giocatori" in shown and "Inizia la partita" in shown and "Players" not in shown
        assert "Bruno gioca in coppia con te" in str(screen.query_one("#ai-col").border_subtitle)
        after = screen.read_config()
        assert (after.players, after.target, after.ai, after.options, after.deck) == \
            (before.players, before.target, before.ai, before.options, before.deck)
        assert (after.players, after.target, after.ai[0], after.ai[2]) == (4, 15, "hard", "easy")
        assert "re-bello" in after.options and after.deck == "french"

        app.set_language("fr")
        await pilot.pause()
        await pilot.pause()
        assert "Commencer la partie" in words(screen)
        assert screen.read_config().ai == before.ai

        # A target and a bot command half typed stay as they are.
        screen.query_one("#ai-2", Choice).value = "cmd"
        await pilot.pause()
        screen.query_one("#other-target", Input).value = "2"
        screen.query_one("#ai-cmd-2", Input).value = "python my"
        app.set_language("es")
        await pilot.pause()
        await pilot.pause()
        assert screen.query_one("#other-target", Input).value == "2"
        assert screen.query_one("#ai-cmd-2", Input).value == "python my"
        assert screen.query_one("#target", Choice).value == 0
        assert "Empezar la partida" in words(screen)


async def test_the_palette_entries_of_the_app_speak_the_language():
    app = ScopaApp(ai_delay=0.8)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.set_language("it")
        await pilot.pause()
        titles = [c.title for c in app.get_system_commands(app.screen)]
        for title in ("Ritmo dell'IA: normale (attuale)", "Ritmo dell'IA: lento", "Meno animazioni: no (attuale)",
                      "Statistiche", "Storico", "Semi in ASCII"):
            assert title in titles
        assert not any(t.startswith(("AI pace", "Reduce motion", "History")) for t in titles)
        app.set_ai_pace(1.5)
        await pilot.pause()
        assert "Ritmo dell'IA: lento (1,5 s per giocata)" in \
            [n.message for n in app._notifications]


@pytest.mark.parametrize("new_app", ["game", "replay"])
async def test_a_palette_search_that_finds_nothing_says_so_in_french(new_app):
    # `scopa-tui replay`'s palette was Textual's own, in English in every language.
    from textual.command import CommandList, CommandPalette

    from .test_robustness import replay_app

    languages.use("fr")
    app = ScopaApp() if new_app == "game" else replay_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(Input).placeholder == "Chercher une commande…"
        assert "Quitter" in [c.title for c in app.get_system_commands(app.screen)]
        await pilot.press(*"zzzz")  # nothing is called that
        commands = app.screen.query_one(CommandList)

        def first() -> str:  # the list's first line: a command until the search has run, then its answer
            prompt = commands.get_option_at_index(0).prompt if commands.option_count else ""
            return str(getattr(prompt, "renderable", prompt))

        for _round in range(200):  # Textual waits half a second before it says "no matches"
            await pilot.pause(0.05)
            if first() == "Aucun résultat":
                break
        assert first() == "Aucun résultat", first()


def test_the_crash_line_speaks_french():
    class Crashed:
        crash_error = KeyError("x")
        crash_log = "/tmp/crash.log"

        def crash_advice(self):
            return ""

    languages.use("fr")
    assert crash_line(Crashed()) == ("scopa-tui: arrêté par une erreur interne (KeyError: 'x')\u00a0; "
                                     "les détails sont dans /tmp/crash.log")


async def test_an_open_list_of_choices_names_its_escape_key_in_spanish(monkeypatch):
    languages.use("es")
    monkeypatch.setattr(LobbyScreen, "action_refresh", lambda self: None)  # no server: nothing listed
    app = ScopaApp(online={"server": "ws://127.0.0.1:7654/", "name": "Anna"})
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)  # the new-game form has no lists: the lobby's
        app.screen.query_one("#players", Select).focus()
        await pilot.press("enter")  # the list of choices opens: Esc closes it
        await pilot.pause()
        shown = [a.binding.description for a in app.screen.active_bindings.values() if a.binding.show]
        assert "cerrar la lista" in shown and "Dismiss menu" not in shown


@pytest.mark.parametrize(("lang", "word"), [("it", "classiche"), ("fr", "classiques"), ("es", "clásicas"),
                                            ("tl", "karaniwan")])
async def test_the_standard_rules_are_named_in_the_player_s_language(lang, word):
    """"Rules ‹ standard ›" and "standard: standard Italian rules." were English in Spanish and
    Tagalog; the presets named after their sheets stay as they are."""
    languages.use(lang)
    app = ScopaApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        preset = screen.query_one("#preset", Choice)
        assert preset.value == "standard"
        assert [str(w) for w, _name in preset.options] == [word, "gamerules", "ludoteka"]
        screen.query_one("#preset").focus()
        await pilot.pause()
        info = str(screen.query_one("#preset-info", Static).render())
        assert info.startswith(word) and "standard" not in info, info
        await pilot.press("ctrl+s")  # the game is played by the preset's name
        await pilot.pause()
        assert app.game.rules.preset == "standard"
