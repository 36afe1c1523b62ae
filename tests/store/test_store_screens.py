"""Pilot tests of the replay viewer, the history and the statistics screens."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import file_game, play, setup_for
from textual.app import App
from textual.widgets import DataTable

from scopa_tui.engine import Game, make_rules
from scopa_tui.engine import record as records
from scopa_tui.store import GameSetup, Store
from scopa_tui.store.frames import display_side, load_text
from scopa_tui.ui.card_render import DeckStyle
from scopa_tui.ui.screens.history import HistoryScreen
from scopa_tui.ui.screens.replay import ReplayApp, ReplayScreen, SeatsView
from scopa_tui.ui.screens.stats import StatsScreen
from scopa_tui.ui.widgets.cards import TableView

UI = Path(__file__).resolve().parents[2] / "scopa_tui" / "ui"


def shown(widget) -> str:
    """The text a widget shows on screen now."""
    from textual.geometry import Region
    lines = widget.render_lines(Region(0, 0, widget.region.width, widget.region.height))
    return "\n".join(strip.text.rstrip() for strip in lines)


def text_of(screen, selector: str) -> str:
    return " ".join(shown(screen.query_one(selector)).split())


def finished_game(seed=3, players=2) -> Game:
    return play(Game(make_rules(players=players), seed=seed), seed=seed)


async def test_replay_steps_through_every_play():
    game = finished_game()
    (replay,) = load_text(records.dumps(game), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert text_of(screen, "#replay-title").startswith("Hand 1 · step 1/")
        dealer = ["You", "Anna"][game.events[1].dealer]
        verb = "deal" if dealer == "You" else "deals"
        assert text_of(screen, "#replay-text") == f"Hand 1: {dealer} {verb} 3 cards each and 4 to the table"
        first_play = game.events[2]  # game_start, deal, then the first play
        await pilot.press("right")
        f = screen.frame
        assert f.kind == "play" and f.played == first_play.card and f.captured == first_play.capture
        table = screen.query_one(TableView)
        assert table.cards == game.events[1].table  # the table the first play was made on
        assert table.played == (first_play.card, ["You", "Anna"][first_play.seat])
        assert table.captured == frozenset(first_play.capture)
        # Every hand face up: the seats view holds every seat's cards.
        seats = screen.query_one(SeatsView)
        assert len(seats.frame.hands) == 2 and all(len(h) in (2, 3) for h in seats.frame.hands)
        await pilot.press("left")
        assert screen.index == 0
        await pilot.press("end")
        assert screen.frame.kind == "game_end"
        winner = ["You", "Anna"][game.winner]
        assert f"{winner} won the game" in text_of(screen, "#replay-text")
        await pilot.press("home")
        assert screen.index == 0


async def test_the_last_step_shows_the_piles_as_the_last_hand_scored_them():
    game = finished_game(seed=7)
    last = game.hand_scores[-1]
    assert last.leftover_to is not None and last.leftover  # the last capturer took cards left on the table
    (replay,) = load_text(records.dumps(game), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("end")
        await pilot.pause()
        assert screen.frame.kind == "game_end"
        coins = DeckStyle("italian").suit("d")
        seats = shown(screen.query_one(SeatsView)).splitlines()
        for side, line in enumerate(seats):  # every side's pile, leftovers in, as on the scoring
            assert f"pile {last.sides[side].cards:>2} · {coins} {last.sides[side].coins}" in line
        await pilot.press("left", "left")  # back past the scoring: the hand's last play
        await pilot.pause()
        f = screen.frame
        assert f.kind == "play" and set(last.leftover) <= set(f.table) | {f.played}
        taker = f.piles[last.leftover_to]  # the cards still on the table are not in its pile yet
        assert taker.cards == last.sides[last.leftover_to].cards - len(last.leftover)


async def test_a_three_kings_redeal_shows_the_piles_like_a_deal():
    game = play(Game(make_rules(players=2), seed=578), moves=4, seed=578)  # three Kings on the first table
    (replay,) = load_text(records.dumps(game), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert [f.kind for f in replay.frames[:2]] == ["redeal", "deal"]
        for _step in range(2):
            assert [line.endswith("pile  0 · " + DeckStyle("italian").suit("d") + " 0")
                    for line in shown(screen.query_one(SeatsView)).splitlines()] == [True, True]
            await pilot.press("right")
            await pilot.pause()


async def test_the_replays_footer_keeps_its_order_and_names_each_key_apart():
    (replay,) = load_text(records.dumps(finished_game(seed=7)), names=["You", "Anna"])
    app = ReplayApp([replay], "test")

    def footer() -> list[tuple[str, str]]:
        return [(b.binding.key, b.binding.description) for b in app.screen.active_bindings.values()
                if b.binding.show]

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = footer()
        assert [key for key, _words in first][:3] == ["left", "right", "home"]
        words = dict(first)
        assert words["left"] != words["escape"]  # ← is not Esc's "back"
        await pilot.press("end", "left")  # the last hand's scoring, which scrolls
        await pilot.pause()
        assert footer() == first
        await pilot.press("left")  # a play again
        await pilot.pause()
        assert footer() == first


async def test_scopones_ten_cards_and_the_piles_fit_a_row_at_80x24():
    scopone = play(Game(make_rules(players=4, variant="scopone-scientifico"), seed=6), seed=6)
    (replay,) = load_text(records.dumps(scopone))  # seats named "Seat 1" ... "Seat 4"
    app = ReplayApp([replay], "test")
    coins = DeckStyle("italian").suit("d")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        for step in range(6):  # ten cards, then nine and the one played
            f = screen.frame
            seats = shown(screen.query_one(SeatsView)).splitlines()
            for side, pile in enumerate(f.piles):  # whole, where it was cut to "pile  0 ·"; under the side's name
                assert seats[2 * side].endswith(replay.side_names[side])
                assert seats[2 * side + 1].endswith(f"pile {pile.cards:>2} · {coins} {pile.coins}")
            for seat, line in enumerate(seats):  # and every card
                assert line.count("[") == len(f.hands[seat]) + (f.kind == "play" and f.seat == seat)
            await pilot.press("right")
            await pilot.pause()


async def test_a_sides_pile_is_shown_once_under_the_sides_name_with_four_and_six_players():
    # Each side's pile was on its first seat's row alone, unnamed: a partner's row looked as
    # if the partner had taken nothing.  Now each side's name, its pile under it, once.
    coins = DeckStyle("italian").suit("d")
    for players, names in ((4, ["You", "Anna", "Bruno", "Carla"]), (6, None)):
        (replay,) = load_text(records.dumps(finished_game(seed=5, players=players)), names=names)
        sides = [display_side(n) for n in replay.side_names]
        for size in ((80, 24), (100, 30), (160, 50)):
            app = ReplayApp([replay], "test")
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                screen = app.screen
                screen.index = next(i for i, f in enumerate(replay.frames) if f.kind == "play" and f.hand == 2)
                await pilot.pause()
                f, seats = screen.frame, screen.query_one(SeatsView)
                rows = shown(seats).splitlines()
                piles = [f"pile {p.cards:>2} · {coins} {p.coins}" for p in f.piles]
                assert len({*piles}) > 1 or players == 6, piles  # tells the sides apart
                for side, (name, pile) in enumerate(zip(sides, piles)):
                    named = [r for r, row in enumerate(rows) if row.endswith(name)]
                    assert len(named) == 1, (size, rows)
                    at = named[0]
                    assert pile in rows[at + 1], (size, rows)  # under its side's name
                    assert sum(pile in row for row in rows) == sum(pile == p for p in piles)  # once
                    if seats.big:  # beside the side's first seat, on its name's row
                        assert at == side * 4 + 1 and replay.names[side] in rows[at], rows
                assert sum(row.count("pile") for row in rows) == len(sides), rows


async def test_a_pairs_name_stays_on_one_row_of_what_a_step_says():
    # At 80×24 the game's last step read "… Anna & Dario: 14, Bruno &" over "Elena: 1", the
    # pair parted at the row's end (the play log keeps it together).
    game = play(Game(make_rules(players=6), seed=5), seed=5)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna", "Bruno", "Carla", "Dario", "Elena"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.index = len(replay.frames) - 1
        await pilot.pause()
        rows = [row.strip().replace("\u00a0", " ") for row in shown(screen.query_one("#replay-text")).splitlines()]
        assert len(rows) == 2 and rows[1].startswith("Bruno & Elena:"), rows
        assert " ".join(rows) == str(screen.frame.words).replace("\u00a0", " ")  # word for word


async def test_the_settebellos_star_in_a_hand_touches_no_other_card():
    # A seat's row read "[ 7◉]★[ 2♣]", the star as much the 2♣'s as the 7◉'s; and so did
    # Scopone's compact row, "[7◉]★[2♣]".
    for game, names in ((finished_game(), ["You", "Anna"]),
                        (play(Game(make_rules(players=4, variant="scopone-scientifico"), seed=6), seed=6), None)):
        (replay,) = load_text(records.dumps(game), names=names)
        app = ReplayApp([replay], "test")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            screen = app.screen
            starred = 0
            for step, frame in enumerate(replay.frames[:80]):
                if frame.kind not in ("deal", "play"):
                    continue
                screen.index = step
                await pilot.pause()
                for line in shown(screen.query_one(SeatsView)).splitlines():
                    at = line.find("★")
                    if at >= 0:
                        starred += 1
                        assert line[at - 1] == "]" and line[at + 1:at + 2] in ("", " "), line  # its card's, then a space
            assert starred


async def test_an_escoba_replay_says_escoba_and_the_dealers_escobas():
    game = play(Game(make_rules(players=2, variant="escoba"), seed=12), seed=12)  # the table dealt adds up to 30
    (replay,) = load_text(records.dumps(game), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        dealt = game.events[1]
        assert dealt.escobas == 2 and not screen.frame.table  # gone to the dealer: the step shows no table
        cards = " ".join(DeckStyle("italian").short(int(c)) for c in dealt.table)
        assert text_of(screen, "#replay-text").endswith(f". The table adds up to 30: 2 escobas for Anna ({cards})")
        seats = shown(screen.query_one(SeatsView)).splitlines()
        assert seats[1].endswith(" · 2 escobas") and "scope" not in seats[1]
        sweep = next(i for i, f in enumerate(replay.frames) if f.kind == "play" and f.scopa)
        screen.index = sweep
        await pilot.pause()
        assert text_of(screen, "#replay-text").endswith(" — escoba!")
        assert text_of(screen, "#replay-title").startswith(f"Hand 1, play {screen.frame.move} · step {sweep + 1}/")
        assert " · Escoba · 2 players to 21 · " in text_of(screen, "#replay-title")  # the game replayed


async def test_a_scopa_replays_title_names_no_game():
    (replay,) = load_text(records.dumps(finished_game()), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app.screen, "#replay-title") == f"Hand 1 · step 1/{len(replay.frames)} · 2 players to 11 · test"


async def test_replay_shows_each_hands_scoring():
    game = finished_game(seed=5)
    (replay,) = load_text(records.dumps(game))
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("pagedown")  # the start of hand 2
        assert screen.frame.hand == 2
        await pilot.press("left")  # the end of hand 1: its scoring
        f = screen.frame
        first = game.hand_scores[0]
        assert f.kind == "hand_end" and f.score.sides == first.sides and f.score.totals == first.totals
        assert [a.side for a in f.score.awards] == [a.side for a in first.awards]
        assert screen.query_one("#replay-scoring").display
        assert not screen.query_one(TableView).display and not screen.query_one(SeatsView).display
        breakdown = text_of(screen, "#replay-breakdown")
        assert "First to 11 wins." in breakdown
        starts = [line.strip() for line in shown(screen.query_one("#replay-breakdown")).splitlines()]
        for row in ("Cards", "Denari", "Settebello", "Primiera", "Scope", "This hand", "Total"):
            assert sum(line.startswith(row) for line in starts) == 1  # each point once, in the deck's words
        totals = game.hand_scores[0].totals
        assert f"Total {totals[0]} {totals[1]}" in breakdown
        assert "side 0" not in breakdown and "Seat 1" in breakdown and "Seat 2" in breakdown  # names
        await pilot.press("pageup")  # back to the start of hand 1
        assert screen.index == 0


async def test_a_six_player_hands_scoring_fits_the_replay_at_80x24():
    (replay,) = load_text(records.dumps(finished_game(seed=5, players=6)))
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("pagedown", "left")  # the end of hand 1
        await pilot.pause()
        screen = app.screen
        assert screen.frame.kind == "hand_end"
        assert screen.query_one("#replay-scoring").max_scroll_y == 0  # nothing to scroll to: all in view


async def test_three_sides_scores_and_the_stock_fit_the_score_line_at_80_columns():
    game = finished_game(seed=3, players=6)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna", "Bruno", "Carla", "Dario", "Elena"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("end", "pageup")  # the last hand's deal: 10, 10 and 9
        await pilot.pause()
        f = screen.frame
        assert f.kind == "deal" and f.totals == (10, 10, 9)
        line = text_of(screen, "#replay-totals")  # whole, where "· stock 30" was cut off
        assert line.startswith("Score — You & Carla: ") and line.endswith(f"· stock {f.stock}")
        assert "(target" not in line and "players to 11" in text_of(screen, "#replay-title")
        await pilot.resize_terminal(100, 30)  # room for the target again
        await pilot.pause()
        assert "(target 11) · stock" in text_of(screen, "#replay-totals")


async def test_three_sides_scores_too_wide_for_a_row_wrap_between_sides_nothing_cut():
    # Seats named "Seat 1" … "Seat 6" (a record of `simulate`): at 80 columns the line was
    # cut after "· stock", its number gone, even without the target.
    game = finished_game(seed=3, players=6)
    (replay,) = load_text(records.dumps(game))
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right")
        await pilot.pause()
        f = screen.frame
        rows = [row.strip().replace("\u00a0", " ") for row in shown(screen.query_one("#replay-totals")).splitlines()]
        assert rows == ["Score — Seat 1 & Seat 4: 0 · Seat 2 & Seat 5: 0 · Seat 3 & Seat 6: 0 ·",
                        f"stock {f.stock}"], rows


async def test_replay_of_a_multi_game_file_switches_games():
    text = records.dumps(finished_game(1)) + records.dumps(finished_game(2, players=3))
    games = load_text(text)
    app = ReplayApp(games, "two games")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert "game 1/2" in text_of(screen, "#replay-title")
        await pilot.press("right", "right", "right_square_bracket")
        assert screen.index == 0 and "game 2/2" in text_of(screen, "#replay-title")
        assert "3 players" in text_of(screen, "#replay-title")
        assert len(screen.query_one(SeatsView).frame.hands) == 3


def test_a_file_of_many_games_builds_only_the_games_shown(monkeypatch):
    # `scopa-tui replay` of an export of 2,000 games built every step of every game before
    # its first frame: 38 s of processor and 1.2 GB. Each game is checked at once, and its
    # steps built when it is shown; a few stay built.
    from scopa_tui.store import frames

    texts = [records.dumps(finished_game(seed)) for seed in range(1, 31)]
    built = []
    real_build = frames.build
    monkeypatch.setattr(frames, "build", lambda rg, names=None: built.append(rg.lines[0][0]) or real_build(rg, names))
    games = load_text("".join(texts))
    assert len(games) == 30 and built == []
    first_lines = [1]
    for text in texts[:-1]:
        first_lines.append(first_lines[-1] + text.count("\n"))
    assert games[29].frames[0].kind == "deal" and built == [first_lines[29]]  # its own lines, numbered as in the file
    assert games[-1] is games[29] and len(built) == 1
    assert [g.finished for g in games] == [True] * 30
    assert len(games._built) == frames.ReplayGames.KEPT
    assert [g.frames[-1].totals for g in games[:2]] == [load_text(t)[0].frames[-1].totals for t in texts[:2]]


def test_a_bad_game_far_into_a_file_is_refused_naming_its_line():
    import pytest

    texts = [records.dumps(finished_game(seed)) for seed in range(1, 6)]
    lines = "".join(texts).split("\n")
    n = next(i for i, line in enumerate(lines) if i > 3 * 180 and '"event":"play"' in line and '"scopa":false' in line)
    lines[n] = lines[n].replace('"scopa":false', '"scopa":true')
    with pytest.raises(records.RecordError) as caught:
        load_text("\n".join(lines))
    assert str(caught.value).startswith(f"line {n + 1}: ")


def with_names(text: str, names: list[str]) -> str:
    """A record's text with its first game's seats named ``names`` (as an export names them)."""
    import json

    first, rest = text.split("\n", 1)
    start = json.loads(first)
    start["scopa_tui"] = {"names": names}
    return json.dumps(start) + "\n" + rest


async def test_long_and_wide_names_from_a_record_keep_the_replay_in_its_place():
    # A record's name of 5,000 letters filled the replay's screen at the game's end, and a
    # name of wide characters (山田) pushed its seat's cards out of the cards' column.
    from rich.cells import cell_len

    long = with_names(records.dumps(finished_game(3)), ["A" * 5000, "B" * 300])
    (replay,) = load_text(long)
    assert replay.names == ["A" * 23 + "…", "B" * 23 + "…"]
    wide = with_names(records.dumps(finished_game(3)), ["山田太郎", "Bo"])
    for text in (long, wide):
        app = ReplayApp(load_text(text), "names")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("right")
            await pilot.pause()
            rows = shown(app.screen.query_one(SeatsView)).splitlines()
            columns = {cell_len(row[:row.index("[")]) for row in rows}
            assert len(columns) == 1, rows
            await pilot.press("end")
            await pilot.pause()
            assert app.screen.query_one("#replay-text").region.height <= 2


async def test_a_side_too_long_for_its_row_ends_in_an_ellipsis():
    # Two names of 24 letters make a side's name of 51: it was cut at the row's end with
    # nothing to say that it went on.
    names = [letter * 24 for letter in "ABCD"]
    (replay,) = load_text(with_names(records.dumps(finished_game(3, players=4)), names))
    app = ReplayApp([replay], "names")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = shown(app.screen.query_one(SeatsView)).splitlines()
        assert rows[0].endswith("…") and rows[0].split("  ")[-1].strip().startswith("AAAA"), rows
        assert rows[1].endswith(f"pile  0 · {DeckStyle('italian').suit('d')} 0"), rows


async def test_a_long_names_dealer_mark_is_whole():
    # "Costanza Mancini (D" at 80×24 and wider: the name's column cut the mark, not the name.
    names = ["Massimiliano Bellini", "Alessandra Rossini", "Bartolomeo Ferrari", "Costanza Mancini"]
    (replay,) = load_text(with_names(records.dumps(finished_game(3, players=4)), names))
    for size in ((80, 24), (160, 50)):
        app = ReplayApp([replay], "names")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            seats, f = app.screen.query_one(SeatsView), app.screen.frame
            (row,) = [row for row in shown(seats).splitlines() if row.lstrip(" ▶").startswith(names[f.dealer][:8])]
            assert "… (D) " in row and row.index("(D)") + 3 == 1 + 2 + seats._name_width() - 1, row


class ScreensApp(App):
    CSS_PATH = [UI / "app.tcss", UI / "game.tcss", UI / "store.tcss"]

    def __init__(self, screen):
        super().__init__()
        self.first = screen

    def on_mount(self):
        self.push_screen(self.first)


async def test_history_lists_games_and_opens_the_replay(tmp_path):
    store = Store(tmp_path)
    games = []
    for seed, ai in ((1, "greedy"), (2, "random")):
        g = play(Game(make_rules(players=2), seed=seed), seed=seed)
        games.append(file_game(store, g, setup_for(ai=ai), f"g{seed}", when=1000.0 + seed))
    entries = store.history()
    app = ScreensApp(HistoryScreen(entries, store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        assert table.row_count == 2
        rows = [table.get_row_at(i) for i in range(2)]
        assert {r[2] for r in rows} == {"greedy", "random"}
        for r, e in zip(rows, entries):
            assert r[3] == e.result
        enter = app.screen.active_bindings["enter"].binding  # the footer says what Enter does
        assert (enter.description, enter.show, app.get_key_display(enter)) == ("replay", True, "⏎")
        await pilot.press("down", "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        chosen = {"g1": games[0], "g2": games[1]}[entries[1].game_id]
        await pilot.press("end")
        assert screen.frame.totals == tuple(chosen.totals)
        assert "You" in screen.replay.names
        await pilot.press("escape")
        assert isinstance(app.screen, HistoryScreen)


async def test_a_long_replay_title_from_the_history_gives_up_the_date_for_the_result(tmp_path):
    # Escoba of six players at 80 columns: "… · Escoba · 6 players to 21 · 12-07 19:19 · lost
    # 12-…", the result cut even with the short date.
    store = Store(tmp_path)
    game = play(Game(make_rules(players=6, variant="escoba"), seed=4), seed=4)
    file_game(store, game, setup_for(6), "g4")
    (entry,) = store.history()
    assert entry.result.count("-") == 2
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        screen.index = next(i for i, f in enumerate(screen.replay.frames) if f.kind == "play" and f.move == 10)
        await pilot.pause()
        title = text_of(screen, "#replay-title")
        assert title.startswith("Hand 1, play 10 · step ") and title.endswith(" · 6 players to 21 · " + entry.result)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert text_of(screen, "#replay-title").endswith(f" · {entry.date} · {entry.result}")


async def test_the_resume_question_keeps_a_pairs_name_on_one_row(tmp_path):
    # Six players at 80×24: "…, Bruno &" ended a row and "Elena: 0." began the next.
    from scopa_tui.ui.screens.resume import ResumeScreen

    game = Game(make_rules(players=6), seed=12)
    setup = GameSetup(["You", "Anna", "Bruno", "Carla", "Dario", "Elena"],
                      [None, "medium", "easy", "hard", "medium", "easy"], 0)
    store = Store(tmp_path)
    store.track(game, setup).close()
    play(game, 1, seed=3)
    store.saves.save(game, setup, "g")
    app = ScreensApp(ResumeScreen(Store(tmp_path).resumable().summary, 1.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [row.strip().replace("\u00a0", " ") for row in shown(app.screen.query_one("#question")).splitlines()]
        assert not any(row.endswith("&") for row in rows), rows
        assert any(row.startswith("Bruno & Elena: 0.") for row in rows), rows


async def test_empty_history_and_stats_say_so(tmp_path):
    store = Store(tmp_path)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "No finished games" in text_of(app.screen, "#history-empty")
        assert "enter" not in app.screen.active_bindings  # the footer offers no replay of nothing
        assert text_of(app.screen, "#history-title").strip() == "History"  # nor does the title
        app.push_screen(StatsScreen(store.stats()))
        await pilot.pause()
        assert "No finished games" in text_of(app.screen, "#stats-empty")


async def test_stats_screen_shows_the_record(tmp_path):
    store = Store(tmp_path)
    for seed in range(1, 4):
        file_game(store, play(Game(make_rules(players=2), seed=seed), seed=seed))
    st = store.stats()
    opened = []
    app = ScreensApp(StatsScreen(st, history=lambda *chosen: opened.append(chosen)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = text_of(app.screen, "#stats-summary")
        assert f"Games played {st.games}" in text
        assert f"Games won {st.won} " in text
        assert f"Points per hand {st.per_hand(st.points):.2f} {st.points} in all" in text
        assert f"Win streak {st.current_streak} best {st.best_streak}" in text
        levels = text_of(app.screen, "#stats-levels")
        assert f"2 greedy {st.games} {st.won}" in levels
        await pilot.press("h")
        assert opened == [(None, None)]  # all games: the whole history


async def test_the_opponents_are_listed_easy_medium_hard_not_by_the_alphabet(tmp_path):
    # they came as the store sorts them, by name: easy, hard, medium; "hard + medium"
    store = Store(tmp_path)
    for seed, ai in enumerate(["hard", "random", "easy", "medium"], start=1):
        file_game(store, play(Game(make_rules(players=2), seed=seed), seed=seed), setup_for(2, ai=ai), f"g{seed}")
    three = play(Game(make_rules(players=3), seed=9), seed=9)
    file_game(store, three, GameSetup(["You", "Anna", "Bruno"], [None, "hard", "medium"], 0), "g9")
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = shown(app.screen.query_one("#stats-levels")).splitlines()[3:-1]  # the rows, in the border
        rows = [" ".join(line.strip("│ ").split()[:-3]) for line in lines]
        assert rows == ["2 easy", "2 medium", "2 hard", "2 random", "3 medium + hard"]
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "medium + hard" in app.screen.query_one(DataTable).get_row_at(0)[2].replace("\n", " ")


async def test_the_statistics_stay_beside_their_names_on_a_wide_terminal(tmp_path):
    """At 200 columns the record and the table of opponents are 100 wide under the title, the
    row of choices above them; at 80 as wide as the screen (a margin at each side)."""
    store = Store(tmp_path)
    file_game(store, play(Game(make_rules(players=2), seed=1), seed=1))
    for width, height in ((200, 50), (80, 24)):
        app = ScreensApp(StatsScreen(store.stats()))
        async with app.run_test(size=(width, height)) as pilot:
            await pilot.pause()
            screen = app.screen
            boxes = [screen.query_one(q).region for q in ("#stats-choices", "#stats-summary", "#stats-levels")]
            assert len({(r.x, r.width) for r in boxes}) == 1, boxes  # one column
            box = boxes[0]
            assert box.width == min(100, width - 2)
            assert abs(box.x - (width - box.right)) <= 1  # centred
            levels = shown(screen.query_one("#stats-levels")).splitlines()[1]
            assert levels.index("Win rate") - levels.index("Players") < 90


def inside(screen, selector: str) -> str:
    """The words in a bordered panel, without its border."""
    return " ".join(text_of(screen, selector).replace("│", " ").split())


def mixed_games(store: Store) -> dict[str, list[Game]]:
    """Scopa for 2 and 4, Escoba for 2: the human is seat 0 in each."""
    games: dict[str, list[Game]] = {"scopa": [], "escoba": []}
    for seed, variant, players in [(1, "scopa", 2), (2, "escoba", 2), (3, "scopa", 4), (4, "escoba", 2),
                                   (5, "scopa", 2)]:
        game = play(Game(make_rules(players=players, variant=variant), seed=seed), seed=seed)
        games[variant].append(file_game(store, game, setup_for(players), f"g{seed}", when=1000.0 + seed))
    return games


async def test_choosing_a_variant_and_a_number_of_players_changes_the_numbers(tmp_path):
    store = Store(tmp_path)
    games = mixed_games(store)
    st = store.stats()
    escoba = st.only("escoba")
    app = ScreensApp(StatsScreen(st))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert text_of(screen, "#stats-variant") == "Game ‹ All games ›"
        assert f"Games played 5 Games won {st.won} " in inside(screen, "#stats-summary")
        await pilot.press("right", "right")  # All games, Scopa, Escoba
        await pilot.pause()
        assert screen.variant == "escoba" and text_of(screen, "#stats-variant") == "Game ‹ Escoba ›"
        text = inside(screen, "#stats-summary")
        assert f"Games played 2 Games won {escoba.won} " in text
        assert f"Hands played {sum(len(g.hand_scores) for g in games['escoba'])} " in text
        assert "Escobas per hand" in text and "Velo taken" in text and "Setenta won" in text
        assert "Primiera" not in text and "Scope per hand" not in text
        assert f"2 greedy 2 {escoba.won} " in inside(screen, "#stats-levels")
        # Escoba was played by 2 only: the players offered follow the game chosen
        assert [v for _w, v in screen.query_one("#stats-players").options] == [None, 2]
        await pilot.press("left", "tab", "right", "right")  # Scopa, then its 4-player games
        await pilot.pause()
        assert (screen.variant, screen.players) == ("scopa", 4)
        assert "Games played 1 " in inside(screen, "#stats-summary")
        levels = inside(screen, "#stats-levels")
        assert " 4 greedy 1 " in levels and " 2 greedy" not in levels
        await pilot.press("shift+tab", "right")  # Escoba has no 4-player game: any number again
        await pilot.pause()
        assert (screen.variant, screen.players) == ("escoba", None)
        assert "Games played 2 " in inside(screen, "#stats-summary")


async def test_the_history_from_the_statistics_shows_the_games_chosen(tmp_path):
    store = Store(tmp_path)
    mixed_games(store)
    opened = []
    app = ScreensApp(StatsScreen(store.stats(), history=lambda *chosen: opened.append(chosen)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("right", "tab", "right", "h")  # Scopa, for 2
        assert opened == [("scopa", 2)]
        app.push_screen(HistoryScreen(store.history(), store.history_record, variant="scopa", players=2))
        await pilot.pause()
        assert text_of(app.screen, "#history-title").startswith("History of Scopa, 2 players · ")
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.ordered_columns][:2] == ["Date", "Players"]  # one game: no column
        assert [row.value for row in table.rows] == [str(e.id) for e in store.history() if e.game_id in ("g5", "g1")]


async def test_a_history_of_several_variants_names_each_game(tmp_path):
    store = Store(tmp_path)
    mixed_games(store)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert text_of(app.screen, "#history-title").startswith("History · ")
        table = app.screen.query_one(DataTable)
        assert [str(c.label) for c in table.ordered_columns][:3] == ["Date", "Game", "Players"]
        assert [table.get_row_at(i)[1] for i in range(5)] == ["Scopa", "Escoba", "Scopa", "Escoba", "Scopa"]


async def test_a_change_of_game_that_resets_the_players_draws_the_numbers_once(tmp_path):
    store = Store(tmp_path)
    mixed_games(store)
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "tab", "right", "right")  # Scopa, its 4-player games
        await pilot.pause()
        assert (screen.variant, screen.players) == ("scopa", 4)
        summary = screen.query_one("#stats-summary")
        drawn = []
        update = summary.update
        summary.update = lambda *args, **kwargs: (drawn.append(args), update(*args, **kwargs))[1]
        await pilot.press("shift+tab", "right")  # Escoba has no 4-player game: any number again
        await pilot.pause()
        assert (screen.variant, screen.players) == ("escoba", None)
        assert text_of(screen, "#stats-players") == "Players ‹ Any number ›"
        assert len(drawn) == 1  # not once for the game and again for the players' reset


async def test_scopones_players_are_shown_as_its_four_not_offered(tmp_path):
    store = Store(tmp_path)
    mixed_games(store)
    scopone = play(Game(make_rules(players=4, variant="scopone-scientifico"), seed=6), seed=6)
    file_game(store, scopone, setup_for(4), "s6", when=1006.0)
    opened = []
    app = ScreensApp(StatsScreen(store.stats(), history=lambda *chosen: opened.append(chosen)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "tab", "right")  # Scopa for 2
        await pilot.press("shift+tab", "right")  # Scopone (scientifico): always 4
        await pilot.pause()
        assert screen.variant == "scopone-scientifico"
        players = screen.query_one("#stats-players")
        assert shown(players) == "Players ‹ 4 ›" and players.disabled  # as wide as its words
        assert [words for words, _v in players.options] == ["4"]  # no "any number" that means the same
        assert "Games played 1 " in inside(screen, "#stats-summary")
        await pilot.press("h")  # its history is named after the game, not "History of 4 players"
        assert opened == [("scopone-scientifico", None)]
        history = HistoryScreen(store.history(), store.history_record, variant="scopone-scientifico")
        app.push_screen(history)
        await pilot.pause()
        assert text_of(history, "#history-title").startswith("History of Scopone scientifico · ")
        assert [e.game_id for e in history.entries] == ["s6"]
        history.dismiss()
        await pilot.pause()
        await pilot.press("tab")  # the row is not a choice: Tab passes it by
        assert screen.focused.id != "stats-players"
        await pilot.press("shift+tab")
        assert screen.focused.id == "stats-variant"
        await pilot.press("left")  # a game of several counts: offered again, from any number
        await pilot.pause()
        assert screen.variant == "scopa" and not players.disabled
        assert text_of(screen, "#stats-players") == "Players ‹ Any number ›"


async def test_a_scopone_replay_counts_no_stock():
    """Scopone deals every card at once: its replay said "· stock 0" at every step."""
    rules = make_rules(players=4, variant="scopone-scientifico")
    game = play(Game(rules, seed=3), seed=3)
    (replay,) = load_text(records.dumps(game), names=["You", "Anna", "Bruno", "Carla"])
    app = ReplayApp([replay], "test")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right")
        await pilot.pause()
        assert screen.frame.kind == "play"
        line = text_of(screen, "#replay-totals")
        assert line.startswith("Score — You & Bruno: 0") and "stock" not in line, line


async def test_the_hands_are_drawn_as_cards_where_the_replay_has_room_and_as_a_line_where_not():
    """From 100×30 with two players (120×40 with four) each hand is a row of small cards,
    its name and pile beside them; at 80×24 a line per seat; a resize redraws it."""
    (replay,) = load_text(records.dumps(finished_game(seed=7)), names=["You", "Anna"])
    app = ReplayApp([replay], "test")
    coins = DeckStyle("italian").suit("d")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right")  # the first play: a hand of three, one of two and the card played
        await pilot.pause()
        seats, f = screen.query_one(SeatsView), screen.frame
        rows = shown(seats).splitlines()
        assert seats.big and seats.size.height == 2 * 4 == len(rows)
        for seat, hand in enumerate(f.hands):
            cards = len(hand) + (f.seat == seat)
            top, middle = rows[4 * seat], rows[4 * seat + 1]
            assert top.count("╮") + top.count("┓") + top.count("╗") == cards, rows
            assert f"pile {f.piles[seat].cards:>2} · {coins} {f.piles[seat].coins}" in middle
            assert ("You" if seat == 0 else "Anna") in middle and ("▶" in middle) == (f.seat == seat)
        table = screen.query_one(TableView)
        assert table.size.height >= 14 and table.cards == f.table
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        rows = shown(seats).splitlines()
        assert not seats.big and seats.size.height == 2 == len(rows)
        assert all(line.count("[") == len(f.hands[seat]) + (f.seat == seat) for seat, line in enumerate(rows))
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        await pilot.pause()
        assert seats.big and seats.size.height == 8
    scopone = play(Game(make_rules(players=4, variant="scopone-scientifico"), seed=6), seed=6)
    (replay,) = load_text(records.dumps(scopone))
    for size, big in (((100, 30), False), ((120, 40), True)):  # four seats leave a 100×30 table too little
        app = ReplayApp([replay], "test")
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            assert app.screen.query_one(SeatsView).big is big, size


def _gaps(body, content) -> tuple[int, int]:
    """The rows ``body`` leaves empty above its ``content`` (a list of widgets) and under it."""
    top, bottom = min(w.region.y for w in content), max(w.region.bottom for w in content)
    return top - body.region.y, body.region.bottom - bottom


async def test_on_a_tall_terminal_the_statistics_are_in_the_middle_and_stay_as_the_games_change(tmp_path):
    # At 160×50 the record and the opponents hugged the title, 30 rows empty under them.
    store = Store(tmp_path)
    for seed, players, variant in ((1, 2, "scopa"), (2, 4, "scopa"), (3, 3, "scopa"), (4, 2, "escoba")):
        g = play(Game(make_rules(players=players, variant=variant), seed=seed), seed=seed)
        file_game(store, g, setup_for(players), f"g{seed}", when=1000.0 + seed)
    app = ScreensApp(StatsScreen(store.stats()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        body = screen.query_one("#stats-body")
        boxes = list(screen.query("#stats-choices, #stats-summary, #stats-levels"))
        above, under = _gaps(body, boxes)
        assert above > 5 and abs(above - under) <= 1, (above, under)
        rows = [w.region.y for w in boxes[:2]]  # the choices and the record
        await pilot.press("right", "right")  # Escoba: fewer rows of record and of opponents
        await pilot.pause()
        assert screen.variant == "escoba" and [w.region.y for w in boxes[:2]] == rows


async def test_on_a_tall_terminal_the_history_is_in_the_middle(tmp_path):
    store = Store(tmp_path)
    for seed in (1, 2, 3):
        g = play(Game(make_rules(players=2), seed=seed), seed=seed)
        file_game(store, g, setup_for(), f"g{seed}", when=1000.0 + seed)
    app = ScreensApp(HistoryScreen(store.history(), store.history_record))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        above, under = _gaps(screen.query_one("#history-body"), [screen.query_one(DataTable)])
        assert above > 5 and abs(above - under) <= 1, (above, under)


@pytest.mark.parametrize("lang, name", [("en", "Table"), ("it", "Tavolo")])
async def test_the_replays_table_is_named_on_its_border_as_the_games(lang, name):
    # The replay's one box without a name: the game's table has its own on its border.
    from scopa_tui import languages

    languages.use(lang)
    app = ReplayApp(load_text(records.dumps(finished_game())), "Replay")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("right")
        await pilot.pause()
        table = app.screen.query_one(TableView)
        assert table.border_title == name and f"─ {name} ─" in shown(table).splitlines()[0]
