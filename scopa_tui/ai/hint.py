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
from ..engine.core import rule_of
from ..engine.words import either
from ..engine.text import _, language, ngettext, npgettext, pgettext
from .common import Counter, last_capture_seat, taker_ranks
from .hard import HardPlayer
from .medium import Assessment, assess


@dataclass(frozen=True)
class Hint:
    move: Move     # one of view.legal
    reason: str    # one line, e.g. "takes the settebello and leaves 9c on the table: ..."
    value: float = 0.0  # the search's estimate of the hand-point difference after this move


def _name(card: int, velo: bool = False) -> str:
    """A card as a hint names it: the 7 of coins by the point it scores, Escoba's velo or
    Scopa's settebello (README.md, "Playing")."""
    if card == SETTEBELLO:
        return _("the velo") if velo else _("the settebello")
    return str(CARDS[card])


def _escoba(view: PlayerView) -> bool:
    """Whether the game is Escoba: its sweep is an escoba, its 7 of coins the velo."""
    return view.rules.variant_info.sweep_name == "escoba"


def _list(cards: list[int], velo: bool = False) -> str:
    return _join([_name(c, velo) for c in cards])


def _join(names: list[str]) -> str:
    """Names as a list in words: "3c, 4s and 7d"."""
    if len(names) <= 1:
        return "".join(names)
    # TRANSLATORS: the last two of a list of cards: "3c, 4s and 7d" ({first} may hold several, with commas).
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def _english(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))  # "Ace", "Horse", "7"


# The rank words of the decks (their names in every language: README.md, "Languages")
# that take a feminine article where the language has one: "una Donna", "une Dame".
FEMININE_RANKS = frozenset({"Donna", "Dame", "Sota", "Jota", "Reina", "Reyna"})


def _article(name: str) -> str:
    """A card of this rank: ``an Ace``, ``a King``, ``un Cavallo``, ``una Donna``, ``isang Hari``."""
    if language() == "en":
        return f"an {name}" if name[:1] in "AEIOU8" else f"a {name}"
    if name in FEMININE_RANKS:
        # TRANSLATORS: one card of a rank whose name is feminine (Donna, Dame, Sota, Jota, Reina).
        return pgettext("feminine rank", "a {rank}").format(rank=name)
    # TRANSLATORS: one card of a rank: a number, or a name such as Asso, Cavallo, Re, Valet, Caballo.
    return pgettext("rank", "a {rank}").format(rank=name)


def _what(view: PlayerView, move: Move, a: Assessment, captured: list[int]) -> str:
    """What ``move`` does, as a clause whose subject is the card played (one form for every
    hint line): ``7d takes 3c and 4s``, ``5s goes on the table``."""
    card = int(move.card)
    velo = _escoba(view)
    if a.scopa:  # Escoba's sweep is an escoba, and its 7 of coins the velo
        if card == SETTEBELLO:  # the card that scores is the one played: named, not taking itself
            return (_("the velo sweeps the table (an escoba)") if velo
                    else _("the settebello sweeps the table (a scopa)"))
        if SETTEBELLO in captured:
            return (_("{card} sweeps the table (an escoba) and takes the velo") if velo
                    else _("{card} sweeps the table (a scopa) and takes the settebello")).format(card=move.card)
        return (_("{card} sweeps the table (an escoba)") if velo
                else _("{card} sweeps the table (a scopa)")).format(card=move.card)
    if move.mask:
        if card == SETTEBELLO:
            return (_("the velo takes {cards}") if velo
                    else _("the settebello takes {cards}")).format(cards=_list(captured, velo))
        return _("{card} takes {cards}").format(card=move.card, cards=_list(captured, velo))
    if len(view.legal) and all(not m.mask for m in view.legal):
        return _("{card} goes on the table (nothing can be taken)").format(card=_name(card, velo))
    return _("{card} goes on the table").format(card=_name(card, velo))


