"""The game screen's layout and moments: stable table letters, card sizes, seats and partners,
the three-kings redeal, the last deal and the leftovers, and playing by mouse."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rich.cells import cell_len

from scopa_tui import languages
from scopa_tui.engine import Dealt, Move, Redealt, parse_card
from scopa_tui.engine.text import _ as tr
from scopa_tui.ui.screens.scoring import HandOverScreen
from scopa_tui.ui.widgets.cards import SeatView

from .helpers import (card_offset, game_screen, make_app, play_by_keys, seat_infos, settle, stacked_app,
                      text_of, wait_for_my_turn)

REDEAL_SEED = 578  # two players: the first deal of hand 1 lays three Kings; Anna deals again


def plain(widget) -> str:
    return widget.render().plain


async def test_a_card_keeps_its_letter_while_it_stays_on_the_table():
    # 4c takes 4s; the AI can only lay a card down (an Ace or the 9s take nothing here).
    app = stacked_app([["4c", "1d", "1s"], ["1b", "1c", "9s"]], ["3c", "4s", "2b", "5d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        before = screen.table_labels()
        await play_by_keys(pilot, Move(parse_card("4c"), frozenset({parse_card("4s")})))
        assert await wait_for_my_turn(pilot)
        after = screen.table_labels()
        for card in ("2b", "3c", "5d"):
            assert after[parse_card(card)] == before[parse_card(card)], card
        new = [c for c in after if c not in before]
        assert len(new) == 1 and after[new[0]] == before[parse_card("4s")]  # the free slot's letter
        table = screen.query_one("#table")
        assert [table.labels[c] for c in table.cards] == sorted(after.values())


async def test_the_card_size_follows_the_terminal():
    app = make_app(seed=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.has_class("-compact") and screen.query_one("#hand").card_size == "small"
        await pilot.resize_terminal(200, 60)
        await settle(pilot)
        assert screen.has_class("-xxlarge") and screen.query_one("#hand").card_size == "xxlarge"
        assert screen.query_one("#table").card_size == "xxlarge"
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert screen.has_class("-normal") and screen.query_one("#hand").card_size == "medium"


def eight_takes_three_and_five():
    """The player leads with 7c 8d 1s against 2b 3c 4s 5d on the table."""
    return stacked_app([["7c", "8d", "1s"], ["9b", "9c", "10s"]], ["3c", "4s", "2b", "5d"])


async def test_clicking_the_chosen_card_again_plays_it():
    app = eight_takes_three_and_five()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        hand = screen.query_one("#hand")
        await pilot.click("#hand", offset=card_offset(hand, 1))  # 8d: takes 3c + 5d
        assert screen.selected == 1 and not app.game.history
        await pilot.click("#hand", offset=card_offset(hand, 1))
        await settle(pilot)
        first = app.game.history[0]
        assert first.seat == 0 and first.card == parse_card("8d")
        assert set(first.capture) == {parse_card("3c"), parse_card("5d")}


async def test_the_play_button_plays_a_legal_choice_only():
    app = eight_takes_three_and_five()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        button = screen.query_one("#play-button")
        assert button.disabled  # nothing chosen yet
        await pilot.press("2", "a")  # 8d with 2b added: illegal
        assert button.disabled
        await pilot.press("a")
        assert not button.disabled
        await pilot.click("#play-button")
        await settle(pilot)
        assert app.game.history and app.game.history[0].card == parse_card("8d")


async def test_the_three_kings_redeal_shows_the_kings_until_a_key():
    app = make_app(seed=REDEAL_SEED)
    app.ai_delay = 0.05  # a pace above 0: the void table is drawn and the turn waits
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        redeal = next(e for e in app.game.events if isinstance(e, Redealt))
        banner = screen.query_one("#moment")
        assert banner.display
        assert "Three Re on the table: the deal is void, Anna deals again" in text_of(banner)
        table = screen.query_one("#table")
        assert table.cards == tuple(redeal.table)
        assert sum(1 for c in table.cards if c.rank == 10) >= 3
        assert not app.game.history and screen.thinking is None  # nobody plays meanwhile
        assert screen.query_one("#hand").cards == ()  # no card of the new deal beside the void table
        await pilot.press("x")
        await settle(pilot)
        assert not banner.display
        assert screen.query_one("#hand").cards == app.game.view(0).hand
        dealt = next(e for e in app.game.events if isinstance(e, Dealt))
        assert set(table.cards) <= set(dealt.table) | {m.card for m in app.game.history}
        log = screen.query_one("#log").texts
        header = next(i for i, t in enumerate(log) if t.startswith("— Hand 1"))
        kings = next(i for i, t in enumerate(log) if t.startswith("Three Re"))
        assert header < kings


async def test_at_pace_zero_the_redeal_banner_names_the_kings():
    app = make_app(seed=REDEAL_SEED)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        redeal = next(e for e in app.game.events if isinstance(e, Redealt))
        shown = text_of(screen.query_one("#moment"))
        assert "the deal is void" in shown
        assert all(screen.deck.short(c) in shown for c in redeal.table)


async def test_partners_are_labelled_and_share_a_colour():
    for players, partner, pairs in ((4, 2, {1: "with Carla", 3: "with Anna"}),
                                    (6, 3, {1: "with Dario", 2: "with Elena", 4: "with Anna", 5: "with Bruno"})):
        app = make_app(players=players, seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = game_screen(app)
            infos = {info.seat: info for info in seat_infos(screen)}
            assert infos[partner].team == "partner" and infos[partner].side == 0
            for seat, team in pairs.items():
                assert infos[seat].team == team
                partner_of = next(s for s in infos.values() if team.endswith(s.name))
                assert infos[seat].side == partner_of.side
            top = plain(screen.query_one(f"#seat-{partner}", SeatView))
            assert f"{screen.names[partner]} · " in top and "partner" in top
            side = screen.query_one(f"#seat-{partner}", SeatView).get_component_rich_style("seat--side-0")
            other = screen.query_one("#seat-1", SeatView).get_component_rich_style("seat--side-1")
            assert side.color != other.color


async def test_the_dealer_mark_never_runs_into_a_name():
    app = make_app(players=6, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        dealer = screen.pic.dealer
        assert dealer != 0
        shown = plain(screen.query_one(f"#seat-{dealer}", SeatView))
        name = screen.names[dealer]
        assert f"{name} (D)" in shown or f"{name} · deals" in shown, shown


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
@pytest.mark.parametrize("lang", ["en", "it", "fr", "es", "tl"])
async def test_a_seats_label_keeps_its_lines_when_it_deals_and_plays(lang, size):
    # At 120x40 "Carla · with Anna" read "Carla · deals", "with Anna" under it, when Carla
    # dealt (in Tagalog at 100x30 too), and every line under it moved down one.
    languages.use(lang)
    app = make_app(players=4, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for seat in game_screen(app).query(SeatView):
            base, width = seat.info, seat.content_size.width
            shown = {}
            for dealer in (False, True):
                for turn in (False, True):
                    seat.info = replace(base, dealer=dealer, turn=turn)
                    shown[dealer, turn] = lines = plain(seat).splitlines()
                    assert base.name in lines[0] and all(cell_len(line) <= width for line in lines), lines
                    if dealer:
                        assert tr("(D)") in lines[0] or tr("deals") in lines[0], lines
            assert len({len(lines) for lines in shown.values()}) == 1, shown
            team = {next(i for i, line in enumerate(lines) if base.team in line) for lines in shown.values()}
            assert len(team) == 1, shown  # the partner label on the same line
    languages.use("en")


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("lang, size", [("en", (80, 24)), ("fr", (80, 24)), ("tl", (80, 24)), ("en", (100, 30))])
async def test_a_seat_keeps_its_lines_while_it_thinks_and_once_its_hand_is_empty(lang, size, players):
    # At 80×24 a side seat's "no cards" and "thinking…" went onto a line of their own, beside
    # "easy" no more: the pile line moved down a line on every AI turn and at every deal's end,
    # and six players' side column left out both partner labels meanwhile; with three players
    # the seats above the table grew a line for "thinking…" beside three cards.
    languages.use(lang)
    app = make_app(players=players, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        seats = list(game_screen(app).query(SeatView))
        before = _seats_in_view(game_screen(app))
        for seat in seats:
            base = seat.info
            for info in (replace(base, thinking=True, turn=True), replace(base, cards=0),
                         replace(base, cards=0, thinking=True, turn=True)):
                seat.info = info
                await settle(pilot)
                now = _seats_in_view(game_screen(app))
                others = {key: text for key, text in now.items() if key != seat.id}
                assert others == {key: before[key] for key in others}, (info, now)
                lines, was = now[seat.id].splitlines(), before[seat.id].splitlines()
                assert len(lines) == len(was) and lines[-1] == was[-1], (info, was, lines)  # the pile line
                assert [base.team in line for line in lines] == [base.team in line for line in was], lines
                if info.cards == 0:  # said in words where they fit, else counted
                    assert any(tr("no cards") in line or re.match(r"0\b", line) for line in lines), lines
            seat.info = base
            await settle(pilot)
    languages.use("en")


async def test_the_top_bar_keeps_its_rules_from_turn_to_turn(monkeypatch):
    # At 80×24 "re bello" went from the top bar each time an AI played ("Carla plays", "Carla is
    # thinking…", wider than "Your turn") and came back on the player's turn.
    from scopa_tui.ui.screens.game import GameScreen

    from .helpers import variant_app

    bars: list[str] = []
    refresh = GameScreen._refresh_topbar

    def recorded(self):
        refresh(self)
        bars.append(str(self._topbar))

    monkeypatch.setattr(GameScreen, "_refresh_topbar", recorded)
    app = variant_app("scopa", players=4, options=["re-bello"])
    async with app.run_test(size=(80, 24)) as pilot:
        for _turn in range(3):
            assert await wait_for_my_turn(pilot)
            await play_by_keys(pilot, app.game.legal_moves()[0])
            await settle(pilot)
    halves = {re.match(r"(.*\S) {3,}(\S.*)$", bar).groups() for bar in bars}
    halves = {(left, right) for left, right in halves if " · " in left}  # the bars with a moment
    moments = {right.strip() for _left, right in halves}
    assert {"Your turn", "Carla is thinking…"} <= moments, moments
    assert len({left for left, _right in halves}) == 1, halves  # the game's half stays put
    assert all(len(bar) <= 80 for bar in bars)


async def test_the_tables_letters_are_said_whole_on_its_border_at_80_columns():
    # "a b d: prendi una carta" was one cell too long for the table's border at 80×24 and
    # read "a b d: prendi una cart…" (in English "a b d e f g: take a c…"): where the words
    # do not fit, the letters alone.
    from scopa_tui.ui.widgets.cards import TableView

    app = stacked_app([["4c", "7c", "7s"], ["9s", "9b", "9c"], ["5s", "10b", "10c"], ["8s", "8b", "8c"]],
                      ["1d", "3s", "5b", "6d"])
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            # 4c takes 1d and 3s (a, b); Anna lays a 9 (a), Bruno's 5s takes 5b (c), Carla lays an 8 (b)
            await pilot.press("1", "enter")
            assert await wait_for_my_turn(pilot)
            await settle(pilot)
            table = game_screen(app).query_one(TableView)
            assert str(table.border_subtitle) == "a b d: take a card"  # it fits
            app.set_language("it")
            await settle(pilot)
            assert str(table.border_subtitle) == "a b d"
            await pilot.resize_terminal(120, 40)
            await settle(pilot)
            assert str(table.border_subtitle) == "a b d: prendi una carta"
    finally:
        languages.use("en")


async def test_the_top_bar_keeps_the_hand_and_its_dealer_where_the_house_rules_give_way():
    # Escoba with four house rules at 120 columns: the dealer gave way, then the hand, then the
    # house rules, and the bar said "ESCOBA  to 21 points · standard" with room to spare.
    from .helpers import on_my_turn, variant_app

    app = variant_app("escoba", players=3, options=["setenta-primiera", "last-play-scopa", "re-bello", "napola"])
    async with on_my_turn(app, (120, 40)) as (pilot, screen):
        bar = str(screen._topbar)
        dealer = app.game.dealer
        said = "you deal" if dealer == 0 else f"dealer {screen.names[dealer]}"
        assert bar.startswith(f" ESCOBA   Hand 1 · {said} · to 21 points · standard "), bar
        assert "napola" not in bar and len(bar) <= 120  # the house rules do not fit beside them


@pytest.mark.parametrize("variant, players", [("scopa", 6), ("scopone-scientifico", 4), ("scopone-classico", 4),
                                              ("escoba", 6), ("scopa-d-assi", 6)])
async def test_the_top_bar_at_80_columns_says_the_game_and_its_target_in_every_language(variant, players):
    # The hand and its dealer were kept however narrow, and the game's own parts gave way: at
    # 80×24 Scopone's "to 11 points" and Tagalog's "karaniwan" were left out.
    from scopa_tui.engine.text import ngettext

    from .helpers import on_my_turn, variant_app

    app = variant_app(variant, players=players)
    try:
        async with on_my_turn(app, (80, 24)) as (pilot, screen):
            rules = app.game.rules
            for lang in languages.LANGUAGES:
                app.set_language(lang)
                await settle(pilot)
                bar = str(screen._topbar)
                game = bar[:bar.index("   ", len(rules.variant_info.title) + 3)]  # less its moment
                assert bar.startswith(f" {rules.variant_info.title.upper()} "), bar
                target = ngettext("to {n} point", "to {n} points", rules.target).format(n=rules.target)
                assert game.endswith(f" {target} · {tr('standard')}"), (lang, bar)
                assert len(bar) <= 80
    finally:
        languages.use("en")


@pytest.mark.parametrize("players, size", [(2, (80, 24)), (3, (100, 30)), (4, (120, 40))])
async def test_a_seat_above_the_table_keeps_its_name_in_place_on_its_turn(players, size):
    # The name's line was centred with its turn's "▶ ": the name moved a column left and back
    # on every turn, and the mark and the name were marked apart ("▶" "Anna", a gap between).
    app = make_app(players=players, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for seat in game_screen(app).query("#top-seats SeatView"):
            base = seat.info
            at = {}
            for turn in (False, True):
                seat.info = replace(base, turn=turn, thinking=False)
                await settle(pilot)
                line = seat.render_line(0)
                at[turn] = line.text.index(base.name)
                if turn:  # "▶ Anna" marked as one
                    cells = list(line.crop(line.text.index("▶"), at[turn] + len(base.name)))
                    assert all(seg.style and seg.style.reverse for seg in cells), cells
            assert at[True] == at[False], (seat.id, at)
            seat.info = base


@pytest.mark.parametrize("players, size", [(2, (80, 24)), (2, (100, 30)), (3, (100, 30)), (4, (120, 40)),
                                           (6, (160, 50))])
async def test_a_seat_above_the_table_keeps_its_card_backs_in_place_while_it_thinks(players, size):
    # The backs' line was centred with "thinking…" beside them, wider than the level it takes
    # the place of: at 80×24 the backs moved two columns left when the AI began to think.
    app = make_app(players=players, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for seat in game_screen(app).query("#top-seats SeatView"):
            base = seat.info
            at = {}
            for thinking in (False, True):
                seat.info = replace(base, turn=thinking, thinking=thinking)
                await settle(pilot)
                lines = [seat.render_line(y).text for y in range(seat.size.height)]
                backs = next(line for line in lines if "[" in line or "▮" in line or "╭" in line)  # or cards
                at[thinking] = (lines.index(backs), backs.index(backs.strip()[0]))
                assert thinking or tr("thinking…") not in backs
            assert at[True] == at[False], (seat.id, at)
            seat.info = base


async def test_the_last_deal_and_the_leftovers_are_shown_before_the_scoring():
    """The last deal's banner covers the top bar, the game under it still; the leftovers are
    said once, on the line under the table (no banner), and the hand's end there after."""
    app = make_app(seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        banner, main = screen.query_one("#moment"), screen.query_one("#main")
        at = main.region
        last_deal_seen = leftovers_seen = leftovers_drawn = False
        while not isinstance(app.screen, HandOverScreen):
            if app.game.phase == "play" and screen.pic.stock == 0 and screen.pic.hand_no and not last_deal_seen:
                last_deal_seen = "Last cards: the table goes to the last to capture" in text_of(banner)
                assert banner.display and banner.region.y == 0 and main.region == at  # nothing moved
                screen.ai_delay = 0.05  # the leftovers stay in view a moment before the scoring
                # without their flight, which leaves them on the table a third of that moment (0.5 s):
                # a loaded machine could step over it between two looks
                app.animation_level = "none"
            if screen.leftover is not None:
                leftovers_seen = "the last cards" in text_of(screen.query_one("#prompt"))
                assert not banner.display or "the last cards" not in text_of(banner)  # said once
                assert screen.query_one("#table").captured == frozenset(screen.leftover[0])
                if screen.query_one("#table").cards:  # drawn on the table, with no letter in brackets
                    drawn = str(screen.query_one("#table").render())
                    assert "[]" not in drawn and "[" not in drawn, drawn
                    leftovers_drawn = True
            if screen._my_turn():
                await play_by_keys(pilot, app.game.legal_moves()[0])
            await pilot.pause()
        assert last_deal_seen
        score = app.game.hand_scores[0]
        assert score.leftover and leftovers_seen and leftovers_drawn
        assert "Last cards" in "\n".join(screen.query_one("#log").texts)
        # Under the scoring (and the game over) the line says the hand is over, not who took them.
        assert text_of(screen.query_one("#prompt")).strip() == "Hand 1 is over."


async def test_the_play_log_wraps_again_when_the_terminal_shrinks():
    app = make_app(players=6, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = game_screen(app).query_one("#log")
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        width = log.scrollable_content_region.width
        shown = " ".join(strip.text.strip() for strip in log.lines)
        assert all(strip.cell_length <= width for strip in log.lines)
        for text in log.texts:  # every word of every line is still there, none cut
            for word in text.split():
                if not word[0].isdigit():
                    assert word in shown, (word, shown)


async def test_the_table_names_its_letters_when_a_capture_left_a_gap():
    # the table is laid out by rank (a 2b, b 3c, c 4s, d 6d); 5c must take 3c + 2b (a and b),
    # and the AI then lays a card in the first free slot (a): the letters are a, c, d
    app = stacked_app([["5c", "1d", "1s"], ["1b", "1c", "9s"]], ["3c", "4s", "2b", "6d"])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.query_one("#table").border_subtitle == "a–d: take a card"
        await play_by_keys(pilot, Move(parse_card("5c"), frozenset({parse_card("3c"), parse_card("2b")})))
        assert await wait_for_my_turn(pilot)
        assert sorted(screen.table_labels().values()) == ["a", "c", "d"]
        assert screen.query_one("#table").border_subtitle == "a c d: take a card"


def _seats_in_view(screen) -> dict[str, str]:
    """Each seat's text, after checking that all its lines lie inside its row or column."""
    seen = {}
    for seat in screen.query(SeatView):
        box = seat.parent.region
        assert box.y <= seat.region.y and seat.region.bottom <= box.bottom, (seat.id, seat.region, box)
        text = plain(seat)
        assert len(text.splitlines()) == seat.region.height, (seat.id, text)
        seen[seat.id] = text
    return seen


async def test_every_seats_pile_stays_in_view_at_80x24_under_a_four_line_hint(monkeypatch):
    from dataclasses import replace

    from rich.text import Text
    from textual.app import App

    drawn: list[tuple[int, int]] = []  # each frame's (prompt lines, top seat lines)
    display = App._display

    def frame(self, screen, renderable):
        if renderable is not None and type(screen).__name__ == "GameScreen":
            drawn.append((screen.query_one("#prompt").region.height, screen.query_one("#seat-3").region.height))
        display(self, screen, renderable)

    monkeypatch.setattr(App, "_display", frame)
    app = make_app(players=6, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert await wait_for_my_turn(pilot)
        screen = game_screen(app)
        # the left column's seats swept the table too: their captures take two lines each
        for seat in screen.query("#left-seats SeatView"):
            seat.info = replace(seat.info, pile=12, coins=2, scope=(5,))
        for lines in (4, 2):  # the longest hint (the line under the table at its most), then a short line
            words = "Hint: lays 7d and leaves 6s 7c Cs Rc, for no single card can sweep them. " * lines
            screen._set_message(Text(words if lines > 2 else "Your turn"))
            await settle(pilot)
            assert screen.query_one("#prompt").lines == lines
            seen = _seats_in_view(screen)
            assert all("pile " in text for text in seen.values()), seen
            top = seen["seat-3"].splitlines()
            assert len(top) == (2 if lines > 2 else 3)  # its cards and captures on one line meanwhile
            for seat in screen.query(".seat-column SeatView"):  # the partner label gives way where short
                assert ("with " in seen[seat.id]) == (seat.parent.id == "right-seats"), seen[seat.id]
        assert (4, 3) not in drawn and (4, 2) in drawn  # folded in the frame the hint is first shown in


async def test_a_side_seat_with_no_cards_left_is_not_cut_at_80x24():
    from dataclasses import replace

    from scopa_tui import languages

    languages.use("fr")  # "aucune carte": wider than a side column at 80×24
    app = make_app(players=6, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        side = screen.query_one("#left-seats SeatView", SeatView)
        top = screen.query_one("#top-seats SeatView", SeatView)
        for seat in (side, top):
            seat.info = replace(seat.info, cards=0)
        await settle(pilot)
        assert plain(side).splitlines()[-3:] == ["0", "facile", "pris 0"]  # the count alone, not "aucune ca…"
        assert "aucune carte" in plain(top)  # where it fits, in words


async def test_every_pile_line_counts_the_leftovers_once_they_leave_the_table():
    """The seat's pile line, the hand's border and the side panel say the same pile at every
    moment of a hand's end: without the last cards while they lie on the table, with them
    (as the scoring counts them) once they have gone to the last capturer."""
    from scopa_tui.ui.widgets.scoreboard import ScoreBoard

    from .helpers import shown

    app = make_app(seed=7)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        board = screen.query_one(ScoreBoard)
        seen_on_table = False

        def same_piles() -> None:
            seats = [screen.pic.seat_pile[0], screen._seat_info(1).pile]
            assert [side.pile for side in board.sides] == seats  # two players: a seat is a side
            assert f"pile {seats[1]}" in shown(screen.query_one("#seat-1", SeatView))

        fly = screen._leftovers_fly

        def leftovers_fly() -> None:  # the last moment the leftovers lie on the table
            nonlocal seen_on_table
            if screen.leftover is not None and screen.leftover[0]:
                same_piles()
                seen_on_table = True
            fly()

        screen._leftovers_fly = leftovers_fly  # the timer of _hand_ended calls it (not a poll's luck)
        for _ in range(2000):
            if isinstance(app.screen, HandOverScreen):
                break
            if app.game.phase == "play" and screen.pic.stock == 0:
                screen.ai_delay = 0.3  # the last deal at a pace: the leftovers stay in view
            same_piles()
            if screen.leftover is not None and screen.leftover[0]:
                seen_on_table = True
            if screen._my_turn():
                await play_by_keys(pilot, app.game.legal_moves()[0])
            await pilot.pause()
        score = app.game.hand_scores[0]
        assert score.leftover and seen_on_table
        assert screen.pic.seat_pile == [side.cards for side in score.sides]  # what the scoring says
        assert screen.pic.seat_coins == [side.coins for side in score.sides]
        assert f"pile {score.sides[1].cards}" in shown(screen.query_one("#seat-1", SeatView))
        assert screen._my_pile_text().startswith(f"pile {score.sides[0].cards}")


async def test_scopones_side_seats_keep_their_count_at_80x24():
    # Ten cards a seat drew "▮▮▮▮▮▮▮▮▮…" in a side column, cut before the count.
    from .helpers import variant_app

    app = variant_app("scopone-scientifico", players=4, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        sides = [seat for seat in screen.query(SeatView) if "seat-column" in seat.parent.classes]
        assert len(sides) == 2
        for seat in sides:
            lines = [seat.render_line(y).text for y in range(seat.size.height)]
            line = next(text for text in lines if "▮" in text)
            assert line.rstrip().endswith(f" {seat.info.cards}") and "…" not in line, lines


@pytest.mark.parametrize("size", [(80, 24), (90, 27), (100, 30), (120, 40)])
@pytest.mark.parametrize("variant, players", [("scopa", 3), ("scopa", 4), ("scopone-scientifico", 4)])
async def test_every_seat_shows_its_name_cards_and_ai_level(variant, players, size):
    # At 90×27 (and 80×24) the seats of a side column left out "medium", with room for it.
    from scopa_tui.ui.app import ScopaApp
    from scopa_tui.ui.config import GameConfig

    config = GameConfig(players=players, ai=["medium"], seed=5, variant=variant)
    app = ScopaApp(config, start=True, ai_delay=0)
    async with app.run_test(size=size) as pilot:
        assert await wait_for_my_turn(pilot)
        await settle(pilot)
        seen = _seats_in_view(game_screen(app))
        assert len(seen) == players - 1
        for seat in game_screen(app).query(SeatView):
            lines = [line.strip() for line in seen[seat.id].splitlines()]
            assert seat.info.name in lines[0], lines
            assert any(re.search(rf"[▮\]│] {seat.info.cards}\b", line) for line in lines), lines  # backs, count
            assert any(re.search(r"(^|· )medium$", line) for line in lines), lines
            assert any(line.startswith("pile ") for line in lines), lines


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (160, 50)])
@pytest.mark.parametrize("players", [4, 6])
async def test_the_side_seats_stand_in_the_middle_of_their_columns(players, size):
    # The seats of both side columns began at their left edge: the left column's stood off
    # the table, the right column's against it. Centred, as the seat above the table is, the
    # table stands between the two alike; a compact screen's narrow columns keep them at the left.
    app = make_app(players=players, seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for seat in game_screen(app).query(".seat-column SeatView"):
            width = seat.content_size.width
            lines = [seat.render_line(y).text.ljust(width) for y in range(seat.content_size.height)]
            for line in (lines[0], next(line for line in lines if "pile" in line)):  # the name, the pile
                left, right = len(line) - len(line.lstrip()), len(line) - len(line.rstrip())
                if size == (80, 24):
                    assert left == 0, (seat.id, lines)
                else:
                    assert abs(left - right) <= 1, (seat.id, lines)
