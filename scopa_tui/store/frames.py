"""A recorded game as a list of frames, one per step, for the replay viewer.

Pure Python over the engine: the record is replayed (its own deals, so records from any
implementation work) and a :class:`Frame` is taken at every deal, play, hand end and the
game's end, holding everything the viewer shows: every hand face up, the table, what the
play took, the capture piles, the scores and, at a hand's end, its scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Callable, overload

from ..engine import Dealt, GameEnded, HandEnded, HandScore, Played, Redealt, Rules
from ..engine import record as records
from ..engine.cards import COINS_MASK
from ..engine.text import _, ngettext
from ..engine.view import keep_places
from ..engine.words import shown_name, side_name, side_score
from .words import deal_sweep_text

HUMAN = "You"  # the human player's seat name in the records scopa-tui writes (ui/config.py)


class Words:
    """What a step says, put into words in the player's language each time it is shown
    (a language changed while the replay is open shows at once)."""

    def __init__(self, render: Callable[[], str]) -> None:
        self._render = render

    def __str__(self) -> str:
        return self._render()


def display_name(name: str) -> str:
    """A seat's name as the player reads it: the human seat's "You" in their language."""
    return _("You") if name == HUMAN else name


def display_side(name: str) -> str:
    """A side's name as the record's seat names make it ("You & Carla", see
    ``side_names`` in :func:`build`) as the player reads it: "Tu e Carla"."""
    return side_name(display_name(n) for n in name.split(" & "))


@dataclass(frozen=True)
class Pile:
    cards: int
    coins: int
    scope: int


@dataclass(frozen=True)
class Frame:
    kind: str  # "deal", "redeal", "play", "hand_end", "game_end"
    hand: int
    dealer: int
    words: Words  # what happened, in words (cards as "7d": the viewer shows them in its deck style)
    hands: tuple[tuple[int, ...], ...]  # every seat's hand after this step
    table: tuple[int, ...]  # the table before a play (the play shows on it), after anything else,
    # its cards in the places the game laid them (:func:`keep_places`)
    played: int | None = None
    seat: int | None = None
    captured: tuple[int, ...] = ()
    scopa: bool = False
    piles: tuple[Pile, ...] = ()
    totals: tuple[int, ...] = ()
    stock: int = 0
    score: HandScore | None = None
    move: int = 0  # the number of this play within its hand (0 for other steps)

    @property
    def text(self) -> str:
        """What happened, in the player's language now."""
        return str(self.words)


@dataclass
class ReplayGame:
    """One game of a record, ready to step through."""

    frames: list[Frame]
    names: list[str]  # per seat
    side_names: list[str]
    players: int
    target: int
    deck_style: str
    finished: bool
    winner: int | None
    meta: dict[str, Any] = field(default_factory=dict)
    rules: Rules | None = None  # the game's rules: its variant and house rules (the help says them)

    @property
    def sweep_name(self) -> str:
        """What a sweep is called in the game's variant: scopa; Escoba's escoba."""
        return self.rules.variant_info.sweep_name if self.rules is not None else "scopa"

    def hand_starts(self) -> list[int]:
        """Index of the first frame of each hand."""
        return [i for i, f in enumerate(self.frames) if i == 0 or f.hand != self.frames[i - 1].hand]


def _seat_names(players: int, meta: dict[str, Any], names: list[str] | None) -> list[str]:
    """Each seat's name, from the history's row or the record's ``scopa_tui`` object, as it may
    be shown (:func:`shown_name`: a name from a file may hold what the terminal would obey, ESC
    or BEL, and be of any length)."""
    for candidate in (names, meta.get("names")):
        if isinstance(candidate, list) and len(candidate) == players and all(isinstance(n, str) for n in candidate):
            return [shown_name(n) or f"Seat {s + 1}" for s, n in enumerate(candidate)]
    return [f"Seat {s + 1}" for s in range(players)]  # data, like a name in a record