def explain(view: PlayerView, move: Move, counter: Counter | None = None,
            rank_name: Callable[[int], str] | None = None,
            seat_name: Callable[[int], str] | None = None) -> str:
    """One line on what ``move`` does and what it leaves the next player, in the player's
    language: each line is one message, with what the move does as its ``{move}`` field.

    ``rank_name`` names a rank in words (default: the engine's English names);
    ``seat_name`` names a seat ("Bruno"), so that the last card's line says who takes the
    cards left on the table (without it: "the side that captured last").
    """
    rank_name = rank_name or _english
    counter = counter or Counter(view)
    a: Assessment = assess(view, move, counter)
    captured = sorted(int(c) for c in move.capture)
    what = _what(view, move, a, captured)
    if a.scopa:
        return what
    left_cards = cards_of(a.after)
    left = _join([str(c) for c in left_cards])  # "4c, 6b and 9s", a list as the sentence says it
    if a.last_play:
        if not a.after:
            # TRANSLATORS: {move} says what the move does, e.g. "7d takes 3c and 4s".
            return _("{move}: the last card of the hand").format(move=what)
        seat = view.seat if move.mask else last_capture_seat(view)  # who takes what is left
        last = view.rules.side_of(seat) if seat >= 0 else -1
        n = len(left_cards)  # one card left "goes", more "go"
        if seat == view.seat or (last == view.side and seat_name is None):
            line = ngettext("{move}: last card of the hand, the {left} left on the table goes to you",
                            "{move}: last card of the hand, the {left} left on the table go to you", n)
        elif last < 0:
            line = ngettext("{move}: last card of the hand, the {left} left on the table goes to nobody",
                            "{move}: last card of the hand, the {left} left on the table go to nobody", n)
        elif seat_name is not None:  # the player who captured last, a partner too (README.md, Playing)
            # TRANSLATORS: {name} is the player who captured last this hand ("Bruno"), who takes
            # the cards left on the table; {left} are those cards.
            line = ngettext("{move}: last card of the hand, the {left} left on the table goes to {name}",
                            "{move}: last card of the hand, the {left} left on the table go to {name}", n)
            return line.format(move=what, left=left, name=seat_name(seat))
        else:
            line = ngettext("{move}: last card of the hand, the {left} left on the table goes to the side that "
                            "captured last",
                            "{move}: last card of the hand, the {left} left on the table go to the side that "
                            "captured last", n)
        return line.format(move=what, left=left)
    if not a.after:  # and no scopa: Scopa d'Assi's Ace taking the whole table (README.md, Variants)
        # TRANSLATORS: {move} is an Ace taking every card on the table, e.g. "1s takes 2b and 6b".
        return _("{move}: the table is left empty, but an Ace taking it all is no scopa").format(move=what)
    # A sweep is an escoba in Escoba (README.md, "Variants and house rules"): each line that
    # says who sweeps has Escoba's message too (context "escoba"), for a language that names it.
    escoba = _escoba(view)
    if a.sweep_rank == 0:
        if escoba:
            # TRANSLATORS: as the plain message, in Escoba (context "escoba"), where a sweep is
            # an escoba: Italian "fa escoba", not "fa scopa". A language whose words do not
            # name the game's sweep writes it as the plain message.
            line = pgettext("escoba", "{move} and leaves {left}: no single card can sweep it")
        else:
            line = _("{move} and leaves {left}: no single card can sweep it")
        return _exposed(line.format(move=what, left=left), view, move, what, left, a, counter, rank_name)
    unseen = counter.unseen_of_rank(a.sweep_rank)
    if unseen == 0:
        if escoba:
            # TRANSLATORS: as the plain message, in Escoba (context "escoba"), where a sweep is an escoba.
            line = pgettext("escoba", "{move} and leaves {left}: no unseen card sweeps it")
        else:
            line = _("{move} and leaves {left}: no unseen card sweeps it")
        return _exposed(line.format(move=what, left=left), view, move, what, left, a, counter, rank_name)
    card = _article(rank_name(a.sweep_rank))
    if a.p_sweep >= 0.995:
        if escoba:
            # TRANSLATORS: as the plain message, in Escoba (context "escoba"), where a sweep is an escoba.
            line = pgettext("escoba", "{move} and leaves {left}: the next player sweeps it with {card}, but "
                                      "every move risks more")
        else:
            # TRANSLATORS: {card} is one card of the rank that sweeps, e.g. "a Horse", "un Cavallo".
            line = _("{move} and leaves {left}: the next player sweeps it with {card}, but every move risks more")
        return line.format(move=what, left=left, card=card)
    if escoba:
        # TRANSLATORS: as the plain message, in Escoba (context "escoba"), where a sweep is an escoba.
        line = npgettext("escoba", "{move} and leaves {left}: only {card} sweeps it ({n} still unseen, "
                                   "{percent}% the next player has one)",
                         "{move} and leaves {left}: only {card} sweeps it ({n} still unseen, "
                         "{percent}% the next player has one)", unseen)
    else:
        # TRANSLATORS: {card} is one card of the rank that sweeps ("a Horse"); {n} how many of that
        # rank nobody has seen yet; {percent} the chance that the next player holds one.
        line = ngettext("{move} and leaves {left}: only {card} sweeps it ({n} still unseen, "
                        "{percent}% the next player has one)",
                        "{move} and leaves {left}: only {card} sweeps it ({n} still unseen, "
                        "{percent}% the next player has one)", unseen)
    line = line.format(move=what, left=left, card=card, n=unseen, percent=round(100 * a.p_sweep))
    return _exposed(line, view, move, what, left, a, counter, rank_name, sweeper=a.sweep_rank)


