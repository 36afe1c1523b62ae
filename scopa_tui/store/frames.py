"""A recorded game as a list of frames, one per step, for the replay viewer.

Pure Python over the engine: the record is replayed (its own deals, so records from any
implementation work) and a :class:`Frame` is taken at every deal, play, hand end and the
game's end, holding everything the viewer shows: every hand face up, the table, what the
play took, the capture piles, the scores and, at a hand's end, its scoring.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine import Dealt, GameEnded, HandEnded, HandScore, Played, Redealt
from ..engine import record as records
from ..engine.cards import COINS_MASK


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
    text: str  # what happened, in words (cards as "7d": the viewer shows them in its deck style)
    hands: tuple[tuple[int, ...], ...]  # every seat's hand after this step
    table: tuple[int, ...]  # the table before a play (the play shows on it), after anything else
    played: int | None = None
    seat: int | None = None
    captured: tuple[int, ...] = ()
    scopa: bool = False
    piles: tuple[Pile, ...] = ()
    totals: tuple[int, ...] = ()
    stock: int = 0
    score: HandScore | None = None
    move: int = 0  # the number of this play within its hand (0 for other steps)


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

    def hand_starts(self) -> list[int]:
        """Index of the first frame of each hand."""
        return [i for i, f in enumerate(self.frames) if i == 0 or f.hand != self.frames[i - 1].hand]


def _verb(name: str, verb: str) -> str:
    """``deals`` for a name, ``deal`` for "You"."""
    return verb[:-1] if name == "You" else verb


def _seat_names(players: int, meta: dict[str, Any], names: list[str] | None) -> list[str]:
    for candidate in (names, meta.get("names")):
        if isinstance(candidate, list) and len(candidate) == players and all(isinstance(n, str) for n in candidate):
            return list(candidate)
    return [f"Seat {s + 1}" for s in range(players)]


def build(rg: records.RecordGame, names: list[str] | None = None) -> ReplayGame:
    """Frames of one parsed game; raises :class:`RecordError` when it does not replay."""
    rules = rg.rules
    start = rg.start
    meta = start.get("scopa_tui") if isinstance(start.get("scopa_tui"), dict) else {}
    seat_names = _seat_names(rules.players, meta, names)
    side_names = [" & ".join(seat_names[s] for s in seats) for seats in rules.sides]
    frames: list[Frame] = []

    game = records.new_game(rg, side_names=side_names)
    table_before: list[tuple[int, ...]] = [()]

    def piles() -> tuple[Pile, ...]:
        s = game.state
        if s is None:
            return ()
        return tuple(Pile(p.bit_count(), (p & COINS_MASK).bit_count(), s.scope[i]) for i, p in enumerate(s.piles))

    def hands() -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(game.hand_of(p)) for p in range(rules.players))

    def on_event(ev) -> None:
        s = game.state
        if isinstance(ev, Redealt):
            frames.append(Frame("redeal", ev.hand, ev.dealer,
                                f"Hand {ev.hand}: three Kings on the table ({' '.join(map(str, ev.table))}): "
                                f"{seat_names[ev.dealer]} {_verb(seat_names[ev.dealer], 'deals')} again",
                                tuple(() for _ in range(rules.players)), tuple(ev.table),
                                totals=tuple(game.totals)))
        elif isinstance(ev, Dealt):
            if ev.first:
                text = (f"Hand {ev.hand}: {seat_names[ev.dealer]} {_verb(seat_names[ev.dealer], 'deals')} "
                        "3 cards each and 4 to the table")
            else:
                text = f"New cards: 3 to each player, {ev.stock} left in the stock"
            frames.append(Frame("deal", ev.hand, ev.dealer, text,
                                tuple(tuple(h) for h in ev.hands) if ev.first else hands(), tuple(game.table),
                                piles=piles(), totals=tuple(game.totals), stock=ev.stock))
            table_before[0] = tuple(game.table)
        elif isinstance(ev, Played):
            who = seat_names[ev.seat]
            if ev.capture:
                text = f"{who} played {ev.card} and took {' '.join(map(str, ev.capture))}"
                if ev.scopa:
                    text += " — scopa!"
            else:
                text = f"{who} played {ev.card} to the table"
            move = sum(1 for f in frames if f.kind == "play" and f.hand == ev.hand) + 1
            frames.append(Frame("play", ev.hand, game.dealer, text, hands(), table_before[0],
                                played=ev.card, seat=ev.seat, captured=tuple(ev.capture), scopa=ev.scopa,
                                piles=piles(), totals=tuple(game.totals), stock=len(s.stock), move=move))
            table_before[0] = tuple(ev.table)
        elif isinstance(ev, HandEnded):
            score = ev.score
            pts = ", ".join(f"{side_names[i]} +{p}" for i, p in enumerate(score.points))
            frames.append(Frame("hand_end", score.hand, game.dealer, f"Hand {score.hand} scored: {pts}",
                                hands(), tuple(score.leftover), piles=piles(), totals=tuple(score.totals),
                                score=score))
        elif isinstance(ev, GameEnded):
            final = "  ".join(f"{side_names[i]} {t}" for i, t in enumerate(ev.totals))
            frames.append(Frame("game_end", game.hand_no, game.dealer,
                                f"{side_names[ev.winner]} won the game: {final}", hands(), (),
                                totals=tuple(ev.totals)))

    game.subscribe(on_event)
    records.replay(rg, game=game)  # checks every line: raises RecordError naming a bad one
    return ReplayGame(frames, seat_names, side_names, rules.players, rules.target, rules.deck_style,
                      game.is_over, game.winner, meta)


def load_text(text: str, names: list[str] | None = None) -> list[ReplayGame]:
    """Every game of a record file's text; raises :class:`RecordError` naming the line."""
    games = records.parse(text)
    out = []
    for rg in games:
        out.append(build(rg, names))
    return out
