"""The AIs' and bots' messages in the player's language (README.md, Languages): hint
reasons, spec errors, bot faults on the host side and ``scopa-tui bot``'s stderr.  The
bot protocol on the wire stays English (docs/bot-protocol.md)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from scopa_tui import languages
from scopa_tui.ai.hint import explain
from scopa_tui.ai.protocol import CmdPlayer, run_bot
from scopa_tui.ai.registry import check_spec, make_player
from scopa_tui.engine import Game, Move, Rules

from ai_helpers import make_view

ITALIAN_DECK = {1: "Asso", 8: "Fante", 9: "Cavallo", 10: "Re"}
FRENCH_DECK_IN_FRENCH = {1: "As", 8: "Valet", 9: "Dame", 10: "Roi"}


def _deck(words):
    return lambda rank: words.get(rank, str(rank))


def test_the_hint_reason_in_italian():
    languages.use("it")
    # Laying 5s on 4c leaves 9: only a Cavallo (rank 9) sweeps it, none of them seen yet.
    view = make_view("5s 6b", "4c", captured=["10d 10c 10s 10b", ""], hand_sizes=(2, 3), stock=20)
    line = explain(view, Move("5s"), rank_name=_deck(ITALIAN_DECK))
    assert line.startswith("5s va in tavola (non si può prendere niente) e lascia 4c e 5s: fa scopa solo un Cavallo "
                           "(4 da uscire, "), line
    assert line.endswith("% che l'abbia il prossimo)")
    assert explain(view, Move("6b"), rank_name=_deck(ITALIAN_DECK)) == (
        "6b va in tavola (non si può prendere niente) e lascia 4c e 6b: nessuna carta ancora da uscire fa scopa")


def test_the_hint_names_the_settebello_and_the_scopa_in_italian():
    languages.use("it")
    view = make_view("7d 2b", "3c 4s", hand_sizes=(2, 3), stock=20)
    assert explain(view, Move("7d", ["3c", "4s"])) == "il settebello fa scopa"
    view = make_view("10c 2b", "3c 7d", hand_sizes=(2, 3), stock=20)
    assert explain(view, Move("10c", ["3c", "7d"])) == "10c fa scopa e prende il settebello"
    view = make_view("7c 2b", "7d 3s 9b", hand_sizes=(2, 3), stock=20)
    assert explain(view, Move("7c", ["7d"])).startswith("7c prende il settebello e lascia 3s e 9b")


def test_a_feminine_rank_takes_its_article_in_french():
    languages.use("fr")
    # Laying 5s on 4c leaves 9, the Dame of the French deck.
    view = make_view("5s 6b", "4c", captured=["10d 10c 10s 10b", ""], hand_sizes=(2, 3), stock=20)
    line = explain(view, Move("5s"), rank_name=_deck(FRENCH_DECK_IN_FRENCH))
    assert ": scopa seulement avec une Dame (4 pas sorties, " in line, line


def test_an_unknown_ai_in_spanish():
    languages.use("es")
    with pytest.raises(ValueError, match=r"^IA desconocida 'wizard': elige entre easy, greedy"):
        check_spec("wizard")
    with pytest.raises(ValueError, match=r"^la opción iters='abc' de la IA no es un número entero$"):
        check_spec("hard:iters=abc")


def _view():
    game = Game(Rules(), seed=5)
    game.start()
    return game.view(game.turn)


def test_a_bot_that_exits_is_reported_in_italian():
    languages.use("it")
    reports: list[str] = []
    player = CmdPlayer(f"{sys.executable} -c 'import sys; sys.exit(3)'", seed=1, time_limit=5.0,
                       on_fault=reports.append)
    view = _view()
    try:
        move = player.choose(view)
    finally:
        player.close()
    assert move in view.legal
    assert reports and reports[0].startswith("il bot \"")
    assert f"è terminato (stato 3): al suo posto si gioca {move.card}, e così a ogni suo turno d'ora in poi" \
        in reports[0], reports


def test_the_bot_command_says_on_stderr_in_tagalog_and_answers_in_english():
    languages.use("tl")
    out, err = io.StringIO(), io.StringIO()
    hello = json.dumps({"type": "hello", "protocol": "scopa-bot/1"})
    run_bot(make_player("easy", seed=1), io.StringIO(f"not json\n{hello}\n"), out, err, name="B")
    assert err.getvalue() == "B: binabalewala ang linyang hindi JSON: 'not json'\n"
    answer = json.loads(out.getvalue())
    assert answer["type"] == "hello" and answer["protocol"] == "scopa-bot/1"


def test_one_card_left_by_the_last_play_is_said_in_the_singular():
    # The hand's last card takes 5c and leaves 4b alone: "goes", "la 4b ... va", not "le 4b ... vanno".
    view = make_view("5s", "5c 4b", hand_sizes=(1, 0), stock=0)
    assert explain(view, Move("5s", ["5c"])).endswith(", the 4b left on the table goes to you")
    languages.use("it")
    assert explain(view, Move("5s", ["5c"])).endswith(", la 4b in tavola va a te")
    two = make_view("5s", "5c 4b 6d", hand_sizes=(1, 0), stock=0)
    assert explain(two, Move("5s", ["5c"])).endswith(", le 4b e 6d in tavola vanno a te")


def test_the_last_card_names_who_takes_the_cards_left_in_every_language():
    view = make_view("5s", "", hand_sizes=(1, 0), stock=0, history=[(1, "7d", "7c", False)])  # 5s alone
    two = make_view("5s", "4b 9c", hand_sizes=(1, 0), stock=0, history=[(1, "7d", "7c", False)])
    names = ["You", "Bruno"].__getitem__
    said = {"en": ("the 5s left on the table goes to Bruno", "the 4b, 5s and 9c left on the table go to Bruno"),
            "it": ("la 5s in tavola la prende Bruno", "le 4b, 5s e 9c in tavola le prende Bruno"),
            "es": ("la 5s es para Bruno", "las 4b, 5s y 9c son para Bruno"),
            "fr": ("la 5s est pour Bruno", "les 4b, 5s et 9c sont pour Bruno"),
            "tl": ("kay Bruno ang 5s", "kay Bruno ang 4b, 5s at 9c")}
    for code, (one_line, two_line) in said.items():
        languages.use(code)
        assert explain(view, Move("5s"), seat_name=names).endswith(one_line), code
        assert explain(two, Move("5s"), seat_name=names).endswith(two_line), code