def _exposed(line: str, view: PlayerView, move: Move, what: str, left: str, a: Assessment,
             counter: Counter, rank_name: Callable[[int], str] = _english, sweeper: int = 0) -> str:
    """``line``, unless the 7 of coins (Scopa's settebello, Escoba's velo) stays on the table
    where a card nobody has seen yet can take it, by the variant's capture rule (a 7, or a
    card its sum with other table cards makes; in Escoba a card making 15 with it and other
    table cards): the line says so (a table no card sweeps is no safe one then).

    ``sweeper`` is the rank the line says sweeps the table (and the 7 of coins with it): a
    line naming every card that takes it needs no more words; otherwise the line stays whole,
    even when the move laid the 7 of coins, and the cards that take it are counted after it."""
    if not a.after >> SETTEBELLO & 1:
        return line
    takers = taker_ranks(SETTEBELLO, a.after, counter.unseen, rule_of(view.rules))
    if not takers or takers == [sweeper]:
        return line
    n = sum(counter.unseen_of_rank(r) for r in takers)
    laid = int(move.card) == SETTEBELLO and not sweeper  # laid now: the risk is the whole story
    velo = _escoba(view)
    if takers == [7] and not velo:
        if laid:  # (the line stays short)
            # TRANSLATORS: {move} is "the settebello goes on the table"; {n} how many 7s nobody has seen yet.
            return ngettext("{move} and leaves {left}: a 7 can take it ({n} still unseen)",
                            "{move} and leaves {left}: a 7 can take it ({n} still unseen)",
                            n).format(move=what, left=left, n=n)
        # TRANSLATORS: {line} is the hint's line ("4c takes 1s and 3b and leaves 7d and 9c: no
        # single card can sweep it"); {n} how many 7s nobody has seen yet.
        return ngettext("{line}, but a 7 takes the settebello ({n} still unseen)",
                        "{line}, but a 7 takes the settebello ({n} still unseen)", n).format(line=line, n=n)
    if len(takers) > MOST_TAKERS or sweeper:  # after a line that says who sweeps: counted too
        return _many_take(line, velo, laid, what, left, n)
    cards = either(_article(rank_name(r)) for r in takers)
    if laid:
        # TRANSLATORS: {move} is "the settebello goes on the table" (in Escoba "the velo goes on the
        # table"); {cards} the cards that could take it, "a 7 or a Jack" (a Jack by the sum of an
        # Ace and the 7); {n} how many of them nobody has seen yet.
        return ngettext("{move} and leaves {left}: {cards} can take it ({n} still unseen)",
                        "{move} and leaves {left}: {cards} can take it ({n} still unseen)",
                        n).format(move=what, left=left, cards=cards, n=n)
    if velo:
        # TRANSLATORS: as the message with "the settebello", in Escoba, whose 7 of coins is the velo
        # (README.md, "Playing"): {cards} the cards that make 15 with it and other table cards,
        # "an Ace or a Sota" (a Sota with it alone, an Ace with it and another 7); {n} how many of
        # them nobody has seen yet.
        return ngettext("{line}, but {cards} can take the velo ({n} still unseen)",
                        "{line}, but {cards} can take the velo ({n} still unseen)",
                        n).format(line=line, cards=cards, n=n)
    # TRANSLATORS: {line} is the hint's line ("4c takes 3b and leaves 1s, 7d and 9c: no single
    # card can sweep it"); {cards} the cards that could take the settebello, "a 7 or a Jack"
    # (a Jack by 1s + 7d); {n} how many of them nobody has seen yet.
    return ngettext("{line}, but {cards} can take the settebello ({n} still unseen)",
                    "{line}, but {cards} can take the settebello ({n} still unseen)",
                    n).format(line=line, cards=cards, n=n)