def build(rg: records.RecordGame, names: list[str] | None = None) -> ReplayGame:
    """Frames of one parsed game; raises :class:`RecordError` when it does not replay."""
    rules = rg.rules
    start = rg.start
    meta = start.get("scopa_tui") if isinstance(start.get("scopa_tui"), dict) else {}
    seat_names = _seat_names(rules.players, meta, names)
    side_names = [" & ".join(seat_names[s] for s in seats) for seats in rules.sides]
    frames: list[Frame] = []
    sweep = rules.variant_info.sweep_name

    game = records.new_game(rg, side_names=side_names)
    places: list[int | None] = []  # the table's cards where the game shows them (keep_places)

    def laid() -> tuple[int, ...]:
        return tuple(c for c in places if c is not None)

    def piles() -> tuple[Pile, ...]:
        s = game.state
        if s is None:
            return ()
        # After a hand's last play the engine has already put the cards left on the table
        # into the last capturer's pile: they count there from the hand's end, not while the
        # step still shows them on the table.
        on_table = s.table
        return tuple(Pile((p & ~on_table).bit_count(), (p & ~on_table & COINS_MASK).bit_count(), s.scope[i])
                     for i, p in enumerate(s.piles))

    def hands() -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(game.hand_of(p)) for p in range(rules.players))

    def on_event(ev) -> None:
        s = game.state
        if isinstance(ev, Redealt):
            frames.append(Frame("redeal", ev.hand, ev.dealer, _redealt(ev.hand, ev.table, seat_names[ev.dealer]),
                                tuple(() for _seat in range(rules.players)), tuple(ev.table),
                                piles=tuple(Pile(0, 0, 0) for _side in rules.sides),  # a hand not begun
                                totals=tuple(game.totals)))
        elif isinstance(ev, Dealt):
            text = (_dealt(ev.hand, seat_names[ev.dealer], ev.table, ev.escobas,
                           len(ev.hands[ev.dealer]) if ev.hands else 3)
                    if ev.first else _new_cards(ev.stock))
            if ev.first:  # a new table, in the order it was dealt (Escoba's taken at once: none)
                places[:] = game.table
            frames.append(Frame("deal", ev.hand, ev.dealer, text,
                                tuple(tuple(h) for h in ev.hands) if ev.first else hands(), laid(),
                                piles=piles(), totals=tuple(game.totals), stock=ev.stock))
        elif isinstance(ev, Played):
            text = _played(seat_names[ev.seat], ev.card, ev.capture, ev.scopa, sweep)
            move = sum(1 for f in frames if f.kind == "play" and f.hand == ev.hand) + 1
            frames.append(Frame("play", ev.hand, game.dealer, text, hands(), laid(),
                                played=ev.card, seat=ev.seat, captured=tuple(ev.capture), scopa=ev.scopa,
                                piles=piles(), totals=tuple(game.totals), stock=len(s.stock), move=move))
            places[:] = keep_places(places, ev.table)
        elif isinstance(ev, HandEnded):
            score = ev.score
            frames.append(Frame("hand_end", score.hand, game.dealer, _scored(score.hand, side_names, score.points),
                                hands(), tuple(score.leftover), piles=piles(), totals=tuple(score.totals),
                                score=score))
        elif isinstance(ev, GameEnded):
            frames.append(Frame("game_end", game.hand_no, game.dealer,
                                _won([seat_names[s] for s in rules.sides[ev.winner]], side_names, ev.totals),
                                hands(), (),
                                piles=piles(), totals=tuple(ev.totals)))  # the piles as the last hand scored them

    game.subscribe(on_event)
    records.replay(rg, game=game)  # checks every line: raises RecordError naming a bad one
    return ReplayGame(frames, seat_names, side_names, rules.players, rules.target, rules.deck_style,
                      game.is_over, game.winner, meta, rules)


# What each step says (the cards as notation, "7d"; the viewer draws them in its deck style).
def _cards(cards) -> str:
    return " ".join(map(str, cards))


def _redealt(hand: int, table, dealer: str) -> Words:
    def render() -> str:
        if dealer == HUMAN:
            return _("Hand {hand}: three Kings on the table ({cards}): You deal again").format(
                hand=hand, cards=_cards(table))
        # TRANSLATORS: the replay; {cards} are the table's cards, {name} the dealer.
        return _("Hand {hand}: three Kings on the table ({cards}): {name} deals again").format(
            hand=hand, cards=_cards(table), name=dealer)
    return Words(render)


def _dealt(hand: int, dealer: str, table, escobas: int = 0, each: int = 3) -> Words:
    """A hand's first deal: ``each`` cards to every player and ``table`` to the table (Scopone
    deals 10 each and none, or 9 each and 4)."""
    def render() -> str:
        you = dealer == HUMAN
        if table and you:
            text = ngettext("Hand {hand}: You deal {n} card each and {table} to the table",
                            "Hand {hand}: You deal {n} cards each and {table} to the table", each)
        elif table:
            # TRANSLATORS: the replay's first step of a hand: {n} cards to each player, {table} to the table.
            text = ngettext("Hand {hand}: {name} deals {n} card each and {table} to the table",
                            "Hand {hand}: {name} deals {n} cards each and {table} to the table", each)
        elif you:
            text = ngettext("Hand {hand}: You deal {n} card each and none to the table",
                            "Hand {hand}: You deal {n} cards each and none to the table", each)
        else:
            # TRANSLATORS: the replay's first step of a hand of Scopone: the whole deck to the players.
            text = ngettext("Hand {hand}: {name} deals {n} card each and none to the table",
                            "Hand {hand}: {name} deals {n} cards each and none to the table", each)
        text = text.format(hand=hand, name=dealer, n=each, table=len(table))
        if escobas:  # Escoba: the table dealt went to the dealer; the step shows it empty
            said = deal_sweep_text(sum(c.rank for c in table), escobas, None if dealer == HUMAN else dealer)
            text += f". {said} ({_cards(table)})"
        return text
    return Words(render)


def _new_cards(stock: int) -> Words:
    return Words(lambda: ngettext("New cards: 3 to each player, {n} left in the stock",
                                  "New cards: 3 to each player, {n} left in the stock", stock).format(n=stock))


