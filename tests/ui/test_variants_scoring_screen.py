"""The scoring screen of the variants read as a player reads it: Escoba's rows (Oros, Velo,
Setenta, Escobas with the dealer's escoba on the deal) and Scopone's house rules (napola,
re bello), each side's value in its column and the winner marked."""

from __future__ import annotations

from scopa_tui.ui.scoring_view import ScoringView

from .helpers import shown
from .scoring_data import NAMES, escoba_hand, hand_over_app, napola_hand


async def rows_of(score, players: int, deck: str = "italian", target: int = 11) -> tuple[dict[str, str], list[int]]:
    """Each row's line by its label, and where each side's column starts."""
    app = hand_over_app(score, players, deck=deck, target=target)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = shown(app.screen.query_one(ScoringView)).splitlines()
    columns = [lines[0].index(name) for name in NAMES[players]]
    rows = {line.split("  ")[0].strip(): line for line in lines[2:] if line.strip()}
    return rows, columns


def cell(line: str, columns: list[int], side: int) -> str:
    end = columns[side + 1] - 2 if side + 1 < len(columns) else len(line)
    return line[columns[side]:end].strip()


def marked(line: str, columns: list[int]) -> list[int]:
    return [side for side, x in enumerate(columns) if line[x - 2] == "▶"]


async def test_escoba_scores_oros_velo_setenta_and_escobas_with_the_spanish_names():
    score = escoba_hand()
    rows, columns = await rows_of(score, 2, deck="spanish", target=21)
    assert "Primiera" not in rows and "Settebello" not in rows and "Scope" not in rows
    assert {"Cards", "Oros", "Velo", "Setenta", "Escobas"} <= set(rows)
    won = {a.point: a.side for a in score.awards}
    for label, point in (("Cards", "cards"), ("Velo", "settebello"), ("Setenta", "sevens")):
        assert marked(rows[label], columns) == ([] if won[point] is None else [won[point]]), rows[label]
    for side, s in enumerate(score.sides):
        assert cell(rows["Setenta"], columns, side).split()[0] == str(s.sevens)
        escobas = cell(rows["Escobas"], columns, side).split()
        assert escobas[0] == str(s.scope)
        assert ("deal" in escobas) == bool(s.deal_sweeps)  # the dealer's escoba on the deal is said
    assert "7 de Oros" in rows["Velo"]
    assert marked(rows["Escobas"], columns) == [s.side for s in score.sides if s.scope]


async def test_scopone_shows_the_napola_and_the_re_bello_and_counts_them():
    score = napola_hand()
    rows, columns = await rows_of(score, 4)
    napola = next(s for s in score.sides if s.napola)
    king = next(s for s in score.sides if s.re_bello)
    assert marked(rows["Napola"], columns) == [napola.side]
    assert cell(rows["Napola"], columns, napola.side).split()[:2] == [str(napola.napola), "A◉"]
    assert marked(rows["Re bello"], columns) == [king.side]
    assert cell(rows["Re bello"], columns, king.side) == "Re di Denari"
    assert cell(rows["This hand"], columns, napola.side) == f"+{napola.points}" and napola.points >= napola.napola


async def test_scopones_house_rules_fit_a_large_terminal_the_button_and_the_result_in_view():
    """Spread out, Scopone's scoring with the napola and the re bello was 37 rows: at 120×40
    the result and Next hand were below the screen. Where it does not fit, the table is the
    compact one; where it does (160×45), it stays spread out."""
    score = napola_hand()
    for size, roomy in (((120, 40), False), ((120, 38), False), ((160, 45), True)):
        app = hand_over_app(score, 4)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            button = app.screen.query_one("#continue")
            assert button.region.bottom <= size[1] - 1, (size, button.region)  # above the footer
            body = app.screen.query_one("#hand-body")
            assert body.max_scroll_y == 0, size  # the whole table in view
            assert ("most cards" in shown(app.screen.query_one(ScoringView))) == roomy, size