MOST_TAKERS = 3  # ranks named as taking the 7 of coins; more are counted (the line fits the prompt's rows)


def _many_take(line: str, velo: bool, laid: bool, what: str, left: str, n: int) -> str:
    """:func:`_exposed`'s warning where more than :data:`MOST_TAKERS` ranks take the 7 of coins:
    how many unseen cards do, not "an Ace, a 2, a 3, … or a Jack", which pushed the line past
    the prompt's four rows at 80×24 (widgets/prompt.py)."""
    if laid:
        # TRANSLATORS: {move} is "the settebello goes on the table" (in Escoba "the velo goes on
        # the table"); {n} how many unseen cards could take it (of more than three ranks).
        return ngettext("{move} and leaves {left}: {n} unseen card can take it",
                        "{move} and leaves {left}: {n} unseen cards can take it", n).format(move=what, left=left, n=n)
    if velo:
        # TRANSLATORS: as the message with "the settebello", in Escoba, whose 7 of coins is the velo.
        return ngettext("{line}, but {n} unseen card can take the velo",
                        "{line}, but {n} unseen cards can take the velo", n).format(line=line, n=n)
    # TRANSLATORS: {line} is the hint's line ("2d goes on the table and leaves 1s, 2d, 3b and
    # 7d: no single card can sweep it"); {n} how many unseen cards could take the settebello
    # (of more than three ranks).
    return ngettext("{line}, but {n} unseen card can take the settebello",
                    "{line}, but {n} unseen cards can take the settebello", n).format(line=line, n=n)


def best(view: PlayerView, budget: float, iters: int | None, seed: int | None) -> tuple[Move, float]:
    """The hard search's move for this view and its value: no words, so that a process of
    its own can run it (:mod:`.searchproc`)."""
    player = HardPlayer(seed, time=0 if iters else budget, iters=iters)  # 0: no clock at all
    return player.best(view)


def suggest(view: PlayerView, budget: float = 0.5, iters: int | None = None, seed: int | None = None,
            rank_name: Callable[[int], str] | None = None, run: Callable | None = None,
            seat_name: Callable[[int], str] | None = None) -> Hint:
    """The hard AI's move for this view and why, in one line.

    ``budget`` caps the search in seconds; ``iters`` (worlds) replaces it when given;
    ``rank_name`` and ``seat_name`` name ranks and seats in the reason (see :func:`explain`);
    ``run(fn, *args)`` runs the search (e.g. :meth:`.searchproc.SearchProcess.run`; by
    default here).
    """
    if not view.legal:
        raise ValueError(_("no move to suggest: it is not this seat's turn"))
    move, value = (run or _here)(best, view, budget, iters, seed)
    return Hint(move, explain(view, move, rank_name=rank_name, seat_name=seat_name), value)


def _here(fn: Callable, *args):
    return fn(*args)