def _played(who: str, card, capture, scopa: bool, sweep: str = "scopa") -> Words:
    def render() -> str:
        you = who == HUMAN
        if not capture:
            message = _("You played {card} on the table") if you else _("{name} played {card} on the table")
        elif scopa and sweep != "scopa":  # Escoba's sweep: "... — escoba!", the rules' word
            message = _("You played {card} and took {cards}") if you else _("{name} played {card} and took {cards}")
            return _("{play} — {sweep}!").format(play=message.format(name=who, card=card, cards=_cards(capture)),
                                                 sweep=sweep)
        elif scopa:
            message = (_("You played {card} and took {cards} — scopa!") if you
                       else _("{name} played {card} and took {cards} — scopa!"))
        else:
            message = _("You played {card} and took {cards}") if you else _("{name} played {card} and took {cards}")
        return message.format(name=who, card=card, cards=_cards(capture))
    return Words(render)


def _scored(hand: int, sides: list[str], points) -> Words:
    def render() -> str:
        pts = ", ".join(side_score(display_side(sides[i]), f"+{p}") for i, p in enumerate(points))
        # TRANSLATORS: the replay; {points} is e.g. "You: +3, Anna: +1".
        return _("Hand {hand} scored — {points}").format(hand=hand, points=pts)
    return Words(render)


def _won(winners: list[str], sides: list[str], totals) -> Words:
    """The game's last step: ``winners`` are the record's names of the winning side's seats
    (a team is said as one, as the game screen says it: "Team Anna & Carla won")."""
    def render() -> str:
        # parted as the hand's points are ("You: 3, Anna: 11"): the sides of partners are named
        # with the language's "and", and a name may end in a digit ("AI 3: 11")
        final = ", ".join(side_score(display_side(sides[i]), t) for i, t in enumerate(totals))
        if HUMAN in winners:
            if len(winners) == 1:
                return _("You won the game — {totals}").format(totals=final)
            # TRANSLATORS: the replay's last step: the player's team won; {totals} every side's points.
            return _("Your team won the game — {totals}").format(totals=final)
        if len(winners) > 1:
            # TRANSLATORS: the replay's last step: {team} names the players of a team ("Anna & Carla").
            return _("Team {team} won the game — {totals}").format(team=display_side(" & ".join(winners)),
                                                                   totals=final)
        # TRANSLATORS: {name} is a player; {totals} every side's points.
        return _("{name} won the game — {totals}").format(name=display_name(winners[0]), totals=final)
    return Words(render)


class ReplayGames(Sequence[ReplayGame]):
    """The games of a record file, each one's frames built when it is first shown, and only
    the last few kept: an export of thousands of games took a minute and gigabytes before
    the replay's first frame, every step of every game built at once."""

    KEPT = 8  # games whose frames stay built ([ and ] back and forth)

    def __init__(self, lines: list[str], spans: list[tuple[int, int]], names: list[str] | None,
                 cut: int | None = None) -> None:
        self._lines, self._spans, self._names = lines, spans, names  # each game's first and last line
        self.cut = cut  # the file's last line, cut while it was written and left out (None: none)
        self._built: dict[int, ReplayGame] = {}

    def __len__(self) -> int:
        return len(self._spans)

    @overload
    def __getitem__(self, index: int) -> ReplayGame: ...

    @overload
    def __getitem__(self, index: slice) -> list[ReplayGame]: ...

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]  # IndexError past the end; -1 the last
        game = self._built.pop(index, None)
        if game is None:
            first, last = self._spans[index]
            (rg,) = records.iter_games(self._lines[first - 1:last], first_line=first)
            game = build(rg, self._names)
        self._built[index] = game  # the newest last
        while len(self._built) > self.KEPT:
            del self._built[next(iter(self._built))]
        return game


def load_text(text: str, names: list[str] | None = None) -> ReplayGames:
    """Every game of a record file's text; raises :class:`RecordError` naming the line.

    Each game is checked here, its form and its replay by the engine, one at a time; its
    frames are built when the viewer shows it (:class:`ReplayGames`).  A last line cut while
    it was written is left out (its number: ``ReplayGames.cut``), the lines before it replayed;
    where they are no game to replay (a game_start alone), the error is the cut line's."""
    lines = text.split("\n")  # as records.iter_games splits it
    cut = records.cut_line(text)
    if cut is not None:
        try:
            return ReplayGames(lines[:-1], _spans(lines[:-1]), names, cut)
        except records.RecordError:
            _spans(lines)  # raises at the cut line ("not valid JSON") where the lines before are whole
            raise
    return ReplayGames(lines, _spans(lines), names)


def _spans(lines: list[str]) -> list[tuple[int, int]]:
    """Each game's first and last line, its form and its replay checked."""
    spans = []
    for rg in records.iter_games(lines):
        records.replay(rg)  # raises RecordError naming a bad line
        spans.append((rg.lines[0][0], rg.lines[-1][0]))
    return spans
