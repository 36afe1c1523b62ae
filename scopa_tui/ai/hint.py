"""Hints: the move the hard AI (the strongest level) would make for a seat, and one line saying why.

``suggest(view, budget=0.5)`` runs the hard search at its default number of worlds,
stopped after ``budget`` seconds at most (``iters`` worlds instead, with no time limit,
is deterministic with a ``seed``) and returns a :class:`Hint`.  It only
reads the seat's own view.  It is CPU-bound: a UI calls it from a worker thread.

Cards appear in engine notation (``7d``), which a UI shows in its deck style; a rank
named in words (``only a Horse sweeps it``) comes from ``rank_name``, so that a UI can
use its deck's words (``Cavallo``, ``Queen``); by default the engine's English names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine import CARDS, Move, PlayerView, cards_of
from ..engine.cards import RANK_NAMES, SETTEBELLO
from .common import Counter, last_capturer
from .hard import HardPlayer
from .medium import Assessment, assess


@dataclass(frozen=True)
class Hint:
    move: Move     # one of view.legal
    reason: str    # one line, e.g. "takes the settebello and leaves 9c on the table: ..."
    value: float = 0.0  # the search's estimate of the hand-point difference after this move


def _name(card: int) -> str:
    return "the settebello" if card == SETTEBELLO else str(CARDS[card])


def _list(cards: list[int]) -> str:
    names = [_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _english(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))  # "Ace", "Horse", "7"


def _article(name: str) -> str:
    """``an Ace``, ``an Asso``, ``an 8``, ``a King``, ``a 7``."""
    return f"an {name}" if name[:1] in "AEIOU8" else f"a {name}"


def explain(view: PlayerView, move: Move, counter: Counter | None = None,
            rank_name: Callable[[int], str] | None = None) -> str:
    """One line on what ``move`` does and what it leaves the next player.

    ``rank_name`` names a rank in words (default: the engine's English names).
    """
    rank_name = rank_name or _english
    counter = counter or Counter(view)
    a: Assessment = assess(view, move, counter)
    captured = sorted(int(c) for c in move.capture)
    if a.scopa:
        sweep = "an escoba" if view.rules.variant_info.sweep_name == "escoba" else "a scopa"
        what = f"sweeps the table with {move.card} ({sweep})"
        if SETTEBELLO in captured or int(move.card) == SETTEBELLO:
            what += " and takes the settebello"
        return what
    if move.mask:
        what = f"{move.card} takes {_list(captured)}"
        if int(move.card) == SETTEBELLO:
            what = f"plays the settebello to take {_list(captured)}"
    else:
        what = f"lays {_name(int(move.card))}"
        if len(view.legal) and all(not m.mask for m in view.legal):
            what += " (nothing can be taken)"
    left = " ".join(str(c) for c in cards_of(a.after))
    if a.last_play:
        if not a.after:
            return what + ": the last card of the hand"
        last = view.side if move.mask else last_capturer(view)
        taker = "you" if last == view.side else ("nobody" if last < 0 else "the side that captured last")
        return f"{what}: last card of the hand, the {left} left on the table go to {taker}"
    if not a.after:
        return what + ": the table is left empty"
    if a.sweep_rank == 0:
        return f"{what} and leaves {left}: no single card can sweep it"
    unseen = counter.unseen_of_rank(a.sweep_rank)
    if unseen == 0:
        return f"{what} and leaves {left}: no unseen card sweeps it"
    if a.p_sweep >= 0.995:
        return (f"{what} and leaves {left}: the next player sweeps it with {_article(rank_name(a.sweep_rank))}, "
                "but every move risks more")
    return (f"{what} and leaves {left}: only {_article(rank_name(a.sweep_rank))} sweeps it "
            f"({unseen} still unseen, {round(100 * a.p_sweep)}% the next player has one)")


def suggest(view: PlayerView, budget: float = 0.5, iters: int | None = None, seed: int | None = None,
            rank_name: Callable[[int], str] | None = None) -> Hint:
    """The hard AI's move for this view and why, in one line.

    ``budget`` caps the search in seconds; ``iters`` (worlds) replaces it when given;
    ``rank_name`` names ranks in the reason (see :func:`explain`).
    """
    if not view.legal:
        raise ValueError("no move to suggest: it is not this seat's turn")
    player = HardPlayer(seed, time=0 if iters else budget, iters=iters)  # 0: no clock at all
    ranked = player.evaluate(view)
    move, value = ranked[0]
    return Hint(move, explain(view, move, rank_name=rank_name), value)
